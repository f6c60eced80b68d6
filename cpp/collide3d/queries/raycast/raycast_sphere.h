// Caster against a solid sphere: the roots of |w + t d|^2 = r^2, w = origin - center. The discriminant is taken in
// Lagrange's form r^2 (d.d) - |d x w|^2 rather than b^2 - ac, which keeps it exact (zero) for a caster through the
// center of a zero-radius sphere and accurate for grazing casters (Haines, Günther, Akenine-Möller 2019,
// "Precision Improvements for Ray/Sphere Intersection", Ray Tracing Gems ch. 7). The roots use the stable pair
// q/a, c/q (Press et al., Numerical Recipes §5.6).
#pragma once
#include <cmath>
#include <optional>
#include <tuple>

#include "collide3d/math/exact/filtered_sign.h"
#include "collide3d/queries/raycast/span.h"
#include "collide3d/shapes/sphere.h"

namespace c3d {

// The interval of t where origin + t * direction lies in the ball; empty when it misses.
inline Span ballSpan(Vec3 origin, Vec3 direction, Vec3 center, double radius) {
  Span span;
  const Vec3 w = origin - center;
  const double a = dot(direction, direction);
  const double b = dot(direction, w);
  const double c = dot(w, w) - radius * radius;
  if (a == 0) {  // a zero-length segment: the point is in the ball or not
    if (c > 0) span.makeEmpty();
    return span;
  }
  const double discriminant = radius * radius * a - lengthSquared(cross(direction, w));
  if (discriminant < 0) {
    span.makeEmpty();
    return span;
  }
  const double q = -(b + std::copysign(std::sqrt(discriminant), b));
  const double r0 = q != 0 ? q / a : 0, r1 = q != 0 ? c / q : 0;
  span.enter = std::fmin(r0, r1), span.enterFace = 0;
  span.exit = std::fmax(r0, r1), span.exitFace = 0;
  return span;
}

// Whether a caster meets the ball within its range, decided exactly. With d its direction, w = o - center,
// a = d.d, b = d.w, c = w.w - r^2 and the discriminant b^2 - a c = r^2 a - |d x w|^2: its line meets the ball iff
// the discriminant is >= 0; the larger root is >= 0 iff b <= 0 or c <= 0 (it moves towards the centre or starts
// in the ball); the smaller root is <= 1 iff a + b >= 0 or the end is in the ball. A zero-length segment (a = 0,
// exactly when its ends coincide) meets it iff c <= 0.
template <bool kSegment>
bool meetsBall(const Caster& caster, const Sphere& sphere) {
  const Vec3 p = kSegment ? caster.end : caster.direction;
  const auto m = exact::filteredValues(
      [](const auto& o, const auto& p, const auto& center, const auto& r) {
        const auto d = exactDirection<kSegment>(o, p);
        const auto w = o - center;
        const auto k = cross(d, w);
        const auto a = dot(d, d);
        const auto b = dot(d, w);
        const auto c = dot(w, w) - r * r;
        if constexpr (kSegment) {
          const auto end = p - center;
          return std::make_tuple(r * r * a - dot(k, k), b, c, a + b, dot(end, end) - r * r);
        } else {
          return std::make_tuple(r * r * a - dot(k, k), b, c);
        }
      },
      caster.origin, p, sphere.center, sphere.radius);
  const double discriminant = m[0], b = m[1], c = m[2];
  if (kSegment && caster.origin == caster.end) return c <= 0;
  if (discriminant < 0) return false;
  if (caster.tMin != -kInfinity && !(b <= 0 || c <= 0)) return false;
  if constexpr (kSegment) {
    return m[3] >= 0 || m[4] <= 0;  // the smaller root is at most 1: a + b >= 0, or the end is in the ball
  } else {
    return true;
  }
}

inline std::optional<RaycastHit> raycast(const Caster& caster, const Sphere& sphere, const RaycastOptions& options) {
  const bool meets = caster.hasEnd ? meetsBall<true>(caster, sphere) : meetsBall<false>(caster, sphere);
  if (!meets) return std::nullopt;
  const double scale = rangeScale(caster.direction);
  Span span = unscaled(ballSpan(caster.origin, caster.direction * scale, sphere.center, sphere.radius), scale);
  // The rounded roots follow the exact decision: a grazing caster whose discriminant rounded below 0 touches at
  // the foot of the centre; roots that rounded just outside the caster's range are brought back to its end.
  if (span.empty()) {
    const double foot = dot(sphere.center - caster.origin, caster.direction) / dot(caster.direction, caster.direction);
    span.enter = span.exit = foot, span.enterFace = span.exitFace = 0;
  }
  agreeWithHit(span, caster);
  const auto hit = firstHit(span, caster, options);
  if (!hit) return std::nullopt;
  RaycastHit result = makeHit(caster, hit->t, {});
  result.normal = hit->face == kNoFace ? insideNormal(caster)
                                       : normalizedOr(result.point - sphere.center, insideNormal(caster));
  return result;
}

}  // namespace c3d
