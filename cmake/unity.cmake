# collide2d_unity_files(target): compile the target's sources four to a unity file when
# COLLIDE2D_UNITY_BUILD is on (the tests and the tool; the library has groups by concern, in the
# top CMakeLists.txt). Files of one unit share their templates' instantiations.
function(collide2d_unity_files target)
  if(COLLIDE2D_UNITY_BUILD)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 4)
  endif()
endfunction()
