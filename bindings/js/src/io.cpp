#include "io.hpp"

#include <emscripten/emscripten.h>

namespace collide2d::js {
namespace {
double io_block[io_doubles];
std::string last_error;
std::vector<std::uint32_t> ids;
std::vector<double> doubles;
std::vector<std::uint8_t> byte_block;
}  // namespace

double* io() {
  return io_block;
}
std::vector<std::uint32_t>& id_result() {
  return ids;
}
std::vector<double>& double_result() {
  return doubles;
}
std::vector<std::uint8_t>& byte_result() {
  return byte_block;
}
void set_error(const std::string& message) {
  last_error = message;
}

}  // namespace collide2d::js

using namespace collide2d::js;

extern "C" {

EMSCRIPTEN_KEEPALIVE double* c2d_io() {
  return io();
}
EMSCRIPTEN_KEEPALIVE const char* c2d_error_message() {
  return last_error.c_str();
}
EMSCRIPTEN_KEEPALIVE std::uint32_t* c2d_id_result() {
  return id_result().data();
}
EMSCRIPTEN_KEEPALIVE double* c2d_double_result() {
  return double_result().data();
}
EMSCRIPTEN_KEEPALIVE std::uint8_t* c2d_byte_result() {
  return byte_result().data();
}
// Frees the bytes once copied out: a saved scene can be large, and nothing reads them twice.
EMSCRIPTEN_KEEPALIVE void c2d_release_byte_result() {
  std::vector<std::uint8_t>().swap(byte_result());
}
EMSCRIPTEN_KEEPALIVE void* c2d_alloc(std::uint32_t bytes) {
  return ::operator new(bytes, std::nothrow);
}
EMSCRIPTEN_KEEPALIVE void c2d_free(void* p) {
  ::operator delete(p);
}
}
