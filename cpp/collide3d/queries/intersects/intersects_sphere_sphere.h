// Two balls meet when the distance of their centers is at most the sum of their radii, compared squared so no
// square root is taken (Ericson §4.3.1).
#pragma once
#include "collide3d/shapes/sphere.h"

namespace c3d {

inline bool intersects(const Sphere& a, const Sphere& b) {
  const double reach = a.radius + b.radius;
  return lengthSquared(a.center - b.center) <= reach * reach;
}

}  // namespace c3d
