// Undefined behaviour on purpose, for the sanitize build's check that UBSan halts at its first
// report (cmake/sanitizer_options.cpp): the checks are compiled recoverable, so without that
// default this program would print the report and go on to exit 0.
#include <climits>
#include <cstdio>

int main(int argc, char**) {
  int x = INT_MAX - 1;
  x += argc;  // INT_MAX with no arguments
  x += argc;  // signed overflow: undefined
  std::printf("continued past the report: %d\n", x);
  return 0;
}
