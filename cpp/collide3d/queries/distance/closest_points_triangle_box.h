// closestPoints(triangle, box) for an axis-aligned or oriented box.
// Whether they meet is intersects' exact decision (the 13-axis test, intersects_triangle_box.h), so the distance is
// 0 exactly when intersects is true. Then the common point is where their intersection, a convex polygon, has a
// corner: a vertex of the triangle inside the box, a triangle edge entering the box, or a box edge crossing the
// triangle (the exact segment casts find them; should rounding of an oriented box's edges lose the only one, the
// closest pair below, a rounding gap apart, gives its midpoint).
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
#include <cmath>
#include <optional>

#include "collide3d/queries/distance/closest_cores.h"
#include "collide3d/queries/distance/closest_points.h"
#include "collide3d/queries/intersects/intersects_caster_shape.h"
#include "collide3d/queries/intersects/intersects_triangle_box.h"

namespace c3d {

namespace triangle_box {

// Corner k of a box has the high end on axis i when bit i of k is set.
struct Corners {
  Vec3 at[8];
};

inline Corners cornersOf(const Aabb& box) {
  Corners c;
  for (int k = 0; k < 8; ++k) {
    c.at[k] = {k & 1 ? box.max.x : box.min.x, k & 2 ? box.max.y : box.min.y, k & 4 ? box.max.z : box.min.z};
  }
  return c;
}

inline Corners cornersOf(const Obb& box) {
  Corners c;
  for (int k = 0; k < 8; ++k) {
    const Vec3 local{k & 1 ? box.halfSize.x : -box.halfSize.x, k & 2 ? box.halfSize.y : -box.halfSize.y,
                     k & 4 ? box.halfSize.z : -box.halfSize.z};
    c.at[k] = box.center + box.rotation * local;
  }
  return c;
}

// A box as its centre, half sizes and axes (the rotation's columns as given; an AABB's are x, y, z).
struct Frame {
  Vec3 centre, half, axis[3];
};
inline Frame frameOf(const Aabb& box) {
  return {(box.min + box.max) * 0.5, (box.max - box.min) * 0.5, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
}
inline Frame frameOf(const Obb& box) {
  return {box.center, box.halfSize, {box.rotation.column(0), box.rotation.column(1), box.rotation.column(2)}};
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

inline FacesSeen facesSeen(const Triangle& t, const Frame& f) {
  const Vec3 v[3] = {t.a - f.centre, t.b - f.centre, t.c - f.centre};
  double size = std::fmax(f.half.x, std::fmax(f.half.y, f.half.z));
  double lo[3], hi[3];
  for (int j = 0; j < 3; ++j) {
    const double p0 = dot(f.axis[j], v[0]), p1 = dot(f.axis[j], v[1]), p2 = dot(f.axis[j], v[2]);
    lo[j] = std::fmin(p0, std::fmin(p1, p2)), hi[j] = std::fmax(p0, std::fmax(p1, p2));
    size = std::fmax(size, std::fmax(-lo[j], hi[j]));
  }
  const double slack = 0x1p-16 * size;
  FacesSeen seen;
  for (int j = 0; j < 3; ++j) {
    const double h = component(f.half, j);
    seen.beyond[j][0] = lo[j] < slack - h, seen.beyond[j][1] = hi[j] > h - slack;
  }
  return seen;
}

// Whether the interior of the triangle's edge from vertex i can hold a closest point: some corner of the box lies
// beyond the edge's line in the triangle's plane (always, for a triangle without area: n = 0). n: the unit normal of
// the front face, around which the vertices turn counter-clockwise, so (edge x n) points out of the triangle.
inline bool edgeSeen(const Triangle& t, Vec3 n, const Corners& corners, int i) {
  if (isZero(n)) return true;
  const Vec3 from = vertex(t, i), out = cross(vertex(t, (i + 1) % 3) - from, n);
  double most = -kInfinity, size = 0;
  for (const Vec3& corner : corners.at) {
    const Vec3 d = corner - from;
    most = std::fmax(most, dot(out, d));
    size = std::fmax(size, std::fabs(d.x) + std::fabs(d.y) + std::fabs(d.z));
  }
  return most > -0x1p-16 * size * (std::fabs(out.x) + std::fabs(out.y) + std::fabs(out.z));
}

// The closest pair of a triangle and a box that do not meet (the candidates above).
template <class Box>
void closestPair(const Triangle& t, const Box& box, const Corners& corners, Vec3& onTriangle, Vec3& onBox) {
  const FacesSeen seen = facesSeen(t, frameOf(box));
  const Vec3 n = degenerate(t) ? Vec3{0, 0, 0} : unitFaceNormal(t);  // the front face's
  const bool edges[3] = {edgeSeen(t, n, corners, 0), edgeSeen(t, n, corners, 1), edgeSeen(t, n, corners, 2)};
  double best = kInfinity;
  const auto consider = [&](Vec3 p, Vec3 q) {
    const double squared = lengthSquared(q - p);
    if (squared < best) best = squared, onTriangle = p, onBox = q;
  };
  for (int i = 0; i < 3; ++i) consider(vertex(t, i), closestPointOn(box, vertex(t, i)));
  for (int k = 0; k < 8; ++k) {
    if (seen.corner(k)) consider(closestPointOn(t, corners.at[k]), corners.at[k]);
    for (int axis = 0; axis < 3; ++axis) {
      if ((k >> axis) & 1 || !seen.edge(k, axis)) continue;
      const Segment boxEdge{corners.at[k], corners.at[k | 1 << axis]};
      for (int i = 0; i < 3; ++i) {
        if (!edges[i]) continue;
        Vec3 onEdge, onBoxEdge;
        closestOnSegments(Segment{vertex(t, i), vertex(t, (i + 1) % 3)}, boxEdge, onEdge, onBoxEdge);
        consider(onEdge, onBoxEdge);
      }
    }
  }
}

// Calls edge(from, to) for each of the box's 12 edges.
template <class Edge>
void forEachEdge(const Corners& c, const Edge& edge) {
  for (int k = 0; k < 8; ++k) {
    for (int bit = 1; bit < 8; bit <<= 1) {
      if (!(k & bit)) edge(c.at[k], c.at[k | bit]);
    }
  }
}

// A point of both, for a triangle and a box that meet; nullopt when rounding hid every corner of their intersection.
template <class Box>
std::optional<Vec3> commonPoint(const Triangle& t, const Box& box, const Corners& corners) {
  for (int i = 0; i < 3; ++i) {
    if (intersectsAsPoint(Point{vertex(t, i)}, box)) return vertex(t, i);
  }
  for (int i = 0; i < 3; ++i) {
    const auto hit = raycast(toCaster(Segment{vertex(t, i), vertex(t, (i + 1) % 3)}), box, RaycastOptions{});
    if (hit) return hit->point;
  }
  std::optional<Vec3> crossing;
  forEachEdge(corners, [&](Vec3 from, Vec3 to) {
    if (crossing) return;
    if (const auto hit = raycast(toCaster(Segment{from, to}), t, RaycastOptions{})) crossing = hit->point;
  });
  return crossing;
}

template <class Box>
ClosestPoints closestPointsTriangleBox(const Triangle& t, const Box& box) {
  const Corners corners = cornersOf(box);
  const bool meet = intersects(t, box);
  if (meet) {
    if (const auto common = commonPoint(t, box, corners)) return {*common, *common, 0};
  }
  Vec3 onTriangle, onBox;
  closestPair(t, box, corners, onTriangle, onBox);
  if (meet) {
    const Vec3 middle = onTriangle + (onBox - onTriangle) * 0.5;
    return {middle, middle, 0};
  }
  return {onTriangle, onBox, apart(length(onBox - onTriangle))};
}

}  // namespace triangle_box

inline ClosestPoints closestPoints(const Triangle& t, const Aabb& box) {
  return triangle_box::closestPointsTriangleBox(t, box);
}
inline ClosestPoints closestPoints(const Triangle& t, const Obb& box) {
  return triangle_box::closestPointsTriangleBox(t, box);
}

}  // namespace c3d
