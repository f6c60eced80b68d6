// sweep() for the pairs of solids no method of sweep.h covers (dispatch/solids.h: a cylinder, cone, ellipsoid or
// triangle moving, or a cylinder, cone or ellipsoid target), on their convex cores:
// - touching at the start as the intersects table decides the pair (exact where its entry is, else GJK within tau:
//   intersects_gjk.h), then the contact as sweep.h gives it;
// - against another solid: the GJK ray cast (gjk_raycast.h), floating point, t good to about 1e-12 of the extent
//   for polytopes (curved cores: GJK's accuracy near a curved side, about 1e-8);
// - against a plane: the core's point deepest towards the plane (its support point) reaches it first, when its
//   height runs out at the closing speed.
#pragma once
#include <optional>

#include "collide3d/dispatch/solids.h"

namespace c3d {

std::optional<SweepHit> sweepByGjk(EncodedShape moving, Vec3 velocity, EncodedShape target);
std::optional<SweepHit> sweepOntoPlane(EncodedShape moving, Vec3 velocity, EncodedShape plane);

}  // namespace c3d
