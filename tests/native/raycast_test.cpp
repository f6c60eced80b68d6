// raycast: rays, segments and lines against planes, triangles, spheres, aabbs, obbs, cylinders and capsules. First hand-derived
// cases (derivation in a comment; coordinates chosen so the kernels' arithmetic is exact), then properties over random
// inputs checked by independent means: membership predicates marched along the caster, and translation invariance.

#include "collide3d/queries/raycast/raycast.h"

#include <cmath>
#include <optional>
#include <sstream>
#include <string>

#include "test_support.h"

namespace c3d {
namespace {

using ::testing::AssertionFailure;
using ::testing::AssertionResult;
using ::testing::AssertionSuccess;
using testing::near;
using testing::Random;
using Hit = std::optional<RaycastHit>;

Caster ray(Vec3 origin, Vec3 direction) { return toCaster(Ray{origin, direction}); }
Caster line(Vec3 origin, Vec3 direction) { return toCaster(Line{origin, direction}); }
Caster segment(Vec3 start, Vec3 end) { return toCaster(Segment{start, end}); }

RaycastOptions solid(bool value) {
  RaycastOptions options;
  options.solid = value;
  return options;
}
RaycastOptions upTo(double maxDistance) {
  RaycastOptions options;
  options.maxDistance = maxDistance;
  return options;
}
RaycastOptions culling() {
  RaycastOptions options;
  options.backfaceCulling = true;
  return options;
}

std::string str(Vec3 v) {
  std::ostringstream out;
  out.precision(17);
  out << "(" << v.x << ", " << v.y << ", " << v.z << ")";
  return out.str();
}

AssertionResult hitIs(const Hit& hit, double t, Vec3 point, Vec3 normal, double tolerance = 1e-12) {
  if (!hit) return AssertionFailure() << "missed, expected a hit at t = " << t;
  if (!(std::fabs(hit->t - t) <= tolerance)) return AssertionFailure() << "t = " << hit->t << ", expected " << t;
  if (AssertionResult result = near(hit->point, point, tolerance); !result) return result << " (point)";
  if (AssertionResult result = near(hit->normal, normal, tolerance); !result) return result << " (normal)";
  return AssertionSuccess();
}

AssertionResult misses(const Hit& hit) {
  if (!hit) return AssertionSuccess();
  return AssertionFailure() << "hit at t = " << hit->t << ", point " << str(hit->point) << ", expected a miss";
}

// A hit at t, whatever its point and normal (for shapes whose normal there is not unique).
AssertionResult hitsAt(const Hit& hit, double t) {
  if (!hit) return AssertionFailure() << "missed, expected a hit at t = " << t;
  if (hit->t != t) return AssertionFailure() << "t = " << hit->t << ", expected " << t;
  return AssertionSuccess();
}

// A hit at t and point whose normal is either of two (rims, edges, casters in a flat target's plane).
AssertionResult hitIsWithNormalOneOf(const Hit& hit, double t, Vec3 point, Vec3 first, Vec3 second) {
  if (!hit) return AssertionFailure() << "missed, expected a hit at t = " << t;
  if (!near(hit->normal, first) && !near(hit->normal, second)) {
    return AssertionFailure() << "normal " << str(hit->normal) << ", expected " << str(first) << " or " << str(second);
  }
  return hitIs(hit, t, point, hit->normal);
}

// ---------------------------------------------------------------------------------------------------------------
// Plane

// The plane z = 2, written with a non-unit normal: 4z - 8 = 0.
const Plane kPlaneZ2{{0, 0, 4}, -8};

TEST(RaycastPlane, RayFromFrontAndFromBack) {
  // (1,2,5) + t(0,0,-3): z = 5 - 3t = 2 at t = 1. It comes from +z, so the normal facing it is +z.
  EXPECT_TRUE(hitIs(raycast(ray({1, 2, 5}, {0, 0, -3}), kPlaneZ2, {}), 1, {1, 2, 2}, {0, 0, 1}));
  // (1,2,-1) + t(1,0,1): z = -1 + t = 2 at t = 3, x = 4. It comes from -z: normal -z.
  EXPECT_TRUE(hitIs(raycast(ray({1, 2, -1}, {1, 0, 1}), kPlaneZ2, {}), 3, {4, 2, 2}, {0, 0, -1}));
}

TEST(RaycastPlane, ObliqueNonUnitNormal) {
  // 3x + 4y + 12z - 26 = 0, |n| = 13: the plane at distance 2 from the origin along n/13. From the origin along n:
  // 169t - 26 = 0, t = 2/13, point 2n/13. The ray comes from the side n points away from: normal -n/13.
  const Plane plane{{3, 4, 12}, -26};
  EXPECT_TRUE(hitIs(raycast(ray({0, 0, 0}, {3, 4, 12}), plane, {}), 2.0 / 13, Vec3{6, 8, 24} * (1.0 / 13),
                    Vec3{-3, -4, -12} * (1.0 / 13), 1e-15));
}

TEST(RaycastPlane, MovingAwayOrParallelOffThePlaneMisses) {
  EXPECT_TRUE(misses(raycast(ray({0, 0, 5}, {0, 0, 1}), kPlaneZ2, {})));  // z = 5 + t never comes back to 2
  EXPECT_TRUE(misses(raycast(ray({0, 0, 5}, {1, 1, 0}), kPlaneZ2, {})));  // z stays 5
  EXPECT_TRUE(misses(raycast(line({0, 0, 5}, {1, 1, 0}), kPlaneZ2, {})));
  EXPECT_TRUE(misses(raycast(segment({0, 0, 5}, {7, 7, 5}), kPlaneZ2, {})));
}

TEST(RaycastPlane, CasterLyingInThePlaneHitsAtItsStart) {
  // Every point of (3,-1,2) + t(1,1,0) has z = 2: the plane is closed, so a ray or a segment hits at its first point
  // t = 0, and a line (which has no first point) at its origin. Either side's normal is acceptable.
  for (const Caster& caster :
       {ray({3, -1, 2}, {1, 1, 0}), segment({3, -1, 2}, {5, 1, 2}), line({3, -1, 2}, {1, 1, 0})}) {
    const Hit hit = raycast(caster, kPlaneZ2, {});
    EXPECT_TRUE(hitIsWithNormalOneOf(hit, 0, {3, -1, 2}, {0, 0, 1}, {0, 0, -1}));
  }
}

TEST(RaycastPlane, SegmentParameterIsInTheUnitInterval) {
  // start + t(end - start) with z = 4 - 4t: z = 2 at t = 1/2.
  EXPECT_TRUE(hitIs(raycast(segment({0, 0, 4}, {0, 0, 0}), kPlaneZ2, {}), 0.5, {0, 0, 2}, {0, 0, 1}));
  // z = 4 - t would need t = 2.
  EXPECT_TRUE(misses(raycast(segment({0, 0, 4}, {0, 0, 3}), kPlaneZ2, {})));
  // The end touches the plane: t = 1; the start touches it: t = 0.
  EXPECT_TRUE(hitIs(raycast(segment({0, 0, 4}, {0, 0, 2}), kPlaneZ2, {}), 1, {0, 0, 2}, {0, 0, 1}));
  EXPECT_TRUE(hitIs(raycast(segment({0, 0, 2}, {0, 0, -4}), kPlaneZ2, {}), 0, {0, 0, 2}, {0, 0, 1}));
}

TEST(RaycastPlane, LineHitsAtNegativeT) {
  // (0,0,5) + t(0,0,2): z = 2 at t = -3/2, which a line accepts and a ray does not. Moving towards +z, the side
  // facing it is -z.
  EXPECT_TRUE(hitIs(raycast(line({0, 0, 5}, {0, 0, 2}), kPlaneZ2, {}), -1.5, {0, 0, 2}, {0, 0, -1}));
  EXPECT_TRUE(misses(raycast(ray({0, 0, 5}, {0, 0, 2}), kPlaneZ2, {})));
  // maxDistance bounds t from above only: t = -3/2 <= 0 is accepted.
  EXPECT_TRUE(hitIs(raycast(line({0, 0, 5}, {0, 0, 2}), kPlaneZ2, upTo(0)), -1.5, {0, 0, 2}, {0, 0, -1}));
}

TEST(RaycastPlane, MaxDistanceBoundsT) {
  // (0,0,5) + t(0,0,-1) reaches z = 2 at t = 3: accepted up to maxDistance 3, not 2.999.
  EXPECT_TRUE(hitIs(raycast(ray({0, 0, 5}, {0, 0, -1}), kPlaneZ2, upTo(3)), 3, {0, 0, 2}, {0, 0, 1}));
  EXPECT_TRUE(misses(raycast(ray({0, 0, 5}, {0, 0, -1}), kPlaneZ2, upTo(2.999))));
  // maxDistance bounds the caster's own parameter: (0,0,5) -> (0,0,1) reaches z = 2 at t = 3/4.
  EXPECT_TRUE(hitIs(raycast(segment({0, 0, 5}, {0, 0, 1}), kPlaneZ2, upTo(0.75)), 0.75, {0, 0, 2}, {0, 0, 1}));
  EXPECT_TRUE(misses(raycast(segment({0, 0, 5}, {0, 0, 1}), kPlaneZ2, upTo(0.5))));
}

TEST(RaycastPlane, ZeroLengthSegmentIsAPoint) {
  EXPECT_TRUE(
      hitIsWithNormalOneOf(raycast(segment({1, 2, 2}, {1, 2, 2}), kPlaneZ2, {}), 0, {1, 2, 2}, {0, 0, 1}, {0, 0, -1}));
  EXPECT_TRUE(misses(raycast(segment({1, 2, 3}, {1, 2, 3}), kPlaneZ2, {})));
}

// ---------------------------------------------------------------------------------------------------------------
// Triangle

// a = (0,0,0), b = (4,0,2), c = (0,4,2), in the plane z = (x + y) / 2; a + u(b - a) + v(c - a) = (4u, 4v, 2u + 2v).
// (b - a) x (c - a) = (-8, -8, 16): its front faces +z.
const Triangle kTilted{{0, 0, 0}, {4, 0, 2}, {0, 4, 2}};
const Vec3 kTiltedFaceNormal{-8, -8, 16};
const Vec3 kTiltedUnitNormal = Vec3{-1, -1, 2} * (1 / std::sqrt(6.0));
Vec3 onTilted(double u, double v) { return {4 * u, 4 * v, 2 * u + 2 * v}; }

// Small integer directions through kTilted: three from the front (d.(-8,-8,16) = -16, -32, -40) and one from the back
// (+24). With them and dyadic points, every product in the kernel is exact.
const Vec3 kThroughTilted[] = {{0, 0, -1}, {1, -1, -2}, {-1, -2, -4}, {1, 2, 3}};

AssertionResult weightsAre(const Hit& hit, double u, double v, double tolerance = 0) {
  if (!hit) return AssertionFailure() << "missed";
  if (!hit->hasBarycentric) return AssertionFailure() << "no barycentric weights";
  if (std::fabs(hit->u - u) <= tolerance && std::fabs(hit->v - v) <= tolerance) return AssertionSuccess();
  return AssertionFailure() << "u, v = " << hit->u << ", " << hit->v << ", expected " << u << ", " << v;
}

TEST(RaycastTriangle, CentroidHasExactBarycentrics) {
  // a = (0,0,0), b = (3,0,3), c = (0,3,3): plane z = x + y, centroid (1,1,2). Down from (1,1,10): t = 8 and
  // u = v = 1/3, each the rounded quotient of two exact integers, so exactly the double 1.0 / 3.
  // (b - a) x (c - a) = (-9,-9,9) and the ray goes down: front face, normal (-1,-1,1)/sqrt(3).
  const Triangle tri{{0, 0, 0}, {3, 0, 3}, {0, 3, 3}};
  const Hit hit = raycast(ray({1, 1, 10}, {0, 0, -1}), tri, {});
  EXPECT_TRUE(hitIs(hit, 8, {1, 1, 2}, Vec3{-1, -1, 1} * (1 / std::sqrt(3.0)), 1e-15));
  EXPECT_TRUE(weightsAre(hit, 1.0 / 3, 1.0 / 3));
  ASSERT_TRUE(hit);
  EXPECT_TRUE(hit->frontFace);
}

TEST(RaycastTriangle, InteriorHitHasExactBarycentrics) {
  // u = 1/4, v = 1/2 is (1, 2, 1.5); down from (1, 2, 9.5) it is reached at t = 8.
  const Hit hit = raycast(ray({1, 2, 9.5}, {0, 0, -1}), kTilted, {});
  EXPECT_TRUE(hitIs(hit, 8, {1, 2, 1.5}, kTiltedUnitNormal, 1e-15));
  EXPECT_TRUE(weightsAre(hit, 0.25, 0.5));
}

TEST(RaycastTriangle, HitsExactlyOnEdgesAndVerticesCount) {
  struct Weights {
    double u, v;
  };
  // The three vertices, the three edge midpoints and a point at a quarter of each edge.
  const Weights onBoundary[] = {{0, 0},     {1, 0},    {0, 1},       {0.5, 0}, {0, 0.5},
                                {0.5, 0.5}, {0.25, 0}, {0.75, 0.25}, {0, 0.75}};
  for (const Weights w : onBoundary) {
    for (const Vec3 d : kThroughTilted) {
      const Vec3 p = onTilted(w.u, w.v);
      SCOPED_TRACE("u = " + std::to_string(w.u) + ", v = " + std::to_string(w.v) + ", direction " + str(d));
      // From p - 4d the caster reaches p at t = 4; the normal is the one facing the caster.
      const bool front = dot(d, kTiltedFaceNormal) < 0;
      const Hit hit = raycast(ray(p - d * 4, d), kTilted, {});
      EXPECT_TRUE(hitIs(hit, 4, p, front ? kTiltedUnitNormal : -kTiltedUnitNormal, 1e-15));
      EXPECT_TRUE(weightsAre(hit, w.u, w.v));
      EXPECT_EQ(hit.value_or(RaycastHit{}).frontFace, front);
    }
  }
}

TEST(RaycastTriangle, JustOutsideEdgesAndVerticesMisses) {
  // Each point is 2^-20 outside an edge or a vertex (u < 0, v < 0 or u + v > 1), all dyadic: the decision is exact.
  const double e = std::ldexp(1.0, -20);
  const double outside[][2] = {{0.5, -e}, {-e, 0.5}, {0.5 + e, 0.5}, {-e, -e}, {1 + e, 0}, {0, 1 + e}, {1, -e}};
  for (const auto& w : outside) {
    for (const Vec3 d : kThroughTilted) {
      SCOPED_TRACE("u = " + std::to_string(w[0]) + ", v = " + std::to_string(w[1]) + ", direction " + str(d));
      const Vec3 p = onTilted(w[0], w[1]);
      EXPECT_TRUE(misses(raycast(ray(p - d * 4, d), kTilted, {})));
    }
  }
}

TEST(RaycastTriangle, BackfaceCullingOnBothWindings) {
  // Down through (1, 2, 1.5) (u = 1/4, v = 1/2): kTilted's front faces +z, so going down meets its front.
  const Caster down = ray({1, 2, 9.5}, {0, 0, -1});
  const Caster up = ray({1, 2, -6.5}, {0, 0, 1});
  Hit hit = raycast(down, kTilted, culling());
  EXPECT_TRUE(hitIs(hit, 8, {1, 2, 1.5}, kTiltedUnitNormal, 1e-15));
  ASSERT_TRUE(hit);
  EXPECT_TRUE(hit->frontFace);
  EXPECT_TRUE(misses(raycast(up, kTilted, culling())));
  hit = raycast(up, kTilted, {});
  EXPECT_TRUE(hitIs(hit, 8, {1, 2, 1.5}, -kTiltedUnitNormal, 1e-15));  // the normal faces the caster
  ASSERT_TRUE(hit);
  EXPECT_FALSE(hit->frontFace);

  // The other winding a, c, b: (c - a) x (b - a) = (8, 8, -16) faces -z, so going down meets its back. Its b is
  // kTilted's c, so the weights swap: u = 1/2, v = 1/4.
  const Triangle reversed{kTilted.a, kTilted.c, kTilted.b};
  EXPECT_TRUE(misses(raycast(down, reversed, culling())));
  hit = raycast(down, reversed, {});
  EXPECT_TRUE(hitIs(hit, 8, {1, 2, 1.5}, kTiltedUnitNormal, 1e-15));
  EXPECT_TRUE(weightsAre(hit, 0.5, 0.25));
  ASSERT_TRUE(hit);
  EXPECT_FALSE(hit->frontFace);
  hit = raycast(up, reversed, culling());
  EXPECT_TRUE(hitIs(hit, 8, {1, 2, 1.5}, -kTiltedUnitNormal, 1e-15));
  ASSERT_TRUE(hit);
  EXPECT_TRUE(hit->frontFace);
}

TEST(RaycastTriangle, SegmentLineAndMaxDistance) {
  // (1,2,5.5) -> (1,2,-2.5) crosses z = 1.5 at t = 4/8; ending at (1,2,3.5) it stops short.
  EXPECT_TRUE(
      hitIs(raycast(segment({1, 2, 5.5}, {1, 2, -2.5}), kTilted, {}), 0.5, {1, 2, 1.5}, kTiltedUnitNormal, 1e-15));
  EXPECT_TRUE(misses(raycast(segment({1, 2, 5.5}, {1, 2, 3.5}), kTilted, {})));
  // (1,2,-0.5) + t(0,0,-1) is at z = 1.5 for t = -2: a line hits there, a ray does not. Seen from the line moving
  // down, the front faces it.
  EXPECT_TRUE(hitIs(raycast(line({1, 2, -0.5}, {0, 0, -1}), kTilted, {}), -2, {1, 2, 1.5}, kTiltedUnitNormal, 1e-15));
  EXPECT_TRUE(misses(raycast(ray({1, 2, -0.5}, {0, 0, -1}), kTilted, {})));
  // Down from (1,2,5.5) the hit is at t = 4.
  EXPECT_TRUE(hitIs(raycast(ray({1, 2, 5.5}, {0, 0, -1}), kTilted, upTo(4)), 4, {1, 2, 1.5}, kTiltedUnitNormal, 1e-15));
  EXPECT_TRUE(misses(raycast(ray({1, 2, 5.5}, {0, 0, -1}), kTilted, upTo(3.5))));
}

TEST(RaycastTriangle, ParallelOffThePlaneMisses) {
  // (2,0,1) is parallel to the plane z = (x + y)/2 (it is b/2); (1,1,5) lies 4 above it.
  EXPECT_TRUE(misses(raycast(ray({1, 1, 5}, {2, 0, 1}), kTilted, {})));
  EXPECT_TRUE(misses(raycast(line({1, 1, 5}, {2, 0, 1}), kTilted, {})));
  EXPECT_TRUE(misses(raycast(segment({-3, 1, 3}, {5, 1, 7}), kTilted, {})));
}

TEST(RaycastTriangle, CasterInThePlaneHitsWhereItFirstEnters) {
  // In-plane directions are orthogonal to (-1,-1,2): (2,0,1), (4,0,2), (1,1,1). The hit's normal may face either side.
  const auto expectHit = [](const Caster& caster, double t, double u, double v) {
    const Hit hit = raycast(caster, kTilted, {});
    EXPECT_TRUE(hitIsWithNormalOneOf(hit, t, onTilted(u, v), kTiltedUnitNormal, -kTiltedUnitNormal));
    EXPECT_TRUE(weightsAre(hit, u, v, 1e-15));
  };
  // (-2,1,-0.5) + t(2,0,1) is (u, v) = ((t - 1)/2, 1/4): inside for t in [1, 2.5], entering at t = 1 on edge ca.
  expectHit(ray({-2, 1, -0.5}, {2, 0, 1}), 1, 0, 0.25);
  // Starting inside at (1,1,1) (u = v = 1/4): t = 0.
  expectHit(ray({1, 1, 1}, {2, 0, 1}), 0, 0.25, 0.25);
  // A line from the far side, (10,1,5.5) + t(-2,0,-1): u = (10 - 2t)/4, inside for t in [3.5, 5]: enters at 3.5.
  expectHit(line({10, 1, 5.5}, {-2, 0, -1}), 3.5, 0.75, 0.25);
  // A line whose origin is inside enters behind it: (1,1,1) + t(2,0,1) has u = (1 + 2t)/4 >= 0 from t = -1/2.
  expectHit(line({1, 1, 1}, {2, 0, 1}), -0.5, 0, 0.25);
  // A segment (-2,1,-0.5) -> (2,1,1.5): direction (4,0,2), enters at t = 1/2; ending at (-1,1,0) it would need t = 2.
  expectHit(segment({-2, 1, -0.5}, {2, 1, 1.5}), 0.5, 0, 0.25);
  EXPECT_TRUE(misses(raycast(segment({-2, 1, -0.5}, {-1, 1, 0}), kTilted, {})));
  // Along edge ab, from (-4,0,-2) + t(4,0,2): enters at the vertex a at t = 1.
  expectHit(ray({-4, 0, -2}, {4, 0, 2}), 1, 0, 0);
  // (-2,2,0) + t(1,1,1) is (u, v) = ((t - 2)/4, 1 + (t - 2)/4): inside only at t = 2, touching the vertex c.
  expectHit(ray({-2, 2, 0}, {1, 1, 1}), 2, 0, 1);
  // (-2,5,1.5) + t(2,0,1): v = 5/4 > 1, never inside.
  EXPECT_TRUE(misses(raycast(ray({-2, 5, 1.5}, {2, 0, 1}), kTilted, {})));
}

// Checks that a hit's weights are a convex combination of the vertices that gives the hit point (on a zero-area
// triangle they are not unique).
AssertionResult weightsRebuildPoint(const Hit& hit, const Triangle& tri) {
  if (!hit) return AssertionFailure() << "missed";
  if (!hit->hasBarycentric) return AssertionFailure() << "no barycentric weights";
  const double w = 1 - hit->u - hit->v;
  if (!(hit->u >= 0 && hit->v >= 0 && w >= 0))
    return AssertionFailure() << "weights " << w << ", " << hit->u << ", " << hit->v;
  return near(tri.a * w + tri.b * hit->u + tri.c * hit->v, hit->point);
}

TEST(RaycastTriangle, CollinearVerticesActAsTheLongestSegment) {
  // a = (1,1,1), b = (3,3,3), c = (-1,-1,-1): |ab|^2 = 12, |bc|^2 = 48, |ca|^2 = 12, so it is the segment from c to
  // b, the points s(1,1,1) for s in [-1, 3].
  const Triangle tri{{1, 1, 1}, {3, 3, 3}, {-1, -1, -1}};
  // Across it along (1,-1,0) from p - 3(1,-1,0), reaching p at t = 3: through (2,2,2) (between a and b, off the
  // edge ca), through (0,0,0) (between c and a), and through each end c and b.
  for (const Vec3 p : {Vec3{2, 2, 2}, Vec3{-1, -1, -1}, Vec3{0, 0, 0}, Vec3{3, 3, 3}}) {
    SCOPED_TRACE(str(p));
    const Hit hit = raycast(ray(p - Vec3{3, -3, 0}, {1, -1, 0}), tri, {});
    ASSERT_TRUE(hit);
    EXPECT_TRUE(near(hit->point, p));
    EXPECT_EQ(hit->t, 3);
    EXPECT_TRUE(weightsRebuildPoint(hit, tri));
    EXPECT_NEAR(length(hit->normal), 1, 1e-15);
  }
  // Beyond b, and beside the segment: misses.
  EXPECT_TRUE(misses(raycast(ray({1, 7, 4}, {1, -1, 0}), tri, {})));     // crosses the line at (4,4,4)
  EXPECT_TRUE(misses(raycast(ray({-1, 5, 2.5}, {1, -1, 0}), tri, {})));  // passes (2,2,2.5)
  // Along its line: (-5,-5,-5) + t(1,1,1) enters at c for t = 4; from (0,0,0) it starts inside: t = 0.
  Hit hit = raycast(ray({-5, -5, -5}, {1, 1, 1}), tri, {});
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->t, 4);
  EXPECT_TRUE(weightsRebuildPoint(hit, tri));
  hit = raycast(ray({0, 0, 0}, {1, 1, 1}), tri, {});
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->t, 0);
  EXPECT_TRUE(weightsRebuildPoint(hit, tri));
  // A line (10,10,10) + t(1,1,1) is in it for t in [-11, -7]: it enters at -11, the point c.
  hit = raycast(line({10, 10, 10}, {1, 1, 1}), tri, {});
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->t, -11);
  EXPECT_TRUE(weightsRebuildPoint(hit, tri));
  // A segment on the line that stops before c: (-5,-5,-5) -> (-2,-2,-2).
  EXPECT_TRUE(misses(raycast(segment({-5, -5, -5}, {-2, -2, -2}), tri, {})));
}

