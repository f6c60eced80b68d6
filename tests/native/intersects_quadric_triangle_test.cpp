// Cylinders and ellipsoids against triangles (intersects_quadric_triangle.h), against an exact reference in GMP
// rationals by another route: each shape is { p : Q(p) <= limit } for a positive semidefinite quadratic Q within
// linear constraints (the cylinder's squared distance from its axis line between its caps; the ellipsoid's
// sum of (axis coordinate / radius)^2 in the planes of its zero radii), so the triangle meets it when Q's minimum over
// the triangle, cut by those constraints, is within the limit. That minimum is found from Q's own derivatives: the
// stationary point in the polygon's plane when it falls inside, else the least of each edge's one-dimensional minimum.
// Pairs within a relative 1e-9 of touching, exactly touching ones included, where the rounded frames may decide
// either way, are only counted.
#include <cmath>
#include <optional>
#include <vector>

#include "collide3d/dispatch/encoded.h"
#include "collide3d/dispatch/tables.h"
#include "exact_reference.h"
#include "test_support.h"

namespace c3d {
namespace {

using testing::Q3;
using testing::Random;
using testing::crossQ;
using testing::dotQ;
using testing::q;
using testing::randomTriangle;

// Q(p) = (p - origin)^T M (p - origin), with M positive semidefinite.
struct Quadratic {
  mpq_class m[3][3];
  Q3 origin;

  mpq_class form(const Q3& a, const Q3& b) const {
    const mpq_class av[3] = {a.x, a.y, a.z}, bv[3] = {b.x, b.y, b.z};
    mpq_class sum = 0;
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) sum += av[i] * m[i][j] * bv[j];
    }
    return sum;
  }
  mpq_class at(const Q3& p) const { return form(p - origin, p - origin); }
  // Adds w * a a^T to M.
  void add(const Q3& a, const mpq_class& w) {
    const mpq_class av[3] = {a.x, a.y, a.z};
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) m[i][j] += w * av[i] * av[j];
    }
  }
};

using Polygon = std::vector<Q3>;

// The part of the polygon where dot(normal, p) >= bound.
Polygon keep(const Polygon& polygon, const Q3& normal, const mpq_class& bound) {
  Polygon kept;
  for (size_t i = 0; i < polygon.size(); ++i) {
    const Q3& a = polygon[i];
    const Q3& b = polygon[(i + 1) % polygon.size()];
    const mpq_class fa = dotQ(normal, a) - bound, fb = dotQ(normal, b) - bound;
    if (fa >= 0) kept.push_back(a);
    if ((fa > 0 && fb < 0) || (fa < 0 && fb > 0)) kept.push_back(a + (b - a) * (fa / (fa - fb)));
  }
  return kept;
}

// Q's minimum over the closed convex polygon; -1 for an empty polygon.
mpq_class minimumOver(const Quadratic& quadratic, const Polygon& polygon) {
  if (polygon.empty()) return -1;
  mpq_class best = quadratic.at(polygon[0]);
  for (size_t i = 0; i < polygon.size(); ++i) {
    // Along an edge a + t e, Q is A t^2 + B t + C; A = 0 means M e = 0 (M is semidefinite), so Q is constant there.
    const Q3& a = polygon[i];
    const Q3 e = polygon[(i + 1) % polygon.size()] - a;
    const mpq_class A = quadratic.form(e, e), B = 2 * quadratic.form(e, a - quadratic.origin);
    mpq_class t = A > 0 ? -B / (2 * A) : mpq_class(0);
    t = t < 0 ? mpq_class(0) : t > 1 ? mpq_class(1) : t;
    for (const mpq_class& s : {mpq_class(0), mpq_class(1), t}) {
      const mpq_class value = quadratic.at(a + e * s);
      if (value < best) best = value;
    }
  }
  // The stationary point in the polygon's plane, p0 + s e1 + t e2, when the polygon has area and Q is strictly convex
  // there (otherwise Q's minimum over the polygon lies on its boundary).
  for (size_t k = 2; k < polygon.size(); ++k) {
    const Q3 e1 = polygon[1] - polygon[0], e2 = polygon[k] - polygon[0];
    const Q3 n = crossQ(e1, e2);
    if (testing::isZeroQ(n)) continue;
    const Q3 offset = polygon[0] - quadratic.origin;
    const mpq_class h11 = quadratic.form(e1, e1), h12 = quadratic.form(e1, e2), h22 = quadratic.form(e2, e2);
    const mpq_class g1 = quadratic.form(e1, offset), g2 = quadratic.form(e2, offset);
    const mpq_class det = h11 * h22 - h12 * h12;
    if (det == 0) break;
    const mpq_class s = (-g1 * h22 + g2 * h12) / det, t = (-g2 * h11 + g1 * h12) / det;
    const Q3 x = polygon[0] + e1 * s + e2 * t;
    int positive = 0, negative = 0;
    for (size_t i = 0; i < polygon.size(); ++i) {
      const Q3& a = polygon[i];
      const mpq_class turn = dotQ(crossQ(polygon[(i + 1) % polygon.size()] - a, x - a), n);
      positive += turn > 0, negative += turn < 0;
    }
    if (positive == 0 || negative == 0) {
      const mpq_class value = quadratic.at(x);
      if (value < best) best = value;
    }
    break;
  }
  return best;
}

