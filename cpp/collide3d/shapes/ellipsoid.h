// ellipsoid: the solid { center + R * (x, y, z) : (x/rx)^2 + (y/ry)^2 + (z/rz)^2 <= 1 }. R (`rotation`, column-major,
// columns = the ellipsoid's axes) is the identity when omitted. A zero radius flattens it to an ellipse, a segment or
// a point; all are valid.
#pragma once
#include "collide3d/math/mat3.h"
#include "collide3d/shapes/rotation.h"
#include "collide3d/shapes/shape_type.h"

namespace c3d {

struct Ellipsoid {
  Vec3 center, radii;
  Mat3 rotation;

  static constexpr ShapeType kType = ShapeType::Ellipsoid;
  static constexpr const char* kName = "ellipsoid";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("center", &Ellipsoid::center);
    visit("radii", &Ellipsoid::radii);
    visit("rotation", &Ellipsoid::rotation);
  }
};

inline bool validate(const Ellipsoid& e, Problem& problem) {
  return validateNonNegative(e.radii, "radii", problem) && validateRotation(e.rotation, problem);
}

}  // namespace c3d
