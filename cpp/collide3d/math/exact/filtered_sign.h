// The exact sign of a polynomial in double inputs, at about the cost of evaluating it in doubles.
// A predicate is written once, as a generic lambda of its inputs (doubles, or 3-vectors as V3) using only +, -, *
// and unary minus. filteredSign() evaluates it three ways from that one text:
//   - in doubles: the approximate value;
//   - on Magnitude (absolute values, - as +): the sum of the absolute values of its monomials, P, where a sum or
//     difference of two inputs counts as one variable of its own size (see InputMagnitude);
//   - on Depth (types only, at compile time): D, a count of the roundings any monomial passes through.
// Each operation rounds by a factor (1 + δ), |δ| <= u = 2^-53, so |value - exact| <= γ_D P with γ_D = D u / (1 - D u)
// (Higham, "Accuracy and Stability of Numerical Algorithms", §3.1, and Lemma 3.3 for products); the bound used,
// 2 (D + 1) u P, also covers the rounding of P itself. When the approximate value is further than that from 0 its
// sign is the exact sign; otherwise the polynomial is evaluated again on Dyadic, exactly (the scheme of Shewchuk
// 1997, "Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric Predicates": a floating-point filter
// in front of exact arithmetic). Values so small that underflow could matter (below 2^-960) always go the exact way;
// overflowing ones too (their bound is infinite).
#pragma once
#include <array>
#include <cmath>
#include <tuple>
#include <type_traits>
#include <utility>

#include "collide3d/math/exact/dyadic.h"
#include "collide3d/math/vec3.h"

