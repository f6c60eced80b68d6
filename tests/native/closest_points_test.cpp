// closestPointOn and closestPoints, through the kernels and the closestPoints dispatch table (which distance() reads).
// Hand-computed cases use integer and Pythagorean coordinates, so the expected answers are exact. On random shapes
// every answer is checked against an independent brute force: dense samples of one shape and an exact point distance
// to the other, written here without the library's kernels. distance is 0 exactly when intersects says the shapes
// meet, on random shapes and on exact touching cases.
#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "collide3d/dispatch/tables.h"
#include "collide3d/queries/distance/closest_points.h"
#include "test_support.h"

namespace c3d {
namespace {

using testing::near;

constexpr double kOn = 1e-9;  // how far a reported point may lie from its shape, and |pointB - pointA| from distance

double below(double x) { return std::nextafter(x, 0.0); }
double above(double x) { return std::nextafter(x, kInfinity); }

Mat3 columns(Vec3 x, Vec3 y, Vec3 z) {
  Mat3 r;
  const double m[9] = {x.x, x.y, x.z, y.x, y.y, y.z, z.x, z.y, z.z};
  for (int i = 0; i < 9; ++i) r.m[i] = m[i];
  return r;
}

// A turn about z by the Pythagorean angle (cos 3/5, sin 4/5): local axes u = (0.6, 0.8, 0), v = (-0.8, 0.6, 0).
const Mat3 kTurn = columns({0.6, 0.8, 0}, {-0.8, 0.6, 0}, {0, 0, 1});

// ---- describing shapes in failure messages ----

void print(std::ostream& out, double v) { out << v; }
void print(std::ostream& out, Vec3 v) { out << '(' << v.x << ", " << v.y << ", " << v.z << ')'; }
void print(std::ostream& out, const Mat3& r) {
  out << '[';
  for (int i = 0; i < 9; ++i) out << (i ? ", " : "") << r.m[i];
  out << ']';
}

template <class Shape>
std::string describe(const Shape& shape) {
  std::ostringstream out;
  out.precision(17);
  out << Shape::kName << " {";
  Shape::fields([&](const char* name, auto member) {
    out << ' ' << name << ' ';
    print(out, shape.*member);
  });
  out << " }";
  return out.str();
}

template <class A, class B>
std::string describe(const A& a, const B& b) {
  return describe(a) + " and " + describe(b);
}

// ---- exact point-to-shape distances, independent of closest_point.h ----

// The distance from p to origin + t * direction, t in [lo, hi].
double parametricDistance(Vec3 origin, Vec3 direction, double lo, double hi, Vec3 p) {
  const double dd = dot(direction, direction);
  if (dd == 0) return length(p - origin);
  const double t = std::clamp(dot(p - origin, direction) / dd, lo, hi);
  return length(p - (origin + direction * t));
}
double segmentDistance(Vec3 start, Vec3 end, Vec3 p) { return parametricDistance(start, end - start, 0, 1, p); }

// The distance from p to the box [-half, half] (in the box's frame).
double boxDistance(Vec3 local, Vec3 half) {
  double sum = 0;
  for (int axis = 0; axis < 3; ++axis) {
    const double outside = std::fmax(std::fabs(component(local, axis)) - component(half, axis), 0.0);
    sum += outside * outside;
  }
  return std::sqrt(sum);
}

double distanceTo(const Point& s, Vec3 p) { return length(p - s.position); }
double distanceTo(const Sphere& s, Vec3 p) { return std::fmax(length(p - s.center) - s.radius, 0.0); }
double distanceTo(const Segment& s, Vec3 p) { return segmentDistance(s.start, s.end, p); }
double distanceTo(const Capsule& c, Vec3 p) { return std::fmax(segmentDistance(c.start, c.end, p) - c.radius, 0.0); }
double distanceTo(const Ray& r, Vec3 p) { return parametricDistance(r.origin, r.direction, 0, kInfinity, p); }
double distanceTo(const Line& l, Vec3 p) { return parametricDistance(l.origin, l.direction, -kInfinity, kInfinity, p); }
double distanceTo(const Plane& s, Vec3 p) { return std::fabs(dot(s.normal, p) + s.constant) / length(s.normal); }
double distanceTo(const Aabb& box, Vec3 p) { return boxDistance(p - center(box), halfSize(box)); }
double distanceTo(const Obb& box, Vec3 p) {
  const Vec3 d = p - box.center;
  const Mat3& r = box.rotation;
  return boxDistance({dot(d, r.column(0)), dot(d, r.column(1)), dot(d, r.column(2))}, box.halfSize);
}
// The plane distance when p projects inside the triangle (on the inner side of all three edges), else the nearest
// edge. A sliver, less than 1e-12 times its longest edge wide, is taken as its edges (the inside test is noise there).
double distanceTo(const Triangle& t, Vec3 p) {
  const double edges = std::fmin(segmentDistance(t.a, t.b, p), std::fmin(segmentDistance(t.b, t.c, p),
                                                                        segmentDistance(t.c, t.a, p)));
  const Vec3 n = cross(t.b - t.a, t.c - t.a);
  const double longest = std::fmax(lengthSquared(t.b - t.a), std::fmax(lengthSquared(t.c - t.b), lengthSquared(t.a - t.c)));
  if (lengthSquared(n) <= 1e-24 * longest * longest) return edges;
  const Vec3 q = p - n * (dot(p - t.a, n) / dot(n, n));
  const bool inside = dot(cross(t.b - t.a, q - t.a), n) >= 0 && dot(cross(t.c - t.b, q - t.b), n) >= 0 &&
                      dot(cross(t.a - t.c, q - t.c), n) >= 0;
  return inside ? std::fabs(dot(p - t.a, n)) / length(n) : edges;
}

// ---- dense samples of each shape ----

// Points of a shape such that every point of the shape (for a plane, ray or line: of the part near the origin) lies
// within `spacing` of one of them.
struct Samples {
  std::vector<Vec3> points;
  double spacing = 0;
};

// Fibonacci-sphere directions, roughly evenly spread; every direction lies within about sqrt(4pi/n) of one.
std::vector<Vec3> directions(int n) {
  std::vector<Vec3> out;
  const double golden = M_PI * (3 - std::sqrt(5.0));
  for (int i = 0; i < n; ++i) {
    const double z = 1 - (2 * i + 1.0) / n, rho = std::sqrt(1 - z * z);
    out.push_back({rho * std::cos(golden * i), rho * std::sin(golden * i), z});
  }
  return out;
}

// The solid ball as its center and `shells` concentric spheres of `perShell` directions.
Samples ballSamples(Vec3 center, double radius, int shells, int perShell) {
  Samples s;
  s.points.push_back(center);
  const std::vector<Vec3> dirs = directions(perShell);
  for (int k = 1; k <= shells; ++k) {
    for (Vec3 d : dirs) s.points.push_back(center + d * (radius * k / shells));
  }
  s.spacing = radius * (0.5 / shells + 2 * std::sqrt(4 * M_PI / perShell));
  return s;
}

// origin + t * direction for `n` + 1 evenly spaced t in [lo, hi].
Samples parametricSamples(Vec3 origin, Vec3 direction, double lo, double hi, int n) {
  Samples s;
  for (int i = 0; i <= n; ++i) s.points.push_back(origin + direction * (lo + (hi - lo) * i / n));
  s.spacing = (hi - lo) * length(direction) / (2 * n);
  return s;
}

// center + rotation * local for a grid of local points in [-half, half].
Samples boxSamples(Vec3 center, Vec3 half, const Mat3& rotation, int n) {
  Samples s;
  for (int i = 0; i <= n; ++i) {
    for (int j = 0; j <= n; ++j) {
      for (int k = 0; k <= n; ++k) {
        const Vec3 local{half.x * (2.0 * i / n - 1), half.y * (2.0 * j / n - 1), half.z * (2.0 * k / n - 1)};
        s.points.push_back(center + rotation * local);
      }
    }
  }
  s.spacing = length(half) / n;
  return s;
}

// Rays and lines are sampled out to 20 units from their origin, planes over a 22 x 22 square around their point
// nearest the world origin: enough for the random inputs below (query points within 6 per axis, origins within 4).
constexpr double kReach = 20;

Samples samples(const Point& s) { return {{s.position}, 0}; }
Samples samples(const Sphere& s) { return ballSamples(s.center, s.radius, 10, 2000); }
Samples samples(const Segment& s) { return parametricSamples(s.start, s.end - s.start, 0, 1, 2000); }
Samples samples(const Ray& r) { return parametricSamples(r.origin, r.direction, 0, kReach / length(r.direction), 20000); }
Samples samples(const Line& l) {
  const double t = kReach / length(l.direction);
  return parametricSamples(l.origin, l.direction, -t, t, 40000);
}
Samples samples(const Capsule& c) {
  const Samples axis = parametricSamples(c.start, c.end - c.start, 0, 1, 40);
  const Samples ball = ballSamples({}, c.radius, 4, 400);
  Samples s;
  for (Vec3 a : axis.points) {
    for (Vec3 b : ball.points) s.points.push_back(a + b);
  }
  s.spacing = axis.spacing + ball.spacing;
  return s;
}
Samples samples(const Aabb& box) { return boxSamples(center(box), halfSize(box), Mat3{}, 20); }
Samples samples(const Obb& box) { return boxSamples(box.center, box.halfSize, box.rotation, 20); }
Samples samples(const Triangle& t) {
  const int n = 100;
  Samples s;
  for (int i = 0; i <= n; ++i) {
    for (int j = 0; i + j <= n; ++j) s.points.push_back(t.a + (t.b - t.a) * (double(i) / n) + (t.c - t.a) * (double(j) / n));
  }
  s.spacing = std::fmax(length(t.b - t.a), std::fmax(length(t.c - t.b), length(t.a - t.c))) / n;
  return s;
}
Samples samples(const Plane& plane) {
  const Vec3 n = plane.normal * (1 / length(plane.normal));
  const Vec3 other = std::fabs(n.x) < 0.5 ? Vec3{1, 0, 0} : Vec3{0, 1, 0};
  const Vec3 u = cross(n, other) * (1 / length(cross(n, other))), v = cross(n, u);
  const Vec3 foot = n * (-plane.constant / length(plane.normal));
  const int steps = 550;
  const double half = 11, step = 2 * half / steps;
  Samples s;
  for (int i = 0; i <= steps; ++i) {
    for (int j = 0; j <= steps; ++j) s.points.push_back(foot + u * (i * step - half) + v * (j * step - half));
  }
  s.spacing = step;
  return s;
}

// ---- random shapes ----

template <class Shape>
Shape randomShape(testing::Random& random);

template <>
Point randomShape(testing::Random& random) {
  return {random.vector(-4, 4)};
}
template <>
Sphere randomShape(testing::Random& random) {
  return {random.vector(-4, 4), random.integer(0, 9) == 0 ? 0 : random.uniform(0, 2.5)};
}
template <>
Segment randomShape(testing::Random& random) {
  const Vec3 start = random.vector(-4, 4);
  return {start, random.integer(0, 9) == 0 ? start : random.vector(-4, 4)};  // one in ten of zero length
}
template <>
Capsule randomShape(testing::Random& random) {
  const Segment axis = randomShape<Segment>(random);
  return {axis.start, axis.end, random.uniform(0, 2)};
}
template <>
Ray randomShape(testing::Random& random) {
  return {random.vector(-4, 4), random.vector(-2, 2)};
}
template <>
Line randomShape(testing::Random& random) {
  return {random.vector(-4, 4), random.vector(-2, 2)};
}
template <>
Plane randomShape(testing::Random& random) {
  return {random.vector(-2, 2), random.uniform(-4, 4)};  // a non-unit normal
}
template <>
Triangle randomShape(testing::Random& random) {
  const Vec3 a = random.vector(-4, 4), b = random.vector(-4, 4);
  if (random.integer(0, 9) == 0) return {a, b, a + (b - a) * 3};  // one in ten collinear: (nearly) zero area
  return {a, b, random.vector(-4, 4)};
}
template <>
Aabb randomShape(testing::Random& random) {
  const Vec3 min = random.vector(-4, 3);
  Vec3 size = random.vector(0, 3);
  if (random.integer(0, 9) == 0) size.y = 0;  // one in ten flat
  return {min, min + size};
}
template <>
Obb randomShape(testing::Random& random) {
  return {random.vector(-4, 4), random.vector(0, 2), random.rotation()};
}

// ---- closestPoints through the table, in both orders, checked against the kernel ----

template <class S>
constexpr bool kIsRounded = std::is_same_v<S, Point> || std::is_same_v<S, Sphere> || std::is_same_v<S, Segment> ||
                            std::is_same_v<S, Capsule>;
template <class S>
constexpr bool kIsBall = std::is_same_v<S, Point> || std::is_same_v<S, Sphere>;

// The kernel of closest_points.h that answers the pair (a point or ball first; a plane or triangle second).
template <class A, class B>
ClosestPoints kernel(const A& a, const B& b) {
  if constexpr (kIsRounded<A> && kIsRounded<B>) {
    return closestPointsRounded(rounded(a), rounded(b));
  } else if constexpr (kIsBall<A>) {
    const Rounded ball = rounded(a);
    return closestPointsFromCenter(ball.core.start, ball.radius, b);
  } else if constexpr (std::is_same_v<B, Plane> || std::is_same_v<B, Triangle>) {
    const Rounded r = rounded(a);
    return closestPoints(r.core, r.radius, b);
  } else {
    return closestPoints(a, b);
  }
}

// A valid answer: each point in its shape, the distance their separation, and one common point at distance 0.
template <class A, class B>
void expectValid(const A& a, const B& b, const ClosestPoints& r, const char* source) {
  SCOPED_TRACE(describe(a, b) + " (" + source + ")");
  EXPECT_LE(distanceTo(a, r.pointA), kOn);
  EXPECT_LE(distanceTo(b, r.pointB), kOn);
  EXPECT_GE(r.distance, 0);
  EXPECT_NEAR(length(r.pointB - r.pointA), r.distance, kOn);
  if (r.distance == 0) {
    EXPECT_TRUE(near(r.pointA, r.pointB, 0));
  }
}

ClosestPoints swapped(const ClosestPoints& c) { return {c.pointB, c.pointA, c.distance}; }



// The table's (A, B) answer, after checking it against the (B, A) entry and the kernel. For two different types the
// (B, A) entry reverses the same computation: the same answer with the points swapped. For two of one type it is the
// same entry with the arguments swapped, which may pick another valid pair (parallel segments have many): the same
// distance and a valid pair. The kernel, called directly, must give the distance and a valid pair too.
template <class A, class B>
ClosestPoints closest(const A& a, const B& b) {
  const ClosestPointsFn forward = closestPointsTable().at(A::kType, B::kType);
  const ClosestPointsFn backward = closestPointsTable().at(B::kType, A::kType);
  if (!forward || !backward) {
    ADD_FAILURE() << "no closestPoints entry for " << A::kName << " and " << B::kName;
    return {};
  }
  const testing::Buffer ea = encodedBuffer(a), eb = encodedBuffer(b);
  const ClosestPoints ab = forward(ea.data(), eb.data()), ba = backward(eb.data(), ea.data());
  if constexpr (std::is_same_v<A, B>) {
    EXPECT_NEAR(ba.distance, ab.distance, kOn) << describe(a, b);
    expectValid(a, b, swapped(ba), "table, reversed");
  } else {
    EXPECT_TRUE(near(ba.pointA, ab.pointB, 0)) << describe(a, b);
    EXPECT_TRUE(near(ba.pointB, ab.pointA, 0)) << describe(a, b);
    EXPECT_EQ(ba.distance, ab.distance) << describe(a, b);
  }
  const ClosestPoints direct = kernel(a, b);
  EXPECT_NEAR(direct.distance, ab.distance, kOn) << describe(a, b);
  expectValid(a, b, ab, "table");
  expectValid(a, b, direct, "kernel");
  return ab;
}

// Expects distance 0 and a common point; the common point is returned.
template <class A, class B>
Vec3 expectMeet(const A& a, const B& b) {
  const ClosestPoints r = closest(a, b);
  EXPECT_EQ(r.distance, 0) << describe(a, b);
  return r.pointA;
}

// ---- closestPointOn, by hand ----

TEST(ClosestPointOn, PointIsItsPosition) {
  EXPECT_TRUE(near(closestPointOn(Point{{1, 2, 3}}, {5, -5, 5}), {1, 2, 3}, 0));
}

TEST(ClosestPointOn, PlaneWithANonUnitNormal) {
  // 3y + 4z - 10 = 0 holds q = (1, 2, 1); |n| = 5. From q + 2n the foot is q: scaledDistance 50, / |n|^2 = 2.
  const Plane plane{{0, 3, 4}, -10};
  EXPECT_TRUE(near(closestPointOn(plane, {1, 8, 9}), {1, 2, 1}, 0));
  EXPECT_TRUE(near(closestPointOn(plane, {1, -1, -3}), {1, 2, 1}, 0));  // q - n, behind the plane
  EXPECT_TRUE(near(closestPointOn(plane, {7, 2, 1}), {7, 2, 1}, 0));    // on the plane
  // z = 2 written as 2z - 4 = 0.
  EXPECT_TRUE(near(closestPointOn(Plane{{0, 0, 2}, -4}, {1, 2, 7}), {1, 2, 2}, 0));
}

TEST(ClosestPointOn, SphereFromOutsideInsideAndOnIt) {
  const Sphere ball{{1, 1, 1}, 5};
  EXPECT_TRUE(near(closestPointOn(ball, {7, 9, 1}), {4, 5, 1}, 0));  // offset (6, 8, 0), length 10, halved
  EXPECT_TRUE(near(closestPointOn(ball, {2, 2, 2}), {2, 2, 2}, 0));  // inside: itself
  EXPECT_TRUE(near(closestPointOn(ball, {4, 5, 1}), {4, 5, 1}, 0));  // on the surface
  EXPECT_TRUE(near(closestPointOn(Sphere{{1, 1, 1}, 0}, {7, 9, 1}), {1, 1, 1}, 0));
}

TEST(ClosestPointOn, SegmentEndsInteriorAndZeroLength) {
  const Segment s{{0, 0, 0}, {4, 0, 0}};
  EXPECT_TRUE(near(closestPointOn(s, {-3, 1, 0}), {0, 0, 0}, 0));
  EXPECT_TRUE(near(closestPointOn(s, {9, 2, 5}), {4, 0, 0}, 0));
  EXPECT_TRUE(near(closestPointOn(s, {1, 5, -2}), {1, 0, 0}, 0));
  // Along (2, 4, 4) (length 6): (1, 2, 2) plus the perpendicular (2, 1, -2) projects to t = 18 / 36 = 1/2.
  EXPECT_TRUE(near(closestPointOn(Segment{{0, 0, 0}, {2, 4, 4}}, {3, 3, 0}), {1, 2, 2}, 0));
  EXPECT_TRUE(near(closestPointOn(Segment{{2, 2, 2}, {2, 2, 2}}, {5, -1, 0}), {2, 2, 2}, 0));
}

TEST(ClosestPointOn, RayClampsBehindItsOriginAndLineDoesNot) {
  const Ray ray{{1, 1, 1}, {0, 2, 0}};
  EXPECT_TRUE(near(closestPointOn(ray, {5, -3, 1}), {1, 1, 1}, 0));  // t = -8/4 < 0: the origin
  EXPECT_TRUE(near(closestPointOn(ray, {5, 7, 1}), {1, 7, 1}, 0));   // t = 12/4 = 3
  const Line line{{1, 1, 1}, {0, 2, 0}};
  EXPECT_TRUE(near(closestPointOn(line, {5, -3, 1}), {1, -3, 1}, 0));  // t = -2
  EXPECT_TRUE(near(closestPointOn(line, {5, 7, 1}), {1, 7, 1}, 0));
}

TEST(ClosestPointOn, AabbInsideFaceEdgeCornerRegions) {
  const Aabb box{{-1, -2, -3}, {1, 2, 3}};
  EXPECT_TRUE(near(closestPointOn(box, {0.5, 1, -2}), {0.5, 1, -2}, 0));  // inside
  EXPECT_TRUE(near(closestPointOn(box, {1, 2, 3}), {1, 2, 3}, 0));        // on a corner
  EXPECT_TRUE(near(closestPointOn(box, {5, 1, 2}), {1, 1, 2}, 0));        // face x = 1
  EXPECT_TRUE(near(closestPointOn(box, {5, 6, 0}), {1, 2, 0}, 0));        // edge x = 1, y = 2
  EXPECT_TRUE(near(closestPointOn(box, {-4, -7, 9}), {-1, -2, 3}, 0));    // corner
}

TEST(ClosestPointOn, ObbRotatedByAPythagoreanAngle) {
  // Center c = (1, 2, 3), half size (2, 1, 1), axes u = (0.6, 0.8, 0), v = (-0.8, 0.6, 0), w = z. Inputs and answers
  // are c + x u + y v + z w for local (x, y, z); 0.6 and 0.8 round, so compare to 1e-12.
  const Obb box{{1, 2, 3}, {2, 1, 1}, kTurn};
  EXPECT_TRUE(near(closestPointOn(box, {4, 6, 3}), {2.2, 3.6, 3}));         // local (5, 0, 0) -> face (2, 0, 0)
  EXPECT_TRUE(near(closestPointOn(box, {1.6, 7.8, 3}), {1.4, 4.2, 3}));     // local (5, 3, 0) -> edge (2, 1, 0)
  EXPECT_TRUE(near(closestPointOn(box, {1, -3, 8}), {0.6, -0.2, 4}));       // local (-4, -3, 5) -> corner (-2, -1, 1)
  EXPECT_TRUE(near(closestPointOn(box, {1.2, 3.1, 2.5}), {1.2, 3.1, 2.5}));  // local (1, 0.5, -0.5): inside
}

TEST(ClosestPointOn, ObbUnderSignedPermutationsMatchesTheAabbExactly) {
  // A signed permutation turns the box [-2, 2] x [-1, 1] x [-3, 3] into an axis-aligned box; on integer points the
  // answers are exact.
  testing::Random random(3);
  for (int trial = 0; trial < 300; ++trial) {
    const Mat3 r = random.signedPermutation();
    const Vec3 half{2, 1, 3}, c = random.integerVector(-3, 3);
    const Vec3 extent = abs(r * half);
    const Obb box{c, half, r};
    const Vec3 p = random.integerVector(-7, 7);
    EXPECT_TRUE(near(closestPointOn(box, p), closestPointOn(Aabb{c - extent, c + extent}, p), 0)) << describe(box);
  }
}

TEST(ClosestPointOn, ObbKeepsAPointInsideItExactly) {
  // (0, 1.2, 3) is local (-1.24, 0.32, 0) of the Pythagorean box, well inside: the documented answer is p itself.
  const Obb box{{1, 2, 3}, {2, 1, 1}, kTurn};
  EXPECT_TRUE(near(closestPointOn(box, {0, 1.2, 3}), {0, 1.2, 3}, 0));
}

TEST(ClosestPointOn, TriangleAllSevenVoronoiRegions) {
  const Triangle t{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}};
  EXPECT_TRUE(near(closestPointOn(t, {-1, -1, 3}), {0, 0, 0}, 0));  // vertex a
  EXPECT_TRUE(near(closestPointOn(t, {6, -1, 2}), {4, 0, 0}, 0));   // vertex b
  EXPECT_TRUE(near(closestPointOn(t, {-1, 6, -2}), {0, 4, 0}, 0));  // vertex c
  EXPECT_TRUE(near(closestPointOn(t, {2, -3, 5}), {2, 0, 0}, 0));   // edge ab
  EXPECT_TRUE(near(closestPointOn(t, {-3, 1, 1}), {0, 1, 0}, 0));   // edge ca
  EXPECT_TRUE(near(closestPointOn(t, {4, 4, 7}), {2, 2, 0}));       // edge bc: (4, 4) onto x + y = 4
  EXPECT_TRUE(near(closestPointOn(t, {1, 1, -9}), {1, 1, 0}));      // face
  EXPECT_TRUE(near(closestPointOn(t, {1, 2, 0}), {1, 2, 0}));       // in the face
}

TEST(ClosestPointOn, ZeroAreaTrianglesAreTheirCoveringSegment) {
  // Collinear, longest edge ab: (2, 0, 1) projects onto (0,0,0)-(2,2,2) at t = 6 / 12.
  EXPECT_TRUE(near(closestPointOn(Triangle{{0, 0, 0}, {2, 2, 2}, {1, 1, 1}}, {2, 0, 1}), {1, 1, 1}, 0));
  // Collinear, longest edge bc: the nearest point can be c, beyond edge ab.
  const Triangle sliver{{1, 1, 1}, {0, 0, 0}, {3, 3, 3}};
  EXPECT_TRUE(near(closestPointOn(sliver, {5, 5, 5}), {3, 3, 3}, 0));
  EXPECT_TRUE(near(closestPointOn(sliver, {-1, -2, -3}), {0, 0, 0}, 0));
  // Two coincident vertices: the segment (0,0,0)-(0,0,4).
  EXPECT_TRUE(near(closestPointOn(Triangle{{0, 0, 0}, {0, 0, 0}, {0, 0, 4}}, {3, 0, 2}), {0, 0, 2}, 0));
  // All three coincident: the point.
  EXPECT_TRUE(near(closestPointOn(Triangle{{1, 2, 3}, {1, 2, 3}, {1, 2, 3}}, {9, 9, 9}), {1, 2, 3}, 0));
}

TEST(ClosestPointOn, NearlyCollinearTriangleIsAsCloseAsItsLongEdge) {
  // c = 3b up to rounding, so the cross product is 1e-17-sized noise, not zero: the triangle lies within 1e-16 of
  // the segment a-c. Along d = (1, 1, 7), p = (-2, 1, 1) projects at dot(p, d) / |d|^2 = 6/51 = 2/17 of d, inside
  // a-c (which ends at 0.3 d); the distance is sqrt(|p|^2 - 36/51) = sqrt(90/17).
  const Triangle sliver{{0, 0, 0}, {0.1, 0.1, 0.7}, {0.3, 0.3, 2.1}};
  const Vec3 p{-2, 1, 1};
  EXPECT_TRUE(near(closestPointOn(sliver, p), Vec3{2, 2, 14} * (1.0 / 17), 1e-9));
  EXPECT_NEAR(closest(Point{p}, sliver).distance, std::sqrt(90.0 / 17), 1e-9);
}

// ---- closestPointOn against sampling ----

// The answer lies in the shape, is no farther from p than any sample, and no nearer than the samples allow.
template <class Shape>
void expectClosestPointOnMatchesSamples(unsigned seed, int trials) {
  testing::Random random(seed);
  for (int trial = 0; trial < trials; ++trial) {
    const Shape shape = randomShape<Shape>(random);
    const Vec3 p = random.vector(-6, 6);
    const Vec3 q = closestPointOn(shape, p);
    const Samples s = samples(shape);
    double nearest = std::numeric_limits<double>::infinity();
    for (Vec3 point : s.points) nearest = std::fmin(nearest, length(point - p));
    SCOPED_TRACE(describe(Point{p}) + " on " + describe(shape));
    EXPECT_LE(distanceTo(shape, q), kOn);
    EXPECT_LE(length(q - p), nearest + kOn);
    EXPECT_GE(length(q - p), nearest - s.spacing - kOn);
  }
}

TEST(ClosestPointOnSampled, Plane) { expectClosestPointOnMatchesSamples<Plane>(1, 20); }
TEST(ClosestPointOnSampled, Sphere) { expectClosestPointOnMatchesSamples<Sphere>(2, 100); }
TEST(ClosestPointOnSampled, Segment) { expectClosestPointOnMatchesSamples<Segment>(3, 300); }
TEST(ClosestPointOnSampled, Ray) { expectClosestPointOnMatchesSamples<Ray>(4, 100); }
TEST(ClosestPointOnSampled, Line) { expectClosestPointOnMatchesSamples<Line>(5, 100); }
TEST(ClosestPointOnSampled, Aabb) { expectClosestPointOnMatchesSamples<Aabb>(6, 300); }
TEST(ClosestPointOnSampled, Obb) { expectClosestPointOnMatchesSamples<Obb>(7, 300); }
TEST(ClosestPointOnSampled, Triangle) { expectClosestPointOnMatchesSamples<Triangle>(8, 300); }

// ---- closestPoints for rounded shapes, by hand ----

TEST(ClosestPointsRounded, PointsAndBalls) {
  // Offset (3, 4, 0), length 5.
  ClosestPoints r = closest(Point{{1, 2, 3}}, Point{{4, 6, 3}});
  EXPECT_EQ(r.distance, 5);
  r = closest(Point{{1, 2, 3}}, Sphere{{4, 6, 3}, 2});
  EXPECT_EQ(r.distance, 3);
  EXPECT_TRUE(near(r.pointA, {1, 2, 3}, 0));
  EXPECT_TRUE(near(r.pointB, {2.8, 4.4, 3}));  // (4, 6, 3) - (3, 4, 0) * 2/5
  // Offset (6, 8, 0), length 10, radii 1 and 4.
  r = closest(Sphere{{0, 0, 0}, 1}, Sphere{{6, 8, 0}, 4});
  EXPECT_EQ(r.distance, 5);
  EXPECT_TRUE(near(r.pointA, {0.6, 0.8, 0}));
  EXPECT_TRUE(near(r.pointB, {3.6, 4.8, 0}));
  // A point inside a ball is their common point.
  EXPECT_TRUE(near(expectMeet(Point{{1, 1, 1}}, Sphere{{0, 0, 0}, 2}), {1, 1, 1}, 0));
  EXPECT_TRUE(near(expectMeet(Point{{3, 4, 0}}, Sphere{{0, 0, 0}, 5}), {3, 4, 0}, 0));  // on its surface
}

TEST(ClosestPointsRounded, BallsTouchingExactlyAndOverlapping) {
  // Radii 4 + 6 = 10 = |(6, 8, 0)|: the common point is 4/10 of the way, (2.4, 3.2, 0).
  EXPECT_TRUE(near(expectMeet(Sphere{{0, 0, 0}, 4}, Sphere{{6, 8, 0}, 6}), {2.4, 3.2, 0}));
  // Radii 1 + below(9) = below(10) exactly: one ulp apart.
  const ClosestPoints apart = closest(Sphere{{0, 0, 0}, 1}, Sphere{{6, 8, 0}, below(9)});
  EXPECT_GT(apart.distance, 0);
  EXPECT_LT(apart.distance, 1e-14);
  // Overlapping: the common point lies in both (checked by closest()).
  expectMeet(Sphere{{0, 0, 0}, 3}, Sphere{{0, 0, 4}, 3});
  EXPECT_TRUE(near(expectMeet(Sphere{{1, 2, 3}, 1}, Sphere{{1, 2, 3}, 2}), {1, 2, 3}, 0));  // concentric
  expectMeet(Sphere{{0, 0, 0}, 10}, Sphere{{1, 0, 0}, 1});                                  // contained
}

TEST(ClosestPointsRounded, ParallelSegments) {
  const Segment s{{0, 0, 0}, {4, 0, 0}};
  // Overlapping x ranges [2, 4], 3 apart: any pair straight across that range.
  ClosestPoints r = closest(s, Segment{{2, 3, 0}, {8, 3, 0}});
  EXPECT_EQ(r.distance, 3);
  EXPECT_TRUE(near(r.pointB - r.pointA, {0, 3, 0}, 0));
  EXPECT_GE(r.pointA.x, 2);
  // Disjoint x ranges: the ends (4, 0, 0) and (7, 4, 0), offset (3, 4, 0).
  r = closest(s, Segment{{7, 4, 0}, {9, 4, 0}});
  EXPECT_EQ(r.distance, 5);
  EXPECT_TRUE(near(r.pointA, {4, 0, 0}, 0));
  EXPECT_TRUE(near(r.pointB, {7, 4, 0}, 0));
  r = closest(s, Segment{{9, 4, 0}, {7, 4, 0}});  // reversed direction
  EXPECT_EQ(r.distance, 5);
  EXPECT_TRUE(near(r.pointB, {7, 4, 0}, 0));
  // Collinear, overlapping in [2, 4], opposite directions.
  const Vec3 common = expectMeet(s, Segment{{6, 0, 0}, {2, 0, 0}});
  EXPECT_GE(common.x, 2);
  EXPECT_LE(common.x, 4);
}

TEST(ClosestPointsRounded, CrossingAndSkewSegments) {
  const Segment s{{-2, 0, 0}, {2, 0, 0}};
  EXPECT_TRUE(near(expectMeet(s, Segment{{0, -3, 0}, {0, 5, 0}}), {0, 0, 0}, 0));  // crossing at the origin
  EXPECT_TRUE(near(expectMeet(s, Segment{{1, 0, 0}, {1, 5, 0}}), {1, 0, 0}, 0));   // T junction at an end
  // Skew, interior to interior: (1, 0, 0) and (1, 0, 4).
  ClosestPoints r = closest(s, Segment{{1, -3, 4}, {1, 5, 4}});
  EXPECT_EQ(r.distance, 4);
  EXPECT_TRUE(near(r.pointA, {1, 0, 0}, 0));
  EXPECT_TRUE(near(r.pointB, {1, 0, 4}, 0));
  // Skew, end to interior: (2, 0, 0) and (5, 0, 4), offset (3, 0, 4).
  r = closest(s, Segment{{5, -1, 4}, {5, 1, 4}});
  EXPECT_EQ(r.distance, 5);
  EXPECT_TRUE(near(r.pointA, {2, 0, 0}, 0));
  EXPECT_TRUE(near(r.pointB, {5, 0, 4}, 0));
  // Zero-length segments are points.
  r = closest(Segment{{1, 1, 1}, {1, 1, 1}}, s);
  EXPECT_TRUE(near(r.pointB, {1, 0, 0}, 0));
  EXPECT_EQ(r.distance, std::sqrt(2.0));
  EXPECT_EQ(closest(Segment{{0, 0, 0}, {0, 0, 0}}, Segment{{3, 4, 0}, {3, 4, 0}}).distance, 5);
}

TEST(ClosestPointsRounded, Capsules) {
  // Cores (-5,0,0)-(5,0,0) and (0,-5,7)-(0,5,7) are 7 apart at (0,0,0) and (0,0,7); radii 1 and 2 leave 4.
  const Capsule c{{-5, 0, 0}, {5, 0, 0}, 1};
  ClosestPoints r = closest(c, Capsule{{0, -5, 7}, {0, 5, 7}, 2});
  EXPECT_EQ(r.distance, 4);
  EXPECT_TRUE(near(r.pointA, {0, 0, 1}, 0));
  EXPECT_TRUE(near(r.pointB, {0, 0, 5}, 0));
  EXPECT_TRUE(near(expectMeet(c, Capsule{{0, -5, 7}, {0, 5, 7}, 6}), {0, 0, 1}, 0));  // touching: 1 + 6 = 7
  expectMeet(c, Capsule{{0, -5, 7}, {0, 5, 7}, 10});                                    // overlapping
  // A segment parallel to a capsule's axis at distance 5 = |(3, 4)|.
  const Capsule upright{{0, 0, 0}, {0, 0, 10}, 2};
  r = closest(Segment{{3, 4, -5}, {3, 4, 15}}, upright);
  EXPECT_EQ(r.distance, 3);
  EXPECT_TRUE(near(r.pointA - r.pointB, {1.8, 2.4, 0}));  // (3, 4, 0) * 3/5
  expectMeet(Segment{{3, 4, -5}, {3, 4, 15}}, Capsule{{0, 0, 0}, {0, 0, 10}, 5});  // touching
  expectMeet(Segment{{-3, 0, 5}, {3, 1, 5}}, upright);                           // passing through
  // Point and ball against a capsule: (6, 8, 5) is 10 from the axis.
  EXPECT_EQ(closest(Point{{6, 8, 5}}, upright).distance, 8);
  EXPECT_EQ(closest(Sphere{{6, 8, 5}, 3}, upright).distance, 5);
  EXPECT_EQ(closest(Point{{0, 0, 13}}, upright).distance, 1);  // beyond the end cap
  EXPECT_TRUE(near(expectMeet(Point{{1, 1, 4}}, upright), {1, 1, 4}, 0));
}

TEST(ClosestPointsRounded, ZeroLengthCapsuleIsABall) {
  const Capsule ball{{1, 1, 1}, {1, 1, 1}, 2};
  // To (7, 9, 1): offset (6, 8, 0), length 10, less the radius 2; pointA = (1, 1, 1) + (6, 8, 0) / 5.
  ClosestPoints r = closest(ball, Point{{7, 9, 1}});
  EXPECT_EQ(r.distance, 8);
  EXPECT_TRUE(near(r.pointA, {2.2, 2.6, 1}));
  const ClosestPoints asSphere = closest(Sphere{{1, 1, 1}, 2}, Point{{7, 9, 1}});
  EXPECT_EQ(r.distance, asSphere.distance);
  EXPECT_TRUE(near(r.pointA, asSphere.pointA, 0));
  // To the segment x = 7, y = 9 (a parallel line above it): the same distance.
  EXPECT_EQ(closest(ball, Segment{{7, 9, -4}, {7, 9, 6}}).distance, 8);
  EXPECT_EQ(closest(ball, Capsule{{7, 9, 1}, {7, 9, 1}, 3}).distance, 5);
  expectMeet(ball, Capsule{{7, 9, 1}, {7, 9, 1}, 8});
}

// ---- closestPoints for a point or ball against other shapes, by hand ----

TEST(ClosestPointsFromCenter, Plane) {
  // 3y + 4z - 10 = 0 through q = (1, 2, 1), |n| = 5; (1, 8, 9) = q + 2n is 10 away.
  const Plane plane{{0, 3, 4}, -10};
  ClosestPoints r = closest(Point{{1, 8, 9}}, plane);
  EXPECT_EQ(r.distance, 10);
  EXPECT_TRUE(near(r.pointB, {1, 2, 1}, 0));
  r = closest(Sphere{{1, 8, 9}, 4}, plane);
  EXPECT_EQ(r.distance, 6);
  EXPECT_TRUE(near(r.pointA, {1, 5.6, 5.8}));  // 4 along -n/|n| = (0, -0.6, -0.8)
  EXPECT_TRUE(near(expectMeet(Sphere{{1, 8, 9}, 10}, plane), {1, 2, 1}, 0));  // touching
  EXPECT_TRUE(near(expectMeet(Sphere{{1, 8, 9}, 12}, plane), {1, 2, 1}, 0));  // crossing: the foot is common
  EXPECT_TRUE(near(expectMeet(Point{{5, 2, 1}}, plane), {5, 2, 1}, 0));
}

TEST(ClosestPointsFromCenter, Triangle) {
  const Triangle t{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}};
  EXPECT_EQ(closest(Point{{1, 1, 5}}, t).distance, 5);                 // face
  EXPECT_EQ(closest(Point{{-3, -4, 0}}, t).distance, 5);               // vertex a
  ClosestPoints r = closest(Sphere{{2, -3, 4}, 1}, t);                 // edge ab at (2, 0, 0), offset (0, -3, 4)
  EXPECT_EQ(r.distance, 4);
  EXPECT_TRUE(near(r.pointA, {2, -2.4, 3.2}));
  EXPECT_TRUE(near(r.pointB, {2, 0, 0}, 0));
  EXPECT_TRUE(near(expectMeet(Sphere{{2, -3, 4}, 5}, t), {2, 0, 0}, 0));  // touching the edge
  EXPECT_TRUE(near(expectMeet(Sphere{{1, 1, 1}, 2}, t), {1, 1, 0}, 0));   // cutting the face
  EXPECT_EQ(closest(Point{{5, 5, 5}}, Triangle{{1, 1, 1}, {0, 0, 0}, {3, 3, 3}}).distance, std::sqrt(12.0));
}

