// contact(a, b) through the dispatch table: hand-derived cases with exact (integer, dyadic or Pythagorean) values
// for every pair the table answers, the reversed order (normal negated, points swapped), and properties on random
// inputs checked by independent means: non-null exactly when the library's intersects/distance says the shapes
// meet; a unit normal, pointB = pointA - depth * normal, pointA in a and pointB in b (own membership tests);
// translating b by depth * normal just separates the shapes; and no sampled direction separates them sooner (the
// escape distance per direction found by bisection on an own, closed-form separation distance).
#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

#include "collide3d/dispatch/tables.h"
#include "query_checks.h"
#include "test_support.h"

namespace c3d {
namespace {

using testing::expectContact;
using testing::expectExactContact;
using testing::near;

const Aabb kCube{{-1, -1, -1}, {1, 1, 1}};

double below(double x) { return std::nextafter(x, 0.0); }
double above(double x) { return std::nextafter(x, 2 * x); }

// Columns (3/5, 4/5, 0), (-4/5, 3/5, 0), (0, 0, 1): a rotation about z by the Pythagorean angle.
Mat3 pythagoreanRotation() {
  Mat3 r;
  const double m[9] = {0.6, 0.8, 0, -0.8, 0.6, 0, 0, 0, 1};
  std::copy(m, m + 9, r.m);
  return r;
}

// ---- The library, through its tables ------------------------------------------------------------------------

using testing::Buffer;


template <class A, class B>
std::optional<Contact> contactOf(const A& a, const B& b) {
  return contactTable().at(A::kType, B::kType)(encodedBuffer(a).data(), encodedBuffer(b).data());
}

// Whether the library says the shapes meet: intersects where the table has the pair, else distance == 0.
template <class A, class B>
bool libraryMeets(const A& a, const B& b) {
  if (const IntersectsFn fn = intersectsTable().at(A::kType, B::kType)) return fn(encodedBuffer(a).data(), encodedBuffer(b).data());
  return closestPointsTable().at(A::kType, B::kType)(encodedBuffer(a).data(), encodedBuffer(b).data()).distance == 0;
}



// ---- Independent geometry -------------------------------------------------------------------------------------

Capsule asCapsule(const Sphere& s) { return {s.center, s.center, s.radius}; }

double pointSegmentDistance(Vec3 p, Vec3 start, Vec3 end) {
  const Vec3 d = end - start;
  const double len2 = dot(d, d);
  const double t = len2 > 0 ? std::clamp(dot(p - start, d) / len2, 0.0, 1.0) : 0.0;
  return length(p - (start + d * t));
}

// The minimum of |P(s) - Q(t)| over the unit square is at the interior critical point of the (convex) squared
// distance or on the square's boundary, where one of the four ends is fixed.
double segmentDistance(Vec3 p0, Vec3 p1, Vec3 q0, Vec3 q1) {
  double best = std::min({pointSegmentDistance(p0, q0, q1), pointSegmentDistance(p1, q0, q1),
                          pointSegmentDistance(q0, p0, p1), pointSegmentDistance(q1, p0, p1)});
  const Vec3 u = p1 - p0, v = q1 - q0, w = p0 - q0;
  const double a = dot(u, u), b = dot(u, v), c = dot(v, v), d = dot(u, w), e = dot(v, w);
  const double det = a * c - b * b;
  if (det > 1e-12 * a * c) {
    const double s = (b * e - c * d) / det, t = (a * e - b * d) / det;
    if (s > 0 && s < 1 && t > 0 && t < 1) best = std::min(best, length((p0 + u * s) - (q0 + v * t)));
  }
  return best;
}

double pointBoxDistance(Vec3 p, Vec3 lo, Vec3 hi) {
  double sum = 0;
  for (int i = 0; i < 3; ++i) {
    const double v = component(p, i);
    const double outside = std::max({component(lo, i) - v, v - component(hi, i), 0.0});
    sum += outside * outside;
  }
  return std::sqrt(sum);
}

Vec3 inObbFrame(const Obb& box, Vec3 p) {
  const Vec3 d = p - box.center;
  return {dot(box.rotation.column(0), d), dot(box.rotation.column(1), d), dot(box.rotation.column(2), d)};
}

// The distance between two shapes (0 when they meet).
double separation(const Capsule& a, const Capsule& b) {
  return std::max(segmentDistance(a.start, a.end, b.start, b.end) - a.radius - b.radius, 0.0);
}
double separation(const Sphere& a, const Sphere& b) { return separation(asCapsule(a), asCapsule(b)); }
double separation(const Sphere& a, const Capsule& b) { return separation(asCapsule(a), b); }
double separation(const Capsule& a, const Sphere& b) { return separation(a, asCapsule(b)); }
double separation(const Sphere& s, const Aabb& box) {
  return std::max(pointBoxDistance(s.center, box.min, box.max) - s.radius, 0.0);
}
double separation(const Sphere& s, const Obb& box) {
  return std::max(pointBoxDistance(inObbFrame(box, s.center), -box.halfSize, box.halfSize) - s.radius, 0.0);
}
double separation(const Aabb& box, const Sphere& s) { return separation(s, box); }
double separation(const Obb& box, const Sphere& s) { return separation(s, box); }
double separation(const Aabb& a, const Aabb& b) {
  Vec3 gap;
  for (int i = 0; i < 3; ++i) {
    const double g =
        std::max({component(b.min, i) - component(a.max, i), component(a.min, i) - component(b.max, i), 0.0});
    (i == 0 ? gap.x : i == 1 ? gap.y : gap.z) = g;
  }
  return length(gap);
}

bool contains(const Sphere& s, Vec3 p, double tolerance) { return length(p - s.center) <= s.radius + tolerance; }
bool contains(const Capsule& c, Vec3 p, double tolerance) {
  return pointSegmentDistance(p, c.start, c.end) <= c.radius + tolerance;
}
bool contains(const Aabb& box, Vec3 p, double tolerance) {
  return pointBoxDistance(p, box.min, box.max) <= tolerance;
}
bool contains(const Obb& box, Vec3 p, double tolerance) {
  return pointBoxDistance(inObbFrame(box, p), -box.halfSize, box.halfSize) <= tolerance;
}

Sphere moved(const Sphere& s, Vec3 t) { return {s.center + t, s.radius}; }
Capsule moved(const Capsule& c, Vec3 t) { return {c.start + t, c.end + t, c.radius}; }
Aabb moved(const Aabb& box, Vec3 t) { return {box.min + t, box.max + t}; }
Obb moved(const Obb& box, Vec3 t) { return {box.center + t, box.halfSize, box.rotation}; }

// How far b must travel along the unit `direction` until it no longer meets a (b meets a where it starts). For
// convex shapes the travels at which they meet form an interval containing 0, so bisection finds its end.
template <class A, class B>
double escapeDistance(const A& a, const B& b, Vec3 direction) {
  double meeting = 0, apart = 64;  // every random shape fits in a ball of radius 16
  for (int i = 0; i < 80; ++i) {
    const double mid = 0.5 * (meeting + apart);
    (separation(a, moved(b, direction * mid)) == 0 ? meeting : apart) = mid;
  }
  return apart;
}

// ---- Hand-derived cases -----------------------------------------------------------------------------------------

TEST(ContactSphereSphere, Overlapping) {
  // Centers 4 apart along z, radii 3 + 2 = 5: depth 1. a's deepest point is 3 above its center, b's 2 below its own.
  expectExactContact(contactOf(Sphere{{1, 2, 3}, 3}, Sphere{{1, 2, 7}, 2}), {0, 0, 1}, 1, {1, 2, 6}, {1, 2, 5});
  // Centers (3, 4, 0) apart: distance 5, normal (3/5, 4/5, 0); radii 4 + 2 give depth 1,
  // pointA = 4 * normal = (2.4, 3.2, 0), pointB = pointA - normal = (1.8, 2.4, 0).
  expectContact(contactOf(Sphere{{0, 0, 0}, 4}, Sphere{{3, 4, 0}, 2}), {0.6, 0.8, 0}, 1, {2.4, 3.2, 0},
                {1.8, 2.4, 0}, 1e-15);
}

TEST(ContactSphereSphere, TouchingHasDepthZeroAndOnePoint) {
  expectExactContact(contactOf(Sphere{{0, 0, 0}, 2}, Sphere{{0, 3, 0}, 1}), {0, 1, 0}, 0, {0, 2, 0}, {0, 2, 0});
  // Distance 5 = 2 + 3 along (3/5, 4/5, 0): touching at 2 * normal = (1.2, 1.6, 0).
  const std::optional<Contact> c = contactOf(Sphere{{0, 0, 0}, 2}, Sphere{{3, 4, 0}, 3});
  expectContact(c, {0.6, 0.8, 0}, 0, {1.2, 1.6, 0}, {1.2, 1.6, 0}, 1e-15);
  EXPECT_EQ(c->depth, 0);
  EXPECT_EQ(c->pointA, c->pointB);
}

TEST(ContactSphereSphere, SeparatedIsNull) {
  // The touching pairs above, b moved one ulp further away (the squared distances 9 and 25 grow by a few ulps).
  EXPECT_FALSE(contactOf(Sphere{{0, 0, 0}, 2}, Sphere{{0, above(3), 0}, 1}));
  EXPECT_FALSE(contactOf(Sphere{{0, 0, 0}, 2}, Sphere{{3, above(4), 0}, 3}));
  EXPECT_FALSE(contactOf(Sphere{{-5, 0, 0}, 1}, Sphere{{5, 0, 0}, 1}));
}

TEST(ContactSphereSphere, ConcentricTakesAnyDirectionAndTheSumOfRadii) {
  // Every direction needs r1 + r2 = 5 to separate; pointA is 2 from the center along it, pointB 3 against it.
  const Vec3 center{1, 1, 1};
  const std::optional<Contact> c = contactOf(Sphere{center, 2}, Sphere{center, 3});
  ASSERT_TRUE(c.has_value());
  EXPECT_NEAR(length(c->normal), 1, 1e-15);
  EXPECT_EQ(c->depth, 5);
  EXPECT_TRUE(near(c->pointA, center + c->normal * 2, 1e-15));
  EXPECT_TRUE(near(c->pointB, center - c->normal * 3, 1e-15));
}

TEST(ContactCapsuleCapsule, CrossingCoresSeparateAlongTheirCommonPerpendicular) {
  // Cores along x and y crossing at the origin: the normal is x × y = z, depth 1 + 0.5; pointA is a's surface above
  // the crossing, pointB b's surface below it.
  const Capsule a{{-2, 0, 0}, {2, 0, 0}, 1}, b{{0, -2, 0}, {0, 2, 0}, 0.5};
  expectExactContact(contactOf(a, b), {0, 0, 1}, 1.5, {0, 0, 1}, {0, 0, -0.5});
  // Skew directions (4, 0, 0) and (2, 2, 0) crossing at (2, 0, 0): cross product (0, 0, 8), still perpendicular.
  const Capsule skew{{1, -1, 0}, {3, 1, 0}, 1};
  expectExactContact(contactOf(Capsule{{0, 0, 0}, {4, 0, 0}, 1}, skew), {0, 0, 1}, 2, {2, 0, 1}, {2, 0, -1});
}

TEST(ContactCapsuleCapsule, CoresOneAboveTheOther) {
  // Cores along x at z = 0 and along y at z = 1: gap (0, 0, 1), radii 1 + 1 give depth 1.
  expectExactContact(contactOf(Capsule{{-2, 0, 0}, {2, 0, 0}, 1}, Capsule{{0, -2, 1}, {0, 2, 1}, 1}), {0, 0, 1}, 1,
                     {0, 0, 1}, {0, 0, 0});
}

TEST(ContactCapsuleCapsule, Parallel) {
  // Parallel cores 1.5 apart along y, overlapping in x on [1, 4]: depth 1 + 1 - 1.5 = 0.5 along y. The closest
  // points are not unique; any x in the overlap is right.
  const std::optional<Contact> c = contactOf(Capsule{{0, 0, 0}, {4, 0, 0}, 1}, Capsule{{1, 1.5, 0}, {6, 1.5, 0}, 1});
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->normal, (Vec3{0, 1, 0}));
  EXPECT_EQ(c->depth, 0.5);
  EXPECT_EQ(c->pointA.y, 1);
  EXPECT_EQ(c->pointB.y, 0.5);
  EXPECT_EQ(c->pointA.x, c->pointB.x);
  EXPECT_GE(c->pointA.x, 1);
  EXPECT_LE(c->pointA.x, 4);
  EXPECT_EQ(c->pointA.z, 0);
  // Collinear overlapping cores: any direction perpendicular to x, depth 1 + 1.
  const std::optional<Contact> collinear =
      contactOf(Capsule{{0, 0, 0}, {4, 0, 0}, 1}, Capsule{{2, 0, 0}, {6, 0, 0}, 1});
  ASSERT_TRUE(collinear.has_value());
  EXPECT_NEAR(length(collinear->normal), 1, 1e-15);
  EXPECT_NEAR(collinear->normal.x, 0, 1e-15);
  EXPECT_EQ(collinear->depth, 2);
}

TEST(ContactSphereCapsule, SideAndCap) {
  const Capsule capsule{{0, 0, 0}, {0, 0, 4}, 1};
  // Side: the center (2, 0, 2) is 2 from the core; radii 1 + 2 give depth 1 along x.
  expectExactContact(contactOf(capsule, Sphere{{2, 0, 2}, 2}), {1, 0, 0}, 1, {1, 0, 2}, {0, 0, 2});
  // Cap: the center (0, 0, 6.5) is 2.5 above the end (0, 0, 4); radii 1 + 2 give depth 0.5.
  expectExactContact(contactOf(capsule, Sphere{{0, 0, 6.5}, 2}), {0, 0, 1}, 0.5, {0, 0, 5}, {0, 0, 4.5});
  // Cap, slanted: the center (3, 0, 8) is (3, 0, 4) from the end, distance 5; radii 1 + 5 give depth 1 along
  // (3/5, 0, 4/5): pointA = end + normal = (0.6, 0, 4.8), pointB = pointA - normal = the end.
  expectContact(contactOf(capsule, Sphere{{3, 0, 8}, 5}), {0.6, 0, 0.8}, 1, {0.6, 0, 4.8}, {0, 0, 4}, 1e-15);
  // Sphere first: from the sphere towards the capsule, the sphere's deepest point 2 along -x from (2, 0, 2).
  expectExactContact(contactOf(Sphere{{2, 0, 2}, 2}, capsule), {-1, 0, 0}, 1, {0, 0, 2}, {1, 0, 2});
}

TEST(ContactSphereAabb, OutsideNearAFaceAnEdgeACorner) {
  // Face: (0, 0, 2.5) is 1.5 above the face z = 1; radius 2 gives depth 0.5, towards the box (-z).
  expectExactContact(contactOf(Sphere{{0, 0, 2.5}, 2}, kCube), {0, 0, -1}, 0.5, {0, 0, 0.5}, {0, 0, 1});
  // Edge x = y = 1: offsets (3, 4, 0) from (4, 5, 0), distance 5, radius 6: depth 1 along -(3/5, 4/5, 0),
  // pointA = center + 6 * normal = (0.4, 0.2, 0), pointB = the edge point (1, 1, 0).
  expectContact(contactOf(Sphere{{4, 5, 0}, 6}, kCube), {-0.6, -0.8, 0}, 1, {0.4, 0.2, 0}, {1, 1, 0}, 1e-14);
  // Corner (1, 1, 1): offsets (2, 3, 6) from (3, 4, 7), distance 7, radius 9: depth 2 along -(2, 3, 6)/7,
  // pointA = center + 9 * normal = (3/7, 1/7, -5/7), pointB = the corner.
  expectContact(contactOf(Sphere{{3, 4, 7}, 9}, kCube), {-2.0 / 7, -3.0 / 7, -6.0 / 7}, 2,
                {3.0 / 7, 1.0 / 7, -5.0 / 7}, {1, 1, 1}, 1e-14);
  // Just out of reach, and touching a corner exactly.
  EXPECT_FALSE(contactOf(Sphere{{3, 4, 7}, below(7)}, kCube));
  expectExactContact(contactOf(Sphere{{0, 0, 3}, 2}, kCube), {0, 0, -1}, 0, {0, 0, 1}, {0, 0, 1});
}

TEST(ContactSphereAabb, CenterInsidePushesOutThroughTheNearestFace) {
  // Box [2, 6] x [0, 2] x [0, 2]; the center (5.5, 1, 1.25) is 0.5 from x = 6, 1 from y = 0 and y = 2, 0.75 from
  // z = 2. Out through x = 6: the box moves by 0.5 + 0.25 along -x; pointA is the sphere's point furthest along
  // -x, pointB the face point (6, 1, 1.25).
  const Aabb box{{2, 0, 0}, {6, 2, 2}};
  expectExactContact(contactOf(Sphere{{5.5, 1, 1.25}, 0.25}, box), {-1, 0, 0}, 0.75, {5.25, 1, 1.25},
                     {6, 1, 1.25});
  // Nearest face below: (0, -0.75, 0.5) in the unit cube is 0.25 from y = -1; radius 0.5 gives depth 0.75 along +y.
  expectExactContact(contactOf(Sphere{{0, -0.75, 0.5}, 0.5}, kCube), {0, 1, 0}, 0.75, {0, -0.25, 0.5},
                     {0, -1, 0.5});
}

TEST(ContactSphereObb, RotatedBoxOutsideAndInside) {
  // Box center (1, 2, 0), half size (2, 1, 1), axes u = (3/5, 4/5, 0), v = (-4/5, 3/5, 0), w = z.
  const Obb box{{1, 2, 0}, {2, 1, 1}, pythagoreanRotation()};
  // Outside: local (3, 0, 0) = world (2.8, 4.4, 0), 1 beyond the face +u; radius 2: depth 1 along -u,
  // pointA = center - 2u = (1.6, 2.8, 0), pointB = the face point center + 2u = (2.2, 3.6, 0).
  expectContact(contactOf(Sphere{{2.8, 4.4, 0}, 2}, box), {-0.6, -0.8, 0}, 1, {1.6, 2.8, 0}, {2.2, 3.6, 0}, 1e-14);
  // Inside: local (0.5, 0.25, 0) = world (1.1, 2.55, 0) is 1.5, 0.75 and 1 from the faces +u, +v, +w; out
  // through +v: depth 0.75 + 0.5 along -v, pointA = center - 0.5v = (1.5, 2.25, 0), pointB = the face point
  // box center + 0.5u + v = (0.5, 3, 0).
  expectContact(contactOf(Sphere{{1.1, 2.55, 0}, 0.5}, box), {0.8, -0.6, 0}, 1.25, {1.5, 2.25, 0}, {0.5, 3, 0},
                1e-14);
}

TEST(ContactAabbAabb, LeastPushWins) {
  // a = [0, 4]^3, b = [3, 6] x [1, 2] x [-1, 0.5]. Pushes (up, down): x (1, 6), y (3, 2) with b inside a on y,
  // z (5, 0.5). Least: z down by 0.5. pointA: the middle of the overlap on x and y, a's min face on z.
  expectExactContact(contactOf(Aabb{{0, 0, 0}, {4, 4, 4}}, Aabb{{3, 1, -1}, {6, 2, 0.5}}), {0, 0, -1}, 0.5,
                     {3.5, 1.5, 0}, {3.5, 1.5, 0.5});
}

TEST(ContactAabbAabb, ContainmentOnTheWinningAxis) {
  // b inside a on x: a x in [0, 10], b x in [7, 8]: up 10 - 7 = 3 beats down 8 - 0 = 8; y and z need 6 and 5.
  expectExactContact(contactOf(Aabb{{0, 0, 0}, {10, 4, 4}}, Aabb{{7, -2, -1}, {8, 6, 9}}), {1, 0, 0}, 3, {10, 2, 2},
                     {7, 2, 2});
  // a inside b on x: a x in [0, 1], b x in [-1, 3]: up 1 + 1 = 2 beats down 3 - 0 = 3; y and z need 9 and 14.
  expectExactContact(contactOf(Aabb{{0, 0, 0}, {1, 4, 4}}, Aabb{{-1, -5, -10}, {3, 9, 10}}), {1, 0, 0}, 2, {1, 2, 2},
                     {-1, 2, 2});
}

TEST(ContactAabbAabb, TouchingAndSeparated) {
  // Faces x = 1 shared; the overlap of the other axes is [0.5, 1] x [0, 0.25].
  const Aabb a{{0, 0, 0}, {1, 1, 1}};
  expectExactContact(contactOf(a, Aabb{{1, 0.5, -1}, {2, 3, 0.25}}), {1, 0, 0}, 0, {1, 0.75, 0.125},
                     {1, 0.75, 0.125});
  EXPECT_FALSE(contactOf(a, Aabb{{std::nextafter(1.0, 2.0), 0.5, -1}, {2, 3, 0.25}}));
}

// contact(b, a) is contact(a, b) seen from b: the normal negated, the same depth, the points swapped.
template <class A, class B>
void expectReversed(const A& a, const B& b) {
  const std::optional<Contact> forward = contactOf(a, b), backward = contactOf(b, a);
  ASSERT_EQ(forward.has_value(), backward.has_value());
  if (!forward) return;
  EXPECT_TRUE(near(backward->normal, -forward->normal, 1e-12));
  EXPECT_NEAR(backward->depth, forward->depth, 1e-12);
  EXPECT_TRUE(near(backward->pointA, forward->pointB, 1e-12));
  EXPECT_TRUE(near(backward->pointB, forward->pointA, 1e-12));
}

TEST(ContactTable, ReversedOrderNegatesTheNormalAndSwapsThePoints) {
  const Capsule capsule{{0, 0, 0}, {0, 0, 4}, 1};
  expectReversed(Sphere{{1, 2, 3}, 3}, Sphere{{1, 2, 7}, 2});
  expectReversed(capsule, Capsule{{0, -2, 1}, {0, 2, 1}, 1});
  expectReversed(capsule, Sphere{{3, 0, 8}, 5});
  expectReversed(Sphere{{4, 5, 0}, 6}, kCube);
  expectReversed(Sphere{{5.5, 1, 1.25}, 0.25}, Aabb{{2, 0, 0}, {6, 2, 2}});
  expectReversed(Sphere{{1.1, 2.55, 0}, 0.5}, Obb{{1, 2, 0}, {2, 1, 1}, pythagoreanRotation()});
  expectReversed(Aabb{{0, 0, 0}, {4, 4, 4}}, Aabb{{3, 1, -1}, {6, 2, 0.5}});
  // Exact for the pairs of different types, whose reversed entry reuses the forward kernel.
  const std::optional<Contact> forward = contactOf(Sphere{{4, 5, 0}, 6}, kCube);
  const std::optional<Contact> backward = contactOf(kCube, Sphere{{4, 5, 0}, 6});
  ASSERT_TRUE(forward && backward);
  EXPECT_EQ(backward->normal, -forward->normal);
  EXPECT_EQ(backward->depth, forward->depth);
  EXPECT_EQ(backward->pointA, forward->pointB);
  EXPECT_EQ(backward->pointB, forward->pointA);
}

// ---- Exact boundaries and underflow (these failed when written: library bugs, see each comment) ------------------

TEST(ContactSphereAabb, PointOnAFaceTouches) {
  // A point (radius 0) on the min face x = 0.1 of [0.1, 0.2] x [0, 1] x [0, 1] lies in the box: intersects is
  // true, and contact must report touching (depth 0, both points the point itself).
  const Aabb thin{{0.1, 0, 0}, {0.2, 1, 1}};
  const Sphere onFace{{0.1, 0.5, 0.5}, 0};
  ASSERT_TRUE(libraryMeets(onFace, thin));
  const std::optional<Contact> touching = contactOf(onFace, thin);
  ASSERT_TRUE(touching.has_value());
  EXPECT_EQ(touching->depth, 0);
  EXPECT_EQ(touching->pointA, onFace.center);
  EXPECT_EQ(touching->pointB, onFace.center);
}

TEST(ContactSphereAabb, BallJustOutOfReachIsNull) {
  // The ball of radius 1 around 1.2 + 1 (rounded up to 2.2000000000000002) is just beyond reach of the face
  // x = 1.2 (the gap is 1 + 2^-52): intersects is false, so contact must be null.
  const Sphere beyond{{1.2 + 1, 0.5, 0.5}, 1};
  const Aabb box{{0, 0, 0}, {1.2, 1, 1}};
  ASSERT_FALSE(libraryMeets(beyond, box));
  EXPECT_FALSE(contactOf(beyond, box));
}

TEST(ContactSphereBox, GapThatUnderflowsWhenSquared) {
  // The center is 1e-170 from a point-sized box: the squared gap underflows to 0 though the center is outside.
  // The ball of radius 1 still meets it; the normal is -x, depth 1 - 1e-170 = 1, pointA (-1, 0, 0), pointB the box.
  const Sphere ball{{1e-170, 0, 0}, 1};
  const Aabb point{{0, 0, 0}, {0, 0, 0}};
  ASSERT_TRUE(libraryMeets(ball, point));
  expectContact(contactOf(ball, point), {-1, 0, 0}, 1, {-1, 0, 0}, {0, 0, 0}, 1e-12);
  expectContact(contactOf(ball, Obb{{0, 0, 0}, {0, 0, 0}, Mat3{}}), {-1, 0, 0}, 1, {-1, 0, 0}, {0, 0, 0}, 1e-12);
}

// ---- Properties on random inputs ----------------------------------------------------------------------------------

// Random shapes around [-2, 2]^3 with radii and half sizes up to 2.5; about one in six is 0 (points, flat boxes,
// ball capsules).
class RandomShapes {
 public:
  explicit RandomShapes(unsigned seed) : random_(seed) {}

