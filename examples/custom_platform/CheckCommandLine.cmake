# example:custom_platform_options: the hand-assembled GPU takes key=value options from its
# command line (the workload too) and writes the platforms' statistics files; the probe's own
# counters (gpu.probe0) reach them and agree with what L2 slice 0 counted.
#   cmake -DEXE=<custom_platform> -DDIR=<scratch dir> -P CheckStats.cmake
cmake_minimum_required(VERSION 3.19)  # string(JSON)
include(${CMAKE_CURRENT_LIST_DIR}/../../cmake/ScriptArgs.cmake)
require_script_args(EXE DIR)

function(fail)
  message(FATAL_ERROR "custom_platform options: ${ARGV}")
endfunction()

file(MAKE_DIRECTORY ${DIR})
file(REMOVE ${DIR}/s.json ${DIR}/s.csv)
execute_process(COMMAND ${EXE} workload.name=thrash workload.size=2 sched.policy=lrr
                        --stats ${DIR}/s.json --csv ${DIR}/s.csv
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "workload thrash \\(size 2\\), policy lrr: finished")
  fail("exit ${rc}: ${out}${err}")
endif()
file(READ ${DIR}/s.json json)
string(JSON requests GET "${json}" gpu probe0 requests)
string(JSON accesses GET "${json}" gpu l2_0 accesses)
if(requests EQUAL 0 OR NOT requests EQUAL accesses)
  fail("gpu.probe0.requests = ${requests}, gpu.l2_0.accesses = ${accesses}")
endif()
file(READ ${DIR}/s.csv csv)
if(NOT csv MATCHES "\ngpu.probe0.requests,${requests}\n")
  fail("the CSV lacks gpu.probe0.requests,${requests}")
endif()

execute_process(COMMAND ${EXE} workload.name=strem RESULT_VARIABLE rc OUTPUT_QUIET
                ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR NOT err MATCHES "workload.name = 'strem': unknown workload; did you mean: stream")
  fail("workload.name=strem: exit ${rc}: ${err}")
endif()
message(STATUS "custom_platform options: probe0 passed ${requests} requests, slice 0 looked up ${accesses}")
