# Checks that every block folder under models/ includes headers only from itself and from the
# folders whose libraries its target links (models/CMakeLists.txt):
#   cmake -DSRC=<source dir> -DLINKS="cta=core,config,stats,workload;lsu=..." -P BlockIncludes.cmake
# A library's folder is its target name without `warpsim_` (warpsim_trace is workload/trace,
# warpsim_config_gpgpusim config/gpgpusim). Links are taken as declared, not transitively: a
# block that includes a header of a block it only reaches through another must declare it.
cmake_minimum_required(VERSION 3.19)

include(${CMAKE_CURRENT_LIST_DIR}/ScriptArgs.cmake)
require_script_args(SRC LINKS)

set(problems)
foreach(entry ${LINKS})
  string(REPLACE "=" ";" parts "${entry}")
  list(GET parts 0 block)
  list(LENGTH parts n)
  set(allowed ${block})
  if(n GREATER 1)
    list(GET parts 1 deps)
    string(REPLACE "," ";" deps "${deps}")
    foreach(d ${deps})
      string(REPLACE "trace" "workload/trace" d "${d}")
      string(REPLACE "config_gpgpusim" "config/gpgpusim" d "${d}")
      list(APPEND allowed ${d})
    endforeach()
  endif()
  file(GLOB files ${SRC}/models/${block}/*.h ${SRC}/models/${block}/*.cpp)
  foreach(f ${files})
    file(STRINGS ${f} includes REGEX "^#include \"warpsim/[^\"]+/[^\"/]+\"")
    foreach(line ${includes})
      string(REGEX REPLACE "^#include \"warpsim/(.+)/[^/\"]+\".*" "\\1" dir "${line}")
      if(NOT dir IN_LIST allowed)
        file(RELATIVE_PATH rel ${SRC} ${f})
        list(JOIN allowed ", " shown)
        list(APPEND problems "${rel}: ${line} (block ${block} links: ${shown})")
      endif()
    endforeach()
  endforeach()
endforeach()

if(problems)
  list(JOIN problems "\n  " text)
  message(FATAL_ERROR "blocks include headers of blocks they do not link:\n  ${text}\n"
                      "Declare the link in models/CMakeLists.txt, or talk through an interface "
                      "in models/interfaces.")
endif()
list(LENGTH LINKS n)
message(STATUS "blocks: the includes of ${n} blocks match their declared links")
