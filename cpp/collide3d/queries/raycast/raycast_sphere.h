// Caster against a solid sphere: the roots of |w + t d|^2 = r^2, w = origin - center. The discriminant is taken in
// Lagrange's form r^2 (d.d) - |d x w|^2 rather than b^2 - ac, which keeps it exact (zero) for a caster through the
// center of a zero-radius sphere and accurate for grazing casters (Haines, Günther, Akenine-Möller 2019,
// "Precision Improvements for Ray/Sphere Intersection", Ray Tracing Gems ch. 7). The roots use the stable pair
// q/a, c/q (Press et al., Numerical Recipes §5.6).
#pragma once
#include <cmath>
#include <optional>

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

inline std::optional<RaycastHit> raycast(const Caster& caster, const Sphere& sphere, const RaycastOptions& options) {
  const double scale = rangeScale(caster.direction);
  const Span span = unscaled(ballSpan(caster.origin, caster.direction * scale, sphere.center, sphere.radius), scale);
  const auto hit = firstHit(span, caster, options);
  if (!hit) return std::nullopt;
  RaycastHit result = makeHit(caster, hit->t, {});
  result.normal = hit->face == kNoFace ? insideNormal(caster)
                                       : normalizedOr(result.point - sphere.center, insideNormal(caster));
  return result;
}

}  // namespace c3d
