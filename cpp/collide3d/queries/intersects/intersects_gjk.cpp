// Generic intersects on convex cores (intersects_gjk.h).
#include "collide3d/queries/intersects/intersects_gjk.h"

#include <algorithm>

#include "collide3d/queries/distance/gjk.h"

namespace c3d {

namespace {

// Whether a comes after b in the canonical order.
bool after(EncodedShape a, EncodedShape b) {
  if (a.type != b.type) return a.type > b.type;
  const int n = encodedSize(a.type);
  return std::lexicographical_compare(b.numbers, b.numbers + n, a.numbers, a.numbers + n);
}

bool pointIn(Vec3 p, EncodedShape solid) {
  const auto point = encodedBuffer(Point{p});
  return *tableMeets({ShapeType::Point, point.data()}, solid);
}

// The solid against a box or hull, exactly: a face triangle it meets, or a point of it inside the polytope.
bool meetsFaces(EncodedShape solid, const ConvexCore& solidCore, EncodedShape polytope, const ConvexCore& faces) {
  if (pointIn(solidCore.corner[0], polytope)) return true;
  const IntersectsFn meetsTriangle = intersectsTable().at(solid.type, ShapeType::Triangle);
  return anyFaceTriangle(faces, [&](Vec3 p, Vec3 q, Vec3 r) {
    return meetsTriangle(solid.numbers, encodedBuffer(Triangle{p, q, r}).data());
  });
}

}  // namespace

bool meetsByGjk(EncodedShape a, EncodedShape b) {
  if (after(a, b)) std::swap(a, b);
  const CorePair pair = corePair(a, b);
  const GjkSeparation gap = gjkSeparation(pair.a, pair.b, pair.reach, pair.tau);
  if (gap.apart) return false;
  const bool facesA = hasFaces(pair.a), facesB = hasFaces(pair.b);
  if (!facesA && !facesB) return true;
  // Overlapping by more than tau, as GJK's nearest points show (within the radii) or its last simplex (the cores).
  const GjkResult& near = gap.near;
  if (gjkProvesOverlap(near, pair.reach, pair.tau)) return true;
  // The point between the nearest points, in proportion to the radii: a common point when the solids overlap.
  const double share = pair.reach > 0 ? pair.a.radius / pair.reach : 0.5;
  const Vec3 between = near.onA + (near.onB - near.onA) * share;
  if (pointIn(between, a) && pointIn(between, b)) return true;
  return facesB ? meetsFaces(a, pair.a, b, pair.b) : meetsFaces(b, pair.b, a, pair.a);
}

}  // namespace c3d
