// contact(triangle, sphere | capsule | aabb | obb) through the contact table (contact_rounded_triangle.h,
// contact_triangle_box.h): hand-derived cases (a face, an edge, a corner touched and pressed; a centre exactly in
// the plane; a capsule crossing the triangle; a box corner and a box edge against the triangle; triangles without
// area), both argument orders, and properties on random shapes checked by an independent route: the translation
// that separates the shapes along a direction, found by bisection on the library's exact intersects() of the moved
// shape, equals the depth along the returned normal and is nowhere shorter in other directions (for a capsule whose
// segment crosses the triangle, only along the normal: that push is the documented one); the points lie on their
// shapes by membership tests written here.
#include <algorithm>
#include <cmath>
#include <optional>
#include <type_traits>

#include "collide3d/dispatch/tables.h"
#include "query_checks.h"
#include "moved_shapes.h"
#include "test_support.h"

namespace c3d {
namespace {

using testing::expectContact;
using testing::expectExactContact;
using testing::near;
using testing::Random;

double below(double x) { return std::nextafter(x, 0.0); }

// The big triangle in the plane z = 0 (front face +z), and the same with its back in front.
const Triangle kFloor{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}};
const Triangle kFloorBack{{0, 0, 0}, {0, 4, 0}, {4, 0, 0}};
const Triangle kWide{{-10, -10, 0}, {10, -10, 0}, {0, 10, 0}};

Mat3 columns(Vec3 x, Vec3 y, Vec3 z) {
  Mat3 r;
  const double m[9] = {x.x, x.y, x.z, y.x, y.y, y.z, z.x, z.y, z.z};
  std::copy(m, m + 9, r.m);
  return r;
}

template <class A, class B>
std::optional<Contact> contactOf(const A& a, const B& b) {
  return contactTable().at(A::kType, B::kType)(encodedBuffer(a).data(), encodedBuffer(b).data());
}

template <class A, class B>
bool meets(const A& a, const B& b) {
  return intersectsTable().at(A::kType, B::kType)(encodedBuffer(a).data(), encodedBuffer(b).data());
}



// ---- Spheres ------------------------------------------------------------------------------------------------------

TEST(ContactTriangleSphere, OverTheFaceAndUnderIt) {
  // (1, 1, 0.5) is 0.5 above the face: radius 1 gives depth 0.5 along +z, from the face point (1, 1, 0).
  expectExactContact(contactOf(kFloor, Sphere{{1, 1, 0.5}, 1}), {0, 0, 1}, 0.5, {1, 1, 0}, {1, 1, -0.5});
  // 0.25 under it: the normal turns to -z, depth 0.75, the ball's deepest point 0.75 above the face.
  expectExactContact(contactOf(kFloor, Sphere{{1, 1, -0.25}, 1}), {0, 0, -1}, 0.75, {1, 1, 0}, {1, 1, 0.75});
}

TEST(ContactTriangleSphere, CentreInThePlaneTakesTheFrontFace) {
  // The centre on the face: out along the front normal by the whole radius.
  expectExactContact(contactOf(kFloor, Sphere{{1, 1, 0}, 0.5}), {0, 0, 1}, 0.5, {1, 1, 0}, {1, 1, -0.5});
  expectExactContact(contactOf(kFloorBack, Sphere{{1, 1, 0}, 0.5}), {0, 0, -1}, 0.5, {1, 1, 0}, {1, 1, 0.5});
  // A point (radius 0) on the face touches.
  expectExactContact(contactOf(kFloor, Sphere{{1, 1, 0}, 0}), {0, 0, 1}, 0, {1, 1, 0}, {1, 1, 0});
}

TEST(ContactTriangleSphere, NearAnEdgeAndACorner) {
  // The edge y = 0: (2, -3, 4) is 5 from its point (2, 0, 0) along (0, -3, 4) / 5; radius 6 gives depth 1, the
  // ball's deepest point (2, 0, 0) - 1 * (0, -0.6, 0.8).
  expectContact(contactOf(kFloor, Sphere{{2, -3, 4}, 6}), {0, -0.6, 0.8}, 1, {2, 0, 0}, {2, 0.6, -0.8}, 1e-15);
  // The corner (0, 0, 0): (-2, -3, 6) is 7 from it; radius 9 gives depth 2 along (-2, -3, 6) / 7.
  expectContact(contactOf(kFloor, Sphere{{-2, -3, 6}, 9}), {-2.0 / 7, -3.0 / 7, 6.0 / 7}, 2, {0, 0, 0},
                {4.0 / 7, 6.0 / 7, -12.0 / 7}, 1e-15);
}

TEST(ContactTriangleSphere, TouchingAFaceAnEdgeACornerAndJustApart) {
  expectExactContact(contactOf(kFloor, Sphere{{1, 1, 2}, 2}), {0, 0, 1}, 0, {1, 1, 0}, {1, 1, 0});
  expectContact(contactOf(kFloor, Sphere{{2, -3, 4}, 5}), {0, -0.6, 0.8}, 0, {2, 0, 0}, {2, 0, 0}, 1e-15);
  expectContact(contactOf(kFloor, Sphere{{-2, -3, 6}, 7}), {-2.0 / 7, -3.0 / 7, 6.0 / 7}, 0, {0, 0, 0}, {0, 0, 0},
                1e-15);
  EXPECT_EQ(contactOf(kFloor, Sphere{{2, -3, 4}, 5})->depth, 0);
  EXPECT_FALSE(contactOf(kFloor, Sphere{{1, 1, 2}, below(2)}));
  EXPECT_FALSE(contactOf(kFloor, Sphere{{2, -3, 4}, below(5)}));
  EXPECT_FALSE(contactOf(kFloor, Sphere{{-2, -3, 6}, below(7)}));
}

TEST(ContactTriangleSphere, TriangleWithoutAreaIsItsSegment) {
  // Collinear corners covering the segment (0, 0, 0)-(4, 0, 0); the ball at (2, 0, 1) with radius 2 is 1 deep.
  const Triangle line{{0, 0, 0}, {2, 0, 0}, {4, 0, 0}};
  expectExactContact(contactOf(line, Sphere{{2, 0, 1}, 2}), {0, 0, 1}, 1, {2, 0, 0}, {2, 0, -1});
  // Beyond the end: (6, 0, 0) against the end (4, 0, 0).
  expectExactContact(contactOf(line, Sphere{{6, 0, 0}, 3}), {1, 0, 0}, 1, {4, 0, 0}, {3, 0, 0});
  EXPECT_FALSE(contactOf(line, Sphere{{2, 0, 2}, below(2)}));
  // All three corners at one point.
  const Triangle point{{1, 1, 1}, {1, 1, 1}, {1, 1, 1}};
  expectExactContact(contactOf(point, Sphere{{1, 1, 4}, 5}), {0, 0, 1}, 2, {1, 1, 1}, {1, 1, -1});
}

// ---- Capsules -----------------------------------------------------------------------------------------------------

TEST(ContactTriangleCapsule, LyingOverTheFace) {
  // The segment 0.5 above the face, parallel to it: depth 0.5 along +z; every point of its shadow is a closest
  // point of the triangle.
  const auto c = contactOf(kFloor, Capsule{{1, 1, 0.5}, {2, 1, 0.5}, 1});
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->normal, (Vec3{0, 0, 1}));
  EXPECT_EQ(c->depth, 0.5);
  EXPECT_EQ(c->pointA.z, 0);
  EXPECT_EQ(c->pointA.y, 1);
  EXPECT_GE(c->pointA.x, 1);
  EXPECT_LE(c->pointA.x, 2);
  EXPECT_EQ(c->pointB, c->pointA - Vec3({0, 0, 0.5}));
}