TEST(ClosestPointsFromCenter, Aabb) {
  const Aabb cube{{-1, -1, -1}, {1, 1, 1}};
  EXPECT_TRUE(near(expectMeet(Sphere{{4, 5, 0}, 5}, cube), {1, 1, 0}, 0));  // touching edge x = y = 1
  ClosestPoints r = closest(Sphere{{4, 5, 0}, 2}, cube);
  EXPECT_EQ(r.distance, 3);
  EXPECT_TRUE(near(r.pointA, {2.8, 3.4, 0}));  // (4, 5, 0) - (3, 4, 0) * 2/5
  EXPECT_TRUE(near(r.pointB, {1, 1, 0}, 0));
  EXPECT_EQ(closest(Point{{3, 4, 7}}, cube).distance, 7);  // corner, offset (2, 3, 6)
  EXPECT_EQ(closest(Point{{0, 0, 4}}, cube).distance, 3);  // face
  EXPECT_TRUE(near(expectMeet(Point{{0.5, -0.5, 0}}, cube), {0.5, -0.5, 0}, 0));
  expectMeet(Sphere{{0, 0, 0}, 100}, cube);
  expectMeet(Sphere{{0.5, 0, 0}, 0.1}, cube);
}

TEST(ClosestPointsFromCenter, Obb) {
  // The Pythagorean box of ObbRotatedByAPythagoreanAngle: local (5, 0, 0) is 3 from the face, local (5, 5, 0), in
  // world (0, 9, 3), is |(3, 4)| = 5 from the edge point local (2, 1, 0) = (1.4, 4.2, 3).
  const Obb box{{1, 2, 3}, {2, 1, 1}, kTurn};
  ClosestPoints r = closest(Point{{4, 6, 3}}, box);
  EXPECT_NEAR(r.distance, 3, 1e-12);
  EXPECT_TRUE(near(r.pointB, {2.2, 3.6, 3}));
  r = closest(Sphere{{0, 9, 3}, 2}, box);
  EXPECT_NEAR(r.distance, 3, 1e-12);
  EXPECT_TRUE(near(r.pointB, {1.4, 4.2, 3}));
  EXPECT_TRUE(near(r.pointA, {0.56, 7.08, 3}));  // 2/5 of the way: local (5, 5, 0) - (3, 4, 0) * 2/5 = (3.8, 3.4, 0)
  expectMeet(Sphere{{0, 9, 3}, 6}, box);
  // A signed permutation is exact: the box [-1, 1]^3 touched at its corner from (3, 4, 7), offset (2, 3, 6).
  testing::Random random(12);
  for (int trial = 0; trial < 50; ++trial) {
    const Obb cube{{0, 0, 0}, {1, 1, 1}, random.signedPermutation()};
    EXPECT_TRUE(near(expectMeet(Sphere{{3, 4, 7}, 7}, cube), {1, 1, 1}, 0));
    EXPECT_EQ(closest(Sphere{{3, 4, 7}, 2}, cube).distance, 5);
  }
}

