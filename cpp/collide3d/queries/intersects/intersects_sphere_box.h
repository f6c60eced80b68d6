// A ball meets a box when the squared distance from its centre to the box is at most r^2, that distance being the
// centre's difference from its clamp to the box, one axis at a time (Arvo 1990, "A Simple Method for Box-Sphere
// Intersection Testing", Graphics Gems; Ericson §5.2.5). It is decided exactly:
// - against an AABB the clamp selects input coordinates, so |clamp(c) - c|^2 - r^2 is a polynomial in the inputs;
// - against an OBB, in the box's Cramer coordinates scaled by det (obb_coordinates.h): the centre's coordinate
//   u_i = n_i.(c - center) lies below -h_i det, within, or beyond h_i det (each an exact sign, read with det's
//   sign), and sum_i (u_i -+ h_i det)^2 over the axes it lies beyond, minus r^2 det^2, has the sign of d^2 - r^2
//   measured in the box's frame.
// intersects, closestPoints, distance and contact of a ball or a point against a box all take this one decision,
// so they agree on every pair; a point is a ball of radius 0, in the box exactly when its cast says it is.
#pragma once
#include <tuple>

#include "collide3d/math/exact/filtered_sign.h"
#include "collide3d/queries/intersects/intersects_sphere_sphere.h"
#include "collide3d/shapes/aabb.h"
#include "collide3d/shapes/obb.h"
#include "collide3d/shapes/obb_coordinates.h"

namespace c3d {

struct BallInBox {
  bool meets;         // the ball and the closed box share a point
  bool centreInside;  // the centre lies in the closed box
};

inline BallInBox ballInBox(Vec3 c, double r, const Aabb& box) {
  const Vec3 clamped = clampToBox(c, box.min, box.max);
  return {ballsMeet(c, r, clamped, 0), clamped == c};
}

// det, then u_i - h_i det and u_i + h_i det for each axis.
constexpr auto kCentreAgainstSlabs = [](const auto& c, const auto& center, const auto& h, const auto& a0,
                                        const auto& a1, const auto& a2) {
  const auto n = obb_coordinates::slabNormals(a0, a1, a2);
  const auto det = dot(a0, n.x);
  const auto u = obb_coordinates::slabCoordinates(c - center, n);
  const auto reach = scaled(h, det);
  return std::make_tuple(det, u.x - reach.x, u.y - reach.y, u.z - reach.z, u.x + reach.x, u.y + reach.y,
                         u.z + reach.z);
};

// sum_i (beyond_i u_i - side_i h_i det)^2 - r^2 det^2, with beyond_i 1 and side_i +-1 on the axes where the centre
// lies beyond the slab, both 0 on the others.
constexpr auto kBallObbGap = [](const auto& c, const auto& r, const auto& center, const auto& h, const auto& a0,
                                const auto& a1, const auto& a2, const auto& beyond, const auto& side) {
  const auto n = obb_coordinates::slabNormals(a0, a1, a2);
  const auto det = dot(a0, n.x);
  const auto u = obb_coordinates::slabCoordinates(c - center, n);
  const auto e = exact::V3<decltype(beyond.x * u.x - side.x * h.x * det)>{
      beyond.x * u.x - side.x * h.x * det, beyond.y * u.y - side.y * h.y * det, beyond.z * u.z - side.z * h.z * det};
  return dot(e, e) - r * r * det * det;
};

inline BallInBox ballInBox(Vec3 c, double r, const Obb& box) {
  const Mat3& m = box.rotation;
  const auto s = exact::filteredValues(kCentreAgainstSlabs, c, box.center, box.halfSize, m.column(0), m.column(1),
                                       m.column(2));
  const double orientation = s[0] > 0 ? 1 : -1;
  double beyond[3], side[3];
  for (int i = 0; i < 3; ++i) {
    side[i] = orientation * s[1 + i] > 0 ? 1 : orientation * s[4 + i] < 0 ? -1 : 0;
    beyond[i] = side[i] != 0;
  }
  if (beyond[0] + beyond[1] + beyond[2] == 0) return {true, true};
  const double gap = exact::filteredValue(kBallObbGap, c, r, box.center, box.halfSize, m.column(0), m.column(1),
                                          m.column(2), Vec3{beyond[0], beyond[1], beyond[2]},
                                          Vec3{side[0], side[1], side[2]});
  return {gap <= 0, false};
}

inline bool intersects(const Sphere& s, const Aabb& box) { return ballInBox(s.center, s.radius, box).meets; }
inline bool intersects(const Sphere& s, const Obb& box) { return ballInBox(s.center, s.radius, box).meets; }

}  // namespace c3d
