// Spheres and capsules against a triangle, decided exactly.
// A ball meets the triangle when its centre comes within the radius: when the centre's projection on the triangle's
// plane falls inside the closed triangle, by its height over the plane; otherwise by its distance to the nearest of
// the three edges (Ericson §5.1.5's regions).
// A capsule meets it when its segment crosses the triangle, or comes within the radius of it: the distance between a
// segment and a triangle that do not meet is reached at an end of the segment (a ball against the triangle) or on an
// edge of the triangle (two segments, Ericson §5.1.9: at the lines' closest points when both fall inside the
// segments, otherwise at an end of one of them).
// Every test is the sign of a polynomial in the inputs (exact::filteredSign), so a ball or capsule resting on a face,
// an edge or a corner touches, whatever the rounding of the closest points that distance() and closestPoints()
// construct (those two may report a gap of an ulp for such a pair).
#pragma once
#include <array>
#include <cmath>
#include <tuple>
#include <type_traits>

#include "collide3d/math/exact/filtered_sign.h"
#include "collide3d/queries/intersects/intersects_caster_shape.h"

namespace c3d {

// For the ball around c of radius r and the segment pq, with e = q - p: w·e, e·e - w·e (where along the segment
// the centre projects, w = c - p), and the ball's reach against the segment's interior |w × e|^2 - r^2 e·e, its
// start |w|^2 - r^2 and its end |c - q|^2 - r^2.
constexpr auto kBallSegment = [](const auto& c, const auto& r, const auto& p, const auto& q) {
  const auto e = q - p, w = c - p, v = c - q;
  const auto along = dot(w, e);
  const auto across = cross(w, e);
  return std::make_tuple(along, dot(e, e) - along, dot(across, across) - r * r * dot(e, e), dot(w, w) - r * r,
                         dot(v, v) - r * r);
};

// For the ball around c of radius r and the triangle abd with normal n = (b - a) × (d - a): the three edge
// functions ((next - this) × (c - this))·n, all >= 0 when c projects into the closed triangle; the ball's reach
// against the plane (n·(c - a))^2 - r^2 n·n; and n·n (0 for a triangle without area).
constexpr auto kBallFace = [](const auto& c, const auto& r, const auto& a, const auto& b, const auto& d) {
  const auto n = cross(b - a, d - a);
  const auto height = dot(n, c - a);
  return std::make_tuple(dot(cross(b - a, c - a), n), dot(cross(d - b, c - b), n), dot(cross(a - d, c - d), n),
                         height * height - r * r * dot(n, n), dot(n, n));
};

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
    return kBallSegment(c, r, ends[0], ends[1]);
  };
  const auto [along, beyond, interior, start, end] = exact::filteredValues(terms, inputs...);
  if (along <= 0) return start <= 0;
  if (beyond <= 0) return end <= 0;
  return interior <= 0;
}

inline bool ballMeetsSegment(Vec3 c, double r, Vec3 p, Vec3 q) { return placedBallMeetsSegment(kAsGiven, c, r, p, q); }

// For segments p1q1 and p2q2 (d1 = q1 - p1, d2 = q2 - p2, w = p1 - p2; a = d1·d1, b = d1·d2, c = d1·w, e = d2·d2,
// f = d2·w, den = a e - b^2 = |d1 × d2|^2): the parameters of the lines' closest points times den, s den = b f - c e
// and t den = a f - b c, each also subtracted from den, and the lines' reach (w·(d1 × d2))^2 - R^2 den.
constexpr auto kSegmentsReach = [](const auto& p1, const auto& q1, const auto& p2, const auto& q2, const auto& r) {
  const auto d1 = q1 - p1, d2 = q2 - p2, w = p1 - p2;
  const auto a = dot(d1, d1), b = dot(d1, d2), c = dot(d1, w), e = dot(d2, d2), f = dot(d2, w);
  const auto den = a * e - b * b, s = b * f - c * e, t = a * f - b * c;
  const auto height = dot(w, cross(d1, d2));
  return std::make_tuple(s, den - s, t, den - t, height * height - r * r * den);
};

// Whether the closest points of the lines through p1q1 and p2q2 both fall strictly inside the segments, and lie
// within r of each other. (When they do not, the segments' distance is reached at an end of one of them.)
inline bool interiorsWithin(Vec3 p1, Vec3 q1, Vec3 p2, Vec3 q2, double r) {
  const auto [s, sLeft, t, tLeft, reach] = exact::filteredValues(kSegmentsReach, p1, q1, p2, q2, r);
  return s > 0 && sLeft > 0 && t > 0 && tLeft > 0 && reach <= 0;
}

// Whether the box of the points p and q grown by r and the triangle's box are proven apart on some axis: most pairs
// that are apart are, at the cost of a few comparisons. A rounded difference is within u of itself, so one larger
// than r (1 + 2^-50) proves the exact difference larger than r.
inline bool boxesApart(Vec3 p, Vec3 q, double r, const Triangle& t) {
  const double reach = r * (1 + 0x1p-50);
  for (int i = 0; i < 3; ++i) {
    const double a = component(t.a, i), b = component(t.b, i), c = component(t.c, i);
    const double lo = std::fmin(component(p, i), component(q, i)), hi = std::fmax(component(p, i), component(q, i));
    if (std::fmin(a, std::fmin(b, c)) - hi > reach || lo - std::fmax(a, std::fmax(b, c)) > reach) return true;
  }
  return false;
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

// The edges' distances to the segment are reached at the segment's ends (already covered by the balls at its ends
// against the whole triangle), at the corners (balls at the corners against the segment), or inside both.
inline bool intersects(const Capsule& c, const Triangle& t) {
  if (boxesApart(c.start, c.end, c.radius, t)) return false;
  const double r = c.radius;
  return intersectsByCast(Segment{c.start, c.end}, t) || ballMeetsTriangle(c.start, r, t) ||
         ballMeetsTriangle(c.end, r, t) || ballMeetsSegment(t.a, r, c.start, c.end) ||
         ballMeetsSegment(t.b, r, c.start, c.end) || ballMeetsSegment(t.c, r, c.start, c.end) ||
         interiorsWithin(c.start, c.end, t.a, t.b, r) || interiorsWithin(c.start, c.end, t.b, t.c, r) ||
         interiorsWithin(c.start, c.end, t.c, t.a, r);
}

}  // namespace c3d
