// Caster against a solid ellipsoid { c + y : sum_k (u_k.y / r_k)^2 <= 1 } (u_k the rotation's columns, taken as
// given, as OBBs' are), by the ball map of intersects_quadric_triangle.h: y -> Y = (s_k u_k.y)_k, s_k the product of
// the other two radii, takes it onto the ball of radius rho = r0 r1 r2 around 0. The map is linear, so the caster
// maps to the caster W + t V (W, V the images of o - c and d), whose parameters are the same, and the ball's exact
// decisions (raycast_sphere.h: signs of polynomials, now in the inputs through the map) decide hit or miss.
// A zero radius r_k flattens the ellipsoid into the plane u_k.y = 0 (an ellipse, a segment, a point). Zero radii are
// then taken as 1 in the map (as the triangle test does), which maps the flat set onto the ball's part in those
// planes, and the caster is first cut by them: one crossing a plane meets the flat set at most at the crossing,
// Y = (u_k.d) y(o) - (u_k.(o - c)) d of weight u_k.d, tested against the other planes and the ball exactly; one lying
// in every plane is decided as above; one parallel to a plane and off it misses. The hit's normal is the gradient's
// direction, sum_k (u_k.y / r_k^2) u_k, or a flat's ±u_k facing the caster.
#pragma once
#include <array>
#include <cmath>
#include <optional>
#include <tuple>

#include "collide3d/queries/raycast/raycast_sphere.h"
#include "collide3d/shapes/ellipsoid.h"

