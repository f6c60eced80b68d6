// classify(plane, shape): which side of the plane the shape lies on, decided exactly (plane_side.h). `epsilon`
// widens the plane into a slab of half-thickness epsilon (in distance units) that counts as intersecting.
#pragma once
#include "collide3d/queries/classify/plane_side.h"
#include "collide3d/queries/results.h"

namespace c3d {

// The same plane with its normal reversed (negation is exact).
inline Plane flipped(const Plane& plane) { return {-plane.normal, -plane.constant}; }

template <class Shape>
Side classify(const Plane& plane, const Shape& shape, const ClassifyOptions& options = {}) {
  if (above(plane, shape, options.epsilon)) return Side::Front;
  if (above(flipped(plane), shape, options.epsilon)) return Side::Back;
  return Side::Intersecting;
}

}  // namespace c3d