Polygon polygonOf(const Triangle& t) { return {q(t.a), q(t.b), q(t.c)}; }

// The cylinder's squared distance from its axis line minus its squared radius, minimised over the triangle between
// its caps: <= 0 when they meet; nullopt when the triangle misses the slab between the caps.
std::optional<mpq_class> cylinderReach(const Cylinder& c, const Triangle& t) {
  const Q3 d = q(c.end - c.start), start = q(c.start);
  const mpq_class dd = dotQ(d, d), base = dotQ(d, start);
  const Polygon cut = keep(keep(polygonOf(t), d, base), d * mpq_class(-1), -(base + dd));
  if (cut.empty()) return std::nullopt;
  Quadratic quadratic{};
  quadratic.origin = start;
  for (const Q3& axis : {Q3{1, 0, 0}, Q3{0, 1, 0}, Q3{0, 0, 1}}) quadratic.add(axis, 1);
  quadratic.add(d, -1 / dd);  // |p - start|^2 - (d.(p - start))^2 / d.d
  return minimumOver(quadratic, cut) - mpq_class(c.radius) * mpq_class(c.radius);
}

// The ellipsoid's sum of squared scaled coordinates minus 1, minimised over the triangle within the planes of its zero
// radii; nullopt when the triangle misses those planes.
std::optional<mpq_class> ellipsoidReach(const Ellipsoid& e, const Triangle& t) {
  Polygon cut = polygonOf(t);
  Quadratic quadratic{};
  quadratic.origin = q(e.center);
  for (int k = 0; k < 3; ++k) {
    const Q3 axis = q(e.rotation.column(k));
    const mpq_class radius = component(e.radii, k), level = dotQ(axis, quadratic.origin);
    if (radius > 0) {
      quadratic.add(axis, 1 / (radius * radius));
    } else {
      cut = keep(keep(cut, axis, level), axis * mpq_class(-1), -level);
    }
  }
  if (cut.empty()) return std::nullopt;
  return minimumOver(quadratic, cut) - 1;
}

template <class Shape>
bool meets(const Shape& shape, const Triangle& t) {
  const auto s = encodedBuffer(shape), tri = encodedBuffer(t);
  const bool answer = intersectsTable().at(Shape::kType, ShapeType::Triangle)(s.data(), tri.data());
  EXPECT_EQ(intersectsTable().at(ShapeType::Triangle, Shape::kType)(tri.data(), s.data()), answer);
  return answer;
}

struct Tally {
  int met = 0, apart = 0, touching = 0;
};

// Checks an answer against the reference's reach (<= 0: meets), skipping pairs within `slack` of touching.
void check(bool answer, const std::optional<mpq_class>& reach, const mpq_class& slack, Tally& tally, int i) {
  if (!reach) {
    ASSERT_FALSE(answer) << i;
    ++tally.apart;
  } else if (*reach < -slack) {
    ASSERT_TRUE(answer) << i;
    ++tally.met;
  } else if (*reach > slack) {
    ASSERT_FALSE(answer) << i;
    ++tally.apart;
  } else {
    ++tally.touching;
  }
}