namespace c3d {

namespace ellipsoid_caster {

// The ellipsoid as the predicates take it: radii with zeros taken as 1, its axes, and the zero radii's axes.
struct Frame {
  Vec3 center, radii, u0, u1, u2;
  std::array<int, 3> flat;
  int flatCount;
};

inline Frame frameOf(const Ellipsoid& e) {
  Frame f{e.center, e.radii, e.rotation.column(0), e.rotation.column(1), e.rotation.column(2), {}, 0};
  for (int k = 0; k < 3; ++k) {
    if (component(e.radii, k) == 0) f.flat[f.flatCount++] = k;
  }
  f.radii = {e.radii.x > 0 ? e.radii.x : 1, e.radii.y > 0 ? e.radii.y : 1, e.radii.z > 0 ? e.radii.z : 1};
  return f;
}

inline Vec3 axis(const Frame& f, int k) { return k == 0 ? f.u0 : k == 1 ? f.u1 : f.u2; }

// The ball map in any number type.
constexpr auto kMap = [](const auto& r, const auto& u0, const auto& u1, const auto& u2, const auto& y) {
  const auto x = r.y * r.z * dot(u0, y);
  return exact::V3<decltype(x)>{x, r.x * r.z * dot(u1, y), r.x * r.y * dot(u2, y)};
};

// The ball's meeting terms (kBallMeeting) for the mapped caster; `zero` is the ball's centre, the origin.
template <bool kSegment, bool kLimited>
constexpr auto kMeeting = [](const auto& o, const auto& p, const auto& hi, const auto& zero, const auto& c,
                             const auto& r, const auto& u0, const auto& u1, const auto& u2) {
  return kBallMeeting<false, kLimited>(kMap(r, u0, u1, u2, o - c), kMap(r, u0, u1, u2, exactDirection<kSegment>(o, p)),
                                       hi, zero, r.x * r.y * r.z);
};

template <bool kSegment>
constexpr auto kAtLimit = [](const auto& o, const auto& p, const auto& hi, const auto& zero, const auto& c,
                             const auto& r, const auto& u0, const auto& u1, const auto& u2) {
  return kBallAtLimit<false>(kMap(r, u0, u1, u2, o - c), kMap(r, u0, u1, u2, exactDirection<kSegment>(o, p)), hi,
                             zero, r.x * r.y * r.z);
};

// The ball quadratic of the mapped caster, for refined_root.h.
template <bool kSegment>
constexpr auto kQuadratic = [](const auto& o, const auto& p, const auto& zero, const auto& c, const auto& r,
                               const auto& u0, const auto& u1, const auto& u2) {
  return kBallQuadratic<false>(kMap(r, u0, u1, u2, o - c), kMap(r, u0, u1, u2, exactDirection<kSegment>(o, p)), zero,
                               r.x * r.y * r.z);
};

// Against a flat's plane u.y = 0: the start's side u.(o - c), the rate u.d, and the point at hi's side.
template <bool kSegment>
constexpr auto kPlaneCrossing = [](const auto& o, const auto& p, const auto& hi, const auto& c, const auto& u) {
  const auto offset = dot(u, o - c);
  const auto rate = dot(u, exactDirection<kSegment>(o, p));
  return std::make_tuple(offset, rate, offset + hi * rate);
};

// The crossing Y = (u.d)(o - c) - (u.(o - c)) d with the plane of u, of weight u.d: its sides of the three axes'
// planes, and its reach against the ball, |map(Y)|^2 - rho^2 (u.d)^2.
template <bool kSegment>
constexpr auto kCrossingInside = [](const auto& o, const auto& p, const auto& c, const auto& r, const auto& u0,
                                    const auto& u1, const auto& u2, const auto& u) {
  const auto d = exactDirection<kSegment>(o, p);
  const auto w = o - c;
  const auto weight = dot(u, d);
  const auto y = scaled(w, weight) - scaled(d, dot(u, w));
  const auto mapped = kMap(r, u0, u1, u2, y);
  const auto rho = r.x * r.y * r.z;
  return std::make_tuple(dot(u0, y), dot(u1, y), dot(u2, y), dot(mapped, mapped) - rho * rho * weight * weight);
};

// The flat planes' verdict on a caster: it misses, lies in every one of them, or crosses one at t inside the flat set
// (through the plane of `axis`).
struct Flat {
  enum Kind { kMiss, kInPlanes, kCrossing } kind;
  double t;
  int axis, rate;
};

template <bool kSegment>
Flat cutByPlanes(const Caster& caster, double hi, const Frame& f) {
  const Vec3 p = kSegment ? caster.end : caster.direction;
  const bool limited = hi < kInfinity, bounded = caster.tMin != -kInfinity;
  for (int i = 0; i < f.flatCount; ++i) {
    const int k = f.flat[i];
    const Vec3 u = axis(f, k);
    const auto v = exact::filteredValues(kPlaneCrossing<kSegment>, caster.origin, p, limited ? hi : 0.0, f.center, u);
    const double offset = v[0], rate = v[1];
    if (rate == 0) {
      if (offset != 0) return {Flat::kMiss, 0, k, 0};
      continue;
    }
    const int s = sign(rate);
    // t = -offset / rate within [tMin, hi]: not before the start, not after hi.
    if ((bounded && sign(offset) * s > 0) || (limited && sign(v[2]) * s < 0)) return {Flat::kMiss, 0, k, s};
    const auto in = exact::filteredValues(kCrossingInside<kSegment>, caster.origin, p, f.center, f.radii, f.u0, f.u1,
                                          f.u2, u);
    for (int j = 0; j < f.flatCount; ++j) {
      if (in[f.flat[j]] != 0) return {Flat::kMiss, 0, k, s};
    }
    if (in[3] > 0) return {Flat::kMiss, 0, k, s};
    return {Flat::kCrossing, -offset / rate, k, s};
  }
  return {Flat::kInPlanes, 0, 0, 0};
}

}  // namespace ellipsoid_caster

// Whether the caster meets the mapped ball within [tMin, hi], and whether it starts inside, as meetsBall decides.
template <bool kSegment, bool kLimited>
Meeting meetsEllipsoid(const Caster& caster, double hi, const ellipsoid_caster::Frame& f) {
  using namespace ellipsoid_caster;
  const Vec3 p = kSegment ? caster.end : caster.direction;
  const auto m = exact::filteredValues(kMeeting<kSegment, kLimited>, caster.origin, p, kLimited ? hi : 0.0, Vec3{},
                                       f.center, f.radii, f.u0, f.u1, f.u2);
  return ballMeeting<kSegment, kLimited>(caster, m, [&] {
    return exact::filteredValue(kAtLimit<kSegment>, caster.origin, p, hi, Vec3{}, f.center, f.radii, f.u0, f.u1, f.u2);
  });
}

namespace ellipsoid_caster {

// Whether the caster runs on inside past hi: the mapped point there strictly inside the ball (a point: in it).
template <bool kSegment>
[[gnu::noinline]] bool endsInside(const Caster& caster, double hi, const Frame& f) {
  if (kSegment && caster.origin == caster.end) return true;
  return exact::filteredValue(kAtLimit<kSegment>, caster.origin, kSegment ? caster.end : caster.direction, hi, Vec3{},
                              f.center, f.radii, f.u0, f.u1, f.u2) < 0;
}

// The caster in the ellipsoid's unit coordinates (u_k.y / r_k), where it is the unit ball: the rounded span.
inline Span unitSpan(const Caster& caster, const Frame& f, double scale) {
  const Vec3 w = caster.origin - f.center, d = caster.direction * scale;
  const Vec3 o{dot(f.u0, w) / f.radii.x, dot(f.u1, w) / f.radii.y, dot(f.u2, w) / f.radii.z};
  const Vec3 v{dot(f.u0, d) / f.radii.x, dot(f.u1, d) / f.radii.y, dot(f.u2, d) / f.radii.z};
  return unscaled(ballSpan(o, v, {}, 1), scale);
}

// Where a caster that rounding kept out touches: nearest the centre in unit coordinates.
inline double nearestInUnits(const Caster& caster, const Frame& f) {
  const Vec3 w = caster.origin - f.center, d = caster.direction;
  const Vec3 o{dot(f.u0, w) / f.radii.x, dot(f.u1, w) / f.radii.y, dot(f.u2, w) / f.radii.z};
  const Vec3 v{dot(f.u0, d) / f.radii.x, dot(f.u1, d) / f.radii.y, dot(f.u2, d) / f.radii.z};
  const double t = -dot(o, v) / dot(v, v);
  return std::isfinite(t) ? t : 0;
}

// The entry (or the exit, larger) near t, refined where ill-conditioned (refined_root.h).
inline double root(const Caster& caster, const Frame& f, double t, bool larger) {
  const Vec3 o = caster.origin - f.center;
  if (caster.hasEnd) {
    return refinedRoot(t, larger, kQuadratic<true>,
                       std::make_tuple(o, caster.end - f.center, Vec3{}, Vec3{}, f.radii, f.u0, f.u1, f.u2),
                       std::make_tuple(caster.origin, caster.end, Vec3{}, f.center, f.radii, f.u0, f.u1, f.u2));
  }
  return refinedRoot(t, larger, kQuadratic<false>,
                     std::make_tuple(o, caster.direction, Vec3{}, Vec3{}, f.radii, f.u0, f.u1, f.u2),
                     std::make_tuple(caster.origin, caster.direction, Vec3{}, f.center, f.radii, f.u0, f.u1, f.u2));
}

// The unit outward normal at a surface point: the gradient sum_k (u_k.y / r_k^2) u_k.
inline Vec3 normalAt(const Frame& f, Vec3 point, Vec3 fallback) {
  const Vec3 y = point - f.center;
  const Vec3 r2{f.radii.x * f.radii.x, f.radii.y * f.radii.y, f.radii.z * f.radii.z};
  return normalizedOr(f.u0 * (dot(f.u0, y) / r2.x) + f.u1 * (dot(f.u1, y) / r2.y) + f.u2 * (dot(f.u2, y) / r2.z),
                      fallback);
}

}  // namespace ellipsoid_caster

// Out of line: three table cells (ray, line, segment) call it.
[[gnu::noinline]] inline std::optional<RaycastHit> raycast(const Caster& caster, const Ellipsoid& ellipsoid,
                                                          const RaycastOptions& options) {
  using namespace ellipsoid_caster;
  const auto hi = limitOf(caster, options);
  if (!hi) return std::nullopt;
  const Frame f = frameOf(ellipsoid);
  if (f.flatCount > 0) {
    const Flat flat = caster.hasEnd ? cutByPlanes<true>(caster, *hi, f) : cutByPlanes<false>(caster, *hi, f);
    if (flat.kind == Flat::kMiss) return std::nullopt;
    if (flat.kind == Flat::kCrossing) {
      const Vec3 u = axis(f, flat.axis);
      return makeHit(caster, keptInRange(flat.t, caster, *hi), u * (-flat.rate / length(u)));
    }
  }
  const Meeting meeting = byCasterForm(caster, *hi, meetsEllipsoid<true, true>, meetsEllipsoid<false, true>,
                                       meetsEllipsoid<false, false>, f);
  if (!meeting.meets) return std::nullopt;
  const double scale = rangeScale(caster.direction);
  Span span = unitSpan(caster, f, scale);
  grazeIfEmpty(span, 0, [&] { return nearestInUnits(caster, f); });
  const auto hit = firstHit(span, caster, *hi, options, meeting.startsInside, [&] {
    return caster.hasEnd ? endsInside<true>(caster, *hi, f) : endsInside<false>(caster, *hi, f);
  });
  if (!hit) return std::nullopt;
  double t = hit->t;
  if (hit->face == 0 && isRefinableRoot(t, caster, *hi, scale)) {
    t = keptInRange(root(caster, f, t, meeting.startsInside), caster, *hi);
  }
  RaycastHit result = makeHit(caster, t, {});
  result.normal = hit->face == kNoFace ? insideNormal(caster) : normalAt(f, result.point, insideNormal(caster));
  return result;
}

}  // namespace c3d