TEST(ClosestPointsFromCenter, RayAndLine) {
  const Ray ray{{0, 0, 0}, {0, 0, 3}};
  ClosestPoints r = closest(Point{{0, 3, -4}}, ray);  // behind the origin: the origin
  EXPECT_EQ(r.distance, 5);
  EXPECT_TRUE(near(r.pointB, {0, 0, 0}, 0));
  r = closest(Point{{3, 4, 10}}, ray);
  EXPECT_EQ(r.distance, 5);
  EXPECT_TRUE(near(r.pointB, {0, 0, 10}, 0));
  EXPECT_TRUE(near(expectMeet(Sphere{{3, 4, 10}, 5}, ray), {0, 0, 10}, 0));
  EXPECT_TRUE(near(expectMeet(Sphere{{0, 3, -4}, 5}, ray), {0, 0, 0}, 0));
  const Line line{{0, 0, 0}, {0, 0, 3}};
  r = closest(Sphere{{3, 4, -20}, 1}, line);
  EXPECT_EQ(r.distance, 4);
  EXPECT_TRUE(near(r.pointB, {0, 0, -20}, 0));
  EXPECT_TRUE(near(expectMeet(Point{{0, 0, -7}}, line), {0, 0, -7}, 0));
}

// ---- closestPoints for a segment or capsule against a plane, by hand ----

