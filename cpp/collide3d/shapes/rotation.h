// Validation shared by the shapes that carry a `rotation` frame (ellipsoid, obb).
#pragma once
#include "collide3d/math/mat3.h"
#include "collide3d/shapes/validation.h"

namespace c3d {

[[gnu::cold, gnu::noinline]] inline bool failRotation(Problem& problem, double error) {
  problem.field.clear() << "rotation";
  problem.message.clear() << "must be orthonormal within 1e-6 (got columns off by " << error << ")";
  return false;
}
inline bool validateRotation(const Mat3& rotation, Problem& problem) {
  const double error = orthonormalityError(rotation);
  return error <= kOrthonormalTolerance || failRotation(problem, error);
}

// Each component of a size vector (radii, halfSize) must be >= 0; `field` is "radii" or "halfSize".
[[gnu::cold, gnu::noinline]] inline bool failNegative(Problem& problem, const char* field, int axis, double value) {
  const char* const name[3] = {"x", "y", "z"};
  fail(problem, field, "must be >= 0", value);
  problem.field << "." << name[axis];
  return false;
}
inline bool validateNonNegative(Vec3 size, const char* field, Problem& problem) {
  for (int i = 0; i < 3; ++i) {
    const double value = component(size, i);
    if (!(value >= 0)) return failNegative(problem, field, i, value);
  }
  return true;
}

}  // namespace c3d