TEST(IntersectsQuadricTriangle, CylindersAgreeWithTheExactMinimumAwayFromTouching) {
  Random random(131);
  Tally tally;
  for (int i = 0; i < testing::cases(20000); ++i) {
    const bool integer = i % 2 == 0;
    const Triangle t = randomTriangle(random, integer);
    Cylinder c{integer ? random.integerVector(-2, 2) : random.vector(-2, 2),
               integer ? random.integerVector(-2, 2) : random.vector(-2, 2),
               integer ? double(random.integer(0, 2)) : random.uniform(0, 2)};
    if (c.start == c.end) c.end.x += 1;
    const mpq_class slack = mpq_class(c.radius * c.radius + 1) * mpq_class(1, 1000000000);
    check(meets(c, t), cylinderReach(c, t), slack, tally, i);
  }
  EXPECT_GT(tally.met, testing::cases(2000));
  EXPECT_GT(tally.apart, testing::cases(2000));
  EXPECT_GT(tally.touching, testing::cases(100));
}

TEST(IntersectsQuadricTriangle, EllipsoidsAgreeWithTheExactMinimumAwayFromTouching) {
  Random random(132);
  Tally tally, flat;
  for (int i = 0; i < testing::cases(20000); ++i) {
    const bool integer = i % 2 == 0;
    const Triangle t = randomTriangle(random, integer);
    // Radii of 0 (flat ellipsoids: discs, segments, points) one time in four; rotations exact on the integer grid.
    Vec3 radii = integer ? random.integerVector(0, 3) : abs(random.vector(0.2, 3));
    if (!integer && i % 4 == 1) (i % 3 == 0 ? radii.x : i % 3 == 1 ? radii.y : radii.z) = 0;
    const Ellipsoid e{integer ? random.integerVector(-3, 3) : random.vector(-2, 2), radii,
                      integer ? random.signedPermutation() : random.rotation()};
    const bool isFlat = radii.x == 0 || radii.y == 0 || radii.z == 0;
    check(meets(e, t), ellipsoidReach(e, t), mpq_class(1, 1000000000), isFlat ? flat : tally, i);
  }
  EXPECT_GT(tally.met, testing::cases(2000));
  EXPECT_GT(tally.apart, testing::cases(2000));
  EXPECT_GT(tally.touching, testing::cases(30));
  EXPECT_GT(flat.met, testing::cases(600));
  EXPECT_GT(flat.apart, testing::cases(2000));
  EXPECT_GT(flat.touching, testing::cases(40));
}

TEST(IntersectsQuadricTriangle, CylinderCapsSidesAndRimByHand) {
  const Cylinder c{{0, 0, 0}, {0, 2, 0}, 1};
  const double tiny = 0x1p-20;
  // A floor touching the bottom cap, and just below it.
  EXPECT_TRUE(meets(c, Triangle{{-5, 0, -5}, {5, 0, -5}, {0, 0, 5}}));
  EXPECT_FALSE(meets(c, Triangle{{-5, -tiny, -5}, {5, -tiny, -5}, {0, -tiny, 5}}));
  // A wall through the cylinder with every vertex outside it; tangent to its side; just past the side.
  EXPECT_TRUE(meets(c, Triangle{{-3, -1, 0.5}, {3, -1, 0.5}, {0, 3, 0.5}}));
  EXPECT_TRUE(meets(c, Triangle{{-3, -1, 1}, {3, -1, 1}, {0, 3, 1}}));
  EXPECT_FALSE(meets(c, Triangle{{-3, -1, 1 + tiny}, {3, -1, 1 + tiny}, {0, 3, 1 + tiny}}));
  // A corner on the top rim, the triangle pointing away; the same corner moved just outside.
  EXPECT_TRUE(meets(c, Triangle{{1, 2, 0}, {3, 3, 0}, {3, 3, 1}}));
  EXPECT_FALSE(meets(c, Triangle{{1 + tiny, 2, 0}, {3, 3, 0}, {3, 3, 1}}));
  // Inside, touching nothing but the interior; a sliver along the axis; radius 0 is the axis segment.
  EXPECT_TRUE(meets(c, Triangle{{0.1, 1, 0}, {0, 1.1, 0.1}, {-0.1, 1, 0}}));
  EXPECT_TRUE(meets(c, Triangle{{0, -1, 0}, {0, 3, 0}, {0, 3, 0}}));
  EXPECT_TRUE(meets(Cylinder{{0, 0, 0}, {0, 2, 0}, 0}, Triangle{{-1, 1, -1}, {1, 1, -1}, {0, 1, 1}}));
  EXPECT_FALSE(meets(Cylinder{{0, 0, 0}, {0, 2, 0}, 0}, Triangle{{-1, 1, tiny}, {1, 1, tiny}, {0, 1, 1}}));
}

