// Caster against solid boxes by the slab method (Kay & Kajiya 1986): three axis slabs clip the caster's line.
// An OBB is the same test in the box's own frame (Ericson, Real-Time Collision Detection §5.3.3).
// A zero direction component keeps the line only if it lies within that slab, boundaries included, so casters
// running along a face or an edge hit.
// Against an AABB, hit or miss is decided exactly: the slabs' parameter intervals [e_i / d_i, x_i / d_i] (e the
// entering bound minus the origin, x the leaving one) share a point within the caster's range iff every entry is
// at most every exit — e_i / d_i <= x_j / d_j, i.e. the sign of x_j d_i - e_i d_j times that of d_i d_j, a degree-2
// polynomial with an exact sign — and the exits are not behind the start (comparisons of the inputs) nor the
// entries beyond the caster's limit hi (comparisons of the inputs at a segment's own end, else the sign of
// in - (o + hi d)). The rounded span is then brought in line with that decision.
#pragma once
#include <array>
#include <optional>

#include <tuple>

#include "collide3d/math/exact/filtered_sign.h"
#include "collide3d/math/predicates.h"
#include "collide3d/math/mat3.h"
#include "collide3d/queries/raycast/span.h"
#include "collide3d/shapes/aabb.h"
#include "collide3d/shapes/obb.h"
#include "collide3d/shapes/obb_coordinates.h"

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

// in - (o + hi d) per axis: where the caster is at hi against the bounds it enters by.
template <bool kSegment>
constexpr auto kEntriesBeyond = [](const auto& o, const auto& p, const auto& hi, const auto& in) {
  const auto e = in - o - scaled(exactDirection<kSegment>(o, p), hi);
  return std::make_tuple(e.x, e.y, e.z);
};

// kEntriesBeyond exactly signed (a limit short of a segment's end, or a ray's maxDistance: kept out of line, off the
// common path).
template <bool kSegment>
[[gnu::noinline]] std::array<double, 3> entriesBeyond(const Caster& caster, double hi, Vec3 entering) {
  return exact::filteredValues(kEntriesBeyond<kSegment>, caster.origin, kSegment ? caster.end : caster.direction, hi,
                               entering);
}

// x_j d_i - e_i d_j for the six (entry axis i, exit axis j) pairs of kSlabPairs, e the entering bounds minus the
// origin, x the leaving ones: entry i comes after exit j when its sign times that of d_i d_j is negative.
constexpr int kSlabPairs[6][2] = {{0, 1}, {0, 2}, {1, 0}, {1, 2}, {2, 0}, {2, 1}};
template <bool kSegment>
constexpr auto kSlabCrossings = [](const auto& o, const auto& p, const auto& in, const auto& out) {
  const auto d = exactDirection<kSegment>(o, p);
  const auto e = in - o;
  const auto x = out - o;
  return std::make_tuple(x.y * d.x - e.x * d.y, x.z * d.x - e.x * d.z, x.x * d.y - e.y * d.x, x.z * d.y - e.y * d.z,
                         x.x * d.z - e.z * d.x, x.y * d.z - e.z * d.y);
};

// Whether the caster meets the closed box within [tMin, hi], exactly (see above), and whether it starts inside.
template <bool kSegment, bool kLimited>
Meeting meetsBox(const Caster& caster, double hi, const Aabb& box) {
  const Vec3 p = kSegment ? caster.end : caster.direction;
  const bool bounded = caster.tMin != -kInfinity;
  bool startsInside = bounded;
  int moving[3];  // the sign of each direction component, exactly
  Vec3 entering, leaving;
  for (int axis = 0; axis < 3; ++axis) {
    const double o = component(caster.origin, axis), lo = component(box.min, axis), up = component(box.max, axis);
    const double towards = component(p, axis);
    moving[axis] = kSegment ? (towards > o) - (towards < o) : sign(towards);
    if (moving[axis] == 0 && (o < lo || o > up)) return {false, false};  // parallel to the slab, outside it
    const double in = moving[axis] > 0 ? lo : up, out = moving[axis] > 0 ? up : lo;
    if (moving[axis] != 0 && bounded && (out - o) * moving[axis] < 0) return {false, false};  // behind
    startsInside &= (moving[axis] == 0) | ((lo < o) & (o < up));  // branch-free: random inputs mispredict
    (axis == 0 ? entering.x : axis == 1 ? entering.y : entering.z) = in;
    (axis == 0 ? leaving.x : axis == 1 ? leaving.y : leaving.z) = out;
  }
  // Entries before exits (kSlabCrossings).
  const auto crossings = exact::filteredValues(kSlabCrossings<kSegment>, caster.origin, p, entering, leaving);
  for (int k = 0; k < 6; ++k) {
    const int i = kSlabPairs[k][0], j = kSlabPairs[k][1];
    if (moving[i] != 0 && moving[j] != 0 && sign(crossings[k]) * moving[i] * moving[j] < 0) return {false, false};
  }
  if constexpr (kLimited) {
    // Entries not beyond hi: at a segment's own end, comparisons of the inputs; elsewhere in - (o + hi d).
    const auto beyond = kSegment && hi == 1
        ? std::array<double, 3>{entering.x - p.x, entering.y - p.y, entering.z - p.z}
        : entriesBeyond<kSegment>(caster, hi, entering);
    for (int axis = 0; axis < 3; ++axis) {
      if (moving[axis] != 0 && sign(beyond[axis]) * moving[axis] > 0) return {false, false};  // entered after hi
    }
  }
  return {true, startsInside};
}

