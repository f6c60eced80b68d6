// Points and casters against a solid ellipsoid, decided exactly by the ball map of intersects_quadric_triangle.h
// (y -> (s_k u_k.y)_k, s_k the product of the other radii, onto the ball of radius r0 r1 r2; zero radii taken as 1
// there, their planes u_k.y = 0 required exactly).
// - A point is in it iff it lies in the zero radii's planes and its image in the ball.
// - Rays, lines and segments meet it when their cast hits it (raycast_ellipsoid.h, through intersectsByCast): the
//   mapped caster against the ball, after the cut by the flat planes.
#pragma once
#include <tuple>

#include "collide3d/queries/intersects/intersects_caster_shape.h"
#include "collide3d/queries/raycast/raycast_ellipsoid.h"

namespace c3d {

// The point's coordinates along the axes (times nothing: only their signs are read, for the flat planes) and its
// image's reach against the ball, |map(y)|^2 - (r0 r1 r2)^2.
constexpr auto kPointInEllipsoid = [](const auto& p, const auto& c, const auto& r, const auto& u0, const auto& u1,
                                      const auto& u2) {
  const auto y = p - c;
  const auto mapped = ellipsoid_caster::kMap(r, u0, u1, u2, y);
  const auto rho = r.x * r.y * r.z;
  return std::make_tuple(dot(u0, y), dot(u1, y), dot(u2, y), dot(mapped, mapped) - rho * rho);
};

inline bool intersects(const Point& point, const Ellipsoid& ellipsoid) {
  const ellipsoid_caster::Frame f = ellipsoid_caster::frameOf(ellipsoid);
  const auto v = exact::filteredValues(kPointInEllipsoid, point.position, f.center, f.radii, f.u0, f.u1, f.u2);
  for (int i = 0; i < f.flatCount; ++i) {
    if (v[f.flat[i]] != 0) return false;
  }
  return v[3] <= 0;
}

}  // namespace c3d
