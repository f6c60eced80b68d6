// Cylinders and ellipsoids against a triangle, decided exactly.
// - A capped cylinder (axis from `start` to `end`, radius r) meets the triangle T when the distance from its axis line,
//   a convex function, comes within r somewhere on P, T's part between the caps' planes. Its minimum over P lies on
//   P's boundary — on an edge of T, or on T's cut by a cap's plane — or else inside P, where it can only be the point
//   at which the axis line crosses T's plane (when the line runs parallel to the plane the distance is constant along
//   it, so the minimum is also reached on the boundary). So the cylinder meets T exactly when an edge of T meets it
//   (the segment's cast, raycast_cylinder.h), the axis segment meets T (raycast_triangle.h), or T's cut by a cap's
//   plane comes within r of the cap's centre inside T (capMeets). Every step is an exact sign.
// - An ellipsoid with radii r_k along the rotation's columns u_k is { x : sum_k (u_k.(x - c) / r_k)^2 <= 1 }. Times
//   (r1 r2 r3)^2 it is the ball of radius r1 r2 r3 under the map y -> (s_k u_k.y)_k, y = x - c, each s_k the product of
//   the other two radii: the mapped corners are polynomials in the inputs, and the sphere–triangle test decides them
//   (exact for the rotation's given numbers, as OBBs are). A zero radius flattens it into the plane u_k.y = 0: the
//   triangle is first cut by that plane, and zero radii are left out of the products (taken as 1), so the map takes
//   the flat ellipse (segment, point) onto the ball's part in the cut's coordinates (triangle_section.h).
// Both first reject cheaply what is proven apart: by boxes, then by a separating plane, exactly (the caps' planes and
// the triangle's for a cylinder, the triangle's for an ellipsoid).
#pragma once
#include <array>
#include <cmath>

#include "collide3d/queries/intersects/intersects_caster_shape.h"
#include "collide3d/queries/intersects/triangle_section.h"

