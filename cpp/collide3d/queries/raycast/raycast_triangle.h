// Caster against a closed triangle.
// - Crossing the plane: Möller & Trumbore 1997, "Fast, Minimum Storage Ray/Triangle Intersection". Its
//   determinants (det, u det, v det, (1 - u - v) det, t det) are polynomials in the inputs whose signs are decided
//   exactly (exact/filtered_sign.h), before any division: a hit on an edge or a vertex is decided as exact
//   arithmetic would, and counted.
// - Parallel to a non-degenerate triangle (det exactly 0): a miss, unless the caster lies in its plane (exactly);
//   then it hits where it first enters the triangle (raycast_in_plane.h: decided exactly, t clipped in rounded
//   arithmetic).
// - Zero-area triangle: it is the segment of its longest edge (or a point), cast against as such
//   (raycast_in_plane.h, likewise).
// backfaceCulling keeps only hits through the front face (the caster's direction against (b-a) x (c-a));
// casters parallel to the plane, and degenerate triangles, have no front face and are then culled.
#pragma once
#include <algorithm>
#include <array>
#include <optional>
#include <tuple>

#include "collide3d/math/exact/filtered_lanes.h"
#include "collide3d/queries/raycast/raycast_in_plane.h"
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

namespace moller_trumbore {

// Möller–Trumbore's determinants as polynomials of the inputs (o origin, p the end or the direction, a b c the
// triangle), sharing its two cross products: det, u det, v det, (1 - u - v) det, t det and, for a caster limited
// to t <= hi, (hi - t) det.
template <bool kSegment, bool kLimited>
constexpr auto kDeterminants = [](const auto& o, const auto& p, const auto& hi, const auto& a, const auto& b,
                                  const auto& c) {
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
  if constexpr (kLimited) {
    return std::make_tuple(det, u, v, det - u - v, t, hi * det - t);
  } else {
    return std::make_tuple(det, u, v, det - u - v, t);
  }
};

// The lanes where the determinants, on SIMD lanes with their error bounds (exact/filtered_lanes.h), prove that the
// caster misses the triangle as the exact predicates decide it: crossing the plane (det's sign proven), when u det,
// v det or (1 - u - v) det, or from t = 0 (`fromZero`) t det, is proven of det's opposite sign; with backface
// culling, also when det < 0 is proven. Casters are o then p (direction, or a segment's end), triangles a, b, c. For
// the batch (batch/raycast_lanes.h) and a mesh's leaves (mesh/triangle_mesh.h).
template <class V, bool kSegment, class Mask>
Mask provenMisses(const exact::V3<V>& o, const exact::V3<V>& p, const exact::V3<V>& a, const exact::V3<V>& b,
                  const exact::V3<V>& c, Mask fromZero, bool culling) {
  const auto m = exact::filteredLanes<V>(kDeterminants<kSegment, false>, o, p, V{}, a, b, c);
  const auto& [det, u, v, w, t] = m;
  const Mask culled = culling ? Mask{} == Mask{} : Mask{};
  return (det.positive() & (u.negative() | v.negative() | w.negative() | (t.negative() & fromZero))) |
         (det.negative() & (u.positive() | v.positive() | w.positive() | (t.positive() & fromZero) | culled));
}

// The caster against the triangle, every sign exact (exact::filteredValues). Crossing the plane (det != 0), it
// meets the closed triangle when u det, v det and (1 - u - v) det are each 0 or of det's sign, and t is in the
// caster's range (t det, and for a limited caster (hi - t) det, likewise). Edges and vertices count; a triangle
// sharing an edge with another sees a caster through that edge exactly as the other does (the edge's determinant
// is the same polynomial up to sign), so a closed mesh is watertight.
template <size_t kCount>
Span crossingSpan(const Caster& caster, double hi, const std::array<double, kCount>& m, double& u, double& v) {
  const double det = m[0];
  const int side = sign(det);
  auto within = [side](double value) { return sign(value) != -side; };
  const bool bounded = caster.tMin != -kInfinity;  // rays and segments start at t = 0
  Span span;
  if (!within(m[1]) || !within(m[2]) || !within(m[3]) || (bounded && !within(m[4])) ||
      (kCount == 6 && !within(m[kCount - 1]))) {
    span.makeEmpty();
    return span;
  }
  // t in the caster's range as the exact signs say, whatever the rounding of the quotient.
  const double t = m[4] / det;
  span.enter = span.exit = t < caster.tMin ? caster.tMin : t > hi ? hi : t;
  u = m[1] / det, v = m[2] / det;
  return span;
}

}  // namespace moller_trumbore

