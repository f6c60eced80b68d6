// The closest points of the cores of points, spheres, segments and capsules (each a point or a segment grown by a
// radius), computed so that their distance is accurate at every angle between two segments, and symmetric.
#pragma once
#include <cmath>

#include "collide3d/queries/distance/closest_point.h"

namespace c3d {

// A core shape grown by a radius: point/sphere have a point core, segment/capsule a segment core.
struct Rounded {
  Segment core;  // start == end for a point core
  double radius;
};
inline Rounded rounded(const Point& p) { return {{p.position, p.position}, 0}; }
inline Rounded rounded(const Sphere& s) { return {{s.center, s.center}, s.radius}; }
inline Rounded rounded(const Segment& s) { return {s, 0}; }
inline Rounded rounded(const Capsule& c) { return {{c.start, c.end}, c.radius}; }

// The closest points of segments s1 and s2 (either may be a point), Ericson §5.1.9: the point of s1 nearest to the
// line of s2, clamped to s1; its nearest point on s2; and when that is an end of s2, that end's nearest point on s1.
// The first comes from the cross-product form s = ((d2 × w)·n) / n·n, n = d1 × d2, w = p1 - p2 (Ericson's
// (b f - c e) / (a e - b^2), written with Lagrange's identity), whose error grows as 1 / sin θ of the angle between
// the segments instead of 1 / sin^2 θ; along nearly parallel segments the distance changes by sin θ per unit of s,
// so the pair's distance stays within a few ulps of the scene's size of the least at every angle.
inline void closestOnSegments(const Segment& s1, const Segment& s2, Vec3& c1, Vec3& c2) {
  const Vec3 d1 = s1.end - s1.start, d2 = s2.end - s2.start, w = s1.start - s2.start;
  Vec3 n = cross(d1, d2);
  double nn = dot(n, n), s = 0;  // parallel: any s will do; take 0
  if (nn > 1e-280 && nn < 1e280) {
    s = dot(cross(d2, w), n) / nn;
  } else if (!isZero(n)) {  // out of range: scaled by a power of two, which leaves s unchanged
    const double scale = rangeScale(abs(d1) + abs(d2) + abs(w));
    n = cross(d1 * scale, d2 * scale), nn = dot(n, n);
    s = dot(cross(d2 * scale, w * scale), n) / nn;
  }
  c1 = s > 0 && s < 1 ? pointAt(s1.start, d1, s) : s >= 1 ? s1.end : s1.start;
  const double t = closestParameter(s2.start, d2, 0, 1, c1);
  c2 = t == 1 ? s2.end : pointAt(s2.start, d2, t);
  if (t == 0 || t == 1) c1 = closestPointOn(s1, c2);
}

inline bool coreBefore(const Segment& a, const Segment& b) {
  const double ka[6] = {a.start.x, a.start.y, a.start.z, a.end.x, a.end.y, a.end.z};
  const double kb[6] = {b.start.x, b.start.y, b.start.z, b.end.x, b.end.y, b.end.z};
  for (int i = 0; i < 6; ++i) {
    if (ka[i] != kb[i]) return ka[i] < kb[i];
  }
  return false;
}

// The closest points pa (on a's core) and pb (on b's core), computed with the two cores in a canonical order, so that
// swapping a and b swaps the answers exactly: every query built on it is symmetric even where rounding decides.
inline void closestCores(const Rounded& a, const Rounded& b, Vec3& pa, Vec3& pb) {
  if (coreBefore(b.core, a.core)) {
    closestOnSegments(b.core, a.core, pb, pa);
  } else {
    closestOnSegments(a.core, b.core, pa, pb);
  }
}

}  // namespace c3d
