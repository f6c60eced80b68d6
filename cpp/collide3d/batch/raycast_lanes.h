// The batch raycast's fast paths, for casters (rays, lines, segments) against triangles, spheres, planes and
// AABBs. Most pairs of a batch miss, and the single query's own predicates, evaluated on SIMD lanes with their error
// bounds (exact/filtered_lanes.h), prove most misses a block of pairs at a time (boxes: the slabs' parameters, with a
// bound of their rounding). A kernel proves a subset of the exact query's reasons to miss; `fromZero` marks casters
// that start at t = 0 (not lines).
// The pairs left then go through the single query's own steps on two double lanes
// (`answers`): where the lanes prove every sign the single query's filter needs, its filter proves them too
// (their bound is the larger, filtered_lanes.h) and it computes from the same doubles, so the lanes' t, in the same
// operations in the same order, is its t bit for bit (-ffp-contract=off: no fused operation on either side). What the
// lanes cannot settle (an unproven sign) goes to the exact query, so every answer is the single query's. Against
// spheres the same holds of the root: the lanes keep it where the single query's condition estimate keeps its double
// root, and where it refines the root in double-double they do too, with the same operations.
#pragma once
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <tuple>

#include "collide3d/batch/lanes.h"
#include "collide3d/queries/raycast/raycast_box.h"
#include "collide3d/queries/raycast/raycast_plane.h"
#include "collide3d/queries/raycast/raycast_sphere.h"
#include "collide3d/queries/raycast/raycast_triangle.h"

namespace c3d {

namespace raycast_lanes {

// A caster's origin and its second point (direction, or a segment's end): rays, lines and segments lay them out alike.
static_assert(encodedOffset(&Ray::origin) == encodedOffset(&Segment::start) &&
              encodedOffset(&Line::origin) == encodedOffset(&Segment::start) &&
              encodedOffset(&Ray::direction) == encodedOffset(&Segment::end) &&
              encodedOffset(&Line::direction) == encodedOffset(&Segment::end));
template <class Casters>
auto from(const Casters& casters, size_t first) {
  return lanes::get<&Segment::start>(casters, first);
}
template <class Casters>
auto towards(const Casters& casters, size_t first) {
  return lanes::get<&Segment::end>(casters, first);
}
using lanes::get;
using simd::f64x2;
using Mask2 = decltype(f64x2{} < f64x2{});

// The range of t every pair of a batch accepts, as the single query takes it (span.h's limitOf, byCasterForm):
// [lo, hi], and whether its predicates take their limited form (a segment, or a finite maxDistance).
struct Range {
  double lo, hi;
  bool limited;
};
inline std::optional<Range> rangeOf(ShapeType caster, const RaycastOptions& options) {
  const Caster form = caster == ShapeType::Segment ? toCaster(Segment{})
                      : caster == ShapeType::Line  ? toCaster(Line{})
                                                   : toCaster(Ray{});
  const auto hi = limitOf(form, options);
  if (!hi) return std::nullopt;
  return Range{form.tMin, *hi, form.hasEnd || *hi < kInfinity};
}

// Two pairs answered on double lanes: the lanes settled (a proven hit or miss), which of them hit, and their t.
struct Answers {
  Mask2 settled, hit;
  f64x2 t;
};

// The lanes where every value's sign is proven: there the single query's filter keeps its double values.
template <size_t kCount>
Mask2 everySignProven(const std::array<exact::LaneValue<f64x2>, kCount>& m) {
  Mask2 all = lanes::allLanes<Mask2>();
  for (const auto& value : m) all &= value.positive() | value.negative();
  return all;
}

// t kept in [lo, hi], as span.h's firstHit clamps it (t is never NaN here).
inline f64x2 clamped(f64x2 t, const Range& range) {
  const f64x2 lo = {range.lo, range.lo}, hi = {range.hi, range.hi};
  return t < lo ? lo : t > hi ? hi : t;
}

// The limit as the single query passes it to its predicates: hi in the limited form, else 0 (unused).
template <bool kLimited>
f64x2 limitLanes(const Range& range) {
  return kLimited ? f64x2{range.hi, range.hi} : f64x2{};
}

// Möller–Trumbore's determinants (raycast_triangle.h): misses proven by moller_trumbore::provenMisses, the pairs
// left answered on double lanes.
struct Triangles {
  static constexpr ShapeType kTarget = ShapeType::Triangle;
  static constexpr bool kAnswersApart = true;  // raycast() answers its open pairs in a function apart
  template <class V, bool kSegment, class Mask, class Casters, class Targets>
  static Mask provenMisses(const Casters& casters, const Targets& triangles, size_t first, Mask fromZero,
                           const RaycastOptions& options) {
    return moller_trumbore::provenMisses<V, kSegment>(
        from(casters, first), towards(casters, first), get<&Triangle::a>(triangles, first),
        get<&Triangle::b>(triangles, first), get<&Triangle::c>(triangles, first), fromZero, options.backfaceCulling);
  }

