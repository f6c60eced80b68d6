// A ball (or a point) against an AABB or an OBB, near touching: intersects, distance, closestPoints and contact
// through the dispatch tables against an exact GMP reference computed another way — the centre's box coordinates by
// Gaussian elimination on R p = c - center (not Cramer's rule), clamped to the box, and the squared gap compared
// with r^2 in rationals. Cases within rounding of touching are made by placing the centre one radius out from a
// point of a face, an edge or a corner, in the normal cone of that feature, and then moving it by a few ulps.
#include <gmpxx.h>

#include <array>
#include <cmath>

#include "collide3d/dispatch/tables.h"
#include "exact_reference.h"
#include "test_support.h"

namespace c3d {
namespace {

using testing::Buffer;
using testing::Q3;

// The box coordinates p of x with R p = x - center, by Gaussian elimination with pivoting on nonzero entries.
std::array<mpq_class, 3> boxCoordinates(const Mat3& r, Vec3 center, Vec3 x) {
  mpq_class m[3][4];
  const Q3 rhs = testing::q(x) - testing::q(center);
  const mpq_class b[3] = {rhs.x, rhs.y, rhs.z};
  for (int row = 0; row < 3; ++row) {
    for (int col = 0; col < 3; ++col) m[row][col] = r.m[3 * col + row];
    m[row][3] = b[row];
  }
  for (int col = 0; col < 3; ++col) {
    int pivot = col;
    while (m[pivot][col] == 0) ++pivot;
    for (int k = 0; k < 4; ++k) std::swap(m[col][k], m[pivot][k]);
    for (int row = 0; row < 3; ++row) {
      if (row == col || m[row][col] == 0) continue;
      const mpq_class f = m[row][col] / m[col][col];
      for (int k = col; k < 4; ++k) m[row][k] -= f * m[col][k];
    }
  }
  return {m[0][3] / m[0][0], m[1][3] / m[1][1], m[2][3] / m[2][2]};
}

// The sign of d^2 - r^2, d the distance from c to the box measured in the box's frame.
int referenceGap(Vec3 c, double r, const Obb& box) {
  const auto p = boxCoordinates(box.rotation, box.center, c);
  mpq_class squared = 0;
  for (int i = 0; i < 3; ++i) {
    const mpq_class h = component(box.halfSize, i);
    const mpq_class beyond = p[i] > h ? p[i] - h : p[i] < -h ? p[i] + h : mpq_class(0);
    squared += beyond * beyond;
  }
  return sgn(squared - mpq_class(r) * mpq_class(r));
}
int referenceGap(Vec3 c, double r, const Aabb& box) {
  mpq_class squared = 0;
  for (int i = 0; i < 3; ++i) {
    const mpq_class x = component(c, i), lo = component(box.min, i), hi = component(box.max, i);
    const mpq_class beyond = x > hi ? x - hi : x < lo ? lo - x : mpq_class(0);
    squared += beyond * beyond;
  }
  return sgn(squared - mpq_class(r) * mpq_class(r));
}

// Every query on the pair, both orders, against the reference; returns the reference's sign.
template <class Box>
int expectAgreement(const Sphere& ball, const Box& box) {
  const int gap = referenceGap(ball.center, ball.radius, box);
  const bool meets = gap <= 0;
  const Buffer s = encodedBuffer(ball), b = encodedBuffer(box), p = encodedBuffer(Point{ball.center});
  const ShapeType S = ShapeType::Sphere, B = Box::kType;
  EXPECT_EQ(intersectsTable().at(S, B)(s.data(), b.data()), meets) << ball.radius;
  EXPECT_EQ(intersectsTable().at(B, S)(b.data(), s.data()), meets);
  const ClosestPoints near = closestPointsTable().at(S, B)(s.data(), b.data());
  EXPECT_EQ(near.distance == 0, meets) << near.distance;
  EXPECT_GE(near.distance, 0);
  EXPECT_EQ(closestPointsTable().at(B, S)(b.data(), s.data()).distance, near.distance);
  const auto touch = contactTable().at(S, B)(s.data(), b.data());
  EXPECT_EQ(touch.has_value(), meets);
  if (touch) {
    EXPECT_GE(touch->depth, 0);
  }
  // The centre as a point: in the closed box exactly when its reference gap with radius 0 is 0.
  const bool inside = referenceGap(ball.center, 0, box) <= 0;
  EXPECT_EQ(intersectsTable().at(ShapeType::Point, B)(p.data(), b.data()), inside);
  EXPECT_EQ(closestPointsTable().at(ShapeType::Point, B)(p.data(), b.data()).distance == 0, inside);
  return gap;
}

// A point of the box's surface in its own frame (lo..hi per axis), and an outward direction in the normal cone of
// the feature it lies on: a face (one axis at a bound), an edge (two) or a corner (three).
struct SurfacePoint {
  Vec3 local, outward;
};
SurfacePoint surfacePoint(testing::Random& random, Vec3 lo, Vec3 hi) {
  const int bounded = random.integer(1, 3);
  double at[3], out[3];
  int axes[3] = {0, 1, 2};
  std::shuffle(axes, axes + 3, random.engine());
  for (int k = 0; k < 3; ++k) {
    const int i = axes[k];
    const double l = component(lo, i), h = component(hi, i);
    if (k < bounded) {
      const bool up = random.integer(0, 1);
      at[i] = up ? h : l, out[i] = up ? random.uniform(0.05, 1) : -random.uniform(0.05, 1);
    } else {
      at[i] = random.uniform(l, h), out[i] = 0;
    }
  }
  return {{at[0], at[1], at[2]}, unitDirection({out[0], out[1], out[2]})};
}

Vec3 nudged(testing::Random& random, Vec3 v) {
  const int ulps = random.integer(-4, 4);
  auto move = [&](double x) {
    for (int k = 0; k < std::abs(ulps); ++k) x = std::nextafter(x, ulps > 0 ? kInfinity : -kInfinity);
    return x;
  };
  return {move(v.x), move(v.y), move(v.z)};
}

struct Tally {
  int met = 0, apart = 0, touching = 0;
  void add(int gap) { (gap < 0 ? met : gap > 0 ? apart : touching) += 1; }
};

TEST(ExactSphereBox, TheReportedAabbPairIsApart) {
  const Sphere ball{{-2.6751487279319157, 5.4750554322233382, -14.504768840375341}, 5.5255477977959302};
  const Aabb box{{-4.94130034874616, -10.426280594607833, -16.503716231027774},
                 {8.6507725675232461, -0.050492365572592179, 1.0324447371427306}};
  EXPECT_EQ(expectAgreement(ball, box), 1);  // the exact d^2 - r^2 is +2.45e-15
}

TEST(ExactSphereBox, AabbsWithinRoundingOfTouching) {
  testing::Random random(1501);
  Tally tally;
  for (int i = 0; i < testing::cases(20000); ++i) {
    const Vec3 min = random.vector(-20, 10);
    const Aabb box{min, min + random.vector(0, random.integer(0, 4) == 0 ? 0 : 20)};
    const SurfacePoint on = surfacePoint(random, box.min, box.max);
    const double r = random.integer(0, 9) == 0 ? 0 : random.uniform(0, 10);
    tally.add(expectAgreement(Sphere{nudged(random, on.local + on.outward * r), r}, box));
  }
  // Both sides of the boundary occur often; points on a face or edge touch exactly.
  EXPECT_GT(tally.met, testing::cases(20000) / 5);
  EXPECT_GT(tally.apart, testing::cases(20000) / 5);
  EXPECT_GT(tally.touching, testing::cases(20000) / 100);
}

TEST(ExactSphereBox, ObbsWithinRoundingOfTouching) {
  testing::Random random(1502);
  Tally tally;
  for (int i = 0; i < testing::cases(20000); ++i) {
    const Mat3 rotation = random.integer(0, 3) == 0 ? random.signedPermutation() : random.rotation();
    const Obb box{random.vector(-10, 10), random.vector(0, 5), rotation};
    const SurfacePoint on = surfacePoint(random, -box.halfSize, box.halfSize);
    const double r = random.integer(0, 9) == 0 ? 0 : random.uniform(0, 5);
    const Vec3 centre = box.center + rotation * (on.local + on.outward * r);
    tally.add(expectAgreement(Sphere{nudged(random, centre), r}, box));
  }
  EXPECT_GT(tally.met, testing::cases(20000) / 5);
  EXPECT_GT(tally.apart, testing::cases(20000) / 5);
  EXPECT_GT(tally.touching, testing::cases(20000) / 200);
}

}  // namespace
}  // namespace c3d
