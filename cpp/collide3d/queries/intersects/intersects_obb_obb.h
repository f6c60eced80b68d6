// Two oriented boxes by the separating axis theorem over all 15 candidate axes (Gottschalk, Lin, Manocha 1996,
// "OBBTree"; Ericson §4.4.1), decided exactly. A box is the parallelepiped c + sum_i s_i h_i a_i, |s_i| <= 1, with
// a_i the columns of its rotation as given (orthonormal within 1e-6), so its face normals are a_j x a_k and its
// edges run along the a_i. The candidates are the three face normals of each box and the nine cross products
// a_i x b_j; along a candidate L the boxes are apart when
//   |L.(cB - cA)| > sum_i hA_i |L.a_i| + sum_j hB_j |L.b_j|,
// and the sign of that gap, a polynomial in the inputs with absolute values, is decided exactly
// (exact::filteredValue). L is built inside the predicate from the columns, never rounded; parallel edges give
// L = 0 exactly, which separates nothing (0 > 0 is false), as it should: the face axes decide then.
#pragma once
#include <cmath>
#include <utility>

#include "collide3d/math/exact/filtered_sign.h"
#include "collide3d/shapes/aabb.h"
#include "collide3d/shapes/obb.h"

namespace c3d {

namespace obb_obb {

template <int kIndex, class T>
const T& pick(const T& x0, const T& x1, const T& x2) {
  if constexpr (kIndex == 0) {
    return x0;
  } else if constexpr (kIndex == 1) {
    return x1;
  } else {
    return x2;
  }
}

// Candidate kAxis: 0-2 the face normals of A, 3-5 those of B, 6-14 the cross products a_i x b_j.
template <int kAxis, class V>
auto candidate(const V& a0, const V& a1, const V& a2, const V& b0, const V& b1, const V& b2) {
  if constexpr (kAxis < 3) {
    return cross(pick<(kAxis + 1) % 3>(a0, a1, a2), pick<(kAxis + 2) % 3>(a0, a1, a2));
  } else if constexpr (kAxis < 6) {
    return cross(pick<(kAxis + 1) % 3>(b0, b1, b2), pick<(kAxis + 2) % 3>(b0, b1, b2));
  } else {
    return cross(pick<(kAxis - 6) / 3>(a0, a1, a2), pick<(kAxis - 6) % 3>(b0, b1, b2));
  }
}

// The gap between the boxes' projections on candidate kAxis, times 2 |L|: positive when it separates them. Each box
// comes as two vectors summing to twice its center, two summing to twice its half size, and its axes: an OBB as
// center, center, halfSize, halfSize; an AABB as min, max, max, -min, so that its center and half size are never
// rounded (min + max is not exact in doubles). One form serves every pair of box kinds.
template <int kAxis>
constexpr auto kGap = [](const auto& ca1, const auto& ca2, const auto& ha1, const auto& ha2, const auto& a0,
                         const auto& a1, const auto& a2, const auto& cb1, const auto& cb2, const auto& hb1,
                         const auto& hb2, const auto& b0, const auto& b1, const auto& b2) {
  using exact::absolute;
  const auto axis = candidate<kAxis>(a0, a1, a2, b0, b1, b2);
  const auto ha = ha1 + ha2;
  const auto hb = hb1 + hb2;
  const auto reachA = ha.x * absolute(dot(axis, a0)) + ha.y * absolute(dot(axis, a1)) + ha.z * absolute(dot(axis, a2));
  const auto reachB = hb.x * absolute(dot(axis, b0)) + hb.y * absolute(dot(axis, b1)) + hb.z * absolute(dot(axis, b2));
  return absolute(dot(axis, (cb1 + cb2) - (ca1 + ca2))) - (reachA + reachB);
};

// What the gap reads of each box (kGap's form).
struct BoxInputs {
  Vec3 c1, c2, h1, h2;
  Mat3 axes;
};
inline BoxInputs boxInputs(const Obb& b) { return {b.center, b.center, b.halfSize, b.halfSize, b.rotation}; }
inline BoxInputs boxInputs(const Aabb& b) { return {b.min, b.max, b.max, -b.min, Mat3{}}; }

template <int kAxis>
double gapOf(const BoxInputs& a, const BoxInputs& b) {
  return exact::filteredValue(kGap<kAxis>, a.c1, a.c2, a.h1, a.h2, a.axes.column(0), a.axes.column(1),
                              a.axes.column(2), b.c1, b.c2, b.h1, b.h2, b.axes.column(0), b.axes.column(1),
                              b.axes.column(2));
}

// The gap along candidate kAxis, with its exact sign; and L itself, rounded, to report the axis.
template <int kAxis, class BoxA, class BoxB>
double gap(const BoxA& boxA, const BoxB& boxB) {
  const BoxInputs a = boxInputs(boxA), b = boxInputs(boxB);
  return gapOf<kAxis>(a, b);
}

template <int kAxis, class BoxA, class BoxB>
Vec3 axis(const BoxA& boxA, const BoxB& boxB) {
  const Mat3 ra = boxInputs(boxA).axes, rb = boxInputs(boxB).axes;
  const auto column = [](const Mat3& m, int i) { return exact::lift<double>(m.column(i)); };
  const auto l = candidate<kAxis>(column(ra, 0), column(ra, 1), column(ra, 2), column(rb, 0), column(rb, 1),
                                  column(rb, 2));
  return {l.x, l.y, l.z};
}

template <class BoxA, class BoxB, size_t... k>
bool separatedOnAny(const BoxA& a, const BoxB& b, std::index_sequence<k...>) {
  return ((gap<k>(a, b) > 0) || ...);  // stops at the first separating axis
}

}  // namespace obb_obb

inline bool intersects(const Obb& a, const Obb& b) {
  return !obb_obb::separatedOnAny(a, b, std::make_index_sequence<15>{});
}

}  // namespace c3d