TEST(ContactTriangleCapsule, CrossingTheFaceIsPushedOutOnTheSideOfItsMiddle) {
  // Upright through (1, 1, 0), from z = -1 to 3: the middle is above, so up by 1 + radius 0.5 until the lower end's
  // ball rests on the face.
  expectExactContact(contactOf(kFloor, Capsule{{1, 1, -1}, {1, 1, 3}, 0.5}), {0, 0, 1}, 1.5, {1, 1, 0},
                     {1, 1, -1.5});
  // Reversed, from z = 1 down to -3: the middle is below, so down by 1.5.
  expectExactContact(contactOf(kFloor, Capsule{{1, 1, 1}, {1, 1, -3}, 0.5}), {0, 0, -1}, 1.5, {1, 1, 0},
                     {1, 1, 1.5});
  // A bare segment (radius 0) through the face: lifted until its lower end touches it.
  expectExactContact(contactOf(kFloor, Capsule{{1, 1, -1}, {1, 1, 3}, 0}), {0, 0, 1}, 1, {1, 1, 0}, {1, 1, -1});
}

TEST(ContactTriangleCapsule, SlantedThroughTheFaceWithItsMiddleInThePlane) {
  // The segment (-1, 1, -2)-(3, 1, 2), slope 1 in the plane y = 1, crosses the face at its middle (1, 1, 0): the
  // front face's side, +z. Lifted by s, its points (x, 1, x - 1 + s) over the triangle (0 <= x <= 3 at y = 1) stay
  // above the face, and those beyond the edge x = 0 come nearest to its point (0, 1, 0), at distance
  // (s - 1) / sqrt(2) (the line x - z = 1 - s in the plane y = 1, its foot at x = (1 - s) / 2 < 0 on the segment).
  // Radius 1: s = 1 + sqrt(2); the triangle's point is (0, 1, 0).
  const double s = 1 + std::sqrt(2.0);
  expectContact(contactOf(kFloor, Capsule{{-1, 1, -2}, {3, 1, 2}, 1}), {0, 0, 1}, s, {0, 1, 0}, {0, 1, -s}, 1e-14);
  // Lying in the plane across the triangle: lifted by its radius.
  const auto flat = contactOf(kFloor, Capsule{{-1, 1, 0}, {5, 1, 0}, 0.5});
  ASSERT_TRUE(flat.has_value());
  EXPECT_EQ(flat->normal, (Vec3{0, 0, 1}));
  EXPECT_EQ(flat->depth, 0.5);
  EXPECT_EQ(flat->pointA.z, 0);
  EXPECT_GE(flat->pointA.x, 0);
  EXPECT_LE(flat->pointA.x, 3);
}

