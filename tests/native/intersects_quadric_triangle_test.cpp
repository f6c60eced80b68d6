// Cylinders and ellipsoids against triangles (intersects_quadric_triangle.h), against an exact reference in GMP
// rationals by another route: each shape is { p : Q(p) <= limit } for a positive semidefinite quadratic Q within
// linear constraints (the cylinder's squared distance from its axis line between its caps; the ellipsoid's
// sum of (axis coordinate / radius)^2 in the planes of its zero radii), so the triangle meets it when Q's minimum over
// the triangle, cut by those constraints, is within the limit. That minimum is found from Q's own derivatives: the
// stationary point in the polygon's plane when it falls inside, else the least of each edge's one-dimensional minimum.
// Pairs within a relative 1e-9 of touching, exactly touching ones included, where the rounded frames may decide
// either way, are only counted.
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

}  // namespace
}  // namespace c3d
