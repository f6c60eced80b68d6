// intersection(box, plane): the cross-section polygon. Hand cases on the cube [0, 2]^3 (exact: integer corners and
// halfway cuts) check the corners and their counter-clockwise order; random boxes and planes are checked against an
// independent description of the section: every corner lies on the plane and in the box, the polygon is convex and
// counter-clockwise around the normal, and sampled points of the plane inside the box lie inside the polygon.
#include <cmath>

#include "collide3d/queries/intersection/intersection_plane_box.h"
#include "test_support.h"

namespace c3d {
namespace {

using Kind = IntersectionSet::Kind;
using testing::near;

const Aabb kCube{{0, 0, 0}, {2, 2, 2}};

// Twice the signed area of polygon corner triple (a, b, c) seen along n.
double turn(Vec3 a, Vec3 b, Vec3 c, Vec3 n) { return dot(cross(b - a, c - b), n); }

TEST(IntersectionPlaneBox, AxisPlaneCutsASquare) {
  const auto set = intersection(kCube, Plane{{0, 0, 1}, -1});  // z = 1
  ASSERT_TRUE(set && set->kind == Kind::Polygon);
  ASSERT_EQ(set->count, 4);
  for (int k = 0; k < 4; ++k) {
    EXPECT_EQ(set->polygon[k].z, 1);
    EXPECT_TRUE(set->polygon[k].x == 0 || set->polygon[k].x == 2);
    EXPECT_GT(turn(set->polygon[k], set->polygon[(k + 1) % 4], set->polygon[(k + 2) % 4], {0, 0, 1}), 0);
  }
}

TEST(IntersectionPlaneBox, DiagonalPlaneThroughTheCenterCutsARegularHexagon) {
  // x + y + z = 3 crosses the six edges not touching (0,0,0) or (2,2,2) at their midpoints, e.g. (0, 1, 2).
  const auto set = intersection(kCube, Plane{{1, 1, 1}, -3});
  ASSERT_TRUE(set && set->kind == Kind::Polygon);
  ASSERT_EQ(set->count, 6);
  for (int k = 0; k < 6; ++k) {
    const Vec3 p = set->polygon[k];
    EXPECT_EQ(p.x + p.y + p.z, 3);
    EXPECT_NEAR(length(set->polygon[(k + 1) % 6] - p), std::sqrt(2.0), 1e-15);  // the hexagon's side
    EXPECT_GT(turn(p, set->polygon[(k + 1) % 6], set->polygon[(k + 2) % 6], {1, 1, 1}), 0);
  }
}

TEST(IntersectionPlaneBox, TouchingAVertexAnEdgeOrAFace) {
  EXPECT_TRUE(near(intersection(kCube, Plane{{1, 1, 1}, 0})->p0, {0, 0, 0}, 0));  // only the corner (0,0,0)
  EXPECT_EQ(intersection(kCube, Plane{{1, 1, 1}, 0})->kind, Kind::Point);
  const auto edge = intersection(kCube, Plane{{1, 1, 0}, -4});  // x + y = 4: the edge x = y = 2
  ASSERT_TRUE(edge && edge->kind == Kind::Segment);
  EXPECT_EQ(edge->p0.x, 2);
  EXPECT_EQ(edge->p1.y, 2);
  const auto face = intersection(kCube, Plane{{0, 0, 1}, -2});  // the top face z = 2
  ASSERT_TRUE(face && face->kind == Kind::Polygon);
  EXPECT_EQ(face->count, 4);
  EXPECT_FALSE(intersection(kCube, Plane{{0, 0, 1}, -2.5}));
}

TEST(IntersectionPlaneBox, CornersWithinRoundingAreMergedSoTheOrderStaysCounterClockwise) {
  // Found by a review: x - y + z = 1 - 1e-16 passes 1e-16 from three corners of the unit cube; each near-corner
  // gave two points 1e-16 apart whose order by angle was noise. Merged, the section is the triangle of those corners.
  const auto set = intersection(Aabb{{0, 0, 0}, {1, 1, 1}}, Plane{{1, -1, 1}, -1 + 1e-16});
  ASSERT_TRUE(set && set->kind == Kind::Polygon);
  ASSERT_EQ(set->count, 3);
  for (int k = 0; k < 3; ++k) {
    EXPECT_GT(turn(set->polygon[k], set->polygon[(k + 1) % 3], set->polygon[(k + 2) % 3], set->normal), 0);
  }
}

TEST(IntersectionPlaneBox, FlatBoxInThePlaneIsItsRectangle) {
  const auto set = intersection(Aabb{{0, 0, 1}, {3, 2, 1}}, Plane{{0, 0, 1}, -1});
  ASSERT_TRUE(set && set->kind == Kind::Polygon);
  EXPECT_EQ(set->count, 4);
}

TEST(IntersectionPlaneBox, RandomSectionsAreConvexOnThePlaneAndCoverIt) {
  testing::Random random(21);
  int polygons = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const Obb box{random.vector(-2, 2), {random.uniform(0.2, 2), random.uniform(0.2, 2), random.uniform(0.2, 2)},
                  random.rotation()};
    const Vec3 n = random.vector(-1, 1);
    const Plane plane{n, -dot(n, box.center + random.vector(-1.5, 1.5))};
    const auto set = intersection(box, plane);
    if (!set || set->kind != Kind::Polygon) continue;
    ++polygons;
    const double scale = length(n);
    for (int k = 0; k < set->count; ++k) {
      const Vec3 p = set->polygon[k];
      EXPECT_NEAR(scaledDistance(plane, p) / scale, 0, 1e-12);
      const Vec3 local = transposeTimes(box.rotation, p - box.center);
      for (int axis = 0; axis < 3; ++axis) EXPECT_LE(std::fabs(component(local, axis)), component(box.halfSize, axis) + 1e-12);
      EXPECT_GE(turn(p, set->polygon[(k + 1) % set->count], set->polygon[(k + 2) % set->count], set->normal), -1e-12);
    }
    // Points of the plane inside the box lie inside the polygon: sample around the centroid along the basis.
    const OrthonormalBasis basis = orthonormalBasis(n);
    const Vec3 foot = box.center - n * (scaledDistance(plane, box.center) / dot(n, n));
    for (int s = 0; s < 50; ++s) {
      const Vec3 q = foot + basis.u * random.uniform(-4, 4) + basis.v * random.uniform(-4, 4);
      const Vec3 local = transposeTimes(box.rotation, q - box.center);
      bool inBox = true;
      for (int axis = 0; axis < 3; ++axis) inBox = inBox && std::fabs(component(local, axis)) < component(box.halfSize, axis) - 1e-9;
      if (!inBox) continue;
      for (int k = 0; k < set->count; ++k) {
        EXPECT_GE(dot(cross(set->polygon[(k + 1) % set->count] - set->polygon[k], q - set->polygon[k]), set->normal), -1e-9);
      }
    }
  }
  EXPECT_GT(polygons, 1000);
}

}  // namespace
}  // namespace c3d
