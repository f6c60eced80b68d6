// intersects for a ball against a box (axis-aligned and oriented) and for an axis-aligned against an oriented box.
// Touching cases use integer Pythagorean quadruples, so the squared distances compared are exact; rotated cases
// are checked against dense sampling of the box, an independent method.
#include <limits>

#include "collide3d/queries/intersects/intersects_aabb_obb.h"
#include "collide3d/queries/intersects/intersects_obb_obb.h"
#include "collide3d/queries/intersects/intersects_sphere_box.h"
#include "test_support.h"

namespace c3d {
namespace {

const Aabb kCube{{-1, -1, -1}, {1, 1, 1}};

double below(double x) { return std::nextafter(x, 0.0); }

TEST(IntersectsSphereAabb, TouchingAFaceAnEdgeACorner) {
  // Face z = 1 at distance 2 from (0, 0, 3).
  EXPECT_TRUE(intersects(Sphere{{0, 0, 3}, 2}, kCube));
  EXPECT_FALSE(intersects(Sphere{{0, 0, 3}, below(2)}, kCube));
  // Edge x = y = 1 from (4, 5, 0): offsets (3, 4) give distance 5.
  EXPECT_TRUE(intersects(Sphere{{4, 5, 0}, 5}, kCube));
  EXPECT_FALSE(intersects(Sphere{{4, 5, 0}, below(5)}, kCube));
  // Corner (1, 1, 1) from (3, 4, 7): offsets (2, 3, 6) give distance 7.
  EXPECT_TRUE(intersects(Sphere{{3, 4, 7}, 7}, kCube));
  EXPECT_FALSE(intersects(Sphere{{3, 4, 7}, below(7)}, kCube));
}

TEST(IntersectsSphereAabb, ContainmentAndDegenerateShapes) {
  EXPECT_TRUE(intersects(Sphere{{0.5, 0, 0}, 0}, kCube));           // a point inside
  EXPECT_TRUE(intersects(Sphere{{1, 1, 1}, 0}, kCube));             // a point on the corner
  EXPECT_FALSE(intersects(Sphere{{1, 1, std::nextafter(1.0, 2.0)}, 0}, kCube));
  EXPECT_TRUE(intersects(Sphere{{0, 0, 0}, 100}, kCube));           // the ball contains the box
  const Aabb point{{2, 2, 2}, {2, 2, 2}};                           // a zero-size box
  EXPECT_TRUE(intersects(Sphere{{2, 2, 5}, 3}, point));
  EXPECT_FALSE(intersects(Sphere{{2, 2, 5}, below(3)}, point));
}

TEST(IntersectsSphereObb, ExactUnderSignedPermutations) {
  // A signed permutation turns the cube into itself as an OBB; the answers must match the AABB ones exactly.
  testing::Random random(11);
  for (int i = 0; i < 200; ++i) {
    const Mat3 r = random.signedPermutation();
    const Obb box{{0, 0, 0}, {1, 1, 1}, r};
    EXPECT_TRUE(intersects(Sphere{{3, 4, 7}, 7}, box));
    EXPECT_FALSE(intersects(Sphere{{3, 4, 7}, below(7)}, box));
  }
}

TEST(IntersectsSphereObb, RotatedBoxAgainstSampling) {
  // Pythagorean rotation about z (cos 3/5, sin 4/5); half size (2, 1, 1). Second method: the distance from the
  // center to a dense sample of the box's points (in world coordinates).
  Mat3 r;
  const double m[9] = {0.6, 0.8, 0, -0.8, 0.6, 0, 0, 0, 1};
  for (int i = 0; i < 9; ++i) r.m[i] = m[i];
  const Obb box{{1, 2, 0}, {2, 1, 1}, r};
  testing::Random random(5);
  int compared = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const Sphere ball{random.vector(-5, 7), random.uniform(0.1, 3)};
    double nearest = std::numeric_limits<double>::infinity();
    for (int i = 0; i <= 40; ++i) {
      for (int j = 0; j <= 20; ++j) {
        for (int k = 0; k <= 20; ++k) {
          const Vec3 local{-2 + i * 0.1, -1 + j * 0.1, -1 + k * 0.1};
          nearest = std::fmin(nearest, length(box.center + r * local - ball.center));
        }
      }
    }
    if (std::fabs(nearest - ball.radius) < 0.1) continue;  // too close to contact for the sample spacing
    EXPECT_EQ(intersects(ball, box), nearest < ball.radius) << trial;
    ++compared;
  }
  EXPECT_GT(compared, 250);
}

TEST(IntersectsAabbObb, RotatedBoxCornerReachingIntoTheCube) {
  // A cube of half size 1 turned 45° about z: its corner reaches sqrt(2) ≈ 1.414 from its center along x.
  const double c = std::sqrt(0.5);
  Mat3 r;
  const double m[9] = {c, c, 0, -c, c, 0, 0, 0, 1};
  for (int i = 0; i < 9; ++i) r.m[i] = m[i];
  const Aabb unit{{0, 0, 0}, {1, 1, 1}};
  EXPECT_TRUE(intersects(unit, Obb{{2.3, 0.5, 0.5}, {1, 1, 1}, r}));   // corner at x ≈ 0.886 < 1
  EXPECT_FALSE(intersects(unit, Obb{{2.5, 0.5, 0.5}, {1, 1, 1}, r}));  // corner at x ≈ 1.086 > 1
  // Identity rotation: touching face to face exactly, one ulp apart separated.
  EXPECT_TRUE(intersects(unit, Obb{{2, 0.5, 0.5}, {1, 0.5, 0.5}, Mat3{}}));
  EXPECT_FALSE(intersects(unit, Obb{{std::nextafter(2.0, 3.0), 0.5, 0.5}, {1, 0.5, 0.5}, Mat3{}}));
}

}  // namespace
}  // namespace c3d
