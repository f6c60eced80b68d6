// Shared helpers for the native tests: vector equality with tolerance, deterministic random shapes, and exact
// rigid motions (signed axis permutations with integer translations), under which results are exactly invariant.
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <random>

#include "collide3d/dispatch/encoded.h"
#include "collide3d/math/mat3.h"
#include "collide3d/math/vec3.h"

namespace c3d::testing {

inline ::testing::AssertionResult near(Vec3 actual, Vec3 expected, double tolerance = 1e-12) {
  const double error = length(actual - expected);
  if (error <= tolerance) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "got (" << actual.x << ", " << actual.y << ", " << actual.z << "), expected ("
                                       << expected.x << ", " << expected.y << ", " << expected.z << "), error "
                                       << error;
}

// A shape encoded as the dispatch tables take it (encoded.h).
using Buffer = std::array<double, kEncodedShapeSize>;
using c3d::encodedBuffer;

// How many random cases a long randomized test runs: n times the C3D_TEST_SCALE environment variable (default 1;
// `npm run test:long` sets 16 for a long local run), and an eighth of that in the sanitizer build (C3D_SANITIZE),
// which is there to catch memory and undefined-behaviour errors and runs these ~25 times slower. Never below 1.
inline int cases(int n) {
  static const double scale = [] {
    const char* text = std::getenv("C3D_TEST_SCALE");
    const double value = text ? std::atof(text) : 1.0;
    return value > 0 ? value : 1.0;
  }();
#ifdef __SANITIZE_ADDRESS__
  const double share = scale / 8;
#else
  const double share = scale;
#endif
  return std::max(1, static_cast<int>(n * share));
}

// A deterministic source of random test inputs.
class Random {
 public:
  explicit Random(unsigned seed) : engine_(seed) {}
  double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(engine_); }
  int integer(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(engine_); }
  Vec3 vector(double lo, double hi) { return {uniform(lo, hi), uniform(lo, hi), uniform(lo, hi)}; }
  Vec3 integerVector(int lo, int hi) { return {double(integer(lo, hi)), double(integer(lo, hi)), double(integer(lo, hi))}; }
  // A uniformly random rotation (Shoemake 1992, "Uniform random rotations", via a random unit quaternion).
  Mat3 rotation() {
    const double u1 = uniform(0, 1), u2 = uniform(0, 2 * M_PI), u3 = uniform(0, 2 * M_PI);
    const double a = std::sqrt(1 - u1), b = std::sqrt(u1);
    const double w = a * std::sin(u2), x = a * std::cos(u2), y = b * std::sin(u3), z = b * std::cos(u3);
    Mat3 r;
    const double m[9] = {1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y),
                         2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x),
                         2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)};
    for (int i = 0; i < 9; ++i) r.m[i] = m[i];
    return r;
  }
  // One of the 48 signed permutation matrices: exact in floating point.
  Mat3 signedPermutation() {
    int axis[3] = {0, 1, 2};
    std::shuffle(axis, axis + 3, engine_);
    Mat3 r;
    for (double& m : r.m) m = 0;
    for (int column = 0; column < 3; ++column) r.m[3 * column + axis[column]] = integer(0, 1) ? 1.0 : -1.0;
    return r;
  }
  std::mt19937& engine() { return engine_; }

 private:
  std::mt19937 engine_;
};

// A triangle around the origin: integer corners in [-3, 3] (many touch and share exactly), or real ones within 2 of
// a centre within 2.
inline Triangle randomTriangle(Random& random, bool integer) {
  if (integer) return {random.integerVector(-3, 3), random.integerVector(-3, 3), random.integerVector(-3, 3)};
  const Vec3 c = random.vector(-2, 2);
  return {c + random.vector(-2, 2), c + random.vector(-2, 2), c + random.vector(-2, 2)};
}

}  // namespace c3d::testing
