// orthonormalBasis: for many directions, u, v, w are unit, pairwise orthogonal, right-handed (u x v = w), and w is
// the input normalised; including the poles and the z = 0 plane where the construction switches branch.
#include "collide3d/math/orthonormal_basis.h"

#include "test_support.h"

namespace c3d {
namespace {

using testing::near;

void expectBasis(Vec3 direction) {
  const OrthonormalBasis b = orthonormalBasis(direction);
  EXPECT_TRUE(near(b.w, direction * (1 / length(direction)), 1e-15));
  EXPECT_NEAR(length(b.u), 1, 1e-15);
  EXPECT_NEAR(length(b.v), 1, 1e-15);
  EXPECT_NEAR(dot(b.u, b.v), 0, 1e-15);
  EXPECT_NEAR(dot(b.u, b.w), 0, 1e-15);
  EXPECT_NEAR(dot(b.v, b.w), 0, 1e-15);
  EXPECT_TRUE(near(cross(b.u, b.v), b.w, 1e-15));
}

TEST(OrthonormalBasis, AxesAndPoles) {
  expectBasis({0, 0, 1});
  expectBasis({0, 0, -1});
  expectBasis({1, 0, 0});
  expectBasis({0, -3, 0});
  expectBasis({1e-300, 0, -1});
  expectBasis({0, 1e-9, -1});
}

TEST(OrthonormalBasis, ExactValuesForPlusZ) {
  const OrthonormalBasis b = orthonormalBasis({0, 0, 5});
  EXPECT_TRUE(near(b.u, {1, 0, 0}, 0));
  EXPECT_TRUE(near(b.v, {0, 1, 0}, 0));
  EXPECT_TRUE(near(b.w, {0, 0, 1}, 0));
}

TEST(OrthonormalBasis, RandomDirections) {
  testing::Random random(7);
  for (int i = 0; i < 10000; ++i) expectBasis(random.vector(-1, 1));
}

}  // namespace
}  // namespace c3d
