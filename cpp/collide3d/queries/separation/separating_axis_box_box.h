// The separating axis of two boxes: among the 15 candidate axes of the OBB test (intersects_obb_obb.h), the one
// whose projection gap is widest, as a unit vector pointing from the first box towards the second. It exists
// exactly when intersects() says the boxes are apart: both decide by the sign of the same gapAlong().
// The gap along it is a lower bound of the boxes' distance (equal to it when a face separates them squarely).
#pragma once
#include <optional>

#include "collide3d/queries/intersects/intersects_aabb_obb.h"
#include "collide3d/queries/results.h"

namespace c3d {

inline std::optional<Separation> separatingAxis(const Obb& a, const Obb& b) {
  std::optional<Separation> widest;
  anyCandidateAxis(a, b, [&](Vec3 axis) {
    const double gap = gapAlong(a, b, axis);
    if (!(gap > 0)) return false;
    const double scale = length(axis);
    if (!widest || gap > widest->gap * scale) {
      const Vec3 unit = unitDirection(axis);
      widest = Separation{dot(b.center - a.center, unit) < 0 ? -unit : unit, gap / scale};
    }
    return false;
  });
  return widest;
}

inline std::optional<Separation> separatingAxis(const Aabb& a, const Aabb& b) { return separatingAxis(asObb(a), asObb(b)); }
inline std::optional<Separation> separatingAxis(const Aabb& a, const Obb& b) { return separatingAxis(asObb(a), b); }

}  // namespace c3d