TEST(RaycastTriangle, CoincidentVerticesActAsAPoint) {
  // a = b = c = (1,2,3). From (1,2,0) along +z it is reached at t = 3, with all the weight on a (u = v = 0).
  const Triangle tri{{1, 2, 3}, {1, 2, 3}, {1, 2, 3}};
  const Hit hit = raycast(ray({1, 2, 0}, {0, 0, 1}), tri, {});
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->t, 3);
  EXPECT_TRUE(near(hit->point, {1, 2, 3}, 0));
  EXPECT_TRUE(weightsAre(hit, 0, 0));
  // A line through it behind its origin: (1,2,5) + t(0,0,1), t = -2. A segment through it: t = 1/2.
  EXPECT_TRUE(hitsAt(raycast(line({1, 2, 5}, {0, 0, 1}), tri, {}), -2));
  EXPECT_TRUE(hitsAt(raycast(segment({1, 2, 0}, {1, 2, 6}), tri, {}), 0.5));
  EXPECT_TRUE(misses(raycast(ray({1, 2.5, 0}, {0, 0, 1}), tri, {})));
  EXPECT_TRUE(misses(raycast(ray({1, 2, 3.5}, {0, 0, 1}), tri, {})));  // it is behind the ray
}

TEST(RaycastTriangle, ZeroLengthSegmentIsAPoint) {
  // A segment whose start equals its end is the point itself: it hits at t = 0 exactly when the point is in the
  // triangle.
  const Vec3 inside = onTilted(0.25, 0.5);
  Hit hit = raycast(segment(inside, inside), kTilted, {});
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->t, 0);
  EXPECT_TRUE(weightsAre(hit, 0.25, 0.5, 1e-15));
  EXPECT_TRUE(misses(raycast(segment({1, 2, 5}, {1, 2, 5}), kTilted, {})));            // off the plane
  EXPECT_TRUE(misses(raycast(segment(onTilted(1, 1), onTilted(1, 1)), kTilted, {})));  // in it, outside
  // On zero-area triangles: the segment from c = (-1,-1,-1) to b = (3,3,3), and the point (1,2,3).
  const Triangle collinear{{1, 1, 1}, {3, 3, 3}, {-1, -1, -1}};
  hit = raycast(segment({2, 2, 2}, {2, 2, 2}), collinear, {});
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->t, 0);
  EXPECT_TRUE(misses(raycast(segment({5, 5, 5}, {5, 5, 5}), collinear, {})));
  EXPECT_TRUE(misses(raycast(segment({0, 1, 0}, {0, 1, 0}), collinear, {})));
  const Triangle point{{1, 2, 3}, {1, 2, 3}, {1, 2, 3}};
  EXPECT_TRUE(hitsAt(raycast(segment({1, 2, 3}, {1, 2, 3}), point, {}), 0));
  EXPECT_TRUE(misses(raycast(segment({0, 0, 0}, {0, 0, 0}), point, {})));
}

