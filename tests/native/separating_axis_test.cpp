// separatingAxis for box pairs: it exists exactly when intersects() says the boxes are apart; the boxes' corners,
// projected onto it, really are apart by the reported gap (checked from the 8 corners of each box, a route that
// does not use the projected half-widths of the kernel); face and edge-cross-edge separations give the expected
// axis; reversing the arguments flips it.
#include <algorithm>
#include <cmath>

#include "collide3d/dispatch/tables.h"
#include "collide3d/queries/separation/separating_axis_box_box.h"
#include "test_support.h"

namespace c3d {
namespace {

using testing::near;
using testing::Random;

// The interval of the box's 8 corners projected onto the axis.
std::pair<double, double> cornerInterval(const Obb& box, Vec3 axis) {
  double lo = INFINITY, hi = -INFINITY;
  for (int corner = 0; corner < 8; ++corner) {
    Vec3 p = box.center;
    for (int i = 0; i < 3; ++i) p = p + halfAxis(box, i) * ((corner >> i & 1) ? 1.0 : -1.0);
    lo = std::min(lo, dot(p, axis));
    hi = std::max(hi, dot(p, axis));
  }
  return {lo, hi};
}

Mat3 columns(Vec3 x, Vec3 y, Vec3 z) {
  Mat3 m;
  const double values[9] = {x.x, x.y, x.z, y.x, y.y, y.z, z.x, z.y, z.z};
  std::copy(values, values + 9, m.m);
  return m;
}

TEST(SeparatingAxis, FaceSeparatedBoxesGiveTheFaceNormalAndTheirDistance) {
  const Aabb a{{0, 0, 0}, {1, 1, 1}};
  const Aabb b{{3, 0.5, -0.5}, {4, 2, 0.5}};
  const auto found = separatingAxis(a, b);
  ASSERT_TRUE(found.has_value());
  EXPECT_TRUE(near(found->axis, {1, 0, 0}));
  EXPECT_DOUBLE_EQ(found->gap, 2);
  const auto reversed = separatingAxisTable().at(ShapeType::Aabb, ShapeType::Aabb)(
      encodedBuffer(b).data(), encodedBuffer(a).data());
  ASSERT_TRUE(reversed.has_value());
  EXPECT_TRUE(near(reversed->axis, {-1, 0, 0}));
  EXPECT_DOUBLE_EQ(reversed->gap, 2);
}

TEST(SeparatingAxis, TheWidestGapWins) {
  // Apart by 2 along x and by 0.5 along y: x is the axis.
  const auto found = separatingAxis(Aabb{{0, 0, 0}, {1, 1, 1}}, Aabb{{3, 1.5, 0}, {4, 2.5, 1}});
  ASSERT_TRUE(found.has_value());
  EXPECT_TRUE(near(found->axis, {1, 0, 0}));
  EXPECT_DOUBLE_EQ(found->gap, 2);
}

TEST(SeparatingAxis, TouchingBoxesHaveNone) {
  EXPECT_FALSE(separatingAxis(Aabb{{0, 0, 0}, {1, 1, 1}}, Aabb{{1, 1, 1}, {2, 2, 2}}).has_value());  // a corner
  EXPECT_TRUE(separatingAxis(Aabb{{0, 0, 0}, {1, 1, 1}}, Aabb{{std::nextafter(1.0, 2.0), 0, 0}, {2, 1, 1}}).has_value());
}

TEST(SeparatingAxis, EdgeCrossEdgeSeparation) {
  // The configuration of IntersectsObbObb.SeparatedOnlyByAnEdgeCrossEdgeAxis: two cubes whose perpendicular edges
  // pass at distance g along x = z × y, while every face axis overlaps.
  const double h = std::sqrt(0.5);
  const Obb a{{0, 0, 0}, {1, 1, 1}, columns({h, h, 0}, {-h, h, 0}, {0, 0, 1})};
  const Mat3 aboutY = columns({h, 0, -h}, {0, 1, 0}, {h, 0, h});
  for (double g : {1e-6, 1e-3, 0.1, 0.5}) {
    const auto found = separatingAxis(a, Obb{{2 * std::sqrt(2.0) + g, 0, 0}, {1, 1, 1}, aboutY});
    ASSERT_TRUE(found.has_value()) << g;
    EXPECT_TRUE(near(found->axis, {1, 0, 0}, 1e-12)) << g;
    EXPECT_NEAR(found->gap, g, 1e-12) << g;
  }
}

TEST(SeparatingAxis, ExistsExactlyWhenApartAndItsGapIsReal) {
  Random random(31);
  int apart = 0;
  for (int i = 0; i < 20000; ++i) {
    const Obb a{random.vector(-3, 3), random.vector(0.1, 2), random.rotation()};
    const Obb b{random.vector(-3, 3), random.vector(0.1, 2), i % 2 ? random.rotation() : Mat3{}};
    const auto found = separatingAxis(a, b);
    ASSERT_EQ(found.has_value(), !intersects(a, b)) << i;
    if (!found) continue;
    ++apart;
    ASSERT_NEAR(length(found->axis), 1, 1e-14);
    const double endOfA = cornerInterval(a, found->axis).second, startOfB = cornerInterval(b, found->axis).first;
    ASSERT_NEAR(startOfB - endOfA, found->gap, 1e-12 * (1 + length(a.center) + length(b.center))) << i;
    ASSERT_LT(found->gap, length(b.center - a.center));
  }
  EXPECT_GT(apart, 5000);
  EXPECT_LT(apart, 19000);
}

}  // namespace
}  // namespace c3d
