// allPairs against every pair tested one by one (closed boxes: touching counts), on random boxes with log-uniform
// sizes and on integer boxes that touch on faces, edges and corners; in float and double; and the small sizes.
#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "collide3d/broadphase/all_pairs.h"
#include "collide3d/queries/intersects/intersects_aabb_aabb.h"
#include "test_support.h"

namespace c3d {
namespace {

using testing::Random;

template <class T>
std::vector<std::pair<uint32_t, uint32_t>> sortedPairs(const std::vector<T>& boxes) {
  std::vector<uint32_t> flat;
  EXPECT_TRUE(allPairs(boxes.data(), boxes.size() / 6, flat));
  std::vector<std::pair<uint32_t, uint32_t>> pairs;
  for (size_t k = 0; k < flat.size(); k += 2) pairs.emplace_back(flat[k], flat[k + 1]);
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

template <class T>
std::vector<std::pair<uint32_t, uint32_t>> bruteForce(const std::vector<T>& boxes) {
  auto box = [&](size_t i) {
    const T* v = boxes.data() + 6 * i;
    return Aabb{{double(v[0]), double(v[1]), double(v[2])}, {double(v[3]), double(v[4]), double(v[5])}};
  };
  std::vector<std::pair<uint32_t, uint32_t>> pairs;
  for (size_t i = 0; i < boxes.size() / 6; ++i) {
    for (size_t j = i + 1; j < boxes.size() / 6; ++j) {
      if (intersects(box(i), box(j))) pairs.emplace_back(uint32_t(i), uint32_t(j));
    }
  }
  return pairs;
}

template <class T>
std::vector<T> randomBoxes(Random& random, size_t n, bool grid) {
  std::vector<T> boxes(6 * n);
  for (size_t i = 0; i < n; ++i) {
    for (int k = 0; k < 3; ++k) {
      const double lo = grid ? random.integer(0, 7) : random.uniform(0, 1);
      boxes[6 * i + k] = T(lo);
      boxes[6 * i + k + 3] = T(lo + (grid ? random.integer(0, 2) : std::pow(10.0, random.uniform(-2, -0.5))));
    }
  }
  return boxes;
}

TEST(AllPairs, FindsExactlyThePairsThatMeetOneByOne) {
  Random random(113);
  size_t found = 0;
  for (int round = 0; round < 6; ++round) {
    const bool grid = round % 2;
    const auto floats = randomBoxes<float>(random, 700, grid);
    const auto doubles = randomBoxes<double>(random, 700, grid);
    const auto pairs = sortedPairs(floats);
    EXPECT_EQ(pairs, bruteForce(floats)) << round;
    EXPECT_EQ(sortedPairs(doubles), bruteForce(doubles)) << round;
    found += pairs.size();
  }
  EXPECT_GT(found, 3000u);
}

TEST(AllPairs, FewBoxes) {
  EXPECT_TRUE(sortedPairs(std::vector<double>{}).empty());
  EXPECT_TRUE(sortedPairs(std::vector<double>{0, 0, 0, 1, 1, 1}).empty());
  // Two boxes touching at a corner, and a third apart.
  const std::vector<double> three{0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 5, 5, 5, 6, 6, 6};
  EXPECT_EQ(sortedPairs(three), (std::vector<std::pair<uint32_t, uint32_t>>{{0, 1}}));
  // Nine identical boxes: every one of the 36 pairs, across leaves.
  std::vector<float> same;
  for (int i = 0; i < 9; ++i) same.insert(same.end(), {0, 0, 0, 1, 1, 1});
  EXPECT_EQ(sortedPairs(same).size(), 36u);
}

}  // namespace
}  // namespace c3d