  // raycast_triangle.h's crossingSpan and raycast: with every sign proven (det != 0), a hit when each weight's
  // determinant, t det from t = 0 and (hi - t) det when limited, has det's sign (and det > 0 when culling); t is
  // t det / det kept in the range.
  template <bool kSegment, bool kLimited, class Casters, class Targets>
  static Answers answers(const Casters& casters, const Targets& triangles, size_t first, Mask2 fromZero,
                         const Range& range, const RaycastOptions& options) {
    const auto m = exact::filteredLanes<f64x2>(moller_trumbore::kDeterminants<kSegment, kLimited>,
                                               from(casters, first), towards(casters, first), limitLanes<kLimited>(range),
                                               get<&Triangle::a>(triangles, first), get<&Triangle::b>(triangles, first),
                                               get<&Triangle::c>(triangles, first));
    const Mask2 front = m[0].value > 0;
    const auto against = [&](const exact::LaneValue<f64x2>& x) { return (x.value > 0) ^ front; };  // both non-zero
    Mask2 miss = against(m[1]) | against(m[2]) | against(m[3]) | (fromZero & against(m[4]));
    if constexpr (kLimited) miss |= against(m[5]);
    if (options.backfaceCulling) miss |= ~front;
    const Mask2 settled = everySignProven(m);
    return {settled, settled & ~miss, clamped(m[4].value / m[0].value, range)};
  }
};

// ballRoot's roots in double-double from the exact inputs, as the single query refines them (refined_root.h), and
// where it would evaluate the discriminant exactly (all but tangent): those are left to it. Rare (a few per cent of
// hits) and long: one function for every form of the answers (inlined into each of the sixteen, it cost 8 KB more of
// gzipped wasm). A segment's direction is its end minus its start in double-double, as kBallQuadratic<true> takes it.
struct Refined {
  f64x2 t;
  Mask2 leftExact;
};
[[gnu::noinline]] inline Refined refinedRoots(bool segment, const exact::V3<f64x2>& o, const exact::V3<f64x2>& p,
                                              const exact::V3<f64x2>& center, f64x2 radius, f64x2 t, Mask2 larger,
                                              f64x2 mD) {
  using Lanes = exact::DoubleDoubleOf<f64x2>;
  const auto origin = exact::lift<Lanes>(o), towards = exact::lift<Lanes>(p);
  const auto direction = segment ? exactDirection<true>(origin, towards) : towards;
  const auto [a, b, c, D] = kBallQuadratic<false>(origin, direction, exact::lift<Lanes>(center), Lanes{radius});
  return {doubleDoubleRootFrom(t, larger, a, b, c, D), needsExactDiscriminant(b, D, mD)};
}

// The ball's discriminant and b, c (raycast_sphere.h's meetsBall): its line misses when the discriminant is proven
// negative; from t = 0, when b > 0 and c > 0 are (moving away from the centre, starting outside). A zero-length
// segment has a zero discriminant and b: never proven here.
struct Spheres {
  static constexpr ShapeType kTarget = ShapeType::Sphere;
  static constexpr bool kAnswersApart = true;  // raycast() answers its open pairs in a function apart
  template <class V, bool kSegment, class Mask, class Casters, class Targets>
  static Mask provenMisses(const Casters& casters, const Targets& spheres, size_t first, Mask fromZero,
                           const RaycastOptions&) {
    const auto m = exact::filteredLanes<V>(kBallMeeting<kSegment, false>, from(casters, first),
                                           towards(casters, first), V{}, get<&Sphere::center>(spheres, first),
                                           get<&Sphere::radius>(spheres, first));
    const auto& [discriminant, b, c] = m;
    return discriminant.negative() | (fromZero & b.positive() & c.positive());
  }

