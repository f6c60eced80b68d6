// closestPointOn(shape, p): the point of a closed convex shape nearest to p (p itself when p is inside).
// Ericson, Real-Time Collision Detection §5.1: plane §5.1.1, segment/line/ray §5.1.2, box §5.1.3 and §5.1.4,
// triangle §5.1.5 (Voronoi regions of the vertices, edges and face, with barycentric weights).
#pragma once
#include <cmath>

#include "collide3d/math/mat3.h"
#include "collide3d/shapes/shapes.h"

namespace c3d {

inline Vec3 closestPointOn(const Point& point, Vec3) { return point.position; }

// (n, d) scaled by a power of two is the same plane, computed without leaving double range.
inline Vec3 closestPointOn(const Plane& plane, Vec3 p) {
  const double scale = rangeScale(plane.normal);
  const Plane inRange{plane.normal * scale, plane.constant * scale};
  return p - inRange.normal * (scaledDistance(inRange, p) / dot(inRange.normal, inRange.normal));
}

inline Vec3 closestPointOn(const Sphere& s, Vec3 p) {
  const Vec3 offset = p - s.center;
  const double d2 = dot(offset, offset);
  if (d2 <= s.radius * s.radius) return p;
  return s.center + offset * (s.radius / std::sqrt(d2));
}

// The parameter in [lo, hi] of the point of origin + t*direction nearest to p (a zero direction gives lo clamped).
inline double closestParameter(Vec3 origin, Vec3 direction, double lo, double hi, Vec3 p) {
  const double scale = rangeScale(direction);
  const Vec3 d = direction * scale;
  const double dd = dot(d, d);
  const double t = dd > 0 ? dot(p - origin, d) / dd * scale : 0;
  return t < lo ? lo : t > hi ? hi : t;
}

inline Vec3 closestPointOn(const Segment& s, Vec3 p) {
  const double t = closestParameter(s.start, s.end - s.start, 0, 1, p);
  return t == 1 ? s.end : pointAt(s.start, s.end - s.start, t);
}
inline Vec3 closestPointOn(const Ray& r, Vec3 p) {
  return pointAt(r.origin, r.direction, closestParameter(r.origin, r.direction, 0, kInfinity, p));
}
inline Vec3 closestPointOn(const Line& l, Vec3 p) {
  return pointAt(l.origin, l.direction, closestParameter(l.origin, l.direction, -kInfinity, kInfinity, p));
}

inline Vec3 closestPointOn(const Aabb& box, Vec3 p) { return clampToBox(p, box.min, box.max); }
inline Vec3 closestPointOn(const Obb& box, Vec3 p) {
  const Vec3 local = transposeTimes(box.rotation, p - box.center);
  const Vec3 clamped = clampToBox(local, -box.halfSize, box.halfSize);
  if (clamped == local) return p;  // inside: p itself, not its rounded round trip through the box's frame
  return box.center + box.rotation * clamped;
}

// The nearest of three points to p.
inline Vec3 nearestOf(Vec3 p, Vec3 a, Vec3 b, Vec3 c) {
  const double da = lengthSquared(a - p), db = lengthSquared(b - p), dc = lengthSquared(c - p);
  return da <= db && da <= dc ? a : db <= dc ? b : c;
}

inline Vec3 closestPointOn(const Triangle& t, Vec3 p) {
  // A sliver whose normal is rounding noise (|n| below 1e-12 of its squared size) has no reliable face region:
  // it is as close as its nearest edge.
  const Vec3 n = faceNormal(t);
  const double size = std::fmax(lengthSquared(t.b - t.a), std::fmax(lengthSquared(t.c - t.b), lengthSquared(t.a - t.c)));
  if (lengthSquared(n) <= 1e-24 * size * size) {
    return nearestOf(p, closestPointOn(Segment{t.a, t.b}, p), closestPointOn(Segment{t.b, t.c}, p),
                     closestPointOn(Segment{t.c, t.a}, p));
  }
  const Vec3 ab = t.b - t.a, ac = t.c - t.a, ap = p - t.a;
  const double d1 = dot(ab, ap), d2 = dot(ac, ap);
  if (d1 <= 0 && d2 <= 0) return t.a;
  const Vec3 bp = p - t.b;
  const double d3 = dot(ab, bp), d4 = dot(ac, bp);
  if (d3 >= 0 && d4 <= d3) return t.b;
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return t.a + ab * (d1 / (d1 - d3));
  const Vec3 cp = p - t.c;
  const double d5 = dot(ab, cp), d6 = dot(ac, cp);
  if (d6 >= 0 && d5 <= d6) return t.c;
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return t.a + ac * (d2 / (d2 - d6));
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) return t.b + (t.c - t.b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)));
  const double sum = va + vb + vc;
  return t.a + ab * (vb / sum) + ac * (vc / sum);
}

}  // namespace c3d
