// Caster against solid boxes by the slab method (Kay & Kajiya 1986): three axis slabs clip the caster's line.
// An OBB is the same test in the box's own frame (Ericson, Real-Time Collision Detection §5.3.3).
// A zero direction component keeps the line only if it lies within that slab, boundaries included, so casters
// running along a face or an edge hit.
#pragma once
#include <optional>

#include "collide3d/math/mat3.h"
#include "collide3d/queries/raycast/span.h"
#include "collide3d/shapes/aabb.h"
#include "collide3d/shapes/obb.h"

namespace c3d {

// Face 2*axis is the min side of that axis, 2*axis + 1 the max side.
inline Span boxSpan(Vec3 origin, Vec3 direction, Vec3 min, Vec3 max) {
  Span span;
  for (int axis = 0; axis < 3 && !span.empty(); ++axis) {
    clipSlab(span, component(origin, axis), component(direction, axis), component(min, axis), component(max, axis),
             2 * axis, 2 * axis + 1);
  }
  return span;
}

inline Vec3 boxFaceNormal(int face) {
  const double sign = face % 2 == 0 ? -1.0 : 1.0;
  const int axis = face / 2;
  return {axis == 0 ? sign : 0, axis == 1 ? sign : 0, axis == 2 ? sign : 0};
}

inline std::optional<RaycastHit> raycast(const Caster& caster, const Aabb& box, const RaycastOptions& options) {
  const auto hit = firstHit(boxSpan(caster.origin, caster.direction, box.min, box.max), caster, options);
  if (!hit) return std::nullopt;
  return makeHit(caster, hit->t, hit->face == kNoFace ? insideNormal(caster) : boxFaceNormal(hit->face));
}

inline std::optional<RaycastHit> raycast(const Caster& caster, const Obb& box, const RaycastOptions& options) {
  const Vec3 localOrigin = transposeTimes(box.rotation, caster.origin - box.center);
  const Vec3 localDirection = transposeTimes(box.rotation, caster.direction);
  const auto hit = firstHit(boxSpan(localOrigin, localDirection, -box.halfSize, box.halfSize), caster, options);
  if (!hit) return std::nullopt;
  if (hit->face == kNoFace) return makeHit(caster, hit->t, insideNormal(caster));
  const Vec3 normal = box.rotation * boxFaceNormal(hit->face);
  return makeHit(caster, hit->t, normal * (1.0 / length(normal)));
}

}  // namespace c3d
