# example:tlm_cosim_stats: tlm_cosim writes the platforms' statistics files (common/RunStats.h);
# the bridges' statistics reach them (gpu.bridgeP) and the DRAM traffic counts their bytes.
#   cmake -DEXE=<tlm_cosim> -DDIR=<scratch dir> -P CheckStats.cmake
cmake_minimum_required(VERSION 3.19)  # string(JSON)
include(${CMAKE_CURRENT_LIST_DIR}/../../cmake/ScriptArgs.cmake)
require_script_args(EXE DIR)

function(fail)
  message(FATAL_ERROR "tlm_cosim stats: ${ARGV}")
endfunction()

file(MAKE_DIRECTORY ${DIR})
execute_process(COMMAND ${EXE} --stats ${DIR}/s.json --csv ${DIR}/s.csv RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  fail("exit ${rc}: ${out}${err}")
endif()
file(READ ${DIR}/s.json json)
string(JSON total GET "${json}" totals dram external_bytes)
string(JSON channels GET "${json}" totals dram channel_bytes)
set(sum 0)
foreach(p RANGE 5)  # fermi's six L2 slices, one bridge each
  string(JSON bytes GET "${json}" gpu bridge${p} external_bytes)
  math(EXPR sum "${sum} + ${bytes}")
endforeach()
if(NOT total EQUAL sum OR sum EQUAL 0 OR NOT channels EQUAL 0)
  fail("totals.dram.external_bytes = ${total}, channel_bytes = ${channels}; the bridges moved ${sum}")
endif()
if(NOT out MATCHES "DRAM traffic +${sum} B .*; ${sum} B to external memory")
  fail("the summary's DRAM traffic line does not count the ${sum} external bytes:\n${out}")
endif()
file(READ ${DIR}/s.csv csv)
if(NOT csv MATCHES "\ngpu.bridge0.external_bytes,[0-9]+\n" OR
   NOT csv MATCHES "\ntotals.dram.external_bytes,${sum}\n")
  fail("the CSV lacks the bridges' bytes or the totals")
endif()

execute_process(COMMAND ${EXE} --stats ${DIR}/s.txt --stats-format accelsim RESULT_VARIABLE rc
                OUTPUT_QUIET ERROR_VARIABLE err)
file(READ ${DIR}/s.txt text)
if(NOT rc EQUAL 0 OR NOT text MATCHES "\ngpu_tot_sim_cycle = [0-9]+\n")
  fail("--stats-format accelsim: exit ${rc}: ${err}")
endif()

execute_process(COMMAND ${EXE} --stats-format xml RESULT_VARIABLE rc OUTPUT_QUIET
                ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR NOT err MATCHES "--stats-format = 'xml'.*allowed: json, accelsim")
  fail("--stats-format xml: exit ${rc}: ${err}")
endif()
message(STATUS "tlm_cosim stats: ${sum} external bytes in the files and the summary")
