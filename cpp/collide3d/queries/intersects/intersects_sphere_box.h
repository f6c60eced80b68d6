// A ball meets a box when the squared distance from its center to the box is at most r^2. The distance comes from
// clamping the center to the box one axis at a time (Arvo 1990, "A Simple Method for Box-Sphere Intersection
// Testing", Graphics Gems; Ericson §5.2.5); an oriented box does the same in its own frame.
#pragma once
#include "collide3d/math/mat3.h"
#include "collide3d/shapes/aabb.h"
#include "collide3d/shapes/obb.h"
#include "collide3d/shapes/sphere.h"

namespace c3d {

// Squared distance from p to the box [lo, hi] (0 inside).
inline double squaredDistanceToBox(Vec3 p, Vec3 lo, Vec3 hi) {
  double sum = 0;
  for (int axis = 0; axis < 3; ++axis) {
    const double v = component(p, axis), a = component(lo, axis), b = component(hi, axis);
    const double outside = v < a ? a - v : v > b ? v - b : 0;
    sum += outside * outside;
  }
  return sum;
}

inline bool intersects(const Sphere& s, const Aabb& box) {
  return squaredDistanceToBox(s.center, box.min, box.max) <= s.radius * s.radius;
}

inline bool intersects(const Sphere& s, const Obb& box) {
  const Vec3 local = transposeTimes(box.rotation, s.center - box.center);
  return squaredDistanceToBox(local, -box.halfSize, box.halfSize) <= s.radius * s.radius;
}

}  // namespace c3d
