// A point's coordinates in an OBB's frame, by Cramer's rule and in any number type, so that exact predicates can
// place points against the box. The box is the parallelepiped c + sum_i s_i h_i a_i, |s_i| <= 1, over its columns
// a_i as given (not re-orthonormalised): with n_i = a_j x a_k and det = a_0.(a_1 x a_2), a point p has
// s_i h_i det = n_i.(p - c). Every query that decides a point's place in an OBB exactly uses these, so they all
// see the same box.
#pragma once
#include "collide3d/math/exact/filtered_sign.h"

namespace c3d::obb_coordinates {

// The slab normals n_i = a_j x a_k.
template <class A>
[[gnu::always_inline]] inline auto slabNormals(const A& a0, const A& a1, const A& a2) {
  return exact::V3<decltype(cross(a1, a2))>{cross(a1, a2), cross(a2, a0), cross(a0, a1)};
}

// n_i.x: x in the box's coordinates times det.
template <class X, class N>
[[gnu::always_inline]] inline auto slabCoordinates(const X& x, const N& n) {
  return exact::V3<decltype(dot(n.x, x))>{dot(n.x, x), dot(n.y, x), dot(n.z, x)};
}

}  // namespace c3d::obb_coordinates
