// Two closed triangles, decided by exact orientation predicates only (Devillers & Guigue 2002, "Faster
// Triangle-Triangle Intersection Tests", INRIA RR-4488), so touching at a vertex or along an edge is decided by
// exact signs, not by computed intersection points:
// 1. If all vertices of one triangle are strictly on one side of the other's plane: disjoint.
// 2. If all are on the plane: coplanar; decided in 2D (edge crossings or containment).
// 3. Otherwise each triangle is rotated so its first vertex is the apex — alone on its side of the other's plane
//    (or on it, with the other two strictly on one side) — and the other triangle's orientation flipped so that apex
//    lies on the positive side. Each triangle then meets the other's plane in a segment from its edge pq to its
//    edge pr, both on the planes' common line, and the segments overlap iff
//    orient3d(p1, q1, p2, q2) <= 0 and orient3d(p1, r1, r2, p2) <= 0.
// A zero-area triangle is the segment it covers (or a point), tested as a caster against the other; it has no plane,
// so it can only show up where step 2 would, and is looked for there.
// The signs are exact (predicates.h), so the answer is the exact one for the given doubles, in any vertex order and
// argument order. Both triangles are still put in a canonical vertex order and the pair in a canonical order, so
// that intersection() builds its set from the very same decisions.
#pragma once
#include <utility>

#include "collide3d/math/predicates.h"
#include "collide3d/queries/raycast/raycast_triangle.h"
#include "collide3d/shapes/triangle.h"

namespace c3d {

namespace triangle_triangle {

// The three vertices in an order that can be rotated and flipped, with their orientation signs against the
// other triangle's plane.
struct Ordered {
  Vec3 v[3];
  int side[3];
};

// Rotates t so that v[0] is the apex; returns whether the other triangle must be flipped to make the apex's side
// non-negative and the other two non-positive.
inline bool rotateToApex(Ordered& t) {
  int apex = -1;
  bool flip = false;
  for (int i = 0; i < 3 && apex < 0; ++i) {
    const int j = t.side[(i + 1) % 3], k = t.side[(i + 2) % 3];
    if (t.side[i] > 0 && j <= 0 && k <= 0) apex = i, flip = false;
    if (t.side[i] < 0 && j >= 0 && k >= 0) apex = i, flip = true;
  }
  for (int i = 0; i < 3 && apex < 0; ++i) {
    const int j = t.side[(i + 1) % 3], k = t.side[(i + 2) % 3];
    if (t.side[i] == 0 && j == k) apex = i, flip = j > 0;
  }
  const Ordered before = t;
  for (int i = 0; i < 3; ++i) {
    t.v[i] = before.v[(apex + i) % 3];
    t.side[i] = before.side[(apex + i) % 3];
  }
  return flip;
}

// Reverses the triangle's orientation (q and r swap), which negates the orientation of every point against its
// plane; its own vertices' sides against the other plane just move with them.
inline void reverse(Ordered& t) {
  std::swap(t.v[1], t.v[2]);
  std::swap(t.side[1], t.side[2]);
}

inline Ordered against(const Triangle& t, const Triangle& plane) {
  Ordered o{{t.a, t.b, t.c}, {}};
  for (int i = 0; i < 3; ++i) o.side[i] = orient3d(plane.a, plane.b, plane.c, o.v[i]);
  return o;
}

inline bool allOnThePlane(const Ordered& t) { return t.side[0] == 0 && t.side[1] == 0 && t.side[2] == 0; }

inline bool allStrictlyOneSide(const Ordered& t) {
  return (t.side[0] > 0 && t.side[1] > 0 && t.side[2] > 0) || (t.side[0] < 0 && t.side[1] < 0 && t.side[2] < 0);
}

// Closed 2D segments pq and rs meet (Cormen et al., Introduction to Algorithms §33.1).
inline bool segmentsMeet2d(Vec2 p, Vec2 q, Vec2 r, Vec2 s) {
  const int o1 = orient2d(p, q, r), o2 = orient2d(p, q, s);
  const int o3 = orient2d(r, s, p), o4 = orient2d(r, s, q);
  if (o1 * o2 > 0 || o3 * o4 > 0) return false;
  if (o1 != 0 || o2 != 0 || o3 != 0 || o4 != 0) return true;
  // Collinear: the segments overlap iff their extents overlap on both coordinates.
  auto overlap = [](double a0, double a1, double b0, double b1) {
    return std::min(a0, a1) <= std::max(b0, b1) && std::min(b0, b1) <= std::max(a0, a1);
  };
  return overlap(p.x, q.x, r.x, s.x) && overlap(p.y, q.y, r.y, s.y);
}

// p in the closed 2D triangle abc, of either orientation.
inline bool insideTriangle2d(Vec2 p, Vec2 a, Vec2 b, Vec2 c) {
  const int s0 = orient2d(a, b, p), s1 = orient2d(b, c, p), s2 = orient2d(c, a, p);
  return (s0 >= 0 && s1 >= 0 && s2 >= 0) || (s0 <= 0 && s1 <= 0 && s2 <= 0);
}

// Two non-degenerate triangles in one plane, compared in a coordinate plane onto which that plane projects
// one-to-one.
inline bool coplanarIntersect(const Triangle& t1, const Triangle& t2) {
  const int axis = projectionAxis(t1.a, t1.b, t1.c);
  const Vec2 a[3] = {dropAxis(t1.a, axis), dropAxis(t1.b, axis), dropAxis(t1.c, axis)};
  const Vec2 b[3] = {dropAxis(t2.a, axis), dropAxis(t2.b, axis), dropAxis(t2.c, axis)};
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      if (segmentsMeet2d(a[i], a[(i + 1) % 3], b[j], b[(j + 1) % 3])) return true;
    }
  }
  return insideTriangle2d(a[0], b[0], b[1], b[2]) || insideTriangle2d(b[0], a[0], a[1], a[2]);
}

