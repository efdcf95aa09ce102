// Prints the digest of the fixed workload (workload.hpp) in float and double, for
// determinism_across_runs, which runs this program several times and compares what it prints.
#include <cinttypes>
#include <cstdio>
#include <vector>

#include "workload.hpp"

namespace {

template <class T>
std::uint64_t workload_digest() {
  using namespace collide2d::concurrency;
  const auto cases = make_workload<T>(2000, 17);
  std::vector<std::uint64_t> digests(cases.size());
  case_digests(cases, 0, cases.size(), digests.data());
  return combined<T>(digests);
}

}  // namespace

int main() {
  std::printf("float %016" PRIx64 "\ndouble %016" PRIx64 "\n", workload_digest<float>(),
              workload_digest<double>());
  return 0;
}
