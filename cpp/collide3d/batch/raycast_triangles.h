// Casters (rays, lines, segments) against triangles, many pairs at once: the batch raycast's fast path. Most pairs of
// a batch miss, and the float filter can prove it for several pairs at a time: Möller–Trumbore's determinants
// (raycast_triangle.h, the very polynomials the exact query decides on) are evaluated on SIMD lanes with their error
// bounds (exact/filtered_lanes.h). A pair misses when det's sign is proven and so is an opposite sign of u det,
// v det or (1 - u - v) det, or, for a caster starting at t = 0, of t det; with backface culling, also when det < 0 is
// proven. Every other pair (hits, and the few the bound leaves open) goes to the exact query, so each answer is the
// single query's, bit for bit. Float items are computed in four float lanes, items holding doubles in two double lanes.
#pragma once
#include <cstddef>
#include <utility>

#include "collide3d/batch/pairs.h"
#include "collide3d/math/exact/filtered_lanes.h"
#include "collide3d/queries/raycast/raycast_triangle.h"

namespace c3d {

namespace triangle_lanes {

template <class V>
constexpr size_t kLanes = sizeof(V) / sizeof(exact::LaneElement<V>);

// Number `field` of kLanes<V> consecutive items (`stride` numbers apart; 0 repeats one item), one per lane.
template <class V, class T, size_t... k>
V gather(const T* numbers, size_t stride, std::index_sequence<k...>) {
  return V{static_cast<exact::LaneElement<V>>(numbers[k * stride])...};
}
template <class V, class T>
exact::V3<V> gather3(const T* numbers, size_t stride) {
  constexpr auto lanes = std::make_index_sequence<kLanes<V>>{};
  return {gather<V>(numbers, stride, lanes), gather<V>(numbers + 1, stride, lanes),
          gather<V>(numbers + 2, stride, lanes)};
}

// All bits set on the lanes whose pair the filter proves to miss. Casters are origin then p (direction, or a
// segment's end), triangles a, b, c.
template <class V, bool kSegment, class TA, class TB>
auto provenMisses(const TA* casters, size_t casterStride, const TB* triangles, size_t triangleStride, bool bounded,
                  bool culling) {
  const auto m = exact::filteredLanes<V>(
      moller_trumbore::kDeterminants<kSegment, false>, gather3<V>(casters, casterStride),
      gather3<V>(casters + 3, casterStride), V{}, gather3<V>(triangles, triangleStride),
      gather3<V>(triangles + 3, triangleStride), gather3<V>(triangles + 6, triangleStride));
  using Mask = decltype(V{} < V{});
  const Mask all = Mask{} == Mask{}, none = Mask{};
  const Mask fromZero = bounded ? all : none, culled = culling ? all : none;
  const auto& [det, u, v, w, t] = m;
  const Mask front = det.positive(), back = det.negative();
  return (front & (u.negative() | v.negative() | w.negative() | (t.negative() & fromZero))) |
         (back & (u.positive() | v.positive() | w.positive() | (t.positive() & fromZero) | culled));
}

// Every pair's t (+infinity for a miss) into `t`; `exactCast` answers the pairs the filter leaves. Returns the hits.
template <class V, bool kSegment, class TA, class TB>
int raycast(const EncodedItems& casters, const EncodedItems& triangles, size_t pairs, const RaycastOptions& options,
            RaycastFn exactCast, double* t) {
  const auto* a = static_cast<const TA*>(casters.data);
  const auto* b = static_cast<const TB*>(triangles.data);
  const size_t strideA = casters.count == 1 ? 0 : casters.size, strideB = triangles.count == 1 ? 0 : triangles.size;
  const bool bounded = casters.type != ShapeType::Line;
  double bufferA[kEncodedShapeSize], bufferB[kEncodedShapeSize];
  int hits = 0;
  auto answer = [&](size_t i) {
    const auto hit = exactCast(casters.item(strideA == 0 ? 0 : i, bufferA), triangles.item(strideB == 0 ? 0 : i, bufferB),
                               options);
    t[i] = hit ? hit->t + 0.0 : kInfinity;  // + 0: -0 reads as 0, as in raycast()
    hits += hit.has_value();
  };
  constexpr size_t kCount = kLanes<V>;
  size_t i = 0;
  for (; i + kCount <= pairs; i += kCount) {
    const auto missed = provenMisses<V, kSegment>(a + i * strideA, strideA, b + i * strideB, strideB, bounded,
                                                  options.backfaceCulling);
    for (size_t k = 0; k < kCount; ++k) t[i + k] = kInfinity;
    bool every = true;
    for (size_t k = 0; k < kCount; ++k) every = every && missed[k] != 0;
    if (__builtin_expect(every, 1)) continue;
    for (size_t k = 0; k < kCount; ++k) {
      if (missed[k] == 0) answer(i + k);
    }
  }
  for (; i < pairs; ++i) answer(i);
  return hits;
}

template <class V, class TA, class TB>
int raycastAs(const EncodedItems& casters, const EncodedItems& triangles, size_t pairs, const RaycastOptions& options,
              RaycastFn exactCast, double* t) {
  return casters.type == ShapeType::Segment
             ? raycast<V, true, TA, TB>(casters, triangles, pairs, options, exactCast, t)
             : raycast<V, false, TA, TB>(casters, triangles, pairs, options, exactCast, t);
}

}  // namespace triangle_lanes

// Whether raycastTriangles serves this pair of item types: a caster against triangles.
inline bool hasTriangleLanes(ShapeType caster, ShapeType target) {
  return target == ShapeType::Triangle &&
         (caster == ShapeType::Ray || caster == ShapeType::Line || caster == ShapeType::Segment);
}

// The batch raycast of checked items (batch/pairs.h) of casters against triangles: t per pair, returns the hits.
inline int raycastTriangles(const EncodedItems& casters, const EncodedItems& triangles, size_t pairs,
                            const RaycastOptions& options, RaycastFn exactCast, double* t) {
  using simd::f32x4, simd::f64x2;
  if (!casters.isDouble && !triangles.isDouble) {
    return triangle_lanes::raycastAs<f32x4, float, float>(casters, triangles, pairs, options, exactCast, t);
  }
  if (!casters.isDouble) {
    return triangle_lanes::raycastAs<f64x2, float, double>(casters, triangles, pairs, options, exactCast, t);
  }
  return triangles.isDouble
             ? triangle_lanes::raycastAs<f64x2, double, double>(casters, triangles, pairs, options, exactCast, t)
             : triangle_lanes::raycastAs<f64x2, double, float>(casters, triangles, pairs, options, exactCast, t);
}

}  // namespace c3d
