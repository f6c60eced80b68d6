// The contact of two convex cores grown by their radii (convex_core.h) that the caller has decided meet: the unit
// normal from the first towards the second along which moving the second by `depth` separates them, and the points
// that move brings together (results.h's Contact).
// - Cores apart, or touching by GJK (gjk.h): the grown shapes overlap by reach - d along GJK's direction, no
//   polytope needed (Jolt's penetration query does the same).
// - Cores overlapping: the penetration depth of the cores is the distance from the origin to the boundary of their
//   Minkowski difference A - B, found by the Expanding Polytope Algorithm (van den Bergen, "Proximity Queries and
//   Penetration Depth Computation on 3D Game Objects", GDC 2001): a polytope of support points around the origin
//   grows towards its face nearest the origin until the support along that face's normal gains nothing. Growing by
//   a radius r moves every boundary point out by r, so the shapes' depth is the cores' plus the radii.
// The depth reported is the upper bound along the chosen normal, h_A(n) + h_B(-n) + radii, the least over every
// normal tried: whatever EPA's accuracy, moving the second shape by depth * normal separates them to rounding.
// Flat or lower-dimensional differences (coplanar triangles, a point on a segment) give depth 0 across them, and a
// polytope that rounding breaks falls back to the best of the directions tried and 26 fixed ones: never no answer.
#pragma once

#include "collide3d/queries/distance/convex_core.h"
#include "collide3d/queries/results.h"

namespace c3d {

struct GjkResult;
struct GjkVertex;

// One expansion step of EPA as a watcher sees it (the demo's trace; no query watches): the polytope (its vertices
// so far, and its faces as vertex index triples, counter-clockwise seen from outside), the face nearest the origin
// (an index into the faces), its outward normal and its plane's distance from the origin, the support point along
// that normal, and the least depth proved so far (h_A(n) + h_B(-n) of the cores over the normals tried).
struct EpaStep {
  const GjkVertex* vertices;
  int vertexCount;
  const int* faces;
  int faceCount;
  int nearest;
  Vec3 normal;
  double distance;
  const GjkVertex* support;
  double depth;
};
class EpaObserver {
 public:
  virtual void step(const EpaStep& step) = 0;
};

// Out of line (epa.cpp): one copy for every pair. The second form starts from GJK's answer on the same cores; an
// observer, if given, sees every expansion step.
Contact epaContact(const ConvexCore& a, const ConvexCore& b);
Contact epaContact(const ConvexCore& a, const ConvexCore& b, const GjkResult& near, EpaObserver* observer = nullptr);

}  // namespace c3d
