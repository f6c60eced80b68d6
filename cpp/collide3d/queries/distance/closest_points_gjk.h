// closestPoints() for the pairs of solids with no kernel of their own (dispatch/solids.h): GJK's nearest points of
// the two cores (gjk.h), moved out by the radii. Whether the solids meet is the intersects table's decision for the
// pair (intersects_gjk.h where GJK decides it), so distance() is 0 exactly when intersects() is true; cores that
// GJK proves apart, or overlapping, by more than tau (solids.h) skip that decision, which could only agree. The distance is GJK's:
// good to about 1e-12 of the extent for polytopes and 1e-8 for curved cores.
#pragma once
#include "collide3d/dispatch/solids.h"

namespace c3d {

ClosestPoints closestPointsByGjk(EncodedShape a, EncodedShape b);

}  // namespace c3d