TEST(IntersectsQuadricTriangle, FlatEllipsoidsByHand) {
  // The ellipse x^2/4 + y^2 <= 1 in the plane z = 0.
  const Ellipsoid disc{{0, 0, 0}, {2, 1, 0}, {}};
  // Upright triangles crossing z = 0 along |y| <= 0.05 at x = 1.9 (inside: y^2 <= 0.0975) and at x = 2.1 (outside).
  EXPECT_TRUE(meets(disc, Triangle{{1.9, -0.1, -1}, {1.9, 0.1, -1}, {1.9, 0, 1}}));
  EXPECT_FALSE(meets(disc, Triangle{{2.1, -0.1, -1}, {2.1, 0.1, -1}, {2.1, 0, 1}}));
  // Parallel to the disc, just above it; in its plane, touching its tip; in its plane, just past the tip.
  EXPECT_FALSE(meets(disc, Triangle{{-1, -1, 0x1p-30}, {1, -1, 0x1p-30}, {0, 1, 0x1p-30}}));
  EXPECT_TRUE(meets(disc, Triangle{{2, 0, 0}, {3, -1, 0}, {3, 1, 0}}));
  EXPECT_FALSE(meets(disc, Triangle{{2 + 0x1p-20, 0, 0}, {3, -1, 0}, {3, 1, 0}}));
  // A segment-shaped ellipsoid (radii 0 across x) pierced by a triangle in the plane y = 0.5; a point ellipsoid.
  const Ellipsoid needle{{0, 0, 0}, {0, 1, 0}, {}};
  EXPECT_TRUE(meets(needle, Triangle{{-1, 0.5, -1}, {1, 0.5, -1}, {0, 0.5, 1}}));
  EXPECT_FALSE(meets(needle, Triangle{{-1, 1.5, -1}, {1, 1.5, -1}, {0, 1.5, 1}}));
  EXPECT_TRUE(meets(Ellipsoid{{0, 0.5, 0}, {0, 0, 0}, {}}, Triangle{{-1, 0.5, -1}, {1, 0.5, -1}, {0, 0.5, 1}}));
  EXPECT_FALSE(meets(Ellipsoid{{0, 0.5, 0}, {0, 0, 0}, {}}, Triangle{{2, 0.5, -1}, {3, 0.5, -1}, {2, 0.5, 1}}));
}

// Exact agreement with the reference, touching pairs included; counts the pairs it finds touching.
template <class Shape, class Reach>
void checkExactly(const Shape& shape, const Triangle& t, Reach reach, int& touching, int i) {
  const std::optional<mpq_class> r = reach(shape, t);
  ASSERT_EQ(meets(shape, t), r && *r <= 0) << i;
  touching += r && *r == 0;
}

// The pair, and the pair with one corner moved by an ulp both ways along one axis (chosen by i), against the
// reference exactly.
template <class Shape, class Reach>
void checkWithNudges(const Shape& shape, const Triangle& t, Reach reach, int& touching, int i) {
  checkExactly(shape, t, reach, touching, i);
  for (const double toward : {-1e300, 1e300}) {
    Triangle moved = t;
    Vec3& corner = i % 3 == 0 ? moved.a : i % 3 == 1 ? moved.b : moved.c;
    double& x = (i / 3) % 3 == 0 ? corner.x : (i / 3) % 3 == 1 ? corner.y : corner.z;
    x = std::nextafter(x, toward);
    int ignored = 0;
    checkExactly(shape, moved, reach, ignored, i);
  }
}

