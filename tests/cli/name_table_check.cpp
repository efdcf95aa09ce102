// NameTable::insert_all (a file's ids and ends taken whole, each hash computed once) against
// inserting the names one by one, the reference: on seeded lists of short names from a small
// alphabet (repeats near and far), with empty names, long names and names that differ only at the
// end, the same first empty or repeated name, and for lists without one the same answer to find()
// for every name and for names not in the table. Exit status 0 when all agree.
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "scene_io/name_table.hpp"

namespace {

using collide2d::tools::NameTable;

std::string any_name(std::mt19937_64& random, std::size_t i) {
  switch (random() % 8) {
    case 0:  // from a small alphabet: repeats are likely
      return std::string(1 + random() % 3, char('a' + random() % 3));
    case 1:  // long, differing only at the end
      return std::string(40, 'x') + std::to_string(random() % 2000);
    case 2:
      return random() % 50 == 0 ? std::string() : std::to_string(i);
    default:  // distinct
      return "id" + std::to_string(i) + "_" + std::to_string(random() % 1000);
  }
}

}  // namespace

int main() {
  std::mt19937_64 random(11);
  long wrong = 0, refused = 0, accepted = 0;
  for (int c = 0; c < 3000; ++c) {
    const std::size_t n = random() % (c % 10 == 0 ? 5000 : 60);
    // Most lists distinct (ids the position), some drawn from any_name.
    const bool distinct = random() % 2 == 0;
    std::vector<std::string> names;
    std::string chars;
    std::vector<std::uint32_t> ends;
    for (std::size_t i = 0; i < n; ++i) {
      names.push_back(distinct ? "s" + std::to_string(i) : any_name(random, i));
      chars += names.back();
      ends.push_back(std::uint32_t(chars.size()));
    }
    NameTable reference;
    reference.reserve(n, chars.size());
    std::size_t first_bad = n;
    for (std::size_t i = 0; i < n && first_bad == n; ++i) {
      if (names[i].empty() || !reference.insert(names[i])) first_bad = i;
    }
    NameTable table;
    const std::size_t bad = table.insert_all(chars, ends);
    if (bad != first_bad) {
      if (++wrong <= 5) std::printf("list %d: insert_all %zu, one by one %zu\n", c, bad, first_bad);
      continue;
    }
    if (bad < n) {
      ++refused;
      continue;
    }
    ++accepted;
    for (std::size_t i = 0; i < n; ++i) {
      const auto found = table.find(names[i]);
      if (!found || *found != i || table[i] != names[i] || reference.find(names[i]) != found) {
        if (++wrong <= 5) std::printf("list %d: name %zu not found as %zu\n", c, i, i);
      }
    }
    for (const std::string absent : {"", "absent", "s", "id", "aaaa"}) {
      if (table.find(absent) != reference.find(absent)) {
        if (++wrong <= 5) std::printf("list %d: \"%s\" found differently\n", c, absent.c_str());
      }
    }
  }
  std::printf("%ld lists accepted, %ld refused, %ld differences from inserting one by one\n",
              accepted, refused, wrong);
  return wrong == 0 && accepted > 500 && refused > 500 ? 0 : 1;
}
