// An axis-aligned box against an oriented box: the AABB is the box with the unit axes, decided by the 15-axis test
// of intersects_obb_obb.h on its min and max as given (its center and half size would round).
#pragma once
#include "collide3d/queries/intersects/intersects_obb_obb.h"
#include "collide3d/shapes/aabb.h"

namespace c3d {

inline bool intersects(const Aabb& a, const Obb& b) {
  return !obb_obb::separatedOnAny(a, b, std::make_index_sequence<15>{});
}

}  // namespace c3d
