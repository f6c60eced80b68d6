// Shapes against a convex hull (shapes/convex.h), each decided exactly, from the exact kernels of its boundary's
// pieces and the hull's exact containment (convex_hull.h):
// - a solid hull is the region its face triangles enclose, so a connected set meets it iff it meets a face triangle
//   or lies inside, and one of its points then tells which (a set that crosses the boundary meets a face);
// - a flat hull is the union of one winding's fan triangles; a segment's or point's hull is one zero-area triangle,
//   which the triangle kernels take as the segment or point it covers. Nothing lies inside them but what is on them.
// Triangle: the exact triangle-triangle test (intersects_triangle_triangle.h); ray, line, segment: the exact caster-
// triangle casts (raycast_triangle.h), a line having no start to be inside with; point: containment. The plane and
// the frustum take the hull by its exact side (plane_side_convex.h). Each costs a pass over the hull's faces:
// exact answers for the mesh and the plane/frustum cells, not a fast path (GJK answers convex pairs).
#pragma once
#include <cstddef>
#include <cstdint>

#include "collide3d/queries/classify/plane_side_convex.h"
#include "collide3d/queries/intersects/intersects_caster_shape.h"
#include "collide3d/queries/intersects/intersects_triangle_triangle.h"
#include "collide3d/shapes/convex.h"

namespace c3d {

// Whether meets(piece) holds for a triangle piece of the hull's boundary (as above), stopping at the first.
template <class Meets>
bool anyHullPiece(const ConvexHull& hull, Meets&& meets) {
  return anyBoundaryTriangle(hull, {}, [&](Vec3 a, Vec3 b, Vec3 c) { return meets(Triangle{a, b, c}); });
}

// Whether the box lo..hi overlaps the hull's bounds (exact comparisons): a shape outside them misses the hull.
inline bool nearHull(const ConvexHull& hull, Vec3 lo, Vec3 hi) {
  const Aabb& b = hull.bounds;
  return lo.x <= b.max.x && lo.y <= b.max.y && lo.z <= b.max.z && b.min.x <= hi.x && b.min.y <= hi.y &&
         b.min.z <= hi.z;
}

inline bool intersects(const Point& point, const Convex& convex) { return convex.prepared().contains(point.position); }

[[gnu::noinline]] inline bool intersects(const Triangle& t, const Convex& convex) {
  const ConvexHull& hull = convex.prepared();
  if (!nearHull(hull, componentMin(t.a, componentMin(t.b, t.c)), componentMax(t.a, componentMax(t.b, t.c)))) {
    return false;
  }
  return (hull.dimension == 3 && hull.contains(t.a)) ||
         anyHullPiece(hull, [&](const Triangle& piece) { return intersects(t, piece); });
}

// A caster against the hull: from a start inside a solid hull, or through a piece of its boundary.
template <class CasterShape>
bool casterMeetsHull(const CasterShape& caster, const ConvexHull& hull, const Vec3* start) {
  return (start != nullptr && hull.dimension == 3 && hull.contains(*start)) ||
         anyHullPiece(hull, [&](const Triangle& piece) { return intersectsByCast(caster, piece); });
}

[[gnu::noinline]] inline bool intersects(const Segment& s, const Convex& convex) {
  const ConvexHull& hull = convex.prepared();
  return nearHull(hull, componentMin(s.start, s.end), componentMax(s.start, s.end)) &&
         casterMeetsHull(s, hull, &s.start);
}
[[gnu::noinline]] inline bool intersects(const Ray& r, const Convex& convex) {
  return casterMeetsHull(r, convex.prepared(), &r.origin);
}
[[gnu::noinline]] inline bool intersects(const Line& l, const Convex& convex) {
  return casterMeetsHull(l, convex.prepared(), nullptr);
}

}  // namespace c3d
