// Two oriented boxes by the separating axis theorem over all 15 candidate axes: the 3 + 3 face normals and the
// 9 cross products of an edge direction of each (Gottschalk, Lin, Manocha 1996, "OBBTree"; Ericson §4.4.1).
// Along an axis L the boxes are separated when |L.(cB - cA)| > rA + rB, with r the box's projected half-width.
// The cross-product axes are formed in world space rather than through the usual rotation-matrix shortcut. When two
// edges are parallel their cross product is the zero vector and its test reads 0 > 0 - never separating, which is
// right: such an axis carries no information and the face axes decide. When they are parallel only up to rounding
// (|A x B| below 1e-9 |A||B|), the cross product is mostly rounding noise, so the axis is skipped rather than
// trusted; boxes it would have separated are then reported as touching only if every other axis overlaps, i.e.
// within about 1e-9 of their size of each other.
#pragma once
#include <cmath>

#include "collide3d/shapes/obb.h"

namespace c3d {

inline double projectedHalfWidth(const Obb& box, Vec3 axis) {
  double r = 0;
  for (int i = 0; i < 3; ++i) r += std::fabs(dot(halfAxis(box, i), axis));
  return r;
}

// |L.(cB - cA)| - (rA + rB): positive exactly when the boxes are separated along L (for finite doubles x - y > 0
// holds exactly when x > y), in units of |L|.
inline double gapAlong(const Obb& a, const Obb& b, Vec3 axis) {
  return std::fabs(dot(b.center - a.center, axis)) - (projectedHalfWidth(a, axis) + projectedHalfWidth(b, axis));
}

// Calls visit(axis) on the 15 candidate axes, face normals first, until it returns true; returns whether it did.
template <class Visit>
bool anyCandidateAxis(const Obb& a, const Obb& b, Visit visit) {
  for (int i = 0; i < 3; ++i) {
    if (visit(a.rotation.column(i)) || visit(b.rotation.column(i))) return true;
  }
  constexpr double kParallelSine = 1e-9;
  for (int i = 0; i < 3; ++i) {
    const Vec3 edgeA = a.rotation.column(i);
    for (int j = 0; j < 3; ++j) {
      const Vec3 edgeB = b.rotation.column(j);
      const Vec3 axis = cross(edgeA, edgeB);
      const double scale = kParallelSine * kParallelSine * lengthSquared(edgeA) * lengthSquared(edgeB);
      if (lengthSquared(axis) > scale && visit(axis)) return true;
    }
  }
  return false;
}

inline bool intersects(const Obb& a, const Obb& b) {
  return !anyCandidateAxis(a, b, [&](Vec3 axis) { return gapAlong(a, b, axis) > 0; });
}

}  // namespace c3d
