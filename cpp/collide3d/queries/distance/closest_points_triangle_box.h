// closestPoints(triangle, box) for an axis-aligned or oriented box.
// Whether they meet is intersects' exact decision (the 13-axis test, intersects_triangle_box.h), so the distance is
// 0 exactly when intersects is true. Then the common point is the mean of the corners of their intersection, a
// convex polygon: the triangle clipped by the box's faces (should rounding leave nothing of a touch, the closest
// pair below, a rounding gap apart, gives its midpoint).
// Apart, the closest pair of two convex polytopes is reached at a vertex of one against the other or between two
// edges (Ericson §5.1: the pair can slide along any face it lies in until it reaches a vertex or an edge), so it is
// the nearest of the box's 8 corners against the triangle (§5.1.5), the triangle's 3 vertices against the box
// (§5.1.3, §5.1.4) and the 36 pairs of a box edge and a triangle edge (§5.1.9). Most of those cannot hold it, by
// where the pair's points must lie (the Voronoi regions, §5.1): a corner (an edge) of the box only when the
// triangle's point lies beyond the planes of its three (two) faces, so some vertex of the triangle does; a triangle
// edge's interior only when the box's point lies beyond the edge's line in the triangle's plane, so some corner of
// the box does. Those tests take a slack of 2^-16 of the sizes involved (more than rounding, and than a rotation
// orthonormal only to 1e-6, can move a projection), so they only ever keep too many. An oriented box's corners are
// rounded (centre + rotation * (±half size)), so its distance is within a few ulps of the sizes involved, as the
// others are.
#pragma once
#include <algorithm>
#include <cmath>
#include <optional>

#include "collide3d/queries/distance/closest_cores.h"
#include "collide3d/queries/distance/closest_points.h"
#include "collide3d/queries/intersects/intersects_triangle_box.h"

namespace c3d {

namespace triangle_box {

// A box as the rounded computations take it, for both kinds: its centre, half sizes and axes (an OBB's rotation's
// columns as given, an AABB's x, y, z) and its corners (corner k has the high end on axis i when bit i of k is set;
// an AABB's are its bounds exactly).
struct Box {
  Vec3 centre, half, axis[3], corner[8];
  bool aligned;  // an AABB: a point is clamped to its bounds, exactly

