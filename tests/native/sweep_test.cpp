// sweep(sphere, velocity, plane): hand-derived first contacts from the front and from the back, touching at the start,
// receding and parallel motion, the t = 1 boundary, non-unit plane normals and a zero radius; then random inputs
// checked against the centre's signed distance s(t), computed independently, at t and just before it.
#include "collide3d/queries/sweep/sweep_sphere_plane.h"

#include <cmath>
#include <optional>
#include <string>

#include "query_checks.h"

namespace c3d {
namespace {

using testing::contactIs;
using testing::noContact;
using testing::near;
using testing::Random;

// The plane z = 0.
const Plane kGround{{0, 0, 1}, 0};

TEST(SweepSpherePlane, ApproachFromTheFront) {
  // Centre (0,0,5), radius 1, velocity (8,0,-8): the centre's height 5 - 8t reaches the radius at t = 1/2, centre
  // (4,0,1); the contact point is below it on the plane, the normal +z towards the sphere.
  EXPECT_TRUE(contactIs(sweep(Sphere{{0, 0, 5}, 1}, {8, 0, -8}, kGround), 0.5, {4, 0, 0}, {0, 0, 1}));
}

TEST(SweepSpherePlane, ApproachFromTheBack) {
  // The plane z = 1 (0x + 0y + z - 1 = 0). Centre (0,0,-5), radius 2, velocity (0,0,16): signed distance -6 + 16t
  // reaches -2 at t = 1/4, centre (0,0,-1); contact (0,0,1), normal -z (towards the sphere, behind the plane).
  const Plane plane{{0, 0, 1}, -1};
  EXPECT_TRUE(contactIs(sweep(Sphere{{0, 0, -5}, 2}, {0, 0, 16}, plane), 0.25, {0, 0, 1}, {0, 0, -1}));
}

TEST(SweepSpherePlane, TouchingOrOverlappingAtTheStartIsTimeZero) {
  // The contact point at t = 0 is the centre's projection on the plane, whatever the velocity.
  EXPECT_TRUE(contactIs(sweep(Sphere{{1, 2, 1}, 1}, {0, 0, -1}, kGround), 0, {1, 2, 0}, {0, 0, 1}));  // touching
  EXPECT_TRUE(contactIs(sweep(Sphere{{1, 2, 1}, 1}, {0, 0, 1}, kGround), 0, {1, 2, 0}, {0, 0, 1}));   // leaving
  EXPECT_TRUE(contactIs(sweep(Sphere{{1, 2, 0.5}, 1}, {3, 0, 0}, kGround), 0, {1, 2, 0}, {0, 0, 1}));
  EXPECT_TRUE(contactIs(sweep(Sphere{{1, 2, -0.5}, 1}, {0, 0, 0}, kGround), 0, {1, 2, 0}, {0, 0, -1}));
  // The centre on the plane: either side's normal is right.
  const auto centred = sweep(Sphere{{1, 2, 0}, 1}, {0, 0, 0}, kGround);
  ASSERT_TRUE(centred);
  EXPECT_EQ(centred->t, 0);
  EXPECT_TRUE(near(centred->point, {1, 2, 0}, 0));
  EXPECT_EQ(std::fabs(centred->normal.z), 1);
}

TEST(SweepSpherePlane, MovingAwayOrStillMisses) {
  EXPECT_TRUE(noContact(sweep(Sphere{{0, 0, 5}, 1}, {0, 0, 1}, kGround)));    // in front, going further
  EXPECT_TRUE(noContact(sweep(Sphere{{0, 0, -5}, 1}, {3, 0, -1}, kGround)));  // behind, going further
  EXPECT_TRUE(noContact(sweep(Sphere{{0, 0, 5}, 1}, {0, 0, 0}, kGround)));    // not moving
}

TEST(SweepSpherePlane, ParallelMotionMissesUnlessTouching) {
  // Velocity (10,3,0) keeps the height: 5 > 1 never touches; height exactly 1 touches from the start.
  EXPECT_TRUE(noContact(sweep(Sphere{{0, 0, 5}, 1}, {10, 3, 0}, kGround)));
  EXPECT_TRUE(contactIs(sweep(Sphere{{0, 0, 1}, 1}, {10, 3, 0}, kGround), 0, {0, 0, 0}, {0, 0, 1}));
  EXPECT_TRUE(contactIs(sweep(Sphere{{0, 0, -1}, 1}, {10, 3, 0}, kGround), 0, {0, 0, 0}, {0, 0, -1}));
}

TEST(SweepSpherePlane, ContactExactlyAtTheEndOfTheMotion) {
  // Height 5 - 4t reaches the radius 1 at t = 1 exactly: a contact. With (0,0,-3.5) it would need t = 4/3.5 > 1.
  EXPECT_TRUE(contactIs(sweep(Sphere{{0, 0, 5}, 1}, {0, 0, -4}, kGround), 1, {0, 0, 0}, {0, 0, 1}));
  EXPECT_TRUE(noContact(sweep(Sphere{{0, 0, 5}, 1}, {0, 0, -3.5}, kGround)));
  // From the back: -5 + 4t reaches -1 at t = 1.
  EXPECT_TRUE(contactIs(sweep(Sphere{{0, 0, -5}, 1}, {0, 0, 4}, kGround), 1, {0, 0, 0}, {0, 0, -1}));
  EXPECT_TRUE(noContact(sweep(Sphere{{0, 0, -5}, 1}, {0, 0, 3.5}, kGround)));
}

TEST(SweepSpherePlane, NonUnitPlaneNormal) {
  // 3x + 4y + 12z - 26 = 0: |n| = 13, the plane of points at distance 2 along n/13. The centre (6,8,24) = 2n is at
  // distance 26 - 2 = 24; with velocity -n/13 * 26 = (-6,-8,-24) the distance is 24 - 26t, equal to the radius 11 at
  // t = 1/2, centre (3,4,12) = n. The contact is 11 below it along n/13: n (1 - 11/13) = 2n/13; the normal n/13.
  const Vec3 n{3, 4, 12};
  const Vec3 contact = n * (2.0 / 13), normal = n * (1.0 / 13);
  const Sphere sphere{{6, 8, 24}, 11};
  EXPECT_TRUE(contactIs(sweep(sphere, {-6, -8, -24}, Plane{n, -26}), 0.5, contact, normal, 1e-14));
  // The same plane with its equation doubled, and with its equation negated (the sphere is then behind it, and the
  // normal towards the sphere is still n/13).
  EXPECT_TRUE(contactIs(sweep(sphere, {-6, -8, -24}, Plane{n * 2, -52}), 0.5, contact, normal, 1e-14));
  EXPECT_TRUE(contactIs(sweep(sphere, {-6, -8, -24}, Plane{-n, 26}), 0.5, contact, normal, 1e-14));
  // A velocity along the plane, (4,-3,0) (orthogonal to n), never changes the distance 24.
  EXPECT_TRUE(noContact(sweep(sphere, {4, -3, 0}, Plane{n, -26})));
}

TEST(SweepSpherePlane, ZeroRadius) {
  // A point: height 4 - 8t is 0 at t = 1/2, at (1,0,0).
  EXPECT_TRUE(contactIs(sweep(Sphere{{0, 0, 4}, 0}, {2, 0, -8}, kGround), 0.5, {1, 0, 0}, {0, 0, 1}));
  EXPECT_TRUE(noContact(sweep(Sphere{{0, 0, 4}, 0}, {2, 0, -2}, kGround)));  // reaches height 2 only
  EXPECT_TRUE(noContact(sweep(Sphere{{0, 0, 4}, 0}, {2, 0, 0}, kGround)));   // parallel
  const auto onPlane = sweep(Sphere{{1, 2, 0}, 0}, {0, 0, 1}, kGround);
  ASSERT_TRUE(onPlane);
  EXPECT_EQ(onPlane->t, 0);
  EXPECT_TRUE(near(onPlane->point, {1, 2, 0}, 0));
}

TEST(SweepSpherePlane, RandomMotionsAgreeWithTheSignedDistance) {
  // s(t) = (n.(c + t v) + d) / |n| is linear: the sphere touches the plane somewhere in [0, 1] exactly when the
  // smallest |s| there (0 if s changes sign, else at an end) is at most r. A contact at t must have |s(t)| = r (or,
  // at t = 0, |s(0)| <= r), and |s| > r just before it; the contact point is on the plane, at distance r from the
  // centre at t (|s(0)| at t = 0), and the unit normal points from it towards the centre.
  Random random(7);
  int contacts = 0, atStart = 0, none = 0;
  for (int i = 0; i < 20000; ++i) {
    const Plane plane{random.vector(-1, 1), random.uniform(-3, 3)};
    const double normalLength = length(plane.normal);
    if (normalLength < 1e-3) continue;
    const Sphere sphere{random.vector(-5, 5), random.integer(0, 9) == 0 ? 0.0 : random.uniform(0, 2)};
    const Vec3 velocity = random.vector(-8, 8);
    const auto s = [&](double t) {
      return (dot(plane.normal, sphere.center + velocity * t) + plane.constant) / normalLength;
    };
    const double s0 = s(0), s1 = s(1);
    const double closest = s0 * s1 <= 0 ? 0 : std::fmin(std::fabs(s0), std::fabs(s1));
    if (std::fabs(closest - sphere.radius) < 1e-9) continue;  // too close to call in double precision
    const auto hit = sweep(sphere, velocity, plane);
    SCOPED_TRACE("case " + std::to_string(i));
    ASSERT_EQ(bool(hit), closest < sphere.radius);
    if (!hit) {
      ++none;
      continue;
    }
    ASSERT_GE(hit->t, 0);
    ASSERT_LE(hit->t, 1);
    const Vec3 centre = sphere.center + velocity * hit->t;
    EXPECT_NEAR((dot(plane.normal, hit->point) + plane.constant) / normalLength, 0, 1e-12);
    EXPECT_NEAR(length(hit->normal), 1, 1e-12);
    EXPECT_TRUE(near(hit->normal, plane.normal * (1 / normalLength), 1e-12) ||
                near(hit->normal, plane.normal * (-1 / normalLength), 1e-12));
    EXPECT_GE(dot(hit->normal, centre - hit->point), -1e-12);
    if (hit->t == 0) {
      ++atStart;
      EXPECT_LE(std::fabs(s0), sphere.radius);
      EXPECT_NEAR(length(centre - hit->point), std::fabs(s0), 1e-12);
      continue;
    }
    ++contacts;
    EXPECT_NEAR(std::fabs(s(hit->t)), sphere.radius, 1e-12);
    EXPECT_NEAR(length(centre - hit->point), sphere.radius, 1e-12);
    // Just before t, |s| is larger than r by epsilon |ds/dt|: skipped when that margin is below rounding.
    const double epsilon = std::fmin(1e-6, hit->t);
    const double rate = dot(plane.normal, velocity) / normalLength;
    if (epsilon * std::fabs(rate) > 1e-11) {
      EXPECT_GT(std::fabs(s(hit->t - epsilon)), sphere.radius);
    }
  }
  EXPECT_GT(contacts, 2000);
  EXPECT_GT(atStart, 1000);
  EXPECT_GT(none, 2000);
}

}  // namespace
}  // namespace c3d