// ---------------------------------------------------------------------------------------------------------------
// Sphere

TEST(RaycastSphere, ThroughTheCentre) {
  // Centre (1,2,3), radius 2. (1,2,-7) + t(0,0,2) enters at z = 1: t = 4, normal -z.
  const Sphere sphere{{1, 2, 3}, 2};
  EXPECT_TRUE(hitIs(raycast(ray({1, 2, -7}, {0, 0, 2}), sphere, {}), 4, {1, 2, 1}, {0, 0, -1}));
  // The segment (1,2,-7) -> (1,2,13) has direction (0,0,20): z = 1 at t = 8/20.
  EXPECT_TRUE(hitIs(raycast(segment({1, 2, -7}, {1, 2, 13}), sphere, {}), 0.4, {1, 2, 1}, {0, 0, -1}));
  // A line (1,2,13) + t(0,0,1) enters at z = 1 even though that is behind its origin: t = -12.
  EXPECT_TRUE(hitIs(raycast(line({1, 2, 13}, {0, 0, 1}), sphere, {}), -12, {1, 2, 1}, {0, 0, -1}));
  // The ray from (1,2,13) going +z has the sphere behind it.
  EXPECT_TRUE(misses(raycast(ray({1, 2, 13}, {0, 0, 1}), sphere, {})));
}

TEST(RaycastSphere, GrazingAtExactlyTheRadius) {
  // Centre 0, radius 5. (3,4,-10) + t(0,0,1) stays at distance |(3,4)| = 5 from the z axis: it touches at (3,4,0),
  // t = 10, normal (3,4,0)/5.
  const Sphere sphere{{0, 0, 0}, 5};
  EXPECT_TRUE(hitIs(raycast(ray({3, 4, -10}, {0, 0, 1}), sphere, {}), 10, {3, 4, 0}, {0.6, 0.8, 0}, 1e-15));
  // (-10,5,0) + t(1,0,0) touches at (0,5,0), t = 10.
  EXPECT_TRUE(hitIs(raycast(ray({-10, 5, 0}, {1, 0, 0}), sphere, {}), 10, {0, 5, 0}, {0, 1, 0}, 1e-15));
  // A segment ending exactly at the tangent point touches at t = 1.
  EXPECT_TRUE(hitIs(raycast(segment({3, 4, -10}, {3, 4, 0}), sphere, {}), 1, {3, 4, 0}, {0.6, 0.8, 0}, 1e-15));
  // 2^-20 further out: 3^2 + (4 + 2^-20)^2 > 25 exactly, a miss.
  EXPECT_TRUE(misses(raycast(ray({3, 4 + std::ldexp(1.0, -20), -10}, {0, 0, 1}), sphere, {})));
  // Starting on the surface at (0,5,0) and moving along it: touching at t = 0, normal +y.
  EXPECT_TRUE(hitIs(raycast(ray({0, 5, 0}, {1, 0, 0}), sphere, {}), 0, {0, 5, 0}, {0, 1, 0}));
}

TEST(RaycastSphere, FarAwayGrazingCasterKeepsItsPrecision) {
  // Unit sphere at 0; (-1e8, 1/2, 0) + t(1,0,0) enters where x^2 = 1 - 1/4: t = 1e8 - sqrt(3)/2. The textbook
  // discriminant b^2 - ac cancels 1e16 against 1e16 here; the entry must still be right to about 1e-8.
  const Hit hit = raycast(ray({-1e8, 0.5, 0}, {1, 0, 0}), Sphere{{0, 0, 0}, 1}, {});
  EXPECT_TRUE(hitIs(hit, 1e8 - std::sqrt(0.75), {-std::sqrt(0.75), 0.5, 0}, {-std::sqrt(0.75), 0.5, 0}, 1e-7));
}

TEST(RaycastSphere, StartingInside) {
  // Centre 0, radius 5, from (3,0,0) along (0,2,0): solid, it hits at its start with the normal opposing the
  // direction; not solid, it leaves where 9 + (2t)^2 = 25, t = 2, at (3,4,0) with the outward normal (3,4,0)/5.
  const Sphere sphere{{0, 0, 0}, 5};
  EXPECT_TRUE(hitIs(raycast(ray({3, 0, 0}, {0, 2, 0}), sphere, solid(true)), 0, {3, 0, 0}, {0, -1, 0}));
  EXPECT_TRUE(hitIs(raycast(ray({3, 0, 0}, {0, 2, 0}), sphere, solid(false)), 2, {3, 4, 0}, {0.6, 0.8, 0}, 1e-15));
  // A segment (3,0,0) -> (3,2,0) lies inside: solid, t = 0; not solid, it never leaves within t <= 1.
  EXPECT_TRUE(hitIs(raycast(segment({3, 0, 0}, {3, 2, 0}), sphere, solid(true)), 0, {3, 0, 0}, {0, -1, 0}));
  EXPECT_TRUE(misses(raycast(segment({3, 0, 0}, {3, 2, 0}), sphere, solid(false))));
  // The segment (3,0,0) -> (3,8,0) leaves at y = 4, t = 1/2.
  EXPECT_TRUE(
      hitIs(raycast(segment({3, 0, 0}, {3, 8, 0}), sphere, solid(false)), 0.5, {3, 4, 0}, {0.6, 0.8, 0}, 1e-15));
}

TEST(RaycastSphere, ZeroRadiusIsHitOnlyThroughTheCentre) {
  // Centre (1,2,3), radius 0. From c - 3d with d = (1,-2,2), the ray reaches c at t = 3.
  const Sphere sphere{{1, 2, 3}, 0};
  const Vec3 d{1, -2, 2};
  Hit hit = raycast(ray(sphere.center - d * 3, d), sphere, {});
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->t, 3);
  EXPECT_TRUE(near(hit->point, sphere.center, 0));
  EXPECT_NEAR(length(hit->normal), 1, 1e-15);
  // Starting at it: t = 0.
  EXPECT_TRUE(hitsAt(raycast(ray(sphere.center, d), sphere, {}), 0));
  // Along an axis: (1,2,-1) + t(0,0,2) reaches it at t = 2.
  hit = raycast(ray({1, 2, -1}, {0, 0, 2}), sphere, {});
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->t, 2);
  EXPECT_TRUE(near(hit->point, sphere.center, 0));
  // Shifted by 2^-20 across the direction, or stopping short of it: misses.
  EXPECT_TRUE(misses(raycast(ray(sphere.center - d * 3 + Vec3{0, 0, std::ldexp(1.0, -20)}, d), sphere, {})));
  EXPECT_TRUE(misses(raycast(segment(sphere.center - d * 3, sphere.center - d), sphere, {})));
}

TEST(RaycastSphere, SegmentLengthAndMaxDistance) {
  // Unit sphere at 0. (-5,0,0) -> (-2,0,0) stops 1 short; (-5,0,0) -> (-1,0,0) touches at its end, t = 1;
  // (-5,0,0) -> (5,0,0) enters at x = -1, t = 4/10.
  const Sphere sphere{{0, 0, 0}, 1};
  EXPECT_TRUE(misses(raycast(segment({-5, 0, 0}, {-2, 0, 0}), sphere, {})));
  EXPECT_TRUE(hitIs(raycast(segment({-5, 0, 0}, {-1, 0, 0}), sphere, {}), 1, {-1, 0, 0}, {-1, 0, 0}));
  EXPECT_TRUE(hitIs(raycast(segment({-5, 0, 0}, {5, 0, 0}), sphere, {}), 0.4, {-1, 0, 0}, {-1, 0, 0}));
  // (-5,0,0) + t(1,0,0) enters at t = 4.
  EXPECT_TRUE(hitIs(raycast(ray({-5, 0, 0}, {1, 0, 0}), sphere, upTo(4)), 4, {-1, 0, 0}, {-1, 0, 0}));
  EXPECT_TRUE(misses(raycast(ray({-5, 0, 0}, {1, 0, 0}), sphere, upTo(3.9))));
}

