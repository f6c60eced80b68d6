// Caster against a closed triangle.
// - Crossing the plane: Möller & Trumbore 1997, "Fast, Minimum Storage Ray/Triangle Intersection". Its
//   determinants (det, u det, v det, (1 - u - v) det, t det) are polynomials in the inputs whose signs are decided
//   exactly (exact/filtered_sign.h), before any division: a hit on an edge or a vertex is decided as exact
//   arithmetic would, and counted.
// - Parallel to a non-degenerate triangle (det exactly 0): a miss, unless the caster lies in its plane (exactly);
//   then it hits where it first enters the triangle, found by clipping the caster with the three edges' inward
//   half-planes (Cyrus & Beck 1978) in rounded arithmetic.
// - Zero-area triangle: it is the segment of its longest edge (or a point), cast against as such.
// backfaceCulling keeps only hits through the front face (the caster's direction against (b-a) x (c-a));
// casters parallel to the plane, and degenerate triangles, have no front face and are then culled.
#pragma once
#include <array>
#include <optional>
#include <tuple>

#include "collide3d/queries/raycast/span.h"
#include "collide3d/shapes/triangle.h"

namespace c3d {

// Barycentric weights (u of b, v of c) of a point in the triangle's plane (Ericson, Real-Time Collision Detection
// §3.4, Cramer's rule on the edge vectors). Precondition: the triangle has non-zero area.
inline void barycentric(const Triangle& tri, Vec3 p, double& u, double& v) {
  const Vec3 e1 = tri.b - tri.a, e2 = tri.c - tri.a, w = p - tri.a;
  const double d11 = dot(e1, e1), d12 = dot(e1, e2), d22 = dot(e2, e2), dw1 = dot(w, e1), dw2 = dot(w, e2);
  const double det = d11 * d22 - d12 * d12;
  u = (d22 * dw1 - d12 * dw2) / det;
  v = (d11 * dw2 - d12 * dw1) / det;
}

// The t interval of the caster's line on the segment p0-p1 (a point when p0 == p1); empty unless the line meets it.
// Solves origin + t d = p0 + s e: coplanar when w.(d x e) = 0, then t and s by Cramer's rule on the cross products;
// for a line parallel to the segment, collinear when w x d = 0, then the segment's ends projected on the line.
inline Span segmentSpan(const Caster& caster, Vec3 p0, Vec3 p1) {
  Span span;
  const Vec3 d = caster.direction, e = p1 - p0, w = p0 - caster.origin;
  if (isZero(d)) {  // a zero-length segment: the point lies on p0-p1 or not
    const double along = -dot(w, e);
    if (!isZero(cross(w, e)) || along < 0 || along > dot(e, e) || (isZero(e) && !isZero(w))) span.makeEmpty();
    return span;
  }
  const Vec3 k = cross(d, e);
  if (!isZero(k)) {
    const double kk = dot(k, k);
    const double s = dot(cross(w, d), k) / kk;
    if (dot(w, k) != 0 || s < 0 || s > 1) {
      span.makeEmpty();
    } else {
      span.enter = span.exit = dot(cross(w, e), k) / kk;
    }
    return span;
  }
  if (!isZero(cross(w, d))) {
    span.makeEmpty();
    return span;
  }
  const double dd = dot(d, d), t0 = dot(w, d) / dd, t1 = dot(w + e, d) / dd;
  span.enter = t0 < t1 ? t0 : t1;
  span.exit = t0 < t1 ? t1 : t0;
  return span;
}

namespace moller_trumbore {

// Möller–Trumbore's determinants as polynomials of the inputs (o origin, p the end or the direction, a b c the
// triangle), sharing its two cross products: det, u det, v det, (1 - u - v) det, t det and (1 - t) det.
template <bool kSegment>
constexpr auto kDeterminants = [](const auto& o, const auto& p, const auto& a, const auto& b, const auto& c) {
  const auto d = exactDirection<kSegment>(o, p);
  const auto e1 = b - a;
  const auto e2 = c - a;
  const auto s = o - a;
  const auto pv = cross(d, e2);
  const auto qv = cross(s, e1);
  const auto det = dot(e1, pv);
  const auto u = dot(s, pv);
  const auto v = dot(d, qv);
  const auto t = dot(e2, qv);
  return std::make_tuple(det, u, v, det - u - v, t, det - t);
};

// The caster against the triangle, every sign exact (exact::filteredValues). Crossing the plane (det != 0), it
// meets the closed triangle when u det, v det and (1 - u - v) det are each 0 or of det's sign, and t is in the
// caster's range (t det, and for a segment (1 - t) det, likewise). Edges and vertices count; a triangle sharing an
// edge with another sees a caster through that edge exactly as the other does (the edge's determinant is the same
// polynomial up to sign), so a closed mesh is watertight.
template <bool kSegment>
Span crossingSpan(const Caster& caster, const std::array<double, 6>& m, double& u, double& v) {
  const double det = m[0];
  const int side = sign(det);
  auto within = [side](double value) { return sign(value) != -side; };
  const bool bounded = caster.tMin != -kInfinity;  // rays and segments start at t = 0
  Span span;
  if (!within(m[1]) || !within(m[2]) || !within(m[3]) || (bounded && !within(m[4])) || (kSegment && !within(m[5]))) {
    span.makeEmpty();
    return span;
  }
  // t in the caster's range as the exact signs say, whatever the rounding of the quotient.
  double t = m[4] / det;
  if (bounded) t = std::fmax(t, 0.0);
  if (kSegment) t = std::fmin(t, 1.0);
  span.enter = span.exit = t;
  u = m[1] / det, v = m[2] / det;
  return span;
}

}  // namespace moller_trumbore

// Where the caster's line lies in the triangle: a single t when it crosses the plane (det != 0: its sign is the
// face met, > 0 the front), an interval when it lies in the plane, empty otherwise. When crossing, u and v are the
// hit's barycentric weights.
inline Span triangleSpan(const Caster& caster, const Triangle& tri, double& det, double& u, double& v) {
  const Vec3 e1 = tri.b - tri.a, e2 = tri.c - tri.a;
  using namespace moller_trumbore;
  const Vec3 p = caster.hasEnd ? caster.end : caster.direction;
  const std::array<double, 6> m = caster.hasEnd
      ? exact::filteredValues(kDeterminants<true>, caster.origin, p, tri.a, tri.b, tri.c)
      : exact::filteredValues(kDeterminants<false>, caster.origin, p, tri.a, tri.b, tri.c);
  det = m[0];
  if (det != 0) return caster.hasEnd ? crossingSpan<true>(caster, m, u, v) : crossingSpan<false>(caster, m, u, v);
  Span span;
  const Vec3 normal = cross(e1, e2);
  if (degenerate(tri)) {
    const Segment covering = coveringSegment(tri);
    return segmentSpan(caster, covering.start, covering.end);
  }
  if (orient3d(tri.a, tri.b, tri.c, caster.origin) != 0) {
    span.makeEmpty();
    return span;
  }
  for (int i = 0; i < 3 && !span.empty(); ++i) {
    const Vec3 from = vertex(tri, i), to = vertex(tri, (i + 1) % 3);
    const Vec3 inward = cross(normal, to - from);
    clipHalfSpace(span, dot(inward, caster.origin - from), dot(inward, caster.direction), i);
  }
  return span;
}

// The part of a segment in the triangle, as parameters along it in [0, 1] (empty when they do not meet).
inline Span segmentSpanIn(const Segment& s, const Triangle& tri) {
  double det = 0, u = 0, v = 0;
  Span span = triangleSpan(toCaster(s), tri, det, u, v);
  span.keepAtLeast(0, kNoFace);
  span.keepAtMost(1, kNoFace);
  return span;
}

inline std::optional<RaycastHit> raycast(const Caster& caster, const Triangle& tri, const RaycastOptions& options) {
  double det = 0, u = 0, v = 0;
  const Span span = triangleSpan(caster, tri, det, u, v);
  if (span.empty()) return std::nullopt;
  if (options.backfaceCulling && !(det > 0)) return std::nullopt;
  RaycastOptions flat = options;
  flat.solid = true;  // a flat set has no inside to leave: the first point in it is the hit
  const auto hit = firstHit(span, caster, flat);
  if (!hit) return std::nullopt;
  RaycastHit result = makeHit(caster, hit->t, {});
  result.hasBarycentric = true;
  result.frontFace = det > 0;
  if (det == 0 && degenerate(tri)) {  // a caster crossing the plane (det != 0) proves the triangle has area
    result.normal = insideNormal(caster);  // a segment or a point has no face normal: oppose the caster
    // Weights along the covering edge; three coincident vertices put the whole weight on a.
    const Edge edge = coveringEdge(tri);
    const Vec3 from = vertex(tri, edge.from), e = vertex(tri, edge.to) - from;
    const double s = isZero(e) ? 0 : dot(result.point - from, e) / dot(e, e);
    double weight[3] = {0, 0, 0};
    weight[edge.from] += 1 - s;
    weight[edge.to] += s;
    result.u = weight[1], result.v = weight[2];
    return result;
  }
  const Vec3 normal = faceNormal(tri);
  result.normal = normal * ((det < 0 ? -1.0 : 1.0) / length(normal));
  if (det != 0) {
    result.u = u, result.v = v;
  } else {
    barycentric(tri, result.point, result.u, result.v);
  }
  return result;
}

}  // namespace c3d
