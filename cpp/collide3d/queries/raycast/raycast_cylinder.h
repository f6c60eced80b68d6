// Caster against a solid capped cylinder, derived from its definition: the points p with
//   0 <= (p - start).e <= e.e              (between the caps; e = end - start)
//   |(p - start) x e|^2 <= r^2 (e.e)        (within r of the axis)
// Along the caster p = o + t d, the first is a slab in t and the second a quadratic A t^2 + 2 B t + C <= 0 with
// m = d x e, n = (o - start) x e: A = m.m, B = m.n, C = n.n - r^2 e.e. Its discriminant B^2 - AC is taken as
// A r^2 (e.e) - |m x n|^2 (Lagrange's identity), exact for a caster through the axis of a zero-radius cylinder.
// A = 0 means the caster runs parallel to the axis: inside the infinite cylinder everywhere or nowhere.
// Faces: 0 the side, 1 the start cap, 2 the end cap.
// Hit or miss is decided exactly (meetsCylinder): q is convex, so it is <= 0 somewhere on the interval [L, U] of
// the caster's range within the slab iff q(L) <= 0, or q(U) <= 0, or its minimum -B/A lies inside with B^2 >= AC.
// L and U are each 0, 1 or a cap's parameter (num / den, den > 0), chosen by exact signs; q(L) den^2 and the
// position of -B/A against them are polynomials of the inputs with exact signs.
#pragma once
#include <cmath>
#include <optional>
#include <tuple>

#include "collide3d/math/exact/filtered_sign.h"
#include "collide3d/math/predicates.h"
#include "collide3d/queries/raycast/refined_root.h"
#include "collide3d/queries/raycast/span.h"
#include "collide3d/shapes/cylinder.h"

