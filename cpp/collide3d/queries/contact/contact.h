// contact(a, b): how deeply two solids interpenetrate. Null when they do not meet; otherwise the unit `normal`
// pointing from a towards b along which b, translated by `depth`, stops overlapping a (the minimum translation),
// and the pair of points that translation brings together: pointA on a and pointB = pointA - depth * normal on b
// (for balls and capsules, each the point deepest inside the other). Touching gives depth 0, pointA == pointB.
// - Rounded shapes (point, sphere, segment, capsule): whether they meet is intersects' exact decision; the cores'
//   closest points (closest_cores.h) give the normal and depth = r_a + r_b - |core gap|, at least 0. When the
//   cores themselves meet, the normal is perpendicular to both cores (their cross product, or any perpendicular of
//   one), where moving by r_a + r_b separates them.
// - A sphere against a box: from the closest point of the box while the center is outside it; from the nearest
//   face while it is inside (Ericson §5.2.5 gives the test; the push-out through the nearest face is the minimum
//   translation out of a box).
// - Two axis-aligned boxes: on each axis the shorter of the two pushes (b up past a's max, or down past a's min);
//   the axis with the shortest push wins, the separating axis of least overlap.
#pragma once
#include <cmath>
#include <optional>

#include "collide3d/math/orthonormal_basis.h"
#include "collide3d/queries/distance/closest_points.h"
#include "collide3d/queries/intersects/intersects_sphere_box.h"

namespace c3d {

// A unit direction perpendicular to the segment cores' directions da and db (either may be zero).
inline Vec3 perpendicularTo(Vec3 da, Vec3 db) {
  const Vec3 both = cross(da, db);
  if (!isZero(both)) return both * (1 / length(both));
  if (!isZero(da)) return orthonormalBasis(da).u;
  if (!isZero(db)) return orthonormalBasis(db).u;
  return {0, 0, 1};
}

inline std::optional<Contact> contactRounded(const Rounded& a, const Rounded& b) {
  Vec3 pa, pb;
  closestCores(a, b, pa, pb);
  if (!coresWithin(a, b, pa, pb)) return std::nullopt;
  const Vec3 gap = pb - pa;
  const double d = length(gap);
  // Cores that meet (on one line, or crossing) leave a gap of rounding noise whose direction means nothing: then
  // the push is perpendicular to both cores.
  const Vec3 da = a.core.end - a.core.start, db = b.core.end - b.core.start;
  const double size = std::fmax(std::fmax(length(da), length(db)), std::fmax(length(pa), length(pb)));
  const Vec3 normal = d <= 1e-12 * size ? perpendicularTo(da, db) : unitDirection(gap);
  const double depth = std::fmax(a.radius + b.radius - d, 0.0);  // a touch rounded to a gap is a touch
  const Vec3 pointA = pa + normal * a.radius;
  return Contact{normal, depth, pointA, pointA - normal * depth};
}

// A ball against a box given in its own frame: the points origin + rotation * p with lo <= p <= hi. An AABB passes
// its min and max as they are (origin 0, identity rotation), so its faces are exactly where intersects sees them.
// `place` is the exact decision (ballInBox) that intersects takes; the normal and depth are rounded from it, the
// depth never below 0.
inline std::optional<Contact> contactBallBox(BallInBox place, Vec3 c, double r, Vec3 origin, Vec3 lo, Vec3 hi,
                                             const Mat3& rotation) {
  if (!place.meets) return std::nullopt;
  const Vec3 local = transposeTimes(rotation, c - origin);
  const Vec3 gapLocal = clampToBox(local, lo, hi) - local;
  if (!place.centreInside && !isZero(gapLocal)) {  // outside, by more than rounding shows
    const double d = length(gapLocal);
    const Vec3 normal = rotation * unitDirection(gapLocal);
    const double depth = std::fmax(r - d, 0.0);
    const Vec3 pointA = c + normal * r;
    return Contact{normal, depth, pointA, pointA - normal * depth};
  }
  // Inside (or on the surface): out through the nearest face.
  int axis = 0;
  double nearest = kInfinity, side = 1;
  for (int i = 0; i < 3; ++i) {
    const double v = component(local, i), toHi = component(hi, i) - v, toLo = v - component(lo, i);
    if (toHi < nearest) nearest = toHi, axis = i, side = 1;
    if (toLo < nearest) nearest = toLo, axis = i, side = -1;
  }
  const Vec3 outward = rotation.column(axis) * side;  // the nearest face's outward normal (rotation is orthonormal)
  const double depth = std::fmax(nearest, 0.0) + r;
  const Vec3 pointA = c - outward * r;
  return Contact{-outward, depth, pointA, pointA + outward * depth};
}

inline std::optional<Contact> contact(const Aabb& a, const Aabb& b) {
  double point[3];
  int axis = -1;
  double depth = kInfinity, sign = 1;
  for (int i = 0; i < 3; ++i) {
    const double aLo = component(a.min, i), aHi = component(a.max, i);
    const double bLo = component(b.min, i), bHi = component(b.max, i);
    if (aHi < bLo || bHi < aLo) return std::nullopt;
    const double up = aHi - bLo, down = bHi - aLo;  // pushes that move b past a's max or below a's min
    point[i] = 0.5 * (std::fmax(aLo, bLo) + std::fmin(aHi, bHi));
    if (std::fmin(up, down) < depth) axis = i, depth = std::fmin(up, down), sign = up <= down ? 1 : -1;
  }
  Vec3 normal{0, 0, 0};
  (axis == 0 ? normal.x : axis == 1 ? normal.y : normal.z) = sign;
  point[axis] = sign > 0 ? component(a.max, axis) : component(a.min, axis);  // a's face deepest inside b
  const Vec3 pointA{point[0], point[1], point[2]};
  return Contact{normal, depth, pointA, pointA - normal * depth};
}

}  // namespace c3d
