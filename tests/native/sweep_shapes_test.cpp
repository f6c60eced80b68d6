// sweepShape for every moving shape (point, segment, sphere, capsule, aabb, obb) against every target (point,
// segment, triangle, plane, sphere, capsule, cylinder, aabb, obb): first contacts derived by hand for each method
// (face, edge and vertex contacts of the rounded casts, the separating axes' faces, the conservative advancement's
// side, cap), touching at the start, exact grazing touches and misses; then random fast motions checked against a
// reference found another way: the first t at which the moved shape meets the target, by dense sampling and
// bisection on the intersects table's exact answer (GJK's distance for the pairs the table lacks).
#include "collide3d/queries/sweep/sweep.h"

#include <cmath>
#include <optional>
#include <string>

#include "collide3d/dispatch/encoded.h"
#include "moved_shapes.h"
#include "query_checks.h"
#include "random_sweep_shapes.h"

namespace c3d {
namespace {

using testing::contactIs;
using testing::noContact;
using testing::near;
using testing::Random;
using testing::randomShape;

const Triangle kFloor{{-5, -5, 0}, {5, -5, 0}, {0, 5, 0}};

TEST(SweepShapes, SphereAgainstPointsSegmentsAndBalls) {
  // Centre x = 10t reaches 3 (two radii from (5,0,0)) at t = 0.3; they touch at (4,0,0).
  EXPECT_TRUE(contactIs(sweepShape(Sphere{{0, 0, 0}, 1}, {10, 0, 0}, Sphere{{5, 0, 0}, 1}), 0.3, {4, 0, 0}, {-1, 0, 0}));
  EXPECT_TRUE(contactIs(sweepShape(Sphere{{0, 0, 0}, 1}, {4, 0, 0}, Point{{3, 0, 0}}), 0.5, {3, 0, 0}, {-1, 0, 0}));
  // Centre y = 4t reaches 2, one radius below the segment y = 3, at t = 1/2.
  EXPECT_TRUE(contactIs(sweepShape(Sphere{{0, 0, 0}, 1}, {0, 4, 0}, Segment{{-5, 3, 0}, {5, 3, 0}}), 0.5, {0, 3, 0},
                        {0, -1, 0}));
  // Radii 1 + 0.5: the centre reaches y = 1.5 at t = 3/8; the contact is the capsule's surface, 0.5 below its axis.
  EXPECT_TRUE(contactIs(sweepShape(Sphere{{0, 0, 0}, 1}, {0, 4, 0}, Capsule{{-5, 3, 0}, {5, 3, 0}, 0.5}), 0.375,
                        {0, 2.5, 0}, {0, -1, 0}));
}

TEST(SweepShapes, SphereAgainstATrianglesFaceEdgeAndVertex) {
  EXPECT_TRUE(contactIs(sweepShape(Sphere{{0, 0, 5}, 1}, {0, 0, -8}, kFloor), 0.5, {0, 0, 0}, {0, 0, 1}));
  const Triangle corner{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}};
  // Edge y = 0: the centre's y = -5 + 8t reaches -1 at t = 1/2.
  EXPECT_TRUE(contactIs(sweepShape(Sphere{{2, -5, 0}, 1}, {0, 8, 0}, corner), 0.5, {2, 0, 0}, {0, -1, 0}));
  // Vertex (0,0,0) along the diagonal: distance 3 sqrt 2 - 4 sqrt 2 t = 1 at t = 3/4 - 1/(4 sqrt 2).
  const double s = 1 / std::sqrt(2.0);
  EXPECT_TRUE(contactIs(sweepShape(Sphere{{-3, -3, 0}, 1}, {4, 4, 0}, corner), 0.75 - s / 4, {0, 0, 0}, {-s, -s, 0}));
}

TEST(SweepShapes, CapsuleAgainstTrianglesAndCapsules) {
  // A level capsule dropping onto the floor: its underside (z = 3 - 0.5 - 5t) reaches 0 at t = 1/2.
  const auto onFloor = sweepShape(Capsule{{-1, 0, 3}, {1, 0, 3}, 0.5}, {0, 0, -5}, kFloor);
  ASSERT_TRUE(onFloor);
  EXPECT_NEAR(onFloor->t, 0.5, 1e-12);
  EXPECT_NEAR(onFloor->point.z, 0, 1e-12);
  EXPECT_TRUE(near(onFloor->normal, {0, 0, 1}));
  // Crossed capsules: axes 3 - 4t apart reach the radii's sum 1 at t = 1/2; the contact is on the target's surface.
  EXPECT_TRUE(contactIs(sweepShape(Capsule{{-1, 0, 0}, {1, 0, 0}, 0.5}, {0, 0, 4}, Capsule{{0, -1, 3}, {0, 1, 3}, 0.5}),
                        0.5, {0, 0, 2.5}, {0, 0, -1}));
  // A capsule's end cap meeting a triangle's edge head on: end (0,0,2) moving along -x... the end ball's centre
  // x = 6 - 8t reaches 4 + 1 at t = 1/8, touching the edge x = 4 of the triangle (0,0,2) (4,-2,2) (4,2,2).
  EXPECT_TRUE(contactIs(sweepShape(Capsule{{6, 0, 2}, {10, 0, 2}, 1}, {-8, 0, 0}, Triangle{{0, 0, 2}, {4, -2, 2}, {4, 2, 2}}),
                        0.125, {4, 0, 2}, {1, 0, 0}));
}

TEST(SweepShapes, BoxesAgainstBoxesTrianglesPlanesAndBalls) {
  // Faces: the moving box's x = 1 + 4t reaches 3 at t = 1/2.
  const auto boxes = sweepShape(Aabb{{0, 0, 0}, {1, 1, 1}}, {4, 0, 0}, Aabb{{3, 0.5, 0.5}, {4, 2, 2}});
  ASSERT_TRUE(boxes);
  EXPECT_NEAR(boxes->t, 0.5, 1e-12);
  EXPECT_TRUE(near(boxes->normal, {-1, 0, 0}));
  EXPECT_NEAR(boxes->point.x, 3, 1e-12);
  EXPECT_TRUE(boxes->point.y >= 0.5 - 1e-12 && boxes->point.y <= 1 + 1e-12);
  const auto onTriangle = sweepShape(Aabb{{-1, -1, 2}, {1, 1, 4}}, {0, 0, -4}, kFloor);
  ASSERT_TRUE(onTriangle);
  EXPECT_NEAR(onTriangle->t, 0.5, 1e-12);
  EXPECT_TRUE(near(onTriangle->normal, {0, 0, 1}));
  EXPECT_NEAR(onTriangle->point.z, 0, 1e-12);
  // An OBB turned 45 degrees about z reaches sqrt 2 along x: its corner meets the plane x = 5 at t = (5 - sqrt 2)/10.
  const double c = 1 / std::sqrt(2.0);
  Obb turned{{0, 0, 0}, {1, 1, 1}, {}};
  const double m[9] = {c, c, 0, -c, c, 0, 0, 0, 1};
  for (int i = 0; i < 9; ++i) turned.rotation.m[i] = m[i];
  const auto wall = sweepShape(turned, {10, 0, 0}, Plane{{1, 0, 0}, -5});
  ASSERT_TRUE(wall);
  EXPECT_NEAR(wall->t, (5 - std::sqrt(2.0)) / 10, 1e-12);
  EXPECT_TRUE(near(wall->normal, {-1, 0, 0}));
  EXPECT_NEAR(wall->point.x, 5, 1e-12);
  EXPECT_NEAR(wall->point.y, 0, 1e-12);
  // A box's face reaching a ball: x = 1 + 10t reaches 4 at t = 0.3; its edge (y = 1) meeting a ball off to the side:
  // the edge passes the ball's centre (5,2,0) at distance 1 when x = 5, t = 0.4.
  EXPECT_TRUE(contactIs(sweepShape(Aabb{{-1, -1, -1}, {1, 1, 1}}, {10, 0, 0}, Sphere{{5, 0, 0}, 1}), 0.3, {4, 0, 0},
                        {-1, 0, 0}));
  EXPECT_TRUE(contactIs(sweepShape(Aabb{{-1, -1, -1}, {1, 1, 1}}, {10, 0, 0}, Sphere{{5, 2, 0}, 1}), 0.4, {5, 1, 0},
                        {0, -1, 0}));
  // A ball moving onto a box's edge, the same contact seen the other way.
  EXPECT_TRUE(contactIs(sweepShape(Sphere{{5, 2, 0}, 1}, {-10, 0, 0}, Aabb{{-1, -1, -1}, {1, 1, 1}}), 0.4, {1, 1, 0},
                        {0, 1, 0}));
}

TEST(SweepShapes, FlatBoxesKeepTheirAxes) {
  // A box of no size moving away from a triangle collapsed to a point (found by the structures fuzzer: with axes
  // taken from its corners the box had none, and every pair looked like a contact at t = 0).
  const Triangle dot{{-1, 1, -1}, {-1, 1, -1}, {-1, 1, -1}};
  EXPECT_TRUE(noContact(sweepShape(Aabb{{-4, -4, -4}, {-4, -4, -4}}, {-4, -4, -4}, dot)));
  // Flat in z, it still meets a triangle above it when moving up: z = 4t reaches 2 at t = 1/2.
  const auto up = sweepShape(Aabb{{-1, -1, 0}, {1, 1, 0}}, {0, 0, 4}, Triangle{{-5, -5, 2}, {5, -5, 2}, {0, 5, 2}});
  ASSERT_TRUE(up);
  EXPECT_NEAR(up->t, 0.5, 1e-12);
  EXPECT_TRUE(near(up->normal, {0, 0, -1}));
}

TEST(SweepShapes, AgainstACylindersSideAndCap) {
  const Cylinder post{{5, 0, -1}, {5, 0, 1}, 1};
  EXPECT_TRUE(contactIs(sweepShape(Sphere{{0, 0, 0}, 1}, {10, 0, 0}, post), 0.3, {4, 0, 0}, {-1, 0, 0}, 1e-9));
  EXPECT_TRUE(contactIs(sweepShape(Sphere{{5, 0, 5}, 1}, {0, 0, -10}, post), 0.3, {5, 0, 1}, {0, 0, 1}, 1e-9));
  const auto box = sweepShape(Aabb{{-1, -1, -1}, {1, 1, 1}}, {10, 0, 0}, post);
  ASSERT_TRUE(box);
  EXPECT_NEAR(box->t, 0.3, 1e-9);
  EXPECT_TRUE(near(box->normal, {-1, 0, 0}, 1e-5));
  EXPECT_TRUE(noContact(sweepShape(Sphere{{0, 3, 0}, 1}, {10, 0, 0}, post)));
}

TEST(SweepShapes, TouchingAtTheStartIsTimeZero) {
  const auto resting = sweepShape(Sphere{{0, 0, 1}, 1}, {3, 0, 0}, kFloor);
  ASSERT_TRUE(resting);
  EXPECT_EQ(resting->t, 0);
  EXPECT_TRUE(near(resting->normal, {0, 0, 1}));
  EXPECT_TRUE(near(resting->point, {0, 0, 0}));
  const auto boxes = sweepShape(Aabb{{0, 0, 0}, {1, 1, 1}}, {0, 0, 0}, Aabb{{1, 0, 0}, {2, 1, 1}});
  ASSERT_TRUE(boxes);
  EXPECT_EQ(boxes->t, 0);
  // Apart and not moving: never touches.
  EXPECT_TRUE(noContact(sweepShape(Sphere{{0, 0, 3}, 1}, {0, 0, 0}, kFloor)));
}

TEST(SweepShapes, GrazingIsDecidedExactly) {
  // The path y = 2 passes the point (0,1,0) at exactly the radius: a touch at t = 1/2. One ulp further, a miss.
  const auto grazes = sweepShape(Sphere{{-5, 2, 0}, 1}, {10, 0, 0}, Point{{0, 1, 0}});
  ASSERT_TRUE(grazes);
  EXPECT_NEAR(grazes->t, 0.5, 1e-7);
  EXPECT_TRUE(noContact(sweepShape(Sphere{{-5, std::nextafter(2.0, 3.0), 0}, 1}, {10, 0, 0}, Point{{0, 1, 0}})));
  // A ball rolling along the floor's plane at exactly its radius touches it from the start; one just above never
  // does, however far it goes.
  EXPECT_TRUE(noContact(sweepShape(Sphere{{-4, -4, std::nextafter(1.0, 2.0)}, 1}, {8, 0, 0}, kFloor)));
  // Reaching exactly at the end of the motion (t = 1), and stopping one ulp short.
  const auto atEnd = sweepShape(Sphere{{0, 0, 0}, 1}, {2, 0, 0}, Point{{3, 0, 0}});
  ASSERT_TRUE(atEnd);
  EXPECT_EQ(atEnd->t, 1);
  EXPECT_TRUE(noContact(sweepShape(Sphere{{0, 0, 0}, 1}, {std::nextafter(2.0, 0.0), 0, 0}, Point{{3, 0, 0}})));
}

// --- random motions against a reference ---

using testing::moved;


// Whether the shapes meet: the intersects table's exact answer, or GJK's distance within the radii.
template <class A, class B>
bool meet(const A& a, const B& b) {
  if (const IntersectsFn fn = intersectsTable().at(A::kType, B::kType)) {
    return fn(encodedBuffer(a).data(), encodedBuffer(b).data());
  }
  if constexpr (B::kType == ShapeType::Plane) {
    ADD_FAILURE() << "the intersects table lacks " << A::kName << " against a plane";
    return false;
  } else {
    // GJK's distance between touching cores comes out a little above 0: allow 1e-12 of the sizes.
    const ConvexCore ca = coreOf(a), cb = coreOf(b);
    return gjk(ca, cb).distance <= ca.radius + cb.radius + 1e-12 * 8;
  }
}

// The first sampled t (of 4096 steps) at which the moved shape meets the target, refined by bisection; -1 if none.
template <class A, class B>
double firstMeeting(const A& a, Vec3 v, const B& b) {
  constexpr int kSteps = 4096;
  if constexpr (A::kType == ShapeType::Point) {
    // A moving point meets a flat target at single instants sampling would miss: its reference is the segment's
    // raycast (the raycast table's kernels, another method than the sweep's Minkowski cast).
    const Segment path{a.position, a.position + v};
    if (const RaycastFn cast = raycastTable().at(ShapeType::Segment, B::kType)) {
      const auto hit = cast(encodedBuffer(path).data(), encodedBuffer(b).data(), RaycastOptions{});
      return hit ? hit->t : -1;
    }
  }
  if (meet(a, b)) return 0;
  for (int i = 1; i <= kSteps; ++i) {
    double hi = double(i) / kSteps;
    if (!meet(moved(a, v * hi), b)) continue;
    double lo = double(i - 1) / kSteps;
    for (int k = 0; k < 60; ++k) {
      const double mid = (lo + hi) / 2;
      (meet(moved(a, v * mid), b) ? hi : lo) = mid;
    }
    return hi;
  }
  return -1;
}

// A point of the shape, to aim motions at.
template <class Shape>
Vec3 anchorOf(const Shape& s) { return coreOf(s).corner[0]; }
Vec3 anchorOf(const Plane& p) { return p.normal * (-p.constant / lengthSquared(p.normal)); }

// How far a core grown by its radius is from the target (<= 0: touching or overlapping), by GJK or, for a plane, by
// the corners' signed distances.
template <class B>
double gapTo(const ConvexCore& core, const B& b) {
  const ConvexCore target = coreOf(b);
  return gjk(core, target).distance - core.radius - target.radius;
}
double gapTo(const ConvexCore& core, const Plane& plane) {
  double lo = INFINITY, hi = -INFINITY;
  for (int i = 0; i < core.cornerCount(); ++i) {
    const double s = scaledDistance(plane, core.corner[i]) / length(plane.normal);
    lo = std::fmin(lo, s), hi = std::fmax(hi, s);
  }
  return (lo > 0 ? lo : hi < 0 ? -hi : 0) - core.radius;
}

template <class A, class B>
void checkRandomMotions(unsigned seed, double tolerance) {
  Random random(seed);
  int hits = 0, misses = 0;
  for (int n = 0; n < testing::cases(150); ++n) {
    const A a = randomShape<A>(random);
    const B b = randomShape<B>(random);
    // Half the motions aimed near the target, so that hits are common.
    const Vec3 aim = anchorOf(b) + random.vector(-1, 1) - anchorOf(a);
    const Vec3 v = random.integer(0, 1) ? random.vector(-8, 8) : aim * random.uniform(0.3, 3);
    const auto hit = sweepShape(a, v, b);
    const double reference = firstMeeting(a, v, b);
    const std::string what = std::string(A::kName) + " against " + B::kName + ", case " + std::to_string(n);
    if (reference < 0) {
      // A touch between samples would be a grazing one: then the shape at t must be touching.
      if (hit) {
        EXPECT_LE(gapTo(coreOf(moved(a, v * hit->t)), b), 1e-9) << what;
      }
      ++misses;
      continue;
    }
    ++hits;
    ASSERT_TRUE(hit) << what << ": missed, the reference meets at " << reference;
    // The GJK ray cast against a cylinder stops at or before the contact (its last steps along a curved side
    // converge from outside), by up to `tolerance`.
    if (B::kType == ShapeType::Cylinder) {
      EXPECT_LE(hit->t, reference + 1e-9) << what << ": later than the reference";
      EXPECT_GE(hit->t, reference - tolerance) << what;
    } else {
      EXPECT_NEAR(hit->t, reference, tolerance) << what;
    }
    EXPECT_NEAR(length(hit->normal), 1, 1e-9) << what;
    if (hit->t > 0) {
      EXPECT_LE(dot(hit->normal, v), 1e-9 * length(v)) << what << ": the normal faces the motion";
    }
    // The contact point is on both shapes, the moving one placed at t; on the target's surface unless they
    // overlapped at the start.
    const ConvexCore at = coreOf(moved(a, v * hit->t));
    const double off = gapTo(pointCore(hit->point, 0), b);
    EXPECT_LE(hit->t > 0 ? std::fabs(off) : off, 1e-7) << what << ": point off the target's surface";
    // (Against a cylinder the cast may stop short by its tolerance: the point is then that far from the shape.)
    const double reachOff = B::kType == ShapeType::Cylinder ? 1e-6 : 1e-7;
    EXPECT_LE(gjk(pointCore(hit->point, 0), at).distance, at.radius + reachOff) << what << ": point off the shape";
  }
  // A point or segment meets a point or segment only by chance alignments.
  const bool thin = [](ShapeType t) { return t == ShapeType::Point || t == ShapeType::Segment; }(A::kType) &&
                    (B::kType == ShapeType::Point || B::kType == ShapeType::Segment);
  if (!thin) {
    EXPECT_GE(hits, testing::cases(150) / 20) << A::kName << "/" << B::kName;
  }
  EXPECT_GT(misses, 0) << A::kName << "/" << B::kName;
}

template <class A>
void checkEveryTarget(unsigned seed) {
  checkRandomMotions<A, Point>(seed + 1, 1e-9);
  checkRandomMotions<A, Segment>(seed + 2, 1e-9);
  checkRandomMotions<A, Triangle>(seed + 3, 1e-9);
  checkRandomMotions<A, Plane>(seed + 4, 1e-9);
  checkRandomMotions<A, Sphere>(seed + 5, 1e-9);
  checkRandomMotions<A, Capsule>(seed + 6, 1e-9);
  checkRandomMotions<A, Cylinder>(seed + 7, 1e-6);
  checkRandomMotions<A, Aabb>(seed + 8, 1e-9);
  checkRandomMotions<A, Obb>(seed + 9, 1e-9);
}

TEST(SweepShapes, RandomMotionsOfPoints) { checkEveryTarget<Point>(100); }
TEST(SweepShapes, RandomMotionsOfSegments) { checkEveryTarget<Segment>(200); }
TEST(SweepShapes, RandomMotionsOfSpheres) { checkEveryTarget<Sphere>(300); }
TEST(SweepShapes, RandomMotionsOfCapsules) { checkEveryTarget<Capsule>(400); }
TEST(SweepShapes, RandomMotionsOfAabbs) { checkEveryTarget<Aabb>(500); }
TEST(SweepShapes, RandomMotionsOfObbs) { checkEveryTarget<Obb>(600); }

}  // namespace
}  // namespace c3d
