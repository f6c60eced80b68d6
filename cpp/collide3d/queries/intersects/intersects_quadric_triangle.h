// Cylinders and ellipsoids against a triangle. In the shape's own frame both ask whether a convex polygon, cut from
// the triangle, comes within a radius of the origin:
// - a cylinder with axis d from `start`: each point q (relative to start) is taken to its height h = d.q and its
//   offset from the axis scaled by d.d, (d.d) q - (d.q) d, which needs no square root (so answers on a dyadic grid do
//   not depend on the axes' order); the triangle is clipped to the slab between the caps, 0 <= h <= d.d, and the
//   cylinder meets it when the clipped polygon's offsets come within (d.d) radius of the axis;
// - an ellipsoid, in its frame and divided by its radii, is the unit ball; a zero radius flattens it into the plane
//   where that coordinate is 0, so the triangle is first clipped to that plane (a slab of width 0) and the coordinate
//   dropped.
// Clipping is Sutherland & Hodgman's (1974, "Reentrant polygon clipping"), one bound at a time; the polygon's point
// nearest the origin is Ericson's closest point on a triangle (§5.1.5) over a fan of the polygon. Frames and closest
// points are rounded: a pair touching to within rounding may be answered either way, as for the other rounded
// shapes (intersects_rounded.h).
#pragma once
#include <algorithm>
#include <array>

#include "collide3d/queries/distance/closest_point.h"

namespace c3d {

namespace quadric {

// A point and a level (the cylinder's height) carried along, linear in the triangle's points.
struct Vertex {
  Vec3 point;
  double level = 0;
};

// A triangle clipped by up to six half-spaces: clipping a convex polygon by one adds at most one vertex.
struct Polygon {
  std::array<Vertex, 9> vertices;
  int count = 0;
};

// Coordinate 0, 1, 2 of the point, or 3: the level.
inline double& coordinate(Vertex& v, int k) {
  return k == 0 ? v.point.x : k == 1 ? v.point.y : k == 2 ? v.point.z : v.level;
}

// Keeps the part where side * (coordinate k - bound) >= 0. A vertex made on the bound gets the bound itself as that
// coordinate, so a second clip against the same bound (a slab of width 0) keeps it.
inline Polygon keepSide(const Polygon& polygon, int k, double bound, double side) {
  Polygon kept;
  for (int i = 0; i < polygon.count; ++i) {
    Vertex a = polygon.vertices[i], b = polygon.vertices[(i + 1) % polygon.count];  // copies: coordinate() writes
    const double fa = side * (coordinate(a, k) - bound), fb = side * (coordinate(b, k) - bound);
    if (fa >= 0) kept.vertices[kept.count++] = a;
    if ((fa > 0 && fb < 0) || (fa < 0 && fb > 0)) {
      const double t = fa / (fa - fb);
      Vertex made{a.point + (b.point - a.point) * t, a.level + (b.level - a.level) * t};
      coordinate(made, k) = bound;
      kept.vertices[kept.count++] = made;
    }
  }
  return kept;
}

inline Polygon clipToSlab(const Polygon& polygon, int k, double lo, double hi) {
  return keepSide(keepSide(polygon, k, lo, 1), k, hi, -1);
}

// Whether the polygon's points come within `radius` of the origin, each coordinate divided by its `divisor`, or
// dropped where the divisor is 0.
inline bool reachesOrigin(const Polygon& polygon, Vec3 divisor, double radius) {
  const auto over = [](double x, double d) { return d > 0 ? x / d : 0; };
  std::array<Vec3, 9> scaled;
  for (int i = 0; i < polygon.count; ++i) {
    const Vec3 p = polygon.vertices[i].point;
    scaled[i] = {over(p.x, divisor.x), over(p.y, divisor.y), over(p.z, divisor.z)};
  }
  // A fan from the first vertex; one or two vertices make a triangle with repeated corners.
  const int last = polygon.count - 1;
  for (int i = 1; last >= 0 && (i == 1 || i < last); ++i) {
    const Triangle fan{scaled[0], scaled[std::min(i, last)], scaled[std::min(i + 1, last)]};
    if (lengthSquared(closestPointOn(fan, Vec3{0, 0, 0})) <= radius * radius) return true;
  }
  return false;
}

}  // namespace quadric

inline bool intersects(const Cylinder& c, const Triangle& t) {
  const Vec3 axis = (c.end - c.start) * rangeScale(c.end - c.start);  // d.d within double range
  const double dd = dot(axis, axis);
  const auto local = [&](Vec3 p) {
    const Vec3 q = p - c.start;
    const double h = dot(axis, q);
    return quadric::Vertex{q * dd - axis * h, h};
  };
  const quadric::Polygon triangle{{local(t.a), local(t.b), local(t.c)}, 3};
  return quadric::reachesOrigin(quadric::clipToSlab(triangle, 3, 0, dd), {1, 1, 1}, c.radius * dd);
}

inline bool intersects(const Ellipsoid& e, const Triangle& t) {
  const auto local = [&](Vec3 p) { return quadric::Vertex{transposeTimes(e.rotation, p - e.center)}; };
  quadric::Polygon polygon{{local(t.a), local(t.b), local(t.c)}, 3};
  for (int axis = 0; axis < 3; ++axis) {
    if (component(e.radii, axis) == 0) polygon = quadric::clipToSlab(polygon, axis, 0, 0);
  }
  return quadric::reachesOrigin(polygon, e.radii, 1);
}

}  // namespace c3d
