// The cone's exact kernels against GMP's exact rationals, computing the decisions by other routes: point in the cone
// by its definition; raycast hit or miss by the minimum of q over the caster's part in the slab, q's coefficients
// taken from its values at three parameters (not from the kernel's expansion), and leaving past the limit by the
// Taylor signs of q there; t against bisection on the exact point test; normals against a numerical gradient;
// triangles and planes on cases built touching, their neighbours, and sampled points. Lattice cones and casters (where
// boundaries are exact), axis-aligned ones scaled by 2^-20..2^20 and moved to 2^30 from the origin.
#include <gmpxx.h>

#include <cmath>
#include <vector>

#include "collide3d/queries/classify/plane_side.h"
#include "collide3d/queries/intersects/intersects_cone.h"
#include "exact_reference.h"
#include "test_support.h"

namespace c3d {
namespace {

using namespace testing;

// q(p) = E |(p - base) x e|^2 - r^2 (E - Z)^2 and Z = (p - base).e at a rational point.
struct ConeQ {
  Q3 base, e;
  mpq_class E, rr;
  explicit ConeQ(const Cone& cone)
      : base(q(cone.base)), e(q(cone.apex) - q(cone.base)), E(dotQ(e, e)), rr(mpq_class(cone.radius) * cone.radius) {}
  mpq_class z(const Q3& p) const { return dotQ(p - base, e); }
  mpq_class quadric(const Q3& p) const {
    const Q3 k = crossQ(p - base, e);
    const mpq_class h = E - z(p);
    return E * dotQ(k, k) - rr * h * h;
  }
  bool contains(const Q3& p) const {
    const mpq_class zp = z(p);
    return zp >= 0 && zp <= E && quadric(p) <= 0;
  }
};

// The reference decision of a raycast against the cone (see the file's comment).
bool referenceConeHit(const Caster& caster, const Cone& cone, const Range& range, bool solid) {
  if (range.empty()) return false;
  const ConeQ k(cone);
  const Q3 o = q(caster.origin), d = casterDirection(caster);
  auto at = [&](const mpq_class& t) { return o + d * t; };
  auto qAt = [&](const mpq_class& t) { return k.quadric(at(t)); };
  const mpq_class C = qAt(0), plus = qAt(1), minus = qAt(-1);
  const mpq_class A = (plus + minus) / 2 - C, B = (plus - minus) / 4;  // q(t) = A t^2 + 2 B t + C
  const mpq_class zw = k.z(o), zd = dotQ(d, k.e);
  const bool constant = A == 0 && B == 0;
  const bool inSlab = zd == 0 ? zw >= 0 && zw <= k.E : zw > 0 && zw < k.E;
  const bool startsInside = range.hasLow && inSlab && (C < 0 || (constant && C == 0));
  if (startsInside && !solid) {
    if (!range.hasHigh) return !isZeroQ(d);
    // Leaves by hi iff it is not in the cone just after hi: in the slab there, and q's first non-zero derivative
    // at hi negative (or q identically 0).
    const mpq_class h = range.high, zh = zw + h * zd;
    const bool slabAfter = zd == 0 || (zd > 0 ? zh >= 0 && zh < k.E : zh > 0 && zh <= k.E);
    const mpq_class q0 = qAt(h), q1 = 2 * (A * h + B);
    const bool quadricAfter = q0 != 0 ? q0 < 0 : q1 != 0 ? q1 < 0 : A <= 0;
    return !(slabAfter && quadricAfter);
  }
  Interval in;
  in.keepNonNegative(zw, zd);
  in.keepNonNegative(k.E - zw, -zd);
  if (range.hasLow) in.keepAtLeast(0);
  if (range.hasHigh) in.keepAtMost(range.high);
  if (in.isEmpty()) return false;
  std::vector<mpq_class> candidates;
  if (in.hasEnter) candidates.push_back(in.enter);
  if (in.hasExit) candidates.push_back(in.exit);
  if (!in.hasEnter && !in.hasExit) candidates.push_back(0);
  if (A > 0) {
    const mpq_class vertex = -B / A;
    if ((!in.hasEnter || vertex >= in.enter) && (!in.hasExit || vertex <= in.exit)) candidates.push_back(vertex);
  }
  for (const mpq_class& t : candidates) {
    if (qAt(t) <= 0) return true;
  }
  return false;
}

// A cone along +z (or another signed axis) from base, height h and radius r, all exact.
Cone axisCone(Vec3 base, int axis, double h, double r) {
  Vec3 e{};
  (axis == 0 ? e.x : axis == 1 ? e.y : e.z) = h;
  return {base, base + e, r};
}

// A point of the cone's closed surface, built exactly on an axis-aligned cone (a lattice when base, h, r are
// integers times a power of two and the fractions below dyadic): on the side at height h/2^k, on the rim, the apex,
// the base's centre or a point of the base disc.
Vec3 surfacePoint(const Cone& cone, Random& random) {
  const Vec3 e = cone.apex - cone.base;
  const Vec3 u = std::fabs(e.z) > 0 ? Vec3{1, 0, 0} : Vec3{0, 0, 1};  // across the axis, exact
  const Vec3 v = cross(e * (1 / length(e)), u);                       // the other one, exact for axis-aligned e
  const double sx = random.integer(0, 1) ? 1 : -1;
  const Vec3 across = random.integer(0, 1) ? u * sx : v * sx;
  switch (random.integer(0, 4)) {
    case 0: {
      const double f = std::ldexp(1.0, -random.integer(1, 4));  // the side at Z = f E
      return cone.base + e * f + across * (cone.radius * (1 - f));
    }
    case 1:
      return cone.base + across * cone.radius;
    case 2:
      return cone.apex;
    case 3:
      return cone.base;
    default:
      return cone.base + across * (cone.radius * 0.5);
  }
}

// Cones: lattice ones in random directions, and exact axis-aligned ones scaled by 2^s and moved far away.
Cone randomCone(Random& random, int i, double& scale, Vec3& offset) {
  scale = std::ldexp(1.0, random.integer(-20, 20));
  offset = i % 3 == 0 ? Vec3{std::ldexp(1.0, 30), -std::ldexp(3.0, 29), 0} * scale : Vec3{};
  if (i % 2 == 0) {
    const Vec3 base = random.integerVector(-4, 4);
    Vec3 apex = random.integerVector(-4, 4);
    if (apex == base) apex.x += 1;
    return {base * scale + offset, apex * scale + offset, random.integer(0, 4) * scale};
  }
  const double h = random.integer(1, 8) * (random.integer(0, 1) ? 1 : -1);
  const Cone cone = axisCone(random.integerVector(-4, 4), random.integer(0, 2), h, random.integer(0, 3) * 2);
  return {cone.base * scale + offset, cone.apex * scale + offset, cone.radius * scale};
}

TEST(ConePoint, AgreesWithExactRationalsOnTheSurfaceAndItsNeighbours) {
  Random random(181);
  int inside = 0, checked = 0;
  for (int i = 0; i < cases(40000); ++i) {
    double scale;
    Vec3 offset;
    const Cone cone = randomCone(random, i, scale, offset);
    Vec3 p = i % 2 ? surfacePoint(cone, random) : random.integerVector(-5, 5) * scale + offset;
    if (i % 4 == 1) p.x = std::nextafter(p.x, random.integer(0, 1) ? INFINITY : -INFINITY);
    if (i % 4 == 3) p.z = std::nextafter(p.z, random.integer(0, 1) ? INFINITY : -INFINITY);
    const bool expected = ConeQ(cone).contains(q(p));
    ASSERT_EQ(intersects(Point{p}, cone), expected) << i;
    // The zero-length segment's cast decides the same.
    ASSERT_EQ(intersectsByCast(Segment{p, p}, cone), expected) << i;
    inside += expected;
    ++checked;
  }
  EXPECT_GT(inside, checked / 5);
  EXPECT_LT(inside, checked - checked / 5);
}

TEST(ConePoint, SurfacePointsAreInsideAndTheirOutwardNeighboursOutside) {
  // Base at the origin, apex (0, 0, 8), radius 4: the side point at height 4 is (2, 0, 4).
  const Cone cone{{0, 0, 0}, {0, 0, 8}, 4};
  for (const Vec3 p : {Vec3{2, 0, 4}, Vec3{4, 0, 0}, Vec3{0, 0, 8}, Vec3{0, 0, 0}, Vec3{0, -4, 0}, Vec3{1, 0, 6}}) {
    EXPECT_TRUE(intersects(Point{p}, cone)) << p.x << " " << p.z;
  }
  for (const Vec3 p : {Vec3{std::nextafter(2.0, 3.0), 0, 4}, Vec3{2, 0, std::nextafter(4.0, 5.0)},
                       Vec3{0, 0, std::nextafter(8.0, 9.0)}, Vec3{0, 0, -0x1p-1074}, Vec3{0, std::nextafter(-4.0, -5.0), 0}}) {
    EXPECT_FALSE(intersects(Point{p}, cone)) << p.x << " " << p.z;
  }
  // Radius 0: the segment.
  const Cone segment{{1, 1, 1}, {3, 5, 7}, 0};
  EXPECT_TRUE(intersects(Point{{2, 3, 4}}, segment));
  EXPECT_FALSE(intersects(Point{{2, 3, std::nextafter(4.0, 5.0)}}, segment));
  EXPECT_FALSE(intersects(Point{{4, 7, 10}}, segment));
}

// A caster towards a target: the rim, the apex, a side point, the base's centre (maybe nudged), along the axis, along
// a generator, parallel to one, tangent to the side, or in the base's plane.
Caster aimedCaster(const Cone& cone, Random& random, double scale, Vec3 offset, int i) {
  const Vec3 target = surfacePoint(cone, random);
  const Vec3 e = cone.apex - cone.base;
  Vec3 origin;
  switch (i % 7) {
    case 0:  // along the axis
      origin = target + e * (random.integer(-2, 2) * 0.5);
      break;
    case 1:  // along the generator through the target, or parallel to it
      origin = cone.apex + (target - cone.apex) * (random.integer(-2, 3) * 0.5) +
               (random.integer(0, 1) ? Vec3{} : random.integerVector(-1, 1) * scale);
      break;
    case 2:  // in the base's plane, or one of the planes parallel to it through the target
      origin = target + cross(e, random.integerVector(-2, 2) * scale) * (1 / length(e)) * random.integer(1, 2);
      break;
    default:
      origin = random.integerVector(-10, 10) * scale + offset;
  }
  if (i % 11 == 5) origin.y = std::nextafter(origin.y, INFINITY);
  const int form = random.integer(0, 2);
  if (origin == target) origin = origin + Vec3{scale, 0, 0};
  return castersTowards(origin, target)[form];
}

TEST(ConeRaycast, HitOrMissAgreesWithExactRationals) {
  Random random(182);
  int hits = 0, checked = 0;
  for (int i = 0; i < cases(40000); ++i) {
    double scale;
    Vec3 offset;
    const Cone cone = randomCone(random, i, scale, offset);
    const Caster caster = i % 5 == 4 ? castersTowards(random.integerVector(-10, 10) * scale + offset,
                                                      random.integerVector(-10, 10) * scale + offset)[i % 3]
                                     : aimedCaster(cone, random, scale, offset, i);
    RaycastOptions options;
    options.solid = random.integer(0, 2) != 0;
    if (i % 4 == 1) options.maxDistance = random.integer(0, 4) * 0.5;
    const bool expected = referenceConeHit(caster, cone, rangeOf(caster, options), options.solid);
    ASSERT_EQ(raycast(caster, cone, options).has_value(), expected)
        << i << " solid " << options.solid << " max " << options.maxDistance;
    hits += expected;
    ++checked;
  }
  EXPECT_GT(hits, checked / 4);
  EXPECT_LT(hits, checked - checked / 4);
}

TEST(ConeRaycast, ConstructedCasesThroughTheApexAlongTheSideAndInTheBasePlane) {
  const Cone cone{{0, 0, 0}, {0, 0, 8}, 4};
  auto hitT = [&](Caster c, RaycastOptions o = {}) {
    const auto hit = raycast(c, cone, o);
    return hit ? hit->t : -1.0;
  };
  // Down the axis onto the apex, up the axis into the base.
  EXPECT_EQ(hitT(toCaster(Ray{{0, 0, 10}, {0, 0, -1}})), 2);
  EXPECT_EQ(hitT(toCaster(Ray{{0, 0, -3}, {0, 0, 1}})), 3);
  // Through the apex only, from outside the cone's angle: touches there.
  EXPECT_EQ(hitT(toCaster(Ray{{-8, 0, 8}, {1, 0, 0}})), 8);
  EXPECT_EQ(hitT(toCaster(Ray{{-3, 0, 14}, {1, 0, -2}})), 3);
  // Along the generator from (4, 0, 0) to the apex: on the surface from its start.
  EXPECT_EQ(hitT(toCaster(Segment{{6, 0, -4}, {-2, 0, 12}})), 0.25);
  // Parallel to the generator, just outside: misses; just inside: hits the base, leaves by the side.
  EXPECT_EQ(hitT(toCaster(Line{{4.5, 0, 0}, {-1, 0, 2}})), -1);
  const auto through = raycast(toCaster(Ray{{3.5, 0, -2}, {-1, 0, 2}}), cone, {});
  ASSERT_TRUE(through);
  EXPECT_EQ(through->t, 1);
  EXPECT_TRUE(near(through->normal, {0, 0, -1}));
  // Tangent to the side at (2, 0, 4), across: touches at one point; a hair outside: misses.
  EXPECT_EQ(hitT(toCaster(Ray{{2, -5, 4}, {0, 1, 0}})), 5);
  EXPECT_EQ(hitT(toCaster(Ray{{std::nextafter(2.0, 3.0), -5, 4}, {0, 1, 0}})), -1);
  // In the base's plane, across the disc, and tangent to the rim.
  EXPECT_EQ(hitT(toCaster(Ray{{-6, 0, 0}, {1, 0, 0}})), 2);
  EXPECT_EQ(hitT(toCaster(Ray{{-6, 4, 0}, {1, 0, 0}})), 6);
  EXPECT_EQ(hitT(toCaster(Ray{{-6, std::nextafter(4.0, 5.0), 0}, {1, 0, 0}})), -1);
  // Starting inside: solid hits at the start; otherwise the exit, a miss when the range ends inside.
  RaycastOptions hollow;
  hollow.solid = false;
  EXPECT_EQ(hitT(toCaster(Ray{{0, 0, 2}, {1, 0, 0}})), 0);
  EXPECT_EQ(hitT(toCaster(Ray{{0, 0, 2}, {1, 0, 0}}), hollow), 3);
  EXPECT_EQ(hitT(toCaster(Segment{{0, 0, 2}, {2, 0, 2}}), hollow), -1);
  EXPECT_EQ(hitT(toCaster(Segment{{0, 0, 2}, {3, 0, 2}}), hollow), 1);
  EXPECT_EQ(hitT(toCaster(Ray{{0, 0, 2}, {0, 0, 1}}), hollow), 6);
  // Radius 0: the segment, met only on it.
  const Cone needle{{0, 0, 0}, {0, 0, 8}, 0};
  EXPECT_TRUE(raycast(toCaster(Ray{{-1, 0, 3}, {1, 0, 0}}), needle, {}));
  EXPECT_FALSE(raycast(toCaster(Ray{{-1, 0x1p-1000, 3}, {1, 0, 0}}), needle, {}));
  EXPECT_TRUE(raycast(toCaster(Line{{0, 0, 20}, {0, 0, 1}}), needle, {}));
}

// The first t in the caster's range whose exact point is in the cone, by dense sampling then bisection on the
// exact test; none when no sample is inside.
std::optional<double> bisectedEntry(const Caster& caster, const Cone& cone, double hi) {
  const ConeQ k(cone);
  const Q3 o = q(caster.origin), d = casterDirection(caster);
  auto inside = [&](double t) { return k.contains(o + d * mpq_class(t)); };
  const double lo = caster.tMin == -kInfinity ? -hi : caster.tMin;
  constexpr int kSamples = 300;
  double before = lo;
  if (inside(lo)) return lo;
  for (int i = 1; i <= kSamples; ++i) {
    const double t = lo + (hi - lo) * i / kSamples;
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

// The cone's outward normal at a point near its side, by central differences in long double of
// g = |radial| + r Z / E, whose level set g = r is the side (|radial| = r (E - Z) / E), around w = p - base (exact).
Vec3 numericalSideNormal(const Cone& cone, Vec3 p) {
  const Vec3 e = cone.apex - cone.base;
  const long double E = dot(e, e);
  const long double px = (long double)p.x - cone.base.x, py = (long double)p.y - cone.base.y,
                    pz = (long double)p.z - cone.base.z;
  auto g = [&](long double wx, long double wy, long double wz) {
    const long double along = (wx * e.x + wy * e.y + wz * e.z) / E;
    const long double rx = wx - along * e.x, ry = wy - along * e.y, rz = wz - along * e.z;
    return std::sqrt(rx * rx + ry * ry + rz * rz) + cone.radius * along;
  };
  const long double step = 1e-7L * (std::sqrt(E) + cone.radius);
  const long double gx = g(px + step, py, pz) - g(px - step, py, pz);
  const long double gy = g(px, py + step, pz) - g(px, py - step, pz);
  const long double gz = g(px, py, pz + step) - g(px, py, pz - step);
  const long double n = std::sqrt(gx * gx + gy * gy + gz * gz);
  return {double(gx / n), double(gy / n), double(gz / n)};
}

TEST(ConeRaycast, EntryAgreesWithBisectionOnTheExactTestAndNormalsWithTheGradient) {
  Random random(183);
  int compared = 0, sides = 0;
  for (int i = 0; i < cases(1500); ++i) {
    const double scale = std::ldexp(1.0, random.integer(-20, 20));
    const Vec3 offset = i % 2 ? Vec3{std::ldexp(1.0, 30), 0, -std::ldexp(1.0, 29)} * scale : Vec3{};
    const Vec3 base = random.vector(-1, 1) * scale + offset;
    const Cone cone{base, base + random.vector(-2, 2) * scale, random.uniform(0.1, 1.5) * scale};
    const Vec3 origin = base + random.vector(-4, 4) * scale;
    const Vec3 target = base + (cone.apex - base) * random.uniform(0, 1) + random.vector(-1, 1) * scale;
    const Caster caster = castersTowards(origin, target)[random.integer(0, 2)];
    const auto hit = raycast(caster, cone, {});
    const auto reference = bisectedEntry(caster, cone, caster.hasEnd ? 1.0 : 4.0);
    if (!reference) continue;
    ASSERT_TRUE(hit) << i;
    const double t = hit->t, extent = caster.hasEnd ? 1 : 4;
    ASSERT_NEAR(t, *reference, 1e-12 * extent) << i;
    ++compared;
    const Vec3 e = cone.apex - cone.base, w = hit->point - cone.base;
    const double along = dot(w, e) / dot(e, e), radial = length(w - e * along);
    if (t > 0 && along > 1e-3 && along < 1 - 1e-3 && radial > 1e-3 * cone.radius) {
      // On the side (away from the rim and the apex): the gradient's direction.
      EXPECT_TRUE(near(hit->normal, numericalSideNormal(cone, hit->point), 1e-6)) << i;
      ++sides;
    } else if (t > 0 && std::fabs(along) < 1e-12 && radial < cone.radius * (1 - 1e-3)) {
      EXPECT_TRUE(near(hit->normal, e * (-1 / length(e)), 1e-12)) << i;
    }
  }
  EXPECT_GT(compared, cases(1500) / 4);
  EXPECT_GT(sides, compared / 4);
}

TEST(ConeTriangle, TouchingCasesAndTheirNeighbours) {
  const Cone cone{{0, 0, 0}, {0, 0, 8}, 4};
  // The side's tangent plane along the generator from (4, 0, 0) to the apex is 2 x + z = 8.
  const Triangle tangent{{4, -3, 0}, {4, 3, 0}, {0, 0, 8}};  // holds the generator: touches along it
  EXPECT_TRUE(intersects(cone, tangent));
  const Triangle beside{{4, -3, 0}, {4, 3, 0}, {-4, 0, 16}};  // in the tangent plane, one edge on the rim point
  EXPECT_TRUE(intersects(cone, beside));
  const Triangle off{{5, -3, 0}, {5, 3, 0}, {1, 0, 8}};  // 2 x + z = 10: apart
  EXPECT_FALSE(intersects(cone, off));
  // A large triangle the axis pierces, all corners and edges outside.
  EXPECT_TRUE(intersects(cone, Triangle{{-20, -20, 4}, {20, -20, 4}, {0, 30, 4}}));
  // One whose plane only shaves the base disc near its rim: x - z = 3 cuts the disc at x = 3 (below the base for
  // smaller x), the cone only near (3..4, y, 0..); the triangle holds that cut, its edges far away, the axis missed.
  const Triangle shaving{{3 - 40, -40, -40}, {3 - 40, 40, -40}, {3 + 8, 0, 8}};
  EXPECT_TRUE(intersects(cone, shaving));
  // x - z = 4 touches only the rim point (4, 0, 0); x - z = 4 + 2^-40 misses.
  EXPECT_TRUE(intersects(cone, Triangle{{4 - 40, -40, -40}, {4 - 40, 40, -40}, {4 + 8, 0, 8}}));
  const double past = 4 + 0x1p-40;
  EXPECT_FALSE(intersects(cone, Triangle{{past - 40, -40, -40}, {past - 40, 40, -40}, {past + 8, 0, 8}}));
  // In the base's plane around the disc; and beside it, touching the rim.
  EXPECT_TRUE(intersects(cone, Triangle{{-20, -20, 0}, {20, -20, 0}, {0, 30, 0}}));
  EXPECT_TRUE(intersects(cone, Triangle{{4, -5, 0}, {4, 5, 0}, {9, 0, 0}}));
  EXPECT_FALSE(intersects(cone, Triangle{{std::nextafter(4.0, 5.0), -5, 0}, {std::nextafter(4.0, 5.0), 5, 0}, {9, 0, 0}}));
  // Above the apex, and a degenerate triangle (a segment) through it.
  EXPECT_FALSE(intersects(cone, Triangle{{-1, -1, 8.5}, {1, -1, 8.5}, {0, 1, 8.5}}));
  EXPECT_TRUE(intersects(cone, Triangle{{-1, 0, 9}, {1, 0, 7}, {1, 0, 7}}));
}

TEST(ConeTriangle, AgreesWithSampledPointsAndCasts) {
  // One-sided checks by other routes: a triangle with an exact sample point inside the cone meets it, and a cone
  // with a sampled point (the apex, rim points, the axis) whose cast onto the triangle hits meets it; the triangle
  // whose every edge's cast misses, whose plane has the whole cone strictly on one side, is apart.
  Random random(184);
  int meets = 0;
  for (int i = 0; i < cases(20000); ++i) {
    const Vec3 base = random.integerVector(-4, 4);
    Vec3 apex = random.integerVector(-4, 4);
    if (apex == base) apex.z += 1;
    const Cone cone{base, apex, double(random.integer(0, 3))};
    const Triangle t{random.integerVector(-6, 6), random.integerVector(-6, 6), random.integerVector(-6, 6)};
    const bool result = intersects(cone, t);
    meets += result;
    const ConeQ k(cone);
    for (int s = 0; s <= 4 && !result; ++s) {
      for (int u = 0; u + s <= 4; ++u) {  // barycentric lattice points, exact in rationals
        const Q3 p = q(t.a) * mpq_class(4 - s - u, 4) + q(t.b) * mpq_class(s, 4) + q(t.c) * mpq_class(u, 4);
        ASSERT_FALSE(k.contains(p)) << i;
      }
    }
    if (!result) {
      ASSERT_FALSE(intersectsByCast(Segment{cone.base, cone.apex}, t)) << i;
      for (int j = 0; j < 3; ++j) {
        ASSERT_FALSE(intersectsByCast(Segment{vertex(t, j), vertex(t, (j + 1) % 3)}, cone)) << i;
      }
    }
    // A triangle's plane with the cone strictly on one side: apart.
    const Vec3 n = cross(t.b - t.a, t.c - t.a);
    if (!isZero(n)) {
      const int s = side(Plane{n, -dot(n, t.a)}, cone, 0);
      if (s != 0) {
        ASSERT_FALSE(result) << i;
      }
    }
  }
  EXPECT_GT(meets, cases(20000) / 10);
}

TEST(ConePlaneSide, TouchingPlanesAndTheirNeighbours) {
  const Cone cone{{0, 0, 0}, {0, 0, 8}, 4};
  // x - z = 4 touches the rim at (4, 0, 0) (the disc reaches r |n x e| / |e| = 4 along n = (1, 0, -1)), the apex
  // behind; moved by 2^-40 it cuts the rim, or has the whole cone behind.
  EXPECT_EQ(side(Plane{{1, 0, -1}, -4}, cone, 0), 0);
  EXPECT_EQ(side(Plane{{1, 0, -1}, -4 + 0x1p-40}, cone, 0), 0);
  EXPECT_EQ(side(Plane{{1, 0, -1}, -4 - 0x1p-40}, cone, 0), -1);
  EXPECT_EQ(side(Plane{{-1, 0, 1}, 4 + 0x1p-40}, cone, 0), 1);
  // z = 8 touches the apex; z = 8 + 2^-40 has the cone behind.
  EXPECT_EQ(side(Plane{{0, 0, 1}, -8}, cone, 0), 0);
  EXPECT_EQ(side(Plane{{0, 0, 1}, -8 - 0x1p-40}, cone, 0), -1);
  // 2 x + z = 8 holds a generator: touching; just beyond it, the cone behind.
  EXPECT_EQ(side(Plane{{2, 0, 1}, -8}, cone, 0), 0);
  EXPECT_EQ(side(Plane{{2, 0, 1}, -8 - 0x1p-40}, cone, 0), -1);
  EXPECT_EQ(side(Plane{{2, 0, 1}, -8 + 0x1p-40}, cone, 0), 0);
  // With a slab: x + z = -5 clears the rim's nearest point (-4, 0, 0) by 1 / sqrt(2).
  EXPECT_EQ(side(Plane{{1, 0, 1}, 5}, cone, std::sqrt(0.5) * (1 - 1e-15)), 1);
  EXPECT_EQ(side(Plane{{1, 0, 1}, 5}, cone, std::sqrt(0.5) * (1 + 1e-15)), 0);
  // Radius 0 is the segment's side.
  const Cone needle{{0, 0, 0}, {0, 0, 8}, 0};
  EXPECT_EQ(side(Plane{{1, 0, 0}, 0}, needle, 0), 0);
  EXPECT_EQ(side(Plane{{1, 0, 0}, 0x1p-1000}, needle, 0), 1);
}

TEST(ConePlaneSide, AgreesWithSampledSurfacePoints) {
  // One way: no sampled surface point of a cone on the plane or behind it when the plane has the cone in front.
  Random random(185);
  for (int i = 0; i < cases(20000); ++i) {
    const Cone cone = axisCone(random.integerVector(-3, 3), random.integer(0, 2), random.integer(1, 4), 2 * random.integer(0, 2));
    const Plane plane{random.integerVector(-3, 3), double(random.integer(-12, 12))};
    if (isZero(plane.normal)) continue;
    const int s = side(plane, cone, 0);
    const Q3 n = q(plane.normal);
    for (int j = 0; j < 12; ++j) {
      Vec3 p = surfacePoint(cone, random);
      const mpq_class value = dotQ(n, q(p)) + plane.constant;
      if (s == 1) {
        ASSERT_GT(value, 0) << i;
      }
      if (s == -1) {
        ASSERT_LT(value, 0) << i;
      }
    }
  }
}

}  // namespace
}  // namespace c3d