TEST(ContactTriangleCapsule, TouchingAndBesideAnEdge) {
  // The lower end's ball rests on the face.
  expectExactContact(contactOf(kFloor, Capsule{{1, 1, 1}, {1, 1, 3}, 1}), {0, 0, 1}, 0, {1, 1, 0}, {1, 1, 0});
  EXPECT_FALSE(contactOf(kFloor, Capsule{{1, 1, 1}, {1, 1, 3}, below(1)}));
  // Upright beside the edge y = 0, 2 from it: touching with radius 2, 1 deep with radius 3, pushed along -y.
  expectExactContact(contactOf(kFloor, Capsule{{2, -2, -1}, {2, -2, 1}, 2}), {0, -1, 0}, 0, {2, 0, 0}, {2, 0, 0});
  expectExactContact(contactOf(kFloor, Capsule{{2, -2, -1}, {2, -2, 1}, 3}), {0, -1, 0}, 1, {2, 0, 0}, {2, 1, 0});
  // A capsule whose ends coincide is the ball.
  expectExactContact(contactOf(kFloor, Capsule{{1, 1, 0.5}, {1, 1, 0.5}, 1}), {0, 0, 1}, 0.5, {1, 1, 0},
                     {1, 1, -0.5});
}

TEST(ContactTriangleCapsule, TriangleWithoutAreaIsItsSegment) {
  // The segment (0, 0, 0)-(4, 0, 0) against the core (2, -1, 1)-(2, 1, 1): 1 apart along z, radius 2.
  const Triangle line{{0, 0, 0}, {2, 0, 0}, {4, 0, 0}};
  expectExactContact(contactOf(line, Capsule{{2, -1, 1}, {2, 1, 1}, 2}), {0, 0, 1}, 1, {2, 0, 0}, {2, 0, -1});
}

// ---- Boxes --------------------------------------------------------------------------------------------------------

