// closestPoints(a, b): a point of each shape, as close as the two shapes get, and their distance (0, with one
// common point for both, when the shapes meet).
// Balls and capsules are a core (a point, a segment) grown by a radius, so every pair involving them is the pair of
// cores moved apart by the radii (Ericson §5.1; the distance between convex shapes shrinks by exactly the radius
// when one is grown by a ball). The cores' closest points come from closest_point.h, from the closest points of two
// segments (Ericson §5.1.9), of a segment and a triangle (§5.1.10), and, for two boxes, from the per-axis gaps.
// Whether the shapes meet is intersects' exact decision, so distance() is 0 exactly when intersects() is true.
#pragma once
#include <cmath>
#include <limits>

#include "collide3d/queries/distance/closest_point.h"
#include "collide3d/queries/intersects/intersects_plane_shape.h"
#include "collide3d/queries/intersects/intersects_rounded.h"
#include "collide3d/queries/intersects/intersects_rounded_triangle.h"
#include "collide3d/queries/intersects/intersects_sphere_box.h"
#include "collide3d/queries/intersects/intersects_sphere_sphere.h"
#include "collide3d/queries/raycast/raycast_sphere.h"
#include "collide3d/queries/raycast/raycast_triangle.h"
#include "collide3d/queries/results.h"

