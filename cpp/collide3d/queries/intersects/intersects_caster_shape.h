// A ray, line or segment meets a shape exactly when it has a first hit on it, so intersects is raycast's hit/miss
// with the default options (solid: a caster starting inside a volume meets it). One decision serves both queries.
#pragma once
#include "collide3d/queries/raycast/raycast.h"

namespace c3d {

template <class CasterShape, class Shape>
bool intersectsByCast(const CasterShape& caster, const Shape& shape) {
  return raycast(toCaster(caster), shape, RaycastOptions{}).has_value();
}

// A point meets a solid or a triangle as the zero-length segment at it does: the segment casts decide that exactly
// (a point in a triangle's plane and within its edges, in a box's slabs, in a cylinder).
template <class Shape>
bool intersectsAsPoint(const Point& point, const Shape& shape) {
  return intersectsByCast(Segment{point.position, point.position}, shape);
}

}  // namespace c3d
