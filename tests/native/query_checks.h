// Checks shared by the query tests: sweep and contact results against expected values, and brute distances from a
// point to a segment and a triangle (independent of the library's closest-point code).
#pragma once
#include <algorithm>
#include <cmath>
#include <optional>

#include "collide3d/queries/results.h"
#include "collide3d/shapes/aabb.h"
#include "collide3d/shapes/obb.h"
#include "collide3d/shapes/triangle.h"
#include "test_support.h"

namespace c3d::testing {

// A contact at t with that point and normal, each within `tolerance`.
inline ::testing::AssertionResult contactIs(const std::optional<SweepHit>& hit, double t, Vec3 point, Vec3 normal,
                                            double tolerance = 1e-12) {
  if (!hit) return ::testing::AssertionFailure() << "no contact, expected one at t = " << t;
  if (!(std::fabs(hit->t - t) <= tolerance)) {
    return ::testing::AssertionFailure() << "t = " << hit->t << ", expected " << t;
  }
  if (::testing::AssertionResult result = near(hit->point, point, tolerance); !result) return result << " (point)";
  if (::testing::AssertionResult result = near(hit->normal, normal, tolerance); !result) return result << " (normal)";
  return ::testing::AssertionSuccess();
}

inline ::testing::AssertionResult noContact(const std::optional<SweepHit>& hit) {
  if (!hit) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "contact at t = " << hit->t << ", expected none";
}

inline void expectContact(const std::optional<Contact>& c, Vec3 normal, double depth, Vec3 pointA, Vec3 pointB,
                          double tolerance) {
  ASSERT_TRUE(c.has_value());
  EXPECT_GE(c->depth, 0);
  EXPECT_TRUE(near(c->normal, normal, tolerance));
  EXPECT_NEAR(c->depth, depth, tolerance);
  EXPECT_TRUE(near(c->pointA, pointA, tolerance));
  EXPECT_TRUE(near(c->pointB, pointB, tolerance));
}

// Exact values: every coordinate and the depth compare equal.
inline void expectExactContact(const std::optional<Contact>& c, Vec3 normal, double depth, Vec3 pointA, Vec3 pointB) {
  expectContact(c, normal, depth, pointA, pointB, 0);
}

inline double distanceToSegment(Vec3 p, Vec3 a, Vec3 b) {
  const Vec3 d = b - a;
  const double s = lengthSquared(d) > 0 ? std::clamp(dot(p - a, d) / lengthSquared(d), 0.0, 1.0) : 0.0;
  return length(p - (a + d * s));
}

// The distance from p to the triangle: to its plane when p projects inside, else to the nearest edge.
inline double distanceToTriangle(Vec3 p, const Triangle& t) {
  const double edges =
      std::min({distanceToSegment(p, t.a, t.b), distanceToSegment(p, t.b, t.c), distanceToSegment(p, t.c, t.a)});
  const Vec3 n = cross(t.b - t.a, t.c - t.a);
  if (lengthSquared(n) == 0) return edges;
  const bool inside = dot(cross(t.b - t.a, p - t.a), n) >= 0 && dot(cross(t.c - t.b, p - t.b), n) >= 0 &&
                      dot(cross(t.a - t.c, p - t.c), n) >= 0;
  return inside ? std::fabs(dot(p - t.a, n)) / length(n) : edges;
}

// The distance from p to a box, by its gaps along the box's own axes.
inline double distanceOutside(Vec3 local, Vec3 half) { return length(componentMax(abs(local) - half, Vec3{0, 0, 0})); }
inline double distanceToBox(const Aabb& box, Vec3 p) {
  return distanceOutside(p - (box.min + box.max) * 0.5, (box.max - box.min) * 0.5);
}
inline double distanceToBox(const Obb& box, Vec3 p) {
  const Vec3 d = p - box.center;
  const Mat3& r = box.rotation;
  return distanceOutside({dot(r.column(0), d), dot(r.column(1), d), dot(r.column(2), d)}, box.halfSize);
}

}  // namespace c3d::testing
