// A plane meets a shape when the shape has points on both closed sides: lo <= 0 <= hi of its PlaneRange.
#pragma once
#include "collide3d/queries/classify/plane_range.h"

namespace c3d {

template <class Shape>
bool intersects(const Plane& plane, const Shape& shape) {
  const PlaneRange range = planeRange(plane, shape);
  return range.lo <= 0 && range.hi >= 0;
}

}  // namespace c3d
