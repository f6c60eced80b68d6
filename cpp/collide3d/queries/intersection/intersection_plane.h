// The intersection set of a plane with a segment, a line, a sphere or a triangle, from the scaled signed distances
// of their defining points, each carrying its exact sign (plane_side.h): a vertex exactly on the plane is returned
// as itself, and an edge whose ends are strictly on opposite sides is cut at p + (q - p) * dp / (dp - dq)
// (Ericson §5.3.1). So the kind of the set (none, point, segment, coplanar) is the exact one.
#pragma once
#include <cmath>
#include <optional>

#include "collide3d/queries/intersects/intersects_plane_shape.h"
#include "collide3d/queries/results.h"
#include "collide3d/shapes/shapes.h"

namespace c3d {

inline std::optional<IntersectionSet> intersection(const Segment& s, const Plane& plane) {
  const double d0 = plane_side::signedDistance(plane, s.start), d1 = plane_side::signedDistance(plane, s.end);
  if (d0 == 0 && d1 == 0) return IntersectionSet::segment(s.start, s.end);
  if (d0 == 0) return IntersectionSet::point(s.start);
  if (d1 == 0) return IntersectionSet::point(s.end);
  if ((d0 > 0) == (d1 > 0)) return std::nullopt;
  return IntersectionSet::point(crossingPoint(s.start, s.end, d0, d1));
}

inline std::optional<IntersectionSet> intersection(const Line& l, const Plane& plane) {
  const double d = plane_side::signedDistance(plane, l.origin), rate = c3d::rate(plane, l.direction);
  if (rate == 0) {
    return d == 0 ? std::optional(IntersectionSet::line(l.origin, l.direction)) : std::nullopt;
  }
  return IntersectionSet::point(pointAt(l.origin, l.direction, -d / rate));
}

// The circle where the plane cuts the ball; the single point where it touches it. Whether they meet is decided by
// intersects(plane, sphere), and whether they only touch ((n.c + d)^2 = r^2 n.n) exactly too, so the queries agree.
inline std::optional<IntersectionSet> intersection(const Sphere& s, const Plane& plane) {
  if (!intersects(plane, s)) return std::nullopt;
  const double normalLength = length(plane.normal);
  const double distance = scaledDistance(plane, s.center) / normalLength;
  const Vec3 unitNormal = plane.normal * (1.0 / normalLength);
  const bool touching = exact::filteredSign(
                            [](const auto& n, const auto& d, const auto& c, const auto& r) {
                              const auto value = dot(n, c) + d;
                              return value * value - r * r * dot(n, n);
                            },
                            plane.normal, plane.constant, s.center, s.radius) == 0;
  const double radius = touching ? 0 : std::sqrt(std::fmax(0.0, (s.radius - distance) * (s.radius + distance)));
  return IntersectionSet::circle(s.center - unitNormal * distance, unitNormal, radius);
}

// The set where a non-degenerate triangle with vertices v and their plane distances d meets that plane: a segment,
// a point, or `coplanar` when all three lie in it. Shared by triangle-plane and triangle-triangle.
inline std::optional<IntersectionSet> triangleCut(const Vec3 (&v)[3], const double (&d)[3]) {
  if (d[0] == 0 && d[1] == 0 && d[2] == 0) return IntersectionSet::coplanar();
  Vec3 found[2];
  int count = 0;
  for (int i = 0; i < 3; ++i) {
    const int j = (i + 1) % 3;
    if (d[i] == 0) found[count++] = v[i];
    if ((d[i] > 0 && d[j] < 0) || (d[i] < 0 && d[j] > 0)) found[count++] = crossingPoint(v[i], v[j], d[i], d[j]);
  }
  if (count == 0) return std::nullopt;
  return count == 1 ? IntersectionSet::point(found[0]) : IntersectionSet::segment(found[0], found[1]);
}

inline std::optional<IntersectionSet> intersection(const Triangle& t, const Plane& plane) {
  if (degenerate(t)) return intersection(coveringSegment(t), plane);
  const Vec3 v[3] = {t.a, t.b, t.c};
  const double d[3] = {plane_side::signedDistance(plane, t.a), plane_side::signedDistance(plane, t.b),
                       plane_side::signedDistance(plane, t.c)};
  return triangleCut(v, d);
}

}  // namespace c3d
