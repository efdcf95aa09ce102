// Linked into every executable of a COLLIDE2D_SANITIZE build (CMakeLists.txt). UndefinedBehavior-
// Sanitizer's checks are compiled recoverable there, which clang compiles several times faster
// than -fno-sanitize-recover (the batch kernels: 47 s of CPU against 78 s); halting on the first
// report, set here, makes any finding fail the run all the same, also when a test binary, the
// tool or a fuzzer is started by hand without the test preset's UBSAN_OPTIONS.
extern "C" const char* __ubsan_default_options();  // NOLINT: the sanitizer runtime's hook
extern "C" const char* __ubsan_default_options() {
  return "halt_on_error=1:print_stacktrace=1";
}
