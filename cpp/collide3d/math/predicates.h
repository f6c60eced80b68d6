// Orientation predicates with exact signs (Shewchuk 1997, "Adaptive Precision Floating-Point Arithmetic and Fast
// Robust Geometric Predicates", for the definitions; evaluated by the filter of exact/filtered_sign.h): the sign is
// what exact arithmetic on the given doubles says, so coincident, collinear and coplanar points are recognised
// whatever their coordinates.
#pragma once
#include "collide3d/math/exact/filtered_sign.h"
#include "collide3d/math/vec3.h"

namespace c3d {

constexpr int sign(double value) { return (value > 0) - (value < 0); }

// ((b - a) x (c - a)).(d - a): six times the signed volume of abcd.
constexpr auto kSignedVolume = [](const auto& a, const auto& b, const auto& c, const auto& d) {
  return dot(cross(b - a, c - a), d - a);
};

// The signed volume with its exact sign (a few ulps accurate).
inline double signedVolume(Vec3 a, Vec3 b, Vec3 c, Vec3 d) { return exact::filteredValue(kSignedVolume, a, b, c, d); }

// 1 when d lies on the side of plane abc that (b - a) x (c - a) points to, -1 on the other side, 0 on the plane.
inline int orient3d(Vec3 a, Vec3 b, Vec3 c, Vec3 d) { return sign(signedVolume(a, b, c, d)); }

struct Vec2 {
  double x, y;
};

// 1 when a, b, c turn counter-clockwise, -1 clockwise, 0 when collinear.
inline int orient2d(Vec2 a, Vec2 b, Vec2 c) {
  return exact::filteredSign(
      [](const auto& ax, const auto& ay, const auto& bx, const auto& by, const auto& cx, const auto& cy) {
        return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
      },
      a.x, a.y, b.x, b.y, c.x, c.y);
}

// The coordinates of p in the coordinate plane that drops `axis` (kept in cyclic order, so orientations seen along
// +axis are preserved).
constexpr Vec2 dropAxis(Vec3 p, int axis) {
  return axis == 0 ? Vec2{p.y, p.z} : axis == 1 ? Vec2{p.z, p.x} : Vec2{p.x, p.y};
}

// The sign of component `axis` of the normal (b - a) x (c - a), exactly: the orientation of the triangle seen along
// that axis.
inline int normalSign(Vec3 a, Vec3 b, Vec3 c, int axis) {
  return orient2d(dropAxis(a, axis), dropAxis(b, axis), dropAxis(c, axis));
}

// Whether a, b, c are collinear (or coincide) exactly: every component of their normal is exactly 0.
inline bool collinear(Vec3 a, Vec3 b, Vec3 c) {
  return normalSign(a, b, c, 0) == 0 && normalSign(a, b, c, 1) == 0 && normalSign(a, b, c, 2) == 0;
}

// An axis along which the normal of the non-collinear a, b, c is exactly non-zero, preferring its largest
// computed component (so dropping it keeps the triangle's shape best).
inline int projectionAxis(Vec3 a, Vec3 b, Vec3 c) {
  const Vec3 n = abs(cross(b - a, c - a));
  const int largest = n.x >= n.y && n.x >= n.z ? 0 : n.y >= n.z ? 1 : 2;
  if (normalSign(a, b, c, largest) != 0) return largest;
  return normalSign(a, b, c, (largest + 1) % 3) != 0 ? (largest + 1) % 3 : (largest + 2) % 3;
}

}  // namespace c3d
