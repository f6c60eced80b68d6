// cylinder: the solid finite cylinder of `radius` around the segment start-end, closed by flat caps.
// start == end is rejected (the axis, so the caps' orientation, is undefined); radius 0 is the segment itself.
#pragma once
#include "collide3d/math/vec3.h"
#include "collide3d/shapes/shape_type.h"
#include "collide3d/shapes/sphere.h"
#include "collide3d/shapes/validation.h"

namespace c3d {

struct Cylinder {
  Vec3 start, end;
  double radius = 0;

  static constexpr ShapeType kType = ShapeType::Cylinder;
  static constexpr const char* kName = "cylinder";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("start", &Cylinder::start);
    visit("end", &Cylinder::end);
    visit("radius", &Cylinder::radius);
  }
};

inline bool validate(const Cylinder& c, Problem& problem) {
  if (c.start == c.end) return fail(problem, "end", "must differ from start", c.end);
  return validateRadius(c.radius, problem);
}

}  // namespace c3d
