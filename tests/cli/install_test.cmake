# cmake -DBUILD_DIR=... -DPREFIX=... -DVERSION=... -P install_test.cmake
# Installs the build tree to PREFIX (emptied first) and checks that PREFIX/bin/collide2d runs and
# prints "collide2d VERSION" for --version.
file(REMOVE_RECURSE ${PREFIX})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${PREFIX}
                RESULT_VARIABLE status OUTPUT_QUIET ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${status}): ${errors}")
endif()
set(program ${PREFIX}/bin/collide2d)
if(NOT EXISTS ${program})
  message(FATAL_ERROR "cmake --install did not put the tool at ${program}")
endif()
execute_process(COMMAND ${program} --version RESULT_VARIABLE status OUTPUT_VARIABLE output)
if(NOT status EQUAL 0 OR NOT output STREQUAL "collide2d ${VERSION}\n")
  message(FATAL_ERROR "${program} --version: status ${status}, printed \"${output}\", "
                      "expected \"collide2d ${VERSION}\"")
endif()
message(STATUS "${program} --version: ${output}")