TEST(ClosestPointsSegmentPlane, CrossingParallelAndTouching) {
  const Plane plane{{0, 0, 2}, -4};  // z = 2
  // Crossing: scaled distances -4 and 4, halfway.
  EXPECT_TRUE(near(expectMeet(Segment{{0, 0, 0}, {2, 0, 4}}, plane), {1, 0, 2}, 0));
  EXPECT_TRUE(near(expectMeet(Segment{{0, 0, 2}, {1, 1, 7}}, plane), {0, 0, 2}, 0));  // touching at its start
  EXPECT_TRUE(near(expectMeet(Segment{{1, 1, 7}, {0, 0, 2}}, plane), {0, 0, 2}, 0));  // at its end
  expectMeet(Segment{{0, 0, 2}, {3, 4, 2}}, plane);                                   // lying in the plane
  // Parallel, 3 above.
  ClosestPoints r = closest(Segment{{0, 0, 5}, {3, 4, 5}}, plane);
  EXPECT_EQ(r.distance, 3);
  EXPECT_TRUE(near(r.pointA - r.pointB, {0, 0, 3}, 0));
  // Slanted, not crossing: the lower end.
  r = closest(Segment{{4, 0, 9}, {0, 0, 5}}, plane);
  EXPECT_EQ(r.distance, 3);
  EXPECT_TRUE(near(r.pointA, {0, 0, 5}, 0));
  EXPECT_TRUE(near(r.pointB, {0, 0, 2}, 0));
  // Non-unit slanted normal: 3y + 4z - 10 = 0 through (1, 2, 1), |n| = 5; ends q + n and q + 3n + (4, 0, 0).
  r = closest(Segment{{1, 5, 5}, {5, 11, 13}}, Plane{{0, 3, 4}, -10});
  EXPECT_EQ(r.distance, 5);
  EXPECT_TRUE(near(r.pointB, {1, 2, 1}, 0));
  EXPECT_EQ(closest(Segment{{1, 5, 5}, {1, -1, -3}}, Plane{{0, 3, 4}, -10}).distance, 0);  // q + n to q - n
}

