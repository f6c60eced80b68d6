// The intersection set of a plane with a segment, a line, a sphere or a triangle, from the scaled signed distances
// of their defining points: a vertex at distance 0 is returned as itself (exactly), and an edge whose ends are
// strictly on opposite sides is cut at p + (q - p) * dp / (dp - dq) (Ericson §5.3.1).
#pragma once
#include <cmath>
#include <optional>

#include "collide3d/queries/intersects/intersects_plane_shape.h"
#include "collide3d/queries/results.h"
#include "collide3d/shapes/shapes.h"

namespace c3d {


inline std::optional<IntersectionSet> intersection(const Segment& s, const Plane& plane) {
  const double d0 = scaledDistance(plane, s.start), d1 = scaledDistance(plane, s.end);
  if (d0 == 0 && d1 == 0) return IntersectionSet::segment(s.start, s.end);
  if (d0 == 0) return IntersectionSet::point(s.start);
  if (d1 == 0) return IntersectionSet::point(s.end);
  if ((d0 > 0) == (d1 > 0)) return std::nullopt;
  return IntersectionSet::point(crossingPoint(s.start, s.end, d0, d1));
}

inline std::optional<IntersectionSet> intersection(const Line& l, const Plane& plane) {
  const double d = scaledDistance(plane, l.origin), rate = dot(plane.normal, l.direction);
  if (rate == 0) return d == 0 ? std::optional(IntersectionSet::line(l.origin, l.direction)) : std::nullopt;
  return IntersectionSet::point(pointAt(l.origin, l.direction, -d / rate));
}

// The circle where the plane cuts the ball; the single point where it touches it. Whether they meet is decided by
// intersects(plane, sphere), so the two queries always agree.
inline std::optional<IntersectionSet> intersection(const Sphere& s, const Plane& plane) {
  if (!intersects(plane, s)) return std::nullopt;
  const double normalLength = length(plane.normal);
  const double distance = scaledDistance(plane, s.center) / normalLength;
  const Vec3 unitNormal = plane.normal * (1.0 / normalLength);
  const double radius = std::sqrt(std::fmax(0.0, (s.radius - distance) * (s.radius + distance)));
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
  if (isZero(faceNormal(t))) return intersection(coveringSegment(t), plane);
  const Vec3 v[3] = {t.a, t.b, t.c};
  const double d[3] = {scaledDistance(plane, t.a), scaledDistance(plane, t.b), scaledDistance(plane, t.c)};
  return triangleCut(v, d);
}

}  // namespace c3d
