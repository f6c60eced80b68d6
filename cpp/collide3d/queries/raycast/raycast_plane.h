// Caster against a plane: t = -(n.o + d) / (n.d). A caster parallel to the plane misses unless it lies in it;
// then (the plane being a closed set) it hits at its first point: t = 0 for a ray or segment, and for a line,
// which has no first point, its origin (t = 0) or, when maxDistance is negative, the last point it accepts. Hit or miss is decided by exact signs — of the origin's value n.o + d, of the
// rate n.d (d exactly a segment's end minus its start) and, for a caster limited to t <= hi, of the value there —
// as intersects, classify and intersection decide it; t is the rounded quotient, clamped to the caster's range.
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

// The origin's value n.o + d, the rate n.d, and (limited) the value at hi.
template <bool kSegment, bool kLimited>
constexpr auto kPlaneCrossing = [](const auto& n, const auto& d, const auto& o, const auto& p, const auto& hi) {
  const auto value = dot(n, o) + d;
  const auto rate = dot(n, exactDirection<kSegment>(o, p));
  if constexpr (kLimited) {
    return std::make_tuple(value, rate, value + hi * rate);
  } else {
    return std::make_tuple(value, rate);
  }
};

template <bool kSegment, bool kLimited>
std::optional<RaycastHit> raycastAs(const Caster& caster, double hi, const Plane& plane) {
  const Vec3 p = kSegment ? caster.end : caster.direction;
  const auto m = exact::filteredValues(kPlaneCrossing<kSegment, kLimited>, plane.normal, plane.constant, caster.origin,
                                       p, kLimited ? hi : 0.0);  // hi: never infinity
  const double value = m[0], rate = m[1];
  const bool bounded = caster.tMin != -kInfinity;
  double t;
  if (rate == 0) {  // parallel: lying in the plane, or a miss
    if (value != 0) return std::nullopt;
    t = bounded ? caster.tMin : hi < 0 ? hi : 0;  // a line: its origin, unless the range ends before it
  } else {
    int atHi = sign(rate);  // the value's sign at hi (unlimited: at infinity, the rate's)
    if constexpr (kLimited) atHi = sign(m[2]);
    if (bounded && sign(value) == sign(rate)) return std::nullopt;  // crossing before the start
    if (atHi == -sign(rate)) return std::nullopt;                   // crossing after hi
    const double crossing = -value / rate;
    t = value == 0 ? 0 : atHi == 0 ? hi : crossing < caster.tMin ? caster.tMin : crossing > hi ? hi : crossing;
  }
  return makeHit(caster, t, normalFacing(plane, rate));
}

inline std::optional<RaycastHit> raycast(const Caster& caster, const Plane& plane, const RaycastOptions& options) {
  const auto hi = limitOf(caster, options);
  if (!hi) return std::nullopt;
  return byCasterForm(caster, *hi, raycastAs<true, true>, raycastAs<false, true>, raycastAs<false, false>, plane);
}

}  // namespace c3d
