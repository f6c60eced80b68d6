// closestPoints(triangle, box) for an axis-aligned or oriented box.
// Whether they meet is intersects' exact decision (the 13-axis test, intersects_triangle_box.h), so the distance is
// 0 exactly when intersects is true. Then the common point is where their intersection, a convex polygon, has a
// corner: a vertex of the triangle inside the box, a triangle edge entering the box, or a box edge crossing the
// triangle (the exact segment casts find them; should rounding of an oriented box's edges lose the only one, the
// closest pair below, a rounding gap apart, gives its midpoint).
// Apart, the closest pair of two convex polytopes is reached at a vertex of one against the other or between two
// edges (Ericson §5.1: the pair can slide along any face it lies in until it reaches a vertex or an edge), so it is
// the nearest of the box's 8 corners against the triangle (§5.1.5), the triangle's 3 vertices against the box
// (§5.1.3, §5.1.4) and the 36 pairs of a box edge and a triangle edge (§5.1.9). An oriented box's corners are
// rounded (centre + rotation * (±half size)), so its distance is within a few ulps of the sizes involved, as the
// others are.
#pragma once
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

// Calls edge(from, to) for each of the box's 12 edges.
template <class Edge>
void forEachEdge(const Corners& c, const Edge& edge) {
  for (int k = 0; k < 8; ++k) {
    for (int bit = 1; bit < 8; bit <<= 1) {
      if (!(k & bit)) edge(c.at[k], c.at[k | bit]);
    }
  }
}

// The closest pair of a triangle and a box that do not meet (the 47 candidates above).
template <class Box>
void closestPair(const Triangle& t, const Box& box, const Corners& corners, Vec3& onTriangle, Vec3& onBox) {
  double best = kInfinity;
  const auto consider = [&](Vec3 p, Vec3 q) {
    const double squared = lengthSquared(q - p);
    if (squared < best) best = squared, onTriangle = p, onBox = q;
  };
  for (const Vec3& corner : corners.at) consider(closestPointOn(t, corner), corner);
  for (int i = 0; i < 3; ++i) consider(vertex(t, i), closestPointOn(box, vertex(t, i)));
  forEachEdge(corners, [&](Vec3 from, Vec3 to) {
    for (int i = 0; i < 3; ++i) {
      Vec3 onEdge, onBoxEdge;
      closestOnSegments(Segment{vertex(t, i), vertex(t, (i + 1) % 3)}, Segment{from, to}, onEdge, onBoxEdge);
      consider(onEdge, onBoxEdge);
    }
  });
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
