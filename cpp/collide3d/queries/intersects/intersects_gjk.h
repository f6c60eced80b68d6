// intersects() for the pairs of solids with no kernel of their own (dispatch/solids.h), on their convex cores:
// - GJK (gjk.h) first: cores it proves more than the radii's sum plus tau apart (solids.h) are apart. Its bounds are
//   rigorous to a few ulps of the extent, far below tau, so this never calls meeting solids apart.
// - A box or convex hull (against any solid): solids GJK shows overlapping by more than tau meet (its nearest points
//   closer than the radii's sum less tau, or its last simplex enclosing the origin with tau to spare: the same
//   rigorous margin). Otherwise, near touching, it is decided exactly, as the solid meeting one of the polytope's
//   face triangles (the exact (solid, triangle) kernel) or lying inside it (a point of it, by the exact point test):
//   a solid meeting the polytope either reaches its boundary or lies wholly inside it. A point that the
//   exact point tests place in both solids decides "meet" sooner: the point between GJK's nearest points.
// - Two curved solids (sphere, capsule, cylinder, cone, ellipsoid, where no pair kernel exists): meeting unless GJK
//   proves them apart (gjkSeparation, climbing the bound where GJK stalls). One-sided: solids that touch are never
//   called apart; solids called meeting are within tau (2^-40 of the extent) of touching, or closer than the proof
//   resolves.
// The pair is taken in one canonical order (by type, then by numbers), so intersects(a, b) === intersects(b, a).
#pragma once
#include "collide3d/dispatch/solids.h"

namespace c3d {

bool meetsByGjk(EncodedShape a, EncodedShape b);

}  // namespace c3d