// Where the caster lies in the triangle within [tMin, hi]: a single t when it crosses the plane (det != 0: its sign
// is the face met, > 0 the front), an interval when it lies in the plane or along a zero-area triangle; empty
// exactly when the exact predicates say it misses. When crossing, u and v are the hit's barycentric weights.
template <bool kSegment, bool kLimited>
Span triangleSpanAs(const Caster& caster, double hi, const Triangle& tri, double& det, double& u, double& v) {
  const auto m = exact::filteredValues(moller_trumbore::kDeterminants<kSegment, kLimited>, caster.origin,
                                       kSegment ? caster.end : caster.direction, kLimited ? hi : 0.0, tri.a, tri.b,
                                       tri.c);  // hi: never infinity
  det = m[0];
  if (det != 0) return moller_trumbore::crossingSpan(caster, hi, m, u, v);
  Span span;
  if (degenerate(tri)) {
    const Segment covering = coveringSegment(tri);
    if (!meetsSegment<kSegment, kLimited>(caster, hi, covering.start, covering.end)) {
      span.makeEmpty();
      return span;
    }
    return segmentSpan(caster, covering.start, covering.end);
  }
  if (orient3d(tri.a, tri.b, tri.c, caster.origin) != 0 || !inPlaneMeets<kSegment, kLimited>(caster, hi, tri)) {
    span.makeEmpty();
    return span;
  }
  const Vec3 normal = unitFaceNormal(tri);
  for (int i = 0; i < 3; ++i) {
    const Vec3 from = vertex(tri, i), to = vertex(tri, (i + 1) % 3);
    const Vec3 inward = cross(normal, to - from);
    clipHalfSpace(span, dot(inward, caster.origin - from), dot(inward, caster.direction), i);
  }
  grazeIfEmpty(span, kNoFace, [&] { return nearestParameter(caster, (tri.a + tri.b + tri.c) * (1.0 / 3)); });
  return span;
}

inline Span triangleSpan(const Caster& caster, double hi, const Triangle& tri, double& det, double& u, double& v) {
  return byCasterForm(caster, hi, triangleSpanAs<true, true>, triangleSpanAs<false, true>,
                      triangleSpanAs<false, false>, tri, det, u, v);
}

// The part of a segment in the triangle, as parameters along it in [0, 1] (empty exactly when they do not meet). The
// exact predicates decide within [0, 1]; the rounded span's ends are clamped to it, not clipped, so a segment that
// touches the triangle at one of its ends keeps that end when its rounded parameter falls just beyond it.
inline Span segmentSpanIn(const Segment& s, const Triangle& tri) {
  double det = 0, u = 0, v = 0;
  Span span = triangleSpan(toCaster(s), 1, tri, det, u, v);
  if (span.empty()) return span;
  span.enter = std::clamp(span.enter, 0.0, 1.0), span.exit = std::clamp(span.exit, 0.0, 1.0);
  return span;
}

inline std::optional<RaycastHit> raycast(const Caster& caster, const Triangle& tri, const RaycastOptions& options) {
  const auto hi = limitOf(caster, options);
  if (!hi) return std::nullopt;
  double det = 0, u = 0, v = 0;
  const Span span = triangleSpan(caster, *hi, tri, det, u, v);
  if (span.empty()) return std::nullopt;
  if (options.backfaceCulling && !(det > 0)) return std::nullopt;
  // A flat set has no inside to start in: the first point in it is the hit.
  const auto hit = firstHit(span, caster, *hi, options, false, [] { return false; });
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
  result.normal = unitFaceNormal(tri) * (det < 0 ? -1.0 : 1.0);
  if (det != 0) {
    result.u = u, result.v = v;
  } else {
    barycentric(tri, result.point, result.u, result.v);
  }
  return result;
}

}  // namespace c3d