TEST(RaycastSphere, ZeroLengthSegmentIsAPoint) {
  // Unit sphere at 0: the point (5,0,0) is outside it, (0.5,0,0) inside, (0,1,0) on its surface.
  const Sphere sphere{{0, 0, 0}, 1};
  EXPECT_TRUE(misses(raycast(segment({5, 0, 0}, {5, 0, 0}), sphere, {})));
  EXPECT_TRUE(misses(raycast(segment({0, 3, 4}, {0, 3, 4}), Sphere{{0, 0, 0}, 0}, {})));
  Hit hit = raycast(segment({0.5, 0, 0}, {0.5, 0, 0}), sphere, {});
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->t, 0);
  hit = raycast(segment({0, 1, 0}, {0, 1, 0}), sphere, {});
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->t, 0);
}

// ---------------------------------------------------------------------------------------------------------------
// Axis-aligned box

// x in [1,3], y in [2,6], z in [3,9]; centre (2,4,6).
const Aabb kBox{{1, 2, 3}, {3, 6, 9}};

TEST(RaycastAabb, EachFaceWithItsNormal) {
  // From the centre's line on each axis: (-1,4,6) + t(1,0,0) reaches x = 1 at t = 2, and so on.
  EXPECT_TRUE(hitIs(raycast(ray({-1, 4, 6}, {1, 0, 0}), kBox, {}), 2, {1, 4, 6}, {-1, 0, 0}));
  EXPECT_TRUE(hitIs(raycast(ray({5, 4, 6}, {-2, 0, 0}), kBox, {}), 1, {3, 4, 6}, {1, 0, 0}));
  EXPECT_TRUE(hitIs(raycast(ray({2, 0, 6}, {0, 1, 0}), kBox, {}), 2, {2, 2, 6}, {0, -1, 0}));
  EXPECT_TRUE(hitIs(raycast(ray({2, 10, 6}, {0, -1, 0}), kBox, {}), 4, {2, 6, 6}, {0, 1, 0}));
  EXPECT_TRUE(hitIs(raycast(ray({2, 4, 0}, {0, 0, 3}), kBox, {}), 1, {2, 4, 3}, {0, 0, -1}));
  EXPECT_TRUE(hitIs(raycast(ray({2, 4, 10}, {0, 0, -1}), kBox, {}), 1, {2, 4, 9}, {0, 0, 1}));
  // Oblique from the origin along (1,2,2): the slabs hold t in [1,3], [1,3], [1.5,4.5]; it enters through z = 3 at
  // t = 1.5, point (1.5,3,3).
  EXPECT_TRUE(hitIs(raycast(ray({0, 0, 0}, {1, 2, 2}), kBox, {}), 1.5, {1.5, 3, 3}, {0, 0, -1}));
}

TEST(RaycastAabb, AlongAFaceOrAnEdgeTouches) {
  // (-1,4,9) + t(1,0,0) runs in the plane of the face z = 9: it touches the box from x = 1, t = 2.
  EXPECT_TRUE(hitIs(raycast(ray({-1, 4, 9}, {1, 0, 0}), kBox, {}), 2, {1, 4, 9}, {-1, 0, 0}));
  // (-1,6,9) + t(1,0,0) runs along the edge y = 6, z = 9.
  EXPECT_TRUE(hitIs(raycast(ray({-1, 6, 9}, {1, 0, 0}), kBox, {}), 2, {1, 6, 9}, {-1, 0, 0}));
  // 2^-20 above that edge it misses.
  EXPECT_TRUE(misses(raycast(ray({-1, 6, 9 + std::ldexp(1.0, -20)}, {1, 0, 0}), kBox, {})));
  // Down the vertical edge x = 1, y = 2: (1,2,-5) + t(0,0,1) reaches z = 3 at t = 8.
  EXPECT_TRUE(hitIs(raycast(ray({1, 2, -5}, {0, 0, 1}), kBox, {}), 8, {1, 2, 3}, {0, 0, -1}));
}

TEST(RaycastAabb, ZeroDirectionComponents) {
  // (2,4,-5) + t(0,0,1): x and y stay inside their slabs; z = 3 at t = 8.
  EXPECT_TRUE(hitIs(raycast(ray({2, 4, -5}, {0, 0, 1}), kBox, {}), 8, {2, 4, 3}, {0, 0, -1}));
  // x = 0 stays outside [1,3]: a miss whatever z does.
  EXPECT_TRUE(misses(raycast(ray({0, 4, -5}, {0, 0, 1}), kBox, {})));
  EXPECT_TRUE(misses(raycast(line({0, 4, -5}, {0, 0, 1}), kBox, {})));
}

TEST(RaycastAabb, StartingInside) {
  // From the centre (2,4,6) along +z: solid, t = 0 with the normal opposing the direction; not solid, it leaves
  // through z = 9 at t = 3.
  EXPECT_TRUE(hitIs(raycast(ray({2, 4, 6}, {0, 0, 1}), kBox, solid(true)), 0, {2, 4, 6}, {0, 0, -1}));
  EXPECT_TRUE(hitIs(raycast(ray({2, 4, 6}, {0, 0, 1}), kBox, solid(false)), 3, {2, 4, 9}, {0, 0, 1}));
  // Along (1,1,0) it leaves x <= 3 at t = 1 before y <= 6 at t = 2.
  EXPECT_TRUE(hitIs(raycast(ray({2, 4, 6}, {1, 1, 0}), kBox, solid(false)), 1, {3, 5, 6}, {1, 0, 0}));
  // Starting on the face x = 1 and heading in: touching at the start, where the face's normal opposes the direction.
  EXPECT_TRUE(hitIs(raycast(ray({1, 4, 6}, {1, 0, 0}), kBox, solid(true)), 0, {1, 4, 6}, {-1, 0, 0}));
  // Starting on the face z = 9 and running in it: touching at the start; not solid, it leaves at y = 6, t = 2.
  EXPECT_TRUE(hitIs(raycast(ray({2, 4, 9}, {0, 1, 0}), kBox, solid(true)), 0, {2, 4, 9}, {0, -1, 0}));
  EXPECT_TRUE(hitIs(raycast(ray({2, 4, 9}, {0, 1, 0}), kBox, solid(false)), 2, {2, 6, 9}, {0, 1, 0}));
  // A segment inside the box, not solid: it never leaves.
  EXPECT_TRUE(misses(raycast(segment({2, 4, 6}, {2, 4, 8}), kBox, solid(false))));
}

TEST(RaycastAabb, SegmentLineAndMaxDistance) {
  // (2,4,-5) -> (2,4,0) stops short of z = 3; (2,4,-5) -> (2,4,11) reaches it at t = 8/16.
  EXPECT_TRUE(misses(raycast(segment({2, 4, -5}, {2, 4, 0}), kBox, {})));
  EXPECT_TRUE(hitIs(raycast(segment({2, 4, -5}, {2, 4, 11}), kBox, {}), 0.5, {2, 4, 3}, {0, 0, -1}));
  // A line (2,4,20) + t(0,0,1) enters at z = 3, t = -17.
  EXPECT_TRUE(hitIs(raycast(line({2, 4, 20}, {0, 0, 1}), kBox, {}), -17, {2, 4, 3}, {0, 0, -1}));
  EXPECT_TRUE(hitIs(raycast(ray({2, 4, -5}, {0, 0, 1}), kBox, upTo(8)), 8, {2, 4, 3}, {0, 0, -1}));
  EXPECT_TRUE(misses(raycast(ray({2, 4, -5}, {0, 0, 1}), kBox, upTo(7.5))));
}

TEST(RaycastAabb, ZeroSizeBoxIsAPoint) {
  // min = max = (1,2,3): the origin + t(1,2,3) reaches it at t = 1; along (1,2,4) it passes z = 3 at t = 3/4 when
  // x = 3/4 != 1: a miss.
  const Aabb point{{1, 2, 3}, {1, 2, 3}};
  const Hit hit = raycast(ray({0, 0, 0}, {1, 2, 3}), point, {});
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->t, 1);
  EXPECT_TRUE(near(hit->point, {1, 2, 3}, 0));
  EXPECT_NEAR(length(hit->normal), 1, 1e-15);
  EXPECT_LT(dot(hit->normal, {1, 2, 3}), 0);
  EXPECT_TRUE(misses(raycast(ray({0, 0, 0}, {1, 2, 4}), point, {})));
  // A segment starting on it: t = 0. A line (2,4,6) + t(1,2,3) passes it at t = -1.
  EXPECT_TRUE(hitsAt(raycast(segment({1, 2, 3}, {5, 5, 5}), point, {}), 0));
  EXPECT_TRUE(hitsAt(raycast(line({2, 4, 6}, {1, 2, 3}), point, {}), -1));
}

TEST(RaycastAabb, ZeroLengthSegmentIsAPoint) {
  EXPECT_TRUE(hitsAt(raycast(segment({2, 4, 6}, {2, 4, 6}), kBox, {}), 0));  // inside
  EXPECT_TRUE(hitsAt(raycast(segment({3, 6, 9}, {3, 6, 9}), kBox, {}), 0));  // a corner
  EXPECT_TRUE(misses(raycast(segment({0, 4, 6}, {0, 4, 6}), kBox, {})));
}

// ---------------------------------------------------------------------------------------------------------------
// Oriented box

// Rotated about z by the angle with cos 3/5, sin 4/5: local axes u = (3/5,4/5,0), v = (-4/5,3/5,0), w = (0,0,1).
// Centre (1,2,3), half sizes (5,1,2). A world point c + a u + b v + g w has local coordinates (a, b, g).
Obb rotatedBox() {
  Obb box;
  box.center = {1, 2, 3};
  box.halfSize = {5, 1, 2};
  const double m[9] = {0.6, 0.8, 0, -0.8, 0.6, 0, 0, 0, 1};
  for (int i = 0; i < 9; ++i) box.rotation.m[i] = m[i];
  return box;
}
const Vec3 kU{0.6, 0.8, 0}, kV{-0.8, 0.6, 0}, kW{0, 0, 1};

TEST(RaycastObb, RotatedBoxFacesInItsLocalFrame) {
  const Obb box = rotatedBox();
  // Local origin (10,0,0) = world c + 10u = (7,10,3); local direction (-5,0,0) = world -5u = (-3,-4,0). It reaches
  // local x = 5 at t = 1: world c + 5u = (4,6,3), normal u.
  EXPECT_TRUE(hitIs(raycast(ray({7, 10, 3}, {-3, -4, 0}), box, {}), 1, {4, 6, 3}, kU));
  // Local origin (1,4,0) = (-1.6,5.2,3), local direction (0,-2,0) = -2v = (1.6,-1.2,0): local y = 1 at t = 3/2,
  // local point (1,1,0) = world c + u + v = (0.8,3.4,3), normal v.
  EXPECT_TRUE(hitIs(raycast(ray({-1.6, 5.2, 3}, {1.6, -1.2, 0}), box, {}), 1.5, {0.8, 3.4, 3}, kV));
  // Local origin (2,0.5,5) = (1.8,3.9,8), direction -w: local z = 2 at t = 3, world (1.8,3.9,5), normal w.
  EXPECT_TRUE(hitIs(raycast(ray({1.8, 3.9, 8}, {0, 0, -1}), box, {}), 3, {1.8, 3.9, 5}, kW));
  // Local origin (-9,0,0) = c - 9u = (-4.4,-5.2,3), local direction (2,0.25,0.5) = 2u + v/4 + w/2 = (1,1.75,0.5):
  // the x slab holds t in [2,7]; at t = 2 the local point (-5,0.5,1) is within |y| <= 1, |z| <= 2, so it enters
  // through local x = -5: world (-2.4,-1.7,4), normal -u.
  EXPECT_TRUE(hitIs(raycast(ray({-4.4, -5.2, 3}, {1, 1.75, 0.5}), box, {}), 2, {-2.4, -1.7, 4}, -kU));
  // With local direction (2,0.75,0) = (0.6,2.05,0) instead, local y = 0.75t >= 1.5 > 1 all through the x slab: miss.
  EXPECT_TRUE(misses(raycast(ray({-4.4, -5.2, 3}, {0.6, 2.05, 0}), box, {})));
}

