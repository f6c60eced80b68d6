// The ellipsoid's point test and raycast against GMP's exact rationals, by the definition rather than the ball map:
// a point is in it when sum_k (u_k.y / r_k)^2 <= 1 over the non-zero radii and u_k.y = 0 for the zero ones; a caster
// meets it when the convex q(t) = sum_k (u_k.(w + t d) / r_k)^2 - 1 is <= 0 somewhere in its range, restricted to
// the parameters the zero radii's planes allow; t against bisection on the exact point test; normals against a
// numerical gradient. Flat ellipsoids (an ellipse, a segment, a point), random rotations, scales 2^-20..2^20, far
// from the origin; surface points built exactly (radii 5, 10, 20 have (3, 8, 0), (3, 0, 16), (0, 6, 16) on them).
#include <gmpxx.h>

#include <cmath>
#include <optional>
#include <vector>

#include "collide3d/queries/intersects/intersects_ellipsoid.h"
#include "exact_reference.h"
#include "test_support.h"

namespace c3d {
namespace {

using namespace testing;

struct EllipsoidQ {
  Q3 c, u[3];
  mpq_class r2[3];
  explicit EllipsoidQ(const Ellipsoid& e) : c(q(e.center)) {
    for (int k = 0; k < 3; ++k) {
      u[k] = q(e.rotation.column(k));
      r2[k] = mpq_class(component(e.radii, k)) * component(e.radii, k);
    }
  }
  // sum (u_k.y)^2 / r_k^2 - 1 over non-zero radii, and whether y lies in every zero radius's plane.
  mpq_class value(const Q3& y) const {
    mpq_class sum = -1;
    for (int k = 0; k < 3; ++k) {
      if (r2[k] != 0) sum += dotQ(u[k], y) * dotQ(u[k], y) / r2[k];
    }
    return sum;
  }
  bool inPlanes(const Q3& y) const {
    for (int k = 0; k < 3; ++k) {
      if (r2[k] == 0 && dotQ(u[k], y) != 0) return false;
    }
    return true;
  }
  bool contains(const Q3& p) const { return inPlanes(p - c) && value(p - c) <= 0; }
};

bool referenceEllipsoidHit(const Caster& caster, const Ellipsoid& e, const Range& range, bool solid) {
  if (range.empty()) return false;
  const EllipsoidQ k(e);
  const Q3 w = q(caster.origin) - k.c, d = casterDirection(caster);
  auto qAt = [&](const mpq_class& t) { return k.value(w + d * t); };
  // The zero radii's planes: the parameters they allow, all, none or one.
  bool single = false;
  mpq_class only;
  for (int j = 0; j < 3; ++j) {
    if (k.r2[j] != 0) continue;
    const mpq_class offset = dotQ(k.u[j], w), rate = dotQ(k.u[j], d);
    if (rate == 0) {
      if (offset != 0) return false;
    } else if (!single) {
      single = true, only = -offset / rate;
    }
  }
  if (single) {  // a crossing: the flat set has no inside to start in
    if ((range.hasLow && only < 0) || (range.hasHigh && only > range.high)) return false;
    return k.contains(q(caster.origin) + d * only);
  }
  const mpq_class C = qAt(0), plus = qAt(1), minus = qAt(-1);
  const mpq_class A = (plus + minus) / 2 - C, B = (plus - minus) / 4;
  const bool startsInside = range.hasLow && (A == 0 ? C <= 0 : C < 0);
  if (startsInside && !solid) {
    if (A == 0) return false;  // a point never leaves
    if (!range.hasHigh) return true;
    const mpq_class h = range.high, q0 = qAt(h), q1 = 2 * (A * h + B);
    return !(q0 != 0 ? q0 < 0 : q1 < 0);
  }
  mpq_class t = A == 0 ? mpq_class(0) : mpq_class(-B / A);
  if (range.hasLow && t < 0) t = 0;
  if (range.hasHigh && t > range.high) t = range.high;
  return qAt(t) <= 0;
}

// Ellipsoids: random rotations or the identity, radii with zeros, scaled by 2^s, maybe far from the origin.
Ellipsoid randomEllipsoid(Random& random, int i, double& scale) {
  scale = std::ldexp(1.0, random.integer(-20, 20));
  const Vec3 offset = i % 3 == 0 ? Vec3{std::ldexp(1.0, 30), 0, -std::ldexp(3.0, 28)} * scale : Vec3{};
  Vec3 radii = i % 2 ? Vec3{5, 10, 20} : Vec3{double(random.integer(1, 6)), double(random.integer(1, 6)), 0.5};
  for (int k = 0; k < 3; ++k) {
    if (random.integer(0, 5) == 0) (k == 0 ? radii.x : k == 1 ? radii.y : radii.z) = 0;
  }
  const Mat3 rotation = i % 4 < 2 ? Mat3{} : random.rotation();
  return {random.integerVector(-3, 3) * scale + offset, radii * scale, rotation};
}

// A point of the surface of an axis-aligned ellipsoid with radii 5, 10, 20 (times scale), or a random lattice point.
Vec3 targetPoint(const Ellipsoid& e, Random& random, double scale) {
  static const Vec3 kOnSurface[] = {{3, 8, 0}, {3, 0, 16}, {0, 6, 16}, {5, 0, 0}, {0, -10, 0}, {0, 0, 20}, {-3, -8, 0}};
  if (random.integer(0, 2) == 0) return e.center + random.integerVector(-6, 6) * scale;
  return e.center + e.rotation * (kOnSurface[random.integer(0, 6)] * scale);
}

TEST(EllipsoidPoint, AgreesWithExactRationalsOnTheSurfaceAndItsNeighbours) {
  Random random(191);
  int inside = 0, checked = 0;
  for (int i = 0; i < cases(40000); ++i) {
    double scale;
    const Ellipsoid e = randomEllipsoid(random, i, scale);
    Vec3 p = targetPoint(e, random, scale);
    if (i % 4 == 1) p.y = std::nextafter(p.y, random.integer(0, 1) ? INFINITY : -INFINITY);
    const bool expected = EllipsoidQ(e).contains(q(p));
    ASSERT_EQ(intersects(Point{p}, e), expected) << i;
    ASSERT_EQ(intersectsByCast(Segment{p, p}, e), expected) << i;
    inside += expected;
    ++checked;
  }
  EXPECT_GT(inside, checked / 10);
  EXPECT_LT(inside, checked - checked / 10);
}

TEST(EllipsoidPoint, FlatEllipsoidsHoldOnlyTheirPlanesPoints) {
  const Ellipsoid ellipse{{0, 0, 0}, {5, 10, 0}, Mat3{}};
  EXPECT_TRUE(intersects(Point{{3, 8, 0}}, ellipse));
  EXPECT_FALSE(intersects(Point{{3, 8, 0x1p-1074}}, ellipse));
  EXPECT_FALSE(intersects(Point{{3, std::nextafter(8.0, 9.0), 0}}, ellipse));
  const Ellipsoid segment{{1, 1, 1}, {0, 2, 0}, Mat3{}};
  EXPECT_TRUE(intersects(Point{{1, 3, 1}}, segment));
  EXPECT_FALSE(intersects(Point{{1, std::nextafter(3.0, 4.0), 1}}, segment));
  EXPECT_FALSE(intersects(Point{{std::nextafter(1.0, 2.0), 2, 1}}, segment));
  const Ellipsoid point{{1, 2, 3}, {0, 0, 0}, Mat3{}};
  EXPECT_TRUE(intersects(Point{{1, 2, 3}}, point));
  EXPECT_FALSE(intersects(Point{{1, 2, std::nextafter(3.0, 4.0)}}, point));
}

TEST(EllipsoidRaycast, HitOrMissAgreesWithExactRationals) {
  Random random(192);
  int hits = 0, checked = 0;
  for (int i = 0; i < cases(30000); ++i) {
    double scale;
    const Ellipsoid e = randomEllipsoid(random, i, scale);
    const Vec3 target = targetPoint(e, random, scale);
    // From anywhere, along an axis through the target (grazing or in a flat's plane), or from inside.
    Vec3 origin = e.center + random.integerVector(-30, 30) * scale;
    if (i % 5 == 1) origin = target + e.rotation.column(random.integer(0, 2)) * (random.integer(1, 30) * scale);
    if (i % 5 == 2) origin = e.center;
    if (origin == target) origin.x += scale;
    // From a surface point (where starting inside is decided by a zero), towards a lattice point.
    const Caster caster = i % 5 == 3 ? castersTowards(target, origin)[random.integer(0, 2)]
                                     : castersTowards(origin, target)[random.integer(0, 2)];
    RaycastOptions options;
    options.solid = random.integer(0, 2) != 0;
    if (i % 4 == 1) options.maxDistance = random.integer(0, 4) * 0.5;
    const bool expected = referenceEllipsoidHit(caster, e, rangeOf(caster, options), options.solid);
    ASSERT_EQ(raycast(caster, e, options).has_value(), expected) << i << " solid " << options.solid;
    ASSERT_EQ(intersectsByCast(Segment{origin, target}, e),
              referenceEllipsoidHit(toCaster(Segment{origin, target}), e, rangeOf(toCaster(Segment{origin, target})),
                                    true))
        << i;
    hits += expected;
    ++checked;
  }
  EXPECT_GT(hits, checked / 5);
  EXPECT_LT(hits, checked - checked / 5);
}

std::optional<double> bisectedEntry(const Caster& caster, const Ellipsoid& e, double hi) {
  const EllipsoidQ k(e);
  const Q3 o = q(caster.origin), d = casterDirection(caster);
  auto inside = [&](double t) { return k.contains(o + d * mpq_class(t)); };
  const double lo = caster.tMin == -kInfinity ? -hi : caster.tMin;
  if (inside(lo)) return lo;
  double before = lo;
  for (int i = 1; i <= 300; ++i) {
    const double t = lo + (hi - lo) * i / 300;
    if (inside(t)) {
      double a = before, b = t;
      for (int j = 0; j < 200 && std::nextafter(a, b) != b; ++j) {
        const double mid = a + (b - a) / 2;
        (inside(mid) ? b : a) = mid;
      }
      return b;
    }
    before = t;
  }
  return std::nullopt;
}

TEST(EllipsoidRaycast, EntryAgreesWithBisectionAndNormalsWithTheGradient) {
  Random random(193);
  int compared = 0;
  for (int i = 0; i < cases(600); ++i) {
    const double scale = std::ldexp(1.0, random.integer(-20, 20));
    const Vec3 offset = i % 2 ? Vec3{std::ldexp(1.0, 30), 0, std::ldexp(1.0, 29)} * scale : Vec3{};
    const Ellipsoid e{random.vector(-1, 1) * scale + offset, random.vector(0.2, 2) * scale, random.rotation()};
    const Vec3 origin = e.center + random.vector(-4, 4) * scale;
    const Vec3 target = e.center + random.vector(-1.5, 1.5) * scale;
    const Caster caster = castersTowards(origin, target)[random.integer(0, 2)];
    const auto hit = raycast(caster, e, {});
    const auto reference = bisectedEntry(caster, e, caster.hasEnd ? 1.0 : 4.0);
    if (!reference) continue;
    ASSERT_TRUE(hit) << i;
    ASSERT_NEAR(hit->t, *reference, 1e-12 * (caster.hasEnd ? 1 : 4)) << i;
    ++compared;
    if (hit->t <= caster.tMin) continue;  // started inside: no surface there
    // The gradient of sum_k (u_k.y / r_k)^2 by central differences in long double around y = point - centre.
    const long double y[3] = {(long double)hit->point.x - e.center.x, (long double)hit->point.y - e.center.y,
                              (long double)hit->point.z - e.center.z};
    auto F = [&](int axis, long double step) {
      long double v[3] = {y[0], y[1], y[2]}, sum = 0;
      v[axis] += step;
      for (int k = 0; k < 3; ++k) {
        const Vec3 u = e.rotation.column(k);
        const long double c = (u.x * v[0] + u.y * v[1] + u.z * v[2]) / component(e.radii, k);
        sum += c * c;
      }
      return sum;
    };
    const long double h = 1e-7L * scale;
    const long double g[3] = {F(0, h) - F(0, -h), F(1, h) - F(1, -h), F(2, h) - F(2, -h)};
    const long double n = std::sqrt(g[0] * g[0] + g[1] * g[1] + g[2] * g[2]);
    EXPECT_TRUE(near(hit->normal, {double(g[0] / n), double(g[1] / n), double(g[2] / n)}, 1e-6)) << i;
  }
  EXPECT_GT(compared, cases(600) / 4);
}

TEST(EllipsoidRaycast, FlatEllipsoidsAreHitWhereCastersCrossTheirPlane) {
  const Ellipsoid ellipse{{0, 0, 0}, {5, 10, 0}, Mat3{}};
  const auto down = raycast(toCaster(Ray{{3, 8, 4}, {0, 0, -2}}), ellipse, {});
  ASSERT_TRUE(down);  // through the rim point (3, 8, 0)
  EXPECT_EQ(down->t, 2);
  EXPECT_TRUE(near(down->normal, {0, 0, 1}));
  EXPECT_FALSE(raycast(toCaster(Ray{{3, std::nextafter(8.0, 9.0), 4}, {0, 0, -2}}), ellipse, {}));
  const auto up = raycast(toCaster(Segment{{0, 0, -1}, {0, 0, 3}}), ellipse, {});
  ASSERT_TRUE(up);
  EXPECT_EQ(up->t, 0.25);
  EXPECT_TRUE(near(up->normal, {0, 0, -1}));
  // In the plane: enters at the rim, with the in-plane normal; starting inside, the exit when not solid.
  const auto across = raycast(toCaster(Ray{{-9, 0, 0}, {1, 0, 0}}), ellipse, {});
  ASSERT_TRUE(across);
  EXPECT_EQ(across->t, 4);
  EXPECT_TRUE(near(across->normal, {-1, 0, 0}));
  RaycastOptions hollow;
  hollow.solid = false;
  const auto out = raycast(toCaster(Ray{{0, 0, 0}, {0, 1, 0}}), ellipse, hollow);
  ASSERT_TRUE(out);
  EXPECT_EQ(out->t, 10);
  // Parallel to the plane, off it: misses.
  EXPECT_FALSE(raycast(toCaster(Line{{0, 0, 0x1p-1000}, {1, 0, 0}}), ellipse, {}));
  // The point ellipsoid: only casters through it.
  const Ellipsoid point{{1, 2, 3}, {0, 0, 0}, Mat3{}};
  EXPECT_TRUE(raycast(toCaster(Line{{0, 0, 0}, {1, 2, 3}}), point, {}));
  EXPECT_FALSE(raycast(toCaster(Line{{0, 0, 0}, {1, 2, std::nextafter(3.0, 4.0)}}), point, {}));
}

}  // namespace
}  // namespace c3d
