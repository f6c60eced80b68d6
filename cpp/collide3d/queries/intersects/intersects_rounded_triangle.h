// Spheres and capsules against a triangle: they meet when the triangle comes within the radius of the sphere's
// centre or the capsule's segment, measured between the closest points closestPoints() finds (closest_points.h:
// Ericson §5.1.5 for a point, §5.1.10 for a segment) and decided by ballsMeet on them, as distance() and
// closestPoints() decide it, so the three queries agree on every pair. Those closest points are rounded: a pair
// touching to within rounding may be answered either way, as for the other rounded shapes (intersects_rounded.h).
#pragma once
#include "collide3d/queries/distance/closest_points.h"

namespace c3d {

inline bool intersects(const Sphere& s, const Triangle& t) {
  return closestPointsFromCenter(s.center, s.radius, t).distance == 0;
}

inline bool intersects(const Capsule& c, const Triangle& t) {
  return closestPoints(Segment{c.start, c.end}, c.radius, t).distance == 0;
}

}  // namespace c3d
