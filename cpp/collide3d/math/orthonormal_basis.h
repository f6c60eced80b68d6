// A right-handed orthonormal basis {u, v, w} around a direction.
// Duff, Burgess, Christensen, Hery, Kensler, Liani, Villemin 2017, "Building an Orthonormal Basis,
// Revisited" (JCGT 6(1)): branch-free except for the sign of w.z, continuous everywhere but at w.z = 0 where the
// sign flips, and free of the precision loss of Frisvad 2012 near w = (0, 0, -1).
#pragma once
#include <cmath>

#include "collide3d/math/vec3.h"

namespace c3d {

struct OrthonormalBasis {
  Vec3 u, v, w;

  static constexpr const char* kName = "basis";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("u", &OrthonormalBasis::u);
    visit("v", &OrthonormalBasis::v);
    visit("w", &OrthonormalBasis::w);
  }
};

// Precondition: w is not the zero vector.
inline OrthonormalBasis orthonormalBasis(Vec3 direction) {
  const Vec3 w = unitDirection(direction);  // scaled before it is squared: any non-zero length works
  const double sign = std::copysign(1.0, w.z);
  const double a = -1.0 / (sign + w.z);
  const double b = w.x * w.y * a;
  const Vec3 u{1.0 + sign * w.x * w.x * a, sign * b, -sign * w.x};
  const Vec3 v{b, sign + w.y * w.y * a, -w.y};
  return {u, v, w};
}

}  // namespace c3d
