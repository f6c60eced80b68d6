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
#include "collide3d/queries/raycast/refined_root.h"
#include "collide3d/queries/raycast/span.h"
#include "collide3d/shapes/sphere.h"

namespace c3d {

// The quadratic |w + t d|^2 - r^2 = a t^2 + 2 b t + c of a caster against a ball, in any number type (d its direction,
// w = o - center), and its discriminant b^2 - a c in Lagrange's form r^2 a - |d x w|^2: (a, b, c, discriminant).
template <bool kSegment>
constexpr auto kBallQuadratic = [](const auto& o, const auto& p, const auto& center, const auto& r) {
  const auto d = exactDirection<kSegment>(o, p);
  const auto w = o - center;
  const auto k = cross(d, w);
  const auto a = dot(d, d);
  return std::make_tuple(a, dot(d, w), dot(w, w) - r * r, r * r * a - dot(k, k));
};

// The interval of t where origin + t * direction lies in the ball; empty when it misses.
inline Span ballSpan(Vec3 origin, Vec3 direction, Vec3 center, double radius) {
  Span span;
  const auto [a, b, c, discriminant] = kBallQuadratic<false>(origin, direction, center, radius);
  if (a == 0) {  // a zero-length segment: the point is in the ball or not
    if (c > 0) span.makeEmpty();
    return span;
  }
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

// Whether a caster meets the ball within [tMin, hi], decided exactly. With kBallQuadratic's a, b, c and
// discriminant: its line meets the ball iff the discriminant is >= 0; the larger root is >= 0 iff b <= 0 or c <= 0
// (it moves towards the centre or starts in the ball); the smaller root is <= hi iff a hi + b >= 0 or the point at
// hi is in the ball. A zero-length segment (a = 0, exactly when its ends coincide) meets it iff c <= 0. The start is
// inside iff c < 0 (a point: c <= 0, the caster staying there).
template <bool kSegment, bool kLimited>
constexpr auto kBallMeeting = [](const auto& o, const auto& p, const auto& hi, const auto& center, const auto& r) {
  const auto [a, b, c, discriminant] = kBallQuadratic<kSegment>(o, p, center, r);
  if constexpr (kLimited) {
    return std::make_tuple(discriminant, b, c, a * hi + b);
  } else {
    return std::make_tuple(discriminant, b, c);
  }
};

// |w + hi d|^2 - r^2: the caster at hi against the ball. Evaluated apart, only when a decision needs it: a sweep
// limits its casts to the first contact found so far, so the caster at hi is often exactly on a ball, where only
// exact arithmetic settles this sign.
template <bool kSegment>
constexpr auto kBallAtLimit = [](const auto& o, const auto& p, const auto& hi, const auto& center, const auto& r) {
  const auto at = o - center + scaled(exactDirection<kSegment>(o, p), hi);
  return dot(at, at) - r * r;
};

template <bool kSegment>
double ballAtLimit(const Caster& caster, double hi, const Sphere& sphere) {
  return exact::filteredValue(kBallAtLimit<kSegment>, caster.origin, kSegment ? caster.end : caster.direction, hi,
                              sphere.center, sphere.radius);
}

// The decision from the exact values kBallMeeting's form gives (discriminant, b, c and, limited, the rate at hi) and,
// when that rate cannot settle it, the ball's value at hi (atLimit()): for the ball, and for the ellipsoid's ball under
// its map (raycast_ellipsoid.h).
template <bool kSegment, bool kLimited, class Values, class AtLimit>
Meeting ballMeeting(const Caster& caster, const Values& m, AtLimit&& atLimit) {
  const double discriminant = m[0], b = m[1], c = m[2];
  const bool bounded = caster.tMin != -kInfinity;
  if (kSegment && caster.origin == caster.end) return {c <= 0, c <= 0};
  if (discriminant < 0) return {false, false};
  if (bounded && !(b <= 0 || c <= 0)) return {false, false};
  if constexpr (kLimited) {
    if (!(m[3] >= 0 || atLimit() <= 0)) return {false, false};
  }
  return {true, bounded && c < 0};
}

template <bool kSegment, bool kLimited>
Meeting meetsBall(const Caster& caster, double hi, const Sphere& sphere) {
  const Vec3 p = kSegment ? caster.end : caster.direction;
  const auto m = exact::filteredValues(kBallMeeting<kSegment, kLimited>, caster.origin, p, kLimited ? hi : 0.0,
                                       sphere.center, sphere.radius);  // never infinity
  return ballMeeting<kSegment, kLimited>(caster, m, [&] { return ballAtLimit<kSegment>(caster, hi, sphere); });
}

// Whether the caster runs on inside the ball past hi: |w + hi d|^2 < r^2 (a point: on or in the ball), exactly.
template <bool kSegment>
[[gnu::noinline]] bool endsInsideBall(const Caster& caster, double hi, const Sphere& sphere) {
  if (kSegment && caster.origin == caster.end) return true;  // meeting the ball, a point stays in it
  return ballAtLimit<kSegment>(caster, hi, sphere) < 0;
}

// The caster's entry into the ball (or its exit, larger) near t, refined where t is ill-conditioned (refined_root.h).
inline double ballRoot(const Caster& caster, Vec3 center, double radius, double t, bool larger) {
  const Vec3 o = caster.origin - center;
  if (caster.hasEnd) {
    return refinedRoot(t, larger, kBallQuadratic<true>, std::make_tuple(o, caster.end - center, Vec3{}, radius),
                       std::make_tuple(caster.origin, caster.end, center, radius));
  }
  return refinedRoot(t, larger, kBallQuadratic<false>, std::make_tuple(o, caster.direction, Vec3{}, radius),
                     std::make_tuple(caster.origin, caster.direction, center, radius));
}

inline std::optional<RaycastHit> raycast(const Caster& caster, const Sphere& sphere, const RaycastOptions& options) {
  const auto hi = limitOf(caster, options);
  if (!hi) return std::nullopt;
  const Meeting meeting =
      byCasterForm(caster, *hi, meetsBall<true, true>, meetsBall<false, true>, meetsBall<false, false>, sphere);
  if (!meeting.meets) return std::nullopt;
  const double scale = rangeScale(caster.direction);
  Span span = unscaled(ballSpan(caster.origin, caster.direction * scale, sphere.center, sphere.radius), scale);
  // A grazing caster whose discriminant rounded below 0 touches at the foot of the centre.
  grazeIfEmpty(span, 0, [&] { return nearestParameter(caster, sphere.center); });
  const auto hit = firstHit(span, caster, *hi, options, meeting.startsInside, [&] {
    return caster.hasEnd ? endsInsideBall<true>(caster, *hi, sphere) : endsInsideBall<false>(caster, *hi, sphere);
  });
  if (!hit) return std::nullopt;
  double t = hit->t;
  if (hit->face == 0 && isRefinableRoot(t, caster, *hi, scale)) {
    t = keptInRange(ballRoot(caster, sphere.center, sphere.radius, t, meeting.startsInside), caster, *hi);
  }
  RaycastHit result = makeHit(caster, t, {});
  result.normal = hit->face == kNoFace ? insideNormal(caster)
                                       : normalizedOr(result.point - sphere.center, insideNormal(caster));
  return result;
}

}  // namespace c3d
