// Affine: the map p -> L p + t of a 4x4 matrix whose last row is 0, 0, 0, 1 (an object's placement), given by its 16
// elements column-major like three.js Matrix4.elements. L may be singular (a placement that flattens is still one).
// apply() rounds in one fixed order, x' = ((e0 x + e4 y) + e8 z) + e12 and likewise for y' and z', with no fused
// multiply-add (CMakeLists.txt), so JavaScript's e[0] * x + e[4] * y + e[8] * z + e[12] gives the very same doubles.
#pragma once
#include "collide3d/math/mat3.h"

namespace c3d {

struct Affine {
  Mat3 linear;  // the identity
  Vec3 translation;

  // From the 16 elements; the last row (elements 3, 7, 11, 15) is not read.
  static Affine fromElements(const double* e) {
    Affine map;
    for (int column = 0; column < 3; ++column) {
      for (int row = 0; row < 3; ++row) map.linear.m[3 * column + row] = e[4 * column + row];
    }
    map.translation = {e[12], e[13], e[14]};
    return map;
  }

  Vec3 apply(Vec3 p) const { return linear * p + translation; }
  // Row i, column j of L.
  double at(int i, int j) const { return linear.m[3 * j + i]; }
};

}  // namespace c3d
