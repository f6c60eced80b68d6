// closestPoints(triangle, triangle): a point of each closed triangle, as close as the two get, and their distance.
// Whether they meet is the exact triangle–triangle test (intersects_triangle_triangle.h), so the distance is 0
// exactly when intersects() is true. Then some edge of one triangle meets the other (the intersection is a convex
// set whose extreme points lie on an edge of one triangle or the other), and the first such edge's entry point, found
// by the exact segment–triangle span (raycast_triangle.h), is the common point.
// Otherwise the closest pair of the two convex sets has a point on an edge of one of them, so it is the least, over
// the six edges, of the edge's closest points to the other triangle. An edge against a triangle is closest at one of
// its ends against the triangle or against one of the triangle's edges (Ericson, Real-Time Collision Detection
// §5.1.10), so the candidates are the six vertices against the other triangle (closest_point.h) and the nine pairs of
// edges (Ericson §5.1.9, closest_cores.h): the decomposition of Larsen, Gottschalk, Lin & Manocha 1999 ("Fast
// proximity queries with swept sphere volumes", PQP's TriDist), every candidate counted once.
// Both triangles are first put in the canonical vertex order and the pair in the canonical order the exact test uses,
// so every vertex order and argument order gives the same numbers (swapped with the arguments).
#pragma once
#include "collide3d/queries/distance/closest_cores.h"
#include "collide3d/queries/distance/closest_points.h"
#include "collide3d/queries/intersects/intersects_triangle_triangle.h"

namespace c3d {

namespace triangle_triangle {

// A point of both triangles, which meet: the entry of the first edge (of t1, then t2) that meets the other triangle.
inline Vec3 commonPoint(const Triangle& t1, const Triangle& t2) {
  for (const auto& [edges, other] : {std::pair{t1, t2}, std::pair{t2, t1}}) {
    for (int i = 0; i < 3; ++i) {
      const Segment edge{vertex(edges, i), vertex(edges, (i + 1) % 3)};
      const Span span = segmentSpanIn(edge, other);
      if (!span.empty()) return pointOf(toCaster(edge), span.enter);
    }
  }
  return t1.a;  // unreachable: the exact test and the exact spans agree that they meet
}

// The closest pair of two disjoint triangles, in canonical order: the nearest candidate (the first on a tie).
inline ClosestPoints closestCanonical(const Triangle& t1, const Triangle& t2) {
  Vec3 bestA = t1.a, bestB = closestPointOn(t2, t1.a);
  double bestSquared = lengthSquared(bestB - bestA);
  auto consider = [&](Vec3 onA, Vec3 onB) {
    const double squared = lengthSquared(onB - onA);
    if (squared < bestSquared) bestA = onA, bestB = onB, bestSquared = squared;
  };
  for (int i = 0; i < 3; ++i) {
    if (i > 0) consider(vertex(t1, i), closestPointOn(t2, vertex(t1, i)));
    consider(closestPointOn(t1, vertex(t2, i)), vertex(t2, i));
  }
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      Vec3 onA, onB;
      closestOnSegments({vertex(t1, i), vertex(t1, (i + 1) % 3)}, {vertex(t2, j), vertex(t2, (j + 1) % 3)}, onA, onB);
      consider(onA, onB);
    }
  }
  return {bestA, bestB, apart(length(bestB - bestA))};
}

}  // namespace triangle_triangle

inline ClosestPoints closestPoints(const Triangle& t1, const Triangle& t2) {
  using namespace triangle_triangle;
  const Triangle c1 = canonical(t1), c2 = canonical(t2);
  const bool swapped = canonicallyLess(c2, c1);
  const Triangle& first = swapped ? c2 : c1;
  const Triangle& second = swapped ? c1 : c2;
  if (intersectsCanonical(first, second)) {
    const Vec3 common = commonPoint(first, second);
    return {common, common, 0};
  }
  const ClosestPoints found = closestCanonical(first, second);
  return swapped ? ClosestPoints{found.pointB, found.pointA, found.distance} : found;
}

}  // namespace c3d