  // raycast_sphere.h's raycast where every sign meetsBall reads is proven: a miss for a proven reason; a hit's t from
  // ballSpan's roots and firstHit's choice among them, kept where refinedRoot's condition (rootCondition, from the
  // same local inputs) keeps the double root, and where it refines it, the same root in double-double. Left to the
  // exact query: a direction rangeScale would rescale, b = 0 (the roots' sign choice), a discriminant rounded below 0
  // (a graze), an unproven sign of the caster's point at hi where a limited caster's meeting rests on it, and a root
  // whose discriminant the single query evaluates exactly.
  template <bool kSegment, bool kLimited, class Casters, class Targets>
  static Answers answers(const Casters& casters, const Targets& spheres, size_t first, Mask2 fromZero,
                         const Range& range, const RaycastOptions& options) {
    const auto o = from(casters, first), p = towards(casters, first);
    const auto center = get<&Sphere::center>(spheres, first);
    const f64x2 radius = get<&Sphere::radius>(spheres, first), zero{};
    const auto m = exact::filteredLanes<f64x2>(kBallMeeting<kSegment, kLimited>, o, p, limitLanes<kLimited>(range),
                                               center, radius);
    Mask2 miss = (m[0].value < zero) | (fromZero & (m[1].value > zero) & (m[2].value > zero));
    const Mask2 inside = fromZero & (m[2].value < zero);
    Mask2 proven = everySignProven(m);
    if constexpr (kLimited) {
      // The caster at hi, where the rate there (a hi + b) cannot settle it, or it starts inside (solid off): a miss
      // when it runs on inside past hi.
      const auto atHi = exact::filteredLanes<f64x2>(kBallAtLimit<kSegment>, o, p, limitLanes<kLimited>(range), center,
                                                    radius)[0];
      const Mask2 readsAtHi = (m[3].value < zero) | (options.solid ? Mask2{} : inside);
      miss |= (m[3].value < zero) & atHi.positive();
      if (!options.solid) miss |= inside & atHi.negative();
      proven &= ~readsAtHi | atHi.positive() | atHi.negative();
    }
    // ballSpan on the caster's direction (a segment's: end - start), rangeScale 1 (a in range).
    const auto [a, b, c, discriminant] = kBallQuadratic<false>(o, exactDirection<kSegment>(o, p), center, radius);
    Mask2 leftExact = ~((a > 1e-290) & (a < 1e290)) | (b == zero) | (discriminant < zero);
    const f64x2 s = simd::sqrt(discriminant), q = b > zero ? -(b + s) : -(b - s);  // -(b + copysign(s, b))
    const f64x2 r0 = q / a, r1 = c / q, enter = r0 < r1 ? r0 : r1, exit = r0 < r1 ? r1 : r0;
    // firstHit: starting inside, the start (solid) or the exit; else the entry, or the start when it lies before it.
    const f64x2 lo = {range.lo, range.lo}, hi = {range.hi, range.hi};
    const Mask2 atStart = options.solid ? inside : Mask2{};
    f64x2 t = atStart ? lo : inside ? clamped(exit, range) : enter >= lo ? clamped(enter, range) : lo;
    // refinedRoot's condition where the single query would refine (a root strictly inside the range), on the inputs
    // less the centre. A ray's quadratic there is ballSpan's (w = o - center, d its direction: the same operations);
    // a segment's direction is (end - center) - (o - center), rounded apart.
    const auto local = o - center;
    const auto towardsLocal = kSegment ? p - center : p;
    const exact::V3<f64x2> origin{zero, zero, zero};
    const auto [la, lb, lc, lD] = kSegment ? kBallQuadratic<kSegment>(local, towardsLocal, origin, radius)
                                           : std::make_tuple(a, b, c, discriminant);
    const auto [ma, mb, mc, mD] = exact::laneMagnitudes(kBallQuadratic<kSegment>, local, towardsLocal, origin, radius);
    const f64x2 condition =
        rootCondition(la, lb, lc, lD, ma.value, mb.value, mc.value, mD.value, ~((lb >= zero) ^ inside));
    const Mask2 refined = proven & ~miss & ~leftExact & ~atStart & (t > lo) & (t < hi) & ~(condition <= kRefineAbove);
    if (simd::bitmask(refined) != 0) {
      const Refined root = refinedRoots(kSegment, o, p, center, radius, t, inside, mD.value);
      leftExact |= refined & root.leftExact;
      t = refined ? clamped(root.t, range) : t;
    }
    const Mask2 settled = proven & (miss | ~leftExact);
    return {settled, settled & ~miss, t};
  }
};

// The origin's value n.o + d and the rate n.d (raycast_plane.h): from t = 0, a caster whose value and rate are
// proven of one sign moves away from the plane.
struct Planes {
  static constexpr ShapeType kTarget = ShapeType::Plane;
  static constexpr bool kAnswersApart = false;  // one quotient an answer: inlined in the loop, 7 % faster than apart
  template <class V, bool kSegment, class Mask, class Casters, class Targets>
  static Mask provenMisses(const Casters& casters, const Targets& planes, size_t first, Mask fromZero,
                           const RaycastOptions&) {
    const auto m = exact::filteredLanes<V>(kPlaneCrossing<kSegment, false>, get<&Plane::normal>(planes, first),
                                           get<&Plane::constant>(planes, first), from(casters, first),
                                           towards(casters, first), V{});
    const auto& [value, rate] = m;
    return fromZero & ((value.positive() & rate.positive()) | (value.negative() & rate.negative()));
  }

