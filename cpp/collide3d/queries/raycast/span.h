// Span: the parameter interval [enter, exit] in which a caster's line lies inside a convex set, built by clipping
// with one constraint at a time (Cyrus & Beck 1978 line clipping; the slab method of Kay & Kajiya 1986 is the
// axis-aligned case). Each end remembers the face that bounds it, so the hit normal is computed once, at the end.
#pragma once
#include <cmath>
#include <optional>
#include <utility>

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

// The smallest span holding both (the union of two overlapping spans, as the parts of a convex set give).
inline Span hull(const Span& a, const Span& b) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  Span both = a;
  if (b.enter < a.enter) both.enter = b.enter, both.enterFace = b.enterFace;
  if (b.exit > a.exit) both.exit = b.exit, both.exitFace = b.exitFace;
  return both;
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

// The largest parameter a raycast accepts: the caster's own end, or maxDistance when that comes first; none when
// that lies before the caster's start (a ray given a negative maxDistance) or is -infinity (nothing is accepted).
inline std::optional<double> limitOf(const Caster& caster, const RaycastOptions& options) {
  const double hi = options.maxDistance < caster.tMax ? options.maxDistance : caster.tMax;
  if (!(hi >= caster.tMin) || hi == -kInfinity) return std::nullopt;
  return hi;
}

namespace detail {
// The rarely taken limited form of a ray or line, called through a pointer so that it stays out of line.
template <class Fn, class... Args>
[[gnu::noinline]] decltype(auto) callLimited(Fn* limited, const Caster& caster, double hi, Args&&... args) {
  return limited(caster, hi, std::forward<Args>(args)...);
}
}  // namespace detail

// Calls the instance of a raycast's exact predicates for the form the caster takes: `segment` (its direction is its
// end minus its start, exactDirection; its range stops at hi), `limited` (a ray or line given a maxDistance: the
// range stops at hi, where the predicates evaluate the point o + hi d) or `unbounded`. They are passed as function
// pointers, the instances of one template: dispatching through a generic lambda instead made the wasm build 40 %
// slower on ray-OBB (81 -> 115 ns), the limited form being inlined next to the common ones.
template <class Fn, class... Args>
[[gnu::always_inline]] inline decltype(auto) byCasterForm(const Caster& caster, double hi, Fn* segment, Fn* limited,
                                                         Fn* unbounded, Args&&... args) {
  if (caster.hasEnd) return segment(caster, hi, std::forward<Args>(args)...);
  if (hi < kInfinity) return detail::callLimited(limited, caster, hi, std::forward<Args>(args)...);
  return unbounded(caster, hi, std::forward<Args>(args)...);
}

// What a raycast's exact predicates decide about a caster and a closed convex set: whether it meets the set
// within [tMin, hi], and whether it starts inside — runs through the set at its start, in it just before and just
// after (in the interior, or running along a face it lies in); never for a line, which has no start.
struct Meeting {
  bool meets;
  bool startsInside;
};

// The parameter where the caster's line passes nearest the point (0 for a zero-length segment).
inline double nearestParameter(const Caster& caster, Vec3 point) {
  const double dd = dot(caster.direction, caster.direction);
  return dd > 0 ? dot(point - caster.origin, caster.direction) / dd : 0;
}

// A span that rounding left empty although the exact predicates say the caster meets the set (a graze): an
// interval rounding inverted touches at its entry; one emptied altogether (a rounded test that failed) at the one
// parameter where the caster passes closest to the set, closest().
template <class Closest>
[[gnu::always_inline]] inline void grazeIfEmpty(Span& span, int face, Closest&& closest) {
  if (!span.empty()) return;
  if (span.enter < kInfinity) {
    span.exit = span.enter, span.exitFace = span.enterFace;
  } else {
    span.enter = span.exit = closest(), span.enterFace = span.exitFace = face;
  }
}

// The hit on a caster the exact predicates say meets the set within [lo, hi] (lo = tMin), from the rounded span:
// starting inside a solid, the start (options.solid) or the exit — a miss when the caster still runs on inside
// past hi, as endsInside() decides exactly; otherwise the entry. The rounded ends are clamped to the range, so the hit
// follows the exact decisions whatever the rounding of the span (an empty rounded span gives the caster's start).
template <class EndsInside>
[[gnu::always_inline]] inline std::optional<SpanHit> firstHit(const Span& span, const Caster& caster, double hi,
                                                              const RaycastOptions& options, bool startsInside,
                                                              EndsInside&& endsInside) {
  const double lo = caster.tMin;
  // Into the range; a rounded end that overflowed into NaN becomes the range's first finite point (or 0).
  auto clamped = [lo, hi](double t) {
    if (t != t) return lo > -kInfinity ? lo : hi < kInfinity ? hi : 0.0;
    return t < lo ? lo : t > hi ? hi : t;
  };
  if (startsInside) {
    if (options.solid) return SpanHit{lo, kNoFace};
    if (hi < kInfinity && endsInside()) return std::nullopt;
    return SpanHit{clamped(span.exit), span.exitFace};
  }
  if (span.enter >= lo) return SpanHit{clamped(span.enter), span.enterFace};
  // Starting on the surface (the rounded entry fell before the start): the face is the end nearer to it.
  return SpanHit{clamped(lo), lo - span.enter <= span.exit - lo ? span.enterFace : span.exitFace};
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