namespace c3d {

inline Span cylinderSpan(const Caster& caster, const Cylinder& cylinder) {
  const Vec3 e = cylinder.end - cylinder.start;
  const Vec3 w = caster.origin - cylinder.start;
  const double ee = dot(e, e);
  Span span;
  clipSlab(span, dot(w, e), dot(caster.direction, e), 0, ee, 1, 2);
  if (span.empty()) return span;
  const Vec3 m = cross(caster.direction, e), n = cross(w, e);
  const double A = dot(m, m), B = dot(m, n), C = dot(n, n) - cylinder.radius * cylinder.radius * ee;
  if (A == 0) {
    if (C > 0) span.makeEmpty();
    return span;
  }
  const double discriminant = A * cylinder.radius * cylinder.radius * ee - lengthSquared(cross(m, n));
  if (discriminant < 0) {
    span.makeEmpty();
    return span;
  }
  const double q = -(B + std::copysign(std::sqrt(discriminant), B));
  const double r0 = q != 0 ? q / A : 0, r1 = q != 0 ? C / q : 0;
  span.keepAtLeast(std::fmin(r0, r1), 0);
  span.keepAtMost(std::fmax(r0, r1), 0);
  return span;
}

namespace cylinder_caster {

// A bound of the caster's parameter as num / den, num = n0 + n1 (w.e) + n2 (e.e), den = d0 + d1 (d.e), den > 0;
// or none (the interval is unbounded on that side).
struct Bound {
  bool finite = false;
  Vec3 num{}, den{};
};

constexpr Bound kZero{true, {0, 0, 0}, {1, 0, 0}};

// The caster's interval [low, high] within the slab between two parallel planes, 0 <= w.e + t d.e <= e.e (the
// cylinder's caps, the cone's base and apex planes), cut to [0, hi] as far as the caster is bounded, from the exact
// signs of the rate d.e, of the start's slab coordinates fromLow = w.e and toHigh = e.e - w.e, and (when limited) of
// the same at hi. False when it misses the slab there.
struct SlabSigns {
  double rate, fromLow, toHigh, fromLowAtHi, toHighAtHi;
};
template <bool kLimited>
bool slabBounds(const SlabSigns& signs, bool bounded, double limit, Bound& low, Bound& high) {
  const double s = sign(signs.rate);
  low = bounded ? kZero : Bound{};
  high = kLimited ? Bound{true, {limit, 0, 0}, {1, 0, 0}} : Bound{};
  if (s == 0) return signs.fromLow >= 0 && signs.toHigh >= 0;  // parallel to the planes: inside the slab, or never
  // The planes' parameters: at -(w.e) / (d.e) and (e.e - w.e) / (d.e), signs normalised by s.
  const Bound atLow{true, {0, -s, 0}, {0, s, 0}}, atHigh{true, {0, -s, s}, {0, s, 0}};
  // Where they lie against t = 0 and t = hi, from the slab coordinate there against the planes: the slab is entered
  // after t = 0 when the caster starts before its entering plane, and so on.
  const double enteringAtZero = s > 0 ? signs.fromLow : signs.toHigh;
  const double leavingAtZero = s > 0 ? signs.toHigh : signs.fromLow;
  if (bounded && leavingAtZero < 0) return false;  // the slab lies behind the start
  if (!bounded || enteringAtZero < 0) low = s > 0 ? atLow : atHigh;
  if constexpr (kLimited) {
    const double enteringAtHi = s > 0 ? signs.fromLowAtHi : signs.toHighAtHi;
    const double leavingAtHi = s > 0 ? signs.toHighAtHi : signs.fromLowAtHi;
    if (enteringAtHi < 0) return false;  // the slab is entered after hi
    if (leavingAtHi < 0) high = s > 0 ? atHigh : atLow;
  } else {
    high = s > 0 ? atHigh : atLow;
  }
  return true;
}

// The caster's terms against the cylinder, in any number type: m = d x e, n = w x e, and w.e, d.e, e.e.
template <bool kSegment, class O, class P, class A, class B>
auto terms(const O& o, const P& p, const A& a, const B& b) {
  const auto d = exactDirection<kSegment>(o, p);
  const auto e = b - a;
  const auto w = o - a;
  return std::make_tuple(cross(d, e), cross(w, e), dot(w, e), dot(d, e), dot(e, e));
}

// The side's quadratic A t^2 + 2 B t + C and its discriminant in Lagrange's form: (A, B, C, A r^2 (e.e) - |m x n|^2).
template <bool kSegment>
constexpr auto kSideQuadratic = [](const auto& o, const auto& p, const auto& a, const auto& b, const auto& r) {
  const auto [m, n, we, de, ee] = terms<kSegment>(o, p, a, b);
  const auto k = cross(m, n);
  return std::make_tuple(dot(m, m), dot(m, n), dot(n, n) - r * r * ee, dot(m, m) * r * r * ee - dot(k, k));
};

// The signs read before the bounds are chosen: d.e, w.e, e.e - w.e (the start against the caps), A, C, the
// discriminant; limited, the point at hi against the caps: w.e + hi d.e and e.e - w.e - hi d.e.
template <bool kSegment, bool kLimited>
constexpr auto kTerms = [](const auto& o, const auto& p, const auto& hi, const auto& a, const auto& b,
                           const auto& r) {
  const auto [m, n, we, de, ee] = terms<kSegment>(o, p, a, b);
  const auto [A, B, C, discriminant] = kSideQuadratic<kSegment>(o, p, a, b, r);
  const auto base = std::make_tuple(de, we, ee - we, A, C, discriminant);
  if constexpr (kLimited) {
    return std::tuple_cat(base, std::make_tuple(we + hi * de, ee - we - hi * de));
  } else {
    return base;
  }
};

// The point at hi against the cylinder: between the caps (w.e + hi d.e, e.e - w.e - hi d.e), within r of the axis
// (q(hi) = A hi^2 + 2 B hi + C); and the rates d.e and A that say whether the caster moves across either.
template <bool kSegment>
constexpr auto kAtLimit = [](const auto& o, const auto& p, const auto& hi, const auto& a, const auto& b,
                             const auto& r) {
  const auto [m, n, we, de, ee] = terms<kSegment>(o, p, a, b);
  return std::make_tuple(we + hi * de, ee - we - hi * de,
                         (dot(m, m) * hi + dot(m, n) + dot(m, n)) * hi + dot(n, n) - r * r * ee, de, dot(m, m));
};

template <bool kSegment>
constexpr auto kAtBounds = [](const auto& o, const auto& p, const auto& a, const auto& b, const auto& r,
                              const auto& lowNum, const auto& lowDen, const auto& highNum, const auto& highDen) {
  const auto [m, n, we, de, ee] = terms<kSegment>(o, p, a, b);
  const auto A = dot(m, m);
  const auto B = dot(m, n);
  const auto C = dot(n, n) - r * r * ee;
  const auto numL = lowNum.x + lowNum.y * we + lowNum.z * ee;
  const auto denL = lowDen.x + lowDen.y * de;
  const auto numU = highNum.x + highNum.y * we + highNum.z * ee;
  const auto denU = highDen.x + highDen.y * de;
  return std::make_tuple(A * numL * numL + (B + B) * numL * denL + C * denL * denL,
                         A * numU * numU + (B + B) * numU * denU + C * denU * denU,
                         -(B * denL) - numL * A,   // > 0: the minimum -B/A lies after L
                         numU * A + B * denU);     // > 0: it lies before U
};

}  // namespace cylinder_caster

// Whether the caster meets the closed cylinder within [tMin, hi], exactly (see above), and whether it starts inside.
template <bool kSegment, bool kLimited>
Meeting meetsCylinder(const Caster& caster, double hi, const Cylinder& cylinder) {
  using namespace cylinder_caster;
  const Vec3 p = kSegment ? caster.end : caster.direction;
  const double limit = kLimited ? hi : 0.0;  // never infinity
  const auto t = exact::filteredValues(kTerms<kSegment, kLimited>, caster.origin, p, limit, cylinder.start,
                                       cylinder.end, cylinder.radius);
  const double rate = t[0], fromStart = t[1], toEnd = t[2], A = t[3], C = t[4], discriminant = t[5];
  const double s = sign(rate);
  const bool bounded = caster.tMin != -kInfinity;
  // Running through its start: strictly between the caps unless parallel to them, strictly within r of the axis
  // unless parallel to it.
  const bool startsInside = bounded & ((s == 0) | ((fromStart > 0) & (toEnd > 0))) & ((C < 0) | ((A == 0) & (C == 0)));
  Bound low, high;
  SlabSigns slab{rate, fromStart, toEnd, 0, 0};
  if constexpr (kLimited) slab.fromLowAtHi = t[6], slab.toHighAtHi = t[7];
  if (!slabBounds<kLimited>(slab, bounded, limit, low, high)) return {false, false};
  // Parallel to the axis: inside the infinite cylinder everywhere or nowhere.
  if (A == 0) return {C <= 0, startsInside};
  const auto q = exact::filteredValues(kAtBounds<kSegment>, caster.origin, p, cylinder.start, cylinder.end,
                                       cylinder.radius, low.num, low.den, high.num, high.den);
  const bool meets = (low.finite && q[0] <= 0) || (high.finite && q[1] <= 0) ||
                     (discriminant >= 0 && (!low.finite || q[2] > 0) && (!high.finite || q[3] > 0));
  return {meets, startsInside};
}

// Whether the caster runs on inside the cylinder past hi: its point there strictly between the caps (unless it
// moves parallel to them) and strictly within r of the axis (unless it moves parallel to it), exactly.
template <bool kSegment>
[[gnu::noinline]] bool endsInsideCylinder(const Caster& caster, double hi, const Cylinder& cylinder) {
  const auto m = exact::filteredValues(cylinder_caster::kAtLimit<kSegment>, caster.origin,
                                       kSegment ? caster.end : caster.direction, hi, cylinder.start, cylinder.end,
                                       cylinder.radius);
  return (m[3] == 0 || (m[0] > 0 && m[1] > 0)) && (m[4] == 0 || m[2] < 0);
}

inline Vec3 cylinderNormal(const Cylinder& cylinder, int face, Vec3 point, Vec3 fallback) {
  const Vec3 e = cylinder.end - cylinder.start;
  if (face == 1) return -e * (1.0 / length(e));
  if (face == 2) return e * (1.0 / length(e));
  const Vec3 w = point - cylinder.start;
  return normalizedOr(w - e * (dot(w, e) / dot(e, e)), fallback);
}

// The parameter where the caster's line passes nearest the cylinder's axis line (0 when parallel to it).
inline double nearestToAxis(const Caster& caster, const Cylinder& cylinder) {
  const Vec3 e = cylinder.end - cylinder.start, m = cross(caster.direction, e);
  return isZero(m) ? 0 : -dot(m, cross(caster.origin - cylinder.start, e)) / dot(m, m);
}

// The caster's entry through the side (or its exit, larger) near t, refined where t is ill-conditioned
// (refined_root.h).
inline double sideRoot(const Caster& caster, const Cylinder& cylinder, double t, bool larger) {
  using cylinder_caster::kSideQuadratic;
  const Vec3 o = caster.origin - cylinder.start, e = cylinder.end - cylinder.start;
  const double r = cylinder.radius;
  if (caster.hasEnd) {
    return refinedRoot(t, larger, kSideQuadratic<true>, std::make_tuple(o, caster.end - cylinder.start, Vec3{}, e, r),
                       std::make_tuple(caster.origin, caster.end, cylinder.start, cylinder.end, r));
  }
  return refinedRoot(t, larger, kSideQuadratic<false>, std::make_tuple(o, caster.direction, Vec3{}, e, r),
                     std::make_tuple(caster.origin, caster.direction, cylinder.start, cylinder.end, r));
}

inline std::optional<RaycastHit> raycast(const Caster& caster, const Cylinder& cylinder,
                                         const RaycastOptions& options) {
  const auto hi = limitOf(caster, options);
  if (!hi) return std::nullopt;
  const Meeting meeting = byCasterForm(caster, *hi, meetsCylinder<true, true>, meetsCylinder<false, true>,
                                       meetsCylinder<false, false>, cylinder);
  if (!meeting.meets) return std::nullopt;
  const double scale = rangeScale(caster.direction);
  Caster scaled = caster;
  scaled.direction = caster.direction * scale;
  Span span = unscaled(cylinderSpan(scaled, cylinder), scale);
  // Rounding emptied what the exact test found: a graze, where the caster nears the axis most.
  grazeIfEmpty(span, 0, [&] { return nearestToAxis(caster, cylinder); });
  const auto hit = firstHit(span, caster, *hi, options, meeting.startsInside, [&] {
    return caster.hasEnd ? endsInsideCylinder<true>(caster, *hi, cylinder)
                         : endsInsideCylinder<false>(caster, *hi, cylinder);
  });
  if (!hit) return std::nullopt;
  double t = hit->t;
  if (hit->face == 0 && isRefinableRoot(t, caster, *hi, scale)) {
    t = keptInRange(sideRoot(caster, cylinder, t, meeting.startsInside), caster, *hi);
  }
  RaycastHit result = makeHit(caster, t, {});
  result.normal = hit->face == kNoFace ? insideNormal(caster)
                                       : cylinderNormal(cylinder, hit->face, result.point, insideNormal(caster));
  return result;
}

}  // namespace c3d
