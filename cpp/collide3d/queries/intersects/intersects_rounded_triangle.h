// Spheres and capsules against a triangle.
// A sphere meets the triangle exactly when its centre comes within the radius: when the centre's projection on the
// triangle's plane falls inside the closed triangle, by its height over the plane; otherwise by its distance to the
// nearest of the three edges (Ericson §5.1.5's regions, each test a polynomial whose sign exact::filteredSign
// decides). So a ball resting on a face, an edge or a corner counts as touching, whatever the rounding of the
// closest points that distance() and closestPoints() construct.
// A capsule meets the triangle when the triangle comes within the radius of its segment, measured between the
// closest points closestPoints() finds (Ericson §5.1.10) and decided by ballsMeet on them, as distance() and
// closestPoints() decide it, so the three queries agree on every pair. Those closest points are rounded: a pair
// touching to within rounding may be answered either way, as for the other rounded shapes (intersects_rounded.h).
#pragma once
#include <tuple>

#include "collide3d/math/exact/filtered_sign.h"
#include "collide3d/queries/distance/closest_points.h"

namespace c3d {

// For the ball around c of radius r and the segment pq, with e = q - p: w·e, e·e - w·e (where along the segment
// the centre projects, w = c - p), and the ball's reach against the segment's interior |w × e|^2 - r^2 e·e, its
// start |w|^2 - r^2 and its end |c - q|^2 - r^2.
constexpr auto kBallSegment = [](const auto& c, const auto& r, const auto& p, const auto& q) {
  const auto e = q - p, w = c - p, v = c - q;
  const auto along = dot(w, e);
  const auto across = cross(w, e);
  return std::make_tuple(along, dot(e, e) - along, dot(across, across) - r * r * dot(e, e), dot(w, w) - r * r,
                         dot(v, v) - r * r);
};

// For the ball around c of radius r and the triangle abd with normal n = (b - a) × (d - a): the three edge
// functions ((next - this) × (c - this))·n, all >= 0 when c projects into the closed triangle; the ball's reach
// against the plane (n·(c - a))^2 - r^2 n·n; and n·n (0 for a triangle without area).
constexpr auto kBallFace = [](const auto& c, const auto& r, const auto& a, const auto& b, const auto& d) {
  const auto n = cross(b - a, d - a);
  const auto height = dot(n, c - a);
  return std::make_tuple(dot(cross(b - a, c - a), n), dot(cross(d - b, c - b), n), dot(cross(a - d, c - d), n),
                         height * height - r * r * dot(n, n), dot(n, n));
};

inline bool ballMeetsSegment(Vec3 c, double r, Vec3 p, Vec3 q) {
  const auto [along, beyond, interior, start, end] = exact::filteredValues(kBallSegment, c, r, p, q);
  if (along <= 0) return start <= 0;
  if (beyond <= 0) return end <= 0;
  return interior <= 0;
}

inline bool intersects(const Sphere& s, const Triangle& t) {
  const auto [ab, bd, da, plane, area] = exact::filteredValues(kBallFace, s.center, s.radius, t.a, t.b, t.c);
  if (area > 0 && ab >= 0 && bd >= 0 && da >= 0) return plane <= 0;
  return ballMeetsSegment(s.center, s.radius, t.a, t.b) || ballMeetsSegment(s.center, s.radius, t.b, t.c) ||
         ballMeetsSegment(s.center, s.radius, t.c, t.a);
}

inline bool intersects(const Capsule& c, const Triangle& t) {
  return closestPoints(Segment{c.start, c.end}, c.radius, t).distance == 0;
}

}  // namespace c3d
