// A caster against a point or a segment: the zero-area triangle {p, p, p} or {a, b, b}, which the triangle kernel
// casts against exactly as the segment (or point) it covers (raycast_triangle.h): hit or miss decided exactly, the
// first point of the target on the caster, the normal against the caster. Neither has a face, so backfaceCulling
// (a triangles' option) does not apply, and the triangle's weights are not reported.
#pragma once
#include "collide3d/queries/raycast/raycast_triangle.h"

namespace c3d {

inline std::optional<RaycastHit> raycastCovered(const Caster& caster, const Triangle& covering, RaycastOptions options) {
  options.backfaceCulling = false;
  auto hit = raycast(caster, covering, options);
  if (hit) hit->hasBarycentric = false, hit->u = hit->v = 0, hit->frontFace = false;
  return hit;
}

inline std::optional<RaycastHit> raycast(const Caster& caster, const Point& target, const RaycastOptions& options) {
  return raycastCovered(caster, {target.position, target.position, target.position}, options);
}

inline std::optional<RaycastHit> raycast(const Caster& caster, const Segment& target, const RaycastOptions& options) {
  return raycastCovered(caster, {target.start, target.end, target.end}, options);
}

}  // namespace c3d