TEST(RaycastObb, ObliqueRotationWithIntegerColumns) {
  // Columns (2,2,-1)/3, (-1,2,2)/3, (2,-1,2)/3: orthonormal and right-handed (the first cross the second is the
  // third). Centre 0, half sizes (1,2,3). The world ray (-6,3,-6) + t(2,-1,2) is local (0,0,-9) + t(0,0,3): it
  // enters at local z = -3, t = 2, world point -(2,-1,2), normal -(2,-1,2)/3.
  Obb box;
  box.halfSize = {1, 2, 3};
  const double m[9] = {2. / 3, 2. / 3, -1. / 3, -1. / 3, 2. / 3, 2. / 3, 2. / 3, -1. / 3, 2. / 3};
  for (int i = 0; i < 9; ++i) box.rotation.m[i] = m[i];
  EXPECT_TRUE(hitIs(raycast(ray({-6, 3, -6}, {2, -1, 2}), box, {}), 2, {-2, 1, -2}, Vec3{-2, 1, -2} * (1. / 3)));
  // Local (0, 2 + 3/8, -9): one eighth beyond the local y half size, parallel to local z: miss. World: 2.375 times
  // the second column plus -9 times the third.
  const Vec3 origin = Vec3{-1, 2, 2} * (2.375 / 3) + Vec3{2, -1, 2} * (-9. / 3);
  EXPECT_TRUE(misses(raycast(ray(origin, {2, -1, 2}), box, {})));
}

TEST(RaycastObb, StartingInside) {
  // From the centre along u: solid, t = 0 and normal -u; not solid, it leaves at local x = 5, t = 5, (4,6,3), u.
  const Obb box = rotatedBox();
  EXPECT_TRUE(hitIs(raycast(ray(box.center, kU), box, solid(true)), 0, box.center, -kU));
  EXPECT_TRUE(hitIs(raycast(ray(box.center, kU), box, solid(false)), 5, {4, 6, 3}, kU));
}

TEST(RaycastObb, SegmentAndLine) {
  const Obb box = rotatedBox();
  // The first case of RotatedBoxFacesInItsLocalFrame as a segment (7,10,3) -> (1,2,3) (t = 1/2) and one stopping at
  // (5.5,8,3), short of (4,6,3); and as a line from the far point c - 10u = (-5,-6,3), where local x = -10 - 5t is
  // in [-5,5] for t in [-3,-1]: it enters through local x = 5 at t = -3.
  EXPECT_TRUE(hitIs(raycast(segment({7, 10, 3}, {1, 2, 3}), box, {}), 0.5, {4, 6, 3}, kU));
  EXPECT_TRUE(misses(raycast(segment({7, 10, 3}, {5.5, 8, 3}), box, {})));
  EXPECT_TRUE(hitIs(raycast(line({-5, -6, 3}, {-3, -4, 0}), box, {}), -3, {4, 6, 3}, kU));
  // A zero-length segment at a point inside (the centre) and outside (c + 6u).
  EXPECT_TRUE(hitsAt(raycast(segment(box.center, box.center), box, {}), 0));
  EXPECT_TRUE(misses(raycast(segment(box.center + kU * 6, box.center + kU * 6), box, {})));
}

// ---------------------------------------------------------------------------------------------------------------
// Cylinder

// Axis (0,0,0) -> (0,0,2), radius 1.
const Cylinder kCylinder{{0, 0, 0}, {0, 0, 2}, 1};

TEST(RaycastCylinder, SideHit) {
  // (-3,0,1) + t(1,0,0) reaches x = -1 at t = 2, normal -x.
  EXPECT_TRUE(hitIs(raycast(ray({-3, 0, 1}, {1, 0, 0}), kCylinder, {}), 2, {-1, 0, 1}, {-1, 0, 0}));
  // Radius 5 around (0,0,0) -> (0,0,4): (3,10,2) + t(0,-1,0) meets 9 + y^2 = 25 at y = 4, t = 6; normal (3,4,0)/5.
  const Cylinder wide{{0, 0, 0}, {0, 0, 4}, 5};
  EXPECT_TRUE(hitIs(raycast(ray({3, 10, 2}, {0, -1, 0}), wide, {}), 6, {3, 4, 2}, {0.6, 0.8, 0}, 1e-15));
}

TEST(RaycastCylinder, CapsWithAxisNormals) {
  // (0.5,0,5) + t(0,0,-1) reaches the end cap z = 2 at t = 3: normal +axis.
  EXPECT_TRUE(hitIs(raycast(ray({0.5, 0, 5}, {0, 0, -1}), kCylinder, {}), 3, {0.5, 0, 2}, {0, 0, 1}));
  // (0.5,0,-1) + t(0,0,2) reaches the start cap z = 0 at t = 1/2: normal -axis.
  EXPECT_TRUE(hitIs(raycast(ray({0.5, 0, -1}, {0, 0, 2}), kCylinder, {}), 0.5, {0.5, 0, 0}, {0, 0, -1}));
  // Oblique, (-1,0,4) + t(1,0,-2): |x| <= 1 for t in [0,2], 0 <= z <= 2 for t in [1,2]: enters the end cap at t = 1
  // at (0,0,2).
  EXPECT_TRUE(hitIs(raycast(ray({-1, 0, 4}, {1, 0, -2}), kCylinder, {}), 1, {0, 0, 2}, {0, 0, 1}));
}

TEST(RaycastCylinder, ParallelToTheAxis) {
  // Inside the infinite cylinder the cap is hit (above); outside (x = 2) it misses.
  EXPECT_TRUE(misses(raycast(ray({2, 0, -1}, {0, 0, 1}), kCylinder, {})));
  EXPECT_TRUE(misses(raycast(line({2, 0, -1}, {0, 0, 1}), kCylinder, {})));
  // On the side surface (x = 1) it touches: the start cap's rim at t = 1. Either face's normal is right there.
  Hit hit = raycast(ray({1, 0, -1}, {0, 0, 1}), kCylinder, {});
  EXPECT_TRUE(hitIsWithNormalOneOf(hit, 1, {1, 0, 0}, {0, 0, -1}, {1, 0, 0}));
  // On the side of the radius-5 cylinder at (3,4): |(3,4)| = 5 exactly.
  const Cylinder wide{{0, 0, 0}, {0, 0, 4}, 5};
  hit = raycast(ray({3, 4, -1}, {0, 0, 1}), wide, {});
  EXPECT_TRUE(hitIsWithNormalOneOf(hit, 1, {3, 4, 0}, {0, 0, -1}, {0.6, 0.8, 0}));
}

TEST(RaycastCylinder, TangentToTheSide) {
  // (1,-5,1) + t(0,1,0) stays at x = 1 = radius: it touches the side at (1,0,1), t = 5, normal +x.
  EXPECT_TRUE(hitIs(raycast(ray({1, -5, 1}, {0, 1, 0}), kCylinder, {}), 5, {1, 0, 1}, {1, 0, 0}));
  // 2^-20 further out: a miss.
  EXPECT_TRUE(misses(raycast(ray({1 + std::ldexp(1.0, -20), -5, 1}, {0, 1, 0}), kCylinder, {})));
  // In the plane of the end cap, z = 2: (-3,0,2) + t(1,0,0) touches at (-1,0,2), t = 2.
  const Hit hit = raycast(ray({-3, 0, 2}, {1, 0, 0}), kCylinder, {});
  EXPECT_TRUE(hitIsWithNormalOneOf(hit, 2, {-1, 0, 2}, {-1, 0, 0}, {0, 0, 1}));
}

TEST(RaycastCylinder, RimHits) {
  // (-2,0,3) + t(1,0,-1) passes (-1,0,2), the end cap's rim, at t = 1; it is inside for t in [1,3] (the side gives
  // [1,3], the caps [1,3]). Either the side's or the cap's normal is right at the rim.
  Hit hit = raycast(ray({-2, 0, 3}, {1, 0, -1}), kCylinder, {});
  EXPECT_TRUE(hitIsWithNormalOneOf(hit, 1, {-1, 0, 2}, {0, 0, 1}, {-1, 0, 0}));
  // (-2,0,-1) + t(1,0,1) passes the start cap's rim (-1,0,0) at t = 1.
  hit = raycast(ray({-2, 0, -1}, {1, 0, 1}), kCylinder, {});
  EXPECT_TRUE(hitIsWithNormalOneOf(hit, 1, {-1, 0, 0}, {0, 0, -1}, {-1, 0, 0}));
  // (-3,0,3) + t(1,0,-1) reaches x = -1 at t = 2 where z = 1 (the side), having been above the cap plane before.
  EXPECT_TRUE(hitIs(raycast(ray({-3, 0, 3}, {1, 0, -1}), kCylinder, {}), 2, {-1, 0, 1}, {-1, 0, 0}));
  // (-3,0,1) + t(1,0,1) is above z = 2 once x > -2, so it passes over the rim without entering.
  EXPECT_TRUE(misses(raycast(ray({-3, 0, 1}, {1, 0, 1}), kCylinder, {})));
}

TEST(RaycastCylinder, StartingInside) {
  // From (0,0,1) along +x: solid, t = 0 and normal -x; not solid, it leaves the side at t = 1, (1,0,1), normal +x.
  EXPECT_TRUE(hitIs(raycast(ray({0, 0, 1}, {1, 0, 0}), kCylinder, solid(true)), 0, {0, 0, 1}, {-1, 0, 0}));
  EXPECT_TRUE(hitIs(raycast(ray({0, 0, 1}, {1, 0, 0}), kCylinder, solid(false)), 1, {1, 0, 1}, {1, 0, 0}));
  // Along +z it leaves through the end cap at t = 1/2 (direction (0,0,2)).
  EXPECT_TRUE(hitIs(raycast(ray({0, 0, 1}, {0, 0, 2}), kCylinder, solid(false)), 0.5, {0, 0, 2}, {0, 0, 1}));
}

TEST(RaycastCylinder, SegmentLineAndMaxDistance) {
  // (-3,0,1) -> (-2,0,1) stops short; (-3,0,1) -> (5,0,1) (direction (8,0,0)) reaches x = -1 at t = 2/8.
  EXPECT_TRUE(misses(raycast(segment({-3, 0, 1}, {-2, 0, 1}), kCylinder, {})));
  EXPECT_TRUE(hitIs(raycast(segment({-3, 0, 1}, {5, 0, 1}), kCylinder, {}), 0.25, {-1, 0, 1}, {-1, 0, 0}));
  // A line (3,0,1) + t(1,0,0) enters at x = -1, t = -4.
  EXPECT_TRUE(hitIs(raycast(line({3, 0, 1}, {1, 0, 0}), kCylinder, {}), -4, {-1, 0, 1}, {-1, 0, 0}));
  EXPECT_TRUE(hitIs(raycast(ray({-3, 0, 1}, {1, 0, 0}), kCylinder, upTo(2)), 2, {-1, 0, 1}, {-1, 0, 0}));
  EXPECT_TRUE(misses(raycast(ray({-3, 0, 1}, {1, 0, 0}), kCylinder, upTo(1.5))));
  // A zero-length segment inside, on the rim, and outside.
  EXPECT_TRUE(hitsAt(raycast(segment({0, 0, 1}, {0, 0, 1}), kCylinder, {}), 0));
  EXPECT_TRUE(hitsAt(raycast(segment({-1, 0, 2}, {-1, 0, 2}), kCylinder, {}), 0));
  EXPECT_TRUE(misses(raycast(segment({0, 0, 3}, {0, 0, 3}), kCylinder, {})));
}

