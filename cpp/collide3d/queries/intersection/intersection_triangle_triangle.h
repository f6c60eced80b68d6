// The intersection set of two closed triangles. Whether they meet is the predicate decision of
// intersects(Triangle, Triangle); the set is then built to agree with it:
// - coplanar (non-degenerate) triangles that meet: `coplanar` (their overlap is a region);
// - otherwise each triangle cuts the other's plane in a segment or point (triangleCut), both on the planes' common
//   line; the answer is the overlap of the two, ordered along that line (Möller 1997, "A Fast Triangle-Triangle
//   Intersection Test", for the interval formulation). When rounding leaves the computed overlap empty although
//   the predicates say the triangles touch, the touching point is the midpoint of the two nearest ends.
// - a zero-area triangle is the segment it covers: the part of that segment inside the other triangle.
#pragma once
#include <optional>

#include "collide3d/math/predicates.h"
#include "collide3d/queries/intersection/intersection_plane.h"
#include "collide3d/queries/intersects/intersects_triangle_triangle.h"

namespace c3d {

namespace triangle_triangle {

// The part of segment s inside triangle t, as a point or a segment.
inline std::optional<IntersectionSet> segmentInside(const Segment& s, const Triangle& t) {
  const Span span = segmentSpanIn(s, t);
  if (span.empty()) return std::nullopt;
  const Caster caster = toCaster(s);
  return IntersectionSet::segment(pointOf(caster, span.enter), pointOf(caster, span.exit));
}

// Where t crosses the other's plane: its vertices' signed volumes against that plane, with their exact signs,
// decide and place the crossing points.
inline std::optional<IntersectionSet> cutBy(const Triangle& t, const Triangle& other) {
  const Vec3 v[3] = {t.a, t.b, t.c};
  double d[3];
  for (int i = 0; i < 3; ++i) d[i] = signedVolume(other.a, other.b, other.c, v[i]);
  return triangleCut(v, d);
}

}  // namespace triangle_triangle

inline std::optional<IntersectionSet> intersection(const Triangle& first, const Triangle& second) {
  using namespace triangle_triangle;
  // The canonical order of intersects(), so every sign below is the one its decision used.
  Triangle t1 = canonical(first), t2 = canonical(second);
  if (canonicallyLess(t2, t1)) std::swap(t1, t2);
  if (!intersectsCanonical(t1, t2)) return std::nullopt;
  if (degenerate(t1)) return segmentInside(coveringSegment(t1), t2);
  if (degenerate(t2)) return segmentInside(coveringSegment(t2), t1);
  // Neither triangle lies strictly on one side of the other's plane (intersectsCanonical checked those very signs),
  // so both cuts exist; either being coplanar is intersectsCanonical's coplanar case.
  const auto cut1 = cutBy(t1, t2), cut2 = cutBy(t2, t1);
  if (cut1->kind == IntersectionSet::Kind::Coplanar || cut2->kind == IntersectionSet::Kind::Coplanar) {
    return IntersectionSet::coplanar();
  }

  // Order each cut along the common line's direction and overlap the two intervals.
  const Vec3 along = cross(faceNormal(t1), faceNormal(t2));
  auto ends = [&](const IntersectionSet& cut, Vec3& lo, Vec3& hi) {
    const Vec3 a = cut.p0, b = cut.kind == IntersectionSet::Kind::Point ? cut.p0 : cut.p1;
    const bool ordered = dot(along, a) <= dot(along, b);
    lo = ordered ? a : b, hi = ordered ? b : a;
  };
  Vec3 lo1, hi1, lo2, hi2;
  ends(*cut1, lo1, hi1);
  ends(*cut2, lo2, hi2);
  const Vec3 lo = dot(along, lo1) >= dot(along, lo2) ? lo1 : lo2;
  const Vec3 hi = dot(along, hi1) <= dot(along, hi2) ? hi1 : hi2;
  if (dot(along, lo) > dot(along, hi)) return IntersectionSet::point((lo + hi) * 0.5);
  return IntersectionSet::segment(lo, hi);
}

}  // namespace c3d
