// Caster against solid boxes by the slab method (Kay & Kajiya 1986): three axis slabs clip the caster's line.
// An OBB is the same test in the box's own frame (Ericson, Real-Time Collision Detection §5.3.3).
// A zero direction component keeps the line only if it lies within that slab, boundaries included, so casters
// running along a face or an edge hit.
// Against an AABB, hit or miss is decided exactly: the slabs' parameter intervals [e_i / d_i, x_i / d_i] (e the
// entering bound minus the origin, x the leaving one) share a point within the caster's range iff every entry is
// at most every exit — e_i / d_i <= x_j / d_j, i.e. the sign of x_j d_i - e_i d_j times that of d_i d_j, a degree-2
// polynomial with an exact sign — and the exits are not behind the start nor the entries beyond a segment's end
// (comparisons of the inputs). The rounded span is then brought in line with that decision.
#pragma once
#include <optional>

#include <tuple>

#include "collide3d/math/exact/filtered_sign.h"
#include "collide3d/math/predicates.h"
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

// Whether the caster meets the closed box within its range, exactly (see above).
template <bool kSegment>
bool meetsBox(const Caster& caster, const Aabb& box) {
  const Vec3 p = kSegment ? caster.end : caster.direction;
  int moving[3];  // the sign of each direction component, exactly
  Vec3 entering, leaving;
  for (int axis = 0; axis < 3; ++axis) {
    const double o = component(caster.origin, axis), lo = component(box.min, axis), hi = component(box.max, axis);
    const double towards = component(p, axis);
    moving[axis] = kSegment ? (towards > o) - (towards < o) : sign(towards);
    if (moving[axis] == 0 && (o < lo || o > hi)) return false;  // parallel to the slab, outside it
    const double in = moving[axis] > 0 ? lo : hi, out = moving[axis] > 0 ? hi : lo;
    if (moving[axis] != 0 && caster.tMin != -kInfinity && (out - o) * moving[axis] < 0) return false;  // behind
    if (kSegment && moving[axis] != 0 && (in - towards) * moving[axis] > 0) return false;  // beyond the end
    (axis == 0 ? entering.x : axis == 1 ? entering.y : entering.z) = in;
    (axis == 0 ? leaving.x : axis == 1 ? leaving.y : leaving.z) = out;
  }
  const auto crossings = exact::filteredValues(
      [](const auto& o, const auto& p, const auto& in, const auto& out) {
        const auto d = exactDirection<kSegment>(o, p);
        const auto e = in - o;
        const auto x = out - o;
        return std::make_tuple(x.y * d.x - e.x * d.y, x.z * d.x - e.x * d.z, x.x * d.y - e.y * d.x,
                               x.z * d.y - e.y * d.z, x.x * d.z - e.z * d.x, x.y * d.z - e.z * d.y);
      },
      caster.origin, p, entering, leaving);
  constexpr int kPairs[6][2] = {{0, 1}, {0, 2}, {1, 0}, {1, 2}, {2, 0}, {2, 1}};  // (entry axis, exit axis)
  for (int k = 0; k < 6; ++k) {
    const int i = kPairs[k][0], j = kPairs[k][1];
    if (moving[i] != 0 && moving[j] != 0 && sign(crossings[k]) * moving[i] * moving[j] < 0) return false;
  }
  return true;
}

inline std::optional<RaycastHit> raycast(const Caster& caster, const Aabb& box, const RaycastOptions& options) {
  const bool meets = caster.hasEnd ? meetsBox<true>(caster, box) : meetsBox<false>(caster, box);
  if (!meets) return std::nullopt;
  Span span = boxSpan(caster.origin, caster.direction, box.min, box.max);
  agreeWithHit(span, caster);
  const auto hit = firstHit(span, caster, options);
  if (!hit) return std::nullopt;
  return makeHit(caster, hit->t, hit->face == kNoFace ? insideNormal(caster) : boxFaceNormal(hit->face));
}

