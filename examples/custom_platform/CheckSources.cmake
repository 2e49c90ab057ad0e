# example:custom_platform_sources: the same options that select a named kernel select a PTX
# launch record (--launch-record, workload.launch_record) and an Accel-Sim trace (--trace,
# workload.trace) on the hand-assembled GPU too: the launch record's outputs match, a small
# hand-written trace's 7 instruction lines issue once each, a named kernel written as a trace
# (--write-trace) runs with the same statistics as the kernel itself, and the probe's check
# passes on each.
#   cmake -DEXE=<custom_platform> -DRECORD=<tests/ptx/records/vecadd> -DDIR=<dir>
#         -P CheckSources.cmake
cmake_minimum_required(VERSION 3.19)  # string(JSON)
include(${CMAKE_CURRENT_LIST_DIR}/../../cmake/ScriptArgs.cmake)
require_script_args(EXE RECORD DIR)

function(fail)
  message(FATAL_ERROR "custom_platform sources: ${ARGV}")
endfunction()

execute_process(COMMAND ${EXE} --launch-record ${RECORD} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "workload launch record [^\n]*vecadd, policy gto: finished"
   OR NOT out MATCHES "outputs +match the launch record" OR NOT out MATCHES "check passed")
  fail("--launch-record: exit ${rc}: ${out}${err}")
endif()

# The trace of tests/platform/TraceRunTest.cpp's EXIT case: two CTAs, 7 instruction lines.
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR}/trace)
file(WRITE ${DIR}/trace/kernel-1.traceg
     "-grid dim = (2,1,1)\n-block dim = (64,1,1)\n-binary version = 70\n"
     "-accelsim tracer version = 5\n#traces\n"
     "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 4\n"
     "0000 ffffffff 1 R1 MOV 0 0 0\n0010 00000000 0 EXIT 0 0 0\n"
     "0020 0000ffff 0 EXIT 0 0 0\n0030 ffff0000 0 EXIT 0 0 0\n"
     "warp = 1\ninsts = 3\n0000 ffffffff 1 R1 MOV 0 0 0\n0010 0000ffff 0 EXIT 0 0 0\n"
     "0020 ffff0000 1 R2 FADD 2 R1 R1 0 0\n#END_TB\n"
     "#BEGIN_TB\nthread block = 1,0,0\n#END_TB\n")
file(WRITE ${DIR}/trace/kernelslist.g "kernel-1.traceg\n")
foreach(how "--trace;${DIR}/trace" "--set;workload.trace=${DIR}/trace")
  file(REMOVE ${DIR}/s.json)
  execute_process(COMMAND ${EXE} ${how} --stats ${DIR}/s.json RESULT_VARIABLE rc
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "workload trace [^\n]*trace, policy gto: finished"
     OR NOT out MATCHES "check passed")
    fail("${how}: exit ${rc}: ${out}${err}")
  endif()
  file(READ ${DIR}/s.json json)
  string(JSON warp GET "${json}" warp_instructions)
  string(JSON ctas GET "${json}" gpu dispatcher ctas_launched)
  if(NOT warp EQUAL 7 OR NOT ctas EQUAL 2)
    fail("${how}: ${warp} warp instructions (not 7), ${ctas} CTAs (not 2)")
  endif()
endforeach()
# stream written as a trace by this program, then run from the trace: the same statistics.
foreach(run direct traced)
  if(run STREQUAL "direct")
    set(args --workload stream --set workload.size=1 --write-trace ${DIR}/stream)
  else()
    set(args --trace ${DIR}/stream --set workload.size=1)
  endif()
  execute_process(COMMAND ${EXE} ${args} --stats ${DIR}/${run}.json RESULT_VARIABLE rc
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "check passed")
    fail("stream ${run}: exit ${rc}: ${out}${err}")
  endif()
  file(READ ${DIR}/${run}.json json)
  string(JSON gpu_${run} GET "${json}" gpu)
  string(JSON requests_${run} GET "${json}" gpu probe0 requests)
endforeach()
if(requests_direct EQUAL 0 OR NOT gpu_direct STREQUAL gpu_traced)
  fail("stream from its trace: the gpu statistics differ (probe0: ${requests_direct} requests "
       "direct, ${requests_traced} traced)")
endif()
message(STATUS "custom_platform sources: a launch record and a trace ran on the hand-built GPU")
