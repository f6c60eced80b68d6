// An axis-aligned box against an oriented box: the AABB is the OBB with the identity rotation (its center and half
// size are exact: halving is exact in binary floating point), decided by the 15-axis test of intersects_obb_obb.h.
#pragma once
#include "collide3d/queries/intersects/intersects_obb_obb.h"
#include "collide3d/shapes/aabb.h"

namespace c3d {

inline Obb asObb(const Aabb& box) { return {center(box), halfSize(box), Mat3{}}; }

inline bool intersects(const Aabb& a, const Obb& b) { return intersects(asObb(a), b); }

}  // namespace c3d