// The points c + R (p + i1 t1 + i2 t2) for integers i1, i2 in [-2, 2]: a triangle in the plane through p spanned by
// t1 and t2, turned by R (a signed permutation: exact) and moved to c.
Triangle triangleInPlane(Random& random, Vec3 p, Vec3 t1, Vec3 t2, const Mat3& r, Vec3 c) {
  const auto corner = [&] { return c + r * (p + t1 * random.integer(-2, 2) + t2 * random.integer(-2, 2)); };
  return {corner(), corner(), corner()};
}

// Two integer vectors spanning the plane normal to n.
void spanOfPlane(Vec3 n, Vec3& t1, Vec3& t2) {
  t1 = cross(n, Vec3{1, 0, 0});
  if (isZero(t1)) t1 = cross(n, Vec3{0, 1, 0});
  t2 = cross(n, t1);
}

TEST(IntersectsQuadricTriangle, TheIssuesBallShapedEllipsoidTouchesLikeTheSphere) {
  // The plane 3x + 4y = 25 holds every corner and lies 5 from the origin; it meets the ball at (3, 4, 0), the
  // triangle's centroid.
  const Triangle t{{7, 1, 1}, {-1, 7, 1}, {3, 4, -2}};
  const Ellipsoid ball{{0, 0, 0}, {5, 5, 5}, {}};
  EXPECT_TRUE(meets(ball, t));
  EXPECT_TRUE(meets(Sphere{{0, 0, 0}, 5}, t));
  // Each corner's x an ulp larger (3x + 4y > 25 everywhere: apart), or an ulp smaller (the plane cuts the ball).
  const auto moved = [&](double toward) {
    return Triangle{{std::nextafter(7.0, toward), 1, 1}, {std::nextafter(-1.0, toward), 7, 1},
                    {std::nextafter(3.0, toward), 4, -2}};
  };
  EXPECT_FALSE(meets(ball, moved(10)));
  EXPECT_FALSE(meets(Sphere{{0, 0, 0}, 5}, moved(10)));
  EXPECT_TRUE(meets(ball, moved(-10)));
}

TEST(IntersectsQuadricTriangle, EllipsoidsAgainstTrianglesInTheirTangentPlanesExactly) {
  // Rational points (x, y, z) / w of the unit sphere (Pythagorean quadruples): the ellipsoid with radii w (a, b, c)
  // passes through p = (x a, y b, z c), where its tangent plane has the normal (x b c, y a c, z a b) (the gradient
  // of the quadratic, times w^2 a b c). Integer triangles in that plane touch it exactly when they hold p; each is
  // turned, moved, and nudged by an ulp. One time in four the radii are equal, and the sphere must agree.
  const int quadruples[][4] = {{3, 4, 0, 5}, {1, 2, 2, 3}, {2, 3, 6, 7}, {1, 4, 8, 9},
                               {4, 4, 7, 9}, {2, 6, 9, 11}, {0, 0, 1, 1}, {12, 0, 5, 13}};
  Random random(133);
  int met = 0, apart = 0, touching = 0;
  for (int i = 0; i < testing::cases(3000); ++i) {
    const int* k = quadruples[random.integer(0, 7)];
    const Vec3 flip{random.integer(0, 1) ? 1.0 : -1.0, random.integer(0, 1) ? 1.0 : -1.0,
                    random.integer(0, 1) ? 1.0 : -1.0};
    const Vec3 unit{k[0] * flip.x, k[1] * flip.y, k[2] * flip.z};
    const Vec3 scale = i % 4 == 0 ? Vec3{2, 2, 2} : random.integerVector(1, 3);
    const Vec3 p{unit.x * scale.x, unit.y * scale.y, unit.z * scale.z};
    const Vec3 n{unit.x * scale.y * scale.z, unit.y * scale.x * scale.z, unit.z * scale.x * scale.y};
    Vec3 t1, t2;
    spanOfPlane(n, t1, t2);
    const Mat3 r = random.signedPermutation();
    const Vec3 c = random.integerVector(-3, 3);
    const Triangle t = triangleInPlane(random, p, t1, t2, r, c);
    const Ellipsoid e{c, scale * double(k[3]), r};
    checkWithNudges(e, t, ellipsoidReach, touching, i);
    const bool answer = meets(e, t);
    if (i % 4 == 0) {
      ASSERT_EQ(meets(Sphere{c, e.radii.x}, t), answer) << i;
    }
    ++(answer ? met : apart);
  }
  EXPECT_GT(met, testing::cases(300));
  EXPECT_GT(apart, testing::cases(300));
  EXPECT_EQ(touching, met);  // every triangle in a tangent plane that meets it touches
}