  Sphere sphere() { return {random_.vector(-2, 2), size()}; }
  Capsule capsule() {
    const Vec3 start = random_.vector(-2, 2);
    return {start, random_.integer(0, 5) == 0 ? start : start + random_.vector(-2, 2), size()};
  }
  Aabb aabb() {
    const Vec3 center = random_.vector(-2, 2), half = halfSize();
    return {center - half, center + half};
  }
  Obb obb() { return {random_.vector(-2, 2), halfSize(), random_.rotation()}; }
  Vec3 direction() {
    Vec3 d;
    while (!(lengthSquared(d) > 0.01 && lengthSquared(d) <= 1)) d = random_.vector(-1, 1);
    return d * (1 / length(d));
  }

 private:
  double size() { return random_.integer(0, 5) == 0 ? 0 : random_.uniform(0.1, 2.5); }
  Vec3 halfSize() { return {size(), size(), size()}; }

  testing::Random random_;
};

template <class A, class B>
void expectContactProperties(const A& a, const B& b, RandomShapes& random, int& met) {
  const std::optional<Contact> c = contactOf(a, b);
  ASSERT_EQ(c.has_value(), libraryMeets(a, b));
  if (!c) return;
  ++met;
  EXPECT_NEAR(length(c->normal), 1, 1e-12);
  EXPECT_GE(c->depth, 0);
  EXPECT_TRUE(near(c->pointA - c->pointB, c->normal * c->depth, 1e-9));
  EXPECT_TRUE(contains(a, c->pointA, 1e-9));
  EXPECT_TRUE(contains(b, c->pointB, 1e-9));
  // Moving b by the depth just separates the shapes; anything shorter leaves them overlapping.
  EXPECT_GT(separation(a, moved(b, c->normal * (c->depth + 1e-7))), 0);
  if (c->depth > 1e-6) {
    EXPECT_EQ(separation(a, moved(b, c->normal * (c->depth - 1e-7))), 0);
  }
  // And no other direction separates them with a shorter move.
  for (int i = 0; i < 24; ++i) EXPECT_GE(escapeDistance(a, b, random.direction()), c->depth - 1e-9);
  expectReversed(a, b);
}

template <class MakeA, class MakeB>
void expectPropertiesOnRandomPairs(unsigned seed, MakeA makeA, MakeB makeB) {
  RandomShapes random(seed);
  int met = 0;
  constexpr int kTrials = 400;
  for (int trial = 0; trial < kTrials; ++trial) {
    SCOPED_TRACE(trial);
    const auto a = makeA(random);
    const auto b = makeB(random);
    expectContactProperties(a, b, random, met);
    expectContactProperties(b, a, random, met);
  }
  EXPECT_GT(met, kTrials / 2);             // both outcomes are well represented
  EXPECT_LT(met, 2 * kTrials - kTrials / 4);
}

const auto kSphere = [](RandomShapes& r) { return r.sphere(); };
const auto kCapsule = [](RandomShapes& r) { return r.capsule(); };
const auto kAabb = [](RandomShapes& r) { return r.aabb(); };
const auto kObb = [](RandomShapes& r) { return r.obb(); };

TEST(ContactProperties, SphereSphere) { expectPropertiesOnRandomPairs(1, kSphere, kSphere); }
TEST(ContactProperties, SphereCapsule) { expectPropertiesOnRandomPairs(2, kSphere, kCapsule); }
TEST(ContactProperties, CapsuleCapsule) { expectPropertiesOnRandomPairs(3, kCapsule, kCapsule); }
TEST(ContactProperties, SphereAabb) { expectPropertiesOnRandomPairs(4, kSphere, kAabb); }
TEST(ContactProperties, SphereObb) { expectPropertiesOnRandomPairs(5, kSphere, kObb); }
TEST(ContactProperties, AabbAabb) { expectPropertiesOnRandomPairs(6, kAabb, kAabb); }

}  // namespace
}  // namespace c3d
