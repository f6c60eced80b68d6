// classify(plane, shape): which side of the plane the shape lies on, decided exactly (plane_side.h). `epsilon`
// widens the plane into a slab of half-thickness epsilon (in distance units) that counts as intersecting.
#pragma once
#include "collide3d/queries/classify/plane_side.h"
#include "collide3d/queries/results.h"

namespace c3d {

template <class Shape>
Side classify(const Plane& plane, const Shape& shape, const ClassifyOptions& options = {}) {
  const int s = side(plane, shape, options.epsilon);
  return s > 0 ? Side::Front : s < 0 ? Side::Back : Side::Intersecting;
}

}  // namespace c3d