TEST(IntersectsQuadricTriangle, FlatEllipsesAgainstTrianglesAlongTheirTangentsExactly) {
  // The ellipse with radii w (a, b) in the plane z = 0 passes through p = (x a, y b, 0) for a Pythagorean triple
  // (x, y, w), with the tangent t = (-y a, x b, 0) and outward normal g = (x b, y a, 0). A triangle with two corners
  // above the plane and one below, each p plus a multiple of t (and the lower one sometimes moved along g), is cut
  // by the plane along the tangent line, or across it; a triangle in the plane with an edge on the tangent line and
  // its third corner outside touches only along that edge. Each is turned, moved, and nudged by an ulp.
  const int triples[][3] = {{3, 4, 5}, {5, 12, 13}, {0, 1, 1}, {8, 15, 17}};
  Random random(134);
  int met = 0, apart = 0, touching = 0;
  for (int i = 0; i < testing::cases(3000); ++i) {
    const int* k = triples[random.integer(0, 3)];
    const double sx = random.integer(0, 1) ? 1 : -1, sy = random.integer(0, 1) ? 1 : -1;
    const double a = random.integer(1, 3), b = random.integer(1, 3);
    const Vec3 p{k[0] * sx * a, k[1] * sy * b, 0}, t{-k[1] * sy * a, k[0] * sx * b, 0}, g{k[0] * sx * b, k[1] * sy * a, 0};
    const Vec3 up{0, 0, 1};
    const auto along = [&] { return p + t * random.integer(-2, 2); };
    Triangle local;
    if (i % 2 == 0) {
      const Vec3 drift = i % 8 == 0 ? g * random.integer(-1, 1) : Vec3{};
      local = {along() + up * random.integer(1, 3), along() + up * random.integer(1, 3),
               along() + drift - up * random.integer(1, 3)};
    } else {
      local = {along(), along(), along() + g * random.integer(1, 2) + t * random.integer(-2, 2)};
    }
    const Mat3 r = random.signedPermutation();
    const Vec3 c = random.integerVector(-3, 3);
    const Triangle world{c + r * local.a, c + r * local.b, c + r * local.c};
    const Ellipsoid e{c, Vec3{a, b, 0} * double(k[2]), r};
    checkWithNudges(e, world, ellipsoidReach, touching, i);
    ++(meets(e, world) ? met : apart);
  }
  EXPECT_GT(met, testing::cases(300));
  EXPECT_GT(apart, testing::cases(300));
  EXPECT_GT(touching, testing::cases(300));
}

TEST(IntersectsQuadricTriangle, CylindersAgainstTrianglesInTheirSupportingPlanesExactly) {
  // The cylinder of radius w s around the y axis from y = 0 to y = L has the rim point p = (x s, 0, z s) for a
  // Pythagorean triple (x, z, w); a plane through p with normal a (x, 0, z) + b (0, -w, 0), a, b >= 0, supports it
  // there: b = 0 is tangent to the side along a line, a = 0 is the cap's plane, both positive touch only at p.
  // Integer triangles in it touch exactly when they reach the touching set; each is turned, moved, nudged by an ulp.
  const int triples[][3] = {{3, 4, 5}, {5, 12, 13}, {0, 1, 1}, {1, 0, 1}};
  Random random(135);
  int met = 0, apart = 0, touching = 0;
  for (int i = 0; i < testing::cases(3000); ++i) {
    const int* k = triples[random.integer(0, 3)];
    const double s = random.integer(1, 2), length = random.integer(1, 4);
    const double sx = random.integer(0, 1) ? 1 : -1, sz = random.integer(0, 1) ? 1 : -1;
    const int a = random.integer(0, 2), b = a == 0 ? random.integer(1, 2) : random.integer(0, 2);
    const bool top = random.integer(0, 1);
    const Vec3 p{k[0] * sx * s, top ? length : 0, k[1] * sz * s};
    const Vec3 n{a * k[0] * sx, (top ? b : -b) * double(k[2]), a * k[1] * sz};
    Vec3 t1, t2;
    spanOfPlane(n, t1, t2);
    const Mat3 r = random.signedPermutation();
    const Vec3 c = random.integerVector(-3, 3);
    const Cylinder cylinder{c, c + r * Vec3{0, length, 0}, k[2] * s};
    const Triangle t = triangleInPlane(random, p, t1, t2, r, c);
    checkWithNudges(cylinder, t, cylinderReach, touching, i);
    ++(meets(cylinder, t) ? met : apart);
  }
  EXPECT_GT(met, testing::cases(300));
  EXPECT_GT(apart, testing::cases(300));
  EXPECT_GT(touching, testing::cases(300));
}

