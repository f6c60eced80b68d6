// The GJK/EPA trace (queries/trace/gjk_trace.h): watching changes nothing (the same answer, bit for bit, as the
// unwatched GJK and EPA), and every step recorded is what the algorithm claims, checked from its own parts: each
// support point is a farthest corner along its direction (brute force over the corners), each simplex's weights
// rebuild its nearest point, the bounds bracket the true distance (by hand), and each EPA polytope is a closed
// surface (every edge shared by two faces, in opposite directions) whose nearest face is the one named.
#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

#include "collide3d/queries/contact/epa.h"
#include "collide3d/queries/trace/gjk_trace.h"
#include "gjk_oracles.h"
#include "test_support.h"

namespace c3d {
namespace {

using namespace testing;

Aabb cube(Vec3 center, double half) { return {center - Vec3{half, half, half}, center + Vec3{half, half, half}}; }

// The farthest extent of the box's corners along d, by brute force.
double farthest(const Aabb& box, Vec3 d) {
  double best = -INFINITY;
  for (int i = 0; i < 8; ++i) {
    const Vec3 corner{i & 1 ? box.max.x : box.min.x, i & 2 ? box.max.y : box.min.y, i & 4 ? box.max.z : box.min.z};
    best = std::max(best, dot(corner, d));
  }
  return best;
}

// What every GJK step must satisfy for boxes a and b whose distance is `distance`.
void expectStepsHold(const GjkTrace& trace, const Aabb& a, const Aabb& b, double distance) {
  ASSERT_FALSE(trace.steps.empty());
  EXPECT_TRUE(isZero(trace.steps[0].direction));  // the start
  double lastUpper = INFINITY;
  for (size_t k = 0; k < trace.steps.size(); ++k) {
    const GjkTraceStep& step = trace.steps[k];
    SCOPED_TRACE(k);
    EXPECT_EQ(step.support.point, step.support.onA - step.support.onB);
    if (k > 0) {  // the support of A along d and of B along -d
      EXPECT_EQ(dot(step.support.onA, step.direction), farthest(a, step.direction));
      EXPECT_EQ(dot(step.support.onB, -step.direction), farthest(b, -step.direction));
    }
    Vec3 rebuilt{};
    double sum = 0;
    ASSERT_GE(step.count, 1);
    ASSERT_LE(step.count, 4);
    for (int i = 0; i < step.count; ++i) rebuilt = rebuilt + step.simplex[i].point * step.weights[i], sum += step.weights[i];
    EXPECT_NEAR(sum, 1, 1e-15);
    EXPECT_NEAR(length(rebuilt - step.closest), 0, 1e-14);
    EXPECT_NEAR(step.upper, length(step.closest), 1e-15);
    EXPECT_LE(step.upper, lastUpper);  // |v| never grows
    EXPECT_LE(step.lower, distance + 1e-15);
    EXPECT_GE(step.upper, distance - 1e-15);
    lastUpper = step.upper;
  }
}

TEST(GjkTrace, BoxesApartConvergeOnTheGapWithBoundsBracketingIt) {
  // Unit half-size cubes 3 apart in x and 0.5 in y: the faces x = 1 and x = 2 face each other, a gap of 1.
  const Aabb a = cube({0, 0, 0}, 1), b = cube({3, 0.5, 0}, 1);
  GjkTrace trace;
  ASSERT_TRUE(traceGjk(coreOf(a), coreOf(b), trace));
  expectStepsHold(trace, a, b, 1);
  EXPECT_TRUE(trace.stop == GjkStop::Converged || trace.stop == GjkStop::Repeated);
  EXPECT_EQ(trace.near.distance, 1);
  EXPECT_EQ(trace.steps.back().upper, 1);
  EXPECT_FALSE(trace.meets);
  EXPECT_TRUE(trace.epaSteps.empty());
  EXPECT_TRUE(trace.epaVertices.empty());
}

// Each edge of the polytope's faces appears once in each direction: a closed, consistently oriented surface.
void expectClosed(const int* faces, int faceCount) {
  std::map<std::pair<int, int>, int> edges;
  for (int f = 0; f < faceCount; ++f) {
    for (int i = 0; i < 3; ++i) ++edges[{faces[3 * f + i], faces[3 * f + (i + 1) % 3]}];
  }
  for (const auto& [edge, count] : edges) {
    EXPECT_EQ(count, 1);
    EXPECT_EQ(edges.count({edge.second, edge.first}), 1u);
  }
}

TEST(GjkTrace, OverlappingBoxesReachTheOriginThenEpaFindsTheDepth) {
  // Cubes of half size 1 centred 1.5 apart in x (and 0.25 in y, 0.125 in z): they overlap by 0.5 in x, 1.75 in y,
  // 1.875 in z, so the least push is 0.5 along +x.
  const Aabb a = cube({0, 0, 0}, 1), b = cube({1.5, 0.25, 0.125}, 1);
  GjkTrace trace;
  ASSERT_TRUE(traceGjk(coreOf(a), coreOf(b), trace));
  expectStepsHold(trace, a, b, 0);
  EXPECT_EQ(trace.stop, GjkStop::Origin);
  EXPECT_TRUE(trace.meets);
  ASSERT_FALSE(trace.epaSteps.empty());
  for (size_t k = 0; k < trace.epaSteps.size(); ++k) {
    SCOPED_TRACE(k);
    const EpaTraceStep& step = trace.epaSteps[k];
    const int faceCount = static_cast<int>(step.faceCount);
    ASSERT_GE(faceCount, 4);
    ASSERT_LE(step.faceStart + 3 * faceCount, trace.epaFaces.size());
    const int* faces = trace.epaFaces.data() + static_cast<size_t>(step.faceStart);
    expectClosed(faces, faceCount);
    // Each face's plane distance from its vertices; the nearest named is the least, and its normal is outward
    // (every vertex on or behind its plane).
    double least = INFINITY;
    for (int f = 0; f < faceCount; ++f) {
      const Vec3 p = trace.epaVertices[faces[3 * f]].point, q = trace.epaVertices[faces[3 * f + 1]].point,
                 r = trace.epaVertices[faces[3 * f + 2]].point;
      const Vec3 n = unitDirection(cross(q - p, r - p));
      least = std::min(least, dot(n, p));
      for (int v = 0; v < static_cast<int>(step.vertexCount); ++v) {
        EXPECT_LE(dot(n, trace.epaVertices[v].point - p), 1e-12);
      }
    }
    EXPECT_NEAR(step.distance, least, 1e-14);
    const int* nearest = faces + 3 * step.nearest;
    const Vec3 p = trace.epaVertices[nearest[0]].point;
    EXPECT_NEAR(dot(step.normal, p), step.distance, 1e-14);
    EXPECT_NEAR(dot(step.support.point, step.normal), farthest(a, step.normal) - (-farthest(b, -step.normal)), 1e-14);
  }
  EXPECT_NEAR(trace.contact.depth, 0.5, 1e-12);
  EXPECT_NEAR(length(trace.contact.normal - Vec3{1, 0, 0}), 0, 1e-12);
  EXPECT_NEAR(trace.epaSteps.back().depth, 0.5, 1e-12);
}

TEST(GjkTrace, WatchingChangesNoAnswer) {
  // Every pair of core kinds, half of them sharing a point and half likely apart.
  Random random(20261125);
  for (int round = 0; round < cases(2000); ++round) {
    const CoreKind ka = kCoreKinds[random.integer(0, 9)], kb = kCoreKinds[random.integer(0, 9)];
    const Vec3 p = random.vector(-1, 1), q = round % 2 == 0 ? p : p + random.vector(-3, 3);
    const ConvexCore a = randomCoreContaining(random, ka, p, 1), b = randomCoreContaining(random, kb, q, 1);
    GjkTrace trace;
    ASSERT_TRUE(traceGjk(a, b, trace));
    const GjkResult alone = gjk(a, b);
    EXPECT_EQ(trace.near.onA, alone.onA);
    EXPECT_EQ(trace.near.onB, alone.onB);
    EXPECT_EQ(trace.near.lower, alone.lower);
    EXPECT_EQ(trace.steps.back().upper, length(trace.steps.back().closest));
    EXPECT_EQ(trace.meets, alone.distance <= a.radius + b.radius);
    if (!trace.meets) continue;
    const Contact unwatched = epaContact(a, b, alone);
    EXPECT_EQ(trace.contact.normal, unwatched.normal);
    EXPECT_EQ(trace.contact.depth, unwatched.depth);
    EXPECT_EQ(trace.contact.pointA, unwatched.pointA);
  }
}

TEST(GjkTrace, RoundedCoresReportTheirRadiiAndTheCoreDistance) {
  // Spheres are point cores: centres 5 apart with radii 1 and 2 leave the cores 5 apart and the shapes 2.
  const ConvexCore a = coreOf(Sphere{{0, 0, 0}, 1}), b = coreOf(Sphere{{3, 4, 0}, 2});
  GjkTrace trace;
  ASSERT_TRUE(traceGjk(a, b, trace));
  EXPECT_EQ(trace.near.distance, 5);
  EXPECT_FALSE(trace.meets);
  // Radii 3 and 2.5 make them meet by 0.5 along (3, 4, 0) / 5, with no polytope: the cores are apart.
  const ConvexCore c = coreOf(Sphere{{0, 0, 0}, 3}), d = coreOf(Sphere{{3, 4, 0}, 2.5});
  ASSERT_TRUE(traceGjk(c, d, trace));
  EXPECT_TRUE(trace.meets);
  EXPECT_NEAR(trace.contact.depth, 0.5, 1e-15);
  EXPECT_NEAR(length(trace.contact.normal - Vec3{0.6, 0.8, 0}), 0, 1e-15);
  EXPECT_TRUE(trace.epaSteps.empty());
}

}  // namespace
}  // namespace c3d
