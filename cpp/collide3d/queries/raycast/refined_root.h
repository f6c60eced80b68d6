// A raycast's t where it is a root of a quadratic a t^2 + 2 b t + c (a ball, a cylinder's side), made accurate where
// doubles are not. The double roots -(b + sign(b) s) / a and c / -(b + sign(b) s), s = sqrt(D), D = b^2 - ac in a
// cancellation-free form (Press et al., Numerical Recipes §5.6), are as good as a, b, c and D; but near a double root
// (a grazing caster) D is a small difference of large terms, and its rounding error ε moves the root by about
// ε / (2 a s): 1.3e-8 relative on a ray 1e-8 radians off tangent. Likewise c / q inherits the cancellation in c when
// the caster starts near the surface. Where the double evaluation's condition — how many ulps its errors may move
// the root, estimated from the sums of absolute monomials (exact::Magnitude) — exceeds kRefineAbove, the
// coefficients are evaluated again in double-double (the caster's own exact inputs, errors ~2^-100 of their
// magnitudes) and so is the root, the discriminant exactly when even that is too coarse (a tangent caster); every
// returned root is then within a few ulps of the exact one, tangents included.
#pragma once
#include <cmath>
#include <tuple>
#include <utility>

#include "collide3d/math/exact/double_double.h"
#include "collide3d/math/exact/filtered_sign.h"
#include "collide3d/math/simd.h"
#include "collide3d/queries/raycast/span.h"

namespace c3d {

// The estimated condition (in ulps of the root) above which a root is recomputed in double-double. Measured on
// ray-sphere casts from random points at 2-7 radii (x86-64, callgrind): 287 instructions a call without the
// refinement, 348 with the estimate alone, 362 at 16 (12 % of hits refined; the doubles' worst error below it 7 ulps),
// 442 at 8 (51 % refined, about twice the time).
constexpr double kRefineAbove = 16;

namespace detail {

// The smaller or larger root of a t^2 + 2 b t + c (a > 0, discriminant D >= 0 up to rounding) in double-double. D's
// own error there, ~2^-100 of its magnitude mD, moves the root by about 2^-47 mD / (2 s q) ulps; where that could
// reach a quarter of an ulp (a caster all but exactly tangent, s nearly 0) D is evaluated exactly instead (Dyadic,
// rounded to a double: then s, and with it the root, is within an ulp).
template <class Quadratic, class... Inputs>
[[gnu::noinline]] double doubleDoubleRoot(double t, bool larger, double mD, const Quadratic& quadratic,
                                          Inputs... inputs) {
  using exact::DoubleDouble;
  auto [a, b, c, D] = quadratic(exact::lift<DoubleDouble>(inputs)...);
  const double roughS = std::sqrt(std::fmax(D.hi, 0.0));
  if (!(2 * roughS * (std::fabs(b.hi) + roughS) >= 0x1p-45 * mD)) {
    D = exact::detail::evaluateExactly(quadratic, std::make_index_sequence<4>{}, inputs...)[3];
  }
  const DoubleDouble s = sqrt(D), q = b.hi >= 0 ? -(b + s) : s - b;  // no cancellation: -b and -sign(b) s agree
  if (q.hi == 0) return 0;  // b = D = 0: the double root 0
  // With a > 0: for b >= 0, q / a is the smaller root and c / q the larger; for b < 0 the other way round.
  const DoubleDouble root = (b.hi >= 0) == larger ? c / q : q / a;
  const double refined = root.hi + root.lo;
  return std::isfinite(refined) ? refined : t;  // beyond the split's range: keep the double root
}

// The steps rootCondition takes, in doubles and on double lanes.
inline double squareRoot(double x) { return std::sqrt(x); }
inline simd::f64x2 squareRoot(simd::f64x2 x) { return simd::sqrt(x); }
inline double magnitude(double x) { return std::fabs(x); }
inline simd::f64x2 magnitude(simd::f64x2 x) { return simd::abs(x); }

}  // namespace detail

// The double root's estimated condition, from the quadratic's values a, b, c, D and their Magnitude sums: relative
// errors of a few ulps in each term of a, b, c and D move the root by about these many ulps: through
// q = -(b + sign(b) s), b's error and D's (halved by the root, divided by s), relative to |q| = |b| + s; then a's
// or c's, whichever divides (byC: the root c / q). In doubles, or on double lanes (the batch raycast, which keeps its
// roots where the single query keeps them): the same operations in the same order.
template <class T, class Flag>
T rootCondition(T a, T b, T c, T D, T ma, T mb, T mc, T mD, Flag byC) {
  using detail::magnitude, detail::squareRoot;
  const T s = squareRoot(D > 0 ? D : T{}), q = magnitude(b) + s;  // D > 0 ? D : 0 is fmax(D, 0), NaN and -0 alike
  return (mb + mD / (2.0 * s)) / q + (byC ? mc / magnitude(c) : ma / a);
}

// t, the smaller or larger root of quadratic(inputs...) = (a, b, c, D), or the root recomputed in double-double when
// the doubles are ill-conditioned for it. The condition is estimated from `local`, the inputs less the shape's
// reference point (a point's rounding error is that of its difference from the shape), so that it, and with it the
// returned t, is unchanged by a translation that keeps those differences; `inputs` are the exact ones.
template <class Quadratic, class... Local, class... Inputs>
[[gnu::always_inline]] inline double refinedRoot(double t, bool larger, const Quadratic& quadratic,
                                                 const std::tuple<Local...>& local,
                                                 const std::tuple<Inputs...>& inputs) {
  const auto [a, b, c, D] = std::apply([&](const auto&... in) { return quadratic(exact::lift<double>(in)...); }, local);
  const auto [ma, mb, mc, mD] =
      std::apply([&](const auto&... in) { return quadratic(exact::lift<exact::Magnitude>(in)...); }, local);
  const double condition = rootCondition(a, b, c, D, ma.value, mb.value, mc.value, mD.value, (b >= 0) == larger);
  if (condition <= kRefineAbove) return t;  // also false for NaN (0 / 0), which refines
  const double magnitude = mD.value;  // a structured binding cannot be captured (C++17)
  return std::apply(
      [&](const auto&... in) { return detail::doubleDoubleRoot(t, larger, magnitude, quadratic, in...); }, inputs);
}

// Whether a raycast's hit parameter is a root to refine: strictly inside the accepted range [tMin, hi] (not the start
// or the limit it was clamped to), on a caster whose direction needed no rescaling (rangeScale 1).
inline bool isRefinableRoot(double t, const Caster& caster, double hi, double scale) {
  return scale == 1 && t > caster.tMin && t < hi;
}

// A refined root kept in the range, as firstHit keeps the rounded one.
inline double keptInRange(double t, const Caster& caster, double hi) {
  return t < caster.tMin ? caster.tMin : t > hi ? hi : t;
}

}  // namespace c3d