// Whether the caster meets the closed OBB within its range, exactly. The box is the parallelepiped
// c + sum_i s_i h_i a_i, |s_i| <= 1, with its columns a_i as given; by Cramer's rule a point p has
// s_i h_i |det| = sigma n_i.(p - c), with n_i = a_j x a_k, det = a_0.(a_1 x a_2) and sigma its sign. Along the
// caster that is v_i + t w_i (v_i = sigma n_i.(o - c), w_i = sigma n_i.d), to be kept within +-h_i |det|: the
// slab test of the AABB above on these polynomials of the inputs, every sign exact.
template <bool kSegment>
bool meetsObb(const Caster& caster, const Obb& box) {
  const Vec3 p = kSegment ? caster.end : caster.direction;
  const Mat3& r = box.rotation;
  // The orientation and the rates w_i (their signs decide which bound each slab enters by).
  const auto rates = exact::filteredValues(
      [](const auto& o, const auto& p, const auto& a0, const auto& a1, const auto& a2) {
        const auto d = exactDirection<kSegment>(o, p);
        return std::make_tuple(dot(a0, cross(a1, a2)), dot(cross(a1, a2), d), dot(cross(a2, a0), d),
                               dot(cross(a0, a1), d));
      },
      caster.origin, p, r.column(0), r.column(1), r.column(2));
  const double orientation = sign(rates[0]);
  const Vec3 moving{orientation * sign(rates[1]), orientation * sign(rates[2]), orientation * sign(rates[3])};
  // For each slab i: x_i m_i (the exit not behind), (e_i - w_i) m_i (the entry not beyond a segment's end),
  // h_i |det| - |v_i| (inside a slab it runs parallel to); then x_j w_i - e_i w_j for the six (entry, exit) pairs.
  const auto m = exact::filteredValues(
      [](const auto& o, const auto& p, const auto& c, const auto& h, const auto& a0, const auto& a1, const auto& a2,
         const auto& sigma, const auto& moving) {
        using exact::absolute;
        const auto d = exactDirection<kSegment>(o, p);
        const auto n0 = cross(a1, a2);
        const auto n1 = cross(a2, a0);
        const auto n2 = cross(a0, a1);
        const auto size = absolute(dot(a0, n0));
        const auto w = scaled(exact::V3<decltype(dot(n0, d))>{dot(n0, d), dot(n1, d), dot(n2, d)}, sigma);
        const auto v = scaled(exact::V3<decltype(dot(n0, o - c))>{dot(n0, o - c), dot(n1, o - c), dot(n2, o - c)}, sigma);
        const auto reach = exact::V3<decltype(h.x * size)>{h.x * size, h.y * size, h.z * size};
        const auto e = exact::V3<decltype(-(moving.x * reach.x) - v.x)>{-(moving.x * reach.x) - v.x,
                                                                 -(moving.y * reach.y) - v.y,
                                                                 -(moving.z * reach.z) - v.z};
        const auto x = exact::V3<decltype(moving.x * reach.x - v.x)>{moving.x * reach.x - v.x, moving.y * reach.y - v.y,
                                                              moving.z * reach.z - v.z};
        return std::make_tuple(x.x * moving.x, x.y * moving.y, x.z * moving.z, (e.x - w.x) * moving.x,
                               (e.y - w.y) * moving.y, (e.z - w.z) * moving.z, reach.x - absolute(v.x),
                               reach.y - absolute(v.y), reach.z - absolute(v.z), x.y * w.x - e.x * w.y,
                               x.z * w.x - e.x * w.z, x.x * w.y - e.y * w.x, x.z * w.y - e.y * w.z,
                               x.x * w.z - e.z * w.x, x.y * w.z - e.z * w.y);
      },
      caster.origin, p, box.center, box.halfSize, r.column(0), r.column(1), r.column(2), orientation, moving);
  const bool bounded = caster.tMin != -kInfinity;
  for (int i = 0; i < 3; ++i) {
    const double rate = component(moving, i);
    if (rate == 0 && m[6 + i] < 0) return false;  // parallel to slab i, outside it
    if (rate != 0 && bounded && m[i] < 0) return false;
    if (rate != 0 && kSegment && m[3 + i] > 0) return false;
  }
  constexpr int kPairs[6][2] = {{0, 1}, {0, 2}, {1, 0}, {1, 2}, {2, 0}, {2, 1}};  // (entry axis, exit axis)
  for (int k = 0; k < 6; ++k) {
    const double mi = component(moving, kPairs[k][0]), mj = component(moving, kPairs[k][1]);
    if (mi != 0 && mj != 0 && sign(m[9 + k]) * mi * mj < 0) return false;
  }
  return true;
}

inline std::optional<RaycastHit> raycast(const Caster& caster, const Obb& box, const RaycastOptions& options) {
  const bool meets = caster.hasEnd ? meetsObb<true>(caster, box) : meetsObb<false>(caster, box);
  if (!meets) return std::nullopt;
  const Vec3 localOrigin = transposeTimes(box.rotation, caster.origin - box.center);
  const Vec3 localDirection = transposeTimes(box.rotation, caster.direction);
  Span span = boxSpan(localOrigin, localDirection, -box.halfSize, box.halfSize);
  agreeWithHit(span, caster);
  const auto hit = firstHit(span, caster, options);
  if (!hit) return std::nullopt;
  if (hit->face == kNoFace) return makeHit(caster, hit->t, insideNormal(caster));
  const Vec3 normal = box.rotation * boxFaceNormal(hit->face);
  return makeHit(caster, hit->t, normal * (1.0 / length(normal)));
}

}  // namespace c3d
