// Rounding a double box outward to floats (bvh.h): floatBelow and floatAbove against std::nextafter stepping from
// the nearest float, on numbers that are floats, between floats, at zero and the subnormals, and beyond float's range.
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "collide3d/mesh/bvh.h"

namespace c3d {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr double kFloatMax = std::numeric_limits<float>::max();

// The greatest float not above x, by the library: the nearest float, stepped down while above x.
float referenceBelow(double x) {
  if (x > kFloatMax) return std::numeric_limits<float>::max();
  if (x < -kFloatMax) return -kInf;
  float f = static_cast<float>(x);
  while (static_cast<double>(f) > x) f = std::nextafter(f, -kInf);
  return f;
}

TEST(FloatBounds, RoundOutwardToTheNearestFloatBeyond) {
  const double tiny = std::numeric_limits<float>::denorm_min();
  std::vector<double> numbers = {0.0, -0.0, 1.0, -1.0, 0.1, -0.1, 1.0 + 1e-12, -(1.0 + 1e-12), 1.0 - 1e-12,
                                 tiny, -tiny, tiny / 4, -tiny / 4, 1.5 * tiny, -1.5 * tiny, 1e-300, -1e-300,
                                 kFloatMax, -kFloatMax, kFloatMax * (1 + 1e-12), -kFloatMax * (1 + 1e-12), 1e300,
                                 -1e300, std::numeric_limits<double>::max(), -std::numeric_limits<double>::max()};
  std::mt19937_64 random(3);
  std::uniform_real_distribution<double> mantissa(-1, 1);
  std::uniform_int_distribution<int> exponent(-160, 140);
  for (int i = 0; i < 20000; ++i) numbers.push_back(std::ldexp(mantissa(random), exponent(random)));
  for (const double x : numbers) {
    const float below = floatBelow(x), above = floatAbove(x);
    EXPECT_EQ(below, referenceBelow(x)) << x;
    EXPECT_EQ(above, -referenceBelow(-x)) << x;
    EXPECT_LE(static_cast<double>(below), x);
    EXPECT_GE(static_cast<double>(above), x);
  }
  // Floats are kept as they are, the sign of zero included.
  EXPECT_TRUE(std::signbit(floatBelow(-0.0)) && std::signbit(floatAbove(-0.0)));
  EXPECT_FALSE(std::signbit(floatBelow(0.0)) || std::signbit(floatAbove(0.0)));
  EXPECT_EQ(floatAbove(1e300), kInf);
  EXPECT_EQ(floatBelow(-1e300), -kInf);
}

}  // namespace
}  // namespace c3d
