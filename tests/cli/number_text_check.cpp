// parse_number's fast path for plain decimals (Clinger's) against std::from_chars, the reference:
// every seeded random decimal of up to 19 digits, with or without a sign and a point, must read
// as the same double, bit for bit. Exit status 0 when all agree.
#include <charconv>
#include <cstdio>
#include <cstring>
#include <random>

#include "scene_io/number_text.hpp"

int main() {
  std::mt19937_64 random(42);
  long fast = 0;
  long wrong = 0;
  char text[32];
  for (long i = 0; i < 2000000; ++i) {
    const int digits = 1 + static_cast<int>(random() % 19);
    const int point = static_cast<int>(random() % static_cast<unsigned>(digits + 1));
    int length = 0;
    if (random() & 1) text[length++] = '-';
    for (int k = 0; k < digits; ++k) {
      if (k == point && k > 0) text[length++] = '.';
      text[length++] = static_cast<char>('0' + random() % 10);
    }
    double value = 0;
    if (!collide2d::tools::parse_plain_decimal(text, text + length, value)) continue;
    ++fast;
    double reference = 0;
    const auto result = std::from_chars(text, text + length, reference);
    if (result.ec != std::errc() || std::memcmp(&value, &reference, sizeof value) != 0) {
      if (++wrong <= 5)
        std::printf("%.*s: %.17g, from_chars %.17g\n", length, text, value, reference);
    }
  }
  std::printf("%ld decimals read by the fast path, %ld differ from std::from_chars\n", fast, wrong);
  return wrong == 0 && fast > 1000000 ? 0 : 1;
}
