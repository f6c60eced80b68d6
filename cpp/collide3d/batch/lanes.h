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

  // Numbers `field` and `field + 1` of the items, both within an item. Four float lanes load each item's two numbers
  // at once and unzip them: four loads and four shuffles, where gathering the two took eight loads and six lane
  // inserts. (A shape's numbers are read in pairs from an even one, so two fields sharing a pair share its loads.)
  // (Two double lanes gain nothing from it: measured slower.)
  static constexpr bool kLoadsPairs = std::is_same_v<V, simd::f32x4> && std::is_same_v<T, float>;
  std::pair<V, V> twoNumbers(size_t first, int field) const {
    static_assert(kLoadsPairs);
    typedef float f32x2 __attribute__((vector_size(8)));
    const T* at = numbers + first * stride + field;
    const auto p0 = simd::load<f32x2>(at), p1 = simd::load<f32x2>(at + stride);
    const auto p2 = simd::load<f32x2>(at + 2 * stride), p3 = simd::load<f32x2>(at + 3 * stride);
    const V low = __builtin_shufflevector(p0, p1, 0, 1, 2, 3), high = __builtin_shufflevector(p2, p3, 0, 1, 2, 3);
    return {__builtin_shufflevector(low, high, 0, 2, 4, 6), __builtin_shufflevector(low, high, 1, 3, 5, 7)};
  }

  // Number kField of items of kSize numbers: from the pair it starts or ends, when that pair lies within the item.
  template <int kField, int kSize>
  V numberOf(size_t first) const {
    if constexpr (kLoadsPairs && (kField | 1) < kSize) {
      const auto two = twoNumbers(first, kField & ~1);
      return (kField & 1) == 0 ? two.first : two.second;
    } else {
      return number(first, kField);
    }
  }
};

// A shape's field across the lanes, by its member: get<&Sphere::radius>(side, first).
template <auto Member, class Side>
auto get(const Side& side, size_t first) {
  using Field = MemberOf<decltype(Member)>;
  constexpr int kAt = encodedOffset(Member), kSize = encodedSize<typename Field::Owner>();
  static_assert(kAt >= 0);
  if constexpr (std::is_same_v<typename Field::Type, Vec3>) {
    using V = decltype(side.number(first, kAt));
    return exact::V3<V>{side.template numberOf<kAt, kSize>(first), side.template numberOf<kAt + 1, kSize>(first),
                        side.template numberOf<kAt + 2, kSize>(first)};
  } else {
    return side.template numberOf<kAt, kSize>(first);
  }
}

// One side's items picked by index: lane k holds item picks[first + k] (a side of one item: stride 0, any pick).
template <class V, class T>
struct PickedSide {
  const T* numbers;
  size_t stride;
  const uint32_t* picks;

  template <size_t... k>
  V gather(const uint32_t* at, int field, std::index_sequence<k...>) const {
    return V{static_cast<exact::LaneElement<V>>(numbers[at[k] * stride + field])...};
  }
  V number(size_t first, int field) const {
    return gather(picks + first, field, std::make_index_sequence<kLanes<V>>{});
  }
  template <int kField, int kSize>
  V numberOf(size_t first) const {
    return number(first, kField);
  }
};

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

// Runs the pairs a block at a time: block(first) returns the lanes it answered as bits (bit k: lane k), and the
// pairs of lanes it left, and of the tail after the last whole block, go to single(i).
template <class V, class Block, class Single>
void forEachBlock(size_t pairs, Block&& block, Single&& single) {
  constexpr size_t kCount = kLanes<V>;
  constexpr int kEvery = (1 << kCount) - 1;
  size_t i = 0;
  for (; i + kCount <= pairs; i += kCount) {
    const int answered = block(i);
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

// `kernel`, through a pointer no optimiser follows, for a batch entry to call its kernels by. binaryen (wasm-opt -O3)
// inlines every function that has one caller, which put all of a batch entry's kernels (32 raycast loops) into one
// function of 128,000 instructions; V8 compiled that one late (its baseline code ran the first 5 to 8 calls of a
// 1M-pair batch) and to slower code than the kernels apart (in heap, ray–triangle 17.1-17.4 -> 15.9-16.8 ns a pair,
// box–box 7.7 -> 6.7, triangle–box 13.0 -> 11.0).
template <class Fn>
Fn* apart(Fn* kernel) {
  Fn* volatile pointer = kernel;
  return pointer;
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
