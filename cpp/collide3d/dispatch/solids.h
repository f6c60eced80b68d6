// The solids: the shapes that are a convex core grown by a radius (convex_core.h). Every pair of them has an
// intersects, closestPoints (so distance), contact and sweep entry: a kernel of its own where one exists, else the
// generic queries on the two cores (GJK, EPA, the GJK ray cast) fill the cell (fill.h, fillSolidPairs).
#pragma once
#include "collide3d/dispatch/tables.h"
#include "collide3d/queries/distance/convex_core.h"

namespace c3d {

using Solids = ShapeList<Point, Segment, Triangle, Sphere, Capsule, Cylinder, Cone, Ellipsoid, Aabb, Obb, Convex>;

// Whether a shape type is one of the solids.
bool isSolid(ShapeType type);

// A solid's core, from its encoded numbers (one copy for every generic entry).
ConvexCore coreOf(EncodedShape solid);

// The pair's cores, the sum of their radii, and the tolerance tau = 2^-40 of the pair's extent, far above the
// rounding of a support point or of GJK's bounds (a few ulps of the extent) and far below any gap a scene means.
struct CorePair {
  ConvexCore a, b;
  double reach, tau;
};
CorePair corePair(EncodedShape a, EncodedShape b);

}  // namespace c3d
