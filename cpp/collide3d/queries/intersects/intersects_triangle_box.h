// A triangle against a box (axis-aligned or oriented) by the separating axis theorem over its 13 candidate axes
// (Akenine-Möller 2001, "Fast 3D Triangle-Box Overlap Testing"; Ericson §5.2.9), decided exactly. The box is the
// parallelepiped c + sum_i s_i h_i a_i, |s_i| <= 1, with a_i the columns of its rotation as given (the identity for
// an AABB), as in intersects_obb_obb.h. The candidates are the box's three face normals a_j x a_k, the triangle's
// normal, and the nine cross products a_i x e of a box edge direction and a triangle edge. Along a candidate L the
// two are apart when every vertex v of the triangle projects beyond the box's reach on the same side:
//   L.(v - c) > R for all three v, or L.(v - c) < -R for all three, with R = sum_i h_i |L.a_i|,
// computed doubled (2v - 2c against 2h) so that an AABB's centre and half size, min + max and max - min, are never
// rounded. Each of those signs is a polynomial's in the inputs, decided exactly (exact::filteredValues); L = 0 (a
// degenerate triangle's normal, an edge parallel to a box edge) separates nothing, as it should. A degenerate
// triangle is its segment or point, for which the same candidates are complete.
#pragma once
#include <utility>

#include "collide3d/math/exact/filtered_sign.h"
#include "collide3d/queries/intersects/intersects_obb_obb.h"
#include "collide3d/shapes/aabb.h"
#include "collide3d/shapes/triangle.h"

namespace c3d {

namespace triangle_box {

// Candidate kAxis: 0-2 the box's face normals, 3 the triangle's normal, 4-12 a_i x (edge k), i = (kAxis - 4) / 3,
// the edges b - a, c - b, a - c.
template <int kAxis, class A, class T>
auto candidate(const A& a0, const A& a1, const A& a2, const T& ta, const T& tb, const T& tc) {
  using obb_obb::pick;
  if constexpr (kAxis < 3) {
    return cross(pick<(kAxis + 1) % 3>(a0, a1, a2), pick<(kAxis + 2) % 3>(a0, a1, a2));
  } else if constexpr (kAxis == 3) {
    return cross(tb - ta, tc - ta);
  } else {
    constexpr int edge = (kAxis - 4) % 3;
    return cross(pick<(kAxis - 4) / 3>(a0, a1, a2), pick<(edge + 1) % 3>(ta, tb, tc) - pick<edge>(ta, tb, tc));
  }
}

// Along candidate kAxis, for the box given doubled (c2 = 2c, h2 = 2h): each vertex's projection past the box's
// reach on the positive side, then on the negative side; all three of either positive means separated.
template <int kAxis, class C, class H, class A, class T>
auto gaps(const C& c2, const H& h2, const A& a0, const A& a1, const A& a2, const T& ta, const T& tb, const T& tc) {
  using exact::absolute;
  const auto axis = candidate<kAxis>(a0, a1, a2, ta, tb, tc);
  const auto reach = h2.x * absolute(dot(axis, a0)) + h2.y * absolute(dot(axis, a1)) + h2.z * absolute(dot(axis, a2));
  const auto pa = dot(axis, ta + ta - c2), pb = dot(axis, tb + tb - c2), pc = dot(axis, tc + tc - c2);
  return std::make_tuple(pa - reach, pb - reach, pc - reach, -pa - reach, -pb - reach, -pc - reach);
}

template <int kAxis>
constexpr auto kAabbGaps = [](const auto& lo, const auto& hi, const auto& a0, const auto& a1, const auto& a2,
                              const auto& ta, const auto& tb, const auto& tc) {
  return gaps<kAxis>(lo + hi, hi - lo, a0, a1, a2, ta, tb, tc);
};
template <int kAxis>
constexpr auto kObbGaps = [](const auto& c, const auto& h, const auto& a0, const auto& a1, const auto& a2,
                             const auto& ta, const auto& tb, const auto& tc) {
  return gaps<kAxis>(c + c, h + h, a0, a1, a2, ta, tb, tc);
};

template <class Gaps>
bool separates(const Gaps& g) {
  return (g[0] > 0 && g[1] > 0 && g[2] > 0) || (g[3] > 0 && g[4] > 0 && g[5] > 0);
}

template <size_t... k>
bool separatedOnAny(const Triangle& t, const Aabb& box, std::index_sequence<k...>) {
  const Vec3 x{1, 0, 0}, y{0, 1, 0}, z{0, 0, 1};
  return (separates(exact::filteredValues(kAabbGaps<k>, box.min, box.max, x, y, z, t.a, t.b, t.c)) || ...);
}

template <size_t... k>
bool separatedOnAny(const Triangle& t, const Obb& box, std::index_sequence<k...>) {
  const Mat3& r = box.rotation;
  return (separates(exact::filteredValues(kObbGaps<k>, box.center, box.halfSize, r.column(0), r.column(1),
                                          r.column(2), t.a, t.b, t.c)) ||
          ...);  // stops at the first separating axis
}

}  // namespace triangle_box

inline bool intersects(const Triangle& t, const Aabb& box) {
  return !triangle_box::separatedOnAny(t, box, std::make_index_sequence<13>{});
}

inline bool intersects(const Triangle& t, const Obb& box) {
  return !triangle_box::separatedOnAny(t, box, std::make_index_sequence<13>{});
}

}  // namespace c3d
