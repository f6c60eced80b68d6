// Casters against convex hulls through the raycast table: hits on a cube's hull derived by hand (entry, exit, start
// inside or on a face, an edge grazed and missed by one ulp, a line's entry behind its origin), and on a flat and a
// segment hull.
#include <cmath>

#include "collide3d/dispatch/tables.h"
#include "random_convex.h"
#include "test_support.h"

namespace c3d {
namespace {

using testing::near;

template <class CasterShape>
std::optional<RaycastHit> cast(const CasterShape& caster, const Convex& target, RaycastOptions options = {}) {
  return raycastTable().at(CasterShape::kType, ShapeType::Convex)(encodedBuffer(caster).data(),
                                                                 encodedBuffer(target).data(), options);
}

std::vector<Vec3> cubeCorners() {
  std::vector<Vec3> corners;
  for (int i = 0; i < 8; ++i) corners.push_back({i & 1 ? 1.0 : -1.0, i & 2 ? 1.0 : -1.0, i & 4 ? 1.0 : -1.0});
  corners.push_back({0, 0, 0});  // inside: not a vertex
  return corners;
}

TEST(RaycastConvex, EntersACubeThroughTheFaceFacingIt) {
  testing::HullRing hulls;
  const Convex cube = hulls.make(cubeCorners());
  const auto hit = cast(Ray{{-3, 0.5, 0.25}, {2, 0, 0}}, cube);
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->t, 1);  // x = -3 + 2t reaches -1
  EXPECT_TRUE(near(hit->point, {-1, 0.5, 0.25}, 1e-15));
  EXPECT_TRUE(near(hit->normal, {-1, 0, 0}, 1e-15));
  EXPECT_FALSE(hit->hasBarycentric);
  const auto line = cast(Line{{5, 0, 0}, {1, 0, 0}}, cube);
  ASSERT_TRUE(line);
  EXPECT_EQ(line->t, -6);  // a line enters where it first meets the hull, behind its origin
  RaycastOptions shorter;
  shorter.maxDistance = 0.5;
  EXPECT_FALSE(cast(Ray{{-3, 0.5, 0.25}, {2, 0, 0}}, cube, shorter));
}

TEST(RaycastConvex, StartingInsideHitsAtTheStartOrWhereItLeaves) {
  testing::HullRing hulls;
  const Convex cube = hulls.make(cubeCorners());
  const auto solid = cast(Ray{{0, 0, 0}, {0, 0, 1}}, cube);
  ASSERT_TRUE(solid);
  EXPECT_EQ(solid->t, 0);
  EXPECT_TRUE(near(solid->normal, {0, 0, -1}, 0));
  RaycastOptions hollow;
  hollow.solid = false;
  const auto leaves = cast(Ray{{0, 0, 0}, {0, 0, 1}}, cube, hollow);
  ASSERT_TRUE(leaves);
  EXPECT_EQ(leaves->t, 1);
  EXPECT_TRUE(near(leaves->normal, {0, 0, 1}, 1e-15));
  EXPECT_FALSE(cast(Segment{{0, 0, 0}, {0, 0, 0.5}}, cube, hollow));  // ends inside: it never leaves
  // On a face, leaving through it: t = 0 with the face's outward normal.
  const auto onFace = cast(Ray{{1, 0, 0}, {1, 0, 0}}, cube);
  ASSERT_TRUE(onFace);
  EXPECT_EQ(onFace->t, 0);
  EXPECT_TRUE(near(onFace->normal, {1, 0, 0}, 1e-15));
}

TEST(RaycastConvex, AnEdgeGrazedHitsAndOneUlpAboveMisses) {
  testing::HullRing hulls;
  const Convex cube = hulls.make(cubeCorners());
  const auto graze = cast(Ray{{-3, 1, 1}, {1, 0, 0}}, cube);
  ASSERT_TRUE(graze);
  EXPECT_EQ(graze->t, 2);
  EXPECT_FALSE(cast(Ray{{-3, 1, std::nextafter(1.0, 2.0)}, {1, 0, 0}}, cube));
}

TEST(RaycastConvex, FlatAndSegmentHulls) {
  testing::HullRing hulls;
  const Convex square = hulls.make({{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}, {0, 0, 0}});
  const auto down = cast(Ray{{0.5, 0.5, 3}, {0, 0, -1}}, square);
  ASSERT_TRUE(down);
  EXPECT_EQ(down->t, 3);
  EXPECT_TRUE(near(down->normal, {0, 0, 1}, 0));  // the side facing the caster
  const auto up = cast(Ray{{0.5, 0.5, -3}, {0, 0, 1}}, square);
  ASSERT_TRUE(up);
  EXPECT_TRUE(near(up->normal, {0, 0, -1}, 0));
  EXPECT_FALSE(cast(Ray{{1.5, 0.5, 3}, {0, 0, -1}}, square));
  const Convex rod = hulls.make({{0, -1, 0}, {0, 1, 0}, {0, 0.5, 0}});
  const auto across = cast(Segment{{-2, 0.25, 0}, {2, 0.25, 0}}, rod);
  ASSERT_TRUE(across);
  EXPECT_EQ(across->t, 0.5);
  EXPECT_TRUE(near(across->normal, {-1, 0, 0}, 0));
}

}  // namespace
}  // namespace c3d
