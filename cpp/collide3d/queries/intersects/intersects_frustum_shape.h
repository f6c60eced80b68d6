// Frustum culling: a shape is reported outside a frustum only when it lies strictly behind one of the six planes
// (decided exactly by plane_side.h). For a point the answer is then exact. For volumes it is the standard
// conservative cull (Assarsson & Möller 2000, "Optimized View Frustum Culling Algorithms for Bounding Boxes";
// Ericson §5.2): a shape that is outside the frustum but straddles the planes near an edge or a corner of the frustum
// - beyond the corner, partly in front of every single plane - is reported as intersecting. Never the reverse: a
// shape reported outside is truly outside, so no visible object is ever culled.
#pragma once
#include "collide3d/queries/classify/classify_plane.h"

namespace c3d {

template <class Shape>
bool intersects(const Frustum& frustum, const Shape& shape) {
  for (const Plane& plane : frustum.planes) {
    if (side(plane, shape, 0) < 0) return false;
  }
  return true;
}

}  // namespace c3d
