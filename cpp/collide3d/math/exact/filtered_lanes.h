// filteredSign's filter (filtered_sign.h) on several inputs at once, for batches: the same predicate text evaluated
// lane by lane on short vectors (simd.h) of floats or doubles, giving each value with its error bound. A lane whose
// value lies beyond its bound has a proven sign; the others are left to the caller's exact path. Nothing here is
// ever exact on its own: it only proves signs, so a batch can skip the exact work for the pairs it settles.
//
// The bound is filtered_sign.h's, 2 (D + 1) u P, with u the unit roundoff of the lane type (2^-24 for float,
// 2^-53 for double) and P taken from the inputs' own sizes (larger than filtered_sign.h's, which measures a
// difference of two inputs by its own size: sound, if less often proven far from the origin). Underflow is covered the same way: every product adds to its magnitude the largest absolute
// error an underflowing product can make (the smallest normal number), divided by u; a final margin keeps a bound
// of tiny values above what its own rounding loses. Overflow gives an infinite bound or NaN: never proven.
#pragma once
#include <cfloat>

#include "collide3d/math/exact/filtered_sign.h"
#include "collide3d/math/simd.h"

namespace c3d::exact {

// Unit roundoff and margins of a lane type's element type (float or double).
template <class Element>
struct LaneRounding;
template <>
struct LaneRounding<float> {
  static constexpr float kUnit = 0x1p-24f;
  static constexpr float kProductMargin = FLT_MIN / kUnit;  // 2^-102
  static constexpr float kFinalMargin = 0x1p-93f;           // 2^9 above it, as filtered_sign.h's 2^-960 to 2^-969
};
template <>
struct LaneRounding<double> {
  static constexpr double kUnit = 0x1p-53;
  static constexpr double kProductMargin = 0x1p-969;  // filtered_sign.h's Magnitude
  static constexpr double kFinalMargin = 0x1p-960;
};

template <class V>
using LaneElement = std::remove_reference_t<decltype(V{}[0])>;

// Magnitude (filtered_sign.h) lane by lane.
template <class V>
struct LaneMagnitude {
  V value;
  friend LaneMagnitude operator+(LaneMagnitude a, LaneMagnitude b) { return {a.value + b.value}; }
  friend LaneMagnitude operator-(LaneMagnitude a, LaneMagnitude b) { return {a.value + b.value}; }
  friend LaneMagnitude operator*(LaneMagnitude a, LaneMagnitude b) {
    return {a.value * b.value + LaneRounding<LaneElement<V>>::kProductMargin};
  }
  friend LaneMagnitude operator-(LaneMagnitude a) { return a; }
};

// One value of a predicate on every lane, and the bound its distance from 0 must exceed for its sign to be proven.
template <class V>
struct LaneValue {
  V value, bound;
  auto positive() const { return value > bound; }   // lanes where it is proven > 0 (all bits set), else 0
  auto negative() const { return value < -bound; }  // lanes where it is proven < 0
};

namespace detail {

template <class V>
LaneMagnitude<V> laneMagnitude(V x) {
  return {simd::abs(x)};
}
template <class V>
V3<LaneMagnitude<V>> laneMagnitude(const V3<V>& v) {
  return {laneMagnitude(v.x), laneMagnitude(v.y), laneMagnitude(v.z)};
}
template <class V>
Depth<0> depthOf(const V&) {
  return {};
}
template <class V>
V3<Depth<0>> depthOf(const V3<V>&) {
  return {};
}

template <class V, class Depths, class Values, class Magnitudes, size_t... k>
std::array<LaneValue<V>, sizeof...(k)> boundAll(const Values& values, const Magnitudes& magnitudes,
                                               std::index_sequence<k...>) {
  using R = LaneRounding<LaneElement<V>>;
  return {LaneValue<V>{std::get<k>(values),
                       (2 * (std::tuple_element_t<k, Depths>::kValue + 1) * R::kUnit) * std::get<k>(magnitudes).value +
                           R::kFinalMargin}...};
}

}  // namespace detail

// predicate(inputs...) on LaneMagnitude: filtered_sign.h's Magnitude evaluation lane by lane (the sums of absolute
// monomials the bounds below and refined_root.h's condition read), each value a LaneMagnitude.
template <class Predicate, class... Inputs>
[[gnu::always_inline]] inline auto laneMagnitudes(const Predicate& predicate, const Inputs&... inputs) {
  return detail::asTuple(predicate(detail::laneMagnitude(inputs)...));
}

// The values of predicate(inputs...) (each input a lane vector V or a V3 of them) on every lane, with their bounds.
template <class V, class Predicate, class... Inputs>
[[gnu::always_inline]] inline auto filteredLanes(const Predicate& predicate, const Inputs&... inputs) {
  using Depths = decltype(detail::asTuple(predicate(detail::depthOf(inputs)...)));
  return detail::boundAll<V, Depths>(detail::asTuple(predicate(inputs...)), laneMagnitudes(predicate, inputs...),
                                     std::make_index_sequence<std::tuple_size_v<Depths>>{});
}

}  // namespace c3d::exact
