// Caster against a solid capped cone, derived from its definition: with e = apex - base, E = e.e, the points p with
//   0 <= Z <= E,  Z = (p - base).e                     (between the base's plane and the apex's)
//   q = E |(p - base) x e|^2 - r^2 (E - Z)^2 <= 0      (within r (E - Z) / E of the axis)
// (for Z <= E the second is sqrt(E Q) <= r (E - Z), the cone's radius shrinking linearly to 0 at the apex; beyond the
// slab, q <= 0 is the other nappe of the double cone). Along the caster p = o + t d, with w = o - base, a = apex - o,
// m = d x e, n = w x e, z = d.e, h = E - w.e = a.e, q is the quadratic A t^2 + 2 B t + C:
//   A = E m.m - r^2 z^2,  B = E m.n + r^2 z h,  C = E n.n - r^2 h^2,
// and B^2 - AC = E^2 (r^2 |e x (a x d)|^2 - E (a.m)^2) (expanded and checked symbolically), whose second factor D is
// the discriminant used: degree 8 rather than 12, and exactly 0 for a caster through the apex (a x d = 0).
// Unlike a cylinder's, q may be indefinite (A < 0: the caster crosses the generators' directions, meeting both
// nappes), but the cone is convex, so the t in the caster's interval [L, U] within the slab where q <= 0 form one
// interval. It is not empty iff q(L) <= 0 or q(U) <= 0 or — q being then positive at both ends but not on all of
// [L, U], so convex there — A > 0, the vertex -B/A lies strictly inside and D >= 0. So hit or miss is decided as
// raycast_cylinder.h decides it, with the same exact signs of polynomials in the inputs (L, U are 0, hi, or the
// parameters where the caster crosses the base's or the apex's plane). Faces: 0 the side, 1 the base, 2 the apex (the
// slab's far plane meets the cone only there).
#pragma once
#include <cmath>
#include <optional>
#include <tuple>

#include "collide3d/math/exact/filtered_sign.h"
#include "collide3d/math/predicates.h"
#include "collide3d/queries/raycast/raycast_cylinder.h"
#include "collide3d/queries/raycast/refined_root.h"
#include "collide3d/queries/raycast/span.h"
#include "collide3d/shapes/cone.h"