TEST(ContactTriangleBox, PressedIntoTheFace) {
  // The box reaches 0.25 under the face, its centre above: up by 0.25; the touching point is on its bottom face.
  const auto up = contactOf(kWide, Aabb{{-1, -1, -0.25}, {1, 1, 1.75}});
  ASSERT_TRUE(up.has_value());
  EXPECT_EQ(up->normal, (Vec3{0, 0, 1}));
  EXPECT_EQ(up->depth, 0.25);
  EXPECT_EQ(up->pointA.z, 0);
  EXPECT_LE(std::fabs(up->pointA.x), 1);
  EXPECT_LE(std::fabs(up->pointA.y), 1);
  EXPECT_EQ(up->pointB, up->pointA - Vec3({0, 0, 0.25}));
  // From below: down by 0.25.
  const auto down = contactOf(kWide, Aabb{{-1, -1, -1.75}, {1, 1, 0.25}});
  ASSERT_TRUE(down.has_value());
  EXPECT_EQ(down->normal, (Vec3{0, 0, -1}));
  EXPECT_EQ(down->depth, 0.25);
}

TEST(ContactTriangleBox, CentreInThePlaneTakesTheFrontFace) {
  const Aabb box{{-1, -1, -1}, {1, 1, 1}};
  const auto front = contactOf(kWide, box);
  ASSERT_TRUE(front.has_value());
  EXPECT_EQ(front->normal, (Vec3{0, 0, 1}));
  EXPECT_EQ(front->depth, 1);
  const Triangle back{kWide.a, kWide.c, kWide.b};
  const auto behind = contactOf(back, box);
  ASSERT_TRUE(behind.has_value());
  EXPECT_EQ(behind->normal, (Vec3{0, 0, -1}));
  EXPECT_EQ(behind->depth, 1);
  // The same for an oriented box (a turn about z keeps its half height 1 along z).
  const auto turned = contactOf(back, Obb{{0, 0, 0}, {2, 1, 1}, columns({0.6, 0.8, 0}, {-0.8, 0.6, 0}, {0, 0, 1})});
  ASSERT_TRUE(turned.has_value());
  EXPECT_EQ(turned->normal, (Vec3{0, 0, -1}));
  EXPECT_EQ(turned->depth, 1);
}

TEST(ContactTriangleBox, CornerOnATiltedTriangle) {
  // The plane x + y + z = 3 through (3, 0, 0), (0, 3, 0), (0, 0, 3), front normal (1, 1, 1) / sqrt(3); the cube
  // [0, 1]^3 touches it with its corner (1, 1, 1) (the triangle's centroid), its centre on the back side.
  const Triangle tilted{{3, 0, 0}, {0, 3, 0}, {0, 0, 3}};
  const double k = 1 / std::sqrt(3.0);
  expectContact(contactOf(tilted, Aabb{{0, 0, 0}, {1, 1, 1}}), {-k, -k, -k}, 0, {1, 1, 1}, {1, 1, 1}, 1e-15);
  EXPECT_FALSE(contactOf(tilted, Aabb{{0, 0, 0}, {below(1), below(1), below(1)}}));
  // The cube [0, 1.5]^3 reaches (4.5 - 3) / sqrt(3) = sqrt(3) / 2 past the plane; the faces x, y, z need 1.5 and the
  // edge axes more: out along -(1, 1, 1) / sqrt(3), the corner (1.5, 1.5, 1.5) brought to (1, 1, 1).
  expectContact(contactOf(tilted, Aabb{{0, 0, 0}, {1.5, 1.5, 1.5}}), {-k, -k, -k}, std::sqrt(3.0) / 2, {1, 1, 1},
                {1.5, 1.5, 1.5}, 1e-14);
}

TEST(ContactTriangleBox, EdgeAgainstEdge) {
  // The triangle's edge from (2.8, -1, 0) to (-1, 2.8, 0) lies on x + y = 1.8, cutting 0.2 / sqrt(2) into the cube
  // [-1, 1]^3 past its edge x = y = 1; the third corner (5, 5, 3) leans away. The cube leaves along -(1, 1, 0) /
  // sqrt(2), the axis z x (edge), by 0.2 / sqrt(2); its edge point (1, 1, 0) comes to (0.9, 0.9, 0) on the
  // triangle's edge. (The face axes need 1 (z) and 2 (x, y); the triangle's normal 0.95.)
  const Triangle t{{2.8, -1, 0}, {-1, 2.8, 0}, {5, 5, 3}};
  const double k = 1 / std::sqrt(2.0);
  expectContact(contactOf(t, Aabb{{-1, -1, -1}, {1, 1, 1}}), {-k, -k, 0}, 0.2 * k, {0.9, 0.9, 0}, {1, 1, 0}, 1e-14);
}

