// The canonical order of overlaps(Obb, Obb) (detail::bytes_greater, which the SIMD kernels
// reproduce lane by lane) against memcmp itself, on boxes that tie in every prefix of fields.
#include <gtest/gtest.h>

#include <cstring>

#include "batch_values.hpp"
#include "collide2d/detail/byte_order.hpp"

namespace collide2d {
namespace {

template <class T>
void expect_memcmp_order(std::uint64_t seed) {
  batch_test::Values<T> values(seed);
  std::size_t greater = 0;
  for (int i = 0; i < 200000; ++i) {
    const Obb<T> a = values.obb(values.chance(0.3));
    const Obb<T> b = values.chance(0.5) ? values.near_copy(a) : values.obb(values.chance(0.3));
    const bool expected = std::memcmp(&a, &b, sizeof(Obb<T>)) > 0;
    ASSERT_EQ(detail::bytes_greater(a, b), expected) << i;
    ASSERT_FALSE(detail::bytes_greater(a, a));
    greater += expected ? 1 : 0;
  }
  EXPECT_GT(greater, 50000u);
  EXPECT_LT(greater, 150000u);
}

TEST(ByteOrder, FloatBoxesInMemcmpOrder) {
  expect_memcmp_order<float>(11);
}
TEST(ByteOrder, DoubleBoxesInMemcmpOrder) {
  expect_memcmp_order<double>(12);
}

}  // namespace
}  // namespace collide2d