TEST(RaycastCylinder, ZeroRadiusIsItsAxisSegment) {
  const Cylinder needle{{0, 0, 0}, {0, 0, 2}, 0};
  // Across it: (-1,0,1) + t(1,0,0) meets the axis at t = 1.
  Hit hit = raycast(ray({-1, 0, 1}, {1, 0, 0}), needle, {});
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->t, 1);
  EXPECT_TRUE(near(hit->point, {0, 0, 1}, 0));
  EXPECT_NEAR(length(hit->normal), 1, 1e-15);
  // Along it: (0,0,-1) + t(0,0,1) reaches its start cap (a point) at t = 1.
  EXPECT_TRUE(hitIs(raycast(ray({0, 0, -1}, {0, 0, 1}), needle, {}), 1, {0, 0, 0}, {0, 0, -1}));
  // Beside it and beyond its end: misses.
  EXPECT_TRUE(misses(raycast(ray({-1, 0.5, 1}, {1, 0, 0}), needle, {})));
  EXPECT_TRUE(misses(raycast(ray({-1, 0, 3}, {1, 0, 0}), needle, {})));
}

// ---------------------------------------------------------------------------------------------------------------
// Capsule

// Axis (0,0,0) -> (0,0,10), radius 5: the side x^2 + y^2 = 25 for 0 <= z <= 10, the balls |p| = 5 and |p - (0,0,10)| = 5.
const Capsule kCapsule{{0, 0, 0}, {0, 0, 10}, 5};

TEST(RaycastCapsule, SideAndEndBalls) {
  // (-10,0,5) + t(1,0,0) reaches the side at x = -5: t = 5, normal -x.
  EXPECT_TRUE(hitIs(raycast(ray({-10, 0, 5}, {1, 0, 0}), kCapsule, {}), 5, {-5, 0, 5}, {-1, 0, 0}));
  // Along the axis from below: the start ball's pole (0,0,-5) at t = 10 (from z = -15 at speed 1), normal -z.
  EXPECT_TRUE(hitIs(raycast(ray({0, 0, -15}, {0, 0, 1}), kCapsule, {}), 10, {0, 0, -5}, {0, 0, -1}));
  // Parallel to the axis at distance 3 from it, from above: the end ball where 9 + (z - 10)^2 = 25, z = 14, t = 6
  // (from z = 20), normal (3,0,4)/5.
  EXPECT_TRUE(hitIs(raycast(ray({3, 0, 20}, {0, 0, -1}), kCapsule, {}), 6, {3, 0, 14}, {0.6, 0, 0.8}, 1e-15));
  // Across below the start: (-10,0,-3) + t(2,0,0) enters where x^2 + 9 = 25, x = -4: t = 3, normal (-4,0,-3)/5.
  EXPECT_TRUE(hitIs(raycast(ray({-10, 0, -3}, {2, 0, 0}), kCapsule, {}), 3, {-4, 0, -3}, {-0.8, 0, -0.6}, 1e-15));
  // Past the balls, beside the side, and moving away: misses.
  EXPECT_TRUE(misses(raycast(ray({-10, 0, -5.5}, {1, 0, 0}), kCapsule, {})));
  EXPECT_TRUE(misses(raycast(ray({-10, 5.5, 5}, {1, 0, 0}), kCapsule, {})));
  EXPECT_TRUE(misses(raycast(ray({-10, 0, 5}, {-1, 0, 0}), kCapsule, {})));
}

TEST(RaycastCapsule, TangentAtTheSeamWhereABallMeetsTheSide) {
  // (-10,5,0) + t(1,0,0) touches the capsule only at (0,5,0), on the circle where the start ball meets the side:
  // t = 10, normal +y.
  EXPECT_TRUE(hitIs(raycast(ray({-10, 5, 0}, {1, 0, 0}), kCapsule, {}), 10, {0, 5, 0}, {0, 1, 0}));
  // 2^-30 above the seam the caster grazes the side (x^2 + y^2 = 25 exactly, 0 < z): a touch at t = 10.
  const double above = std::ldexp(1.0, -30);
  EXPECT_TRUE(hitIs(raycast(ray({-10, 5, above}, {1, 0, 0}), kCapsule, {}), 10, {0, 5, above}, {0, 1, 0}));
  // 2^-30 below it the caster passes the start ball at distance sqrt(25 + 2^-60) > 5: a miss.
  EXPECT_TRUE(misses(raycast(ray({-10, 5, -above}, {1, 0, 0}), kCapsule, {})));
  // 2^-48 outside the side at the seam: a miss.
  EXPECT_TRUE(misses(raycast(ray({-10, 5 + std::ldexp(1.0, -48), 0}, {1, 0, 0}), kCapsule, {})));
  // The same at the end's seam, as a line going -x: touching (0,-5,10) at t = 10.
  EXPECT_TRUE(hitIs(raycast(line({10, -5, 10}, {-1, 0, 0}), kCapsule, {}), 10, {0, -5, 10}, {0, -1, 0}));
}

TEST(RaycastCapsule, GrazingABallExactly) {
  // (-10,3,-4) + t(1,0,0) passes the start ball's centre at distance |(3,-4)| = 5: a touch at (0,3,-4), t = 10.
  EXPECT_TRUE(hitIs(raycast(ray({-10, 3, -4}, {1, 0, 0}), kCapsule, {}), 10, {0, 3, -4}, {0, 0.6, -0.8}, 1e-15));
  // 2^-40 further out: 9 + (4 + 2^-40)^2 > 25, a miss.
  EXPECT_TRUE(misses(raycast(ray({-10, 3, -4 - std::ldexp(1.0, -40)}, {1, 0, 0}), kCapsule, {})));
}

TEST(RaycastCapsule, ParallelToTheAxis) {
  // At distance exactly 5 from the axis, from below: it touches the start ball at the seam, (5,0,0), at t = 7, and
  // runs along the side from there.
  EXPECT_TRUE(hitIs(raycast(ray({5, 0, -7}, {0, 0, 1}), kCapsule, {}), 7, {5, 0, 0}, {1, 0, 0}));
  // Starting on the side and running along it: inside (the side is a face it runs along), so solid hits at t = 0
  // and not solid leaves at the end's seam, (5,0,10), t = 8 from z = 2.
  EXPECT_TRUE(hitIs(raycast(ray({5, 0, 2}, {0, 0, 1}), kCapsule, solid(true)), 0, {5, 0, 2}, {0, 0, -1}));
  EXPECT_TRUE(hitIs(raycast(ray({5, 0, 2}, {0, 0, 1}), kCapsule, solid(false)), 8, {5, 0, 10}, {1, 0, 0}));
  // Just outside, the caster misses.
  EXPECT_TRUE(misses(raycast(ray({5 + std::ldexp(1.0, -49), 0, -7}, {0, 0, 1}), kCapsule, {})));
}

TEST(RaycastCapsule, StartingInside) {
  // From (3,0,5) along (0,2,0): solid, t = 0 with the normal opposing the direction; not solid, it leaves through
  // the side where 9 + 4t^2 = 25, t = 2, at (3,4,5).
  EXPECT_TRUE(hitIs(raycast(ray({3, 0, 5}, {0, 2, 0}), kCapsule, solid(true)), 0, {3, 0, 5}, {0, -1, 0}));
  EXPECT_TRUE(hitIs(raycast(ray({3, 0, 5}, {0, 2, 0}), kCapsule, solid(false)), 2, {3, 4, 5}, {0.6, 0.8, 0}, 1e-15));
  // From inside the end ball, (0,0,13), along +z: it leaves at the pole (0,0,15), t = 2.
  EXPECT_TRUE(hitIs(raycast(ray({0, 0, 13}, {0, 0, 1}), kCapsule, solid(false)), 2, {0, 0, 15}, {0, 0, 1}));
  // Entering the start ball from the side region: from (0,0,5) along (0,-3,-4) it leaves the start ball where
  // 9t^2 + (5 - 4t)^2 = 25, t = 40/25 = 1.6, at (0,-4.8,-1.4).
  EXPECT_TRUE(hitIs(raycast(ray({0, 0, 5}, {0, -3, -4}), kCapsule, solid(false)), 1.6, {0, -4.8, -1.4},
                    {0, -0.96, -0.28}, 1e-14));
  // The segment (3,0,5) -> (3,2,5) lies inside: solid, t = 0; not solid, it never leaves within t <= 1.
  EXPECT_TRUE(hitIs(raycast(segment({3, 0, 5}, {3, 2, 5}), kCapsule, solid(true)), 0, {3, 0, 5}, {0, -1, 0}));
  EXPECT_TRUE(misses(raycast(segment({3, 0, 5}, {3, 2, 5}), kCapsule, solid(false))));
}

TEST(RaycastCapsule, MaxDistanceExactlyAtTheSurface) {
  // The side at t = 5 and the start ball's pole at t = 10: a limit exactly there hits, an ulp less misses.
  EXPECT_TRUE(hitIs(raycast(ray({-10, 0, 5}, {1, 0, 0}), kCapsule, upTo(5)), 5, {-5, 0, 5}, {-1, 0, 0}));
  EXPECT_TRUE(misses(raycast(ray({-10, 0, 5}, {1, 0, 0}), kCapsule, upTo(std::nextafter(5.0, 0.0)))));
  EXPECT_TRUE(hitIs(raycast(ray({0, 0, -15}, {0, 0, 1}), kCapsule, upTo(10)), 10, {0, 0, -5}, {0, 0, -1}));
  EXPECT_TRUE(misses(raycast(ray({0, 0, -15}, {0, 0, 1}), kCapsule, upTo(std::nextafter(10.0, 0.0)))));
  // Leaving (not solid) from (3,0,5) along (0,2,0) at t = 2: a limit of 2 still sees it leave, an ulp less not.
  RaycastOptions leaving = solid(false);
  leaving.maxDistance = 2;
  EXPECT_TRUE(hitIs(raycast(ray({3, 0, 5}, {0, 2, 0}), kCapsule, leaving), 2, {3, 4, 5}, {0.6, 0.8, 0}, 1e-15));
  leaving.maxDistance = std::nextafter(2.0, 0.0);
  EXPECT_TRUE(misses(raycast(ray({3, 0, 5}, {0, 2, 0}), kCapsule, leaving)));
  // A segment ending exactly on the side touches at t = 1; a line enters at negative t.
  EXPECT_TRUE(hitIs(raycast(segment({-10, 0, 5}, {-5, 0, 5}), kCapsule, {}), 1, {-5, 0, 5}, {-1, 0, 0}));
  EXPECT_TRUE(hitIs(raycast(line({0, 0, 20}, {0, 0, 1}), kCapsule, {}), -25, {0, 0, -5}, {0, 0, -1}));
}

