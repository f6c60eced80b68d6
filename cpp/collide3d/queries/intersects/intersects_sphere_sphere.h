// Two balls meet when the distance of their centers is at most the sum of their radii, compared squared so no
// square root is taken (Ericson §4.3.1), and decided exactly (exact::filteredSign).
#pragma once
#include "collide3d/math/exact/filtered_sign.h"
#include "collide3d/shapes/sphere.h"

namespace c3d {

// |q - p|^2 - (a + b)^2 for balls of radii a, b around p, q: <= 0 when they share a point.
constexpr auto kBallsGap = [](const auto& p, const auto& a, const auto& q, const auto& b) {
  const auto gap = q - p;
  return dot(gap, gap) - (a + b) * (a + b);
};

inline bool ballsMeet(Vec3 pa, double ra, Vec3 pb, double rb) {
  return exact::filteredSign(kBallsGap, pa, ra, pb, rb) <= 0;
}

inline bool intersects(const Sphere& a, const Sphere& b) { return ballsMeet(a.center, a.radius, b.center, b.radius); }

}  // namespace c3d