namespace c3d {

// A separation that rounding brought to 0 or below, although the shapes were found apart, is reported as the
// smallest positive distance; NaN (inputs beyond the supported range) stays visible.
inline double apart(double gap) { return gap <= 0 ? std::numeric_limits<double>::denorm_min() : gap; }

// Moves the closest points pa (on a's core) and pb (on b's core) out by the radii, given whether the shapes meet as
// intersects decides it; a gap too small to survive the square root is reported as the smallest positive distance,
// so distance() is 0 exactly when intersects() is true.
inline ClosestPoints grow(Vec3 pa, Vec3 pb, double ra, double rb, bool meet) {
  const Vec3 gap = pb - pa;
  const double reach = ra + rb;
  if (meet) {
    // Overlapping or touching: the point that splits pa-pb in the ratio of the radii is within ra of pa and within
    // rb of pb, so it lies in both shapes.
    const Vec3 common = reach > 0 ? pa + gap * (ra / reach) : pa;
    return {common, common, 0};
  }
  const double d = length(gap);
  const Vec3 unit = d > 0 ? gap * (1 / d) : Vec3{0, 0, 0};  // apart, yet closest points rounded onto each other
  return {pa + unit * ra, pb - unit * rb, apart(d - reach)};
}

// The same, the balls around pa and pb deciding whether the shapes meet.
inline ClosestPoints grow(Vec3 pa, Vec3 pb, double ra, double rb) {
  return grow(pa, pb, ra, rb, ballsMeet(pa, ra, pb, rb));
}

// Two rounded shapes (point, sphere, segment, capsule in any combination).
inline ClosestPoints closestPointsRounded(const Rounded& a, const Rounded& b) {
  Vec3 pa, pb;
  closestCores(a, b, pa, pb);
  return grow(pa, pb, a.radius, b.radius, coresWithin(a, b, pa, pb));
}

// A point-cored shape (point, sphere) against any shape with closestPointOn.
template <class Target>
ClosestPoints closestPointsFromCenter(Vec3 center, double radius, const Target& target) {
  return grow(center, closestPointOn(target, center), radius, 0);
}

// A point or a sphere against a triangle, meeting exactly when intersects(sphere, triangle) says so.
inline ClosestPoints closestPointsFromCenter(Vec3 center, double radius, const Triangle& t) {
  return grow(center, closestPointOn(t, center), radius, 0, ballMeetsTriangle(center, radius, t));
}

// A point or a sphere against a plane, meeting exactly when intersects(plane, sphere) says so.
inline ClosestPoints closestPointsFromCenter(Vec3 center, double radius, const Plane& plane) {
  const double s = scaledDistance(plane, center), normalLength = length(plane.normal);
  const Vec3 foot = closestPointOn(plane, center);
  if (intersects(plane, Sphere{center, radius})) return {foot, foot, 0};
  const Vec3 towardPlane = plane.normal * ((s > 0 ? -radius : radius) / normalLength);
  return {center + towardPlane, foot, apart(std::fabs(s) / normalLength - radius)};
}

// Two axis-aligned boxes: on each axis the gap between the intervals, or a shared coordinate when they overlap.
inline ClosestPoints closestPoints(const Aabb& a, const Aabb& b) {
  double pa[3], pb[3], squared = 0;
  for (int axis = 0; axis < 3; ++axis) {
    const double aLo = component(a.min, axis), aHi = component(a.max, axis);
    const double bLo = component(b.min, axis), bHi = component(b.max, axis);
    if (aHi < bLo) {
      pa[axis] = aHi, pb[axis] = bLo;
    } else if (bHi < aLo) {
      pa[axis] = aLo, pb[axis] = bHi;
    } else {
      pa[axis] = pb[axis] = std::fmax(aLo, bLo);  // the low end of the overlap, in both
    }
    squared += (pb[axis] - pa[axis]) * (pb[axis] - pa[axis]);
  }
  return {{pa[0], pa[1], pa[2]}, {pb[0], pb[1], pb[2]}, std::sqrt(squared)};
}

// A segment (or capsule) against a plane: 0 where it crosses; otherwise from the end nearest the plane, meeting it
// exactly when intersects(plane, capsule) says so.
inline ClosestPoints closestPoints(const Segment& s, double radius, const Plane& plane) {
  const double d0 = plane_side::signedDistance(plane, s.start), d1 = plane_side::signedDistance(plane, s.end);
  if ((d0 <= 0 && d1 >= 0) || (d0 >= 0 && d1 <= 0)) {
    const Vec3 on = d0 == 0 ? s.start : d1 == 0 ? s.end : crossingPoint(s.start, s.end, d0, d1);
    return {on, on, 0};
  }
  const bool startNearer = std::fabs(d0) <= std::fabs(d1);
  const Vec3 nearest = startNearer ? s.start : s.end;
  const double scaled = std::fabs(startNearer ? d0 : d1), normalLength = length(plane.normal);
  const Vec3 foot = closestPointOn(plane, nearest);
  if (intersects(plane, Capsule{s.start, s.end, radius})) return {foot, foot, 0};
  const Vec3 towardPlane = unitDirection(foot - nearest) * radius;
  return {nearest + towardPlane, foot, apart(scaled / normalLength - radius)};
}

// A point or a sphere against a ray, line or segment, meeting exactly when raycast (so intersects) finds a hit.
template <class CasterShape>
ClosestPoints closestPointsBallCaster(Vec3 center, double radius, const CasterShape& shape) {
  if (const auto hit = raycast(toCaster(shape), Sphere{center, radius}, {})) return {hit->point, hit->point, 0};
  const Vec3 onCaster = closestPointOn(shape, center);
  const Vec3 gap = onCaster - center;
  const double d = length(gap);
  return {d > 0 ? center + unitDirection(gap) * radius : center, onCaster, apart(d - radius)};
}

// A point or a sphere against an oriented box: meeting exactly when intersects(sphere, obb) says so (ballInBox);
// the points and the gap measured in the box's frame.
inline ClosestPoints closestPointsFromCenter(Vec3 center, double radius, const Obb& box) {
  const BallInBox place = ballInBox(center, radius, box);
  if (place.centreInside) return {center, center, 0};
  const Vec3 local = transposeTimes(box.rotation, center - box.center);
  const Vec3 clamped = clampToBox(local, -box.halfSize, box.halfSize);
  const Vec3 onBox = box.center + box.rotation * clamped;
  if (place.meets) return {onBox, onBox, 0};
  const Vec3 gapLocal = clamped - local;
  const Vec3 toward = isZero(gapLocal) ? Vec3{0, 0, 0} : box.rotation * unitDirection(gapLocal);
  return {center + toward * radius, onBox, apart(length(gapLocal) - radius)};
}

// The closest points of a segment and a triangle that do not cross (Ericson §5.1.10): the pair lies at one of the
// segment's ends against the triangle, or on the segment against one of the triangle's edges, so the nearest of
// those five candidates.
inline void closestOnSegmentAndTriangle(const Segment& s, const Triangle& t, Vec3& bestOnSegment, Vec3& bestOnTriangle) {
  bestOnSegment = s.start, bestOnTriangle = closestPointOn(t, s.start);
  auto consider = [&](Vec3 onSegment, Vec3 onTriangle) {
    if (lengthSquared(onTriangle - onSegment) < lengthSquared(bestOnTriangle - bestOnSegment)) {
      bestOnSegment = onSegment, bestOnTriangle = onTriangle;
    }
  };
  consider(s.end, closestPointOn(t, s.end));
  for (int i = 0; i < 3; ++i) {
    Vec3 onSegment, onEdge;
    closestOnSegments(s, Segment{vertex(t, i), vertex(t, (i + 1) % 3)}, onSegment, onEdge);
    consider(onSegment, onEdge);
  }
}

// A segment (or capsule) against a triangle: where the segment meets the triangle, that point; otherwise the pair
// above.
inline ClosestPoints closestPoints(const Segment& s, double radius, const Triangle& t) {
  const Span span = segmentSpanIn(s, t);
  if (!span.empty()) {
    const Vec3 on = pointOf(toCaster(s), span.enter);
    return {on, on, 0};
  }
  Vec3 bestOnSegment, bestOnTriangle;
  closestOnSegmentAndTriangle(s, t, bestOnSegment, bestOnTriangle);
  if (radius == 0) {  // a bare segment meets the triangle only where raycast (so intersects) says it does
    return {bestOnSegment, bestOnTriangle, apart(length(bestOnTriangle - bestOnSegment))};
  }
  return grow(bestOnSegment, bestOnTriangle, radius, 0, intersects(Capsule{s.start, s.end, radius}, t));
}

}  // namespace c3d