namespace c3d {

namespace cone_caster {

constexpr int kSide = 0, kBase = 1, kApex = 2;

// The quadratic (A, B, C) along the caster, and D; in any number type.
template <bool kSegment>
constexpr auto kQuadratic = [](const auto& o, const auto& p, const auto& base, const auto& apex, const auto& r) {
  const auto d = exactDirection<kSegment>(o, p);
  const auto e = apex - base;
  const auto a = apex - o;
  const auto m = cross(d, e);
  const auto n = cross(o - base, e);
  const auto k = cross(e, cross(a, d));
  const auto E = dot(e, e);
  const auto z = dot(d, e);
  const auto h = dot(a, e);
  const auto am = dot(a, m);
  return std::make_tuple(E * dot(m, m) - r * r * z * z, E * dot(m, n) + r * r * z * h, E * dot(n, n) - r * r * h * h,
                         r * r * dot(k, k) - E * am * am);
};

// The same with the discriminant B^2 - AC itself (E^2 D), as refined_root.h takes it; negated (-A, -B, -C: the same
// roots) for an A < 0, since it wants a > 0.
template <bool kSegment, bool kNegated>
constexpr auto kRootQuadratic = [](const auto& o, const auto& p, const auto& base, const auto& apex, const auto& r) {
  const auto [A, B, C, D] = kQuadratic<kSegment>(o, p, base, apex, r);
  const auto e = apex - base;
  const auto E = dot(e, e);
  if constexpr (kNegated) {
    return std::make_tuple(-A, -B, -C, E * E * D);
  } else {
    return std::make_tuple(A, B, C, E * E * D);
  }
};

// The signs read before the bounds are chosen: d.e, w.e, h = E - w.e (the start against the slab's planes), A, B, C,
// D; limited, the point at hi against the planes: w.e + hi d.e and h - hi d.e.
template <bool kSegment, bool kLimited>
constexpr auto kTerms = [](const auto& o, const auto& p, const auto& hi, const auto& base, const auto& apex,
                           const auto& r) {
  const auto [A, B, C, D] = kQuadratic<kSegment>(o, p, base, apex, r);
  const auto d = exactDirection<kSegment>(o, p);
  const auto e = apex - base;
  const auto z = dot(d, e);
  const auto we = dot(o - base, e);
  const auto h = dot(apex - o, e);
  const auto front = std::make_tuple(z, we, h, A, B, C, D);
  if constexpr (kLimited) {
    return std::tuple_cat(front, std::make_tuple(we + hi * z, h - hi * z));
  } else {
    return front;
  }
};

// q at the bounds L and U (num / den, as in raycast_cylinder.h: num = n0 + n1 (w.e) + n2 E, den = d0 + d1 (d.e) > 0),
// times den^2, and where the vertex -B/A lies against them (for A > 0): -(B den_L) - num_L A > 0 when after L,
// num_U A + B den_U > 0 when before U.
template <bool kSegment>
constexpr auto kAtBounds = [](const auto& o, const auto& p, const auto& base, const auto& apex, const auto& r,
                              const auto& lowNum, const auto& lowDen, const auto& highNum, const auto& highDen) {
  const auto [A, B, C, D] = kQuadratic<kSegment>(o, p, base, apex, r);
  const auto e = apex - base;
  const auto E = dot(e, e);
  const auto we = dot(o - base, e);
  const auto z = dot(exactDirection<kSegment>(o, p), e);
  const auto numL = lowNum.x + lowNum.y * we + lowNum.z * E;
  const auto denL = lowDen.x + lowDen.y * z;
  const auto numU = highNum.x + highNum.y * we + highNum.z * E;
  const auto denU = highDen.x + highDen.y * z;
  return std::make_tuple(A * numL * numL + (B + B) * numL * denL + C * denL * denL,
                         A * numU * numU + (B + B) * numU * denU + C * denU * denU, -(B * denL) - numL * A,
                         numU * A + B * denU);
};

// The point at hi against the cone: the slab coordinates w.e + hi d.e and h - hi d.e, q(hi); and d.e, A, B, C.
template <bool kSegment>
constexpr auto kAtLimit = [](const auto& o, const auto& p, const auto& hi, const auto& base, const auto& apex,
                             const auto& r) {
  const auto [A, B, C, D] = kQuadratic<kSegment>(o, p, base, apex, r);
  const auto e = apex - base;
  const auto z = dot(exactDirection<kSegment>(o, p), e);
  return std::make_tuple(dot(o - base, e) + hi * z, dot(apex - o, e) - hi * z, (A * hi + B + B) * hi + C, z, A, B,
                         C);
};

// What the exact predicates decide, with the signs the rounded span needs: A's (which piece of q <= 0 is the cone's)
// and d.e's.
struct ConeMeeting {
  Meeting meeting;
  int curvature, rate;
};

}  // namespace cone_caster

// Whether the caster meets the closed cone within [tMin, hi], exactly (see above), and whether it starts inside.
template <bool kSegment, bool kLimited>
cone_caster::ConeMeeting meetsCone(const Caster& caster, double hi, const Cone& cone) {
  using namespace cone_caster;
  using cylinder_caster::Bound;
  const Vec3 p = kSegment ? caster.end : caster.direction;
  const double limit = kLimited ? hi : 0.0;  // never infinity
  const auto t = exact::filteredValues(kTerms<kSegment, kLimited>, caster.origin, p, limit, cone.base, cone.apex,
                                       cone.radius);
  const double rate = t[0], fromBase = t[1], toApex = t[2], A = t[3], B = t[4], C = t[5], D = t[6];
  const double s = sign(rate);  // a double, as the bounds' coefficients take it
  const int curvature = sign(A), direction = sign(rate);
  const ConeMeeting miss{{false, false}, curvature, direction};
  const bool bounded = caster.tMin != -kInfinity;
  // Running through its start: strictly between the planes unless parallel to them, and strictly inside the double
  // cone unless running along it (q = 0 on the whole line: a generator, or a point on the surface).
  const bool onSurface = (A == 0) & (B == 0) & (C == 0);
  const bool startsInside = bounded & ((s == 0) | ((fromBase > 0) & (toApex > 0))) & ((C < 0) | onSurface);
  Bound low, high;
  cylinder_caster::SlabSigns slab{rate, fromBase, toApex, 0, 0};
  if constexpr (kLimited) slab.fromLowAtHi = t[7], slab.toHighAtHi = t[8];
  if (!cylinder_caster::slabBounds<kLimited>(slab, bounded, limit, low, high)) return miss;
  // q constant along the caster (a point, or a caster along a generator's line): inside everywhere or nowhere. An
  // unbounded side only remains when parallel to the planes, where A = E |d x e|^2 > 0 unless d = 0.
  if (A == 0 && B == 0) return {{C <= 0, startsInside}, curvature, direction};
  const auto q = exact::filteredValues(kAtBounds<kSegment>, caster.origin, p, cone.base, cone.apex, cone.radius,
                                       low.num, low.den, high.num, high.den);
  const bool meets = (low.finite && q[0] <= 0) || (high.finite && q[1] <= 0) ||
                     (A > 0 && D >= 0 && (!low.finite || q[2] > 0) && (!high.finite || q[3] > 0));
  return {{meets, startsInside}, curvature, direction};
}

// Whether the caster runs on inside the cone past hi: its point there strictly between the planes (unless it moves
// parallel to them) and strictly inside the double cone (unless it runs along it), exactly.
template <bool kSegment>
[[gnu::noinline]] bool endsInsideCone(const Caster& caster, double hi, const Cone& cone) {
  const auto m = exact::filteredValues(cone_caster::kAtLimit<kSegment>, caster.origin,
                                       kSegment ? caster.end : caster.direction, hi, cone.base, cone.apex, cone.radius);
  return (m[3] == 0 || (m[0] > 0 && m[1] > 0)) && (m[2] < 0 || (m[4] == 0 && m[5] == 0 && m[6] == 0));
}

namespace cone_caster {

// The rounded interval of t inside the cone, the piece of q <= 0 taken by A's exact sign (`curvature`) and d.e's
// (`rate`): for A > 0 between the roots; for A < 0 the piece on the base's side of the apex plane, before the smaller
// root when moving towards the apex, after the larger one otherwise; for A = 0 (or a rounded A that disagrees) the
// one root of 2 B t + C.
inline Span coneSpan(const Caster& caster, const Cone& cone, int curvature, int rate) {
  const Vec3 e = cone.apex - cone.base, w = caster.origin - cone.base, a = cone.apex - caster.origin;
  const Vec3 d = caster.direction;
  const double E = dot(e, e), z = dot(d, e), h = dot(a, e), rr = cone.radius * cone.radius;
  Span span;
  clipSlab(span, dot(w, e), z, 0, E, kBase, kApex);
  if (span.empty()) return span;
  const Vec3 m = cross(d, e), n = cross(w, e);
  const double A = E * dot(m, m) - rr * z * z, B = E * dot(m, n) + rr * z * h, C = E * dot(n, n) - rr * h * h;
  if (curvature == 0 || sign(A) != curvature) {
    if (B == 0) {
      if (C > 0) span.makeEmpty();
    } else if (B > 0) {
      span.keepAtMost(-C / (B + B), kSide);
    } else {
      span.keepAtLeast(-C / (B + B), kSide);
    }
    return span;
  }
  const double am = dot(a, m), D = rr * lengthSquared(cross(e, cross(a, d))) - E * am * am;
  if (D < 0 && curvature > 0) {
    span.makeEmpty();
    return span;
  }
  const double root = E * std::sqrt(std::fmax(D, 0.0)), qq = -(B + std::copysign(root, B));
  const double r0 = qq != 0 ? qq / A : 0, r1 = qq != 0 ? C / qq : 0;
  const double smaller = std::fmin(r0, r1), larger = std::fmax(r0, r1);
  if (curvature > 0) {
    span.keepAtLeast(smaller, kSide);
    span.keepAtMost(larger, kSide);
  } else if (rate > 0) {
    span.keepAtMost(smaller, kSide);
  } else {
    span.keepAtLeast(larger, kSide);
  }
  return span;
}

// Where a caster that rounding kept out of the cone touches it: at q's vertex, or nearest the apex.
inline double grazeParameter(const Caster& caster, const Cone& cone) {
  const Vec3 e = cone.apex - cone.base, a = cone.apex - caster.origin, m = cross(caster.direction, e);
  const double E = dot(e, e), z = dot(caster.direction, e), rr = cone.radius * cone.radius;
  const double A = E * dot(m, m) - rr * z * z, B = E * dot(m, cross(caster.origin - cone.base, e)) + rr * z * dot(a, e);
  const double t = -B / A;
  return std::isfinite(t) ? t : nearestParameter(caster, cone.apex);
}

// The unit outward normal: -e, e at the base and the apex; on the side E u + r e, u the unit direction from the axis
// (the gradient of |radial| - r (E - Z) / E, times E); the apex's e on the axis.
inline Vec3 coneNormal(const Cone& cone, int face, Vec3 point, Vec3 fallback) {
  const Vec3 e = cone.apex - cone.base;
  const double E = dot(e, e);
  if (face == kBase) return -e * (1.0 / std::sqrt(E));
  if (face == kApex) return e * (1.0 / std::sqrt(E));
  const Vec3 w = point - cone.base;
  const Vec3 u = normalizedOr(w - e * (dot(w, e) / E), {});
  return normalizedOr(u * E + e * cone.radius, fallback);
}

// The side root near t — the larger one when `larger` — refined where ill-conditioned (refined_root.h).
template <bool kSegment, bool kNegated>
double sideRoot(const Caster& caster, const Cone& cone, double t, bool larger) {
  const Vec3 p = kSegment ? caster.end : caster.direction;
  const Vec3 local = kSegment ? caster.end - cone.base : caster.direction;
  return refinedRoot(t, larger, kRootQuadratic<kSegment, kNegated>,
                     std::make_tuple(caster.origin - cone.base, local, Vec3{}, cone.apex - cone.base, cone.radius),
                     std::make_tuple(caster.origin, p, cone.base, cone.apex, cone.radius));
}

}  // namespace cone_caster

// Out of line: three table cells (ray, line, segment) and the triangle test call it.
[[gnu::noinline]] inline std::optional<RaycastHit> raycast(const Caster& caster, const Cone& cone,
                                                          const RaycastOptions& options) {
  using namespace cone_caster;
  const auto hi = limitOf(caster, options);
  if (!hi) return std::nullopt;
  const ConeMeeting meeting =
      byCasterForm(caster, *hi, meetsCone<true, true>, meetsCone<false, true>, meetsCone<false, false>, cone);
  if (!meeting.meeting.meets) return std::nullopt;
  const double scale = rangeScale(caster.direction);
  Caster scaled = caster;
  scaled.direction = caster.direction * scale;
  Span span = unscaled(coneSpan(scaled, cone, meeting.curvature, meeting.rate), scale);
  grazeIfEmpty(span, kSide, [&] { return grazeParameter(caster, cone); });
  const bool startsInside = meeting.meeting.startsInside;
  const auto hit = firstHit(span, caster, *hi, options, startsInside, [&] {
    return caster.hasEnd ? endsInsideCone<true>(caster, *hi, cone) : endsInsideCone<false>(caster, *hi, cone);
  });
  if (!hit) return std::nullopt;
  double t = hit->t;
  if (hit->face == kSide && meeting.curvature != 0 && isRefinableRoot(t, caster, *hi, scale)) {
    // Which root: for A > 0 the exit when starting inside, else the entry; for A < 0 the one the piece ends at.
    const bool larger = meeting.curvature > 0 ? startsInside : meeting.rate < 0;
    const bool negated = meeting.curvature < 0;
    const double refined = caster.hasEnd ? (negated ? sideRoot<true, true>(caster, cone, t, larger)
                                                    : sideRoot<true, false>(caster, cone, t, larger))
                                         : (negated ? sideRoot<false, true>(caster, cone, t, larger)
                                                    : sideRoot<false, false>(caster, cone, t, larger));
    t = keptInRange(refined, caster, *hi);
  }
  RaycastHit result = makeHit(caster, t, {});
  result.normal = hit->face == kNoFace ? insideNormal(caster)
                                       : coneNormal(cone, hit->face, result.point, insideNormal(caster));
  return result;
}

}  // namespace c3d
