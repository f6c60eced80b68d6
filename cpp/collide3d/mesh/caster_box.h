// A caster against many BVH boxes: the slab method (Kay & Kajiya 1986) with each axis's reciprocal and near side
// computed once per caster (Williams, Barrus, Morley & Shirley 2005, "An Efficient and Robust Ray-Box Intersection
// Algorithm"). It prunes a search, so it must never reject a box holding a point the exact predicates would find:
// the parameter interval is widened by a bound on its rounding error (as in Pharr, Jakob & Humphreys, "Physically
// Based Rendering", 3rd ed., §3.9.2).
#pragma once
#include <cmath>
#include <limits>

#include "collide3d/math/simd.h"
#include "collide3d/mesh/bvh.h"
#include "collide3d/shapes/casters.h"

namespace c3d {

class CasterBox {
 public:
  // The caster's points for t in [caster.tMin, hi], against boxes widened by `grow` on every side (the caster then
  // meets a box when it passes within `grow` of it along each axis). Widening moves the origin each slab is measured
  // from by `grow`, one more rounding of up to half an ulp of |origin| + grow that the bound below does not cover: a
  // caller that widens includes that in `grow` (segment_tree.h's tolerance is 2^20 times more).
  CasterBox(const Caster& caster, double hi, double grow = 0) : tMin_(caster.tMin), tMax_(hi) {
    const double o[3] = {caster.origin.x, caster.origin.y, caster.origin.z};
    const double d[3] = {caster.direction.x, caster.direction.y, caster.direction.z};
    for (int k = 0; k < 3; ++k) {
      inverse_[k] = 1 / d[k];  // ±infinity for a zero component (its sign follows the zero's)
      // A component that is not finite (a segment whose end minus start overflows) or whose reciprocal overflows
      // (a subnormal one) would give slabs the rounding bound below does not cover: that axis prunes nothing (NaN
      // parameters, which the min and max below skip).
      if (!std::isfinite(d[k]) || (d[k] != 0 && !std::isfinite(inverse_[k]))) {
        inverse_[k] = std::numeric_limits<double>::quiet_NaN();
      }
      const bool reversed = std::signbit(inverse_[k]);
      near_[k] = reversed ? 3 + k : k;  // the node's bound lo[k] or hi[k]
      far_[k] = reversed ? k : 3 + k;
      // lo - grow - origin = lo - (origin + grow); hi + grow - origin = hi - (origin - grow).
      nearOrigin_[k] = reversed ? o[k] - grow : o[k] + grow;
      farOrigin_[k] = reversed ? o[k] + grow : o[k] - grow;
    }
  }

  // The least t at which the caster may be in the box (a lower bound, never above the exact one), or NaN when it
  // surely misses it.
  double operator()(const BvhBox& box) const {
    return (*this)({box.lo[0], box.lo[1], box.lo[2], box.hi[0], box.hi[1], box.hi[2]});
  }

  // The same for a box of double bounds: lo x, y, z, then hi x, y, z (a dynamic tree's nodes), one box at a time.
  double operator()(const double (&bounds)[6]) const {
    double lo = tMin_, hi = tMax_;
    for (int k = 0; k < 3; ++k) {
      const double tNear = (bounds[near_[k]] - nearOrigin_[k]) * inverse_[k];
      const double tFar = (bounds[far_[k]] - farOrigin_[k]) * inverse_[k];
      lo = tNear > lo ? tNear : lo;  // a NaN parameter keeps the interval, as the lanes' max and min do below
      hi = tFar < hi ? tFar : hi;
    }
    lo -= std::fabs(lo) * kWidening + kTiny;  // the rounding bound explained below
    hi += std::fabs(hi) * kWidening + kTiny;
    return lo <= hi ? lo : std::numeric_limits<double>::quiet_NaN();
  }

  // The same for every child box of a node, two vector lanes at a time.
  void operator()(const BvhNode& node, double (&keys)[kBvhWidth]) const {
    using simd::f64x2;
    for (int pair = 0; pair < kBvhWidth; pair += 2) {
      f64x2 lo = {tMin_, tMin_}, hi = {tMax_, tMax_};
      for (int k = 0; k < 3; ++k) {
        const float* nearBound = &node.bound[near_[k]][pair];
        const float* farBound = &node.bound[far_[k]][pair];
        // A zero component gives ±infinity off the slab and NaN on its boundary; max and min keep their second
        // argument for NaN, as they should: a caster on a slab's boundary stays in it for every t.
        const f64x2 tNear = (f64x2{nearBound[0], nearBound[1]} - nearOrigin_[k]) * inverse_[k];
        const f64x2 tFar = (f64x2{farBound[0], farBound[1]} - farOrigin_[k]) * inverse_[k];
        lo = simd::max(tNear, lo);
        hi = simd::min(tFar, hi);
      }
      // Each end is (bound - origin) / direction with at most four roundings (the difference, the reciprocal, the
      // product, and a segment's rounded direction): a relative error below 5u. Widened by 2^-49 = 16u, and by an
      // absolute 2^-1022 for an underflowing product.
      lo -= simd::abs(lo) * kWidening + kTiny;
      hi += simd::abs(hi) * kWidening + kTiny;
      constexpr double kMiss = std::numeric_limits<double>::quiet_NaN();
      keys[pair] = lo[0] <= hi[0] ? lo[0] : kMiss;
      keys[pair + 1] = lo[1] <= hi[1] ? lo[1] : kMiss;
    }
  }

 private:
  static constexpr double kWidening = 1.0 / (1ull << 49);
  static constexpr double kTiny = std::numeric_limits<double>::min();
  double nearOrigin_[3], farOrigin_[3], inverse_[3];
  int near_[3], far_[3];
  double tMin_, tMax_;
};

}  // namespace c3d
