# Runs PROGRAM without UBSAN_OPTIONS (so only the linked default applies) and expects UBSan's report
# and a failing exit, not a run that continues past the report.
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=UBSAN_OPTIONS ${PROGRAM}
                RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(result EQUAL 0 OR out MATCHES "continued past the report")
  message(FATAL_ERROR "UBSan did not halt (exit ${result}):\n${out}\n${err}")
endif()
if(NOT err MATCHES "runtime error: signed integer overflow")
  message(FATAL_ERROR "no UBSan report (exit ${result}):\n${out}\n${err}")
endif()
message(STATUS "halted at the report (exit ${result})")
