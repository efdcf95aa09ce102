# Runs PROGRAM three times (separate processes, so different address-space layouts) and fails
# unless every run prints the same non-empty output.
foreach(run 1 2 3)
  execute_process(COMMAND ${PROGRAM} OUTPUT_VARIABLE output RESULT_VARIABLE status)
  if(NOT status EQUAL 0 OR output STREQUAL "")
    message(FATAL_ERROR "run ${run} of ${PROGRAM} failed (${status}): ${output}")
  endif()
  if(run EQUAL 1)
    set(first "${output}")
  elseif(NOT output STREQUAL first)
    message(FATAL_ERROR "run ${run} printed\n${output}\nbut run 1 printed\n${first}")
  endif()
endforeach()
message(STATUS "three runs printed the same digests:\n${first}")
