// intersects() for the pairs of solids with no kernel of their own (dispatch/solids.h), on their convex cores:
// - GJK (gjk.h) first: cores it proves more than the radii's sum plus tau apart (solids.h) are apart. Its bounds are
//   rigorous to a few ulps of the extent, far below tau, so this never calls meeting solids apart.
// - A box (against a curved solid): solids GJK shows overlapping by more than tau meet (its nearest points closer
//   than the radii's sum less tau, or its last simplex enclosing the origin with tau to spare: the same rigorous
//   margin). Otherwise, near touching, it is decided exactly, as the solid meeting one of the box's faces (the exact
//   (solid, triangle) kernel on each face's two triangles) or lying inside the box (a point of it, by the exact
//   point test): a solid meeting the box either reaches its boundary or lies wholly inside it. A point that the
//   exact point tests place in both solids decides "meet" sooner: the point between GJK's nearest points.
// - Two curved solids (sphere, capsule, cylinder, cone, ellipsoid, where no pair kernel exists): meeting unless GJK
//   proves them apart. One-sided: solids that touch are never called apart; solids called meeting are within tau
//   (2^-40 of the extent) of touching, or closer than GJK's curved-surface convergence (about 1e-12 of the extent)
//   can tell.
// The pair is taken in one canonical order (by type, then by numbers), so intersects(a, b) === intersects(b, a).
#pragma once
#include "collide3d/dispatch/solids.h"

namespace c3d {

bool meetsByGjk(EncodedShape a, EncodedShape b);

}  // namespace c3d
