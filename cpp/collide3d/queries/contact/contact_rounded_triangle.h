// contact(triangle, sphere | capsule): how to push a ball or a capsule out of a triangle (for depenetration against
// a mesh). The normal points from the triangle towards the shape; whether there is a contact at all is intersects'
// exact decision (intersects_rounded_triangle.h). A ball and a capsule are a core (a point, a segment) grown by the
// radius r, and the push depends on whether the core itself reaches the triangle:
// - It does not (its distance d to the triangle is > 0): the closest pair of core and triangle (Ericson §5.1.5,
//   §5.1.10) gives the normal, from the triangle's point to the core's, and depth = r - d. This is the least
//   translation that separates them: the distance between a convex set and a core grown by r shrinks by exactly the
//   translation's component along the closest pair, so nothing shorter brings d up to r.
// - It does (the ball's centre lies on the triangle, the capsule's segment touches or crosses it), or the core is
//   so close that the closest pair's direction is rounding noise (d within 1e-12 of the sizes involved): the normal
//   is the triangle's face normal on the side of the shape's centre (the ball's centre, the capsule's midpoint),
//   decided exactly; a centre exactly in the triangle's plane takes the front face's side, (b - a) x (c - a). The
//   depth is how far the shape must move along that normal until it only touches: the largest s with
//   dist(core + s n, triangle) <= r. That distance is a convex function of s (the distance between convex sets
//   under a translation), so Newton's method started where every point of the core is at least r above the plane
//   decreases monotonically onto it (each tangent lies below the function) and lands exactly on pieces where it is
//   linear (the core's end over the face, its line against an edge's line); 64 steps bound the rest. For a ball
//   this is r less its height, the least translation too; for a capsule that crosses the triangle it can be longer
//   than the least translation (which may leave sideways past an edge), but it is the one that lifts the capsule
//   off the surface the triangle belongs to.
// A triangle without area is the segment it covers: the pair of rounded shapes (contact.h) answers.
// Accuracy: points and normals are rounded constructions. The depth r - d is within a few ulps of the sizes
// involved (d as closest_points.h computes it); the push along the face normal stops where the rounded distance of
// the moved core reaches r, to a few ulps of the sizes as well.
#pragma once
#include <algorithm>
#include <cmath>
#include <optional>

#include "collide3d/queries/contact/contact.h"
#include "collide3d/queries/distance/closest_points.h"

namespace c3d {

namespace rounded_triangle {

// The closest points of a core (a point, a segment) and a triangle that it does not meet (out of line: the push
// below calls it in a loop).
[[gnu::noinline]] inline void closestPair(const Segment& core, const Triangle& t, Vec3& onCore, Vec3& onTriangle) {
  if (core.start == core.end) {
    onCore = core.start, onTriangle = closestPointOn(t, core.start);
  } else {
    closestOnSegmentAndTriangle(core, t, onCore, onTriangle);
  }
}

// The unit face normal of a triangle with area, on the side of the core's midpoint (exact: the sign of the sum of
// the signed volumes of its ends), the front face's when the midpoint lies in the plane.
inline Vec3 faceNormalTowards(const Triangle& t, const Segment& core) {
  const int side = exact::filteredSign(
      [](const auto& a, const auto& b, const auto& c, const auto& p, const auto& q) {
        return kSignedVolume(a, b, c, p) + kSignedVolume(a, b, c, q);
      },
      t.a, t.b, t.c, core.start, core.end);
  const Vec3 n = unitFaceNormal(t);
  return side < 0 ? -n : n;
}

// The push along the unit normal n that leaves core + push * n at distance r from the triangle (see above), and the
// triangle's point it then touches.
inline double pushAlong(Vec3 n, const Segment& core, double r, const Triangle& t, Vec3& touched) {
  const double lowest = std::fmin(dot(n, core.start - t.a), dot(n, core.end - t.a));
  double push = std::fmax(r - lowest, 0.0);  // every point of the core is then at least r above the plane
  for (int step = 0; step < 64; ++step) {
    Vec3 onCore;
    closestPair(Segment{core.start + n * push, core.end + n * push}, t, onCore, touched);
    const Vec3 gap = onCore - touched;
    const double d = length(gap);
    if (!(d > r)) break;
    const double slope = dot(n, gap) / d;  // the distance's derivative in the push: > 0 beyond the answer
    if (!(slope > 0)) break;
    const double next = std::fmax(push - (d - r) / slope, 0.0);
    if (!(next < push)) break;  // no progress left in doubles
    push = next;
  }
  return push;
}

// The contact of a triangle with area and a rounded shape that intersects() says meet; `coreMeets`: whether the
// core itself meets the triangle (exactly).
inline Contact contactTriangleRounded(const Triangle& t, const Rounded& shape, bool coreMeets) {
  const Segment& core = shape.core;
  const double r = shape.radius;
  if (!coreMeets) {
    Vec3 onCore, onTriangle;
    closestPair(core, t, onCore, onTriangle);
    const Vec3 gap = onCore - onTriangle;
    const double d = length(gap);
    const double size = std::fmax(std::fmax(length(onCore), length(onTriangle)),
                                  std::fmax(length(t.b - t.a), length(t.c - t.a)));
    if (d > 1e-12 * size) {
      const Vec3 normal = unitDirection(gap);
      const double depth = std::fmax(r - d, 0.0);  // a touch rounded to a gap is a touch
      return Contact{normal, depth, onTriangle, onTriangle - normal * depth};
    }
  }
  const Vec3 normal = faceNormalTowards(t, core);
  Vec3 touched;
  const double depth = pushAlong(normal, core, r, t, touched);
  return Contact{normal, depth, touched, touched - normal * depth};
}

}  // namespace rounded_triangle

// A triangle without area is the segment it covers (the union of its edges, which intersects tests): the pair of
// rounded shapes answers, meeting exactly when intersects says. Out of line, as the kernels below: the contact table
// calls each from both argument orders.
[[gnu::noinline]] inline std::optional<Contact> contact(const Triangle& t, const Sphere& s) {
  if (!ballMeetsTriangle(s.center, s.radius, t)) return std::nullopt;
  if (degenerate(t)) return contactRounded(Rounded{coveringSegment(t), 0}, rounded(s));
  return rounded_triangle::contactTriangleRounded(t, rounded(s), ballMeetsTriangle(s.center, 0, t));
}

[[gnu::noinline]] inline std::optional<Contact> contact(const Triangle& t, const Capsule& c) {
  if (!intersects(c, t)) return std::nullopt;
  if (degenerate(t)) return contactRounded(Rounded{coveringSegment(t), 0}, rounded(c));
  return rounded_triangle::contactTriangleRounded(t, rounded(c), intersectsByCast(Segment{c.start, c.end}, t));
}

}  // namespace c3d
