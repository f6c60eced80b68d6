// aabb: the solid axis-aligned box min <= p <= max (three.js Box3). min == max on an axis flattens it; all equal is a
// point. min > max on any axis (three.js's "empty" box) is rejected: the box would hold no point at all.
#pragma once
#include <cmath>

#include "collide3d/math/vec3.h"
#include "collide3d/shapes/shape_type.h"
#include "collide3d/shapes/validation.h"

namespace c3d {

struct Aabb {
  Vec3 min, max;

  static constexpr ShapeType kType = ShapeType::Aabb;
  static constexpr const char* kName = "aabb";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("min", &Aabb::min);
    visit("max", &Aabb::max);
  }
};

// Why a box is rejected: min > max on `axis` (0, 1, 2).
[[gnu::cold, gnu::noinline]] inline bool failOrder(Problem& problem, int axis, double lo, double hi) {
  const char* const name[3] = {"x", "y", "z"};
  problem.field.clear() << "min." << name[axis];
  problem.message.clear() << "must be <= max." << name[axis] << " = " << hi << " (got " << lo << ")";
  return false;
}

inline bool validate(const Aabb& box, Problem& problem) {
  for (int i = 0; i < 3; ++i) {
    const double lo = component(box.min, i), hi = component(box.max, i);
    if (!(lo <= hi)) return failOrder(problem, i, lo, hi);
  }
  return true;
}

// The point of the box lo <= p <= hi nearest to p: p clamped on each axis (Ericson §5.1.3). Shared by every
// ball-versus-box query, so they all measure the same gap.
inline Vec3 clampToBox(Vec3 p, Vec3 lo, Vec3 hi) {
  return {std::fmin(std::fmax(p.x, lo.x), hi.x), std::fmin(std::fmax(p.y, lo.y), hi.y),
          std::fmin(std::fmax(p.z, lo.z), hi.z)};
}

constexpr Vec3 center(const Aabb& box) { return (box.min + box.max) * 0.5; }
constexpr Vec3 halfSize(const Aabb& box) { return (box.max - box.min) * 0.5; }

}  // namespace c3d
