// Validation shared by the shapes that carry a `rotation` frame (ellipsoid, obb).
#pragma once
#include "collide3d/math/mat3.h"
#include "collide3d/shapes/validation.h"

namespace c3d {

inline bool validateRotation(const Mat3& rotation, Problem& problem) {
  const double error = orthonormalityError(rotation);
  if (!(error <= kOrthonormalTolerance)) {
    problem.field.clear() << "rotation";
    problem.message.clear() << "must be orthonormal within 1e-6 (got columns off by " << error << ")";
    return false;
  }
  return true;
}

// Each component of a size vector (radii, halfSize) must be >= 0; `field` is "radii" or "halfSize".
inline bool validateNonNegative(Vec3 size, const char* field, Problem& problem) {
  const char* const axis[3] = {"x", "y", "z"};
  for (int i = 0; i < 3; ++i) {
    const double value = component(size, i);
    if (!(value >= 0)) {
      fail(problem, field, "must be >= 0", value);
      problem.field << "." << axis[i];
      return false;
    }
  }
  return true;
}

}  // namespace c3d
