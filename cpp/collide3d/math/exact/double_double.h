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

namespace c3d::exact {

struct DoubleDouble {
  double hi = 0, lo = 0;

  DoubleDouble() = default;
  DoubleDouble(double x) : hi(x) {}  // NOLINT: implicit, so a double enters an expression as itself
  DoubleDouble(double h, double l) : hi(h), lo(l) {}
};

namespace dd {

// a + b = s + e exactly, for any a, b (Knuth's two-sum).
inline DoubleDouble twoSum(double a, double b) {
  const double s = a + b, bb = s - a;
  return {s, (a - (s - bb)) + (b - bb)};
}

// a + b = s + e exactly when |a| >= |b| (Dekker's fast two-sum).
inline DoubleDouble fastTwoSum(double a, double b) {
  const double s = a + b;
  return {s, b - (s - a)};
}

// x = high + low with each half of 26 bits, so that products of halves are exact (Veltkamp's split).
inline DoubleDouble split(double x) {
  const double c = 134217729.0 * x;  // 2^27 + 1
  const double high = c - (c - x);
  return {high, x - high};
}

// a * b = p + e exactly (Dekker's two-product), barring overflow and underflow.
inline DoubleDouble twoProduct(double a, double b) {
  const double p = a * b;
  const DoubleDouble x = split(a), y = split(b);
  return {p, ((x.hi * y.hi - p) + x.hi * y.lo + x.lo * y.hi) + x.lo * y.lo};
}

}  // namespace dd

inline DoubleDouble operator-(DoubleDouble a) { return {-a.hi, -a.lo}; }

inline DoubleDouble operator+(DoubleDouble a, DoubleDouble b) {
  const DoubleDouble s = dd::twoSum(a.hi, b.hi), t = dd::twoSum(a.lo, b.lo);
  const DoubleDouble u = dd::fastTwoSum(s.hi, s.lo + t.hi);
  return dd::fastTwoSum(u.hi, u.lo + t.lo);
}

inline DoubleDouble operator-(DoubleDouble a, DoubleDouble b) { return a + -b; }

inline DoubleDouble operator*(DoubleDouble a, DoubleDouble b) {
  const DoubleDouble p = dd::twoProduct(a.hi, b.hi);
  return dd::fastTwoSum(p.hi, p.lo + (a.hi * b.lo + a.lo * b.hi));
}

inline DoubleDouble operator/(DoubleDouble a, DoubleDouble b) {
  const double q = a.hi / b.hi;
  const DoubleDouble r = a - b * q;  // the remainder, nearly exact
  return dd::fastTwoSum(q, r.hi / b.hi);
}

// The square root of a >= 0: the double root refined by one Newton step, x + (a - x^2) / (2x) (Karp & Markstein
// 1997, "High-precision division and square root").
inline DoubleDouble sqrt(DoubleDouble a) {
  if (!(a.hi > 0)) return {};
  const double x = std::sqrt(a.hi);
  const DoubleDouble r = a - dd::twoProduct(x, x);
  return dd::fastTwoSum(x, r.hi / (2 * x));
}

}  // namespace c3d::exact