TEST(ContactTriangleBox, OrientedBoxStandingOnAnEdge) {
  // The cube of half size 1 around (0, 0, 1) turned 45 degrees about x: its lowest edge, along x, is at
  // z = 1 - sqrt(2); up by sqrt(2) - 1.
  const double h = std::sqrt(0.5);
  const Obb box{{0, 0, 1}, {1, 1, 1}, columns({1, 0, 0}, {0, h, h}, {0, -h, h})};
  const auto c = contactOf(kWide, box);
  ASSERT_TRUE(c.has_value());
  EXPECT_TRUE(near(c->normal, {0, 0, 1}, 1e-15));
  EXPECT_NEAR(c->depth, std::sqrt(2.0) - 1, 1e-15);
  EXPECT_NEAR(c->pointA.z, 0, 1e-15);
  EXPECT_NEAR(c->pointA.y, 0, 1e-15);
}

TEST(ContactTriangleBox, TriangleWithoutArea) {
  // The segment from (-2, 0, 0.5) to (2, 0, 0.5) through the cube [-1, 1]^3: down by 0.5 (the faces y need 1, x 3).
  const Triangle line{{-2, 0, 0.5}, {0, 0, 0.5}, {2, 0, 0.5}};
  const auto c = contactOf(line, Aabb{{-1, -1, -1}, {1, 1, 1}});
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->normal, (Vec3{0, 0, -1}));
  EXPECT_EQ(c->depth, 0.5);
  EXPECT_EQ(c->pointA.z, 0.5);
  EXPECT_EQ(c->pointA.y, 0);
  EXPECT_LE(std::fabs(c->pointA.x), 1);
}

TEST(ContactTriangleTable, ReversedOrderNegatesTheNormalAndSwapsThePoints) {
  const auto expectReversed = [](const auto& shape, const Triangle& t) {
    const auto forward = contactOf(t, shape), backward = contactOf(shape, t);
    ASSERT_TRUE(forward && backward);
    EXPECT_EQ(backward->normal, -forward->normal);
    EXPECT_EQ(backward->depth, forward->depth);
    EXPECT_EQ(backward->pointA, forward->pointB);
    EXPECT_EQ(backward->pointB, forward->pointA);
  };
  expectReversed(Sphere{{2, -3, 4}, 6}, kFloor);
  expectReversed(Capsule{{-1, 1, -2}, {3, 1, 2}, 1}, kFloor);
  expectReversed(Aabb{{0, 0, 0}, {1.5, 1.5, 1.5}}, Triangle{{3, 0, 0}, {0, 3, 0}, {0, 0, 3}});
  expectReversed(Obb{{0, 0, 0}, {2, 1, 1}, columns({0.6, 0.8, 0}, {-0.8, 0.6, 0}, {0, 0, 1})}, kWide);
  EXPECT_FALSE(contactOf(Sphere{{1, 1, 2}, below(2)}, kFloor));
}

// ---- Properties on random shapes ----------------------------------------------------------------------------------

using testing::moved;

// How far the shape must travel along the unit `direction` until it no longer meets the triangle (it meets it where
// it starts): the travels at which two convex sets meet are an interval holding 0, so bisection finds its end.
template <class Shape>
double escape(const Triangle& t, const Shape& shape, Vec3 direction) {
  double meeting = 0, apart = 64;  // every random shape and triangle fits in a ball of radius 16
  for (int i = 0; i < 70; ++i) {
    const double mid = 0.5 * (meeting + apart);
    (meets(t, moved(shape, direction * mid)) ? meeting : apart) = mid;
  }
  return 0.5 * (meeting + apart);
}

double distanceTo(const Sphere& s, Vec3 p) { return std::fmax(length(p - s.center) - s.radius, 0.0); }
double distanceTo(const Capsule& c, Vec3 p) { return std::fmax(testing::distanceToSegment(p, c.start, c.end) - c.radius, 0.0); }
double distanceTo(const Aabb& box, Vec3 p) { return testing::distanceToBox(box, p); }
double distanceTo(const Obb& box, Vec3 p) { return testing::distanceToBox(box, p); }