namespace c3d {

namespace quadric {

// For the cylinder's cap centred at e and the triangle abc with normal n = (b - a) x (c - a), d = end - start: the
// line where the triangle's plane cuts the cap's plane lies |n.(e - a)| |d| / |n x d| from e, at the foot
// F = e - (n.(e - a)) P / |n x d|^2, P = (d.d) n - (n.d) d (n's part across the axis, times d.d; d.P = 0, so F is in
// the cap's plane, and n.(F - a) = 0). The terms: W = |n x d|^2 (0: the planes are parallel), the line's reach
// (n.(e - a))^2 d.d - r^2 W, and the edge functions of F (as in kBallFace, on W (F - v) = W (e - v) - (n.(e - a)) P).
constexpr auto kCapReach = [](const auto& e, const auto& start, const auto& end, const auto& r, const auto& a,
                              const auto& b, const auto& c) {
  const auto d = end - start;
  const auto n = cross(b - a, c - a);
  const auto nd = cross(n, d);
  const auto w = dot(nd, nd);
  const auto h = dot(n, e - a);
  const auto dd = dot(d, d);
  const auto across = scaled(n, dd) - scaled(d, dot(n, d));
  const auto foot = [&](const auto& v) { return scaled(e - v, w) - scaled(across, h); };
  return std::make_tuple(w, h * h * dd - r * r * w, dot(cross(b - a, foot(a)), n), dot(cross(c - b, foot(b)), n),
                         dot(cross(a - c, foot(c)), n));
};

// Whether the triangle's cut by the plane of the cap centred at e comes within the radius of e at the foot F, inside
// the triangle. (When F lies outside, the cut's nearest point to e is an end of the cut, on an edge of the triangle,
// which the edges' casts decide; when the planes are parallel, the triangle meets the cap only where an edge or the
// axis meets it.)
inline bool capMeets(const Cylinder& cylinder, Vec3 e, const Triangle& t) {
  const auto [w, reach, ab, bc, ca] =
      exact::filteredValues(kCapReach, e, cylinder.start, cylinder.end, cylinder.radius, t.a, t.b, t.c);
  return w > 0 && reach <= 0 && ab >= 0 && bc >= 0 && ca >= 0;
}

// For the cylinder and the triangle abc with normal n = (b - a) x (c - a), d = end - start: each corner's height
// along the axis past each cap, d.(v - start) and d.(v - end); each cap's centre e over the triangle's plane,
// n.(e - a), and how far its disc clears the plane, (n.(e - a))^2 d.d - r^2 |n x d|^2 (> 0: the whole disc lies on
// e's side, its points reaching r |n x d| / |d| from e's height along n).
constexpr auto kSeparation = [](const auto& start, const auto& end, const auto& r, const auto& a, const auto& b,
                                const auto& c) {
  const auto d = end - start;
  const auto n = cross(b - a, c - a);
  const auto nd = cross(n, d);
  const auto dd = dot(d, d);
  const auto spread = r * r * dot(nd, nd);
  const auto fromStart = dot(n, start - a), fromEnd = dot(n, end - a);
  return std::make_tuple(dot(d, a - start), dot(d, b - start), dot(d, c - start), dot(d, a - end), dot(d, b - end),
                         dot(d, c - end), fromStart, fromEnd, fromStart * fromStart * dd - spread,
                         fromEnd * fromEnd * dd - spread);
};

// Whether the triangle lies beyond a cap's plane, or its plane has both caps' discs strictly on one side: cheap
// exact rejections before the full test.
inline bool separated(const Cylinder& cylinder, const Triangle& t) {
  const auto v = exact::filteredValues(kSeparation, cylinder.start, cylinder.end, cylinder.radius, t.a, t.b, t.c);
  const bool beforeStart = v[0] < 0 && v[1] < 0 && v[2] < 0, afterEnd = v[3] > 0 && v[4] > 0 && v[5] > 0;
  const bool oneSide = ((v[6] > 0 && v[7] > 0) || (v[6] < 0 && v[7] < 0)) && v[8] > 0 && v[9] > 0;
  return beforeStart || afterEnd || oneSide;
}

// For the ellipsoid (centre c, radii r, axes u0 u1 u2: R's columns) and the triangle abd's plane, n = (b - a) x (d - a):
// the centre's height over the plane and the ellipsoid's reach along n, both times det R, squared and subtracted
// (> 0: the plane has the whole ellipsoid strictly on one side). Its points are c + R^-T D z, |z| <= 1, so n.(x - c)
// ranges over +-|D R^-1 n|, and R^-1 = adj R / det R, adj R's rows the cross products u1 x u2, u2 x u0, u0 x u1.
constexpr auto kEllipsoidClearance = [](const auto& c, const auto& r, const auto& u0, const auto& u1, const auto& u2,
                                        const auto& a, const auto& b, const auto& d) {
  const auto n = cross(b - a, d - a);
  const auto k0 = dot(cross(u1, u2), n), k1 = dot(cross(u2, u0), n), k2 = dot(cross(u0, u1), n);
  const auto height = dot(n, c - a) * dot(u0, cross(u1, u2));
  return height * height - (r.x * r.x * k0 * k0 + r.y * r.y * k1 * k1 + r.z * r.z * k2 * k2);
};

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
  if (boxesApart(c.start, c.end, c.radius, t) || quadric::separated(c, t)) return false;
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
  const Vec3 u0 = e.rotation.column(0), u1 = e.rotation.column(1), u2 = e.rotation.column(2);
  if (exact::filteredValue(quadric::kEllipsoidClearance, e.center, e.radii, u0, u1, u2, t.a, t.b, t.c) > 0) {
    return false;
  }
  std::array<int, 3> planes;
  int count = 0;
  for (int k = 0; k < 3; ++k) {
    if (component(e.radii, k) == 0) planes[count++] = k;
  }
  const auto orOne = [](double r) { return r > 0 ? r : 1.0; };
  const Vec3 radii{orOne(e.radii.x), orOne(e.radii.y), orOne(e.radii.z)};
  return section::cutMeetsBall(planes.data(), count, quadric::kEllipsoidFrame, Vec3{}, e.center, radii, u0, u1, u2,
                               t.a, t.b, t.c);
}

}  // namespace c3d