TEST(ClosestPointsSegmentPlane, Capsules) {
  const Plane plane{{0, 0, 2}, -4};  // z = 2
  ClosestPoints r = closest(Capsule{{0, 0, 5}, {3, 4, 5}, 1}, plane);
  EXPECT_EQ(r.distance, 2);
  EXPECT_TRUE(near(r.pointA - r.pointB, {0, 0, 2}, 0));
  EXPECT_EQ(r.pointB.z, 2);
  r = closest(Capsule{{0, 0, -3}, {0, 0, -1}, 1}, plane);  // below: the upper end
  EXPECT_EQ(r.distance, 2);
  EXPECT_TRUE(near(r.pointA, {0, 0, 0}, 0));
  EXPECT_TRUE(near(r.pointB, {0, 0, 2}, 0));
  EXPECT_TRUE(near(expectMeet(Capsule{{0, 0, 5}, {0, 0, 8}, 3}, plane), {0, 0, 2}, 0));  // touching
  EXPECT_TRUE(near(expectMeet(Capsule{{0, 0, 0}, {2, 0, 4}, 1}, plane), {1, 0, 2}, 0));  // core crossing
  expectMeet(Capsule{{0, 0, 3}, {5, 0, 3}, 2}, plane);                                  // overlapping, core above
  EXPECT_EQ(closest(Capsule{{0, 0, 5}, {0, 0, 5}, 1}, plane).distance, 2);              // a ball
}

