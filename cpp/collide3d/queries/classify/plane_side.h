// Exact side-of-plane decisions: side(plane, shape, epsilon) is 1 when every point p of the shape has
// n.p + d > epsilon |n| (strictly in front of the slab of half-thickness epsilon around the plane), -1 when every
// point has n.p + d < -epsilon |n|, and 0 when the shape meets the slab — as exact arithmetic on the given doubles
// would say (exact::filteredValues). Square roots are removed by squaring once the signs are known: a ball lies
// beyond the slab when (n.c + d)^2 > (r + e)^2 (n.n), on the side of the sign of n.c + d. above() is the "strictly
// in front" half; with the plane negated (exactly) it decides "strictly behind". Supports along n: Ericson §5.2.2-
// 5.2.3 (spheres, boxes; Haines & Wallace 1994 for the nearest box corner); for an ellipsoid with axes a_i and
// radii r_i, sqrt(sum_i (r_i n.a_i)^2); for a capped cylinder with axis e, r |n x e| / |e| beyond its axis' ends; for a
// cone, its apex, and that reach beyond its base.
#pragma once
#include <tuple>

#include "collide3d/math/exact/filtered_sign.h"
#include "collide3d/shapes/cone.h"
#include "collide3d/shapes/shapes.h"

namespace c3d {

namespace plane_side {

// n.p + d: the point's distance from the plane, times |n|.
constexpr auto kSignedDistance = [](const auto& n, const auto& d, const auto& p) { return dot(n, p) + d; };

// With its exact sign.
inline double signedDistance(const Plane& plane, Vec3 p) {
  return exact::filteredValue(kSignedDistance, plane.normal, plane.constant, p);
}

inline int sideOf(const Plane& plane, Vec3 p) { return sign(signedDistance(plane, p)); }

// The side of a ball of radius r around p = c + offset (a point when r = 0; the offset, exactly added, is a
// motion): 1 when n.p + d > (r + e)|n|, -1 when n.p + d < -(r + e)|n|, 0 otherwise. One filtered evaluation of
// n.p + d and (n.p + d)^2 - (r + e)^2 (n.n).
constexpr auto kBallSide = [](const auto& n, const auto& d, const auto& c, const auto& offset, const auto& r,
                               const auto& e) {
  const auto s = dot(n, c + offset) + d;
  return std::make_tuple(s, s * s - (r + e) * (r + e) * dot(n, n));
};
inline int ballSide(const Plane& plane, Vec3 c, double r, double e, Vec3 offset = {}) {
  if (r == 0 && e == 0 && isZero(offset)) return sideOf(plane, c);
  const auto m = exact::filteredValues(kBallSide, plane.normal, plane.constant, c, offset, r, e);
  return m[1] > 0 ? sign(m[0]) : 0;
}


// The side of a shape made of several balls: the side they all share, or 0.
inline int together(int a, int b) { return a == b ? a : 0; }

}  // namespace plane_side

inline int side(const Plane& plane, const Point& p, double e) { return plane_side::ballSide(plane, p.position, 0, e); }

inline int side(const Plane& plane, const Segment& s, double e) {
  using namespace plane_side;
  return together(ballSide(plane, s.start, 0, e), ballSide(plane, s.end, 0, e));
}

inline int side(const Plane& plane, const Triangle& t, double e) {
  using namespace plane_side;
  return together(together(ballSide(plane, t.a, 0, e), ballSide(plane, t.b, 0, e)), ballSide(plane, t.c, 0, e));
}

inline int side(const Plane& plane, const Sphere& s, double e) { return plane_side::ballSide(plane, s.center, s.radius, e); }

inline int side(const Plane& plane, const Capsule& c, double e) {
  using namespace plane_side;
  return together(ballSide(plane, c.start, c.radius, e), ballSide(plane, c.end, c.radius, e));
}

// In front when the corner nearest the back is, behind when the corner nearest the front is: per axis the bound
// the normal points away from, or towards (exact comparisons).
inline int side(const Plane& plane, const Aabb& box, double e) {
  const Vec3 n = plane.normal;
  const Vec3 backmost{n.x >= 0 ? box.min.x : box.max.x, n.y >= 0 ? box.min.y : box.max.y,
                      n.z >= 0 ? box.min.z : box.max.z};
  const Vec3 frontmost{n.x >= 0 ? box.max.x : box.min.x, n.y >= 0 ? box.max.y : box.min.y,
                       n.z >= 0 ? box.max.z : box.min.z};
  if (e == 0) {  // both corners in one evaluation
    const auto s = exact::filteredValues(
        [](const auto& n, const auto& d, const auto& p, const auto& q) {
          return std::make_tuple(dot(n, p) + d, dot(n, q) + d);
        },
        plane.normal, plane.constant, backmost, frontmost);
    return s[0] > 0 ? 1 : s[1] < 0 ? -1 : 0;
  }
  if (plane_side::ballSide(plane, backmost, 0, e) == 1) return 1;
  return plane_side::ballSide(plane, frontmost, 0, e) == -1 ? -1 : 0;
}

// n.v with its exact sign: how fast a point moving by v gains scaled distance.
inline double rate(const Plane& plane, Vec3 direction) {
  return exact::filteredValue([](const auto& n, const auto& v) { return dot(n, v); }, plane.normal, direction);
}

inline int rateTowards(const Plane& plane, Vec3 direction) { return sign(rate(plane, direction)); }

// A ray lies beyond the slab on its origin's side when it does not move towards the plane; a line when it is
// parallel to it.
inline int side(const Plane& plane, const Ray& r, double e) {
  const int origin = plane_side::ballSide(plane, r.origin, 0, e);
  return origin * rateTowards(plane, r.direction) >= 0 ? origin : 0;
}

inline int side(const Plane& plane, const Line& l, double e) {
  return rateTowards(plane, l.direction) == 0 ? plane_side::ballSide(plane, l.origin, 0, e) : 0;
}

// An OBB reaches R = sum_i h_i |n.a_i| either side of its centre's n.c + d: it lies beyond the slab in front when
// n.c + d - R > 0 and (n.c + d - R)^2 > e^2 (n.n), behind likewise with n.c + d + R. One evaluation for both.
inline int side(const Plane& plane, const Obb& box, double e) {
  const Mat3& r = box.rotation;
  const auto m = exact::filteredValues(
      [](const auto& n, const auto& d, const auto& c, const auto& h, const auto& a0, const auto& a1, const auto& a2,
         const auto& e) {
        using exact::absolute;
        const auto centre = dot(n, c) + d;
        const auto reach = h.x * absolute(dot(n, a0)) + h.y * absolute(dot(n, a1)) + h.z * absolute(dot(n, a2));
        const auto low = centre - reach;
        const auto high = centre + reach;
        const auto slab = e * e * dot(n, n);
        return std::make_tuple(low, high, low * low - slab, high * high - slab);
      },
      plane.normal, plane.constant, box.center, box.halfSize, r.column(0), r.column(1), r.column(2), e);
  if (m[0] > 0 && m[2] > 0) return 1;
  return m[1] < 0 && m[3] > 0 ? -1 : 0;
}

// The ellipsoid c + R diag(r) (unit ball) reaches sqrt(Q) below its centre, Q = sum_i (r_i n.a_i)^2:
// s - e|n| > sqrt(Q) iff s > 0, s^2 - e^2 n.n - Q > 0 and (s^2 - e^2 n.n - Q)^2 > 4 e^2 (n.n) Q.
inline bool above(const Plane& plane, const Ellipsoid& ellipsoid, double e) {
  const auto support = [](const auto& n, const auto& r, const auto& a0, const auto& a1, const auto& a2) {
    const auto x = r.x * dot(n, a0);
    const auto y = r.y * dot(n, a1);
    const auto z = r.z * dot(n, a2);
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

// A disc of radius r around p, perpendicular to e = b - a, reaches r |n x e| / |e| either side of p along n: it lies
// beyond the slab in front when s = n.p + d exceeds eps|n| + r|n x e|/|e|. Times |e|: s|e| > eps|n||e| + r|n x e|,
// squared twice as for the ellipsoid: with A = s^2 (e.e), B = eps^2 (n.n)(e.e), C = r^2 |n x e|^2, s > 0,
// A - B - C > 0 and (A - B - C)^2 > 4 eps^2 r^2 (n.n)(e.e)|n x e|^2 (the last only when both eps and r are non-zero).
inline bool discAbove(const Plane& plane, Vec3 p, Vec3 a, Vec3 b, double r, double eps) {
  const auto margin = [](const auto& n, const auto& d, const auto& p, const auto& a, const auto& b, const auto& r,
                         const auto& eps) {
    const auto e = b - a;
    const auto s = dot(n, p) + d;
    const auto k = cross(n, e);
    return s * s * dot(e, e) - eps * eps * dot(n, n) * dot(e, e) - r * r * dot(k, k);
  };
  const auto inputs = [&](const auto& predicate) {
    return exact::filteredSign(predicate, plane.normal, plane.constant, p, a, b, r, eps);
  };
  if (plane_side::sideOf(plane, p) <= 0 || inputs(margin) <= 0) return false;
  if (eps == 0 || r == 0) return true;
  return inputs([&](const auto& n, const auto& d, const auto& p, const auto& a, const auto& b, const auto& r,
                    const auto& eps) {
           const auto m = margin(n, d, p, a, b, r, eps);
           const auto e = b - a;
           const auto k = cross(n, e);
           const auto four = eps + eps + eps + eps;  // 4 eps, exactly
           return m * m - four * eps * r * r * dot(n, n) * dot(e, e) * dot(k, k);
         }) > 0;
}

// A capped cylinder is the hull of its two caps' discs.
inline bool above(const Plane& plane, const Cylinder& cylinder, double eps) {
  return discAbove(plane, cylinder.start, cylinder.start, cylinder.end, cylinder.radius, eps) &&
         discAbove(plane, cylinder.end, cylinder.start, cylinder.end, cylinder.radius, eps);
}

// A cone is the hull of its base disc and its apex.
inline bool above(const Plane& plane, const Cone& cone, double eps) {
  return plane_side::ballSide(plane, cone.apex, 0, eps) == 1 &&
         discAbove(plane, cone.base, cone.base, cone.apex, cone.radius, eps);
}

// The shapes whose "strictly in front" test squares two square roots away, decided on the plane and on the plane
// negated.
inline Plane flipped(const Plane& plane) { return {-plane.normal, -plane.constant}; }

template <class Shape>
int sideByAbove(const Plane& plane, const Shape& shape, double e) {
  if (above(plane, shape, e)) return 1;
  return above(flipped(plane), shape, e) ? -1 : 0;
}

inline int side(const Plane& plane, const Ellipsoid& ellipsoid, double e) { return sideByAbove(plane, ellipsoid, e); }
inline int side(const Plane& plane, const Cylinder& cylinder, double e) { return sideByAbove(plane, cylinder, e); }
inline int side(const Plane& plane, const Cone& cone, double e) { return sideByAbove(plane, cone, e); }

}  // namespace c3d
