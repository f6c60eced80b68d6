// The separating axis of two boxes: among the 15 candidate axes of the OBB test (intersects_obb_obb.h), the one
// whose projection gap is widest, as a unit vector pointing from the first box towards the second. It exists
// exactly when intersects() says the boxes are apart: both decide by the exact sign of the same gap.
// The gap along it is a lower bound of the boxes' distance (equal to it when a face separates them squarely).
#pragma once
#include <optional>

#include "collide3d/queries/intersects/intersects_aabb_obb.h"
#include "collide3d/queries/results.h"

namespace c3d {

namespace obb_obb {

// Keeps in `widest` the candidate kAxis when it separates the boxes more widely than the ones seen so far.
inline Vec3 centerOf(const Obb& b) { return b.center; }
inline Vec3 centerOf(const Aabb& b) { return center(b); }

template <int kAxis, class BoxA, class BoxB>
void considerAxis(const BoxA& a, const BoxB& b, std::optional<Separation>& widest) {
  const double gapTimesLength = gap<kAxis>(a, b);
  if (!(gapTimesLength > 0)) return;
  const Vec3 l = axis<kAxis>(a, b);
  const double width = gapTimesLength / (2 * length(l));  // the gap is doubled (intersects_obb_obb.h)
  if (widest && !(width > widest->gap)) return;
  const Vec3 unit = unitDirection(l);
  widest = Separation{dot(centerOf(b) - centerOf(a), unit) < 0 ? -unit : unit, width};
}

template <class BoxA, class BoxB, size_t... k>
std::optional<Separation> widestSeparation(const BoxA& a, const BoxB& b, std::index_sequence<k...>) {
  std::optional<Separation> widest;
  (considerAxis<k>(a, b, widest), ...);
  return widest;
}

}  // namespace obb_obb

// Boxes of either kind, each as given (an AABB by its min and max).
template <class BoxA, class BoxB>
std::optional<Separation> separatingAxis(const BoxA& a, const BoxB& b) {
  return obb_obb::widestSeparation(a, b, std::make_index_sequence<15>{});
}

}  // namespace c3d
