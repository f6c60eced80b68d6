// Exact tests of balls and segments grown by radii, the pieces of every decision on points, spheres, segments and
// capsules against each other and against triangles. Each is the sign of a polynomial in the inputs
// (exact::filteredValues); a reach ra + rb enters the polynomials as that sum, so it is never rounded.
#pragma once
#include <cmath>
#include <optional>
#include <tuple>

#include "collide3d/math/exact/filtered_sign.h"
#include "collide3d/shapes/shapes.h"

namespace c3d {

// For the ball around c of radius r and the segment pq, with e = q - p: w·e, e·e - w·e (where along the segment the
// centre projects, w = c - p), and the ball's reach against the segment's interior |w × e|^2 - r^2 e·e, its start
// |w|^2 - r^2 and its end |c - q|^2 - r^2.
constexpr auto kBallReachSegment = [](const auto& c, const auto& r, const auto& p, const auto& q) {
  const auto e = q - p, w = c - p, v = c - q;
  const auto along = dot(w, e);
  const auto across = cross(w, e);
  return std::make_tuple(along, dot(e, e) - along, dot(across, across) - r * r * dot(e, e), dot(w, w) - r * r,
                         dot(v, v) - r * r);
};

// The same for a ball of radius ra + rb, the sum taken inside the polynomial.
constexpr auto kBallSegment = [](const auto& c, const auto& ra, const auto& rb, const auto& p, const auto& q) {
  return kBallReachSegment(c, ra + rb, p, q);
};

// For the ball around c of radius r and the triangle abd with normal n = (b - a) × (d - a): the three edge
// functions ((next - this) × (c - this))·n, all >= 0 when c projects into the closed triangle (each is n·n times
// the barycentric weight of the corner opposite its edge); the ball's reach against the plane
// (n·(c - a))^2 - r^2 n·n; and n·n (0 for a triangle without area).
constexpr auto kBallFace = [](const auto& c, const auto& r, const auto& a, const auto& b, const auto& d) {
  const auto n = cross(b - a, d - a);
  const auto height = dot(n, c - a);
  return std::make_tuple(dot(cross(b - a, c - a), n), dot(cross(d - b, c - b), n), dot(cross(a - d, c - d), n),
                         height * height - r * r * dot(n, n), dot(n, n));
};

// Whether the ball around c of radius ra + rb meets the segment pq: by its distance to the end the centre projects
// beyond, or to the segment's interior.
inline bool ballMeetsSegment(Vec3 c, double ra, double rb, Vec3 p, Vec3 q) {
  const auto [along, beyond, interior, start, end] = exact::filteredValues(kBallSegment, c, ra, rb, p, q);
  if (along <= 0) return start <= 0;
  if (beyond <= 0) return end <= 0;
  return interior <= 0;
}

// For segments p1q1 and p2q2 (d1 = q1 - p1, d2 = q2 - p2, w = p1 - p2; a = d1·d1, b = d1·d2, c = d1·w, e = d2·d2,
// f = d2·w, den = a e - b^2 = |d1 × d2|^2): the parameters of the lines' closest points times den, s den = b f - c e
// and t den = a f - b c, each also subtracted from den, and the lines' reach (w·(d1 × d2))^2 - (ra + rb)^2 den.
constexpr auto kSegmentsReach = [](const auto& p1, const auto& q1, const auto& p2, const auto& q2, const auto& ra,
                                   const auto& rb) {
  const auto d1 = q1 - p1, d2 = q2 - p2, w = p1 - p2;
  const auto a = dot(d1, d1), b = dot(d1, d2), c = dot(d1, w), e = dot(d2, d2), f = dot(d2, w);
  const auto den = a * e - b * b, s = b * f - c * e, t = a * f - b * c;
  const auto height = dot(w, cross(d1, d2));
  const auto r = ra + rb;
  return std::make_tuple(s, den - s, t, den - t, height * height - r * r * den);
};

// When the closest points of the lines through p1q1 and p2q2 both fall strictly inside the segments, whether they
// lie within ra + rb of each other (then the segments' distance is theirs); nothing otherwise (then the segments'
// distance is reached at an end of one of them, parallel segments included). Segments along one axis (a vertical
// capsule beside a wall's vertical edge) are parallel by their coordinates alone; the filter would need exact
// arithmetic to find den = 0, a cancellation of nonzero products.
inline std::optional<bool> interiorsReach(Vec3 p1, Vec3 q1, Vec3 p2, Vec3 q2, double ra, double rb) {
  const bool x = p1.x == q1.x && p2.x == q2.x, y = p1.y == q1.y && p2.y == q2.y, z = p1.z == q1.z && p2.z == q2.z;
  if (int{x} + int{y} + int{z} >= 2) return std::nullopt;
  const auto [s, sLeft, t, tLeft, reach] = exact::filteredValues(kSegmentsReach, p1, q1, p2, q2, ra, rb);
  if (s > 0 && sLeft > 0 && t > 0 && tLeft > 0) return reach <= 0;
  return std::nullopt;
}

// Whether segments p1q1 and p2q2 (either may be a point) come within ra + rb of each other (Ericson §5.1.9: their
// distance is reached at the lines' closest points, or at an end of one against the other).
inline bool segmentsWithin(Vec3 p1, Vec3 q1, Vec3 p2, Vec3 q2, double ra, double rb) {
  if (const auto inside = interiorsReach(p1, q1, p2, q2, ra, rb)) return *inside;
  return ballMeetsSegment(p1, ra, rb, p2, q2) || ballMeetsSegment(q1, ra, rb, p2, q2) ||
         ballMeetsSegment(p2, ra, rb, p1, q1) || ballMeetsSegment(q2, ra, rb, p1, q1);
}

// Whether the box of the points p and q grown by r and the box [lo, hi] are proven apart on some axis: most pairs
// that are apart are, at the cost of a few comparisons. A rounded difference is within u of itself, and r (a
// rounded sum of radii) within u of the sum, so a difference larger than r (1 + 2^-50) proves the exact one larger.
inline bool boxesApart(Vec3 p, Vec3 q, double r, Vec3 lo, Vec3 hi) {
  const double reach = r * (1 + 0x1p-50);
  const Vec3 from = componentMin(p, q), to = componentMax(p, q), below = lo - to, above = from - hi;
  return below.x > reach || below.y > reach || below.z > reach || above.x > reach || above.y > reach ||
         above.z > reach;
}

}  // namespace c3d
