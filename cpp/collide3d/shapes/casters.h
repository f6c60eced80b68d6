// ray, line and segment: the three parametric casters origin + t * direction, differing only in their t range.
// Ray: t >= 0. Line: every real t. Segment (three.js Line3): start + t * (end - start), t in [0, 1].
#pragma once
#include <limits>

#include "collide3d/math/vec3.h"
#include "collide3d/shapes/shape_type.h"
#include "collide3d/shapes/validation.h"

namespace c3d {

struct Ray {
  Vec3 origin, direction;

  static constexpr ShapeType kType = ShapeType::Ray;
  static constexpr const char* kName = "ray";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("origin", &Ray::origin);
    visit("direction", &Ray::direction);
  }
};

struct Line {
  Vec3 origin, direction;

  static constexpr ShapeType kType = ShapeType::Line;
  static constexpr const char* kName = "line";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("origin", &Line::origin);
    visit("direction", &Line::direction);
  }
};

struct Segment {
  Vec3 start, end;

  static constexpr ShapeType kType = ShapeType::Segment;
  static constexpr const char* kName = "segment";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("start", &Segment::start);
    visit("end", &Segment::end);
  }
};

inline bool validateDirection(Vec3 direction, Problem& problem) {
  if (isZero(direction)) return fail(problem, "direction", "must be non-zero", direction);
  return true;
}
inline bool validate(const Ray& ray, Problem& problem) { return validateDirection(ray.direction, problem); }
inline bool validate(const Line& line, Problem& problem) { return validateDirection(line.direction, problem); }
inline bool validate(const Segment&, Problem&) { return true; }  // a zero-length segment is a point

// The common form every caster reduces to: the points origin + t * direction for t in [tMin, tMax]. A segment also
// keeps its exact end point (origin + direction rounds), so decisions at its end agree with the other queries.
struct Caster {
  Vec3 origin, direction;
  double tMin, tMax;
  bool hasEnd = false;
  Vec3 end;
};

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// A caster's direction as exact predicates see it, from its origin and p (its end for a segment, else its
// direction): a segment's end minus its start, exactly, rather than the rounded difference the Caster holds.
template <bool kSegment, class O, class P>
auto exactDirection(const O& origin, const P& p) {
  if constexpr (kSegment) {
    return p - origin;
  } else {
    return p;
  }
}

// The caster's point at parameter t; a segment's end is returned exactly.
constexpr Vec3 pointOf(const Caster& caster, double t) {
  return caster.hasEnd && t == 1 ? caster.end : pointAt(caster.origin, caster.direction, t);
}

constexpr Caster toCaster(const Ray& r) { return {r.origin, r.direction, 0.0, kInfinity, false, {}}; }
constexpr Caster toCaster(const Line& l) { return {l.origin, l.direction, -kInfinity, kInfinity, false, {}}; }
constexpr Caster toCaster(const Segment& s) { return {s.start, s.end - s.start, 0.0, 1.0, true, s.end}; }

}  // namespace c3d