constexpr bool lexicographicallyLess(Vec3 a, Vec3 b) {
  return a.x != b.x ? a.x < b.x : a.y != b.y ? a.y < b.y : a.z < b.z;
}

// The triangle's vertices sorted lexicographically (the winding may flip: the set is the same).
inline Triangle canonical(const Triangle& t) {
  Vec3 v[3] = {t.a, t.b, t.c};
  if (lexicographicallyLess(v[1], v[0])) std::swap(v[0], v[1]);
  if (lexicographicallyLess(v[2], v[1])) std::swap(v[1], v[2]);
  if (lexicographicallyLess(v[1], v[0])) std::swap(v[0], v[1]);
  return {v[0], v[1], v[2]};
}

inline bool canonicallyLess(const Triangle& s, const Triangle& t) {
  if (s.a != t.a) return lexicographicallyLess(s.a, t.a);
  if (s.b != t.b) return lexicographicallyLess(s.b, t.b);
  return lexicographicallyLess(s.c, t.c);
}

inline bool intersectsCanonical(const Triangle& t1, const Triangle& t2) {
  Ordered a = against(t1, t2);
  if (allStrictlyOneSide(a)) return false;
  Ordered b = against(t2, t1);
  if (allStrictlyOneSide(b)) return false;
  // A zero-area triangle has no plane: every point is "on" it. So only when one side sees all three on the plane
  // can a triangle be degenerate — then it is the segment it covers — or the two are coplanar.
  if (allOnThePlane(a) || allOnThePlane(b)) {
    if (degenerate(t1)) return raycast(toCaster(coveringSegment(t1)), t2, {}).has_value();
    if (degenerate(t2)) return raycast(toCaster(coveringSegment(t2)), t1, {}).has_value();
    return coplanarIntersect(t1, t2);
  }

  if (rotateToApex(a)) reverse(b);
  if (rotateToApex(b)) reverse(a);
  const Vec3 p1 = a.v[0], q1 = a.v[1], r1 = a.v[2], p2 = b.v[0], q2 = b.v[1], r2 = b.v[2];
  return orient3d(p1, q1, p2, q2) <= 0 && orient3d(p1, r1, r2, p2) <= 0;
}

}  // namespace triangle_triangle

inline bool intersects(const Triangle& t1, const Triangle& t2) {
  using namespace triangle_triangle;
  const Triangle c1 = canonical(t1), c2 = canonical(t2);
  return canonicallyLess(c2, c1) ? intersectsCanonical(c2, c1) : intersectsCanonical(c1, c2);
}

}  // namespace c3d
