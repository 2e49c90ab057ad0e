# example:tlm_host_stats: tlm_host writes the platforms' statistics files (common/RunStats.h);
# the HostPort, built outside the Gpu, reaches them under `blocks`.
#   cmake -DEXE=<tlm_host> -DDIR=<scratch dir> -P CheckStats.cmake
cmake_minimum_required(VERSION 3.19)  # string(JSON)
include(${CMAKE_CURRENT_LIST_DIR}/../../cmake/ScriptArgs.cmake)
require_script_args(EXE DIR)

file(MAKE_DIRECTORY ${DIR})
execute_process(COMMAND ${EXE} --stats ${DIR}/s.json --csv=${DIR}/s.csv RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "tlm_host stats: exit ${rc}: ${out}${err}")
endif()
file(READ ${DIR}/s.json json)
string(JSON requests GET "${json}" blocks host_port requests)
string(JSON platform GET "${json}" platform)
string(JSON complete GET "${json}" totals complete)
file(READ ${DIR}/s.csv csv)
if(NOT requests GREATER 0 OR NOT platform STREQUAL "tlm_host" OR NOT complete STREQUAL "ON"
   OR NOT csv MATCHES "\nhost_port.requests,${requests}\n")
  message(FATAL_ERROR "tlm_host stats: blocks.host_port.requests = ${requests}, platform "
                      "${platform}, totals.complete ${complete}; or the CSV lacks the port")
endif()
execute_process(COMMAND ${EXE} gpu-only extra RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR NOT err MATCHES "unknown argument 'extra'")
  message(FATAL_ERROR "tlm_host stats: a stray argument: exit ${rc}: ${err}")
endif()
message(STATUS "tlm_host stats: ${requests} host requests under blocks.host_port")
