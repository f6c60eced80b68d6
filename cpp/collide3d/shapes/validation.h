// Problem: why a shape is invalid, in words a user can act on ("radius" / "must be >= 0 (got -1)").
// Validation rejects shapes whose geometry is undefined (API.md "Errors and bad input"); degenerate but valid
// shapes (zero radius, zero-area triangle, zero-size box) pass and get exact answers from the queries.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "collide3d/math/vec3.h"

namespace c3d {

struct Problem {
  char field[48] = "";
  char message[160] = "";
};

// Shortest decimal that reads back as the same double, spelled as JavaScript spells numbers ("1e-7", not "1e-07").
inline void formatNumber(double value, char* out, std::size_t size) {
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(out, size, "%.*g", precision, value);
    if (std::strtod(out, nullptr) == value) break;
  }
  char* exponent = std::strchr(out, 'e');
  if (exponent == nullptr) return;
  char* digits = exponent + 1;
  if (*digits == '+' || *digits == '-') ++digits;
  char* firstNonZero = digits;
  while (*firstNonZero == '0' && firstNonZero[1] != '\0') ++firstNonZero;
  std::memmove(digits, firstNonZero, std::strlen(firstNonZero) + 1);
}

// Fills `problem` and returns false, so validators can `return fail(...)`.
inline bool fail(Problem& problem, const char* field, const char* rule, double got) {
  char number[32];
  formatNumber(got, number, sizeof number);
  std::snprintf(problem.field, sizeof problem.field, "%s", field);
  std::snprintf(problem.message, sizeof problem.message, "%s (got %s)", rule, number);
  return false;
}

inline bool fail(Problem& problem, const char* field, const char* rule, Vec3 got) {
  char x[32], y[32], z[32];
  formatNumber(got.x, x, sizeof x);
  formatNumber(got.y, y, sizeof y);
  formatNumber(got.z, z, sizeof z);
  std::snprintf(problem.field, sizeof problem.field, "%s", field);
  std::snprintf(problem.message, sizeof problem.message, "%s (got {x: %s, y: %s, z: %s})", rule, x, y, z);
  return false;
}

}  // namespace c3d
