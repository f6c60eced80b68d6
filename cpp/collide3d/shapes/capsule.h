// capsule: every point within `radius` of the segment start-end. start == end is a ball.
#pragma once
#include "collide3d/math/vec3.h"
#include "collide3d/shapes/shape_type.h"
#include "collide3d/shapes/sphere.h"
#include "collide3d/shapes/validation.h"

namespace c3d {

struct Capsule {
  Vec3 start, end;
  double radius = 0;

  static constexpr ShapeType kType = ShapeType::Capsule;
  static constexpr const char* kName = "capsule";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("start", &Capsule::start);
    visit("end", &Capsule::end);
    visit("radius", &Capsule::radius);
  }
};

inline bool validate(const Capsule& c, Problem& problem) { return validateRadius(c.radius, problem); }

}  // namespace c3d