  // raycast_plane.h's raycastAs with every sign proven (value and rate non-zero): a miss from t = 0 when value and
  // rate share a sign (crossing before the start), or when the value at hi (unlimited: the rate) has the rate's
  // opposite sign (after hi); t is -value / rate kept in the range.
  template <bool kSegment, bool kLimited, class Casters, class Targets>
  static Answers answers(const Casters& casters, const Targets& planes, size_t first, Mask2 fromZero,
                         const Range& range, const RaycastOptions&) {
    const auto m = exact::filteredLanes<f64x2>(kPlaneCrossing<kSegment, kLimited>, get<&Plane::normal>(planes, first),
                                               get<&Plane::constant>(planes, first), from(casters, first),
                                               towards(casters, first), limitLanes<kLimited>(range));
    const Mask2 valueUp = m[0].value > 0, rateUp = m[1].value > 0;
    Mask2 atHiUp = rateUp;
    if constexpr (kLimited) atHiUp = m[2].value > 0;
    const Mask2 miss = (fromZero & ~(valueUp ^ rateUp)) | (atHiUp ^ rateUp);
    const Mask2 settled = everySignProven(m);
    return {settled, settled & ~miss, clamped(-m[0].value / m[1].value, range)};
  }
};

// The slabs of an AABB (raycast_box.h's meetsBox) on double lanes, for the answers: per axis, the sign of the caster's
// motion (exact: a comparison of the inputs) picks the entering and leaving bounds. It misses when, on some axis, it
// does not move and lies outside the slab, or (from t = 0) it moves away from the slab with its leaving bound behind
// it; or when an entry comes after an exit, the sign of kSlabCrossings proven opposite to the motions' product.
// `proven`: the lanes where every crossing meetsBox reads (two moving axes) has a proven sign.
template <class V, bool kSegment>
struct SlabLanes {
  using Mask = decltype(V{} < V{});
  V origin[3], towards[3], low[3], high[3], in[3], out[3];
  Mask forward[3], backward[3], moving[3], missed{}, proven = lanes::allLanes<Mask>();