// Whether the caster runs on inside the box past hi: its point there, o + hi d, strictly inside every slab it moves
// across (it stays within the others), exactly.
template <bool kSegment>
[[gnu::noinline]] bool endsInsideBox(const Caster& caster, double hi, const Aabb& box) {
  const Vec3 p = kSegment ? caster.end : caster.direction;
  const auto m = exact::filteredValues(
      [](const auto& o, const auto& p, const auto& hi, const auto& min, const auto& max) {
        const auto at = o + scaled(exactDirection<kSegment>(o, p), hi);
        const auto above = at - min;
        const auto below = max - at;
        return std::make_tuple(above.x, above.y, above.z, below.x, below.y, below.z);
      },
      caster.origin, p, hi, box.min, box.max);
  for (int axis = 0; axis < 3; ++axis) {
    const bool moving = kSegment ? component(p, axis) != component(caster.origin, axis) : component(p, axis) != 0;
    if (moving && !(m[axis] > 0 && m[3 + axis] > 0)) return false;
  }
  return true;
}

inline std::optional<RaycastHit> raycast(const Caster& caster, const Aabb& box, const RaycastOptions& options) {
  const auto hi = limitOf(caster, options);
  if (!hi) return std::nullopt;
  const Meeting meeting =
      byCasterForm(caster, *hi, meetsBox<true, true>, meetsBox<false, true>, meetsBox<false, false>, box);
  if (!meeting.meets) return std::nullopt;
  Span span = boxSpan(caster.origin, caster.direction, box.min, box.max);
  grazeIfEmpty(span, kNoFace, [&] { return nearestParameter(caster, (box.min + box.max) * 0.5); });
  const auto hit = firstHit(span, caster, *hi, options, meeting.startsInside, [&] {
    return caster.hasEnd ? endsInsideBox<true>(caster, *hi, box) : endsInsideBox<false>(caster, *hi, box);
  });
  if (!hit) return std::nullopt;
  return makeHit(caster, hit->t, hit->face == kNoFace ? insideNormal(caster) : boxFaceNormal(hit->face));
}

