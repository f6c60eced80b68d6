// Points, casters and triangles against a solid capped cone, decided exactly.
// - A point p is in the cone when, with e = apex - base, E = e.e, Z = (p - base).e and Q = |(p - base) x e|^2,
//   0 <= Z <= E and Q E <= r^2 (E - Z)^2: between the base's and the apex's planes, and within r (E - Z) / E of the
//   axis (both sides of the last are >= 0 there, so it may be squared).
// - Rays, lines and segments meet it when their cast hits it (raycast_cone.h, through intersectsByCast).
// - A triangle T meets it iff an edge of T meets the cone, the axis segment base-apex meets T, or T meets the base
//   disc. For suppose the cone meets T but no edge does: the cone's section by T's plane is convex, meets T and not
//   T's boundary, so it lies inside T. If the plane holds the apex or a point of the disc, that point is in T. Else
//   the disc (connected) lies on one side of the plane, and the apex on the other (if on the same side, the cone,
//   their hull, would miss the plane): the axis segment from the disc's centre to the apex crosses the plane inside
//   the cone, so inside T. The disc is decided by the cylinder's cap test (intersects_quadric_triangle.h, capMeets:
//   it needs the edges' tests beside it, which are here).
#pragma once
#include <tuple>

#include "collide3d/queries/intersects/intersects_caster_shape.h"
#include "collide3d/queries/intersects/intersects_quadric_triangle.h"
#include "collide3d/queries/raycast/raycast_cone.h"

namespace c3d {

// Z, E - Z and Q E - r^2 (E - Z)^2 for the point p (E - Z as (apex - p).e, one rounding less).
constexpr auto kPointInCone = [](const auto& p, const auto& base, const auto& apex, const auto& r) {
  const auto e = apex - base;
  const auto w = p - base;
  const auto k = cross(w, e);
  const auto h = dot(apex - p, e);
  return std::make_tuple(dot(w, e), h, dot(e, e) * dot(k, k) - r * r * h * h);
};

inline bool intersects(const Point& point, const Cone& cone) {
  const auto v = exact::filteredValues(kPointInCone, point.position, cone.base, cone.apex, cone.radius);
  return v[0] >= 0 && v[1] >= 0 && v[2] <= 0;
}

inline bool intersects(const Cone& cone, const Triangle& t) {
  if (boxesApart(cone.base, cone.apex, cone.radius, t)) return false;
  for (int i = 0; i < 3; ++i) {
    const Caster edge = toCaster(Segment{vertex(t, i), vertex(t, (i + 1) % 3)});
    if (meetsCone<true, true>(edge, 1.0, cone).meeting.meets) return true;
  }
  return intersectsByCast(Segment{cone.base, cone.apex}, t) ||
         quadric::capMeets(Cylinder{cone.base, cone.apex, cone.radius}, cone.base, t);
}

}  // namespace c3d
