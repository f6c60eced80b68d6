// Caster against a closed triangle.
// - Crossing the plane: Möller & Trumbore 1997, "Fast, Minimum Storage Ray/Triangle Intersection". The edge tests
//   compare the numerators u*det, v*det, (u+v)*det against 0 and det before any division, so a hit exactly on an
//   edge or a vertex is decided by the sign of exactly computed products whenever they are exact (small integer or
//   dyadic coordinates), and is counted.
// - Parallel to a non-degenerate triangle: a miss, unless the caster lies in its plane; then it hits where it first
//   enters the triangle, found by clipping the caster with the three edges' inward half-planes (Cyrus & Beck 1978).
// - Zero-area triangle: it is the segment of its longest edge (or a point), cast against as such.
// backfaceCulling keeps only hits through the front face (the caster's direction against (b-a) x (c-a));
// casters parallel to the plane, and degenerate triangles, have no front face and are then culled.
#pragma once
#include <optional>

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

// Where the caster's line lies in the triangle: a single t when it crosses the plane, an interval when it lies in
// the plane, empty otherwise. `crossing` tells which of the two it was; when crossing, u and v are the hit's
// barycentric weights.
inline Span triangleSpan(const Caster& caster, const Triangle& tri, bool& crossing, double& u, double& v) {
  const Vec3 e1 = tri.b - tri.a, e2 = tri.c - tri.a;
  const Vec3 p = cross(caster.direction, e2);
  const double det = dot(e1, p);
  Span span;
  crossing = det != 0;
  if (crossing) {
    // A caster starting, or a segment ending, exactly at a vertex meets the plane only there: decided by identity,
    // whatever the rounding of the products below (meshes share vertices).
    for (int i = 0; i < 3; ++i) {
      const bool atStart = caster.origin == vertex(tri, i), atEnd = caster.hasEnd && caster.end == vertex(tri, i);
      if (atStart || atEnd) {
        span.enter = span.exit = atStart ? 0 : 1;
        u = i == 1 ? 1 : 0, v = i == 2 ? 1 : 0;
        return span;
      }
    }
    const Vec3 s = caster.origin - tri.a;
    const Vec3 q = cross(s, e1);
    const double uDet = dot(s, p), vDet = dot(caster.direction, q);
    const bool inside = det > 0 ? (uDet >= 0 && vDet >= 0 && uDet + vDet <= det)
                                : (uDet <= 0 && vDet <= 0 && uDet + vDet >= det);
    if (!inside) {
      span.makeEmpty();
    } else {
      span.enter = span.exit = dot(e2, q) / det;
      u = uDet / det, v = vDet / det;
    }
    return span;
  }
  const Vec3 normal = cross(e1, e2);
  if (isZero(normal)) {
    const Segment covering = coveringSegment(tri);
    return segmentSpan(caster, covering.start, covering.end);
  }
  if (dot(caster.origin - tri.a, normal) != 0) {
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

inline std::optional<RaycastHit> raycast(const Caster& caster, const Triangle& tri, const RaycastOptions& options) {
  bool crossing = false;
  double u = 0, v = 0;
  const Span span = triangleSpan(caster, tri, crossing, u, v);
  if (span.empty()) return std::nullopt;
  const Vec3 normal = faceNormal(tri);
  const double facing = dot(caster.direction, normal);
  if (options.backfaceCulling && !(crossing && facing < 0)) return std::nullopt;
  RaycastOptions flat = options;
  flat.solid = true;  // a flat set has no inside to leave: the first point in it is the hit
  const auto hit = firstHit(span, caster, flat);
  if (!hit) return std::nullopt;
  RaycastHit result = makeHit(caster, hit->t, {});
  result.hasBarycentric = true;
  result.frontFace = facing < 0;
  if (isZero(normal)) {
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
  result.normal = normal * ((facing > 0 ? -1.0 : 1.0) / length(normal));
  if (crossing) {
    result.u = u, result.v = v;
  } else {
    barycentric(tri, result.point, result.u, result.v);
  }
  return result;
}

}  // namespace c3d
