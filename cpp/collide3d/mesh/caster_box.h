// A caster against many BVH boxes: the slab method (Kay & Kajiya 1986) with each axis's reciprocal and near side
// computed once per caster (Williams, Barrus, Morley & Shirley 2005, "An Efficient and Robust Ray-Box Intersection
// Algorithm"). It prunes a search, so it must never reject a box holding a point the exact predicates would find:
// the parameter interval is widened by a bound on its rounding error (as in Pharr, Jakob & Humphreys, "Physically
// Based Rendering", 3rd ed., §3.9.2).
#pragma once
#include <cmath>
#include <limits>

#include "collide3d/mesh/bvh.h"
#include "collide3d/shapes/casters.h"

namespace c3d {

class CasterBox {
 public:
  // The caster's points for t in [caster.tMin, hi].
  CasterBox(const Caster& caster, double hi) : tMin_(caster.tMin), tMax_(hi) {
    const double o[3] = {caster.origin.x, caster.origin.y, caster.origin.z};
    const double d[3] = {caster.direction.x, caster.direction.y, caster.direction.z};
    for (int k = 0; k < 3; ++k) {
      origin_[k] = o[k];
      inverse_[k] = 1 / d[k];  // ±infinity for a zero component (its sign follows the zero's)
      near_[k] = std::signbit(inverse_[k]) ? 3 + k : k;  // box.lo[k] or box.hi[k], viewed as 6 floats
      far_[k] = std::signbit(inverse_[k]) ? k : 3 + k;
    }
  }

  // The least t at which the caster may be in the box (a lower bound, never above the exact one), or NaN when it
  // surely misses it.
  double enter(const BvhBox& box) const {
    const float* bound = box.lo;  // lo[0..2], hi[0..2]: one array of 6
    double lo = tMin_, hi = tMax_;
    for (int k = 0; k < 3; ++k) {
      // A zero component gives ±infinity off the slab and NaN on its boundary; comparisons ignore NaN, as they
      // should: a caster on a slab's boundary stays in it for every t.
      const double tNear = (bound[near_[k]] - origin_[k]) * inverse_[k];
      const double tFar = (bound[far_[k]] - origin_[k]) * inverse_[k];
      lo = tNear > lo ? tNear : lo;
      hi = tFar < hi ? tFar : hi;
    }
    // Each end is (bound - origin) / direction with at most four roundings (the difference, the reciprocal, the
    // product, and a segment's rounded direction): a relative error below 5u. Widened by 2^-49 = 16u, and by an
    // absolute 2^-1022 for an underflowing product.
    lo -= std::fabs(lo) * kWidening + kTiny;
    hi += std::fabs(hi) * kWidening + kTiny;
    return lo <= hi ? lo : std::numeric_limits<double>::quiet_NaN();
  }

 private:
  static constexpr double kWidening = 1.0 / (1ull << 49);
  static constexpr double kTiny = std::numeric_limits<double>::min();
  double origin_[3], inverse_[3];
  int near_[3], far_[3];
  double tMin_, tMax_;
};

}  // namespace c3d
