// Spheres and capsules against a triangle, decided exactly.
// A ball meets the triangle when its centre comes within the radius: when the centre's projection on the triangle's
// plane falls inside the closed triangle, by its height over the plane; otherwise by its distance to the nearest of
// the three edges (Ericson §5.1.5's regions).
// A capsule meets it when its segment crosses the triangle, or comes within the radius of it: the distance between a
// segment and a triangle that do not meet is reached at an end of the segment (a ball against the triangle) or on an
// edge of the triangle (two segments, Ericson §5.1.9: at the lines' closest points when both fall inside the
// segments, otherwise at an end of one of them).
// Every test is the sign of a polynomial in the inputs (rounded_predicates.h), so a ball or capsule resting on a
// face, an edge or a corner touches; distance() and closestPoints() consult these same tests.
#pragma once
#include "collide3d/queries/intersects/intersects_caster_shape.h"
#include "collide3d/queries/intersects/rounded_predicates.h"

namespace c3d {

// Whether the box of the points p and q grown by r and the triangle's box are proven apart on some axis.
inline bool boxesApart(Vec3 p, Vec3 q, double r, const Triangle& t) {
  return boxesApart(p, q, r, componentMin(t.a, componentMin(t.b, t.c)), componentMax(t.a, componentMax(t.b, t.c)));
}

inline bool ballMeetsTriangle(Vec3 c, double r, const Triangle& t) {
  if (boxesApart(c, c, r, t)) return false;
  const auto [ab, bd, da, plane, area] = exact::filteredValues(kBallFace, c, r, t.a, t.b, t.c);
  if (area > 0 && ab >= 0 && bd >= 0 && da >= 0) return plane <= 0;
  return ballMeetsSegment(c, r, 0, t.a, t.b) || ballMeetsSegment(c, r, 0, t.b, t.c) ||
         ballMeetsSegment(c, r, 0, t.c, t.a);
}

inline bool intersects(const Sphere& s, const Triangle& t) { return ballMeetsTriangle(s.center, s.radius, t); }

// The edges' distances to the segment are reached at the segment's ends (already covered by the balls at its ends
// against the whole triangle), at the corners (balls at the corners against the segment), or inside both.
inline bool intersects(const Capsule& c, const Triangle& t) {
  if (boxesApart(c.start, c.end, c.radius, t)) return false;
  const double r = c.radius;
  const auto interiorsWithin = [&](Vec3 p, Vec3 q) { return interiorsReach(c.start, c.end, p, q, r, 0) == true; };
  return intersectsByCast(Segment{c.start, c.end}, t) || ballMeetsTriangle(c.start, r, t) ||
         ballMeetsTriangle(c.end, r, t) || ballMeetsSegment(t.a, r, 0, c.start, c.end) ||
         ballMeetsSegment(t.b, r, 0, c.start, c.end) || ballMeetsSegment(t.c, r, 0, c.start, c.end) ||
         interiorsWithin(t.a, t.b) || interiorsWithin(t.b, t.c) || interiorsWithin(t.c, t.a);
}

}  // namespace c3d
