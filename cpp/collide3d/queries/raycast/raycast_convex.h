// A caster against a convex hull (shapes/convex.h): hit or miss decided exactly, by the exact casts against the
// triangles covering its boundary (raycast_triangle.h) and the hull's exact containment of the caster's start.
// - Starting outside a solid hull (a line always does): the first boundary triangle it meets is where it enters.
// - Starting inside (on the boundary included): with options.solid it hits at its start, against its direction (or
//   with the face's outward normal when it starts on a face and crosses it; running along it counts as inside);
//   without, it hits where it leaves: from inside every boundary point ahead is an exit, and a convex set is left
//   once. A miss when it ends inside.
// The normal is the hit face's outward unit normal (the hull's rounded planes). A flat, segment or point hull has
// no inside: the first of its triangles met, with the triangle kernel's normal (the side facing the caster, or
// against the caster).
#pragma once
#include <optional>

#include "collide3d/queries/raycast/raycast_triangle.h"
#include "collide3d/shapes/convex.h"

namespace c3d {

namespace raycast_convex {

struct BoundaryHit {
  RaycastHit hit;
  int face = -1;  // -1: a triangle of a hull without faces of its own (below dimension 3)
};

// The first hit on the hull's boundary triangles, with the face it lies on.
inline std::optional<BoundaryHit> firstOnBoundary(const Caster& caster, const ConvexHull& hull,
                                                  const RaycastOptions& options) {
  std::optional<BoundaryHit> first;
  size_t triangle = 0;
  int face = 0;
  anyBoundaryTriangle(hull, {}, [&](Vec3 a, Vec3 b, Vec3 c) {
    if (hull.dimension == 3) {
      while (triangle >= hull.faceStart[face + 1] - 2 * (face + 1)) ++face;  // face f's fan: its corners less 2
    }
    const auto hit = raycast(caster, Triangle{a, b, c}, options);
    if (hit && (!first || hit->t < first->hit.t)) first = BoundaryHit{*hit, hull.dimension == 3 ? face : -1};
    ++triangle;
    return false;
  });
  return first;
}

}  // namespace raycast_convex

[[gnu::noinline]] inline std::optional<RaycastHit> raycast(const Caster& caster, const Convex& convex,
                                                           const RaycastOptions& options) {
  using namespace raycast_convex;
  const ConvexHull& hull = convex.prepared();
  RaycastOptions boundary = options;
  boundary.backfaceCulling = false;
  const bool inside = hull.dimension == 3 && caster.tMin > -kInfinity && hull.contains(caster.origin);
  auto first = firstOnBoundary(caster, hull, boundary);
  if (first) {
    first->hit.hasBarycentric = false, first->hit.u = first->hit.v = 0, first->hit.frontFace = false;
    if (first->face >= 0) first->hit.normal = hull.planes[first->face].normal;
  }
  if (inside && options.solid) {
    const bool crossesAtStart = first && first->hit.t == caster.tMin && dot(first->hit.normal, caster.direction) != 0;
    if (!crossesAtStart) return makeHit(caster, caster.tMin, insideNormal(caster));
  }
  if (!first) return std::nullopt;
  return first->hit;
}

}  // namespace c3d