  Box moved(Vec3 by) const {
    Box b = *this;
    b.centre = centre + by;
    for (Vec3& c : b.corner) c = c + by;
    return b;
  }
  Vec3 closestPoint(Vec3 p) const {  // as closestPointOn does for an AABB or OBB (Ericson §5.1.3, §5.1.4)
    if (aligned) return clampToBox(p, corner[0], corner[7]);
    const Vec3 d = p - centre;
    Vec3 q = centre;
    bool inside = true;
    for (int j = 0; j < 3; ++j) {
      const double s = dot(axis[j], d), h = component(half, j), clamped = s < -h ? -h : s > h ? h : s;
      inside = inside && clamped == s;
      q = q + axis[j] * clamped;
    }
    return inside ? p : q;
  }
};

inline Box boxOf(const Aabb& box) {
  Box b{(box.min + box.max) * 0.5, (box.max - box.min) * 0.5, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, {}, true};
  for (int k = 0; k < 8; ++k) {
    b.corner[k] = {k & 1 ? box.max.x : box.min.x, k & 2 ? box.max.y : box.min.y, k & 4 ? box.max.z : box.min.z};
  }
  return b;
}

inline Box boxOf(const Obb& box) {
  const Mat3& r = box.rotation;
  Box b{box.center, box.halfSize, {r.column(0), r.column(1), r.column(2)}, {}, false};
  for (int k = 0; k < 8; ++k) {
    const Vec3 local{k & 1 ? box.halfSize.x : -box.halfSize.x, k & 2 ? box.halfSize.y : -box.halfSize.y,
                     k & 4 ? box.halfSize.z : -box.halfSize.z};
    b.corner[k] = box.center + r * local;
  }
  return b;
}

// For each face of the box (axis j, side 0 low or 1 high), whether a vertex of the triangle lies beyond its plane,
// give or take the slack.
struct FacesSeen {
  bool beyond[3][2];
  // Corner k lies on face (j, bit j of k) for each j; the edge from corner k along axis i on those with j != i.
  bool corner(int k) const { return beyond[0][k & 1] && beyond[1][(k >> 1) & 1] && beyond[2][(k >> 2) & 1]; }
  bool edge(int k, int axis) const {
    return (axis == 0 || beyond[0][k & 1]) && (axis == 1 || beyond[1][(k >> 1) & 1]) &&
           (axis == 2 || beyond[2][(k >> 2) & 1]);
  }
};

inline FacesSeen facesSeen(const Triangle& t, const Box& box) {
  const Vec3 v[3] = {t.a - box.centre, t.b - box.centre, t.c - box.centre};
  double size = std::fmax(box.half.x, std::fmax(box.half.y, box.half.z));
  double lo[3], hi[3];
  for (int j = 0; j < 3; ++j) {
    const double p0 = dot(box.axis[j], v[0]), p1 = dot(box.axis[j], v[1]), p2 = dot(box.axis[j], v[2]);
    lo[j] = std::fmin(p0, std::fmin(p1, p2)), hi[j] = std::fmax(p0, std::fmax(p1, p2));
    size = std::fmax(size, std::fmax(-lo[j], hi[j]));
  }
  const double slack = 0x1p-16 * size;
  FacesSeen seen;
  for (int j = 0; j < 3; ++j) {
    const double h = component(box.half, j);
    seen.beyond[j][0] = lo[j] < slack - h, seen.beyond[j][1] = hi[j] > h - slack;
  }
  return seen;
}

// Whether the interior of the triangle's edge from vertex i can hold a closest point: some corner of the box lies
// beyond the edge's line in the triangle's plane (always, for a triangle without area: n = 0). n: the unit normal of
// the front face, around which the vertices turn counter-clockwise, so (edge x n) points out of the triangle.
inline bool edgeSeen(const Triangle& t, Vec3 n, const Box& box, int i) {
  if (isZero(n)) return true;
  const Vec3 from = vertex(t, i), out = cross(vertex(t, (i + 1) % 3) - from, n);
  double most = -kInfinity, size = 0;
  for (const Vec3& corner : box.corner) {
    const Vec3 d = corner - from;
    most = std::fmax(most, dot(out, d));
    size = std::fmax(size, std::fabs(d.x) + std::fabs(d.y) + std::fabs(d.z));
  }
  return most > -0x1p-16 * size * (std::fabs(out.x) + std::fabs(out.y) + std::fabs(out.z));
}

// The closest pair of a triangle and a box that do not meet (the candidates above). Out of line: one copy serves
// both kinds of box and every caller.
[[gnu::noinline]] inline void closestPair(const Triangle& t, const Box& box, Vec3& onTriangle, Vec3& onBox) {
  const FacesSeen seen = facesSeen(t, box);
  const Vec3 n = degenerate(t) ? Vec3{0, 0, 0} : unitFaceNormal(t);  // the front face's
  const bool edges[3] = {edgeSeen(t, n, box, 0), edgeSeen(t, n, box, 1), edgeSeen(t, n, box, 2)};
  double best = kInfinity;
  const auto consider = [&](Vec3 p, Vec3 q) {
    const double squared = lengthSquared(q - p);
    if (squared < best) best = squared, onTriangle = p, onBox = q;
  };
  for (int i = 0; i < 3; ++i) consider(vertex(t, i), box.closestPoint(vertex(t, i)));
  for (int k = 0; k < 8; ++k) {
    if (seen.corner(k)) consider(closestPointOn(t, box.corner[k]), box.corner[k]);
    for (int axis = 0; axis < 3; ++axis) {
      if ((k >> axis) & 1 || !seen.edge(k, axis)) continue;
      const Segment boxEdge{box.corner[k], box.corner[k | 1 << axis]};
      for (int i = 0; i < 3; ++i) {
        if (!edges[i]) continue;
        Vec3 onEdge, onBoxEdge;
        closestOnSegments(Segment{vertex(t, i), vertex(t, (i + 1) % 3)}, boxEdge, onEdge, onBoxEdge);
        consider(onEdge, onBoxEdge);
      }
    }
  }
}

// A point of both, for a triangle and a box that meet: the mean of the corners of their intersection, the triangle
// clipped by the box's six faces in the box's frame (Sutherland & Hodgman 1974); nullopt when rounding left nothing.
inline std::optional<Vec3> commonPoint(const Triangle& t, const Box& box) {
  Vec3 polygon[9], clipped[9];  // each of the six cuts adds at most one corner to the three
  int count = 3;
  for (int i = 0; i < 3; ++i) {
    const Vec3 d = vertex(t, i) - box.centre;
    polygon[i] = {dot(box.axis[0], d), dot(box.axis[1], d), dot(box.axis[2], d)};
  }
  for (int face = 0; face < 6 && count > 0; ++face) {
    const int j = face / 2;
    const double side = face % 2 ? 1 : -1, h = component(box.half, j);
    int kept = 0;
    for (int k = 0; k < count; ++k) {
      const Vec3 p = polygon[k], q = polygon[(k + 1) % count];
      const double fp = side * component(p, j) - h, fq = side * component(q, j) - h;  // <= 0: inside the face
      if (fp <= 0) clipped[kept++] = p;
      if ((fp < 0 && fq > 0) || (fp > 0 && fq < 0)) clipped[kept++] = p + (q - p) * (fp / (fp - fq));
    }
    std::copy_n(clipped, kept, polygon);
    count = kept;
  }
  if (count == 0) return std::nullopt;
  Vec3 sum{0, 0, 0};
  for (int k = 0; k < count; ++k) sum = sum + polygon[k];
  const Vec3 mean = sum * (1.0 / count);
  return box.centre + box.axis[0] * mean.x + box.axis[1] * mean.y + box.axis[2] * mean.z;
}

// The closest points of a triangle and a box, given whether they meet (out of line: one copy for both kinds).
[[gnu::noinline]] inline ClosestPoints closestPointsTriangleBox(const Triangle& t, const Box& box, bool meet) {
  if (meet) {
    if (const auto common = commonPoint(t, box)) return {*common, *common, 0};
  }
  Vec3 onTriangle, onBox;
  closestPair(t, box, onTriangle, onBox);
  if (meet) {
    const Vec3 middle = onTriangle + (onBox - onTriangle) * 0.5;
    return {middle, middle, 0};
  }
  return {onTriangle, onBox, apart(length(onBox - onTriangle))};
}

}  // namespace triangle_box

inline ClosestPoints closestPoints(const Triangle& t, const Aabb& box) {
  return triangle_box::closestPointsTriangleBox(t, triangle_box::boxOf(box), intersects(t, box));
}
inline ClosestPoints closestPoints(const Triangle& t, const Obb& box) {
  return triangle_box::closestPointsTriangleBox(t, triangle_box::boxOf(box), intersects(t, box));
}

}  // namespace c3d
