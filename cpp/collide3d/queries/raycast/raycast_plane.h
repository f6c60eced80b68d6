// Caster against a plane: t = -(n.o + d) / (n.d). A caster parallel to the plane misses unless it lies in it;
// then (the plane being a closed set) it hits at its first point: t = 0 for a ray or segment, and the origin for a
// line, which has no first point. Hit or miss is decided by exact signs (plane_side.h) — of the two ends'
// distances for a segment, of the origin's distance and of n.d otherwise — as intersects, classify and intersection
// decide it; t is the rounded quotient, clamped to the caster's range.
#pragma once
#include <cmath>
#include <optional>

#include "collide3d/queries/raycast/span.h"
#include "collide3d/queries/classify/plane_side.h"

namespace c3d {

inline std::optional<RaycastHit> raycast(const Caster& caster, const Plane& plane, const RaycastOptions& options) {
  const double rate = c3d::rate(plane, caster.direction);
  const double value = plane_side::signedDistance(plane, caster.origin);
  const Vec3 unitNormal = plane.normal * (1.0 / length(plane.normal));
  if (caster.hasEnd) {
    const double atEnd = plane_side::signedDistance(plane, caster.end);
    if ((value > 0 && atEnd > 0) || (value < 0 && atEnd < 0)) return std::nullopt;
    const double t = value == 0 ? 0 : atEnd == 0 ? 1 : std::fmin(1.0, std::fmax(0.0, value / (value - atEnd)));
    if (t > options.maxDistance) return std::nullopt;
    return makeHit(caster, t, rate > 0 ? -unitNormal : unitNormal);
  }
  Span span;
  clipSlab(span, value, rate, 0, 0, 0, 0);
  if (span.enter == -kInfinity) span.enter = caster.tMin > -kInfinity ? caster.tMin : 0;  // lying in the plane
  auto t = firstHit(span, caster, options);
  if (!t) return std::nullopt;
  return makeHit(caster, t->t, rate > 0 ? -unitNormal : unitNormal);
}

}  // namespace c3d
