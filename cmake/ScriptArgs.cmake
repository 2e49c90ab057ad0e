# For the cmake -P scripts of cmake/: stops, naming the script, when a -D<var>=... it needs is
# missing.
function(require_script_args)
  get_filename_component(script "${CMAKE_SCRIPT_MODE_FILE}" NAME)
  foreach(v ${ARGN})
    if(NOT DEFINED ${v})
      message(FATAL_ERROR "${script}: -D${v}=... is required")
    endif()
  endforeach()
endfunction()
