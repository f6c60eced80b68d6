// A ray, line or segment meets a shape exactly when it has a first hit on it, so intersects is raycast's hit/miss
// with the default options (solid: a caster starting inside a volume meets it). One decision serves both queries.
#pragma once
#include "collide3d/queries/raycast/raycast.h"

namespace c3d {

template <class CasterShape, class Shape>
bool intersectsByCast(const CasterShape& caster, const Shape& shape) {
  return raycast(toCaster(caster), shape, RaycastOptions{}).has_value();
}

}  // namespace c3d
