// The donor of the tests' shared precompiled header (tests/CMakeLists.txt): an object that only
// exists so that the header is compiled once with the test executables' flags.