TEST(IntersectsQuadricTriangle, ShapesOnIntegerGridsAgreeWithTheExactMinimumExactly) {
  // Small integers touch often (corners on a surface, edges along it): every answer must be the reference's.
  Random random(136);
  int cylinderTouching = 0, ellipsoidTouching = 0, flatTouching = 0;
  for (int i = 0; i < testing::cases(20000); ++i) {
    const Triangle t = randomTriangle(random, true);
    Cylinder cylinder{random.integerVector(-2, 2), random.integerVector(-2, 2), double(random.integer(0, 2))};
    if (cylinder.start == cylinder.end) cylinder.end.y += 1;
    checkExactly(cylinder, t, cylinderReach, cylinderTouching, i);
    const Ellipsoid e{random.integerVector(-3, 3), random.integerVector(0, 3), random.signedPermutation()};
    const bool flat = e.radii.x == 0 || e.radii.y == 0 || e.radii.z == 0;
    checkExactly(e, t, ellipsoidReach, flat ? flatTouching : ellipsoidTouching, i);
  }
  EXPECT_GT(cylinderTouching, testing::cases(300));
  EXPECT_GT(ellipsoidTouching, testing::cases(100));
  EXPECT_GT(flatTouching, testing::cases(100));
}

TEST(IntersectsQuadricTriangle, SegmentAndPointEllipsoidsByHand) {
  // Radii (0, 2, 0) turned by the permutation taking y to z: the segment from (1, 1, -1) to (1, 1, 3) around
  // (1, 1, 1). A triangle in the plane z = 3 holding (1, 1) touches its end; an ulp higher it does not; one through
  // the segment's middle with the segment on its edge meets it.
  Mat3 turn;
  for (double& m : turn.m) m = 0;
  turn.m[0] = 1, turn.m[5] = 1, turn.m[7] = -1;  // columns (1, 0, 0), (0, 0, 1), (0, -1, 0)
  const Ellipsoid needle{{1, 1, 1}, {0, 2, 0}, turn};
  EXPECT_TRUE(meets(needle, Triangle{{0, 0, 3}, {4, 0, 3}, {0, 4, 3}}));
  EXPECT_TRUE(meets(needle, Triangle{{1, 1, 3}, {4, 0, 3}, {0, 4, 3}}));
  const double above = std::nextafter(3.0, 4.0);
  EXPECT_FALSE(meets(needle, Triangle{{0, 0, above}, {4, 0, above}, {0, 4, above}}));
  EXPECT_TRUE(meets(needle, Triangle{{1, 1, 0}, {1, 1, 2}, {5, 7, 1}}));
  EXPECT_FALSE(meets(needle, Triangle{{1, std::nextafter(1.0, 2.0), 0}, {1, std::nextafter(1.0, 2.0), 2}, {5, 7, 1}}));
  // A point ellipsoid on a triangle's edge, and an ulp off it.
  const Ellipsoid point{{1, 1, 1}, {0, 0, 0}, {}};
  EXPECT_TRUE(meets(point, Triangle{{0, 0, 0}, {2, 2, 2}, {5, -1, 0}}));
  EXPECT_FALSE(meets(point, Triangle{{0, 0, 0}, {2, 2, std::nextafter(2.0, 3.0)}, {5, -1, 0}}));
}

}  // namespace
}  // namespace c3d
