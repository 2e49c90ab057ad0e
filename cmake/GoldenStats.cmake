# Golden statistics (tests/golden/stats-hashes.txt): a SHA-256 of the `gpu` and `kernels`
# statistics of every named workload under every scheduler on a platform, at workload.size=4.
# Run metadata (platform, policy, workload names) is left out: only what the model computed.
#
#   cmake -DBIN_DIR=<build>/bin -DFILE=tests/golden/stats-hashes.txt -DMODE=check
#         -DPLATFORM=fermi -P cmake/GoldenStats.cmake
#     runs the platform's workloads under every scheduler and fails, naming each run, when a
#     hash differs from the file's;
#   cmake -DBIN_DIR=<build>/bin -DFILE=tests/golden/stats-hashes.txt -DMODE=write
#         -DPLATFORMS="fermi;owl28;ccws30" -P cmake/GoldenStats.cmake
#     rewrites the file from every platform and scheduler (make update-golden).
cmake_minimum_required(VERSION 3.19)  # string(JSON)

include(${CMAKE_CURRENT_LIST_DIR}/ScriptArgs.cmake)
require_script_args(BIN_DIR FILE MODE)
set(SIZE 4)

# The first column of a --list-* listing.
function(golden_names exe option out)
  execute_process(COMMAND ${exe} ${option} OUTPUT_VARIABLE text RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "golden: ${exe} ${option} failed (${rc})")
  endif()
  string(REGEX MATCHALL "(^|\n)[a-z0-9-]+" names "${text}")
  list(TRANSFORM names STRIP)
  set(${out} ${names} PARENT_SCOPE)
endfunction()

# "<platform> <sched> <workload> <size> <sha256>" for one run.
function(golden_line platform sched workload out)
  set(exe ${BIN_DIR}/warpsim-${platform})
  set(json ${CMAKE_CURRENT_BINARY_DIR}/golden-${platform}-${sched}-${workload}.json)
  execute_process(COMMAND ${exe} --workload ${workload} --sched ${sched}
                          --set workload.size=${SIZE} --stats ${json} --quiet
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "golden: ${platform} ${sched} ${workload}: exit ${rc}: ${err}")
  endif()
  file(READ ${json} text)
  file(REMOVE ${json})
  string(JSON gpu GET "${text}" gpu)
  string(JSON kernels GET "${text}" kernels)
  string(SHA256 hash "${gpu}\n${kernels}")
  set(${out} "${platform} ${sched} ${workload} ${SIZE} ${hash}" PARENT_SCOPE)
endfunction()

# Every named workload under every scheduler of `platform`.
function(golden_run platform out)
  set(exe ${BIN_DIR}/warpsim-${platform})
  golden_names(${exe} --list-workloads workloads)
  golden_names(${exe} --list-policies policies)
  set(lines)
  foreach(sched ${policies})
    foreach(w ${workloads})
      golden_line(${platform} ${sched} ${w} line)
      list(APPEND lines "${line}")
    endforeach()
  endforeach()
  set(${out} ${lines} PARENT_SCOPE)
endfunction()

if(MODE STREQUAL "write")
  set(all)
  foreach(platform ${PLATFORMS})
    golden_run(${platform} lines)
    list(APPEND all ${lines})
    message(STATUS "golden: ${platform}")
  endforeach()
  list(SORT all)
  list(JOIN all "\n" body)
  file(WRITE ${FILE}.tmp "# platform scheduler workload size sha256(gpu, kernels statistics)\n"
                         "# Written by `make update-golden`; a change that moves a line says so "
                         "in its note, with the figures that moved.\n${body}\n")
  file(RENAME ${FILE}.tmp ${FILE})
  list(LENGTH all n)
  message(STATUS "golden: ${n} runs written to ${FILE}")
elseif(MODE STREQUAL "check")
  file(STRINGS ${FILE} expected REGEX "^${PLATFORM} ")
  golden_run(${PLATFORM} lines)
  set(problems)
  foreach(line ${lines})
    if(line IN_LIST expected)
      list(REMOVE_ITEM expected "${line}")
      continue()
    endif()
    string(REGEX REPLACE " [0-9a-f]+$" "" key "${line}")
    set(was ${expected})
    list(FILTER was INCLUDE REGEX "^${key} ")
    if(was)
      list(REMOVE_ITEM expected ${was})
      list(APPEND problems "${key}: statistics moved")
    else()
      list(APPEND problems "${key}: not in the file")
    endif()
  endforeach()
  foreach(line ${expected})
    list(APPEND problems "${line}: in the file, but the platform has no such run")
  endforeach()
  if(problems)
    list(JOIN problems "\n  " text)
    message(FATAL_ERROR "golden statistics (${FILE}) differ:\n  ${text}\nIf the change is on "
                        "purpose, run `make update-golden` and list the figures that moved in "
                        "its note.")
  endif()
  list(LENGTH lines n)
  message(STATUS "golden: ${PLATFORM}: ${n} runs match")
else()
  message(FATAL_ERROR "GoldenStats.cmake: MODE=${MODE}: allowed check, write")
endif()
