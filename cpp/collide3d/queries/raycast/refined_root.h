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

// Whether a root's double-double discriminant D is too coarse for it, in doubles or on double lanes: D's own error,
// ~2^-100 of its magnitude mD, moves the root by about 2^-47 mD / (2 s q) ulps; where that could reach a quarter of an
// ulp (a caster all but exactly tangent, s nearly 0) D is evaluated exactly instead (Dyadic, rounded to a double:
// then s, and with it the root, is within an ulp).
template <class T>
auto needsExactDiscriminant(const exact::DoubleDoubleOf<T>& b, const exact::DoubleDoubleOf<T>& D, T mD) {
  const T roughS = simd::sqrt(D.hi > 0 ? D.hi : T{});
  return simd::negated(2.0 * roughS * (simd::abs(b.hi) + roughS) >= 0x1p-45 * mD);
}

// The smaller or larger root of a t^2 + 2 b t + c (a > 0, D >= 0 up to rounding) from its double-double coefficients,
// rounded to a double, in doubles or on double lanes (the same operations): q = -(b + sign(b) sqrt D), without
// cancellation, then c / q or q / a. b = D = 0 gives the double root 0; a root beyond the split's range (not finite)
// keeps t, the double root.
template <class T, class Mask>
T doubleDoubleRootFrom(T t, Mask larger, const exact::DoubleDoubleOf<T>& a, const exact::DoubleDoubleOf<T>& b,
                       const exact::DoubleDoubleOf<T>& c, const exact::DoubleDoubleOf<T>& D) {
  const auto s = sqrt(D);
  const Mask bUp = b.hi >= 0;
  const auto q = select(bUp, -(b + s), s - b);
  // With a > 0: for b >= 0, q / a is the smaller root and c / q the larger; for b < 0 the other way round.
  const Mask byC = bUp == larger;
  const auto root = select(byC, c, q) / select(byC, q, a);
  const T refined = root.hi + root.lo;
  return q.hi == 0 ? T{} : simd::abs(refined) < kInfinity ? refined : t;
}

namespace detail {

// The root in double-double from the caster's exact inputs (doubleDoubleRootFrom), D exact where needed.
template <class Quadratic, class... Inputs>
[[gnu::noinline]] double doubleDoubleRoot(double t, bool larger, double mD, const Quadratic& quadratic,
                                          Inputs... inputs) {
  auto [a, b, c, D] = quadratic(exact::lift<exact::DoubleDouble>(inputs)...);
  if (needsExactDiscriminant(b, D, mD)) {
    D = exact::detail::evaluateExactly(quadratic, std::make_index_sequence<4>{}, inputs...)[3];
  }
  return doubleDoubleRootFrom(t, larger, a, b, c, D);
}

}  // namespace detail

// The double root's estimated condition, from the quadratic's values a, b, c, D and their Magnitude sums: relative
// errors of a few ulps in each term of a, b, c and D move the root by about these many ulps: through
// q = -(b + sign(b) s), b's error and D's (halved by the root, divided by s), relative to |q| = |b| + s; then a's
// or c's, whichever divides (byC: the root c / q). In doubles, or on double lanes (the batch raycast, which keeps its
// roots where the single query keeps them): the same operations in the same order.
template <class T, class Flag>
T rootCondition(T a, T b, T c, T D, T ma, T mb, T mc, T mD, Flag byC) {
  const T s = simd::sqrt(D > 0 ? D : T{}), q = simd::abs(b) + s;  // D > 0 ? D : 0 is fmax(D, 0), NaN and -0 alike
  return (mb + mD / (2.0 * s)) / q + (byC ? mc / simd::abs(c) : ma / a);
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