  SlabLanes(const exact::V3<V>& o, const exact::V3<V>& p, const exact::V3<V>& lo, const exact::V3<V>& up, Mask fromZero)
      : origin{o.x, o.y, o.z}, towards{p.x, p.y, p.z}, low{lo.x, lo.y, lo.z}, high{up.x, up.y, up.z} {
    for (int axis = 0; axis < 3; ++axis) {
      const V zero = kSegment ? origin[axis] : V{};  // a segment moves towards its end, a ray along its direction
      forward[axis] = towards[axis] > zero, backward[axis] = towards[axis] < zero;
      moving[axis] = forward[axis] | backward[axis];
      in[axis] = forward[axis] ? low[axis] : high[axis];
      out[axis] = forward[axis] ? high[axis] : low[axis];
      missed |= ~moving[axis] & ((origin[axis] < low[axis]) | (origin[axis] > high[axis]));
      const Mask behind = (forward[axis] & (out[axis] < origin[axis])) | (backward[axis] & (out[axis] > origin[axis]));
      missed |= fromZero & behind;
    }
    const auto m = exact::filteredLanes<V>(kSlabCrossings<kSegment>, o, p, exact::V3<V>{in[0], in[1], in[2]},
                                           exact::V3<V>{out[0], out[1], out[2]});
    for (int k = 0; k < 6; ++k) {
      const int i = kSlabPairs[k][0], j = kSlabPairs[k][1];
      const Mask same = (forward[i] & forward[j]) | (backward[i] & backward[j]);
      const Mask opposite = (forward[i] & backward[j]) | (backward[i] & forward[j]);
      missed |= (same & m[k].negative()) | (opposite & m[k].positive());
      proven &= ~(moving[i] & moving[j]) | m[k].positive() | m[k].negative();
    }
  }
};

// Where the divided slab proof (Boxes::provenMisses) holds, by lane element type: an entry and exit of magnitude
// kSmallest to kLargest, far from underflow and overflow, with kGap times their sum normal. kGap is 16 rounding
// units: 5 cover each parameter's error relative to its size, the rest the comparison's own rounding.
template <class Element>
struct SlabRange;
template <>
struct SlabRange<float> {
  static constexpr float kSmallest = 0x1p-90f, kLargest = 0x1p90f, kGap = 0x1p-20f;
};
template <>
struct SlabRange<double> {
  static constexpr double kSmallest = 0x1p-900, kLargest = 0x1p900, kGap = 0x1p-49;
};

struct Boxes {
  static constexpr ShapeType kTarget = ShapeType::Aabb;
  static constexpr bool kAnswersApart = true;  // raycast() answers its open pairs in a function apart
  // The slab method divided (Kay & Kajiya 1986): per axis, the caster's parameters at the slab's bounds,
  // (bound - o) * (1 / d); a miss when the latest entry comes after the earliest exit, or (from t = 0) the earliest
  // exit lies before the start. Each parameter is within 5 rounding units of its exact value, relatively, unless it
  // underflows or overflows (a segment's direction, end - start, is rounded too; 1 / d may be subnormal, with a unit
  // more): where the latest entry and the earliest exit both lie within SlabRange's range, the parameters they were
  // taken from did neither, so the exact entry is within 5 units of the rounded one and the exact exit likewise, and an
  // entry beyond the exit by more than SlabRange::kGap of their sizes is beyond it exactly (the argument of Ize 2013,
  // "Robust BVH Ray Traversal"); an exit below 0 is one exactly. An axis the caster does not move along (d = 0, 1 / d
  // infinite) adds no constraint but from its bound's own plane, where 0 * infinity gives NaN and the entry or exit
  // leaves the range; it misses by comparisons alone when the origin lies outside its slab.
  template <class V, bool kSegment, class Mask, class Casters, class Targets>
  static Mask provenMisses(const Casters& casters, const Targets& boxes, size_t first, Mask fromZero,
                           const RaycastOptions&) {
    using Element = exact::LaneElement<V>;
    using Limits = SlabRange<Element>;
    const auto o3 = from(casters, first), p3 = towards(casters, first);
    const auto lo3 = get<&Aabb::min>(boxes, first), hi3 = get<&Aabb::max>(boxes, first);
    const V o[3] = {o3.x, o3.y, o3.z}, p[3] = {p3.x, p3.y, p3.z}, lo[3] = {lo3.x, lo3.y, lo3.z};
    const V hi[3] = {hi3.x, hi3.y, hi3.z};
    const V zero{}, one = zero + 1, smallest = zero + Limits::kSmallest, largest = zero + Limits::kLargest;
    Mask missed{};
    const Element infinity = std::numeric_limits<Element>::infinity();
    V enter = zero - infinity, exit = zero + infinity;
    for (int axis = 0; axis < 3; ++axis) {
      const V d = kSegment ? p[axis] - o[axis] : p[axis];  // 0 exactly when a segment's ends share the coordinate
      missed |= (d == zero) & ((o[axis] < lo[axis]) | (o[axis] > hi[axis]));
      const V inverse = one / d, atLow = (lo[axis] - o[axis]) * inverse, atHigh = (hi[axis] - o[axis]) * inverse;
      enter = simd::max(enter, simd::min(atLow, atHigh));
      exit = simd::min(exit, simd::max(atLow, atHigh));
    }
    const V enterSize = simd::abs(enter), exitSize = simd::abs(exit);
    const Mask fits = (enterSize >= smallest) & (enterSize <= largest) & (exitSize >= smallest) & (exitSize <= largest);
    const Mask after = enter - exit > Limits::kGap * (enterSize + exitSize);
    return missed | (fits & (after | (fromZero & (exit < zero))));
  }

