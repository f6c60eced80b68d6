// contact(triangle, box) for an axis-aligned or oriented box: the least translation of the box that separates it
// from the triangle, over the 13 candidate axes of the separating axis test (the triangle's normal, the box's three
// face normals, the nine cross products of a box edge and a triangle edge: Ericson, Real-Time Collision Detection
// §4.4 and §5.2.9; Akenine-Möller 2001). Whether there is a contact is intersects' exact decision
// (intersects_triangle_box.h).
// Why these axes give the least translation: the translations that leave two convex polytopes touching form the
// boundary of their Minkowski difference, a polytope, and the shortest is the distance from the origin to one of its
// faces, whose normals are the face normals of either shape and the cross products of an edge of each (here: the
// triangle's two faces, ±normal, the box's faces and the edge pairs). Along a unit axis u with the box's centre c,
// its reach R = sum_i h_i |u.a_i| and the triangle's projections from p_lo to p_hi (relative to c), the box leaves
// by moving p_hi + R along u or R - p_lo against it; the least of those over the candidates is the depth, and its
// axis, turned the way it moved, the normal (from the triangle towards the box). Any direction gives an upper bound
// (moving by its overlap separates the projections, so the shapes), so a candidate whose direction rounding bent
// still gives a valid push, never too short. Along the triangle's normal the side is the box centre's, decided
// exactly, a centre exactly in the triangle's plane taking the front face's side, (b - a) x (c - a), as the rounded
// shapes do (contact_rounded_triangle.h); so that an axis parallel to the normal (a box face lying flat on the
// triangle, an edge pair) cannot turn it to the other side by rounding, the normal is kept unless another axis is
// shorter by more than 2^-40 of the sizes involved.
// The points: the triangle's point that the moved box then touches (their closest pair: closest_points_triangle_box.h),
// and the box's, that point less depth * normal.
// Accuracy: each overlap is computed from the rounded axis, projections relative to the box's centre, so within a
// few ulps of the sizes involved; an axis from two nearly parallel edges (angle θ between them) has its direction
// rounded by about u / θ, and its overlap grows by that times the sizes (it stays an upper bound).
#pragma once
#include <cmath>
#include <optional>

#include "collide3d/queries/distance/closest_points_triangle_box.h"

namespace c3d {

namespace triangle_box {

// The side of the triangle's plane the box's centre lies on, exactly (an AABB's centre doubled, min + max, exact).
inline int centreSide(const Triangle& t, const Aabb& box) {
  return exact::filteredSign(
      [](const auto& a, const auto& b, const auto& c, const auto& lo, const auto& hi) {
        return dot(cross(b - a, c - a), lo + hi - (a + a));
      },
      t.a, t.b, t.c, box.min, box.max);
}
inline int centreSide(const Triangle& t, const Obb& box) { return orient3d(t.a, t.b, t.c, box.center); }

// The least push of a box that meets the triangle, `side` the centre's side of its plane (out of line: one copy for
// both kinds of box).
[[gnu::noinline]] inline Contact leastPush(const Triangle& t, const Box& box, int side) {
  const Vec3 v[3] = {t.a - box.centre, t.b - box.centre, t.c - box.centre};
  double size = std::fmax(box.half.x, std::fmax(box.half.y, box.half.z));
  for (const Vec3& p : v) size = std::fmax(size, std::fmax(std::fabs(p.x), std::fmax(std::fabs(p.y), std::fabs(p.z))));
  Vec3 normal{0, 0, 1};
  double depth = kInfinity;
  // The overlap along unit axis u, into (push, direction); `forwards` > 0 or < 0 fixes the direction to move in,
  // 0 takes the shorter.
  const auto overlap = [&](Vec3 u, int forwards, double& push, Vec3& direction) {
    const double reach = box.half.x * std::fabs(dot(u, box.axis[0])) + box.half.y * std::fabs(dot(u, box.axis[1])) +
                         box.half.z * std::fabs(dot(u, box.axis[2]));
    const double pa = dot(u, v[0]), pb = dot(u, v[1]), pc = dot(u, v[2]);
    const double along = std::fmax(pa, std::fmax(pb, pc)) + reach;
    const double against = reach - std::fmin(pa, std::fmin(pb, pc));
    const bool forward = forwards != 0 ? forwards > 0 : along <= against;
    push = forward ? along : against, direction = forward ? u : -u;
  };
  const auto consider = [&](Vec3 u) {
    double push;
    Vec3 direction;
    overlap(u, 0, push, direction);
    if (push < depth) depth = push, normal = direction;
  };
  for (const Vec3& a : box.axis) {
    if (!isZero(a)) consider(unitDirection(a));
  }
  for (const Vec3& a : box.axis) {
    for (int i = 0; i < 3; ++i) {
      const Vec3 axis = cross(a, vertex(t, (i + 1) % 3) - vertex(t, i));
      if (!isZero(axis)) consider(unitDirection(axis));
    }
  }
  // The triangle's normal wins unless another axis is shorter by more than rounding could make it: a box face or an
  // edge pair parallel to it, rounded, must not turn the push to the side the exact test did not choose.
  if (!degenerate(t)) {
    double push;
    Vec3 direction;
    overlap(unitFaceNormal(t), side >= 0 ? 1 : -1, push, direction);
    if (push <= depth + 0x1p-40 * size) depth = push, normal = direction;
  }
  depth = std::fmax(depth, 0.0);  // touching rounded to an overlap below 0 is touching
  Vec3 onTriangle, onBox;
  closestPair(t, box.moved(normal * depth), onTriangle, onBox);
  return Contact{normal, depth, onTriangle, onTriangle - normal * depth};
}

template <class BoxShape>
std::optional<Contact> contactTriangleBox(const Triangle& t, const BoxShape& box) {
  if (!intersects(t, box)) return std::nullopt;
  return leastPush(t, boxOf(box), degenerate(t) ? 0 : centreSide(t, box));
}

}  // namespace triangle_box

// Out of line: the contact table calls each from both argument orders.
[[gnu::noinline]] inline std::optional<Contact> contact(const Triangle& t, const Aabb& box) {
  return triangle_box::contactTriangleBox(t, box);
}
[[gnu::noinline]] inline std::optional<Contact> contact(const Triangle& t, const Obb& box) {
  return triangle_box::contactTriangleBox(t, box);
}

}  // namespace c3d
