// Caster against a solid capped cylinder, derived from its definition: the points p with
//   0 <= (p - start).e <= e.e              (between the caps; e = end - start)
//   |(p - start) x e|^2 <= r^2 (e.e)        (within r of the axis)
// Along the caster p = o + t d, the first is a slab in t and the second a quadratic A t^2 + 2 B t + C <= 0 with
// m = d x e, n = (o - start) x e: A = m.m, B = m.n, C = n.n - r^2 e.e. Its discriminant B^2 - AC is taken as
// A r^2 (e.e) - |m x n|^2 (Lagrange's identity), exact for a caster through the axis of a zero-radius cylinder.
// A = 0 means the caster runs parallel to the axis: inside the infinite cylinder everywhere or nowhere.
// Faces: 0 the side, 1 the start cap, 2 the end cap.
#pragma once
#include <cmath>
#include <optional>

#include "collide3d/queries/raycast/span.h"
#include "collide3d/shapes/cylinder.h"

namespace c3d {

inline Span cylinderSpan(const Caster& caster, const Cylinder& cylinder) {
  const Vec3 e = cylinder.end - cylinder.start;
  const Vec3 w = caster.origin - cylinder.start;
  const double ee = dot(e, e);
  Span span;
  clipSlab(span, dot(w, e), dot(caster.direction, e), 0, ee, 1, 2);
  if (span.empty()) return span;
  const Vec3 m = cross(caster.direction, e), n = cross(w, e);
  const double A = dot(m, m), B = dot(m, n), C = dot(n, n) - cylinder.radius * cylinder.radius * ee;
  if (A == 0) {
    if (C > 0) span.makeEmpty();
    return span;
  }
  const double discriminant = A * cylinder.radius * cylinder.radius * ee - lengthSquared(cross(m, n));
  if (discriminant < 0) {
    span.makeEmpty();
    return span;
  }
  const double q = -(B + std::copysign(std::sqrt(discriminant), B));
  const double r0 = q != 0 ? q / A : 0, r1 = q != 0 ? C / q : 0;
  span.keepAtLeast(std::fmin(r0, r1), 0);
  span.keepAtMost(std::fmax(r0, r1), 0);
  return span;
}

inline Vec3 cylinderNormal(const Cylinder& cylinder, int face, Vec3 point, Vec3 fallback) {
  const Vec3 e = cylinder.end - cylinder.start;
  if (face == 1) return -e * (1.0 / length(e));
  if (face == 2) return e * (1.0 / length(e));
  const Vec3 w = point - cylinder.start;
  return normalizedOr(w - e * (dot(w, e) / dot(e, e)), fallback);
}

inline std::optional<RaycastHit> raycast(const Caster& caster, const Cylinder& cylinder,
                                         const RaycastOptions& options) {
  const double scale = rangeScale(caster.direction);
  Caster scaled = caster;
  scaled.direction = caster.direction * scale;
  const auto hit = firstHit(unscaled(cylinderSpan(scaled, cylinder), scale), caster, options);
  if (!hit) return std::nullopt;
  RaycastHit result = makeHit(caster, hit->t, {});
  result.normal = hit->face == kNoFace ? insideNormal(caster)
                                       : cylinderNormal(cylinder, hit->face, result.point, insideNormal(caster));
  return result;
}

}  // namespace c3d
