// classify(plane, shape): which side of the plane the shape lies on, from its PlaneRange. `epsilon` widens the plane
// into a slab of half-thickness epsilon (in distance units, so scaled by |n| here) that counts as intersecting.
#pragma once
#include "collide3d/queries/classify/plane_range.h"
#include "collide3d/queries/results.h"

namespace c3d {

template <class Shape>
Side classify(const Plane& plane, const Shape& shape, const ClassifyOptions& options = {}) {
  const PlaneRange range = planeRange(plane, shape);
  const double slab = options.epsilon == 0 ? 0 : options.epsilon * length(plane.normal);
  if (range.lo > slab) return Side::Front;
  if (range.hi < -slab) return Side::Back;
  return Side::Intersecting;
}

}  // namespace c3d
