# example:custom_platform_command_line: the hand-assembled GPU, run through runPlatform, has the
# platforms' command line: another workload and policy with --workload and --sched, the
# statistics files (the probe's own counters, gpu.probe0, in them and agreeing with what L2
# slice 0 counted), its own replacement policy with its own option set with --set (the value
# reaches the policy's instances), its own kernel in --list-workloads, the option in
# --help-config, a bad value refused naming it, an unknown workload with a did-you-mean.
#   cmake -DEXE=<custom_platform> -DDIR=<scratch dir> -P CheckCommandLine.cmake
cmake_minimum_required(VERSION 3.19)  # string(JSON)
include(${CMAKE_CURRENT_LIST_DIR}/../../cmake/ScriptArgs.cmake)
require_script_args(EXE DIR)

function(fail)
  message(FATAL_ERROR "custom_platform command line: ${ARGV}")
endfunction()

# Runs the program with `args`; sets `out`, `err` and `rc` in the caller.
macro(run)
  execute_process(COMMAND ${EXE} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
endmacro()

file(MAKE_DIRECTORY ${DIR})
file(REMOVE ${DIR}/s.json ${DIR}/s.csv)
run(--workload thrash --set workload.size=2 --sched lrr --stats ${DIR}/s.json --csv ${DIR}/s.csv)
if(NOT rc EQUAL 0 OR NOT out MATCHES "workload thrash \\(size 2\\), policy lrr: finished"
   OR NOT out MATCHES "check passed")
  fail("exit ${rc}: ${out}${err}")
endif()
file(READ ${DIR}/s.json json)
string(JSON platform GET "${json}" platform)
string(JSON requests GET "${json}" gpu probe0 requests)
string(JSON accesses GET "${json}" gpu l2_0 accesses)
if(NOT platform STREQUAL "custom_platform" OR requests EQUAL 0 OR NOT requests EQUAL accesses)
  fail("platform ${platform}, gpu.probe0.requests = ${requests}, gpu.l2_0.accesses = ${accesses}")
endif()
file(READ ${DIR}/s.csv csv)
if(NOT csv MATCHES "\ngpu.probe0.requests,${requests}\n")
  fail("the CSV lacks gpu.probe0.requests,${requests}")
endif()

# The program's own policy and kernel: bip.mru_every reaches both L2 slices' instances.
run(--workload tablescan --set workload.size=4 --set l2.replacement=bip --set bip.mru_every=4)
if(NOT rc EQUAL 0 OR NOT out MATCHES "workload tablescan \\(size 4\\), policy gto: finished"
   OR NOT out MATCHES "bip: 2 caches, [1-9][0-9]* of [0-9]+ insertions at MRU \\(bip.mru_every = 4\\)"
   OR NOT out MATCHES "check passed")
  fail("tablescan under bip: exit ${rc}: ${out}${err}")
endif()

run(--help-config)
if(NOT out MATCHES "bip.mru_every \\(uint, default 32\\)\n +bip: one insertion in this many goes in at MRU")
  fail("--help-config does not list bip.mru_every:\n${out}")
endif()
run(--list-workloads)
if(NOT out MATCHES "\ntablescan +example: every CTA reads")
  fail("--list-workloads does not list tablescan:\n${out}")
endif()
run(--help)
if(NOT rc EQUAL 0 OR NOT out MATCHES "--workload" OR NOT out MATCHES "platform custom_platform: ")
  fail("--help: exit ${rc}: ${out}")
endif()
run(--set bip.mru_every=0)
if(NOT rc EQUAL 1 OR NOT err MATCHES "bip.mru_every = '0'")
  fail("bip.mru_every=0: exit ${rc}: ${err}")
endif()
run(--workload strem)
if(NOT rc EQUAL 1 OR NOT err MATCHES "workload.name = 'strem': unknown workload; did you mean: stream")
  fail("--workload strem: exit ${rc}: ${err}")
endif()
message(STATUS "custom_platform command line: probe0 passed ${requests} requests, slice 0 looked up ${accesses}")
