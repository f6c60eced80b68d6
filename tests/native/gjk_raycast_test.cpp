// GJK ray casting of a translating core (gjk_raycast.h):
// - first contacts derived by hand (sphere on a box's face, capsule onto a triangle, box edge onto a cylinder, cone
//   tip onto a plane-like box);
// - agreement with the existing sweeps (queries/sweep/sweep.h through the sweep table) on every moving x target pair
//   they have whose shapes have a core: hit or miss equal away from grazing, and t within 1e-7 (1e-4 against a
//   cylinder, where the sweep's conservative advancement stops early by design) or both times inside the interval
//   where the shapes are within 1e-9 of touching (d(t) is convex in t, so that interval is where every first contact
//   within tolerance lies);
// - the distance at the reported t is the reach (to 1e-9 of the size, 1e-7 against curved cores) unless t = 0,
//   and before it the shapes are apart.
#include "collide3d/queries/sweep/gjk_raycast.h"

#include <string>

#include "collide3d/dispatch/tables.h"
#include "gjk_oracles.h"
#include "random_sweep_shapes.h"

namespace c3d {
namespace {

using namespace testing;

double gapAt(const ConvexCore& a, Vec3 velocity, double t, const ConvexCore& b) {
  return gjk(a.moved(velocity * t), b).distance - a.radius - b.radius;
}

TEST(GjkRaycast, FirstContactsByHand) {
  // A unit sphere at x = -5 moving +10x onto the box [0,2]^3's face x = 0 through its middle: the surface reaches
  // x = 0 when the centre is at -1, t = 0.4.
  const auto hit = gjkRaycast(pointCore({-5, 1, 1}, 1), {10, 0, 0}, coreOf(Aabb{{0, 0, 0}, {2, 2, 2}}));
  ASSERT_TRUE(hit);
  EXPECT_NEAR(hit->t, 0.4, 1e-12);
  EXPECT_TRUE(near(hit->normal, {-1, 0, 0}, 1e-9));
  EXPECT_TRUE(near(hit->point, {0, 1, 1}, 1e-9));
  // A level capsule (radius 0.5, axis at z = 3) dropping -5z onto the triangle in z = 0: t = 2.5 / 5.
  const auto floor = gjkRaycast(segmentCore({-1, 0, 3}, {1, 0, 3}, 0.5), {0, 0, -5},
                                coreOf(Triangle{{-5, -5, 0}, {5, -5, 0}, {0, 5, 0}}));
  ASSERT_TRUE(floor);
  EXPECT_NEAR(floor->t, 0.5, 1e-12);
  EXPECT_TRUE(near(floor->normal, {0, 0, 1}, 1e-9));
  // A cone, apex down at z = 4, dropping -8z onto the box top z = 1: the apex arrives at t = 3/8.
  const auto tip = gjkRaycast(coneCore({0, 0, 6}, {0, 0, 4}, 1), {0, 0, -8}, coreOf(Aabb{{-3, -3, 0}, {3, 3, 1}}));
  ASSERT_TRUE(tip);
  EXPECT_NEAR(tip->t, 0.375, 1e-12);
  EXPECT_TRUE(near(tip->point, {0, 0, 1}, 1e-9));
  // A unit cube's edge (along y, at x = z = 0 after a 45 degree turn about y) moving +x onto a cylinder of radius 1
  // along y at x = 5: the edge reaches x = 4 at t = 0.5.
  const double h = std::sqrt(0.5);
  Mat3 turn;
  turn.m[0] = h, turn.m[2] = -h, turn.m[6] = h, turn.m[8] = h;  // columns (h,0,-h), (0,1,0), (h,0,h)
  const auto edge = gjkRaycast(coreOf(Obb{{-h, 0, 0}, {0.5, 0.5, 0.5}, turn}), {8, 0, 0},
                               coreOf(Cylinder{{5, -2, 0}, {5, 2, 0}, 1}));
  ASSERT_TRUE(edge);
  EXPECT_NEAR(edge->t, 0.5, 1e-9);
  EXPECT_TRUE(near(edge->normal, {-1, 0, 0}, 1e-6));
  // Moving away, and stopping short.
  EXPECT_FALSE(gjkRaycast(pointCore({-5, 1, 1}, 1), {-10, 0, 0}, coreOf(Aabb{{0, 0, 0}, {2, 2, 2}})));
  EXPECT_FALSE(gjkRaycast(pointCore({-5, 1, 1}, 1), {3.9, 0, 0}, coreOf(Aabb{{0, 0, 0}, {2, 2, 2}})));
  // Already overlapping: t = 0.
  const auto start = gjkRaycast(pointCore({0.5, 1, 1}, 1), {1, 0, 0}, coreOf(Aabb{{0, 0, 0}, {2, 2, 2}}));
  ASSERT_TRUE(start);
  EXPECT_EQ(start->t, 0);
}


struct Tally {
  int hits = 0, misses = 0, grazing = 0;
};

template <class A, class B>
void agreeWithTheSweep(unsigned seed, Tally& tally) {
  Random random(seed);
  const SweepFn sweep = sweepTable().at(A::kType, B::kType);
  ASSERT_NE(sweep, nullptr);
  for (int n = 0; n < cases(200); ++n) {
    const A a = randomShape<A>(random);
    const B b = randomShape<B>(random);
    const ConvexCore ca = coreOf(a), cb = coreOf(b);
    const Vec3 aim = cb.corner[0] + random.vector(-1, 1) - ca.corner[0];
    const Vec3 v = random.integer(0, 1) ? random.vector(-8, 8) : aim * random.uniform(0.3, 3);
    const std::string what = std::string(A::kName) + " moving onto " + B::kName + ", case " + std::to_string(n);
    const auto expected = sweep(encodedBuffer(a).data(), v, encodedBuffer(b).data());
    const auto got = gjkRaycast(ca, v, cb);
    // Sizes here are below 8. GJK on a curved side converges slowly: 1e-7 of the size, the existing sweep tests'
    // allowance for conservative advancement.
    const double kTouch = (B::kType == ShapeType::Cylinder ? 1e-7 : 1e-9) * 8;
    if (bool(expected) != bool(got)) {
      // Only a graze may split them: the least gap along the motion is within rounding of 0 (d(t) is convex, so a
      // golden-section search finds its minimum).
      double lo = 0, hi = 1;
      for (int k = 0; k < 100; ++k) {
        const double m1 = lo + (hi - lo) * 0.382, m2 = lo + (hi - lo) * 0.618;
        (gapAt(ca, v, m1, cb) < gapAt(ca, v, m2, cb) ? hi : lo) = (gapAt(ca, v, m1, cb) < gapAt(ca, v, m2, cb) ? m2 : m1);
      }
      EXPECT_LE(std::fabs(gapAt(ca, v, lo, cb)), 1e-7) << what << ": hit/miss differ away from grazing";
      ++tally.grazing;
      continue;
    }
    if (!got) {
      ++tally.misses;
      continue;
    }
    ++tally.hits;
    EXPECT_NEAR(length(got->normal), 1, 1e-12) << what;
    if (got->t > 0) {
      EXPECT_NEAR(gapAt(ca, v, got->t, cb), 0, kTouch) << what << ": not touching at t";
      EXPECT_LE(dot(got->normal, v), 1e-9 * length(v)) << what << ": the normal faces the motion";
    }
    const double slack = B::kType == ShapeType::Cylinder ? 1e-4 : 1e-7;
    if (std::fabs(got->t - expected->t) > slack) {
      EXPECT_LE(gapAt(ca, v, expected->t, cb), kTouch) << what << ": t " << got->t << " against " << expected->t;
      EXPECT_LE(gapAt(ca, v, got->t, cb), kTouch) << what;
    }
  }
}

template <class A>
void everyTarget(unsigned seed, Tally& tally) {
  agreeWithTheSweep<A, Point>(seed + 1, tally);
  agreeWithTheSweep<A, Segment>(seed + 2, tally);
  agreeWithTheSweep<A, Triangle>(seed + 3, tally);
  agreeWithTheSweep<A, Sphere>(seed + 4, tally);
  agreeWithTheSweep<A, Capsule>(seed + 5, tally);
  agreeWithTheSweep<A, Cylinder>(seed + 6, tally);
  agreeWithTheSweep<A, Aabb>(seed + 7, tally);
  agreeWithTheSweep<A, Obb>(seed + 8, tally);
}

TEST(GjkRaycast, AgreesWithTheExistingSweeps) {
  Tally tally;
  everyTarget<Point>(100, tally);
  everyTarget<Segment>(200, tally);
  everyTarget<Sphere>(300, tally);
  everyTarget<Capsule>(400, tally);
  everyTarget<Aabb>(500, tally);
  everyTarget<Obb>(600, tally);
  EXPECT_GT(tally.hits, cases(200) * 48 / 5);
  EXPECT_GT(tally.misses, cases(200) * 48 / 5);
  EXPECT_LE(tally.grazing, cases(200) * 48 / 200);
  std::printf("gjkRaycast against the sweeps: %d hits, %d misses, %d grazing\n", tally.hits, tally.misses, tally.grazing);
}

// Curved cores the sweeps do not have: the time is where the gap closes, and before it they are apart.
TEST(GjkRaycast, EllipsoidsAndConesAtScales) {
  Random random(1821);
  for (const CoreKind ka : kCoreKinds) {
    for (const CoreKind kb : kCoreKinds) {
      for (int n = 0; n < cases(6); ++n) {
        const double scale = std::pow(10.0, -6 + 12 * random.integer(0, 4) / 4.0);
        const Vec3 p = random.vector(-2, 2) * scale;
        const ConvexCore b = randomCoreContaining(random, kb, p, scale);
        // A starts beyond B's supporting plane along the normal, with a gap, and moves its first corner onto p.
        const Vec3 normal = unitDirection(random.vector(-1, 1));
        const ConvexCore a = placedBeyond(randomCoreContaining(random, ka, p, scale), normal,
                                          supportValue(b, normal), scale * random.uniform(0.1, 1));
        const Vec3 v = (p - a.corner[0]) * 1.5;  // brings A's first corner onto p, in B, by t = 2/3
        const std::string what = std::string(nameOf(ka)) + " moving onto " + nameOf(kb) + " " + std::to_string(n);
        const auto hit = gjkRaycast(a, v, b);
        ASSERT_TRUE(hit) << what;
        const double size = 8 * scale;
        EXPECT_GT(hit->t, 0) << what;
        EXPECT_LE(hit->t, 2.0 / 3 + 1e-12) << what;
        EXPECT_NEAR(gapAt(a, v, hit->t, b), 0, (a.isPolytope() && b.isPolytope() ? 1e-9 : 1e-7) * size) << what;
        EXPECT_GT(gapAt(a, v, hit->t * (1 - 1e-6), b), 0) << what << ": touching before t";
      }
    }
  }
}

}  // namespace
}  // namespace c3d
