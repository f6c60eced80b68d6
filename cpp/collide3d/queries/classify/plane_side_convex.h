// The side of a plane a convex hull lies on, exactly: the hull lies beyond the slab (plane_side.h) on the front iff
// its lowest vertex along the normal does, and on the back iff its highest does. Those two vertices are found by the
// hull's exact support (hill climbing on exact signs of n.(u - v), convex_hull.h), and each vertex's side is the
// exact plane_side::ballSide of a point, so no rounding enters the decision. The hull's other points, convex
// combinations of its vertices, lie between them.
#pragma once
#include "collide3d/queries/classify/plane_side.h"
#include "collide3d/shapes/convex.h"

namespace c3d {

[[gnu::noinline]] inline int side(const Plane& plane, const Convex& convex, double e) {
  const ConvexHull& hull = convex.prepared();
  const Vec3 n = plane.normal;
  if (plane_side::ballSide(plane, hull.vertices[hull.supportIndex(-n)], 0, e) == 1) return 1;
  return plane_side::ballSide(plane, hull.vertices[hull.supportIndex(n)], 0, e) == -1 ? -1 : 0;
}

}  // namespace c3d
