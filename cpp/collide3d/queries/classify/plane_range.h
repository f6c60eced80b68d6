// PlaneRange: the interval [lo, hi] of scaledDistance(plane, p) = n.p + d over all points p of a shape. Every
// plane-vs-shape decision is read off it: intersects when lo <= 0 <= hi, front when lo > 0, back when hi < 0.
// Polytopes take it from their extreme vertices (for boxes the nearest/farthest vertex, chosen per axis by the sign
// of n on that axis: Haines & Wallace 1994, "Shaft Culling"; Ericson §5.2.3); smooth shapes from their support
// distance along n (Ericson §5.2.2 for spheres; for an ellipsoid with axes R_i and radii r_i the support distance
// along n is sqrt(sum_i (r_i n.R_i)^2)).
#pragma once
#include <cmath>

#include "collide3d/shapes/shapes.h"

namespace c3d {

struct PlaneRange {
  double lo, hi;
};

inline PlaneRange spread(double center, double extent) { return {center - extent, center + extent}; }
inline PlaneRange rangeOf(std::initializer_list<double> values) {
  PlaneRange r{kInfinity, -kInfinity};
  for (double v : values) r.lo = std::fmin(r.lo, v), r.hi = std::fmax(r.hi, v);
  return r;
}

inline PlaneRange planeRange(const Plane& plane, const Point& p) {
  const double d = scaledDistance(plane, p.position);
  return {d, d};
}

inline PlaneRange planeRange(const Plane& plane, const Segment& s) {
  return rangeOf({scaledDistance(plane, s.start), scaledDistance(plane, s.end)});
}

// Unbounded casters: the origin's distance, extended to infinity on the side(s) the direction moves towards.
inline PlaneRange planeRange(const Plane& plane, const Ray& r) {
  const double d = scaledDistance(plane, r.origin), rate = dot(plane.normal, r.direction);
  return {rate < 0 ? -kInfinity : d, rate > 0 ? kInfinity : d};
}

inline PlaneRange planeRange(const Plane& plane, const Line& l) {
  const double d = scaledDistance(plane, l.origin);
  return dot(plane.normal, l.direction) != 0 ? PlaneRange{-kInfinity, kInfinity} : PlaneRange{d, d};
}

inline PlaneRange planeRange(const Plane& plane, const Triangle& t) {
  return rangeOf({scaledDistance(plane, t.a), scaledDistance(plane, t.b), scaledDistance(plane, t.c)});
}

inline PlaneRange planeRange(const Plane& plane, const Sphere& s) {
  return spread(scaledDistance(plane, s.center), s.radius * length(plane.normal));
}

inline PlaneRange planeRange(const Plane& plane, const Ellipsoid& e) {
  double sum = 0;
  for (int i = 0; i < 3; ++i) {
    const double along = component(e.radii, i) * dot(plane.normal, e.rotation.column(i));
    sum += along * along;
  }
  return spread(scaledDistance(plane, e.center), std::sqrt(sum));
}

inline PlaneRange planeRange(const Plane& plane, const Aabb& box) {
  double nearest[3], farthest[3];
  for (int axis = 0; axis < 3; ++axis) {
    const bool positive = component(plane.normal, axis) >= 0;
    nearest[axis] = component(positive ? box.min : box.max, axis);
    farthest[axis] = component(positive ? box.max : box.min, axis);
  }
  return {scaledDistance(plane, {nearest[0], nearest[1], nearest[2]}),
          scaledDistance(plane, {farthest[0], farthest[1], farthest[2]})};
}

inline PlaneRange planeRange(const Plane& plane, const Obb& box) {
  double extent = 0;
  for (int i = 0; i < 3; ++i) extent += std::fabs(dot(plane.normal, halfAxis(box, i)));
  return spread(scaledDistance(plane, box.center), extent);
}

// The caps are discs of radius r around the axis e; a disc's support distance along n is r |n x e| / |e|.
inline PlaneRange planeRange(const Plane& plane, const Cylinder& c) {
  const Vec3 e = c.end - c.start;
  const double disc = c.radius * length(cross(plane.normal, e)) / length(e);
  const PlaneRange axis = rangeOf({scaledDistance(plane, c.start), scaledDistance(plane, c.end)});
  return {axis.lo - disc, axis.hi + disc};
}

inline PlaneRange planeRange(const Plane& plane, const Capsule& c) {
  const double ball = c.radius * length(plane.normal);
  const PlaneRange axis = rangeOf({scaledDistance(plane, c.start), scaledDistance(plane, c.end)});
  return {axis.lo - ball, axis.hi + ball};
}

}  // namespace c3d
