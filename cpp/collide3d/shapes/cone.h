// cone: the solid capped cone with a disc of `radius` around `base`, perpendicular to apex - base, narrowing to
// `apex`. apex == base is rejected (the disc's orientation is undefined); radius 0 is the segment base-apex.
#pragma once
#include "collide3d/math/vec3.h"
#include "collide3d/shapes/shape_type.h"
#include "collide3d/shapes/sphere.h"
#include "collide3d/shapes/validation.h"

namespace c3d {

struct Cone {
  Vec3 base, apex;
  double radius = 0;

  static constexpr ShapeType kType = ShapeType::Cone;
  static constexpr const char* kName = "cone";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("base", &Cone::base);
    visit("apex", &Cone::apex);
    visit("radius", &Cone::radius);
  }
};

inline bool validate(const Cone& c, Problem& problem) {
  if (c.base == c.apex) return fail(problem, "apex", "must differ from base", c.apex);
  return validateRadius(c.radius, problem);
}

}  // namespace c3d
