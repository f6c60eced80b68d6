// A ball meets a box when the squared distance from its center to the box is at most r^2. The distance comes from
// clamping the center to the box one axis at a time (Arvo 1990, "A Simple Method for Box-Sphere Intersection
// Testing", Graphics Gems; Ericson §5.2.5); an oriented box does the same in its own frame.
#pragma once
#include "collide3d/math/mat3.h"
#include "collide3d/shapes/aabb.h"
#include "collide3d/shapes/obb.h"
#include "collide3d/shapes/sphere.h"

namespace c3d {

inline bool intersects(const Sphere& s, const Aabb& box) {
  return lengthSquared(clampToBox(s.center, box.min, box.max) - s.center) <= s.radius * s.radius;
}

inline bool intersects(const Sphere& s, const Obb& box) {
  const Vec3 local = transposeTimes(box.rotation, s.center - box.center);
  return lengthSquared(clampToBox(local, -box.halfSize, box.halfSize) - local) <= s.radius * s.radius;
}

}  // namespace c3d
