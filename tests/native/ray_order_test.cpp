// The order a mesh's raycastBatch casts its rays in (ray_order.h): keys worked out by hand (octant, then the Morton
// code of the entry point); the order a permutation of the rays, keys never decreasing along it, equal keys in the
// rays' own order (the sort is stable); no order for few rays or a tree that stays in the cache.
#include <algorithm>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "collide3d/mesh/ray_order.h"

namespace c3d {
namespace {

// A tree that orders: the unit box, as many nodes as it takes (rayOrder reads only the count and the box).
Bvh unitTree(size_t nodes = 4096) {
  Bvh tree;
  tree.box = {{0, 0, 0}, {1, 1, 1}};
  tree.nodes.resize(nodes);
  return tree;
}

uint32_t keyOf(const double* ray, const BvhBox& box) {
  const double origin[3] = {ray[0], ray[1], ray[2]}, direction[3] = {ray[3], ray[4], ray[5]};
  return ray_order::keyOf(origin, direction, box);
}

TEST(RayOrder, KeysAreTheOctantThenTheMortonCodeOfTheEntryPoint) {
  const BvhBox box{{0, 0, 0}, {1, 1, 1}};
  EXPECT_EQ(morton::spread(0x1ff), 0x1249249u);  // 9 bits: bits 0, 3, ..., 24
  EXPECT_EQ(morton::spread(0b101), 0b1000001u);
  // Along +x from x = -1, entering at (0, 0.5, 0.5): cells (0, 255, 255), 255 = 0b11111111 in y and z.
  const double east[6] = {-1, 0.5, 0.5, 1, 0, 0};
  EXPECT_EQ(keyOf(east, box), morton::spread(255) << 1 | morton::spread(255) << 2);
  // Along -x from x = 2, entering at (1, 0.5, 0.5): cell 511 in x, octant 1 (x negative).
  const double west[6] = {2, 0.5, 0.5, -2, 0, 0};
  EXPECT_EQ(keyOf(west, box), 1u << 27 | morton::spread(511) | morton::spread(255) << 1 | morton::spread(255) << 2);
  // From inside: keyed where it starts, (0.25, 0.75, 0) in cells (127, 383, 0); octant 6 (y and z negative).
  const double inside[6] = {0.25, 0.75, 0, 0, -1, -1};
  EXPECT_EQ(keyOf(inside, box), 6u << 27 | morton::spread(127) | morton::spread(383) << 1);
  // Missing the box: keyed by its origin, clamped to the box (cells 0 and 511).
  const double away[6] = {-5, 3, 0.5, 0, 1, 0};
  EXPECT_EQ(keyOf(away, box), morton::spread(511) << 1 | morton::spread(255) << 2);
}

TEST(RayOrder, IsAStablePermutationByKey) {
  std::mt19937 random(7);
  std::uniform_real_distribution<double> u(-2, 3);
  for (const size_t count : {256u, 1000u, 20000u}) {
    std::vector<double> rays(6 * count);
    for (size_t i = 0; i < count; ++i) {
      // Every fourth ray a copy of the one before: equal keys, to show their order kept.
      for (int k = 0; k < 6; ++k) rays[6 * i + k] = i % 4 == 3 ? rays[6 * (i - 1) + k] : u(random);
    }
    const Bvh tree = unitTree();
    std::vector<uint32_t> order;
    ASSERT_TRUE(rayOrder(rays.data(), count, tree, order));
    ASSERT_EQ(order.size(), count);
    std::vector<uint32_t> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    for (size_t i = 0; i < count; ++i) ASSERT_EQ(sorted[i], i);
    size_t ties = 0;
    for (size_t k = 1; k < count; ++k) {
      const uint32_t before = keyOf(&rays[6 * order[k - 1]], tree.box), now = keyOf(&rays[6 * order[k]], tree.box);
      ASSERT_LE(before, now);
      if (before == now) {
        ASSERT_LT(order[k - 1], order[k]);
        ++ties;
      }
    }
    EXPECT_GE(ties, count / 4 - 1);
  }
}

TEST(RayOrder, FloatRaysKeyAsTheirDoubles) {
  std::vector<float> rays(6 * 300);
  for (size_t k = 0; k < rays.size(); ++k) rays[k] = static_cast<float>((k * 37 % 101) / 50.0 - 0.5);
  std::vector<double> widened(rays.begin(), rays.end());
  const Bvh tree = unitTree();
  std::vector<uint32_t> fromFloats, fromDoubles;
  ASSERT_TRUE(rayOrder(rays.data(), 300, tree, fromFloats));
  ASSERT_TRUE(rayOrder(widened.data(), 300, tree, fromDoubles));
  EXPECT_EQ(fromFloats, fromDoubles);
}

TEST(RayOrder, GivesNoOrderWhereNothingIsGained) {
  std::vector<double> rays(6 * 1000, 0.5);
  std::vector<uint32_t> order{1, 2, 3};
  EXPECT_FALSE(rayOrder(rays.data(), 255, unitTree(), order));  // too few rays
  EXPECT_TRUE(order.empty());
  EXPECT_FALSE(rayOrder(rays.data(), 1000, unitTree(4095), order));  // a tree the cache holds
  EXPECT_FALSE(rayOrder(rays.data(), 1000, Bvh{}, order));  // no tree
  EXPECT_TRUE(rayOrder(rays.data(), 256, unitTree(), order));
}

}  // namespace
}  // namespace c3d
