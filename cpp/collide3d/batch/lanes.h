// What the batch fast paths share: pairs taken a block of SIMD lanes at a time (simd.h), each block's items loaded
// field by field across the lanes, the lane type chosen from how the items are stored (four float lanes when both
// sides hold floats, else two double lanes: both widen exactly), and the pairs a fast path leaves open answered by
// the exact query one by one. A fast path proves what it can; the exact query decides the rest, so every answer is
// the single query's.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "collide3d/batch/pairs.h"
#include "collide3d/math/exact/filtered_lanes.h"

namespace c3d::lanes {

template <class V>
constexpr size_t kLanes = sizeof(V) / sizeof(exact::LaneElement<V>);

// One side's items as lanes: number `field` of kLanes<V> consecutive items from item `first` (a side of one item
// repeats it: stride 0).
template <class V, class T>
struct Side {
  const T* numbers;
  size_t stride;

  template <size_t... k>
  V gather(const T* at, std::index_sequence<k...>) const {
    return V{static_cast<exact::LaneElement<V>>(at[k * stride])...};
  }
  V number(size_t first, int field) const {
    return gather(numbers + first * stride + field, std::make_index_sequence<kLanes<V>>{});
  }
  exact::V3<V> vec3(size_t first, int field) const {
    return {number(first, field), number(first, field + 1), number(first, field + 2)};
  }
};

// A shape's field across the lanes, by its member: get<&Sphere::radius>(side, first).
template <auto Member, class Side>
auto get(const Side& side, size_t first) {
  constexpr int kAt = encodedOffset(Member);
  static_assert(kAt >= 0);
  if constexpr (std::is_same_v<typename MemberOf<decltype(Member)>::Type, Vec3>) {
    return side.vec3(first, kAt);
  } else {
    return side.number(first, kAt);
  }
}

template <class V, class T>
Side<V, T> sideOf(const EncodedItems& items) {
  return {static_cast<const T*>(items.data), items.count == 1 ? 0 : static_cast<size_t>(items.size)};
}

// All bits set in every lane.
template <class Mask>
Mask allLanes() {
  return Mask{} == Mask{};
}
template <class Mask>
Mask lanesIf(bool condition) {
  return condition ? allLanes<Mask>() : Mask{};
}

// Runs the pairs a block at a time: block(first) returns the mask of the lanes it answered (all bits set), and the
// pairs of lanes it left, and of the tail after the last whole block, go to single(i).
template <class V, class Block, class Single>
void forEachBlock(size_t pairs, Block&& block, Single&& single) {
  constexpr size_t kCount = kLanes<V>;
  constexpr int kEvery = (1 << kCount) - 1;
  size_t i = 0;
  for (; i + kCount <= pairs; i += kCount) {
    const int answered = simd::bitmask(block(i));
    if (__builtin_expect(answered == kEvery, 1)) continue;
    for (size_t k = 0; k < kCount; ++k) {
      if ((answered >> k & 1) == 0) single(i + k);
    }
  }
  for (; i < pairs; ++i) single(i);
}

// A mask's lanes as bytes at `out`, 1 where set, 0 elsewhere: one store (the lanes' bits spread a byte apart by one
// multiplication: bit k lands on bit 8k, and no two partial products overlap).
template <class Mask>
void storeFlags(Mask lanes, uint8_t* out) {
  const uint32_t bits = static_cast<uint32_t>(simd::bitmask(lanes));
  if constexpr (sizeof(Mask) / sizeof(lanes[0]) == 4) {
    const uint32_t bytes = (bits * 0x00204081u) & 0x01010101u;
    std::memcpy(out, &bytes, sizeof bytes);
  } else {
    const uint16_t bytes = static_cast<uint16_t>((bits * 0x81u) & 0x0101u);
    std::memcpy(out, &bytes, sizeof bytes);
  }
}

// Calls run(V{}, A{}, B{}) with the lane type V and the element types A and B of the two sides.
template <class Run>
auto withLaneTypes(const EncodedItems& a, const EncodedItems& b, Run&& run) {
  using simd::f32x4, simd::f64x2;
  if (!a.isDouble && !b.isDouble) return run(f32x4{}, float{}, float{});
  if (!a.isDouble) return run(f64x2{}, float{}, double{});
  return b.isDouble ? run(f64x2{}, double{}, double{}) : run(f64x2{}, double{}, float{});
}

}  // namespace c3d::lanes
