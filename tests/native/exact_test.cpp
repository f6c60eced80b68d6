// The exact arithmetic and the filtered predicates against GMP's exact rationals (a double is exactly an mpq):
// sums and products of doubles over the whole range of magnitudes, subnormals included, and the signs of orient2d / orient3d
// on random inputs, on points made coplanar or collinear by construction (where the filter must give way to the
// exact path), and on their ulp-nudged neighbours.
#include <gmpxx.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "collide3d/math/exact/double_double.h"
#include "collide3d/math/exact/dyadic.h"
#include "collide3d/math/exact/filtered_sign.h"
#include "collide3d/math/predicates.h"
#include "test_support.h"

namespace c3d {
namespace {

using testing::Random;

mpq_class q(double x) { return mpq_class(x); }
int sgn(const mpq_class& x) { return ::sgn(x); }

int referenceOrient3d(Vec3 a, Vec3 b, Vec3 c, Vec3 d) {
  const mpq_class bx = q(b.x) - q(a.x), by = q(b.y) - q(a.y), bz = q(b.z) - q(a.z);
  const mpq_class cx = q(c.x) - q(a.x), cy = q(c.y) - q(a.y), cz = q(c.z) - q(a.z);
  const mpq_class dx = q(d.x) - q(a.x), dy = q(d.y) - q(a.y), dz = q(d.z) - q(a.z);
  return sgn((by * cz - bz * cy) * dx + (bz * cx - bx * cz) * dy + (bx * cy - by * cx) * dz);
}

int referenceOrient2d(Vec2 a, Vec2 b, Vec2 c) {
  return sgn((q(b.x) - q(a.x)) * (q(c.y) - q(a.y)) - (q(b.y) - q(a.y)) * (q(c.x) - q(a.x)));
}

// A double of random sign, significand and binary exponent in [lo, hi].
double wide(Random& random, int lo, int hi) {
  return std::ldexp(random.uniform(-1, 1), random.integer(lo, hi));
}

TEST(Dyadic, SumsAndProductsOfDoublesAreExact) {
  Random random(1);
  for (int i = 0; i < 20000; ++i) {
    double x[6];
    for (double& v : x) v = i % 10 == 0 ? std::ldexp(random.uniform(-1, 1), -1074 + random.integer(0, 60)) : wide(random, -1000, 1000);
    // A polynomial whose terms differ wildly in magnitude, and its exact value minus each term's rational.
    const exact::Dyadic e = exact::Dyadic(x[0]) * x[1] - exact::Dyadic(x[2]) * x[3] * x[4] + x[5];
    const mpq_class r = q(x[0]) * q(x[1]) - q(x[2]) * q(x[3]) * q(x[4]) + q(x[5]);
    ASSERT_EQ(e.sign(), sgn(r)) << i;
  }
}

TEST(Dyadic, CancellationToZeroAndToTheLastBit) {
  Random random(2);
  for (int i = 0; i < 20000; ++i) {
    const double a = wide(random, -100, 100), b = wide(random, -100, 100);
    const double nudge = std::nextafter(b, 2 * b);
    // a * b - b * a is 0; a * nudge - b * a has the sign of a * (nudge - b).
    EXPECT_EQ((exact::Dyadic(a) * b - exact::Dyadic(b) * a).sign(), 0);
    const int expected = sgn(q(a) * (q(nudge) - q(b)));
    ASSERT_EQ((exact::Dyadic(a) * nudge - exact::Dyadic(b) * a).sign(), expected) << i;
  }
}

// approximate() is within an ulp of the exact value (GMP's rational rounded to a double, itself within half an
// ulp): values whose leading limb holds a single bit included, such as 2^32 + 2^-20 (exactly a double).
TEST(Dyadic, ApproximateIsWithinAnUlp) {
  EXPECT_EQ((exact::Dyadic(0x1p32) + 0x1p-20).approximate(), 0x1p32 + 0x1p-20);
  Random random(3);
  for (int i = 0; i < testing::cases(20000); ++i) {
    double x[4];
    for (double& v : x) v = wide(random, -60, 60);
    const exact::Dyadic e = exact::Dyadic(x[0]) * x[1] - exact::Dyadic(x[2]) * x[3];
    const double expected = mpq_class(q(x[0]) * q(x[1]) - q(x[2]) * q(x[3])).get_d();
    const double got = e.approximate();
    ASSERT_LE(std::fabs(got - expected), 2 * (std::nextafter(std::fabs(expected), INFINITY) - std::fabs(expected)))
        << i << ": " << got << " against " << expected;
  }
}

// Depth counts the roundings a monomial passes through: one per sum, and a product's factors' counts added, plus
// one (a product of n numbers carries n - 1 roundings, however it is grouped).
TEST(DoubleDouble, TwoSumAndTwoProductAreExact) {
  using DD = exact::DoubleDouble;
  Random random(31);
  for (int i = 0; i < testing::cases(20000); ++i) {
    const double a = wide(random, -300, 300), b = wide(random, -300, 300);
    const DD sum = DD::twoSum(a, b), product = DD::twoProduct(a, b);
    EXPECT_EQ(q(sum.hi) + q(sum.lo), q(a) + q(b)) << a << " + " << b;
    EXPECT_EQ(q(product.hi) + q(product.lo), q(a) * q(b)) << a << " * " << b;
    EXPECT_EQ(sum.hi, a + b);
    EXPECT_EQ(product.hi, a * b);
  }
}

// The batch raycast refines roots on double lanes and must get the single query's doubles: every operation on
// DoubleDoubleOf<f64x2> gives, lane by lane, the bits DoubleDouble gives, sqrt of zero and negative numbers included.
TEST(DoubleDouble, LanesComputeTheScalarResultsBitForBit) {
  using DD = exact::DoubleDouble;
  using Lanes = exact::DoubleDoubleOf<simd::f64x2>;
  Random random(37);
  const auto sameBits = [](const DD& scalar, const Lanes& lanes, int k) {
    const double hi = lanes.hi[k], lo = lanes.lo[k];
    return std::memcmp(&scalar.hi, &hi, sizeof hi) == 0 && std::memcmp(&scalar.lo, &lo, sizeof lo) == 0;
  };
  const auto number = [&] {
    const double hi = random.integer(0, 9) == 0 ? 0.0 : wide(random, -60, 60);
    return DD::twoSum(hi, hi * std::ldexp(random.uniform(-1, 1), -53));  // a normalised hi + lo
  };
  int negativeRoots = 0;
  for (int i = 0; i < testing::cases(20000); ++i) {
    const DD x[2] = {number(), number()}, y[2] = {number(), number()};
    const Lanes a{simd::f64x2{x[0].hi, x[1].hi}, simd::f64x2{x[0].lo, x[1].lo}};
    const Lanes b{simd::f64x2{y[0].hi, y[1].hi}, simd::f64x2{y[0].lo, y[1].lo}};
    const Lanes sum = a + b, difference = a - b, product = a * b, quotient = a / b, root = sqrt(a);
    const Lanes picked = select(a.hi < b.hi, a, b);
    for (int k = 0; k < 2; ++k) {
      SCOPED_TRACE(::testing::Message() << "lane " << k << ": " << x[k].hi << " + " << x[k].lo << ", " << y[k].hi
                                        << " + " << y[k].lo);
      EXPECT_TRUE(sameBits(x[k] + y[k], sum, k));
      EXPECT_TRUE(sameBits(x[k] - y[k], difference, k));
      EXPECT_TRUE(sameBits(x[k] * y[k], product, k));
      if (y[k].hi != 0) {
        EXPECT_TRUE(sameBits(x[k] / y[k], quotient, k));
      }
      EXPECT_TRUE(sameBits(sqrt(x[k]), root, k));
      EXPECT_TRUE(sameBits(x[k].hi < y[k].hi ? x[k] : y[k], picked, k));
      negativeRoots += x[k].hi < 0;
    }
  }
  EXPECT_GT(negativeRoots, 0);
}

TEST(FilteredSign, DepthIsCountedFromTheExpression) {
  auto orient = [](const auto& ax, const auto& ay, const auto& bx, const auto& by, const auto& cx, const auto& cy) {
    return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  };
  auto fourth = [](const auto& x) { return (x * x) * (x * x); };
  using D = exact::Depth<0>;
  EXPECT_EQ(decltype(orient(D{}, D{}, D{}, D{}, D{}, D{}))::kValue, 4);  // 1 + 1 + 1 for a product, 1 for the -
  EXPECT_EQ(decltype(fourth(D{}))::kValue, 3);
}

// Coordinates meet first in differences, each rounded to within an ulp of itself, so the filter's bound is relative
// to the differences: points a kilometre or 2^30 from the origin are proven as often as at it (a bound relative
// to the coordinates themselves would fail on almost every one of them), and every sign agrees with GMP.
TEST(FilteredSign, BoundIsRelativeToDifferencesFarFromTheOrigin) {
  Random random(5);
  for (const double offset : {0.0, 1e3, 0x1p30}) {
    int proven = 0;
    const int count = 20000;
    for (int i = 0; i < count; ++i) {
      const Vec3 origin{offset, -offset, offset * 0.5};
      const Vec3 a = origin + random.vector(-1, 1), b = origin + random.vector(-1, 1),
                 c = origin + random.vector(-1, 1), d = origin + random.vector(-1, 1);
      proven += exact::filterProves(kSignedVolume, a, b, c, d);
      ASSERT_EQ(orient3d(a, b, c, d), referenceOrient3d(a, b, c, d)) << offset << " " << i;
    }
    EXPECT_GT(proven, count * 99 / 100) << "offset " << offset;
  }
}

// A point on the plane abc up to rounding: a + s (b - a) + t (c - a), rounded, then possibly nudged by ulps.
Vec3 nearPlane(Random& random, Vec3 a, Vec3 b, Vec3 c, int nudges) {
  const double s = random.uniform(-2, 2), t = random.uniform(-2, 2);
  Vec3 p = a + (b - a) * s + (c - a) * t;
  for (int k = 0; k < nudges; ++k) {
    double* coordinate = k % 3 == 0 ? &p.x : k % 3 == 1 ? &p.y : &p.z;
    *coordinate = std::nextafter(*coordinate, random.integer(0, 1) ? INFINITY : -INFINITY);
  }
  return p;
}

TEST(Orient3d, AgreesWithExactRationals) {
  Random random(3);
  int zeros = 0, filtered = 0;
  for (int i = 0; i < 100000; ++i) {
    const double scale = std::ldexp(1.0, random.integer(-30, 30));
    const Vec3 a = random.vector(-1, 1) * scale, b = random.vector(-1, 1) * scale, c = random.vector(-1, 1) * scale;
    Vec3 d;
    switch (i % 4) {
      case 0: d = random.vector(-1, 1) * scale; break;
      case 1: d = nearPlane(random, a, b, c, 0); break;
      case 2: d = nearPlane(random, a, b, c, random.integer(1, 3)); break;
      default: d = random.integer(0, 1) ? a : (random.integer(0, 1) ? b : c); break;  // a repeated vertex
    }
    const int expected = referenceOrient3d(a, b, c, d);
    zeros += expected == 0;
    ASSERT_EQ(orient3d(a, b, c, d), expected) << i;
    // Every vertex order: even permutations keep the sign, odd ones flip it.
    ASSERT_EQ(orient3d(b, c, a, d), expected);
    ASSERT_EQ(orient3d(b, a, c, d), -expected);
    filtered += std::fabs(dot(cross(b - a, c - a), d - a)) > 1e-10 * scale * scale * scale;
  }
  EXPECT_GE(zeros, 25000);   // the repeated vertices, and constructed points that happen to land exactly
  EXPECT_GT(filtered, 20000);
}

TEST(Orient2d, AgreesWithExactRationals) {
  Random random(4);
  int zeros = 0;
  for (int i = 0; i < 100000; ++i) {
    const double scale = std::ldexp(1.0, random.integer(-40, 40));
    const Vec2 a{random.uniform(-1, 1) * scale, random.uniform(-1, 1) * scale};
    const Vec2 b{random.uniform(-1, 1) * scale, random.uniform(-1, 1) * scale};
    const double t = i % 3 == 0 ? random.integer(-3, 3) : random.uniform(-2, 2);
    Vec2 c{a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)};  // collinear up to rounding (exactly, often, for integer t)
    if (i % 2) c.y = std::nextafter(c.y, INFINITY);
    const int expected = referenceOrient2d(a, b, c);
    zeros += expected == 0;
    ASSERT_EQ(orient2d(a, b, c), expected) << i;
    ASSERT_EQ(orient2d(b, a, c), -expected);
  }
  EXPECT_GT(zeros, 1000);
}

TEST(Orient3d, IntegerBoundaryCasesAtHugeAndTinyScales) {
  // Four coplanar integer points, scaled by powers of two (exact), then each coordinate nudged by one ulp.
  Random random(5);
  for (int scaleExponent : {-27, 0, 27}) {  // about 1e-8, 1, 1e8
    const double scale = std::ldexp(1.0, scaleExponent);
    for (int i = 0; i < 5000; ++i) {
      const Vec3 a = random.integerVector(-50, 50) * scale, b = random.integerVector(-50, 50) * scale;
      const Vec3 c = random.integerVector(-50, 50) * scale;
      const int s = random.integer(-3, 3), t = random.integer(-3, 3);
      Vec3 d = a + (b - a) * s + (c - a) * t;  // exact: small integers times a power of two
      ASSERT_EQ(orient3d(a, b, c, d), referenceOrient3d(a, b, c, d));
      ASSERT_EQ(referenceOrient3d(a, b, c, d), 0);
      for (int axis = 0; axis < 3; ++axis) {
        for (double direction : {INFINITY, -INFINITY}) {
          Vec3 e = d;
          double* coordinate = axis == 0 ? &e.x : axis == 1 ? &e.y : &e.z;
          *coordinate = std::nextafter(*coordinate, direction);
          ASSERT_EQ(orient3d(a, b, c, e), referenceOrient3d(a, b, c, e));
        }
      }
    }
  }
}

}  // namespace
}  // namespace c3d