// Whether the caster meets the closed OBB within [tMin, hi], exactly. In the box's Cramer coordinates
// (obb_coordinates.h) a point p has s_i h_i |det| = sigma n_i.(p - c), sigma the sign of det. Along the caster
// that is v_i + t w_i (v_i = sigma n_i.(o - c), w_i = sigma n_i.d), to be kept within +-h_i |det|: the slab test
// of the AABB above on these polynomials of the inputs, every sign exact.
template <bool kSegment, bool kLimited>
Meeting meetsObb(const Caster& caster, double hi, const Obb& box) {
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
  // For each slab i: x_i m_i (the exit not behind), h_i |det| - |v_i| (inside a slab it runs parallel to); then
  // x_j w_i - e_i w_j for the six (entry, exit) pairs; and (e_i - hi w_i) m_i (the entry not beyond hi).
  const auto m = exact::filteredValues(
      [](const auto& o, const auto& p, const auto& hi, const auto& c, const auto& h, const auto& a0, const auto& a1,
         const auto& a2, const auto& sigma, const auto& moving) {
        using exact::absolute;
        const auto n = obb_coordinates::slabNormals(a0, a1, a2);
        const auto v = scaled(obb_coordinates::slabCoordinates(o - c, n), sigma);
        const auto w = scaled(obb_coordinates::slabCoordinates(exactDirection<kSegment>(o, p), n), sigma);
        const auto reach = scaled(h, absolute(dot(a0, n.x)));  // the slabs' half-widths h_i |det|
        const auto e = exact::V3<decltype(-(moving.x * reach.x) - v.x)>{-(moving.x * reach.x) - v.x,
                                                                         -(moving.y * reach.y) - v.y,
                                                                         -(moving.z * reach.z) - v.z};
        const auto x = exact::V3<decltype(moving.x * reach.x - v.x)>{moving.x * reach.x - v.x,
                                                                      moving.y * reach.y - v.y,
                                                                      moving.z * reach.z - v.z};
        const auto base = std::make_tuple(x.x * moving.x, x.y * moving.y, x.z * moving.z, reach.x - absolute(v.x),
                                          reach.y - absolute(v.y), reach.z - absolute(v.z), x.y * w.x - e.x * w.y,
                                          x.z * w.x - e.x * w.z, x.x * w.y - e.y * w.x, x.z * w.y - e.y * w.z,
                                          x.x * w.z - e.z * w.x, x.y * w.z - e.z * w.y);
        if constexpr (kLimited) {
          const auto beyond = e - scaled(w, hi);
          return std::tuple_cat(base, std::make_tuple(beyond.x * moving.x, beyond.y * moving.y, beyond.z * moving.z));
        } else {
          return base;
        }
      },
      caster.origin, p, kLimited ? hi : 0.0, box.center, box.halfSize, r.column(0), r.column(1), r.column(2),
      orientation, moving);  // hi: never infinity
  const bool bounded = caster.tMin != -kInfinity;
  for (int i = 0; i < 3; ++i) {
    const double rate = component(moving, i);
    if (rate == 0 && m[3 + i] < 0) return {false, false};  // parallel to slab i, outside it
    if (rate != 0 && bounded && m[i] < 0) return {false, false};
    if (kLimited && rate != 0 && m[12 + i] > 0) return {false, false};
  }
  for (int k = 0; k < 6; ++k) {
    const double mi = component(moving, kSlabPairs[k][0]), mj = component(moving, kSlabPairs[k][1]);
    if (mi != 0 && mj != 0 && sign(m[6 + k]) * mi * mj < 0) return {false, false};
  }
  bool startsInside = bounded;  // strictly inside every slab it moves across
  for (int i = 0; i < 3; ++i) startsInside = startsInside && (component(moving, i) == 0 || m[3 + i] > 0);
  return {true, startsInside};
}

// Whether the caster runs on inside the OBB past hi: |v_i + hi w_i| < h_i |det| for each slab it moves across
// (w_i != 0), exactly.
template <bool kSegment>
[[gnu::noinline]] bool endsInsideObb(const Caster& caster, double hi, const Obb& box) {
  const Mat3& r = box.rotation;
  const auto m = exact::filteredValues(
      [](const auto& o, const auto& p, const auto& hi, const auto& c, const auto& h, const auto& a0, const auto& a1,
         const auto& a2) {
        using exact::absolute;
        const auto n = obb_coordinates::slabNormals(a0, a1, a2);
        const auto w = obb_coordinates::slabCoordinates(exactDirection<kSegment>(o, p), n);
        const auto at = obb_coordinates::slabCoordinates(o - c, n) + scaled(w, hi);
        const auto reach = scaled(h, absolute(dot(a0, n.x)));
        return std::make_tuple(reach.x - absolute(at.x), reach.y - absolute(at.y), reach.z - absolute(at.z), w.x,
                               w.y, w.z);
      },
      caster.origin, kSegment ? caster.end : caster.direction, hi, box.center, box.halfSize, r.column(0),
      r.column(1), r.column(2));
  return (m[3] == 0 || m[0] > 0) && (m[4] == 0 || m[1] > 0) && (m[5] == 0 || m[2] > 0);
}

inline std::optional<RaycastHit> raycast(const Caster& caster, const Obb& box, const RaycastOptions& options) {
  const auto hi = limitOf(caster, options);
  if (!hi) return std::nullopt;
  const Meeting meeting =
      byCasterForm(caster, *hi, meetsObb<true, true>, meetsObb<false, true>, meetsObb<false, false>, box);
  if (!meeting.meets) return std::nullopt;
  const Vec3 localOrigin = transposeTimes(box.rotation, caster.origin - box.center);
  const Vec3 localDirection = transposeTimes(box.rotation, caster.direction);
  Span span = boxSpan(localOrigin, localDirection, -box.halfSize, box.halfSize);
  grazeIfEmpty(span, kNoFace, [&] { return nearestParameter(caster, box.center); });
  const auto hit = firstHit(span, caster, *hi, options, meeting.startsInside, [&] {
    return caster.hasEnd ? endsInsideObb<true>(caster, *hi, box) : endsInsideObb<false>(caster, *hi, box);
  });
  if (!hit) return std::nullopt;
  if (hit->face == kNoFace) return makeHit(caster, hit->t, insideNormal(caster));
  const Vec3 normal = box.rotation * boxFaceNormal(hit->face);
  return makeHit(caster, hit->t, normal * (1.0 / length(normal)));
}

}  // namespace c3d
