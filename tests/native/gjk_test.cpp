// GJK with signed volumes (gjk.h) and the curved cores' supports (convex_core.h):
// - the sub-simplex step against the brute force it replaced and against GMP's exact nearest distance, on random,
//   sliver, coplanar, collinear and repeated-point simplices;
// - the ellipsoid's and cone's supports against dense samples of their surfaces;
// - distances of every pair of core kinds, at scales 1e-6 to 1e6, against shapes built to share a point (distance
//   0) or to lie on either side of a plane with a gap (distance >= gap), against the rigorous sandwich of gjk_oracles.h,
//   and against the duality certificate along GJK's own direction;
// - gjkSeparation's one-sided decision on pairs touching by construction and pairs apart by a few tau.
#include "collide3d/queries/distance/gjk.h"

#include <string>

#include "gjk_oracles.h"

namespace c3d {
namespace {

using namespace testing;

// ---- the sub-simplex step -----------------------------------------------------------------------------------------

GjkSimplex simplexOf(const Vec3* w, int count) {
  GjkSimplex s;
  for (int i = 0; i < count; ++i) s.v[i] = {w[i], w[i], {}};
  s.count = count;
  return s;
}

// SV's point is in the hull (non-negative weights summing to 1, reproducing the point) and no farther from the
// origin than the exact nearest distance allows, up to rounding relative to the simplex's size.
void checkSubSimplex(const Vec3* w, int count, const std::string& what) {
  GjkSimplex s = simplexOf(w, count);
  bool inside = false;
  const Vec3 x = gjk_detail::nearestOnSimplex(s, inside);
  double size = 0;
  for (int i = 0; i < count; ++i) size = std::fmax(size, length(w[i]));
  double sum = 0;
  Vec3 combined{};
  for (int i = 0; i < s.count; ++i) {
    EXPECT_GE(s.weight[i], 0) << what;
    sum += s.weight[i], combined = combined + s.v[i].w * s.weight[i];
  }
  EXPECT_NEAR(sum, 1, 1e-14) << what;
  EXPECT_LE(length(combined - x), 1e-14 * size) << what;
  const double exact = std::sqrt(exactNearestSquared(w, count).get_d());
  EXPECT_NEAR(length(x), exact, 1e-13 * size) << what << ": exact nearest distance";
  EXPECT_LE(length(x), length(bruteNearest(w, count)) + 1e-13 * size) << what << ": the brute force is nearer";
  if (inside) {
    EXPECT_EQ(exact, 0) << what << ": called inside";
  }
}

TEST(GjkSubSimplex, RandomSimplicesMatchTheExactNearestPoint) {
  Random random(1801);
  for (int n = 0; n < cases(4000); ++n) {
    const int count = 1 + n % 4;
    const double scale = std::pow(10.0, random.integer(-6, 6));
    const Vec3 centre = random.vector(-1, 1) * scale;
    Vec3 w[4];
    for (int i = 0; i < count; ++i) w[i] = centre + random.vector(-1, 1) * scale;
    checkSubSimplex(w, count, "random " + std::to_string(n));
  }
}

TEST(GjkSubSimplex, DegenerateSimplices) {
  Random random(1802);
  for (int n = 0; n < cases(3000); ++n) {
    const int count = 2 + n % 3;
    Vec3 w[4];
    std::string kind;
    switch (n / 3 % 5) {
      case 0: {  // slivers: every point within 1e-9 of a line
        kind = "sliver";
        const Vec3 a = random.vector(-2, 2), d = random.vector(-2, 2);
        for (int i = 0; i < count; ++i) w[i] = a + d * random.uniform(-1, 1) + random.vector(-1e-9, 1e-9);
        break;
      }
      case 1: {  // exactly coplanar integer points on z = x + y - c
        kind = "coplanar";
        const int c = random.integer(-3, 3);
        for (int i = 0; i < count; ++i) {
          const Vec3 p = random.integerVector(-4, 4);
          w[i] = {p.x, p.y, p.x + p.y - c};
        }
        break;
      }
      case 2: {  // exactly collinear integer points
        kind = "collinear";
        const Vec3 a = random.integerVector(-4, 4), d = random.integerVector(-2, 2);
        for (int i = 0; i < count; ++i) w[i] = a + d * double(random.integer(-3, 3));
        break;
      }
      case 3: {  // repeated points
        kind = "repeated";
        for (int i = 0; i < count; ++i) w[i] = i > 0 && random.integer(0, 1) ? w[random.integer(0, i - 1)] : random.vector(-2, 2);
        break;
      }
      default: {  // flat tetrahedra through the origin's neighbourhood, or a tetrahedron with the origin on a face
        kind = "flat or touching";
        const Vec3 a = random.integerVector(-3, 3), b = random.integerVector(-3, 3);
        for (int i = 0; i < count; ++i) w[i] = a * double(random.integer(-2, 2)) + b * double(random.integer(-2, 2));
        if (count == 4) w[3] = w[3] + cross(a, b);
        break;
      }
    }
    checkSubSimplex(w, count, kind + " " + std::to_string(n));
  }
}

// ---- supports of the curved cores ---------------------------------------------------------------------------------

TEST(GjkSupport, EllipsoidSupportIsOnTheSurfaceAndReachesFarthest) {
  Random random(1803);
  const std::vector<Vec3> directions = sphereDirections(400);
  for (int n = 0; n < cases(60); ++n) {
    Vec3 radii = random.vector(0, 2);
    if (n % 4 == 1) radii.y = 0;                // a flat ellipse
    if (n % 4 == 2) radii.x = radii.z = 0;      // a segment
    const Ellipsoid e{random.vector(-3, 3), radii, random.rotation()};
    const ConvexCore core = coreOf(e);
    for (const Vec3 d : directions) {
      const Vec3 s = core.support(d);
      // Surface samples c + R D u over unit u: none reaches farther along d.
      for (const Vec3 u : directions) {
        const Vec3 x = e.center + e.rotation * Vec3{radii.x * u.x, radii.y * u.y, radii.z * u.z};
        EXPECT_LE(dot(x - s, d), 1e-12) << "ellipsoid " << n;
      }
      // On the surface: its local coordinates have norm 1 over the non-zero radii (the center, 0, when all vanish).
      const Vec3 local = transposeTimes(e.rotation, s - e.center);
      double norm = 0;
      for (int k = 0; k < 3; ++k) {
        const double r = component(radii, k), c = component(local, k);
        if (r > 0) norm += (c / r) * (c / r);
        else {
          EXPECT_NEAR(c, 0, 1e-12);
        }
      }
      if (radii.x + radii.y + radii.z > 0) {
        EXPECT_NEAR(norm, 1, 1e-9) << "ellipsoid " << n;
      }
    }
  }
}

TEST(GjkSupport, ConeSupportIsOnTheSolidAndReachesFarthest) {
  Random random(1804);
  const std::vector<Vec3> directions = sphereDirections(400);
  for (int n = 0; n < cases(60); ++n) {
    const Vec3 base = random.vector(-3, 3), apex = base + random.vector(-2, 2);
    const double radius = n % 5 == 0 ? 0 : random.uniform(0, 2);
    const ConvexCore core = coneCore(base, apex, radius);
    const Vec3 axis = apex - base;
    const Vec3 u = unitDirection(cross(axis, Vec3{0.3, 0.7, 0.1})), v = unitDirection(cross(axis, u));
    std::vector<Vec3> rim;
    for (int k = 0; k < 720; ++k) {
      const double angle = 2 * M_PI * k / 720;
      rim.push_back(base + (u * std::cos(angle) + v * std::sin(angle)) * radius);
    }
    for (const Vec3 d : directions) {
      const Vec3 s = core.support(d);
      EXPECT_GE(dot(s - apex, d), -1e-12) << "cone " << n;  // the apex and the rim are the solid's extreme points
      for (const Vec3 r : rim) EXPECT_GE(dot(s - r, d), -1e-12) << "cone " << n;
      // The support is the apex or a point of the base disk.
      const double onDisk = std::fabs(dot(s - base, unitDirection(axis)));
      const double across = length(cross(s - base, unitDirection(axis)));
      EXPECT_TRUE(s == apex || (onDisk <= 1e-12 && across <= radius + 1e-12)) << "cone " << n;
    }
    // Along the axis, the base (every disk point ties) or the apex.
    EXPECT_EQ(core.support(-axis), base);
    EXPECT_EQ(core.support(axis), apex);
  }
}

// ---- distances ----------------------------------------------------------------------------------------------------

// Against the sandwich and the certificate along GJK's direction: for n = (onB - onA) / d, the slabs' gap
// -(h_A(n) + h_B(-n)) is a lower bound on the distance; GJK's answer is optimal when it comes within a tolerance.
void checkDistance(const ConvexCore& a, const ConvexCore& b, const std::vector<Vec3>& directions,
                   const std::string& what) {
  const GjkResult r = gjk(a, b);
  const double size = std::fmax(extentOf(a), extentOf(b));
  const bool finite = a.isPolytope() && b.isPolytope();
  // Curved cores: GJK's stop (or its rounding, on the near-degenerate simplices it ends with) leaves about 1e-8 of
  // the size, as sweep.h says of the cylinder.
  const double tolerance = (finite ? 1e-12 : 1e-8) * size;
  EXPECT_LE(r.lower, r.distance) << what;
  const Sandwich s = distanceSandwich(a, b, directions);
  const double d = r.distance - a.radius - b.radius;  // the grown shapes' distance, negative when overlapping
  EXPECT_GE(std::fmax(d, 0.0), std::fmax(s.lower, 0.0) - tolerance) << what << ": below the dual bound";
  EXPECT_LE(std::fmax(d, 0.0), std::fmax(s.upper, 0.0) + tolerance) << what << ": above the sampled distance";
  if (r.distance > tolerance) {  // below it, the direction between the witnesses is rounding's
    const Vec3 n = (r.onB - r.onA) * (1 / r.distance);
    const double certified = -(dot(a.support(n), n) + dot(b.support(-n), -n));
    EXPECT_LE(r.distance - certified, tolerance) << what << ": not certified along its own direction";
  }
  // The witness points are on the cores.
  EXPECT_LE(gjk(pointCore(r.onA, 0), a).distance, tolerance) << what;
  EXPECT_LE(gjk(pointCore(r.onB, 0), b).distance, tolerance) << what;
}

TEST(GjkDistance, EveryPairOfCoreKindsSharingAPointOrSplitByAPlane) {
  Random random(1805);
  const std::vector<Vec3> directions = sphereDirections(600);
  for (const CoreKind ka : kCoreKinds) {
    for (const CoreKind kb : kCoreKinds) {
      for (int n = 0; n < cases(6); ++n) {
        const double scale = std::pow(10.0, -6 + 12 * (n % 5) / 4.0);
        const Vec3 p = random.vector(-2, 2) * scale;
        ConvexCore a = randomCoreContaining(random, ka, p, scale);
        ConvexCore b = randomCoreContaining(random, kb, p, scale);
        const std::string what = std::string(nameOf(ka)) + "-" + nameOf(kb) + " " + std::to_string(n);
        const double size = std::fmax(extentOf(a), extentOf(b));
        if (n % 2 == 0) {  // sharing p: the cores grown by their radii meet
          const GjkResult r = gjk(a, b);
          EXPECT_LE(r.distance - a.radius - b.radius, 1e-12 * size) << what << ": shapes sharing a point";
        } else {           // split by a plane through p with a gap
          const Vec3 normal = unitDirection(random.vector(-1, 1));
          const double gap = scale * random.uniform(0.01, 1);
          a = placedBeyond(a, -normal, -dot(p, normal), 0);
          b = placedBeyond(b, normal, dot(p, normal), gap);
          const GjkResult r = gjk(a, b);
          EXPECT_GE(r.distance - a.radius - b.radius, gap * (1 - 1e-9) - 1e-12 * size) << what << ": split by a plane";
        }
        checkDistance(a, b, directions, what);
      }
    }
  }
}

// ---- the one-sided touch decision ---------------------------------------------------------------------------------

TEST(GjkSeparation, TouchingIsNeverApartAndAFewTauApartIs) {
  Random random(1806);
  for (const CoreKind ka : kCoreKinds) {
    for (const CoreKind kb : kCoreKinds) {
      for (int n = 0; n < cases(10); ++n) {
        const double scale = std::pow(10.0, -6 + 12 * (n % 5) / 4.0);
        const Vec3 p = random.vector(-2, 2) * scale;
        const Vec3 normal = unitDirection(random.vector(-1, 1));
        ConvexCore a = randomCoreContaining(random, ka, p, scale), b = randomCoreContaining(random, kb, p, scale);
        a = touchingFromBelow(a, normal, p);
        const double size = std::fmax(extentOf(a), extentOf(b)) * 4;  // b moves by up to its size
        const double tau = std::ldexp(size, -40), reach = a.radius + b.radius;
        const std::string what = std::string(nameOf(ka)) + "-" + nameOf(kb) + " " + std::to_string(n);
        // Touching at p across the plane, by construction (up to the supports' rounding, far below tau).
        const ConvexCore touching = touchingFromBelow(b, -normal, p);
        EXPECT_FALSE(gjkSeparation(a, touching, reach, tau).apart) << what << ": touching";
        // Sharing the point p.
        const ConvexCore c = randomCoreContaining(random, ka, p, scale), d = randomCoreContaining(random, kb, p, scale);
        EXPECT_FALSE(gjkSeparation(c, d, c.radius + d.radius, tau).apart) << what << ": sharing a point";
        const ConvexCore apart = placedBeyond(b, normal, dot(p, normal), 8 * tau);
        const GjkSeparation far = gjkSeparation(a, apart, reach, tau);
        EXPECT_TRUE(far.apart) << what << ": 8 tau apart";
        EXPECT_GT(far.near.lower, reach + tau) << what;
      }
    }
  }
}

}  // namespace
}  // namespace c3d
