# Installs the build tree BIN into a fresh prefix, checks that every program is there and starts,
# builds tests/package/consumer against it with find_package(warpsim), and runs it.
# Usage: cmake -DBIN=<build dir> -DSRC=<source dir> -P this.
set(work ${BIN}/package-test)
file(REMOVE_RECURSE ${work})
function(run)
  execute_process(COMMAND ${ARGV} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGV}\n${out}\n${err}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()
run(${CMAKE_COMMAND} --install ${BIN} --prefix ${work}/prefix)
# Every program is installed and starts (--help answers without simulating).
foreach(program warpsim-fermi warpsim-owl28 warpsim-ccws30 warpsim-bench warpsim-best-swl
                warpsim-belady)
  set(exe ${work}/prefix/bin/${program})
  if(NOT EXISTS ${exe})
    message(FATAL_ERROR "not installed: ${exe}")
  endif()
  run(${exe} --help)
endforeach()
run(${CMAKE_COMMAND} -S ${SRC}/tests/package/consumer -B ${work}/build -G Ninja
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=${work}/prefix)
run(${CMAKE_COMMAND} --build ${work}/build)
run(${work}/build/consumer --quiet --set gpu.sms=2 --workload stream --set workload.size=4)
message(STATUS "${last_output}")
if(NOT last_output MATCHES "outcome finished cycles [1-9][0-9]* warp_instructions [1-9]")
  message(FATAL_ERROR "unexpected output: ${last_output}")
endif()
