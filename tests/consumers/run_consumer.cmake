# Builds and runs one consumer project, as ctest's test of the package.
#   -DMODE=find_package     install BUILD_DIR into WORK_DIR/prefix, then find_package it
#   -DMODE=add_subdirectory vendor SOURCE_DIR with add_subdirectory
# Other inputs: SOURCE_DIR, BUILD_DIR, WORK_DIR, CXX_COMPILER, GENERATOR, SANITIZE.
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "command failed (${result}): ${ARGN}\n${out}\n${err}")
  endif()
  message(STATUS "${out}")
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(consumer_args -G ${GENERATOR} -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_BUILD_TYPE=Release)
if(SANITIZE)
  list(APPEND consumer_args "-DCMAKE_CXX_FLAGS=-fsanitize=address,undefined"
       "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined")
endif()

if(MODE STREQUAL "find_package")
  run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK_DIR}/prefix)
  list(APPEND consumer_args -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix)
elseif(MODE STREQUAL "add_subdirectory")
  # This consumer compiles the whole library again. Without optimisation (no build type): the test
  # is of the integration (targets, include paths, options, linking), and at -O3 the compile took
  # over a minute of the test command on 2 cores.
  list(TRANSFORM consumer_args REPLACE "^-DCMAKE_BUILD_TYPE=Release$" "-DCMAKE_BUILD_TYPE=")
  list(APPEND consumer_args -DCOLLIDE2D_SOURCE_DIR=${SOURCE_DIR})
  if(SANITIZE)
    list(APPEND consumer_args -DCOLLIDE2D_SANITIZE=ON)
  endif()
else()
  message(FATAL_ERROR "unknown MODE '${MODE}'")
endif()

run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/tests/consumers/${MODE} -B ${WORK_DIR}/build ${consumer_args})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
run(${WORK_DIR}/build/consumer)
