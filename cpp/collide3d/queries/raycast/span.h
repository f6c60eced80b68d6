// Span: the parameter interval [enter, exit] in which a caster's line lies inside a convex set, built by clipping
// with one constraint at a time (Cyrus & Beck 1978 line clipping; the slab method of Kay & Kajiya 1986 is the
// axis-aligned case). Each end remembers the face that bounds it, so the hit normal is computed once, at the end.
#pragma once
#include <cmath>
#include <optional>

#include "collide3d/queries/results.h"
#include "collide3d/shapes/casters.h"

namespace c3d {

constexpr int kNoFace = -1;  // a span end not bounded by any face (or a caster that starts inside)

struct Span {
  double enter = -kInfinity, exit = kInfinity;
  int enterFace = kNoFace, exitFace = kNoFace;

  bool empty() const { return enter > exit; }
  void makeEmpty() { enter = kInfinity, exit = -kInfinity; }
  void keepAtLeast(double t, int face) {
    if (t > enter) enter = t, enterFace = face;
  }
  void keepAtMost(double t, int face) {
    if (t < exit) exit = t, exitFace = face;
  }
};

// Brings a span computed in rounded arithmetic in line with an exact decision that the caster hits: an interval
// that rounding left inverted closes to its entry, and ends rounded just outside the caster's range come back to
// it, so firstHit finds the hit.
inline void agreeWithHit(Span& span, const Caster& caster) {
  if (span.exit < span.enter) span.exit = span.enter, span.exitFace = span.enterFace;
  if (span.exit < caster.tMin) span.exit = caster.tMin;
  if (span.enter > caster.tMax) span.enter = caster.tMax;
  if (span.enter > span.exit) span.enter = span.exit;
}

// Keeps the t where lo <= origin + t * direction <= hi, for one coordinate of the line.
inline void clipSlab(Span& span, double origin, double direction, double lo, double hi, int loFace, int hiFace) {
  if (direction == 0) {
    if (origin < lo || origin > hi) span.makeEmpty();
    return;
  }
  const double tLo = (lo - origin) / direction, tHi = (hi - origin) / direction;
  if (tLo <= tHi) {
    span.keepAtLeast(tLo, loFace);
    span.keepAtMost(tHi, hiFace);
  } else {
    span.keepAtLeast(tHi, hiFace);
    span.keepAtMost(tLo, loFace);
  }
}

// Keeps the t where value + t * rate >= 0 (one half-space of a convex polygon or polyhedron).
inline void clipHalfSpace(Span& span, double value, double rate, int face) {
  if (rate == 0) {
    if (value < 0) span.makeEmpty();
  } else if (rate > 0) {
    span.keepAtLeast(-value / rate, face);
  } else {
    span.keepAtMost(-value / rate, face);
  }
}

// The span measured in a scaled direction's parameter, back in the caster's.
inline Span unscaled(Span span, double scale) {
  if (scale != 1 && !span.empty()) span.enter *= scale, span.exit *= scale;
  return span;
}

struct SpanHit {
  double t;
  int face;  // kNoFace: the caster starts inside a solid
};

// The first accepted parameter of the caster within the span, following RaycastOptions::solid and maxDistance.
inline std::optional<SpanHit> firstHit(const Span& span, const Caster& caster, const RaycastOptions& options) {
  const double lo = caster.tMin, hi = caster.tMax < options.maxDistance ? caster.tMax : options.maxDistance;
  if (span.empty() || lo > hi) return std::nullopt;
  if (span.enter >= lo) {
    if (span.enter > hi) return std::nullopt;
    return SpanHit{span.enter, span.enterFace};
  }
  if (span.exit < lo) return std::nullopt;  // the whole span lies behind the caster's start
  if (span.exit == lo) return SpanHit{lo, span.exitFace};  // starting on the surface it is leaving: touching there
  if (options.solid) return SpanHit{lo, kNoFace};
  if (span.exit > hi) return std::nullopt;
  return SpanHit{span.exit, span.exitFace};
}

// The normal reported when the caster starts inside a solid: there is no surface at the start, so it opposes the
// direction of travel.
inline Vec3 insideNormal(const Caster& caster) { return normalizedOr(-caster.direction, {0, 0, 1}); }

inline RaycastHit makeHit(const Caster& caster, double t, Vec3 normal) {
  RaycastHit hit;
  hit.t = t;
  hit.point = pointOf(caster, t);
  hit.normal = normal;
  return hit;
}

}  // namespace c3d
