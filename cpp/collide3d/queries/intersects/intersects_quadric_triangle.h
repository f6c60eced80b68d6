// Cylinders and ellipsoids against a triangle, decided exactly.
// - A capped cylinder (axis from `start` to `end`, radius r) meets the triangle T when the distance from its axis line,
//   a convex function, comes within r somewhere on P, T's part between the caps' planes. Its minimum over P lies on
//   P's boundary — on an edge of T, or on T's cut by a cap's plane — or else inside P, where it can only be the point
//   at which the axis line crosses T's plane (when the line runs parallel to the plane the distance is constant along
//   it, so the minimum is also reached on the boundary). So the cylinder meets T exactly when an edge of T meets it
//   (the segment's cast, raycast_cylinder.h), the axis segment meets T (raycast_triangle.h), or T's cut by a cap's
//   plane comes within r of the cap's centre (triangle_section.h). Every step is an exact sign.
// - An ellipsoid with radii r_k along the rotation's columns u_k is { x : sum_k (u_k.(x - c) / r_k)^2 <= 1 }. Times
//   (r1 r2 r3)^2 it is the ball of radius r1 r2 r3 under the map y -> (s_k u_k.y)_k, y = x - c, each s_k the product of
//   the other two radii: the mapped corners are polynomials in the inputs, and the sphere–triangle test decides them
//   (exact for the rotation's given numbers, as OBBs are). A zero radius flattens it into the plane u_k.y = 0: the
//   triangle is first cut by that plane, and zero radii are left out of the products (taken as 1), so the map takes
//   the flat ellipse (segment, point) onto the ball's part in the cut's coordinates (triangle_section.h).
#pragma once
#include <array>
#include <cmath>

#include "collide3d/queries/intersects/intersects_caster_shape.h"
#include "collide3d/queries/intersects/triangle_section.h"

namespace c3d {

namespace quadric {

// The frame of a cylinder's cap centred at e: corners from e, the axis as the cap's plane, the ball of radius r.
constexpr auto kCapFrame = [](const auto& origin, const auto& e, const auto& start, const auto& end, const auto& r,
                              const auto& a, const auto& b, const auto& c) {
  const auto axis = end - start;
  return section::makeFrame(std::array{a - e, b - e, c - e}, std::array{axis, axis, axis},
                            [](const auto& y) { return y; }, r, origin);
};

// Whether the triangle's cut by the plane of the cylinder's cap at e comes within the radius of e.
inline bool capMeets(const Cylinder& cylinder, Vec3 e, const Triangle& t) {
  const int plane = 0;
  return section::cutMeetsBall(&plane, 1, kCapFrame, Vec3{}, e, cylinder.start, cylinder.end, cylinder.radius, t.a,
                               t.b, t.c);
}

// The frame of an ellipsoid with radii r (zeros taken as 1) and axes u0, u1, u2 around c.
constexpr auto kEllipsoidFrame = [](const auto& origin, const auto& c, const auto& r, const auto& u0, const auto& u1,
                                    const auto& u2, const auto& a, const auto& b, const auto& d) {
  const auto map = [=](const auto& y) {
    const auto x = r.y * r.z * dot(u0, y);
    return exact::V3<decltype(x)>{x, r.x * r.z * dot(u1, y), r.x * r.y * dot(u2, y)};
  };
  return section::makeFrame(std::array{a - c, b - c, d - c}, std::array{u0, u1, u2}, map, r.x * r.y * r.z, origin);
};

}  // namespace quadric

inline bool intersects(const Cylinder& c, const Triangle& t) {
  if (boxesApart(c.start, c.end, c.radius, t)) return false;
  for (int i = 0; i < 3; ++i) {
    const Caster edge = toCaster(Segment{vertex(t, i), vertex(t, (i + 1) % 3)});
    if (meetsCylinder<true, true>(edge, 1.0, c).meets) return true;
  }
  return intersectsByCast(Segment{c.start, c.end}, t) || quadric::capMeets(c, c.start, t) ||
         quadric::capMeets(c, c.end, t);
}

inline bool intersects(const Ellipsoid& e, const Triangle& t) {
  // Its points lie within the largest radius of c along the axes, so within that over the rotation's least singular
  // value of c: at least 1 - 3e-6 for columns orthonormal within 1e-6 (validateRotation).
  const double largest = std::fmax(e.radii.x, std::fmax(e.radii.y, e.radii.z));
  if (boxesApart(e.center, e.center, largest * (1 + 0x1p-18), t)) return false;
  std::array<int, 3> planes;
  int count = 0;
  for (int k = 0; k < 3; ++k) {
    if (component(e.radii, k) == 0) planes[count++] = k;
  }
  const auto orOne = [](double r) { return r > 0 ? r : 1.0; };
  const Vec3 radii{orOne(e.radii.x), orOne(e.radii.y), orOne(e.radii.z)};
  return section::cutMeetsBall(planes.data(), count, quadric::kEllipsoidFrame, Vec3{}, e.center, radii,
                               e.rotation.column(0), e.rotation.column(1), e.rotation.column(2), t.a, t.b, t.c);
}

}  // namespace c3d
