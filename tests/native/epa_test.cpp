// EPA and the contact of meeting cores (epa.h):
// - every pair of core kinds, built to share a point, at scales 1e-6 to 1e6: the depth is the support bound along
//   its own normal, no more than a direction search's minimum over the sphere, and moving the second core by
//   (depth +- delta) along the normal leaves the cores apart / still meeting by GJK's distance;
// - against the existing contact kernels (sphere and capsule pairs, ball-box, aabb-aabb) on the pairs they have,
//   and against the exact intersects table after moving by depth +- delta;
// - flat differences: coplanar triangles, a point on a triangle or segment, segments crossing: depth 0.
#include "collide3d/queries/contact/epa.h"

#include <string>

#include "collide3d/dispatch/tables.h"
#include "gjk_oracles.h"

namespace c3d {
namespace {

using namespace testing;

// The contract every contact keeps, whatever the pair.
void checkContact(const ConvexCore& a, const ConvexCore& b, const Contact& c, double searched, const std::string& what) {
  const double size = std::fmax(extentOf(a), extentOf(b));
  const bool finite = a.isPolytope() && b.isPolytope() && a.radius == 0 && b.radius == 0;
  const double tolerance = (finite ? 1e-12 : 1e-8) * size;
  ASSERT_NEAR(length(c.normal), 1, 1e-12) << what;
  ASSERT_GE(c.depth, 0) << what;
  // The depth is (at most rounding below) the support bound along its normal, and near the searched minimum.
  EXPECT_GE(c.depth, depthAlong(a, b, c.normal) - 1e-13 * size) << what;
  EXPECT_LE(c.depth, searched + tolerance) << what << ": deeper than the direction search by " << c.depth - searched;
  EXPECT_LE(length(c.pointB - (c.pointA - c.normal * c.depth)), 1e-12 * size) << what;
  // pointA is on A grown by its radius.
  EXPECT_LE(gjk(pointCore(c.pointA, 0), a).distance - a.radius, tolerance) << what << ": pointA off A";
  // Moving B by depth + delta separates; by depth - delta it still meets.
  const double delta = std::fmax(1e-6 * size, 4 * tolerance);
  const ConvexCore apart = b.moved(c.normal * (c.depth + delta)), still = b.moved(c.normal * (c.depth - delta));
  EXPECT_GT(gjk(a, apart).distance - a.radius - b.radius, 0) << what << ": not separated by depth + delta";
  if (c.depth > delta) {
    EXPECT_LE(gjk(a, still).lower - a.radius - b.radius, 0) << what << ": separated by depth - delta";
  }
}

TEST(Epa, EveryPairOfCoreKindsSharingAPoint) {
  Random random(1811);
  const std::vector<Vec3> directions = sphereDirections(1000);
  for (const CoreKind ka : kCoreKinds) {
    for (const CoreKind kb : kCoreKinds) {
      for (int n = 0; n < cases(3); ++n) {
        const double scale = std::pow(10.0, -6 + 12 * random.integer(0, 4) / 4.0);
        const Vec3 p = random.vector(-2, 2) * scale;
        const ConvexCore a = randomCoreContaining(random, ka, p, scale), b = randomCoreContaining(random, kb, p, scale);
        const std::string what = std::string(nameOf(ka)) + "-" + nameOf(kb) + " " + std::to_string(n);
        checkContact(a, b, epaContact(a, b), searchedDepth(a, b, directions), what);
      }
    }
  }
}

// Deep overlaps, where the cores themselves overlap well (not only the grown shapes): EPA's polytope does the work.
TEST(Epa, DeepOverlapsOfSolidCores) {
  Random random(1812);
  const std::vector<Vec3> directions = sphereDirections(1000);
  constexpr CoreKind kSolid[] = {CoreKind::Aabb, CoreKind::Obb, CoreKind::Cylinder, CoreKind::Cone, CoreKind::Ellipsoid};
  for (const CoreKind ka : kSolid) {
    for (const CoreKind kb : kSolid) {
      for (int n = 0; n < cases(5); ++n) {
        const double scale = std::pow(10.0, -6 + 12 * (n % 5) / 4.0);
        const Vec3 p = random.vector(-1, 1) * scale;
        const ConvexCore a = randomCoreContaining(random, ka, p, scale);
        const ConvexCore b = randomCoreContaining(random, kb, p + random.vector(-0.05, 0.05) * scale, scale);
        if (gjk(a, b).distance > 0) continue;
        const std::string what = std::string(nameOf(ka)) + "-" + nameOf(kb) + " deep " + std::to_string(n);
        const Contact c = epaContact(a, b);
        EXPECT_GT(c.depth, 0) << what;
        checkContact(a, b, c, searchedDepth(a, b, directions), what);
      }
    }
  }
}

// ---- against the existing kernels and exact intersects ------------------------------------------------------------

Sphere translatedBy(Sphere s, Vec3 d) { return {s.center + d, s.radius}; }
Capsule translatedBy(Capsule c, Vec3 d) { return {c.start + d, c.end + d, c.radius}; }
Aabb translatedBy(Aabb b, Vec3 d) { return {b.min + d, b.max + d}; }
Obb translatedBy(Obb o, Vec3 d) { return {o.center + d, o.halfSize, o.rotation}; }

template <class A, class B>
void compareWithKernel(const A& a, const B& b, const Contact& expected, const std::string& what) {
  const Contact c = epaContact(coreOf(a), coreOf(b));
  const double size = std::fmax(extentOf(coreOf(a)), extentOf(coreOf(b)));
  EXPECT_NEAR(c.depth, expected.depth, 1e-9 * size) << what;
  if (expected.depth > 1e-6 * size) {  // a unique normal (the kernels' generic case)
    EXPECT_LE(length(c.normal - expected.normal), 1e-6) << what << ": normal";
  }
}

Aabb boxAround(Random& random, Vec3 p) { return {p - random.vector(0.1, 1.5), p + random.vector(0.1, 1.5)}; }

TEST(Epa, AgreesWithTheContactKernels) {
  Random random(1813);
  const auto& contact = contactTable();
  const auto& meets = intersectsTable();
  int compared = 0;
  for (int n = 0; n < cases(400); ++n) {
    const Vec3 p = random.vector(-2, 2);
    const std::string what = "case " + std::to_string(n);
    const Sphere s{p + random.vector(-0.5, 0.5), random.uniform(0.8, 1.5)};
    const Capsule cap{p + random.vector(-1, 1), p + random.vector(-1, 1), random.uniform(0.2, 1)};
    const Aabb box = boxAround(random, p), other = boxAround(random, p + random.vector(-0.5, 0.5));
    const Obb obb{p + random.vector(-0.5, 0.5), random.vector(0.3, 1), random.rotation()};
    const auto check = [&](auto a, auto b, const char* pair) {
      using A = decltype(a);
      using B = decltype(b);
      const auto ea = encodedBuffer(a), eb = encodedBuffer(b);
      if (!meets.at(A::kType, B::kType)(ea.data(), eb.data())) return;
      const auto expected = contact.at(A::kType, B::kType)(ea.data(), eb.data());
      ASSERT_TRUE(expected) << what << " " << pair;
      ++compared;
      compareWithKernel(a, b, *expected, what + " " + pair);
      // The exact intersects after moving the second shape by depth +- delta along EPA's normal.
      const Contact c = epaContact(coreOf(a), coreOf(b));
      const double delta = 1e-7;
      const auto beyond = encodedBuffer(translatedBy(b, c.normal * (c.depth + delta)));
      EXPECT_FALSE(meets.at(A::kType, B::kType)(ea.data(), beyond.data())) << what << " " << pair << ": still meets";
      if (c.depth > delta) {
        const auto short_ = encodedBuffer(translatedBy(b, c.normal * (c.depth - delta)));
        EXPECT_TRUE(meets.at(A::kType, B::kType)(ea.data(), short_.data())) << what << " " << pair << ": apart early";
      }
    };
    check(s, Sphere{p, random.uniform(0.5, 1)}, "sphere-sphere");
    check(s, cap, "sphere-capsule");
    check(cap, Capsule{p, p + random.vector(-1, 1), random.uniform(0.2, 1)}, "capsule-capsule");
    check(s, box, "sphere-aabb");
    check(box, s, "aabb-sphere");
    check(s, obb, "sphere-obb");
    check(box, other, "aabb-aabb");
  }
  EXPECT_GT(compared, cases(400) * 3);  // most pairs are built to meet
}

// ---- flat differences ---------------------------------------------------------------------------------------------

TEST(Epa, FlatDifferencesGiveDepthZero) {
  Random random(1814);
  for (int n = 0; n < cases(200); ++n) {
    const std::string what = "case " + std::to_string(n);
    // Two triangles in the plane z = k sharing a point: A - B lies in z = 0.
    const double k = random.integer(-3, 3);
    const Vec3 p{random.uniform(-1, 1), random.uniform(-1, 1), k};
    const ConvexCore ta = randomCoreContaining(random, CoreKind::Triangle, p, 1);
    const ConvexCore tb = randomCoreContaining(random, CoreKind::Triangle, p, 1);
    ConvexCore flatA = ta, flatB = tb;
    for (int i = 0; i < 3; ++i) flatA.corner[i].z = k, flatB.corner[i].z = k;
    const Contact c = epaContact(flatA, flatB);
    EXPECT_NEAR(c.depth, 0, 1e-12) << what << ": coplanar triangles";
    EXPECT_NEAR(std::fabs(c.normal.z), 1, 1e-9) << what << ": coplanar triangles' normal";
    // A point of a triangle (flattening keeps p in it), a point on a segment.
    const Contact onTriangle = epaContact(pointCore(p, 0), flatA);
    EXPECT_LE(onTriangle.depth, 1e-12) << what << ": point in a triangle";
    const ConvexCore seg = randomCoreContaining(random, CoreKind::Segment, p, 1);
    const Contact onSegment = epaContact(pointCore(p, 0), seg);
    EXPECT_LE(onSegment.depth, 1e-12) << what << ": point on a segment";
    EXPECT_LE(gjk(seg.moved(onSegment.normal * 1e-9), pointCore(p, 0)).distance, 2e-9) << what;
    // Crossing segments (coplanar: a flat difference too).
    const ConvexCore s1 = segmentCore(p - Vec3{1, 0, 0}, p + Vec3{1, 0, 0}, 0), s2 = segmentCore(p - Vec3{0, 1, 0}, p + Vec3{0, 1, 0}, 0);
    EXPECT_LE(epaContact(s1, s2).depth, 1e-12) << what << ": crossing segments";
    EXPECT_NEAR(std::fabs(epaContact(s1, s2).normal.z), 1, 1e-9) << what;
  }
}

// A point exactly at a shared corner of two boxes, and GJK's first support points coinciding: never a null answer.
TEST(Epa, SharedCornersAndCoincidentStarts) {
  const ConvexCore a = coreOf(Aabb{{0, 0, 0}, {2, 2, 2}}), b = coreOf(Aabb{{0, 0, 0}, {1, 3, 1}});
  const Contact c = epaContact(a, b);
  // The least push of b out of a: +x by 2 or +z by 2 (its own x, z extents overlap a's by 1 from 0 to 1... b spans
  // [0,1]: moved by -1 in x it clears a's min face, by +2 it clears the max face): min is 1, along -x or -z.
  EXPECT_NEAR(c.depth, 1, 1e-12);
  EXPECT_TRUE(std::fabs(c.normal.x + 1) < 1e-9 || std::fabs(c.normal.z + 1) < 1e-9)
      << c.normal.x << " " << c.normal.y << " " << c.normal.z;
}

}  // namespace
}  // namespace c3d
