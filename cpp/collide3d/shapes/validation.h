// Problem: why a shape is invalid, in words a user can act on ("radius" / "must be >= 0 (got -1)").
// Validation rejects shapes whose geometry is undefined (README "Errors"); degenerate but valid
// shapes (zero radius, zero-area triangle, zero-size box) pass and get exact answers from the queries.
#pragma once
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "collide3d/math/vec3.h"

namespace c3d {

constexpr std::size_t kNumberChars = 64;  // room for any number formatNumber writes

// The number as JavaScript's String(value) spells it (ECMA-262 Number::toString): the shortest digits that read
// back as the same double, in plain notation for decimal exponents -7 < n <= 21 and exponential otherwise.
inline void formatNumber(double value, char* out, std::size_t size) {
  if (std::isnan(value)) {
    std::snprintf(out, size, "NaN");
    return;
  }
  if (std::isinf(value)) {
    std::snprintf(out, size, value > 0 ? "Infinity" : "-Infinity");
    return;
  }
  if (value == 0) {
    std::snprintf(out, size, "0");
    return;
  }
  char scientific[40];
  for (int precision = 0; precision <= 16; ++precision) {
    std::snprintf(scientific, sizeof scientific, "%.*e", precision, value);
    if (std::strtod(scientific, nullptr) == value) break;
  }
  // scientific = [-]d[.ddd]e[+-]xx: collect the digits and n, the position of the decimal point after the first.
  char digits[24];
  int count = 0;
  const char* c = scientific;
  const bool negative = *c == '-';
  if (negative) ++c;
  for (; *c != 'e'; ++c) {
    if (*c != '.') digits[count++] = *c;
  }
  while (count > 1 && digits[count - 1] == '0') --count;
  digits[count] = '\0';
  const int n = std::atoi(c + 1) + 1;
  char* body = out;
  std::size_t room = size;
  if (negative) *body++ = '-', --room;
  if (count <= n && n <= 21) {
    std::snprintf(body, room, "%s%.*s", digits, n - count, "000000000000000000000");
  } else if (0 < n && n <= 21) {
    std::snprintf(body, room, "%.*s.%s", n, digits, digits + n);
  } else if (-6 < n && n <= 0) {
    std::snprintf(body, room, "0.%.*s%s", -n, "000000", digits);
  } else {
    const int e = n - 1;
    const char sign = e < 0 ? '-' : '+';
    if (count == 1) {
      std::snprintf(body, room, "%se%c%d", digits, sign, e < 0 ? -e : e);
    } else {
      std::snprintf(body, room, "%c.%se%c%d", digits[0], digits + 1, sign, e < 0 ? -e : e);
    }
  }
}

// Fixed-capacity text built with <<, truncating rather than overflowing; no allocation on the error path.
template <std::size_t Capacity>
struct Text {
  // {} rather than "": clang 14 sizes a string-literal member initializer by the class template's first
  // instantiation, so Text<48> would zero 160 bytes after Text<160>.
  char text[Capacity] = {};
  std::size_t size = 0;

  Text& clear() {
    size = 0;
    text[0] = '\0';
    return *this;
  }
  Text& operator<<(const char* s) {
    while (*s != '\0' && size + 1 < Capacity) text[size++] = *s++;
    text[size] = '\0';
    return *this;
  }
  Text& operator<<(double value) {
    char number[kNumberChars];
    formatNumber(value, number, sizeof number);
    return *this << number;
  }
  Text& operator<<(Vec3 v) { return *this << "{x: " << v.x << ", y: " << v.y << ", z: " << v.z << "}"; }
};

struct Problem {
  Text<48> field;      // the field's path inside the argument: "radius", "min.x", "planes[3].normal"
  Text<160> message;   // what is wrong with it: "must be >= 0 (got -1)"
};

// The range of a shape's numbers (a rotation's entries included):
// 0, or a magnitude from 2^-126 to 2^126 (about 1.2e-38 to 8.5e37: float32's normal numbers, all but the largest).
// A product of up to eight such numbers — the degree of the highest terms the queries evaluate in doubles (squared
// lengths of cross products, the plane, box, ray and quadric tests' discriminants) — neither overflows nor sinks into
// subnormals, so returned numbers are finite and keep their accuracy. Beyond that range they would not, so such
// numbers are refused rather than answered with NaN or infinity.
constexpr double kSmallestMagnitude = 0x1p-126;
constexpr double kLargestMagnitude = 0x1p126;
inline bool inRange(double x) {  // without branches: it runs on every number of every query
  const double magnitude = std::fabs(x);
  return (x == 0) | ((magnitude >= kSmallestMagnitude) & (magnitude <= kLargestMagnitude));
}
constexpr const char* kRangeRule = "must be 0 or of magnitude 2^-126 to 2^126 (1.2e-38 to 8.5e37)";

// Fills `problem` and returns false, so validators can `return fail(...)`. Out of line and cold, so a validator
// (a few comparisons) inlines into the loops that check many shapes, the batch calls' items.
template <class Value>
[[gnu::cold, gnu::noinline]] bool fail(Problem& problem, const char* field, const char* rule, Value got) {
  problem.field.clear() << field;
  problem.message.clear() << rule << " (got " << got << ")";
  return false;
}

}  // namespace c3d
