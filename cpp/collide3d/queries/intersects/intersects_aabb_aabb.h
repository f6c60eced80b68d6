// Two axis-aligned boxes meet when their extents overlap on every axis, boundaries included (Ericson §4.2.1).
#pragma once
#include "collide3d/shapes/aabb.h"

namespace c3d {

inline bool intersects(const Aabb& a, const Aabb& b) {
  return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y &&
         a.min.z <= b.max.z && b.min.z <= a.max.z;
}

}  // namespace c3d
