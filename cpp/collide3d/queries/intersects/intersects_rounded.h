// Points, spheres, segments and capsules are cores (a point, a segment) grown by a radius: two of them meet when
// their cores come within the sum of the radii (ballsMeet; Ericson §4.5.1 for capsules). The cores' closest
// points are those closestPoints() and contact() use, so the three queries agree on every pair.
#pragma once
#include "collide3d/queries/distance/closest_points.h"

namespace c3d {

inline bool intersectsRounded(const Rounded& a, const Rounded& b) {
  Vec3 pa, pb;
  closestCores(a, b, pa, pb);
  return ballsMeet(pa, a.radius, pb, b.radius);
}

}  // namespace c3d
