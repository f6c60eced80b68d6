// closestPoints(triangle, triangle) through the closestPoints table: hand-computed cases in integer coordinates
// (apart along a face, an edge, a vertex; touching at a vertex, along an edge, coplanar), and random pairs checked
// against the exact squared distance in GMP rationals (the least over the six edges of the exact segment–triangle
// distance, exact_distance.h), against intersects (distance 0 exactly when the triangles meet), and for invariance
// under every vertex order and both argument orders.
#include <algorithm>
#include <cmath>
#include <vector>

#include "collide3d/dispatch/tables.h"
#include "collide3d/queries/distance/closest_points_triangle_triangle.h"
#include "exact_distance.h"
#include "test_support.h"

namespace c3d {
namespace {

using testing::near;
using testing::Random;

ClosestPoints closest(const Triangle& a, const Triangle& b) {
  const ClosestPointsFn entry = closestPointsTable().at(ShapeType::Triangle, ShapeType::Triangle);
  EXPECT_NE(entry, nullptr);
  return entry(encodedBuffer(a).data(), encodedBuffer(b).data());
}

// The exact squared distance of two closed triangles: the least over each one's edges of the edge's distance to the
// other (0 when they meet: an edge of one then meets the other).
mpq_class exactSquared(const Triangle& s, const Triangle& t) {
  mpq_class best = -1;
  for (const auto& [edges, other] : {std::pair{s, t}, std::pair{t, s}}) {
    for (int i = 0; i < 3; ++i) {
      const mpq_class d = testing::squaredSegmentToTriangle(vertex(edges, i), vertex(edges, (i + 1) % 3), other);
      if (best < 0 || d < best) best = d;
    }
  }
  return best;
}

double distanceTo(const Triangle& t, Vec3 p) { return std::sqrt(testing::squaredToTriangle(p, t).get_d()); }

// A valid answer: each point on its triangle, the distance their separation and the exact distance to 1e-13 of the
// scene, a common point at distance 0, and 0 exactly when they meet (by the exact distance, and by intersects).
void expectValid(const Triangle& s, const Triangle& t, const ClosestPoints& r, double scene) {
  const double tolerance = 1e-13 * scene;
  const mpq_class exact = exactSquared(s, t);
  EXPECT_LE(distanceTo(s, r.pointA), tolerance);
  EXPECT_LE(distanceTo(t, r.pointB), tolerance);
  EXPECT_NEAR(length(r.pointB - r.pointA), r.distance, tolerance);
  EXPECT_NEAR(r.distance, std::sqrt(exact.get_d()), tolerance);
  EXPECT_EQ(r.distance == 0, exact == 0);
  EXPECT_EQ(r.distance == 0, intersects(s, t));
  if (r.distance == 0) {
    EXPECT_TRUE(near(r.pointA, r.pointB, 0));
  }
}

const Triangle kFloor{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}};

TEST(ClosestPointsTriangleTriangle, ApartAboveTheFaceAlongAnEdgeAndAtAVertex) {
  // A vertex 3 above the floor's face.
  ClosestPoints r = closest(kFloor, {{1, 1, 3}, {2, 1, 5}, {1, 2, 5}});
  EXPECT_EQ(r.distance, 3);
  EXPECT_TRUE(near(r.pointA, {1, 1, 0}, 0));
  EXPECT_TRUE(near(r.pointB, {1, 1, 3}, 0));
  // Two skew edges: the floor's edge along x, and one along z over y = -2 at x = 1: 2 apart, at (1, 0, 0)-(1, -2, 0).
  r = closest(kFloor, {{1, -2, -1}, {1, -2, 1}, {1, -5, 0}});
  EXPECT_EQ(r.distance, 2);
  EXPECT_TRUE(near(r.pointA, {1, 0, 0}, 0));
  EXPECT_TRUE(near(r.pointB, {1, -2, 0}, 0));
  // Corner against corner: (0, 0, 0) and (-1, -2, -2), 3 apart.
  r = closest(kFloor, {{-1, -2, -2}, {-5, -2, -2}, {-1, -6, -2}});
  EXPECT_EQ(r.distance, 3);
  EXPECT_TRUE(near(r.pointA, {0, 0, 0}, 0));
  EXPECT_TRUE(near(r.pointB, {-1, -2, -2}, 0));
  // Parallel faces 1 apart, overlapping in projection: any pair of the overlap, at distance 1.
  r = closest(kFloor, {{1, 1, 1}, {3, 1, 1}, {1, 3, 1}});
  EXPECT_EQ(r.distance, 1);
  EXPECT_EQ(r.pointB.z - r.pointA.z, 1);
}

TEST(ClosestPointsTriangleTriangle, TouchingAndCrossingAreDistanceZeroWithACommonPoint) {
  const Triangle touching[] = {
      {{4, 0, 0}, {5, 1, 1}, {6, -1, 2}},    // at the floor's vertex (4, 0, 0)
      {{2, 0, 0}, {3, -1, 1}, {2, -2, -1}},  // at a point of its edge
      {{1, 1, 0}, {1, 1, 5}, {2, 3, 5}},     // a vertex on its face
      {{2, 2, 0}, {-1, 5, 0}, {2, 2, 3}},    // an edge along its hypotenuse, from outside it
      {{4, 0, 0}, {8, 0, 0}, {4, -4, 0}},    // coplanar, sharing only a vertex
      {{0, 0, 0}, {4, 0, 0}, {2, -3, 0}},    // coplanar, sharing an edge
      {{1, 1, 0}, {2, 1, 0}, {1, 2, 0}},     // coplanar, inside it
      {{1, 1, -1}, {1, 1, 1}, {3, 3, 0}},    // crossing it
  };
  for (const Triangle& t : touching) {
    const ClosestPoints r = closest(kFloor, t);
    EXPECT_EQ(r.distance, 0);
    EXPECT_TRUE(intersects(kFloor, t));
    expectValid(kFloor, t, r, 8);
  }
}

TEST(ClosestPointsTriangleTriangle, ZeroAreaTrianglesAreTheirSegmentsAndPoints) {
  const Triangle segmentAbove{{1, 1, 2}, {2, 1, 2}, {3, 1, 2}};
  EXPECT_EQ(closest(kFloor, segmentAbove).distance, 2);
  const Triangle point{{5, 5, 0}, {5, 5, 0}, {5, 5, 0}};  // beyond the hypotenuse x + y = 4, at (2, 2, 0)
  const ClosestPoints r = closest(kFloor, point);
  EXPECT_NEAR(r.distance, 3 * std::sqrt(2.0), 1e-15);
  EXPECT_TRUE(near(r.pointA, {2, 2, 0}, 1e-15));
  EXPECT_EQ(closest(point, point).distance, 0);
}

// Every vertex order of either triangle and both argument orders give the same numbers (swapped with the arguments).
void expectOrderFree(const Triangle& s, const Triangle& t) {
  const ClosestPoints r = closest(s, t);
  const int orders[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};
  for (const auto& o : orders) {
    for (const auto& p : orders) {
      const Triangle so{vertex(s, o[0]), vertex(s, o[1]), vertex(s, o[2])};
      const Triangle tp{vertex(t, p[0]), vertex(t, p[1]), vertex(t, p[2])};
      const ClosestPoints forward = closest(so, tp), backward = closest(tp, so);
      ASSERT_EQ(forward.distance, r.distance);
      ASSERT_TRUE(near(forward.pointA, r.pointA, 0));
      ASSERT_TRUE(near(forward.pointB, r.pointB, 0));
      ASSERT_TRUE(near(backward.pointA, r.pointB, 0));
      ASSERT_TRUE(near(backward.pointB, r.pointA, 0));
    }
  }
}

TEST(ClosestPointsTriangleTriangle, RandomPairsAgreeWithTheExactDistance) {
  Random random(17);
  int met = 0, apart = 0;
  for (int k = 0; k < testing::cases(3000); ++k) {
    // Triangles of sizes 0.1 to 3 around points of a unit cube: some meet, most do not.
    auto triangle = [&] {
      const Vec3 centre = random.vector(-0.5, 0.5);
      const double size = std::pow(10.0, random.uniform(-1, 0.5));
      return Triangle{centre + random.vector(-size, size), centre + random.vector(-size, size),
                      centre + random.vector(-size, size)};
    };
    const Triangle s = triangle(), t = triangle();
    const ClosestPoints r = closest(s, t);
    expectValid(s, t, r, 8);
    (r.distance == 0 ? met : apart) += 1;
    if (k % 50 == 0) expectOrderFree(s, t);
  }
  EXPECT_GT(met, testing::cases(3000) / 20);
  EXPECT_GT(apart, testing::cases(3000) / 10);
}

// Integer triangles on a small grid: many touch exactly at vertices and edges or lie in one plane.
TEST(ClosestPointsTriangleTriangle, IntegerPairsTouchExactly) {
  Random random(18);
  int touching = 0;
  for (int k = 0; k < testing::cases(3000); ++k) {
    auto triangle = [&] {
      return Triangle{random.integerVector(0, 2), random.integerVector(0, 2), random.integerVector(0, 2)};
    };
    const Triangle s = triangle(), t = triangle();
    const ClosestPoints r = closest(s, t);
    expectValid(s, t, r, 4);
    touching += r.distance == 0;
    if (k % 100 == 0) expectOrderFree(s, t);
  }
  EXPECT_GT(touching, testing::cases(3000) / 10);
}

}  // namespace
}  // namespace c3d