Vec3 randomDirection(Random& random) {
  Vec3 d;
  while (!(lengthSquared(d) > 0.01 && lengthSquared(d) <= 1)) d = random.vector(-1, 1);
  return d * (1 / length(d));
}

struct Tally {
  int met = 0, apart = 0;
};

// `leastTranslation`: whether the depth must also be the least over all directions.
template <class Shape>
void expectProperties(const Triangle& t, const Shape& shape, bool leastTranslation, Random& random, Tally& tally) {
  const auto c = contactOf(t, shape);
  ASSERT_EQ(c.has_value(), meets(t, shape));
  if (!c) {
    ++tally.apart;
    return;
  }
  ++tally.met;
  EXPECT_NEAR(length(c->normal), 1, 1e-14);
  EXPECT_GE(c->depth, 0);
  EXPECT_TRUE(near(c->pointA - c->pointB, c->normal * c->depth, 1e-12));
  EXPECT_LE(testing::distanceToTriangle(c->pointA, t), 1e-9);
  EXPECT_LE(distanceTo(shape, c->pointB), 1e-9);
  // Within a few ulps of the scene's size (the README's Precision section), as the bisection is.
  EXPECT_NEAR(escape(t, shape, c->normal), c->depth, 1e-14);
  if (leastTranslation) {
    for (int i = 0; i < 16; ++i) EXPECT_GE(escape(t, shape, randomDirection(random)), c->depth - 1e-14);
  }
}

// Random triangles (a quarter integer, some without area) against shapes around them.
template <class Make>
void expectPropertiesOnRandomPairs(unsigned seed, Make make) {
  Random random(seed);
  Tally tally;
  const int trials = testing::cases(300);
  for (int trial = 0; trial < trials; ++trial) {
    SCOPED_TRACE(trial);
    Triangle t = testing::randomTriangle(random, random.integer(0, 3) == 0);
    if (random.integer(0, 9) == 0) t.c = t.a + (t.b - t.a) * double(random.integer(-1, 2));  // no area
    const auto shape = make(random);
    bool least = true;
    if constexpr (std::is_same_v<decltype(shape), const Capsule>) {
      least = !meets(t, Capsule{shape.start, shape.end, 0});  // a crossing segment is pushed along the normal
    }
    expectProperties(t, shape, least, random, tally);
  }
  EXPECT_GT(tally.met, trials / 5);
  EXPECT_GT(tally.apart, trials / 10);
}

double size(Random& random) { return random.integer(0, 5) == 0 ? 0 : random.uniform(0.1, 2.5); }

TEST(ContactTriangleProperties, Sphere) {
  expectPropertiesOnRandomPairs(1, [](Random& r) { return Sphere{r.vector(-2, 2), size(r)}; });
}
TEST(ContactTriangleProperties, Capsule) {
  expectPropertiesOnRandomPairs(2, [](Random& r) {
    const Vec3 start = r.vector(-2, 2);
    return Capsule{start, r.integer(0, 5) == 0 ? start : start + r.vector(-3, 3), size(r)};
  });
}
TEST(ContactTriangleProperties, Aabb) {
  expectPropertiesOnRandomPairs(3, [](Random& r) {
    const Vec3 centre = r.vector(-2, 2), half{size(r), size(r), size(r)};
    return Aabb{centre - half, centre + half};
  });
}
TEST(ContactTriangleProperties, Obb) {
  expectPropertiesOnRandomPairs(4, [](Random& r) { return Obb{r.vector(-2, 2), {size(r), size(r), size(r)}, r.rotation()}; });
}

// A triangle of integer corners in a plane through the origin, with random normal, around the origin.
Triangle throughOrigin(Random& random, double spread) {
  Vec3 u, w;
  while (isZero(cross(u, w))) u = random.integerVector(-3, 3), w = random.integerVector(-3, 3);
  const auto corner = [&](double i, double j) { return u * i + w * j; };
  return {corner(spread, 0), corner(0, spread), corner(-spread, -spread)};
}

