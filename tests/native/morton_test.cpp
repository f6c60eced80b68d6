// Morton codes worked out by hand, and the counting sort against std::stable_sort on keys with many repeats (the
// order of equal keys kept), over every digit of the 30 bits.
#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "collide3d/math/morton.h"

namespace c3d {
namespace {

TEST(Morton, CodesInterleaveTheCellsBits) {
  EXPECT_EQ(morton::spread(0x3ff), 0x9249249u);  // bits 0, 3, ..., 27
  EXPECT_EQ(morton::spread(0b101), 0b1000001u);
  EXPECT_EQ(morton::spread(0x400), 0u);  // only 10 bits are read
  // x = 0b11, y = 0b01, z = 0b10: bit 3i + axis holds bit i of that axis: x0 y0 z0 x1 y1 z1 = 1 1 0 1 0 1.
  EXPECT_EQ(morton::code(0b11, 0b01, 0b10), 0b101011u);
  EXPECT_EQ(morton::code(1023, 1023, 1023), (1u << 30) - 1);
}

TEST(Morton, SortsStablyByKey) {
  std::mt19937 random(5);
  for (const int bits : {4, 12, 30}) {  // many repeats; repeats in the low digits only; few repeats
    std::vector<uint32_t> keys(5000), order(keys.size());
    for (uint32_t& key : keys) key = random() & ((1u << bits) - 1);
    std::iota(order.begin(), order.end(), 0u);
    std::vector<uint32_t> expected = order;
    std::stable_sort(expected.begin(), expected.end(), [&](uint32_t i, uint32_t j) { return keys[i] < keys[j]; });
    const std::vector<uint32_t> given = keys;
    ASSERT_TRUE(morton::sortByKey(keys, order));
    EXPECT_EQ(order, expected) << bits;
    for (size_t i = 0; i < keys.size(); ++i) EXPECT_EQ(keys[i], given[order[i]]);
  }
}

}  // namespace
}  // namespace c3d