namespace c3d::exact {

// A 3-vector of any number type, so predicates can be written with vectors.
template <class T>
struct V3 {
  T x, y, z;
};

template <class A, class B>
auto operator+(const V3<A>& a, const V3<B>& b) {
  return V3<decltype(a.x + b.x)>{a.x + b.x, a.y + b.y, a.z + b.z};
}
template <class A, class B>
auto operator-(const V3<A>& a, const V3<B>& b) {
  return V3<decltype(a.x - b.x)>{a.x - b.x, a.y - b.y, a.z - b.z};
}
template <class A, class B>
auto dot(const V3<A>& a, const V3<B>& b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
template <class A, class B>
auto cross(const V3<A>& a, const V3<B>& b) {
  return V3<decltype(a.y * b.z - a.z * b.y)>{a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
template <class A, class S>
auto scaled(const V3<A>& a, const S& s) {
  return V3<decltype(a.x * s)>{a.x * s, a.y * s, a.z * s};
}

// An input as the magnitude evaluation first sees it, with its sign. A sum or difference of two inputs rounds
// once, to within u of its own value, so it enters P at its own size rather than as the sum of the inputs' sizes
// (as the differences in Shewchuk's orient3d bound): a predicate on points far from the origin, all of whose
// coordinates meet first in differences, is proven as often as the same points near the origin.
struct InputMagnitude {
  double value;
};

// Absolute values, with subtraction turned into addition: evaluates a polynomial's sum of absolute monomials.
// A product that underflows is off by up to 2^-1022 in absolute terms, an error later products may multiply by
// anything: each product adds 2^-969 to its magnitude, which is that error divided by u, so the relative bound
// below covers it wherever it travels.
struct Magnitude {
  double value;
  Magnitude() = default;
  explicit constexpr Magnitude(double v) : value(v) {}
  Magnitude(InputMagnitude in) : value(std::fabs(in.value)) {}  // an input met by anything else: its size
  friend Magnitude operator+(Magnitude a, Magnitude b) { return Magnitude(a.value + b.value); }
  friend Magnitude operator-(Magnitude a, Magnitude b) { return Magnitude(a.value + b.value); }
  friend Magnitude operator*(Magnitude a, Magnitude b) { return Magnitude(a.value * b.value + 0x1p-969); }
  friend Magnitude operator-(Magnitude a) { return a; }
};

inline Magnitude operator+(InputMagnitude a, InputMagnitude b) { return Magnitude(std::fabs(a.value + b.value)); }
inline Magnitude operator-(InputMagnitude a, InputMagnitude b) { return Magnitude(std::fabs(a.value - b.value)); }
inline Magnitude operator*(InputMagnitude a, InputMagnitude b) { return Magnitude(a) * Magnitude(b); }
inline InputMagnitude operator-(InputMagnitude a) { return {-a.value}; }

// The roundings a value's monomials pass through, carried in the type. A sum rounds once more than the worse of its
// operands; a product's relative error is about the sum of its factors' (Higham's Lemma 3.3), so it counts both
// (a product of two differences, each rounded once, carries three roundings).
template <int D>
struct Depth {
  static constexpr int kValue = D;
};
template <int A, int B>
Depth<(A > B ? A : B) + 1> operator+(Depth<A>, Depth<B>) { return {}; }
template <int A, int B>
Depth<(A > B ? A : B) + 1> operator-(Depth<A>, Depth<B>) { return {}; }
template <int A, int B>
Depth<A + B + 1> operator*(Depth<A>, Depth<B>) { return {}; }
template <int A>
Depth<A> operator-(Depth<A>) { return {}; }

// |x| in each number type. Taking an absolute value rounds nothing, so the error bound of |x| is that of x: a
// predicate may use absolute() freely (a separating-axis gap, say), and its magnitude and depth are unchanged.
inline double absolute(double x) { return std::fabs(x); }
inline Magnitude absolute(Magnitude x) { return x; }
inline Magnitude absolute(InputMagnitude x) { return Magnitude(x); }
template <int D>
Depth<D> absolute(Depth<D> x) { return x; }
inline Dyadic absolute(const Dyadic& x) { return x.sign() < 0 ? -x : x; }

// An input in the number type T.
template <class T>
T lift(double x) {
  if constexpr (std::is_same_v<T, Magnitude>) {
    return Magnitude(std::fabs(x));
  } else if constexpr (std::is_same_v<T, InputMagnitude>) {
    return {x};
  } else if constexpr (std::is_same_v<T, Depth<0>>) {
    return {};
  } else {
    return T(x);
  }
}
template <class T>
V3<T> lift(Vec3 v) {
  return {lift<T>(v.x), lift<T>(v.y), lift<T>(v.z)};
}
// An input on SIMD lanes, in a number type built on those lanes (DoubleDoubleOf<f64x2>).
template <class T, class Lanes>
V3<T> lift(const V3<Lanes>& v) {
  return {T(v.x), T(v.y), T(v.z)};
}

namespace detail {

template <class T>
struct IsTuple : std::false_type {};
template <class... T>
struct IsTuple<std::tuple<T...>> : std::true_type {};

// A predicate's results as a tuple, whether it returns one value or a tuple of them.
template <class T>
auto asTuple(T&& value) {
  if constexpr (IsTuple<std::decay_t<T>>::value) {
    return std::forward<T>(value);
  } else {
    return std::make_tuple(std::forward<T>(value));
  }
}

// The depths of a predicate's values, as a tuple type, and how many values it has.
template <class Predicate, class... Inputs>
using Depths = decltype(asTuple(std::declval<Predicate>()(lift<Depth<0>>(std::declval<Inputs>())...)));
template <class Predicate, class... Inputs>
constexpr size_t ValueCount = std::tuple_size_v<Depths<Predicate, Inputs...>>;

// Keeps value in out when it lies beyond the error bound 2 (depth + 1) u P (+ the underflow margin), so its sign
// is proven; returns false otherwise.
template <int kDepth>
[[gnu::always_inline]] inline bool proven(double value, double magnitude, double& out) {
  constexpr double kFactor = 2 * (kDepth + 1) * 0x1p-53;
  constexpr double kUnderflow = 0x1p-960;
  const double bound = kFactor * magnitude + kUnderflow;
  out = value;
  return std::fabs(value) > bound;  // branch-free: random signs would make a two-sided test mispredict
}

// Whether every value's sign is proven (no early exit: one predictable branch after it).
template <class DepthTuple, class Values, class Magnitudes, size_t... k>
[[gnu::always_inline]] inline bool proveAll(const Values& values, const Magnitudes& magnitudes,
                                            std::array<double, sizeof...(k)>& out, std::index_sequence<k...>) {
  const int all = (static_cast<int>(proven<std::tuple_element_t<k, DepthTuple>::kValue>(
                        std::get<k>(values), Magnitude(std::get<k>(magnitudes)).value, out[k])) &
                    ...);
  return all != 0;
}

// The slow path: every value evaluated exactly, then rounded. Kept out of line, its inputs taken by value, so
// that the fast path stays small and keeps its inputs in registers (taking them by reference here made the callers
// store them to memory on every call, doubling the cost of small queries). Compiled for size where the compiler
// offers it (clang: the wasm): it runs only where the filter cannot decide, and it is most of each predicate's code.
#if defined(__clang__)
#define C3D_COLD [[gnu::noinline, clang::minsize]]
#else
#define C3D_COLD [[gnu::noinline]]
#endif
template <class Predicate, size_t... k, class... Inputs>
C3D_COLD std::array<double, sizeof...(k)> evaluateExactly(const Predicate& predicate,
                                                                   std::index_sequence<k...>, Inputs... inputs) {
  const auto exact = asTuple(predicate(lift<Dyadic>(inputs)...));
  return {std::get<k>(exact).approximate()...};
}

// The doubles' values of predicate(inputs...) in out, and whether the filter proves all their signs.
template <class Predicate, class... Inputs>
[[gnu::always_inline]] inline bool filter(std::array<double, ValueCount<Predicate, Inputs...>>& out,
                                          const Predicate& predicate, const Inputs&... inputs) {
  return proveAll<Depths<Predicate, Inputs...>>(asTuple(predicate(lift<double>(inputs)...)),
                                                asTuple(predicate(lift<InputMagnitude>(inputs)...)), out,
                                                std::make_index_sequence<ValueCount<Predicate, Inputs...>>{});
}

}  // namespace detail

// The values of predicate(inputs...) (inputs being doubles or Vec3s; a predicate may return one polynomial or a
// std::tuple of them, sharing subexpressions) as doubles whose signs are the exact signs: each the plain double
// evaluation when the filter proves every sign, otherwise the exact values, rounded (Dyadic::approximate). Either way
// each is within a few ulps of the exact value relative to its magnitude P, and 0 exactly when that is 0.
template <class Predicate, class... Inputs>
[[gnu::always_inline]] inline auto filteredValues(const Predicate& predicate, const Inputs&... inputs) {
  constexpr size_t kCount = detail::ValueCount<Predicate, Inputs...>;
  std::array<double, kCount> out;
  if (__builtin_expect(!detail::filter(out, predicate, inputs...), 0)) {
    out = detail::evaluateExactly(predicate, std::make_index_sequence<kCount>{}, inputs...);
  }
  return out;
}

// Whether the double evaluation alone settles predicate(inputs...) (filteredValues then never goes exact): to
// check how far the filter reaches.
template <class Predicate, class... Inputs>
bool filterProves(const Predicate& predicate, const Inputs&... inputs) {
  std::array<double, detail::ValueCount<Predicate, Inputs...>> out;
  return detail::filter(out, predicate, inputs...);
}

// The values of predicate(inputs...) evaluated exactly, then each rounded once (Dyadic::approximate): for a
// construction that needs them within an ulp of themselves whatever the cancellation, at the exact path's cost.
template <class Predicate, class... Inputs>
auto exactValues(const Predicate& predicate, const Inputs&... inputs) {
  return detail::evaluateExactly(predicate, std::make_index_sequence<detail::ValueCount<Predicate, Inputs...>>{},
                                 inputs...);
}

// The one value of a single-polynomial predicate, as filteredValues gives it.
template <class Predicate, class... Inputs>
double filteredValue(const Predicate& predicate, const Inputs&... inputs) {
  return filteredValues(predicate, inputs...)[0];
}

// The exact sign (-1, 0 or 1) of predicate(inputs...).
template <class Predicate, class... Inputs>
int filteredSign(const Predicate& predicate, const Inputs&... inputs) {
  const double value = filteredValue(predicate, inputs...);
  return (value > 0) - (value < 0);
}

}  // namespace c3d::exact
