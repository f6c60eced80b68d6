// batch/items.h and batch/pairs.h: items read in place (double) or widened (float), a one-item side paired with every
// item, and the first unusable item found (a number that is not finite before an item its validation rejects).
#include <cmath>
#include <vector>

#include "collide3d/batch/pairs.h"
#include "test_support.h"

namespace c3d {
namespace {

TEST(BatchPairs, ReadsFloatAndDoubleItemsAndBroadcastsASingleItem) {
  const std::vector<double> spheres = {0, 0, 0, 1, 3, 0, 0, 1, 1.5, 0, 0, 0.25};
  const std::vector<float> one = {2, 0, 0, 1};
  const EncodedItems a{ShapeType::Sphere, spheres.data(), true, 3, encodedSize(ShapeType::Sphere)};
  const EncodedItems b{ShapeType::Sphere, one.data(), false, 1, encodedSize(ShapeType::Sphere)};
  EXPECT_EQ(a.size, 4);
  std::vector<int> met;
  const IntersectsFn meets = intersectsTable().at(ShapeType::Sphere, ShapeType::Sphere);
  forEachPair(a, b, 3, [&](size_t i, const double* p, const double* q) {
    EXPECT_EQ(p, spheres.data() + 4 * i);  // doubles are read in place
    met.push_back(meets(p, q));
  });
  // Centre distances 2, 1, 0.5 against radius sums 2, 2, 1.25: the first touches.
  EXPECT_EQ(met, (std::vector<int>{1, 1, 1}));
  const std::vector<float> far = {10, 0, 0, 1};
  const EncodedItems c{ShapeType::Sphere, far.data(), false, 1, 4};
  met.clear();
  forEachPair(c, a, 3, [&](size_t, const double* p, const double* q) { met.push_back(meets(p, q)); });
  EXPECT_EQ(met, (std::vector<int>{0, 0, 0}));
}

TEST(BatchPairs, FindsTheFirstUnusableItem) {
  Problem problem;
  const std::vector<float> good = {0, 0, 0, 1, 0, 0, 0, 0};
  EXPECT_FALSE(firstProblem({ShapeType::Sphere, good.data(), false, 2, 4}, problem).found());
  const std::vector<float> negative = {0, 0, 0, 1, 0, 0, 0, -1, 0, 0, 0, -2};
  const ItemProblem invalid = firstProblem({ShapeType::Sphere, negative.data(), false, 3, 4}, problem);
  EXPECT_EQ(invalid.item, 1);
  EXPECT_EQ(invalid.number, -1);
  EXPECT_STREQ(problem.field.text, "radius");
  // A number that is not finite is reported before any item's validation, wherever it is.
  const std::vector<float> both = {0, 0, 0, -1, 0, NAN, 0, 1};
  EXPECT_EQ(firstProblem({ShapeType::Sphere, both.data(), false, 2, 4}, problem).number, 5);
  // Far into the items (the scan goes a block at a time), each position and kind is found.
  for (const size_t at : {0, 511, 512, 513, 4095, 4097}) {
    for (const double bad : {NAN, INFINITY, -INFINITY}) {
      std::vector<double> many(4 * 1025, 1.0);
      many[at] = bad;
      EXPECT_EQ(firstProblem({ShapeType::Sphere, many.data(), true, 1025, 4}, problem).number,
                static_cast<std::ptrdiff_t>(at));
    }
  }
  const std::vector<double> rays = {0, 0, 0, 1, 0, 0, 0, 0, INFINITY, 0, 0, 0};
  const ItemProblem notFinite = firstProblem({ShapeType::Ray, rays.data(), true, 2, 6}, problem);
  EXPECT_EQ(notFinite.number, 8);
  EXPECT_EQ(notFinite.item, -1);
}

}  // namespace
}  // namespace c3d
