// Exact arithmetic on doubles: every double is an integer times a power of two, and so are sums, differences and
// products of doubles. A Dyadic keeps such a value as a sign, an arbitrary-precision magnitude (32-bit limbs) and a
// binary exponent, so it never rounds, overflows or underflows, whatever the magnitudes involved (subnormals
// included). It is the slow, exact path behind the floating-point filter of filtered_sign.h, so it favours
// simplicity: schoolbook multiplication, alignment by shifting.
#pragma once
#include <cmath>
#include <cstdint>
#include <vector>

namespace c3d::exact {

class Dyadic {
 public:
  Dyadic() = default;
  Dyadic(double value) {  // NOLINT: implicit, so a double enters an exact expression as itself
    if (value == 0) return;
    negative_ = value < 0;
    int exponent = 0;
    const double fraction = std::frexp(std::fabs(value), &exponent);  // value = fraction * 2^exponent, fraction in [1/2, 1)
    const auto significand = static_cast<std::uint64_t>(std::ldexp(fraction, 64));  // exact: 53 bits, shifted up
    exponent_ = exponent - 64;
    limbs_ = {static_cast<std::uint32_t>(significand), static_cast<std::uint32_t>(significand >> 32)};
    trim();
  }

  // -1, 0 or 1: the sign of the exact value.
  int sign() const { return limbs_.empty() ? 0 : negative_ ? -1 : 1; }

  // The value as a double, within an ulp (its leading 64 bits, rounded once more to 53), with the exact sign (a
  // value below the smallest double comes back as that); it depends only on the value, so scaling the inputs by a
  // power of two scales it alike.
  double approximate() const {
    if (limbs_.empty()) return 0;
    // The leading limb holds 1 to 32 bits: the 64 bits from its leading one take the two limbs below it in part.
    const size_t n = limbs_.size();
    const int lead = 32 - __builtin_clz(limbs_[n - 1]);
    std::uint64_t top = std::uint64_t{limbs_[n - 1]} << (64 - lead);
    if (n >= 2) top |= std::uint64_t{limbs_[n - 2]} << (32 - lead);
    if (n >= 3 && lead < 32) top |= limbs_[n - 3] >> lead;
    const int shift = 32 * static_cast<int>(n - 1) + lead - 64;  // where top's lowest bit lies above bit 0
    const double magnitude = std::fmax(std::ldexp(static_cast<double>(top), shift + exponent_), 0x1p-1074);
    return negative_ ? -magnitude : magnitude;
  }

  friend Dyadic operator-(Dyadic a) {
    a.negative_ = !a.negative_;
    return a;
  }
  friend Dyadic operator-(const Dyadic& a, const Dyadic& b) { return a + -b; }
  friend Dyadic operator+(const Dyadic& a, const Dyadic& b) {
    if (a.limbs_.empty()) return b;
    if (b.limbs_.empty()) return a;
    // Bring both to the smaller exponent, then add or subtract magnitudes.
    const int exponent = a.exponent_ < b.exponent_ ? a.exponent_ : b.exponent_;
    const std::vector<std::uint32_t> x = shiftedLeft(a.limbs_, a.exponent_ - exponent);
    const std::vector<std::uint32_t> y = shiftedLeft(b.limbs_, b.exponent_ - exponent);
    Dyadic sum;
    sum.exponent_ = exponent;
    if (a.negative_ == b.negative_) {
      sum.limbs_ = add(x, y);
      sum.negative_ = a.negative_;
    } else if (compare(x, y) >= 0) {
      sum.limbs_ = subtract(x, y);
      sum.negative_ = a.negative_;
    } else {
      sum.limbs_ = subtract(y, x);
      sum.negative_ = b.negative_;
    }
    sum.trim();
    return sum;
  }
  friend Dyadic operator*(const Dyadic& a, const Dyadic& b) {
    Dyadic product;
    if (a.limbs_.empty() || b.limbs_.empty()) return product;
    product.limbs_.assign(a.limbs_.size() + b.limbs_.size(), 0);
    for (size_t i = 0; i < a.limbs_.size(); ++i) {
      std::uint64_t carry = 0;
      for (size_t j = 0; j < b.limbs_.size(); ++j) {
        const std::uint64_t t = std::uint64_t{a.limbs_[i]} * b.limbs_[j] + product.limbs_[i + j] + carry;
        product.limbs_[i + j] = static_cast<std::uint32_t>(t);
        carry = t >> 32;
      }
      product.limbs_[i + b.limbs_.size()] = static_cast<std::uint32_t>(carry);
    }
    product.exponent_ = a.exponent_ + b.exponent_;
    product.negative_ = a.negative_ != b.negative_;
    product.trim();
    return product;
  }

 private:
  using Limbs = std::vector<std::uint32_t>;  // little-endian

  void trim() {
    while (!limbs_.empty() && limbs_.back() == 0) limbs_.pop_back();
  }

  static Limbs shiftedLeft(const Limbs& x, int bits) {
    const int whole = bits / 32, part = bits % 32;
    Limbs out(x.size() + whole + 1, 0);
    for (size_t i = 0; i < x.size(); ++i) {
      const std::uint64_t t = std::uint64_t{x[i]} << part;
      out[i + whole] |= static_cast<std::uint32_t>(t);
      out[i + whole + 1] |= static_cast<std::uint32_t>(t >> 32);
    }
    return out;
  }

  // -1, 0, 1 as x <, =, > y (either may carry leading zero limbs).
  static int compare(const Limbs& x, const Limbs& y) {
    for (size_t i = x.size() > y.size() ? x.size() : y.size(); i-- > 0;) {
      const std::uint32_t xi = i < x.size() ? x[i] : 0, yi = i < y.size() ? y[i] : 0;
      if (xi != yi) return xi < yi ? -1 : 1;
    }
    return 0;
  }

  static Limbs add(const Limbs& x, const Limbs& y) {
    Limbs out(1 + (x.size() > y.size() ? x.size() : y.size()), 0);
    std::uint64_t carry = 0;
    for (size_t i = 0; i < out.size(); ++i) {
      const std::uint64_t t = carry + (i < x.size() ? x[i] : 0) + (i < y.size() ? y[i] : 0);
      out[i] = static_cast<std::uint32_t>(t);
      carry = t >> 32;
    }
    return out;
  }

  // x - y for x >= y.
  static Limbs subtract(const Limbs& x, const Limbs& y) {
    Limbs out(x.size(), 0);
    std::int64_t borrow = 0;
    for (size_t i = 0; i < x.size(); ++i) {
      std::int64_t t = std::int64_t{x[i]} - (i < y.size() ? y[i] : 0) - borrow;
      borrow = t < 0;
      if (borrow) t += std::int64_t{1} << 32;
      out[i] = static_cast<std::uint32_t>(t);
    }
    return out;
  }

  bool negative_ = false;
  int exponent_ = 0;  // the value is ±limbs * 2^exponent_
  Limbs limbs_;
};

}  // namespace c3d::exact
