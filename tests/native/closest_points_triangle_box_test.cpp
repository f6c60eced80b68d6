// closestPoints(triangle, aabb | obb) through the closestPoints table (closest_points_triangle_box.h): hand-derived
// cases (a corner, an edge and a face nearest; touching; just apart; a triangle without area), and on random and
// grid shapes against an independent reference: the distance from the triangle's point (u, v) to the box, convex
// in (u, v), minimised by nested ternary searches (the inner minimum over u is convex in v), with the point-to-box
// distance written here. distance() is 0 exactly when intersects() is true, and the points lie on their shapes.
#include <algorithm>
#include <cmath>

#include "collide3d/dispatch/tables.h"
#include "query_checks.h"
#include "test_support.h"

namespace c3d {
namespace {

using testing::near;
using testing::Random;

double below(double x) { return std::nextafter(x, 0.0); }

template <class A, class B>
ClosestPoints closestOf(const A& a, const B& b) {
  return closestPointsTable().at(A::kType, B::kType)(encodedBuffer(a).data(), encodedBuffer(b).data());
}

template <class A, class B>
bool meets(const A& a, const B& b) {
  return intersectsTable().at(A::kType, B::kType)(encodedBuffer(a).data(), encodedBuffer(b).data());
}

const Aabb kCube{{-1, -1, -1}, {1, 1, 1}};

TEST(ClosestPointsTriangleBox, NearestCornerEdgeAndFace) {
  // A triangle in the plane z = 3 over the cube: its face is nearest to the cube's top face, 2 apart; every point
  // of the top face under the triangle is nearest, so only z and the distance are fixed.
  const ClosestPoints face = closestOf(Triangle{{-5, -5, 3}, {5, -5, 3}, {0, 5, 3}}, kCube);
  EXPECT_EQ(face.distance, 2);
  EXPECT_EQ(face.pointA.z, 3);
  EXPECT_EQ(face.pointB.z, 1);
  EXPECT_EQ(face.pointA.x, face.pointB.x);
  EXPECT_EQ(face.pointA.y, face.pointB.y);
  // A triangle whose corner (3, 5, 7) is nearest the cube's corner (1, 1, 1): offsets (2, 4, 6), distance sqrt(56).
  const ClosestPoints corner = closestOf(Triangle{{3, 5, 7}, {9, 5, 7}, {3, 9, 7}}, kCube);
  EXPECT_NEAR(corner.distance, std::sqrt(56.0), 1e-15);
  EXPECT_EQ(corner.pointA, (Vec3{3, 5, 7}));
  EXPECT_EQ(corner.pointB, (Vec3{1, 1, 1}));
  // A triangle edge along z at x = y = 3 passes the cube's edge x = y = 1: 2 sqrt(2) apart, at z in [-1, 1].
  const ClosestPoints edge = closestOf(Triangle{{3, 3, -5}, {3, 3, 5}, {9, 9, 0}}, kCube);
  EXPECT_NEAR(edge.distance, 2 * std::sqrt(2.0), 1e-15);
  EXPECT_EQ(edge.pointA.x, 3);
  EXPECT_EQ(edge.pointB.x, 1);
  EXPECT_EQ(edge.pointA.z, edge.pointB.z);
  EXPECT_LE(std::fabs(edge.pointA.z), 1);
}

TEST(ClosestPointsTriangleBox, TouchingAndJustApart) {
  // The triangle's corner (1, 1, 1) on the cube's corner; a triangle lying on the top face; one ulp away.
  const ClosestPoints corner = closestOf(Triangle{{1, 1, 1}, {3, 1, 1}, {1, 3, 4}}, kCube);
  EXPECT_EQ(corner.distance, 0);
  EXPECT_EQ(corner.pointA, (Vec3{1, 1, 1}));
  EXPECT_EQ(corner.pointB, (Vec3{1, 1, 1}));
  const ClosestPoints face = closestOf(Triangle{{-5, -5, 1}, {5, -5, 1}, {0, 5, 1}}, kCube);
  EXPECT_EQ(face.distance, 0);
  EXPECT_EQ(face.pointA, face.pointB);
  EXPECT_EQ(face.pointA.z, 1);
  const double up = std::nextafter(1.0, 2.0);
  const ClosestPoints apart = closestOf(Triangle{{up, up, up}, {3, 1, 1}, {1, 3, 4}}, Aabb{{-1, -1, -1}, {1, 1, 1}});
  EXPECT_GT(apart.distance, 0);
  EXPECT_LT(apart.distance, 1e-15);
  // A box edge through the triangle's middle (no vertex of either inside the other): a common point.
  const ClosestPoints crossing = closestOf(Triangle{{-5, -5, 0}, {5, -5, 0}, {0, 5, 0}}, Aabb{{-0.5, -0.5, -3}, {0.5, 0.5, 3}});
  EXPECT_EQ(crossing.distance, 0);
  EXPECT_EQ(crossing.pointA, crossing.pointB);
  EXPECT_EQ(crossing.pointA, (Vec3{0, 0, 0}));  // the middle of the square the triangle cuts from the box
}

TEST(ClosestPointsTriangleBox, AnAabbsPointsAreItsOwnCoordinates) {
  // Clamped to the box's bounds, not rebuilt from its centre: a point over the top face 0.7 of [0.1, 0.7]^3 keeps
  // its x and y.
  Random random(13);
  for (int i = 0; i < 100; ++i) {
    const Vec3 p{random.uniform(0.1, 0.7), random.uniform(0.1, 0.7), 2};
    const ClosestPoints c = closestOf(Triangle{p, p, p}, Aabb{{0.1, 0.1, 0.1}, {0.7, 0.7, 0.7}});
    EXPECT_EQ(c.pointB, (Vec3{p.x, p.y, 0.7}));
    EXPECT_EQ(c.pointA, p);
  }
}

TEST(ClosestPointsTriangleBox, OrientedBoxAndReversedOrder) {
  // The cube turned about z by the Pythagorean angle, its face +u at distance 1 from the centre; a point triangle
  // 3 along u from the centre is 2 from it.
  Mat3 turn;
  const double m[9] = {0.6, 0.8, 0, -0.8, 0.6, 0, 0, 0, 1};
  std::copy(m, m + 9, turn.m);
  const Obb box{{1, 2, 0}, {1, 1, 1}, turn};
  const Triangle point{{2.8, 4.4, 0}, {2.8, 4.4, 0}, {2.8, 4.4, 0}};
  const ClosestPoints c = closestOf(point, box);
  EXPECT_NEAR(c.distance, 2, 1e-15);
  EXPECT_TRUE(near(c.pointB, {1.6, 2.8, 0}, 1e-15));
  const ClosestPoints back = closestOf(box, point);
  EXPECT_EQ(back.pointA, c.pointB);
  EXPECT_EQ(back.pointB, c.pointA);
  EXPECT_EQ(back.distance, c.distance);
}

// ---- Against the reference ----------------------------------------------------------------------------------------


// The least of a convex function on [lo, hi].
template <class F>
double minimum(F f, double lo, double hi) {
  for (int i = 0; i < 100 && hi > lo; ++i) {
    const double m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
    if (f(m1) < f(m2)) {
      hi = m2;
    } else {
      lo = m1;
    }
  }
  return f(0.5 * (lo + hi));
}

template <class Box>
double referenceDistance(const Triangle& t, const Box& box) {
  const auto at = [&](double u, double v) { return testing::distanceToBox(box, t.a + (t.b - t.a) * u + (t.c - t.a) * v); };
  return minimum([&](double v) { return minimum([&](double u) { return at(u, v); }, 0, 1 - v); }, 0, 1);
}


template <class Box>
void expectAgrees(const Triangle& t, const Box& box, int& met) {
  const ClosestPoints c = closestOf(t, box);
  const bool meet = meets(t, box);
  met += meet;
  EXPECT_EQ(c.distance == 0, meet);
  EXPECT_NEAR(c.distance, referenceDistance(t, box), 1e-9);
  EXPECT_NEAR(length(c.pointB - c.pointA), c.distance, 1e-12);
  EXPECT_LE(testing::distanceToTriangle(c.pointA, t), 1e-9);
  EXPECT_LE(testing::distanceToBox(box, c.pointB), 1e-9);
  const ClosestPoints back = closestOf(box, t);
  EXPECT_EQ(back.pointA, c.pointB);
  EXPECT_EQ(back.distance, c.distance);
}

TEST(ClosestPointsTriangleBox, RandomShapesMatchTheReference) {
  Random random(11);
  int met = 0;
  const int trials = testing::cases(300);
  for (int trial = 0; trial < trials; ++trial) {
    SCOPED_TRACE(trial);
    const Triangle t = testing::randomTriangle(random, false);
    const Vec3 centre = random.vector(-2, 2), half = random.vector(0, 2);
    expectAgrees(t, Aabb{centre - half, centre + half}, met);
    expectAgrees(t, Obb{centre, half, random.rotation()}, met);
  }
  EXPECT_GT(met, trials / 5);
  EXPECT_LT(met, 2 * trials - trials / 5);
}

TEST(ClosestPointsTriangleBox, GridShapesMatchTheReference) {
  // Integer corners: vertices on faces, edges through edges, flat boxes, triangles without area.
  Random random(12);
  int met = 0;
  const int trials = testing::cases(300);
  for (int trial = 0; trial < trials; ++trial) {
    SCOPED_TRACE(trial);
    const Triangle t = testing::randomTriangle(random, true);
    const Vec3 lo = random.integerVector(-3, 1);
    expectAgrees(t, Aabb{lo, lo + random.integerVector(0, 3)}, met);
  }
  EXPECT_GT(met, trials / 5);
}

TEST(ClosestPointsTriangleBox, JustApartIsAboveZero) {
  // The cube's corner (1, 1, 1) an ulp short of the triangle x + y + z = 3 at its centroid.
  const Triangle tilted{{3, 0, 0}, {0, 3, 0}, {0, 0, 3}};
  EXPECT_EQ(closestOf(tilted, Aabb{{0, 0, 0}, {1, 1, 1}}).distance, 0);
  const ClosestPoints apart = closestOf(tilted, Aabb{{0, 0, 0}, {1, 1, below(1)}});
  EXPECT_GT(apart.distance, 0);
  EXPECT_LT(apart.distance, 1e-15);
}

}  // namespace
}  // namespace c3d
