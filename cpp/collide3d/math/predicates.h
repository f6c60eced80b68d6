// Orientation predicates (Shewchuk 1997, "Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric
// Predicates", for the definitions). Evaluated in plain double arithmetic: the sign is exact whenever the products
// are (e.g. integer coordinates below 2^17), and otherwise the nearest rounding of the exact value.
#pragma once
#include "collide3d/math/vec3.h"

namespace c3d {

constexpr int sign(double value) { return (value > 0) - (value < 0); }

// > 0 when d lies on the side of plane abc that (b - a) x (c - a) points to. Exactly 0 whenever two of the points
// coincide (a shared vertex of two triangles in a mesh): the products would not round to 0 by themselves when d is
// b or c, so that case is decided by identity.
constexpr double orient3d(Vec3 a, Vec3 b, Vec3 c, Vec3 d) {
  if (d == a || d == b || d == c) return 0;
  return dot(cross(b - a, c - a), d - a);
}

struct Vec2 {
  double x, y;
};

// > 0 when a, b, c turn counter-clockwise.
constexpr double orient2d(Vec2 a, Vec2 b, Vec2 c) { return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x); }

// The coordinates of p in the coordinate plane that drops `axis` (kept in cyclic order, so orientations seen along
// +axis are preserved).
constexpr Vec2 dropAxis(Vec3 p, int axis) {
  return axis == 0 ? Vec2{p.y, p.z} : axis == 1 ? Vec2{p.z, p.x} : Vec2{p.x, p.y};
}

// The axis along which v has its largest magnitude.
constexpr int dominantAxis(Vec3 v) {
  const Vec3 a = abs(v);
  return a.x >= a.y && a.x >= a.z ? 0 : a.y >= a.z ? 1 : 2;
}

}  // namespace c3d
