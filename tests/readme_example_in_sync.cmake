# Fails when a C++ example in README.md differs from the file in examples/ that is compiled with
# the project: the README cannot show code that does not build. Checked: the first ```cpp block
# (examples/readme_example.cpp), the first one after "## Batches" (examples/batch_example.cpp) and
# the first one after "## Many shapes" (examples/scene_example.cpp).
# The example files carry one extra first line, a comment.
file(READ ${SOURCE_DIR}/README.md readme)

function(check_block after_heading example_file)
  set(text "${readme}")
  if(after_heading)
    string(FIND "${text}" "${after_heading}" heading)
    if(heading EQUAL -1)
      message(FATAL_ERROR "README.md has no heading ${after_heading}")
    endif()
    string(SUBSTRING "${text}" ${heading} -1 text)
  endif()
  string(FIND "${text}" "```cpp\n" start)
  if(start EQUAL -1)
    message(FATAL_ERROR "README.md has no ```cpp block for ${example_file}")
  endif()
  math(EXPR start "${start} + 7")
  string(SUBSTRING "${text}" ${start} -1 rest)
  string(FIND "${rest}" "```" stop)
  string(SUBSTRING "${rest}" 0 ${stop} readme_code)
  file(READ ${SOURCE_DIR}/examples/${example_file} example)
  string(FIND "${example}" "\n" first_newline)
  math(EXPR first_newline "${first_newline} + 1")
  string(SUBSTRING "${example}" ${first_newline} -1 example_code)
  if(NOT readme_code STREQUAL example_code)
    message(FATAL_ERROR "README.md's example differs from examples/${example_file}")
  endif()
endfunction()

check_block("" readme_example.cpp)
check_block("## Batches" batch_example.cpp)
check_block("## Many shapes" scene_example.cpp)