// ---- closestPoints for two axis-aligned boxes, by hand ----

TEST(ClosestPointsAabbAabb, SeparatedOnOneTwoAndThreeAxes) {
  const Aabb a{{0, 0, 0}, {1, 1, 1}};
  ClosestPoints r = closest(a, Aabb{{3, 0, 0}, {4, 1, 1}});
  EXPECT_EQ(r.distance, 2);
  EXPECT_TRUE(near(r.pointB - r.pointA, {2, 0, 0}, 0));
  r = closest(a, Aabb{{4, 5, 0.5}, {6, 7, 2}});  // gaps (3, 4, 0)
  EXPECT_EQ(r.distance, 5);
  EXPECT_TRUE(near(r.pointB - r.pointA, {3, 4, 0}, 0));
  EXPECT_EQ(r.pointA.x, 1);
  EXPECT_EQ(r.pointA.y, 1);
  r = closest(a, Aabb{{3, 4, 7}, {5, 5, 9}});  // gaps (2, 3, 6): corner to corner
  EXPECT_EQ(r.distance, 7);
  EXPECT_TRUE(near(r.pointA, {1, 1, 1}, 0));
  EXPECT_TRUE(near(r.pointB, {3, 4, 7}, 0));
  r = closest(a, Aabb{{-5, -6, 0}, {-3, -4, 1}});  // on the negative sides: gaps (3, 4, 0)
  EXPECT_EQ(r.distance, 5);
  EXPECT_TRUE(near(r.pointA - r.pointB, {3, 4, 0}, 0));
}

