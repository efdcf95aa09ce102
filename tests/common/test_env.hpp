// Shared by the broad-phase and scene tests: counts that an environment variable can raise.
#pragma once

#include <cstdlib>

namespace c2test {

// The variable as a count, or the fallback when it is unset or empty.
inline long env_count(const char* name, long fallback) {
  const char* value = std::getenv(name);
  if (value == nullptr || *value == '\0') return fallback;
  return std::strtol(value, nullptr, 10);
}

}  // namespace c2test
