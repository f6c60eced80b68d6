// Spheres and capsules against a triangle, decided exactly.
// A ball meets the triangle when its centre comes within the radius: when the centre's projection on the triangle's
// plane falls inside the closed triangle, by its height over the plane; otherwise by its distance to the nearest of
// the three edges (Ericson §5.1.5's regions).
// A capsule meets it when its segment crosses the triangle, or comes within the radius of it: the distance between a
// segment and a triangle that do not meet is reached at an end of the segment (a ball against the triangle) or on an
// edge of the triangle (two segments, Ericson §5.1.9: at the lines' closest points when both fall inside the
// segments, otherwise at an end of one of them).
// Every test is the sign of a polynomial in the inputs (rounded_predicates.h), so a ball or capsule resting on a
// face, an edge or a corner touches; distance() and closestPoints() consult these same tests.
#pragma once
#include <array>
#include <cmath>
#include <tuple>
#include <type_traits>

#include "collide3d/math/exact/filtered_sign.h"
#include "collide3d/queries/intersects/intersects_caster_shape.h"
#include "collide3d/queries/intersects/rounded_predicates.h"

namespace c3d {

// The ball and the points, from the inputs as given: (centre, radius, {points}).
constexpr auto kAsGiven = [](const auto& c, const auto& r, const auto&... points) {
  return std::make_tuple(c, r, std::array{points...});
};

// The ball tests on a ball and a segment (or triangle) that `place` builds from the inputs in any number type:
// place(inputs...) gives (centre, radius, {p, q}) (or {a, b, c}). Shapes brought onto a ball by a polynomial map
// (an ellipsoid's frame, a triangle's section by a plane: intersects_quadric_triangle.h) are decided with them.
template <class Place, class... Inputs>
bool placedBallMeetsSegment(const Place& place, const Inputs&... inputs) {
  const auto terms = [&place](const auto&... in) {
    const auto [c, r, ends] = place(in...);
    return kBallReachSegment(c, r, ends[0], ends[1]);
  };
  const auto [along, beyond, interior, start, end] = exact::filteredValues(terms, inputs...);
  if (along <= 0) return start <= 0;
  if (beyond <= 0) return end <= 0;
  return interior <= 0;
}

// Whether the box of the points p and q grown by r and the triangle's box are proven apart on some axis.
inline bool boxesApart(Vec3 p, Vec3 q, double r, const Triangle& t) {
  return boxesApart(p, q, r, componentMin(t.a, componentMin(t.b, t.c)), componentMax(t.a, componentMax(t.b, t.c)));
}

template <class Place, class... Inputs>
bool placedBallMeetsTriangle(const Place& place, const Inputs&... inputs) {
  const auto face = [&place](const auto&... in) {
    const auto [c, r, corners] = place(in...);
    return kBallFace(c, r, corners[0], corners[1], corners[2]);
  };
  const auto [ab, bd, da, plane, area] = exact::filteredValues(face, inputs...);
  if (area > 0 && ab >= 0 && bd >= 0 && da >= 0) return plane <= 0;
  // Each edge by constant indices, so that the corners stay in registers.
  const auto edgeMeets = [&](auto from) {
    constexpr int i = decltype(from)::value;
    const auto edge = [&place](const auto&... in) {
      const auto [c, r, corners] = place(in...);
      return std::make_tuple(c, r, std::array{corners[i], corners[(i + 1) % 3]});
    };
    return placedBallMeetsSegment(edge, inputs...);
  };
  return edgeMeets(std::integral_constant<int, 0>{}) || edgeMeets(std::integral_constant<int, 1>{}) ||
         edgeMeets(std::integral_constant<int, 2>{});
}

inline bool ballMeetsTriangle(Vec3 c, double r, const Triangle& t) {
  return !boxesApart(c, c, r, t) && placedBallMeetsTriangle(kAsGiven, c, r, t.a, t.b, t.c);
}

inline bool intersects(const Sphere& s, const Triangle& t) { return ballMeetsTriangle(s.center, s.radius, t); }

// For the segment pq and the plane of the triangle abd (n = (b - a) × (d - a)): the ends' heights n·(p - a) and
// n·(q - a), and their reaches against the radius, (n·(p - a))^2 - r^2 n·n and likewise for q.
constexpr auto kEndsOverPlane = [](const auto& p, const auto& q, const auto& r, const auto& a, const auto& b,
                                   const auto& d) {
  const auto n = cross(b - a, d - a);
  const auto hp = dot(n, p - a), hq = dot(n, q - a);
  const auto rr = r * r * dot(n, n);
  return std::make_tuple(hp, hq, hp * hp - rr, hq * hq - rr);
};

// A capsule whose segment stays on one side of the plane, both ends further than the radius from it, is apart
// (most triangles near a capsule: the floor below it, a wall beside it). Otherwise the edges' distances to the
// segment are reached at the segment's ends (covered by the balls at its ends against the whole triangle), at the
// corners (balls at the corners against the segment), or inside both; and the segment can cross the triangle only
// when its ends are not strictly on one side of the plane (the crossing's own test, six determinants, is kept for
// those).
inline bool intersects(const Capsule& c, const Triangle& t) {
  if (boxesApart(c.start, c.end, c.radius, t)) return false;
  const double r = c.radius;
  const auto [hStart, hEnd, startReach, endReach] = exact::filteredValues(kEndsOverPlane, c.start, c.end, r, t.a, t.b, t.c);
  const bool oneSide = (hStart > 0 && hEnd > 0) || (hStart < 0 && hEnd < 0);
  if (oneSide && startReach > 0 && endReach > 0) return false;
  const auto interiorsWithin = [&](Vec3 p, Vec3 q) { return interiorsReach(c.start, c.end, p, q, r, 0) == true; };
  return (!oneSide && intersectsByCast(Segment{c.start, c.end}, t)) || ballMeetsTriangle(c.start, r, t) ||
         ballMeetsTriangle(c.end, r, t) || ballMeetsSegment(t.a, r, 0, c.start, c.end) ||
         ballMeetsSegment(t.b, r, 0, c.start, c.end) || ballMeetsSegment(t.c, r, 0, c.start, c.end) ||
         interiorsWithin(t.a, t.b) || interiorsWithin(t.b, t.c) || interiorsWithin(t.c, t.a);
}

}  // namespace c3d
