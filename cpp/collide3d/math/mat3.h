// Mat3: a 3x3 matrix stored column-major, like three.js Matrix3.elements; its columns are a frame's axes.
#pragma once
#include <cmath>

#include "collide3d/math/vec3.h"

namespace c3d {

struct Mat3 {
  double m[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};  // identity

  constexpr Vec3 column(int i) const { return {m[3 * i], m[3 * i + 1], m[3 * i + 2]}; }
};

// M * v: a local-frame vector expressed in world coordinates.
constexpr Vec3 operator*(const Mat3& r, Vec3 v) {
  return r.column(0) * v.x + r.column(1) * v.y + r.column(2) * v.z;
}

// Mᵀ * v: a world vector expressed in the frame's coordinates (the inverse when M is orthonormal).
constexpr Vec3 transposeTimes(const Mat3& r, Vec3 v) {
  return {dot(r.column(0), v), dot(r.column(1), v), dot(r.column(2), v)};
}

// The largest deviation of MᵀM from the identity; 0 for an exactly orthonormal matrix.
inline double orthonormalityError(const Mat3& r) {
  double worst = 0;
  for (int i = 0; i < 3; ++i) {
    for (int j = i; j < 3; ++j) {
      const double expected = i == j ? 1.0 : 0.0;
      worst = std::fmax(worst, std::fabs(dot(r.column(i), r.column(j)) - expected));
    }
  }
  return worst;
}

constexpr double kOrthonormalTolerance = 1e-6;

}  // namespace c3d
