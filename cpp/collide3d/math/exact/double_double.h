// Double-double numbers: the unevaluated sum hi + lo of two doubles, about 106 significant bits. Sums and products of
// doubles are exact in it (two-sum: Knuth, TAOCP vol. 2 §4.2.2, after Møller 1965; two-product: Dekker 1971, "A
// floating-point technique for extending the available precision", with Veltkamp's split), and its own sums and
// products are off by a few units of 2^-106 (Joldes, Muller, Popescu 2017, "Tight and rigorous error bounds for basic
// building blocks of double-word arithmetic": AccurateDWPlusDW, DWTimesDW1, DWDivDW1). It has +, - and *, so the
// generic lambdas of filtered_sign.h evaluate in it unchanged; sqrt and / serve the roots computed from them.
// Dekker's product is used rather than std::fma, which WebAssembly lacks (a library call there). Inputs beyond about
// 2^995 overflow the split: results are then not finite, which callers check.
#pragma once
#include <cmath>

#include "collide3d/math/simd.h"

namespace c3d::exact {

// hi + lo in the number type T: double, or double lanes (simd::f64x2), where every operation is the scalar one lane by
// lane (the batch raycast computes the single query's refined roots so, bit for bit).
template <class T>
struct DoubleDoubleOf {
  using Mask = decltype(T{} < T{});
  T hi{}, lo{};

  DoubleDoubleOf() = default;
  DoubleDoubleOf(T x) : hi(x) {}  // NOLINT: implicit, so a number enters an expression as itself
  DoubleDoubleOf(T h, T l) : hi(h), lo(l) {}

  // a + b = s + e exactly, for any a, b (Knuth's two-sum).
  static DoubleDoubleOf twoSum(T a, T b) {
    const T s = a + b, bb = s - a;
    return {s, (a - (s - bb)) + (b - bb)};
  }

  // a + b = s + e exactly when |a| >= |b| (Dekker's fast two-sum).
  static DoubleDoubleOf fastTwoSum(T a, T b) {
    const T s = a + b;
    return {s, b - (s - a)};
  }

  // x = high + low with each half of 26 bits, so that products of halves are exact (Veltkamp's split).
  static DoubleDoubleOf split(T x) {
    const T c = 134217729.0 * x;  // 2^27 + 1
    const T high = c - (c - x);
    return {high, x - high};
  }

  // a * b = p + e exactly (Dekker's two-product), barring overflow and underflow.
  static DoubleDoubleOf twoProduct(T a, T b) {
    const T p = a * b;
    const DoubleDoubleOf x = split(a), y = split(b);
    return {p, ((x.hi * y.hi - p) + x.hi * y.lo + x.lo * y.hi) + x.lo * y.lo};
  }

  friend DoubleDoubleOf operator-(DoubleDoubleOf a) { return {-a.hi, -a.lo}; }

  friend DoubleDoubleOf operator+(DoubleDoubleOf a, DoubleDoubleOf b) {
    const DoubleDoubleOf s = twoSum(a.hi, b.hi), t = twoSum(a.lo, b.lo);
    const DoubleDoubleOf u = fastTwoSum(s.hi, s.lo + t.hi);
    return fastTwoSum(u.hi, u.lo + t.lo);
  }

  friend DoubleDoubleOf operator-(DoubleDoubleOf a, DoubleDoubleOf b) { return a + -b; }

  friend DoubleDoubleOf operator*(DoubleDoubleOf a, DoubleDoubleOf b) {
    const DoubleDoubleOf p = twoProduct(a.hi, b.hi);
    return fastTwoSum(p.hi, p.lo + (a.hi * b.lo + a.lo * b.hi));
  }

  friend DoubleDoubleOf operator/(DoubleDoubleOf a, DoubleDoubleOf b) {
    const T q = a.hi / b.hi;
    const DoubleDoubleOf r = a - b * q;  // the remainder, nearly exact
    return fastTwoSum(q, r.hi / b.hi);
  }

  // The square root of a >= 0 (0 otherwise): the double root refined by one Newton step, x + (a - x^2) / (2x) (Karp &
  // Markstein 1997, "High-precision division and square root").
  friend DoubleDoubleOf sqrt(DoubleDoubleOf a) {
    const Mask positive = a.hi > 0;
    const T x = simd::sqrt(positive ? a.hi : T{});
    const DoubleDoubleOf r = a - twoProduct(x, x), root = fastTwoSum(x, r.hi / (2.0 * x));
    return select(positive, root, DoubleDoubleOf{});
  }

  // Lane by lane (or as a branch): a where `take`, else b.
  friend DoubleDoubleOf select(Mask take, DoubleDoubleOf a, DoubleDoubleOf b) {
    return {take ? a.hi : b.hi, take ? a.lo : b.lo};
  }
};

using DoubleDouble = DoubleDoubleOf<double>;

}  // namespace c3d::exact
