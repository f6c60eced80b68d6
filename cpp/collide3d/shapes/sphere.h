// sphere: the solid ball of `radius` around `center` (three.js Sphere). Radius 0 is the point `center`.
#pragma once
#include "collide3d/math/vec3.h"
#include "collide3d/shapes/shape_type.h"
#include "collide3d/shapes/validation.h"

namespace c3d {

struct Sphere {
  Vec3 center;
  double radius = 0;

  static constexpr ShapeType kType = ShapeType::Sphere;
  static constexpr const char* kName = "sphere";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("center", &Sphere::center);
    visit("radius", &Sphere::radius);
  }
};

inline bool validateRadius(double radius, Problem& problem) {
  if (!(radius >= 0)) return fail(problem, "radius", "must be >= 0", radius);
  return true;
}
inline bool validate(const Sphere& s, Problem& problem) { return validateRadius(s.radius, problem); }

}  // namespace c3d
