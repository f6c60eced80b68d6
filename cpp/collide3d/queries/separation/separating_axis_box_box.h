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
template <int kAxis>
void considerAxis(const Obb& a, const Obb& b, std::optional<Separation>& widest) {
  const double gapTimesLength = gap<kAxis>(a, b);
  if (!(gapTimesLength > 0)) return;
  const Vec3 l = axis<kAxis>(a, b);
  const double width = gapTimesLength / length(l);
  if (widest && !(width > widest->gap)) return;
  const Vec3 unit = unitDirection(l);
  widest = Separation{dot(b.center - a.center, unit) < 0 ? -unit : unit, width};
}

template <size_t... k>
std::optional<Separation> widestSeparation(const Obb& a, const Obb& b, std::index_sequence<k...>) {
  std::optional<Separation> widest;
  (considerAxis<k>(a, b, widest), ...);
  return widest;
}

}  // namespace obb_obb

inline std::optional<Separation> separatingAxis(const Obb& a, const Obb& b) {
  return obb_obb::widestSeparation(a, b, std::make_index_sequence<15>{});
}

inline std::optional<Separation> separatingAxis(const Aabb& a, const Aabb& b) { return separatingAxis(asObb(a), asObb(b)); }
inline std::optional<Separation> separatingAxis(const Aabb& a, const Obb& b) { return separatingAxis(asObb(a), b); }

}  // namespace c3d
