# Warnings for the project's own targets: -Wall -Wextra -Wpedantic and a few that catch real bugs
# in numeric code; -Werror when COLLIDE2D_WARNINGS_AS_ERRORS (CI).
function(collide2d_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                                           -Wno-sign-conversion -Wdouble-promotion)
  # GCC 12 reports a false -Wrestrict inside libstdc++'s std::string concatenation at -O2 and
  # above (GCC PR 105651, fixed in GCC 13); it is silenced for that compiler only.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    target_compile_options(${target} PRIVATE -Wno-restrict)
  endif()
  # g++ warns when a type of an anonymous namespace is captured in a file it takes for a header;
  # in a unity file (COLLIDE2D_UNITY_BUILD) every source is such an included file. Each file
  # compiled alone (the dev preset) stays checked.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND COLLIDE2D_UNITY_BUILD)
    target_compile_options(${target} PRIVATE -Wno-subobject-linkage)
  endif()
  if(COLLIDE2D_WARNINGS_AS_ERRORS)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

# For the targets built with a precompiled header (the tests, the tool): with the shared headers
# parsed first, GCC 12 inlines std::string's `"text" + string` differently and reports false
# -Wstringop-overflow and -Warray-bounds inside libstdc++'s char_traits::copy (sizes above 2^63),
# the same family as the -Wrestrict above. The library itself is built without a precompiled
# header and keeps both warnings; clang checks these targets in the sanitize build.
function(collide2d_allow_precompiled_header target)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    target_compile_options(${target} PRIVATE -Wno-stringop-overflow -Wno-array-bounds)
  endif()
endfunction()
