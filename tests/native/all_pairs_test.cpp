// allPairs against every pair tested one by one (closed boxes: touching counts), on random boxes with log-uniform
// sizes and on integer boxes that touch on faces, edges and corners; in float and double; the small sizes (blocks of
// four boxes filled in part); double boxes apart or touching by less than a float can tell (decided on the doubles);
// clusters finer than the Morton cells (ordered by medians) and coincident boxes; bounds beyond float's range.
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
std::vector<std::pair<uint32_t, uint32_t>> sortedPairs(const std::vector<T>& boxes, all_pairs::Share share = {}) {
  std::vector<uint32_t> flat;
  EXPECT_TRUE(allPairs(boxes.data(), boxes.size() / 6, flat, share));
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

// Parts of the pairs, for threads: each pair in exactly one part, so the parts together are brute force's pairs.
TEST(AllPairs, PartsHoldEveryPairOnce) {
  Random random(131);
  for (const size_t n : {1u, 2u, 5u, 17u, 600u, 5000u}) {
    const auto boxes = randomBoxes<double>(random, n, n % 2 == 0);
    const auto whole = bruteForce(boxes);
    for (const uint32_t parts : {1u, 2u, 3u, 8u}) {
      std::vector<std::pair<uint32_t, uint32_t>> joined;
      size_t fewest = whole.size();
      for (uint32_t k = 0; k < parts; ++k) {
        const auto part = sortedPairs(boxes, {k, parts});
        joined.insert(joined.end(), part.begin(), part.end());
        fewest = std::min(fewest, part.size());
      }
      std::sort(joined.begin(), joined.end());
      EXPECT_EQ(joined, whole) << n << " boxes, " << parts << " parts";
      // 5,000 boxes make 10 stripes of groups: every one of two or three parts gets some.
      if (n == 5000 && parts <= 3) {
        EXPECT_GT(fewest, whole.size() / (4 * parts)) << parts;
      }
    }
  }
  // One block (no tree): its six pairs in the first share only.
  const std::vector<float> four(24, 0.0f);
  EXPECT_EQ(sortedPairs(four, {0, 2}).size(), 6u);
  EXPECT_TRUE(sortedPairs(four, {1, 2}).empty());
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

TEST(AllPairs, EveryCountUpToFourBlocks) {
  Random random(29);
  for (size_t n = 2; n <= 17; ++n) {
    const auto grid = randomBoxes<double>(random, n, true);
    EXPECT_EQ(sortedPairs(grid), bruteForce(grid)) << n;
  }
}

// Boxes along x whose ends are apart or touching by a few units in the last place of a double near 1: as floats
// (rounded outward) every one of them overlaps its neighbours, so only the doubles decide.
TEST(AllPairs, DecidesOnTheDoublesWhatTheirFloatsCannotTell) {
  Random random(31);
  std::vector<double> boxes;
  for (int i = 0; i < 400; ++i) {
    const double lo = 1 + random.integer(0, 40) * 0x1p-52;
    const double hi = lo + random.integer(0, 3) * 0x1p-52;
    const double y = random.integer(0, 3), z = random.integer(0, 3);
    boxes.insert(boxes.end(), {lo, y, z, hi, y + 1, z + 1});
  }
  const auto pairs = sortedPairs(boxes);
  EXPECT_EQ(pairs, bruteForce(boxes));
  // Far from all of them: a float test alone would have paired every two boxes whose y and z ranges meet.
  EXPECT_LT(pairs.size(), 400u * 399 / 2 / 4);
}

// A cluster of boxes a millionth of the scene across, whose centres share one Morton cell (the far boxes set the
// scale), and boxes all at one place: both ordered by median splits rather than by code.
TEST(AllPairs, ClustersFinerThanTheCodes) {
  Random random(37);
  std::vector<double> boxes;
  for (int i = 0; i < 700; ++i) {
    const double x = random.uniform(0, 1e-6), y = random.uniform(0, 1e-6), z = random.uniform(0, 1e-6);
    const double size = random.uniform(0, 3e-7);
    boxes.insert(boxes.end(), {x, y, z, x + size, y + size, z + size});
  }
  boxes.insert(boxes.end(), {1e6, 1e6, 1e6, 1e6 + 1, 1e6 + 1, 1e6 + 1, -1e6, 5, 5, -1e6 + 1, 6, 6});
  const auto clustered = sortedPairs(boxes);
  EXPECT_EQ(clustered, bruteForce(boxes));
  EXPECT_GT(clustered.size(), 1000u);
  const std::vector<float> same(6 * 50, 2.0f);  // fifty equal boxes, a point each: every pair
  EXPECT_EQ(sortedPairs(same).size(), 50u * 49 / 2);
}

// Bounds near and beyond float's range (the tree's boxes then reach infinity), touching and not.
TEST(AllPairs, HugeBounds) {
  Random random(41);
  std::vector<double> boxes;
  const double scales[] = {1e30, 1e38, 3.4e38, 1e39, 1e300, 5e307};  // 3 x 5e307: still finite
  for (int i = 0; i < 300; ++i) {
    const double scale = scales[random.integer(0, 5)];
    for (int k = 0; k < 3; ++k) boxes.push_back(scale * random.integer(-3, 2));
    for (int k = 0; k < 3; ++k) boxes.push_back(boxes[boxes.size() - 3] + scale * random.integer(0, 1));
  }
  const auto pairs = sortedPairs(boxes);
  EXPECT_EQ(pairs, bruteForce(boxes));
  EXPECT_GT(pairs.size(), 100u);
}

}  // namespace
}  // namespace c3d