  // raycast_box.h's meetsBox, boxSpan and firstHit: settled where meetsBox's decision rests on proven signs (a miss
  // by any proven reason; a hit when every sign it reads is proven); t is the entry of the slabs clipped in order
  // (clipSlab, stopping once the rounded span is empty), kept in the range. Left to the exact query: a start inside
  // the box with options.solid off (the exit, and whether the caster runs on past hi), and an entry that overflowed.
  // One instance for both limit forms (the range says which, as the single query's byCasterForm does): the box's
  // steps are long, and an instance per form cost the package 3.6 KB more (gzip) and ran slower in wasm.
  template <bool kSegment, bool kLimited, class Casters, class Targets>
  static Answers answers(const Casters& casters, const Targets& boxes, size_t first, Mask2 fromZero,
                         const Range& range, const RaycastOptions& options) {
    return answersInRange<kSegment>(casters, boxes, first, fromZero, range, options);
  }

  template <bool kSegment, class Casters, class Targets>
  [[gnu::noinline]] static Answers answersInRange(const Casters& casters, const Targets& boxes, size_t first,
                                                  Mask2 fromZero, const Range& range, const RaycastOptions& options) {
    const auto o3 = from(casters, first), p3 = towards(casters, first);
    const SlabLanes<f64x2, kSegment> slabs(o3, p3, get<&Aabb::min>(boxes, first), get<&Aabb::max>(boxes, first),
                                           fromZero);
    const auto &o = slabs.origin, &p = slabs.towards, &low = slabs.low, &high = slabs.high, &in = slabs.in;
    const auto &forward = slabs.forward, &backward = slabs.backward, &moving = slabs.moving;
    Mask2 miss = slabs.missed, proven = slabs.proven, inside = fromZero;
    f64x2 enter = f64x2{} - kInfinity, exit = f64x2{} + kInfinity;
    for (int axis = 0; axis < 3; ++axis) {
      inside &= ~moving[axis] | ((low[axis] < o[axis]) & (o[axis] < high[axis]));
      // clipSlab on the caster's direction (a segment's: end - start), while the span is not empty.
      const f64x2 d = kSegment ? p[axis] - o[axis] : p[axis];
      const f64x2 tLo = (low[axis] - o[axis]) / d, tHi = (high[axis] - o[axis]) / d;
      const Mask2 clip = moving[axis] & ~(enter > exit);
      const f64x2 near = tLo <= tHi ? tLo : tHi, far = tLo <= tHi ? tHi : tLo;
      enter = (clip & (near > enter)) ? near : enter;
      exit = (clip & (far < exit)) ? far : exit;
    }
    if (range.limited) {
      // Entries not beyond hi: at a segment's own end, comparisons of the inputs; elsewhere kEntriesBeyond's signs.
      if (kSegment && range.hi == 1) {
        for (int axis = 0; axis < 3; ++axis) {
          miss |= (forward[axis] & (in[axis] > p[axis])) | (backward[axis] & (in[axis] < p[axis]));
        }
      } else {
        const auto beyond = exact::filteredLanes<f64x2>(kEntriesBeyond<kSegment>, o3, p3, f64x2{range.hi, range.hi},
                                                        exact::V3<f64x2>{in[0], in[1], in[2]});
        for (int axis = 0; axis < 3; ++axis) {
          miss |= (forward[axis] & beyond[axis].positive()) | (backward[axis] & beyond[axis].negative());
          proven &= ~moving[axis] | beyond[axis].positive() | beyond[axis].negative();
        }
      }
    }
    const Mask2 leftExact = (options.solid ? Mask2{} : inside) | (enter == f64x2{} + kInfinity) | ~proven;
    // firstHit: the start when inside (solid), else the entry kept in the range (an entry before the start: the start).
    const f64x2 t = inside ? f64x2{range.lo, range.lo} : clamped(enter, range);
    return {miss | ~leftExact, ~miss & ~leftExact, t};
  }
};

using Kernels = std::tuple<Triangles, Spheres, Planes, Boxes>;

// What answering a chunk's open pairs left: how many went to the exact query (listed in `left`), and the hits.
struct Answered {
  size_t leftExact;
  int hits;
};

// The open pairs (the picks of a2 and b2, `opened` of them, the last repeated when odd) two at a time through the
// double lanes (Kernel::answers): each settled pair's t into `t`, the others listed in `left`. The range and options
// by value: each store into `t` might otherwise be taken to change their doubles, read again every time.
template <class Kernel, bool kSegment, class TA, class TB>
Answered answerOpen(const lanes::PickedSide<f64x2, TA>& a2, const lanes::PickedSide<f64x2, TB>& b2, size_t opened,
                    Mask2 fromZero2, const Range range, const RaycastOptions options, double* t, uint32_t* left) {
  const uint32_t* open = a2.picks;
  Answered answered{0, 0};
  for (size_t j = 0; j < opened; j += 2) {
    const Answers found = range.limited
                              ? Kernel::template answers<kSegment, true>(a2, b2, j, fromZero2, range, options)
                              : Kernel::template answers<kSegment, false>(a2, b2, j, fromZero2, range, options);
    const int settled = simd::bitmask(found.settled), hit = simd::bitmask(found.settled & found.hit);
    for (size_t k = 0; k < 2 && j + k < opened; ++k) {
      t[open[j + k]] = (hit >> k & 1) != 0 ? found.t[k] + 0.0 : kInfinity;  // + 0: -0 reads as 0, as raycast()
      answered.hits += hit >> k & 1;
      left[answered.leftExact] = open[j + k];
      answered.leftExact += (settled >> k & 1) ^ 1;
    }
  }
  return answered;
}

// The batch a chunk of pairs at a time: first the float lanes prove what misses they can, a block at a time, and the
// pairs they leave are listed (without a branch a pair: hits and misses mix at random in a batch, and a branch on
// each cost more than the work it skipped); then the listed pairs go two at a time through the double lanes
// (`answers`), densely, and the few those leave to the exact query.
template <class Kernel, bool kSegment, class V, class TA, class TB>
int raycast(const EncodedItems& casters, const EncodedItems& targets, size_t pairs, const RaycastOptions& options,
            RaycastFn exactCast, double* t) {
  using Mask = decltype(V{} < V{});
  constexpr size_t kLanes = lanes::kLanes<V>, kChunk = 256;
  const auto a = lanes::sideOf<V, TA>(casters);
  const auto b = lanes::sideOf<V, TB>(targets);
  const Mask fromZero = lanes::lanesIf<Mask>(casters.type != ShapeType::Line);
  const Mask2 fromZero2 = lanes::lanesIf<Mask2>(casters.type != ShapeType::Line);
  const std::optional<Range> range = rangeOf(casters.type, options);  // none: every pair misses (the exact query)
  uint32_t open[kChunk + 1], left[kChunk];  // the pairs the float lanes leave; then those the double lanes leave
  // The open pairs' items on double lanes, widened exactly.
  const lanes::PickedSide<f64x2, TA> a2{a.numbers, a.stride, open};
  const lanes::PickedSide<f64x2, TB> b2{b.numbers, b.stride, open};
  double bufferA[kEncodedShapeSize], bufferB[kEncodedShapeSize];
  int hits = 0;
  for (size_t start = 0; start < pairs; start += kChunk) {
    const size_t end = std::min(pairs, start + kChunk);
    size_t opened = 0;
    size_t i = start;
    for (; i + kLanes <= end; i += kLanes) {
      for (size_t k = 0; k < kLanes; ++k) t[i + k] = kInfinity;
      const int missed = simd::bitmask(Kernel::template provenMisses<V, kSegment>(a, b, i, fromZero, options));
      for (size_t k = 0; k < kLanes; ++k) {
        open[opened] = static_cast<uint32_t>(i + k);
        opened += (missed >> k & 1) ^ 1;
      }
    }
    for (; i < end; ++i) t[i] = kInfinity, open[opened++] = static_cast<uint32_t>(i);
    const uint32_t* toExact = open;  // the pairs left to the exact query
    size_t exactCount = opened;
    if (range && opened > 0) {
      open[opened] = open[opened - 1];  // an odd count: the last pair twice, its second answer not taken
      // Answering is a function apart (lanes::apart) where the kernel's answers are long: the float lanes' loop then
      // compiles to faster code (in heap, ray–triangle 16.8-17.3 -> 14.5-15.5 ns a pair).
      auto* answer = &answerOpen<Kernel, kSegment, TA, TB>;
      if constexpr (Kernel::kAnswersApart) answer = lanes::apart(answer);
      const Answered answered = answer(a2, b2, opened, fromZero2, *range, options, t, left);
      toExact = left, exactCount = answered.leftExact, hits += answered.hits;
    }
    for (size_t k = 0; k < exactCount; ++k) {
      const size_t pair = toExact[k];
      const auto hit = exactCast(casters.item(a.stride == 0 ? 0 : pair, bufferA),
                                 targets.item(b.stride == 0 ? 0 : pair, bufferB), options);
      t[pair] = hit ? hit->t + 0.0 : kInfinity;  // + 0: -0 reads as 0, as in raycast()
      hits += hit.has_value();
    }
  }
  return hits;
}

// The batch by Kernel, in the form its casters and number types take. Called apart (lanes::apart): a function for each
// kernel with its eight forms inside, since a function for each form cost 20 KB more of gzipped wasm (their code
// compresses less well apart) for a few per cent more speed.
template <class Kernel>
int raycastBy(const EncodedItems& casters, const EncodedItems& targets, size_t pairs, const RaycastOptions& options,
              RaycastFn exactCast, double* t) {
  return lanes::withLaneTypes(casters, targets, [&](auto lane, auto numberA, auto numberB) {
    using V = decltype(lane);
    using TA = decltype(numberA);
    using TB = decltype(numberB);
    return casters.type == ShapeType::Segment
               ? raycast<Kernel, true, V, TA, TB>(casters, targets, pairs, options, exactCast, t)
               : raycast<Kernel, false, V, TA, TB>(casters, targets, pairs, options, exactCast, t);
  });
}

}  // namespace raycast_lanes

// The batch raycast of checked items (batch/pairs.h) by a fast path, when one serves the target type: t per pair
// into `t` (+infinity for a miss), `exactCast` the table's entry for the pair. Returns the hits, or -1 when no fast
// path serves the pair.
inline int raycastByLanes(const EncodedItems& casters, const EncodedItems& targets, size_t pairs,
                          const RaycastOptions& options, RaycastFn exactCast, double* t) {
  const ShapeType caster = casters.type;
  if (caster != ShapeType::Ray && caster != ShapeType::Line && caster != ShapeType::Segment) return -1;
  int hits = -1;
  const auto tryKernel = [&](auto kernel) {
    using Kernel = decltype(kernel);
    if (targets.type != Kernel::kTarget) return false;
    hits = lanes::apart(&raycast_lanes::raycastBy<Kernel>)(casters, targets, pairs, options, exactCast, t);
    return true;
  };
  std::apply([&](auto... kernels) { (tryKernel(kernels) || ...); }, raycast_lanes::Kernels{});
  return hits;
}

}  // namespace c3d
