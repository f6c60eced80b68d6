// closestPointOn(shape, p): the point of a closed convex shape nearest to p (p itself when p is inside).
// Ericson, Real-Time Collision Detection §5.1: plane §5.1.1, segment/line/ray §5.1.2, box §5.1.3 and §5.1.4,
// triangle §5.1.5 (the face region, else the edges).
#pragma once
#include <cmath>

#include "collide3d/math/mat3.h"
#include "collide3d/queries/intersects/rounded_predicates.h"
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

// Ericson §5.1.5's regions, decided by exact signs: when p projects into the closed triangle (kBallFace's three
// edge functions, each n·n times the barycentric weight of the opposite corner, all >= 0), its foot on the plane;
// otherwise the nearest point lies on an edge that p's projection is beyond (the outward normals at a nearest
// point point towards p), or on any edge of a triangle without area. The foot is the corners weighted by those
// functions, so it lies in the triangle whatever the rounding. Computed with the rounded normal n, a weight is off
// by about u |edge|^2 / |n| (the triangle's length over its width) times |p - a| / |edge| (how far p is from the
// triangle, which multiplies the products that cancel): a triangle thinner than 2^-13 of its length (a needle or a
// sliver), or a point more than 2^26 lengths away (where the weights could lose half their digits), takes the
// functions exactly instead.
inline Vec3 closestPointOn(const Triangle& t, Vec3 p) {
  const auto [onAb, onBc, onCa, height, area] = exact::filteredValues(kBallFace, p, 0.0, t.a, t.b, t.c);
  if (!(area > 0 && onAb >= 0 && onBc >= 0 && onCa >= 0)) {
    const bool flat = !(area > 0);
    Vec3 best = t.a;
    double bestSquared = kInfinity;
    const auto consider = [&](double edge, Vec3 from, Vec3 to) {
      if (!flat && edge >= 0) return;
      const Vec3 q = closestPointOn(Segment{from, to}, p);
      const double squared = lengthSquared(q - p);
      if (squared < bestSquared) best = q, bestSquared = squared;
    };
    consider(onAb, t.a, t.b), consider(onBc, t.b, t.c), consider(onCa, t.c, t.a);
    return best;
  }
  const Vec3 n = cross(t.b - t.a, t.c - t.a);
  const double size =
      std::fmax(lengthSquared(t.b - t.a), std::fmax(lengthSquared(t.c - t.b), lengthSquared(t.a - t.c)));
  double wa = dot(cross(t.c - t.b, p - t.b), n), wb = dot(cross(t.a - t.c, p - t.c), n);
  double wc = dot(cross(t.b - t.a, p - t.a), n);
  if (area < 0x1p-26 * size * size || lengthSquared(p - t.a) > 0x1p52 * size) {
    const auto exact = exact::exactValues(kBallFace, p, 0.0, t.a, t.b, t.c);
    wc = exact[0], wa = exact[1], wb = exact[2];
  }
  // Each weight's sign is known exactly: one rounded below 0 is 0.
  wa = std::fmax(wa, 0.0), wb = std::fmax(wb, 0.0), wc = std::fmax(wc, 0.0);
  const double sum = wa + wb + wc;
  return t.a * (wa / sum) + t.b * (wb / sum) + t.c * (wc / sum);
}

}  // namespace c3d
