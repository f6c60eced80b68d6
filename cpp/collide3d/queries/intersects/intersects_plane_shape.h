// A plane meets a shape when the shape lies strictly on neither side of it, decided exactly (plane_side.h).
#pragma once
#include "collide3d/queries/classify/classify_plane.h"

namespace c3d {

template <class Shape>
bool intersects(const Plane& plane, const Shape& shape) {
  return side(plane, shape, 0) == 0;
}

}  // namespace c3d
