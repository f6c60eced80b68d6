// Caster against a plane: t = -(n.o + d) / (n.d). A caster parallel to the plane misses unless it lies in it;
// then (the plane being a closed set) it hits at its first point: t = 0 for a ray or segment, and the origin for a
// line, which has no first point. Hit or miss is decided by exact signs (plane_side.h) — of the two ends'
// distances for a segment, of the origin's distance and of n.d otherwise — as intersects, classify and intersection
// decide it; t is the rounded quotient, clamped to the caster's range.
#pragma once
#include <cmath>
#include <optional>
#include <tuple>

#include "collide3d/queries/raycast/span.h"
#include "collide3d/queries/classify/plane_side.h"

namespace c3d {

// The plane's unit normal on the side a caster moving at `rate` (n.d) comes from.
inline Vec3 normalFacing(const Plane& plane, double rate) {
  return plane.normal * ((rate > 0 ? -1.0 : 1.0) / length(plane.normal));
}

inline std::optional<RaycastHit> raycast(const Caster& caster, const Plane& plane, const RaycastOptions& options) {
  if (caster.hasEnd) {
    const auto ends = exact::filteredValues(
        [](const auto& n, const auto& d, const auto& p, const auto& q) {
          return std::make_tuple(dot(n, p) + d, dot(n, q) + d);
        },
        plane.normal, plane.constant, caster.origin, caster.end);
    const double value = ends[0], atEnd = ends[1];
    if ((value > 0 && atEnd > 0) || (value < 0 && atEnd < 0)) return std::nullopt;
    const double t = value == 0 ? 0 : atEnd == 0 ? 1 : std::fmin(1.0, std::fmax(0.0, value / (value - atEnd)));
    if (t > options.maxDistance) return std::nullopt;
    return makeHit(caster, t, normalFacing(plane, atEnd - value));  // the ends' signs give n.(end - start)'s
  }
  const auto both = exact::filteredValues(
      [](const auto& n, const auto& d, const auto& o, const auto& v) { return std::make_tuple(dot(n, v), dot(n, o) + d); },
      plane.normal, plane.constant, caster.origin, caster.direction);
  const double rate = both[0], value = both[1];
  Span span;
  clipSlab(span, value, rate, 0, 0, 0, 0);
  if (span.enter == -kInfinity) span.enter = caster.tMin > -kInfinity ? caster.tMin : 0;  // lying in the plane
  auto t = firstHit(span, caster, options);
  if (!t) return std::nullopt;
  return makeHit(caster, t->t, normalFacing(plane, rate));
}

}  // namespace c3d
