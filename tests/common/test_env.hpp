// Shared by the broad-phase and scene tests: counts that an environment variable can raise or
// lower.
#pragma once

#include <algorithm>
#include <cstdlib>

namespace c2test {

// The variable as a count, or the fallback when it is unset or empty.
inline long env_count(const char* name, long fallback) {
  const char* value = std::getenv(name);
  if (value == nullptr || *value == '\0') return fallback;
  return std::strtol(value, nullptr, 10);
}

// The random-scene tables of the index and Scene tests (every query against brute force, on
// scenes of 10 to 100,000 shapes) spend most of their time on the largest scenes of the dense
// layouts (clustered, same centre), whose overlapping pairs grow as n^2. Two variables shrink only
// those, for the sanitize preset, which sets them to 1,000 and 1: ASan and UBSan look for memory
// and arithmetic errors, which the same code paths on fewer and smaller dense scenes find as well,
// while the release build runs every case. Unset, every case runs.
// COLLIDE2D_DENSE_SCENE_MAX: the largest dense scene, in the index and Scene tests (default: no
// limit). COLLIDE2D_LARGE_SCENE_SEEDS: the seeds of a dense Scene-test scene of 1,000 shapes or
// more (default: all); not in the index tests, whose hit-rate check (both "nothing" and
// "something" common) needs all of their seeds.
inline bool dense_scene_runs(int count) {
  return count <= env_count("COLLIDE2D_DENSE_SCENE_MAX", 1L << 30);
}
inline int scene_seeds(int count, int seeds) {
  if (count < 1000) return seeds;
  return int(std::min<long>(seeds, env_count("COLLIDE2D_LARGE_SCENE_SEEDS", seeds)));
}

}  // namespace c2test
