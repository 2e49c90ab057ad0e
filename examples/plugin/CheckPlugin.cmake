# example:plugin: warpsim-fermi loads examples/plugin's library with --plugin; its policy, with
# an option of its own, and its kernel then work like built-in ones. A library without
# WARPSIM_PLUGIN, one built for another plugin ABI, a missing one, or one whose registration
# fails (the same plugin loaded twice registers its names twice) is refused with an error naming
# it.
#   cmake -DEXE=<warpsim-fermi> -DPLUGIN=<lib> -DNOT_A_PLUGIN=<lib> -DWRONG_ABI=<lib> -DDIR=<dir>
#         -P CheckPlugin.cmake
cmake_minimum_required(VERSION 3.19)  # string(JSON)
include(${CMAKE_CURRENT_LIST_DIR}/../../cmake/ScriptArgs.cmake)
require_script_args(EXE PLUGIN NOT_A_PLUGIN WRONG_ABI DIR)

function(fail)
  message(FATAL_ERROR "plugin: ${ARGV}")
endfunction()

# Runs the program with the plugin and `args`; sets `out`, `err` and `rc` in the caller.
macro(run)
  execute_process(COMMAND ${EXE} --plugin ${PLUGIN} ${ARGN} RESULT_VARIABLE rc
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
endmacro()

file(MAKE_DIRECTORY ${DIR})
set(cycles)
foreach(size 64 1)
  file(REMOVE ${DIR}/s${size}.json)
  run(--workload diag --set workload.size=2 --sched oldest-window
      --set oldest_window.size=${size} --stats ${DIR}/s${size}.json)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "workload diag \\(size 2\\), policy oldest-window: finished")
    fail("oldest_window.size=${size}: exit ${rc}: ${out}${err}")
  endif()
  file(READ ${DIR}/s${size}.json json)
  string(JSON c GET "${json}" cycles)
  list(APPEND cycles ${c})
endforeach()
list(GET cycles 0 wide)
list(GET cycles 1 narrow)
# One ready warp per slot at a time serialises the warps' loads: the run must take longer.
if(NOT narrow GREATER wide)
  fail("oldest_window.size=1 took ${narrow} cycles, not more than size 64's ${wide}")
endif()

run(--help-config)
if(NOT out MATCHES "oldest_window.size \\(uint, default 64\\)")
  fail("--help-config does not list oldest_window.size:\n${out}")
endif()
run(--list-workloads)
if(NOT out MATCHES "\ndiag +plugin example")
  fail("--list-workloads does not list diag:\n${out}")
endif()
run(--set oldest_window.size=65)
if(NOT rc EQUAL 1 OR NOT err MATCHES "oldest_window.size = '65'")
  fail("oldest_window.size=65: exit ${rc}: ${err}")
endif()

execute_process(COMMAND ${EXE} --plugin ${NOT_A_PLUGIN} RESULT_VARIABLE rc OUTPUT_QUIET
                ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR NOT err MATCHES "--plugin [^:]*not_a_plugin[^:]*: no warpsim_plugin_abi\\(\\)")
  fail("a library without WARPSIM_PLUGIN: exit ${rc}: ${err}")
endif()
execute_process(COMMAND ${EXE} --plugin ${WRONG_ABI} RESULT_VARIABLE rc OUTPUT_QUIET
                ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR NOT err MATCHES
   "--plugin [^:]*wrong_abi[^:]*: built for plugin ABI [0-9]+; this program has [0-9]+: rebuild it")
  fail("a library built for another plugin ABI: exit ${rc}: ${err}")
endif()
run(--plugin ${PLUGIN})
if(NOT rc EQUAL 1 OR NOT err MATCHES
   "--plugin [^:]*plugin[^:]*: registration failed: [^\n]*'oldest-window' registered twice")
  fail("the plugin loaded twice: exit ${rc}: ${err}")
endif()
execute_process(COMMAND ${EXE} --plugin ${DIR}/missing.so RESULT_VARIABLE rc OUTPUT_QUIET
                ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR NOT err MATCHES "--plugin [^ ]*missing.so: ")
  fail("a missing library: exit ${rc}: ${err}")
endif()
message(STATUS "plugin: diag under oldest-window took ${wide} cycles with 64 warps, ${narrow} with 1")