TEST(ClosestPointsAabbAabb, TouchingAndOverlapping) {
  const Aabb a{{0, 0, 0}, {1, 1, 1}};
  EXPECT_EQ(expectMeet(a, Aabb{{1, 0, 0}, {2, 1, 1}}).x, 1);                  // face
  EXPECT_TRUE(near(expectMeet(a, Aabb{{1, 1, 1}, {2, 2, 2}}), {1, 1, 1}, 0));  // corner
  EXPECT_TRUE(near(expectMeet(a, Aabb{{-2, -2, 1}, {0, 0, 5}}), {0, 0, 1}, 0));  // edge
  const ClosestPoints apart = closest(a, Aabb{{above(1), 0, 0}, {2, 1, 1}});
  EXPECT_EQ(apart.distance, above(1) - 1);
  expectMeet(a, Aabb{{0.5, -1, 0.25}, {3, 0.5, 0.75}});      // overlapping
  expectMeet(a, Aabb{{0.25, 0.25, 0.25}, {0.5, 0.5, 0.5}});  // contained
  expectMeet(Aabb{{2, 2, 2}, {2, 2, 2}}, Aabb{{1, 2, 0}, {3, 2, 4}});  // a point box in a flat box
}

// ---- every table pair against sampling ----

// The distance is no larger than the exact distance to B from any sample of A, and no smaller than the samples allow.
template <class A, class B>
void expectClosestPointsMatchSamples(unsigned seed, int trials) {
  testing::Random random(seed);
  for (int trial = 0; trial < trials; ++trial) {
    const A a = randomShape<A>(random);
    const B b = randomShape<B>(random);
    const ClosestPoints r = closest(a, b);
    const Samples s = samples(a);
    double nearest = std::numeric_limits<double>::infinity();
    for (Vec3 p : s.points) nearest = std::fmin(nearest, distanceTo(b, p));
    EXPECT_LE(r.distance, nearest + kOn) << describe(a, b);
    EXPECT_GE(r.distance, nearest - s.spacing - kOn) << describe(a, b);
  }
}

TEST(ClosestPointsSampled, RoundedPairs) {
  expectClosestPointsMatchSamples<Point, Point>(21, 100);
  expectClosestPointsMatchSamples<Point, Sphere>(22, 200);
  expectClosestPointsMatchSamples<Point, Segment>(23, 200);
  expectClosestPointsMatchSamples<Point, Capsule>(24, 200);
  expectClosestPointsMatchSamples<Sphere, Sphere>(25, 100);
  expectClosestPointsMatchSamples<Sphere, Segment>(26, 100);
  expectClosestPointsMatchSamples<Sphere, Capsule>(27, 100);
  expectClosestPointsMatchSamples<Segment, Segment>(28, 200);
  expectClosestPointsMatchSamples<Segment, Capsule>(29, 200);
  expectClosestPointsMatchSamples<Capsule, Capsule>(30, 60);
}

TEST(ClosestPointsSampled, PointAndBallAgainstOtherShapes) {
  expectClosestPointsMatchSamples<Point, Plane>(31, 200);
  expectClosestPointsMatchSamples<Point, Triangle>(32, 200);
  expectClosestPointsMatchSamples<Point, Aabb>(33, 200);
  expectClosestPointsMatchSamples<Point, Obb>(34, 200);
  expectClosestPointsMatchSamples<Point, Ray>(35, 200);
  expectClosestPointsMatchSamples<Point, Line>(36, 200);
  expectClosestPointsMatchSamples<Sphere, Plane>(37, 100);
  expectClosestPointsMatchSamples<Sphere, Triangle>(38, 100);
  expectClosestPointsMatchSamples<Sphere, Aabb>(39, 100);
  expectClosestPointsMatchSamples<Sphere, Obb>(40, 100);
  expectClosestPointsMatchSamples<Sphere, Ray>(41, 100);
  expectClosestPointsMatchSamples<Sphere, Line>(42, 100);
}

TEST(ClosestPointsSampled, SegmentAndCapsuleAgainstAPlane) {
  expectClosestPointsMatchSamples<Segment, Plane>(43, 200);
  expectClosestPointsMatchSamples<Capsule, Plane>(44, 60);
}

TEST(ClosestPointsSampled, SegmentAndCapsuleAgainstATriangle) {
  expectClosestPointsMatchSamples<Segment, Triangle>(46, 300);
  expectClosestPointsMatchSamples<Capsule, Triangle>(47, 100);
}

TEST(ClosestPointsSegmentTriangle, CrossingAboveBesideAndAlongAnEdge) {
  const Triangle t{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}};
  // Through the face at (1, 1, 0): distance 0 there.
  const ClosestPoints through = closest(Segment{{1, 1, -1}, {1, 1, 1}}, t);
  EXPECT_EQ(through.distance, 0);
  EXPECT_TRUE(near(through.pointA, {1, 1, 0}, 0));
  // Vertical segment above the face: its low end, 3 above (1, 1, 0).
  const ClosestPoints above = closest(Segment{{1, 1, 3}, {1, 1, 5}}, t);
  EXPECT_EQ(above.distance, 3);
  EXPECT_TRUE(near(above.pointB, {1, 1, 0}, 0));
  // Beside vertex b = (4, 0, 0): the segment x = 5, z = 1 passes (5, 0, 1), sqrt(2) from it.
  const ClosestPoints beside = closest(Segment{{5, -1, 1}, {5, 5, 1}}, t);
  EXPECT_NEAR(beside.distance, std::sqrt(2.0), 1e-15);
  EXPECT_TRUE(near(beside.pointB, {4, 0, 0}, 0));
  // Parallel to the edge a-b, 2 below it in y and 0 in z: 2 from that edge.
  EXPECT_EQ(closest(Segment{{1, -2, 0}, {3, -2, 0}}, t).distance, 2);
  // A capsule of radius 1 whose axis ends 3 above the face: 2 away; radius 3 touches.
  EXPECT_EQ(closest(Capsule{{1, 1, 3}, {1, 1, 5}, 1}, t).distance, 2);
  EXPECT_EQ(closest(Capsule{{1, 1, 3}, {1, 1, 5}, 3}, t).distance, 0);
}

TEST(ClosestPointsSampled, AabbAabb) { expectClosestPointsMatchSamples<Aabb, Aabb>(45, 200); }

// ---- agreement with intersects ----

// distance is 0 exactly when intersects (in either order) says the shapes meet; returns whether they meet.
template <class A, class B>
bool expectDistanceZeroIffIntersects(const A& a, const B& b) {
  const IntersectsFn forward = intersectsTable().at(A::kType, B::kType);
  const IntersectsFn backward = intersectsTable().at(B::kType, A::kType);
  if (!forward || !backward) {
    ADD_FAILURE() << "no intersects entry for " << A::kName << " and " << B::kName;
    return false;
  }
  const testing::Buffer ea = encodedBuffer(a), eb = encodedBuffer(b);
  const bool meet = forward(ea.data(), eb.data());
  EXPECT_EQ(backward(eb.data(), ea.data()), meet) << describe(a, b);
  const ClosestPoints r = closest(a, b);
  EXPECT_EQ(r.distance == 0, meet) << describe(a, b) << ": distance " << r.distance;
  return meet;
}

// Random pairs from `make`, expecting both answers to occur often.
template <class Make>
void expectAgreementOnRandomPairs(unsigned seed, int trials, Make make) {
  testing::Random random(seed);
  int meetings = 0;
  for (int trial = 0; trial < trials; ++trial) meetings += make(random);
  EXPECT_GT(meetings, trials / 10);
  EXPECT_LT(meetings, trials - trials / 10);
}

// Integer shapes, which touch exactly often, and general random shapes.
TEST(ClosestPointsAgreeWithIntersects, SphereSphere) {
  expectAgreementOnRandomPairs(51, 2000, [](testing::Random& random) {
    return expectDistanceZeroIffIntersects(Sphere{random.integerVector(-3, 3), double(random.integer(0, 3))},
                                           Sphere{random.integerVector(-3, 3), double(random.integer(0, 3))});
  });
  expectAgreementOnRandomPairs(52, 2000, [](testing::Random& random) {
    return expectDistanceZeroIffIntersects(Sphere{random.vector(-3, 3), random.uniform(0, 2)},
                                           Sphere{random.vector(-3, 3), random.uniform(0, 2)});
  });
}