// Centres exactly in a tilted plane, where the rounded projections of the corners scatter around 0: the side is
// still the front face's, decided exactly.
TEST(ContactTriangleProperties, CentreExactlyInATiltedPlaneTakesTheFrontFace) {
  Random random(7);
  for (int trial = 0; trial < testing::cases(500); ++trial) {
    SCOPED_TRACE(trial);
    const Triangle t = throughOrigin(random, 40);  // large against the shapes: the normal is the shortest way out
    const Vec3 front = unitFaceNormal(t), half = random.vector(0.1, 1);
    for (const auto& c : {contactOf(t, Sphere{{0, 0, 0}, random.uniform(0.1, 1)}),
                          contactOf(t, Capsule{{0, 0, 0}, {0, 0, 0}, random.uniform(0.1, 1)}),
                          contactOf(t, Aabb{-half, half}), contactOf(t, Obb{{0, 0, 0}, half, random.rotation()})}) {
      ASSERT_TRUE(c.has_value());
      EXPECT_EQ(c->normal, front);
    }
  }
}

// A box whose corner touches a tilted triangle exactly: the rounded overlap along the triangle's normal, near 0 on
// either side, gives depth 0, never below.
TEST(ContactTriangleProperties, BoxCornerTouchingATiltedTriangle) {
  Random random(8);
  for (int trial = 0; trial < testing::cases(500); ++trial) {
    SCOPED_TRACE(trial);
    // The plane n.x = n.(1, 1, 1) through the cube's corner (1, 1, 1), n > 0: the cube [0, 1]^3 lies behind it.
    const Vec3 n{double(random.integer(1, 9)), double(random.integer(1, 9)), double(random.integer(1, 9))};
    const Vec3 u = cross(n, Vec3{1, 0, 0}), w = cross(n, u), corner{1, 1, 1};
    const Triangle t{corner + u * 3.0, corner + w * 3.0, corner - (u + w) * 3.0};
    const auto c = contactOf(t, Aabb{{0, 0, 0}, corner});
    ASSERT_TRUE(c.has_value());
    const double size = std::fmax(length(u), length(w)) * 6;  // the triangle's
    EXPECT_GE(c->depth, 0);
    EXPECT_LE(c->depth, 1e-15 * size);  // a few ulps of the sizes involved
    EXPECT_TRUE(near(c->pointA, corner, 1e-15 * size));
  }
}

// Balls and capsules whose centre (an end of the segment) is a rounded point of an edge: within an ulp of the
// triangle, on either side, where the direction of the closest pair is rounding noise. The push must still be one
// along which the shape leaves in `depth`.
TEST(ContactTriangleProperties, CentresOnAnEdgeUpToRounding) {
  Random random(6);
  Tally tally;
  const int trials = testing::cases(300);
  for (int trial = 0; trial < trials; ++trial) {
    SCOPED_TRACE(trial);
    const Triangle t = testing::randomTriangle(random, false);
    const int edge = random.integer(0, 2);
    const Vec3 from = vertex(t, edge), on = from + (vertex(t, (edge + 1) % 3) - from) * random.uniform(0, 1);
    expectProperties(t, Sphere{on, random.uniform(0.1, 2)}, true, random, tally);
    const Capsule capsule{on, on + random.vector(-2, 2), random.uniform(0.1, 2)};
    expectProperties(t, capsule, !meets(t, Capsule{capsule.start, capsule.end, 0}), random, tally);
  }
  EXPECT_EQ(tally.met, 2 * trials);
}

// Integer shapes on a small grid touch and share faces, edges and corners exactly.
TEST(ContactTriangleProperties, GridShapesTouchingExactly) {
  Random random(5);
  Tally tally;
  const int trials = testing::cases(300);
  for (int trial = 0; trial < trials; ++trial) {
    SCOPED_TRACE(trial);
    const Triangle t = testing::randomTriangle(random, true);
    const Vec3 lo = random.integerVector(-3, 2);
    expectProperties(t, Aabb{lo, lo + random.integerVector(0, 2)}, true, random, tally);
    expectProperties(t, Sphere{random.integerVector(-3, 3), double(random.integer(0, 2))}, true, random, tally);
    const Capsule capsule{random.integerVector(-3, 3), random.integerVector(-3, 3), double(random.integer(0, 2))};
    expectProperties(t, capsule, !meets(t, Capsule{capsule.start, capsule.end, 0}), random, tally);
  }
  EXPECT_GT(tally.met, trials / 2);
}

}  // namespace
}  // namespace c3d