TEST(RaycastCapsule, EqualEndsAreABall) {
  // start == end: the ball of centre (1,2,3), radius 2, as raycast_sphere's ThroughTheCentre finds it.
  const Capsule ball{{1, 2, 3}, {1, 2, 3}, 2};
  EXPECT_TRUE(hitIs(raycast(ray({1, 2, -7}, {0, 0, 2}), ball, {}), 4, {1, 2, 1}, {0, 0, -1}));
  EXPECT_TRUE(hitIs(raycast(segment({1, 2, -7}, {1, 2, 13}), ball, {}), 0.4, {1, 2, 1}, {0, 0, -1}));
  // Grazing at distance exactly 2: (3,2,-7) + t(0,0,1) touches (3,2,3) at t = 10; an ulp further out misses.
  EXPECT_TRUE(hitIs(raycast(ray({3, 2, -7}, {0, 0, 1}), ball, {}), 10, {3, 2, 3}, {1, 0, 0}));
  EXPECT_TRUE(misses(raycast(ray({std::nextafter(3.0, 4.0), 2, -7}, {0, 0, 1}), ball, {})));
  // From the centre, not solid: it leaves at (1,2,5), t = 1.
  EXPECT_TRUE(hitIs(raycast(ray({1, 2, 3}, {0, 0, 2}), ball, solid(false)), 1, {1, 2, 5}, {0, 0, 1}));
  // A zero-length segment inside it is a point that stays in: solid t = 0, not solid a miss.
  EXPECT_TRUE(hitsAt(raycast(segment({1, 2, 4}, {1, 2, 4}), ball, solid(true)), 0));
  EXPECT_TRUE(misses(raycast(segment({1, 2, 4}, {1, 2, 4}), ball, solid(false))));
}

TEST(RaycastCapsule, ZeroRadiusIsItsSegment) {
  const Capsule needle{{0, 0, 0}, {0, 0, 2}, 0};
  // Across it: (-1,0,1) + t(1,0,0) meets it at t = 1; on the segment the normal is undefined, so it opposes the
  // direction.
  EXPECT_TRUE(hitIs(raycast(ray({-1, 0, 1}, {1, 0, 0}), needle, {}), 1, {0, 0, 1}, {-1, 0, 0}));
  // Along it: reaching its start at t = 1; starting on it and running along it, inside (solid: t = 0).
  EXPECT_TRUE(hitIs(raycast(ray({0, 0, -1}, {0, 0, 1}), needle, {}), 1, {0, 0, 0}, {0, 0, -1}));
  EXPECT_TRUE(hitIs(raycast(ray({0, 0, 1}, {0, 0, 1}), needle, {}), 0, {0, 0, 1}, {0, 0, -1}));
  // Through an end point obliquely, and beside it or beyond its end: misses for the latter.
  EXPECT_TRUE(hitIs(raycast(ray({-1, 0, 3}, {1, 0, -1}), needle, {}), 1, {0, 0, 2}, Vec3{-1, 0, 1} * (1 / std::sqrt(2.0))));
  EXPECT_TRUE(misses(raycast(ray({-1, 0.5, 1}, {1, 0, 0}), needle, {})));
  EXPECT_TRUE(misses(raycast(ray({-1, 0, 3}, {1, 0, 0}), needle, {})));
}

// ---------------------------------------------------------------------------------------------------------------
// Membership predicates for the solids and a marching reference, independent of the kernels.

// How far p lies outside a solid: <= 0 inside, 0 on its surface, positive outside and never more than the distance.
double excess(const Sphere& s, Vec3 p) { return length(p - s.center) - s.radius; }
double excess(const Aabb& b, Vec3 p) {
  double worst = -kInfinity;
  for (int i = 0; i < 3; ++i) {
    worst = std::fmax(worst, std::fmax(component(b.min, i) - component(p, i), component(p, i) - component(b.max, i)));
  }
  return worst;
}
double excess(const Obb& b, Vec3 p) {
  double worst = -kInfinity;
  for (int i = 0; i < 3; ++i) {
    worst = std::fmax(worst, std::fabs(dot(b.rotation.column(i), p - b.center)) - component(b.halfSize, i));
  }
  return worst;
}
double excess(const Cylinder& c, Vec3 p) {
  const double height = length(c.end - c.start);
  const Vec3 axis = (c.end - c.start) * (1 / height);
  const double along = dot(p - c.start, axis);
  const double radial = length(p - c.start - axis * along);
  return std::fmax(std::fmax(-along, along - height), radial - c.radius);
}

double excess(const Capsule& c, Vec3 p) {
  const Vec3 e = c.end - c.start;
  const double ee = dot(e, e), along = ee > 0 ? std::fmin(std::fmax(dot(p - c.start, e) / ee, 0.0), 1.0) : 0;
  return length(p - (c.start + e * along)) - c.radius;
}

// The first t >= 0 at which origin + t * direction is in the solid: marched in steps of `step` up to `end`, then the
// step where it first is inside bisected (a convex solid is one interval of t, so that step holds its entry).
template <class Solid>
std::optional<double> marchedEntry(const Solid& s, Vec3 origin, Vec3 direction, double step, double end) {
  if (excess(s, origin) <= 0) return 0.0;
  for (int i = 1; i * step <= end; ++i) {
    if (excess(s, pointAt(origin, direction, i * step)) > 0) continue;
    double outside = (i - 1) * step, inside = i * step;
    for (int k = 0; k < 200 && outside < inside; ++k) {
      const double middle = outside + (inside - outside) / 2;
      if (middle <= outside || middle >= inside) break;
      (excess(s, pointAt(origin, direction, middle)) <= 0 ? inside : outside) = middle;
    }
    return inside;
  }
  return std::nullopt;
}