TEST(ClosestPointsAgreeWithIntersects, SphereAabb) {
  expectAgreementOnRandomPairs(53, 2000, [](testing::Random& random) {
    const Vec3 min = random.integerVector(-3, 2);
    return expectDistanceZeroIffIntersects(Sphere{random.integerVector(-3, 3), double(random.integer(0, 3))},
                                           Aabb{min, min + random.integerVector(0, 3)});
  });
  expectAgreementOnRandomPairs(54, 2000, [](testing::Random& random) {
    const Vec3 min = random.vector(-3, 2);
    return expectDistanceZeroIffIntersects(Sphere{random.vector(-3, 3), random.uniform(0, 2)},
                                           Aabb{min, min + random.vector(0, 3)});
  });
}

TEST(ClosestPointsAgreeWithIntersects, SphereObb) {
  expectAgreementOnRandomPairs(55, 2000, [](testing::Random& random) {
    const Obb box{random.integerVector(-2, 2), random.integerVector(0, 2), random.signedPermutation()};
    return expectDistanceZeroIffIntersects(Sphere{random.integerVector(-4, 4), double(random.integer(0, 3))}, box);
  });
  expectAgreementOnRandomPairs(56, 2000, [](testing::Random& random) {
    const Obb box = randomShape<Obb>(random);  // a zero radius (one in five) is a point, often inside the box
    return expectDistanceZeroIffIntersects(
        Sphere{box.center + random.vector(-3, 3), random.integer(0, 4) == 0 ? 0 : random.uniform(0, 2)}, box);
  });
}

TEST(ClosestPointsAgreeWithIntersects, SpherePlane) {
  // Normals (0, 0, 2) and (0, 3, 4) (length 5) with integer constants: exact touching happens often.
  expectAgreementOnRandomPairs(57, 2000, [](testing::Random& random) {
    const Plane plane{random.integer(0, 1) ? Vec3{0, 0, 2} : Vec3{0, 3, 4}, double(random.integer(-10, 10))};
    return expectDistanceZeroIffIntersects(Sphere{random.integerVector(-3, 3), double(random.integer(0, 3))}, plane);
  });
  expectAgreementOnRandomPairs(58, 2000, [](testing::Random& random) {
    return expectDistanceZeroIffIntersects(randomShape<Sphere>(random), randomShape<Plane>(random));
  });
}

TEST(ClosestPointsAgreeWithIntersects, AabbAabb) {
  expectAgreementOnRandomPairs(59, 2000, [](testing::Random& random) {
    const Vec3 a = random.integerVector(-2, 1), b = random.integerVector(-2, 1);
    return expectDistanceZeroIffIntersects(Aabb{a, a + random.integerVector(0, 2)},
                                           Aabb{b, b + random.integerVector(0, 2)});
  });
  expectAgreementOnRandomPairs(60, 2000, [](testing::Random& random) {
    const Vec3 a = random.vector(-2, 1), b = random.vector(-2, 1);
    return expectDistanceZeroIffIntersects(Aabb{a, a + random.vector(0, 2)}, Aabb{b, b + random.vector(0, 2)});
  });
}

TEST(ClosestPointsAgreeWithIntersects, SegmentPlane) {
  expectAgreementOnRandomPairs(61, 2000, [](testing::Random& random) {
    const Plane plane{random.integer(0, 1) ? Vec3{0, 0, 2} : Vec3{0, 3, 4}, double(random.integer(-10, 10))};
    return expectDistanceZeroIffIntersects(Segment{random.integerVector(-3, 3), random.integerVector(-3, 3)}, plane);
  });
  expectAgreementOnRandomPairs(62, 2000, [](testing::Random& random) {
    return expectDistanceZeroIffIntersects(randomShape<Segment>(random), randomShape<Plane>(random));
  });
}

TEST(ClosestPointsAgreeWithIntersects, ExactTouchingAndOneUlpApart) {
  const Aabb cube{{-1, -1, -1}, {1, 1, 1}};
  const Plane z2{{0, 0, 2}, -4}, slanted{{0, 3, 4}, -10};  // z = 2; 3y + 4z = 10 through (1, 2, 1), |n| = 5
  // Sphere-sphere: |(6, 8, 0)| = 10 = 1 + 9.
  EXPECT_TRUE(expectDistanceZeroIffIntersects(Sphere{{0, 0, 0}, 1}, Sphere{{6, 8, 0}, 9}));
  EXPECT_FALSE(expectDistanceZeroIffIntersects(Sphere{{0, 0, 0}, 1}, Sphere{{6, 8, 0}, below(9)}));
  EXPECT_TRUE(expectDistanceZeroIffIntersects(Sphere{{1, 2, 3}, 0}, Sphere{{1, 2, 3}, 0}));
  // Sphere-aabb: face, edge (offset (3, 4)), corner (offset (2, 3, 6)).
  EXPECT_TRUE(expectDistanceZeroIffIntersects(Sphere{{0, 0, 3}, 2}, cube));
  EXPECT_FALSE(expectDistanceZeroIffIntersects(Sphere{{0, 0, 3}, below(2)}, cube));
  EXPECT_TRUE(expectDistanceZeroIffIntersects(Sphere{{4, 5, 0}, 5}, cube));
  EXPECT_FALSE(expectDistanceZeroIffIntersects(Sphere{{4, 5, 0}, below(5)}, cube));
  EXPECT_TRUE(expectDistanceZeroIffIntersects(Sphere{{3, 4, 7}, 7}, cube));
  EXPECT_FALSE(expectDistanceZeroIffIntersects(Sphere{{3, 4, 7}, below(7)}, cube));
  EXPECT_TRUE(expectDistanceZeroIffIntersects(Sphere{{1, 1, 1}, 0}, cube));
  EXPECT_FALSE(expectDistanceZeroIffIntersects(Sphere{{1, 1, above(1)}, 0}, cube));
  // Sphere-obb: the cube under a signed permutation.
  const Obb turned{{0, 0, 0}, {1, 1, 1}, columns({0, -1, 0}, {0, 0, 1}, {-1, 0, 0})};
  EXPECT_TRUE(expectDistanceZeroIffIntersects(Sphere{{3, 4, 7}, 7}, turned));
  EXPECT_FALSE(expectDistanceZeroIffIntersects(Sphere{{3, 4, 7}, below(7)}, turned));
  // Sphere-plane: (1, 8, 9) is 10 from the slanted plane, (0, 0, 5) 3 above z = 2.
  EXPECT_TRUE(expectDistanceZeroIffIntersects(Sphere{{1, 8, 9}, 10}, slanted));
  EXPECT_FALSE(expectDistanceZeroIffIntersects(Sphere{{1, 8, 9}, below(10)}, slanted));
  EXPECT_TRUE(expectDistanceZeroIffIntersects(Sphere{{0, 0, 5}, 3}, z2));
  EXPECT_FALSE(expectDistanceZeroIffIntersects(Sphere{{0, 0, 5}, below(3)}, z2));
  // Aabb-aabb: touching at a face and a corner, one ulp apart.
  EXPECT_TRUE(expectDistanceZeroIffIntersects(cube, Aabb{{1, -1, -1}, {2, 1, 1}}));
  EXPECT_TRUE(expectDistanceZeroIffIntersects(cube, Aabb{{1, 1, 1}, {2, 2, 2}}));
  EXPECT_FALSE(expectDistanceZeroIffIntersects(cube, Aabb{{1, 1, above(1)}, {2, 2, 2}}));
  // A point well inside a rotated box (see ObbKeepsAPointInsideItExactly).
  EXPECT_TRUE(expectDistanceZeroIffIntersects(Sphere{{0, 1.2, 3}, 0}, Obb{{1, 2, 3}, {2, 1, 1}, kTurn}));
  // Segment-plane: an end on the plane, one ulp off it.
  EXPECT_TRUE(expectDistanceZeroIffIntersects(Segment{{0, 0, 2}, {1, 1, 7}}, z2));
  EXPECT_FALSE(expectDistanceZeroIffIntersects(Segment{{0, 0, above(2)}, {1, 1, 7}}, z2));
  EXPECT_TRUE(expectDistanceZeroIffIntersects(Segment{{1, 5, 5}, {1, 2, 1}}, slanted));
}

}  // namespace
}  // namespace c3d
