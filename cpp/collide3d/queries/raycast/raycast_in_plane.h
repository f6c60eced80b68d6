// A caster meeting a triangle without crossing its plane (Möller–Trumbore's det exactly 0): lying in the plane of a
// triangle with area, or against a zero-area triangle (the segment its vertices cover, or a point). Both are
// decided exactly, as two convex sets in a plane are disjoint iff some line parallel to an edge of one of them
// separates them strictly (the separating axis theorem; Eberly, "Intersection of Convex Objects: The Method of
// Separating Axes", 2001): the candidate lines are the caster's own and those of the triangle's edges, and each
// test is the sign of a polynomial of the inputs seen along a coordinate axis the plane does not contain. The t of
// the hit is then found in rounded arithmetic (clipping, Cyrus & Beck 1978) and kept in the exact decision's range.
#pragma once
#include <tuple>

#include "collide3d/math/exact/filtered_sign.h"
#include "collide3d/math/predicates.h"
#include "collide3d/queries/raycast/span.h"
#include "collide3d/shapes/triangle.h"

namespace c3d {

namespace in_plane {

// Component `axis` of a 3-vector of any number type: a cross product's, the orientation seen along that axis.
template <class T>
const T& along(const exact::V3<T>& v, int axis) {
  return axis == 0 ? v.x : axis == 1 ? v.y : v.z;
}

// The sign of value + t rate at the ends of the caster's range: its start (or -infinity for a line), and hi (or
// +infinity when not limited), from exact signs.
struct EndSigns {
  int atStart, atEnd;
};
inline EndSigns endSigns(bool bounded, double value, double rate, bool limited, double atHi) {
  const int s = sign(rate), v = sign(value);
  return {bounded ? v : s != 0 ? -s : v, limited ? sign(atHi) : s != 0 ? s : v};
}

}  // namespace in_plane

// Whether a caster lying in the plane of the triangle (which has area) meets it within [tMin, hi], exactly. Seen
// along an axis the triangle's normal is not perpendicular to, with sigma its orientation there: edge i keeps the
// points where sigma (q_{i+1} - q_i) x (x - q_i) >= 0, along the caster value_i + t rate_i; the caster is separated
// by that edge when it is < 0 at both ends of its range, and by its own line when the three vertices lie strictly
// on one side of it.
template <bool kSegment, bool kLimited>
bool inPlaneMeets(const Caster& caster, double hi, const Triangle& tri) {
  using in_plane::along;
  const int axis = projectionAxis(tri.a, tri.b, tri.c);
  const int sigma = normalSign(tri.a, tri.b, tri.c, axis);
  const auto m = exact::filteredValues(
      [axis](const auto& o, const auto& p, const auto& hi, const auto& a, const auto& b, const auto& c) {
        const auto d = exactDirection<kSegment>(o, p);
        auto edge = [&](const auto& from, const auto& to) {
          const auto e = to - from;
          return std::make_tuple(along(cross(e, o - from), axis), along(cross(e, d), axis));
        };
        const auto sides = std::make_tuple(along(cross(d, a - o), axis), along(cross(d, b - o), axis),
                                           along(cross(d, c - o), axis));
        const auto all = std::tuple_cat(edge(a, b), edge(b, c), edge(c, a), sides);
        if constexpr (kLimited) {
          const auto x = o + scaled(d, hi);
          return std::tuple_cat(all, std::make_tuple(along(cross(b - a, x - a), axis), along(cross(c - b, x - b), axis),
                                                     along(cross(a - c, x - c), axis)));
        } else {
          return all;
        }
      },
      caster.origin, kSegment ? caster.end : caster.direction, kLimited ? hi : 0.0, tri.a, tri.b, tri.c);
  const bool bounded = caster.tMin != -kInfinity;
  for (int i = 0; i < 3; ++i) {
    const auto ends = in_plane::endSigns(bounded, m[2 * i], m[2 * i + 1], kLimited, kLimited ? m[9 + i] : 0);
    if (ends.atStart * sigma < 0 && ends.atEnd * sigma < 0) return false;  // outside edge i all along
  }
  const int s0 = sign(m[6]), s1 = sign(m[7]), s2 = sign(m[8]);
  return !(s0 == s1 && s1 == s2 && s0 != 0);  // all three vertices strictly on one side of the caster's line
}

// The t interval of the caster's line on the segment p0-p1 (a point when p0 == p1), in rounded arithmetic, for a
// caster meetsSegment says meets (so nothing is decided again here): crossing the segment's line, the t of
// origin + t d = p0 + s e by Cramer's rule on the cross products; along it, the segment's ends projected on the
// caster.
inline Span segmentSpan(const Caster& caster, Vec3 p0, Vec3 p1) {
  Span span;  // a zero-length caster: every t (firstHit keeps its start)
  const Vec3 d = caster.direction, e = p1 - p0, w = p0 - caster.origin;
  if (isZero(d)) return span;
  const Vec3 k = cross(d, e);
  if (!isZero(k)) {
    span.enter = span.exit = dot(cross(w, e), k) / dot(k, k);
    return span;
  }
  const double dd = dot(d, d), t0 = dot(w, d) / dd, t1 = dot(w + e, d) / dd;
  span.enter = t0 < t1 ? t0 : t1;
  span.exit = t0 < t1 ? t1 : t0;
  return span;
}

// Whether a caster meets the closed segment q0-q1 (a point when they coincide) within [tMin, hi], exactly.
// Crossing its line (d x e != 0, e = q1 - q0): coplanar (d.((q0 - o) x (q1 - o)) = 0) and, seen along an axis where
// d x e is non-zero, neither the segment strictly on one side of the caster's line nor the caster's range strictly
// on one side of the segment's. Parallel: on the same line (d x (q0 - o) = 0) with the segment's parameters along
// the caster, (q_j - o).d, reaching into the range. A zero-length caster is a point on the segment or not.
template <bool kSegment, bool kLimited>
bool meetsSegment(const Caster& caster, double hi, Vec3 q0, Vec3 q1) {
  using in_plane::along;
  const Vec3 p = kSegment ? caster.end : caster.direction;
  const double limit = kLimited ? hi : 0.0;  // never infinity
  const bool bounded = caster.tMin != -kInfinity;
  if (kSegment && caster.origin == caster.end) {  // a point: on the segment's line, between its ends
    const auto m = exact::filteredValues(
        [](const auto& x, const auto& q0, const auto& q1) {
          const auto e = q1 - q0;
          const auto k = cross(e, x - q0);
          return std::make_tuple(k.x, k.y, k.z, dot(x - q0, e), dot(q1 - x, e));
        },
        caster.origin, q0, q1);
    return m[0] == 0 && m[1] == 0 && m[2] == 0 && m[3] >= 0 && m[4] >= 0 && (q0 != q1 || caster.origin == q0);
  }
  const auto m = exact::filteredValues(
      [](const auto& o, const auto& p, const auto& hi, const auto& q0, const auto& q1) {
        const auto d = exactDirection<kSegment>(o, p);
        const auto n = cross(d, q1 - q0);
        const auto k = cross(d, q0 - o);
        const auto reach = hi * dot(d, d);
        return std::make_tuple(n.x, n.y, n.z, dot(d, cross(q0 - o, q1 - o)), k.x, k.y, k.z, dot(q0 - o, d),
                               dot(q1 - o, d), reach - dot(q0 - o, d), reach - dot(q1 - o, d));
      },
      caster.origin, p, limit, q0, q1);
  const int axis = m[0] != 0 ? 0 : m[1] != 0 ? 1 : m[2] != 0 ? 2 : -1;
  if (axis < 0) {  // parallel (or the segment is a point): on the caster's line, within its range
    if (m[4] != 0 || m[5] != 0 || m[6] != 0) return false;
    const bool behind = bounded && m[7] < 0 && m[8] < 0;
    const bool beyond = kLimited && m[9] < 0 && m[10] < 0;
    return !behind && !beyond;
  }
  if (m[3] != 0) return false;  // not in one plane
  const auto s = exact::filteredValues(
      [axis](const auto& o, const auto& p, const auto& hi, const auto& q0, const auto& q1) {
        const auto d = exactDirection<kSegment>(o, p);
        const auto e = q1 - q0;
        const auto x = o + scaled(d, hi);
        return std::make_tuple(along(cross(d, q0 - o), axis), along(cross(d, q1 - o), axis),
                               along(cross(e, o - q0), axis), along(cross(e, d), axis), along(cross(e, x - q0), axis));
      },
      caster.origin, p, limit, q0, q1);
  const int s0 = sign(s[0]), s1 = sign(s[1]);
  if (s0 == s1 && s0 != 0) return false;  // the segment strictly on one side of the caster's line
  const auto ends = in_plane::endSigns(bounded, s[2], s[3], kLimited, s[4]);
  return !(ends.atStart == ends.atEnd && ends.atStart != 0);  // the caster's range strictly on one side of it
}

}  // namespace c3d