TEST(RaycastCylinder, ObliqueAxisMatchesMarching) {
  // Axis (1,-1,0) -> (4,2,3), along (1,1,1); radius 1.25. Rays aimed at points well inside, so their chord is longer
  // than the marching step; the marched entry and the normal there (cap: +-axis, side: radial) are the reference.
  const Cylinder cylinder{{1, -1, 0}, {4, 2, 3}, 1.25};
  const Vec3 axis = Vec3{1, 1, 1} * (1 / std::sqrt(3.0));
  const Vec3 middle = (cylinder.start + cylinder.end) * 0.5;
  Random random(11);
  int checked = 0;
  while (checked < 400) {
    const Vec3 aim = middle + random.vector(-2.5, 2.5);
    if (excess(cylinder, aim) > -0.2) continue;
    const Vec3 origin = middle + random.vector(-8, 8);
    if (excess(cylinder, origin) <= 0.01) continue;
    const Vec3 direction = (aim - origin) * random.uniform(0.3, 3);
    const double speed = length(direction);
    const auto entry = marchedEntry(cylinder, origin, direction, 0.005 / speed, 30 / speed);
    ASSERT_TRUE(entry);
    const Hit hit = raycast(ray(origin, direction), cylinder, {});
    ASSERT_TRUE(hit) << "origin " << str(origin) << " direction " << str(direction);
    EXPECT_NEAR(hit->t * speed, *entry * speed, 1e-9) << "origin " << str(origin) << " direction " << str(direction);
    const Vec3 p = pointAt(origin, direction, *entry);
    const double along = dot(p - cylinder.start, axis), height = length(cylinder.end - cylinder.start);
    const Vec3 radial = p - cylinder.start - axis * along;
    const bool onStart = std::fabs(along) < 1e-6, onEnd = std::fabs(along - height) < 1e-6;
    const bool onSide = std::fabs(length(radial) - cylinder.radius) < 1e-6;
    if (onSide && !onStart && !onEnd) {
      EXPECT_TRUE(near(hit->normal, radial * (1 / length(radial)), 1e-9));
    } else if (onStart && !onSide) {
      EXPECT_TRUE(near(hit->normal, -axis, 1e-12));
    } else if (onEnd && !onSide) {
      EXPECT_TRUE(near(hit->normal, axis, 1e-12));
    }
    ++checked;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Properties over random inputs. Shapes and caster origins have coordinates on a 1/64 grid, so that translating
// everything by an integer vector changes no difference the kernels take: the results must then be identical.

Vec3 onGrid(Vec3 v) { return {std::round(v.x * 64) / 64, std::round(v.y * 64) / 64, std::round(v.z * 64) / 64}; }

template <class Shape>
Shape randomShape(Random& random);
template <>
Plane randomShape<Plane>(Random& random) {
  Vec3 normal;
  while (isZero(normal)) normal = random.integerVector(-4, 4);
  return {normal, std::round(random.uniform(-8, 8) * 64) / 64};
}
template <>
Triangle randomShape<Triangle>(Random& random) {
  return {onGrid(random.vector(-3, 3)), onGrid(random.vector(-3, 3)), onGrid(random.vector(-3, 3))};
}
template <>
Sphere randomShape<Sphere>(Random& random) {
  return {onGrid(random.vector(-2, 2)), random.uniform(0.1, 2)};
}
template <>
Aabb randomShape<Aabb>(Random& random) {
  const Vec3 min = onGrid(random.vector(-2, 2));
  return {min, min + onGrid(random.vector(0.1, 3))};
}
template <>
Obb randomShape<Obb>(Random& random) {
  Obb box;
  box.center = onGrid(random.vector(-2, 2));
  box.halfSize = random.vector(0.1, 1.5);
  box.rotation = random.rotation();
  return box;
}
template <>
Cylinder randomShape<Cylinder>(Random& random) {
  const Vec3 start = onGrid(random.vector(-2, 2));
  Vec3 axis;
  while (lengthSquared(axis) < 0.25) axis = onGrid(random.vector(-3, 3));
  return {start, start + axis, random.uniform(0.1, 1.5)};
}

template <>
Capsule randomShape<Capsule>(Random& random) {
  const Vec3 start = onGrid(random.vector(-2, 2));
  const Vec3 axis = random.integer(0, 4) ? onGrid(random.vector(-3, 3)) : Vec3{};  // sometimes a ball
  return {start, start + axis, random.uniform(0.1, 1.5)};
}

Vec3 middle(const Plane& p) { return p.normal * (-p.constant / lengthSquared(p.normal)); }
Vec3 middle(const Triangle& t) { return (t.a + t.b + t.c) * (1.0 / 3); }
Vec3 middle(const Sphere& s) { return s.center; }
Vec3 middle(const Aabb& b) { return center(b); }
Vec3 middle(const Obb& b) { return b.center; }
Vec3 middle(const Cylinder& c) { return (c.start + c.end) * 0.5; }
Vec3 middle(const Capsule& c) { return (c.start + c.end) * 0.5; }

Plane translated(Plane p, Vec3 by) {
  p.constant -= dot(p.normal, by);  // n.(x - by) + c = 0
  return p;
}
Triangle translated(Triangle t, Vec3 by) { return {t.a + by, t.b + by, t.c + by}; }
Sphere translated(Sphere s, Vec3 by) { return {s.center + by, s.radius}; }
Aabb translated(Aabb b, Vec3 by) { return {b.min + by, b.max + by}; }
Obb translated(Obb b, Vec3 by) {
  b.center = b.center + by;
  return b;
}
Cylinder translated(Cylinder c, Vec3 by) { return {c.start + by, c.end + by, c.radius}; }
Capsule translated(Capsule c, Vec3 by) { return {c.start + by, c.end + by, c.radius}; }

// A random caster's origin and direction, the direction aimed near the shape (about half hit) with a random length.
struct Aim {
  Vec3 origin, direction;
};
template <class Shape>
Aim randomAim(Random& random, const Shape& shape) {
  const Vec3 origin = onGrid(random.vector(-6, 6));
  Vec3 direction;
  while (isZero(direction)) direction = (middle(shape) + random.vector(-2.5, 2.5) - origin) * random.uniform(0.2, 3);
  return {origin, direction};
}

template <class Shape>
class RaycastEveryTarget : public ::testing::Test {};
using Targets = ::testing::Types<Plane, Triangle, Sphere, Aabb, Obb, Cylinder, Capsule>;
TYPED_TEST_SUITE(RaycastEveryTarget, Targets);

template <class Solid>
class RaycastSolidTarget : public ::testing::Test {};
using Solids = ::testing::Types<Sphere, Aabb, Obb, Cylinder, Capsule>;
TYPED_TEST_SUITE(RaycastSolidTarget, Solids);

TYPED_TEST(RaycastEveryTarget, InvariantUnderIntegerTranslation) {
  Random random(101);
  for (int i = 0; i < 3000; ++i) {
    const TypeParam shape = randomShape<TypeParam>(random);
    const Aim aim = randomAim(random, shape);
    const Vec3 by = random.integerVector(-1000, 1000);
    for (const bool isLine : {false, true}) {
      const Caster caster = isLine ? line(aim.origin, aim.direction) : ray(aim.origin, aim.direction);
      const Caster moved = isLine ? line(aim.origin + by, aim.direction) : ray(aim.origin + by, aim.direction);
      const Hit hit = raycast(caster, shape, {});
      const Hit movedHit = raycast(moved, translated(shape, by), {});
      ASSERT_EQ(bool(hit), bool(movedHit)) << "case " << i;
      if (!hit) continue;
      EXPECT_EQ(hit->t, movedHit->t) << "case " << i;
      EXPECT_TRUE(near(movedHit->point, hit->point + by, 1e-9)) << "case " << i;
      EXPECT_TRUE(near(movedHit->normal, hit->normal, 1e-9)) << "case " << i;
      EXPECT_EQ(hit->u, movedHit->u);
      EXPECT_EQ(hit->v, movedHit->v);
    }
  }
}

TYPED_TEST(RaycastEveryTarget, RaySegmentAndLineAgree) {
  // The segment o -> o + 4d covers the ray's t in [0, 4] with t_segment = t_ray / 4. A line's points at t >= 0 are
  // the ray's, and every target is convex, so a ray's hit at t > 0 is the line's first hit and vice versa.
  Random random(202);
  int hits = 0;
  for (int i = 0; i < 3000; ++i) {
    const TypeParam shape = randomShape<TypeParam>(random);
    const Aim aim = randomAim(random, shape);
    const Hit viaRay = raycast(ray(aim.origin, aim.direction), shape, {});
    const Hit viaSegment = raycast(segment(aim.origin, aim.origin + aim.direction * 4), shape, {});
    const Hit viaLine = raycast(line(aim.origin, aim.direction), shape, {});
    if (viaRay && viaRay->t < 4 * (1 - 1e-9)) {
      ++hits;
      ASSERT_TRUE(viaSegment) << "case " << i << ", ray t = " << viaRay->t;
      EXPECT_NEAR(viaSegment->t, viaRay->t / 4, 1e-9) << "case " << i;
      EXPECT_TRUE(near(viaSegment->point, viaRay->point, 1e-9)) << "case " << i;
      EXPECT_TRUE(near(viaSegment->normal, viaRay->normal, 1e-6)) << "case " << i;
    } else if (!viaRay || viaRay->t > 4 * (1 + 1e-9)) {
      EXPECT_TRUE(misses(viaSegment)) << "case " << i;
    }
    if (viaRay && viaRay->t > 0) {
      ASSERT_TRUE(viaLine) << "case " << i;
      EXPECT_NEAR(viaLine->t, viaRay->t, 1e-9 * viaRay->t) << "case " << i;
      EXPECT_TRUE(near(viaLine->normal, viaRay->normal, 1e-9)) << "case " << i;
    }
    if (viaLine && viaLine->t > 0) {
      ASSERT_TRUE(viaRay) << "case " << i;
      EXPECT_NEAR(viaRay->t, viaLine->t, 1e-9 * viaLine->t) << "case " << i;
    }
  }
  EXPECT_GT(hits, 300);
}

TYPED_TEST(RaycastSolidTarget, FirstHitMatchesMarching) {
  // Marching finds the entry whenever the chord is longer than its step; whatever the kernel reports must be on the
  // surface with an outward normal facing the caster, or (t = 0) the start inside with the normal opposing the
  // direction.
  Random random(303);
  int entries = 0, misses = 0;
  for (int i = 0; i < 2000; ++i) {
    const TypeParam shape = randomShape<TypeParam>(random);
    const Aim aim = randomAim(random, shape);
    const double speed = length(aim.direction);
    const auto entry = marchedEntry(shape, aim.origin, aim.direction, 0.02 / speed, 30 / speed);
    const Hit hit = raycast(ray(aim.origin, aim.direction), shape, {});
    SCOPED_TRACE("case " + std::to_string(i) + ": origin " + str(aim.origin) + ", direction " + str(aim.direction));
    if (entry) {
      ASSERT_TRUE(hit);
      EXPECT_NEAR(hit->t * speed, *entry * speed, 1e-7);
    }
    if (!hit) {
      ++misses;
      continue;
    }
    EXPECT_TRUE(near(hit->point, pointAt(aim.origin, aim.direction, hit->t), 1e-12));
    EXPECT_NEAR(length(hit->normal), 1, 1e-12);
    if (hit->t > 0) {
      ++entries;
      EXPECT_NEAR(excess(shape, hit->point), 0, 1e-9);
      EXPECT_LE(dot(hit->normal, aim.direction), 1e-12 * speed);
      EXPECT_GT(excess(shape, hit->point + hit->normal * 1e-6), 0);
    } else {
      EXPECT_EQ(hit->t, 0);
      EXPECT_LE(excess(shape, aim.origin), 1e-9);
      EXPECT_TRUE(near(hit->normal, aim.direction * (-1 / speed), 1e-12));
    }
  }
  EXPECT_GT(entries, 300);
  EXPECT_GT(misses, 300);
}

TYPED_TEST(RaycastSolidTarget, NotSolidReportsTheExitFromInside) {
  // From a point inside, a ray leaves a bounded solid at the t where marching backwards from far away re-enters it.
  Random random(404);
  int checked = 0;
  for (int i = 0; i < 4000 && checked < 1000; ++i) {
    const TypeParam shape = randomShape<TypeParam>(random);
    const Vec3 origin = middle(shape) + random.vector(-1, 1);
    if (excess(shape, origin) > -1e-3) continue;
    const Vec3 direction = random.vector(-1, 1) * random.uniform(0.2, 3);
    const double speed = length(direction);
    if (speed < 1e-3) continue;
    ++checked;
    SCOPED_TRACE("case " + std::to_string(i) + ": origin " + str(origin) + ", direction " + str(direction));
    const Hit inside = raycast(ray(origin, direction), shape, solid(true));
    EXPECT_TRUE(hitIs(inside, 0, origin, direction * (-1 / speed)));
    const Hit exit = raycast(ray(origin, direction), shape, solid(false));
    ASSERT_TRUE(exit);
    // Marching back from origin + (20/speed) d, past the origin (the solid holds a neighbourhood of it), the first
    // entry is the forward exit.
    const Vec3 far = pointAt(origin, direction, 20 / speed);
    const auto back = marchedEntry(shape, far, -direction, 0.02 / speed, 40 / speed);
    ASSERT_TRUE(back);
    EXPECT_NEAR(exit->t * speed, 20 - *back * speed, 1e-7);
    EXPECT_NEAR(excess(shape, exit->point), 0, 1e-9);
    EXPECT_NEAR(length(exit->normal), 1, 1e-12);
    EXPECT_GE(dot(exit->normal, direction), -1e-12 * speed);
    EXPECT_GT(excess(shape, exit->point + exit->normal * 1e-6), 0);
  }
  EXPECT_EQ(checked, 1000);
}

TEST(RaycastProperties, TriangleMatchesPlaneCrossingAndSameSideTest) {
  // Reference: the plane crossing t = n.(a - o) / n.d, then barycentrics of its point from cross products
  // (u = n.((p - a) x (c - a)) / n.n, v = n.((b - a) x (p - a)) / n.n). Cases within 1e-9 of an edge, nearly
  // parallel, or nearly at t = 0, are left out: there the reference's own rounding could decide.
  Random random(505);
  int hits = 0, culled = 0, missesCount = 0;
  for (int i = 0; i < 5000; ++i) {
    const Triangle tri = randomShape<Triangle>(random);
    const Vec3 e1 = tri.b - tri.a, e2 = tri.c - tri.a, n = cross(e1, e2);
    const double nn = dot(n, n);
    if (nn < 1e-3) continue;
    const Vec3 origin = onGrid(random.vector(-6, 6));
    const double wu = random.uniform(-0.3, 1.3), wv = random.uniform(-0.3, 1.3);
    const Vec3 direction = (tri.a + e1 * wu + e2 * wv - origin) * random.uniform(0.2, 3);
    const double rate = dot(n, direction);
    if (std::fabs(rate) < 1e-6 * std::sqrt(nn) * length(direction)) continue;
    const double t = dot(n, tri.a - origin) / rate;
    const Vec3 p = pointAt(origin, direction, t);
    const double u = dot(n, cross(p - tri.a, e2)) / nn, v = dot(n, cross(e1, p - tri.a)) / nn;
    if (std::fmin(std::fmin(std::fabs(u), std::fabs(v)), std::fabs(1 - u - v)) < 1e-9 || std::fabs(t) < 1e-9) continue;
    const bool expectHit = t > 0 && u > 0 && v > 0 && u + v < 1;
    const Hit hit = raycast(ray(origin, direction), tri, {});
    const Hit culledHit = raycast(ray(origin, direction), tri, culling());
    SCOPED_TRACE("case " + std::to_string(i));
    ASSERT_EQ(bool(hit), expectHit);
    if (!expectHit) {
      ++missesCount;
      EXPECT_TRUE(misses(culledHit));
      continue;
    }
    ++hits;
    EXPECT_NEAR(hit->t, t, 1e-9 * (1 + t));
    EXPECT_TRUE(near(hit->point, p, 1e-9));
    EXPECT_NEAR(hit->u, u, 1e-9);
    EXPECT_NEAR(hit->v, v, 1e-9);
    const Vec3 facing = n * ((rate < 0 ? 1 : -1) / std::sqrt(nn));
    EXPECT_TRUE(near(hit->normal, facing, 1e-12));
    EXPECT_EQ(hit->frontFace, rate < 0);
    EXPECT_EQ(bool(culledHit), rate < 0);
    culled += rate > 0;
  }
  EXPECT_GT(hits, 500);
  EXPECT_GT(culled, 200);
  EXPECT_GT(missesCount, 500);
}

TEST(RaycastProperties, PlaneHitIsOnThePlaneFacingTheCaster) {
  // A ray misses a plane exactly when it starts off it and moves away from it (or parallel to it); its hit is on the
  // plane and the normal is the unit normal on the caster's side.
  Random random(606);
  int hits = 0;
  for (int i = 0; i < 5000; ++i) {
    const Plane plane{random.vector(-1, 1), random.uniform(-3, 3)};
    const double normalLength = length(plane.normal);
    const Vec3 origin = random.vector(-6, 6), direction = random.vector(-2, 2);
    const double start = (dot(plane.normal, origin) + plane.constant) / normalLength;
    const double rate = dot(plane.normal, direction) / normalLength;
    const Hit hit = raycast(ray(origin, direction), plane, {});
    SCOPED_TRACE("case " + std::to_string(i));
    ASSERT_EQ(bool(hit), start * rate < 0);
    if (!hit) continue;
    ++hits;
    EXPECT_GE(hit->t, 0);
    EXPECT_NEAR((dot(plane.normal, hit->point) + plane.constant) / normalLength, 0, 1e-9);
    EXPECT_TRUE(near(hit->normal, plane.normal * ((start > 0 ? 1 : -1) / normalLength), 1e-12));
  }
  EXPECT_GT(hits, 1000);
}

}  // namespace
}  // namespace c3d
