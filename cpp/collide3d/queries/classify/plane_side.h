// Exact side-of-plane decisions: above(plane, shape, epsilon) says whether every point p of the shape has
// n.p + d > epsilon |n| — the shape lies strictly in front of the slab of half-thickness epsilon around the plane —
// as exact arithmetic on the given doubles would (predicates by exact::filteredSign). Square roots are removed by
// squaring after the signs are settled: for a ball, n.c + d > (r + e)|n| iff n.c + d > 0 and
// (n.c + d)^2 > (r + e)^2 (n.n). The same with the plane negated (exactly) decides "strictly behind".
// Shapes' supports along n as in plane_range.h (Ericson §5.2.2-5.2.3; Haines & Wallace 1994 for boxes).
#pragma once
#include "collide3d/math/exact/filtered_sign.h"
#include "collide3d/shapes/shapes.h"

namespace c3d {

namespace plane_side {

// n.p + d with its exact sign.
inline double signedDistance(const Plane& plane, Vec3 p) {
  return exact::filteredValue([](const auto& n, const auto& d, const auto& p) { return dot(n, p) + d; },
                              plane.normal, plane.constant, p);
}

inline int sideOf(const Plane& plane, Vec3 p) { return sign(signedDistance(plane, p)); }

// A ball of radius r around c (a point when r = 0) beyond the slab: n.c + d > (r + e)|n|.
inline bool ballAbove(const Plane& plane, Vec3 c, double r, double e) {
  if (sideOf(plane, c) <= 0) return false;
  if (r == 0 && e == 0) return true;
  return exact::filteredSign(
             [](const auto& n, const auto& d, const auto& c, const auto& r, const auto& e) {
               const auto s = dot(n, c) + d;
               return s * s - (r + e) * (r + e) * dot(n, n);
             },
             plane.normal, plane.constant, c, r, e) > 0;
}

// A value x = n.c + d - (support) beyond the slab: x > e|n|, i.e. x > 0 and x^2 > e^2 (n.n).
template <class Excess, class... Inputs>
bool excessAbove(const Plane& plane, double e, const Excess& excess, const Inputs&... inputs) {
  const auto withPlane = [&](const auto& n, const auto& d, const auto&... rest) { return excess(n, d, rest...); };
  if (exact::filteredSign(withPlane, plane.normal, plane.constant, inputs...) <= 0) return false;
  if (e == 0) return true;
  return exact::filteredSign(
             [&](const auto& n, const auto& d, const auto& eps, const auto&... rest) {
               const auto x = excess(n, d, rest...);
               return x * x - eps * eps * dot(n, n);
             },
             plane.normal, plane.constant, e, inputs...) > 0;
}

}  // namespace plane_side

inline bool above(const Plane& plane, const Point& p, double e) { return plane_side::ballAbove(plane, p.position, 0, e); }

inline bool above(const Plane& plane, const Segment& s, double e) {
  return plane_side::ballAbove(plane, s.start, 0, e) && plane_side::ballAbove(plane, s.end, 0, e);
}

inline bool above(const Plane& plane, const Triangle& t, double e) {
  return plane_side::ballAbove(plane, t.a, 0, e) && plane_side::ballAbove(plane, t.b, 0, e) &&
         plane_side::ballAbove(plane, t.c, 0, e);
}

// n.v with its exact sign: how fast a point moving by v gains scaled distance.
inline double rate(const Plane& plane, Vec3 direction) {
  return exact::filteredValue([](const auto& n, const auto& v) { return dot(n, v); }, plane.normal, direction);
}

inline int rateTowards(const Plane& plane, Vec3 direction) { return sign(rate(plane, direction)); }

// A ray stays beyond the slab when its origin is and it does not move towards the plane; a line when it is parallel.
inline bool above(const Plane& plane, const Ray& r, double e) {
  return plane_side::ballAbove(plane, r.origin, 0, e) && rateTowards(plane, r.direction) >= 0;
}

inline bool above(const Plane& plane, const Line& l, double e) {
  return plane_side::ballAbove(plane, l.origin, 0, e) && rateTowards(plane, l.direction) == 0;
}

inline bool above(const Plane& plane, const Sphere& s, double e) { return plane_side::ballAbove(plane, s.center, s.radius, e); }

inline bool above(const Plane& plane, const Capsule& c, double e) {
  return plane_side::ballAbove(plane, c.start, c.radius, e) && plane_side::ballAbove(plane, c.end, c.radius, e);
}

// The box's corner nearest the plane's back: per axis the bound the normal points away from (exact comparisons).
inline bool above(const Plane& plane, const Aabb& box, double e) {
  const Vec3 nearest{plane.normal.x >= 0 ? box.min.x : box.max.x, plane.normal.y >= 0 ? box.min.y : box.max.y,
                     plane.normal.z >= 0 ? box.min.z : box.max.z};
  return plane_side::ballAbove(plane, nearest, 0, e);
}

// n.c + d - sum_i h_i |n.a_i|, with the signs of n.a_i settled exactly first.
inline bool above(const Plane& plane, const Obb& box, double e) {
  double sign[3];
  for (int i = 0; i < 3; ++i) sign[i] = rateTowards(plane, box.rotation.column(i));
  return plane_side::excessAbove(
      plane, e,
      [](const auto& n, const auto& d, const auto& c, const auto& h, const auto& a0, const auto& a1, const auto& a2,
         const auto& s) {
        return dot(n, c) + d - (h.x * s.x * dot(n, a0) + h.y * s.y * dot(n, a1) + h.z * s.z * dot(n, a2));
      },
      box.center, box.halfSize, box.rotation.column(0), box.rotation.column(1), box.rotation.column(2),
      Vec3{sign[0], sign[1], sign[2]});
}

// The ellipsoid c + R diag(r) (unit ball) reaches sqrt(Q) below its centre, Q = sum_i (r_i n.a_i)^2:
// s - e|n| > sqrt(Q) iff s > 0, s^2 - e^2 n.n - Q > 0 and (s^2 - e^2 n.n - Q)^2 > 4 e^2 (n.n) Q.
inline bool above(const Plane& plane, const Ellipsoid& ellipsoid, double e) {
  const auto support = [](const auto& n, const auto& r, const auto& a0, const auto& a1, const auto& a2) {
    const auto x = r.x * dot(n, a0), y = r.y * dot(n, a1), z = r.z * dot(n, a2);
    return x * x + y * y + z * z;
  };
  const Mat3& R = ellipsoid.rotation;
  if (plane_side::sideOf(plane, ellipsoid.center) <= 0) return false;
  const auto margin = [&](const auto& n, const auto& d, const auto& e, const auto& c, const auto& r, const auto& a0,
                          const auto& a1, const auto& a2) {
    const auto s = dot(n, c) + d;
    return s * s - e * e * dot(n, n) - support(n, r, a0, a1, a2);
  };
  const Vec3 a0 = R.column(0), a1 = R.column(1), a2 = R.column(2);
  if (exact::filteredSign(margin, plane.normal, plane.constant, e, ellipsoid.center, ellipsoid.radii, a0, a1, a2) <= 0) {
    return false;
  }
  if (e == 0) return true;
  return exact::filteredSign(
             [&](const auto& n, const auto& d, const auto& e, const auto& c, const auto& r, const auto& a0,
                 const auto& a1, const auto& a2) {
               const auto m = margin(n, d, e, c, r, a0, a1, a2);
               const auto four = e + e + e + e;  // 4 e, exactly
               return m * m - four * e * dot(n, n) * support(n, r, a0, a1, a2);  // 4 e^2 (n.n) Q
             },
             plane.normal, plane.constant, e, ellipsoid.center, ellipsoid.radii, a0, a1, a2) > 0;
}

// A capped cylinder with axis e = end - start reaches r |n x e| / |e| beyond its axis' ends: for each end p,
// s = n.p + d must exceed eps|n| + r|n x e|/|e|. Times |e|: s|e| > eps|n||e| + r|n x e|, squared twice as for the
// ellipsoid: with A = s^2 (e.e), B = eps^2 (n.n)(e.e), C = r^2 |n x e|^2, s > 0, A - B - C > 0 and
// (A - B - C)^2 > 4 eps^2 r^2 (n.n)(e.e)|n x e|^2 (the last only when both eps and r are non-zero).
inline bool above(const Plane& plane, const Cylinder& cylinder, double eps) {
  const auto margin = [](const auto& n, const auto& d, const auto& p, const auto& a, const auto& b, const auto& r,
                         const auto& eps) {
    const auto e = b - a;
    const auto s = dot(n, p) + d;
    const auto k = cross(n, e);
    return s * s * dot(e, e) - eps * eps * dot(n, n) * dot(e, e) - r * r * dot(k, k);
  };
  for (const Vec3 p : {cylinder.start, cylinder.end}) {
    const auto inputs = [&](const auto& predicate) {
      return exact::filteredSign(predicate, plane.normal, plane.constant, p, cylinder.start, cylinder.end,
                                 cylinder.radius, eps);
    };
    if (plane_side::sideOf(plane, p) <= 0 || inputs(margin) <= 0) return false;
    if (eps == 0 || cylinder.radius == 0) continue;
    const int squared = inputs([&](const auto& n, const auto& d, const auto& p, const auto& a, const auto& b,
                                   const auto& r, const auto& eps) {
      const auto m = margin(n, d, p, a, b, r, eps);
      const auto e = b - a;
      const auto k = cross(n, e);
      const auto four = eps + eps + eps + eps;  // 4 eps, exactly
      return m * m - four * eps * r * r * dot(n, n) * dot(e, e) * dot(k, k);
    });
    if (squared <= 0) return false;
  }
  return true;
}

}  // namespace c3d
