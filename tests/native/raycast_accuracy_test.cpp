// The accuracy of a raycast's t on curved surfaces, against the exact root: the quadratic's coefficients in GMP's
// exact rationals from the caster's and shape's doubles, its root to 256 bits (mpf). Families of casters grazing a
// sphere, a cylinder's side, a capsule's side and its end balls at angles 1e-2 .. 1e-12 radians, and casters exactly
// tangent (built from inputs whose tangency holds in exact arithmetic, though the double discriminant rounds): every
// returned t must lie within kMaxUlps ulps of the exact root. The worst error seen is printed.
#include <gmpxx.h>

#include <cmath>
#include <cstdio>
#include <functional>

#include "collide3d/queries/raycast/raycast.h"
#include "exact_reference.h"
#include "test_support.h"

namespace c3d {
namespace {

using namespace testing;

constexpr double kMaxUlps = 8;

// The smaller root (the entry) of A t^2 + 2 B t + C, to 256 bits.
mpf_class entryRoot(const mpq_class& A, const mpq_class& B, const mpq_class& C) {
  const mpq_class discriminant = B * B - A * C;
  const mpf_class s = sqrt(mpf_class(discriminant < 0 ? mpq_class(0) : discriminant, 256));
  return (mpf_class(-B, 256) - s) / mpf_class(A, 256);
}

// How many ulps of the exact root the double t is from it.
double ulpsFrom(double t, const mpf_class& exact) {
  int exponent = 0;
  std::frexp(exact.get_d(), &exponent);
  const mpf_class error = abs(mpf_class(t, 256) - exact);
  return mpf_class(error / mpf_class(std::ldexp(1.0, exponent - 53), 256)).get_d();
}

// The entry of the caster's line into the ball around center, exactly.
mpf_class ballEntry(const Caster& caster, Vec3 center, double radius) {
  const Q3 d = casterDirection(caster), w = q(caster.origin) - q(center);
  const mpq_class r = radius;
  return entryRoot(dotQ(d, d), dotQ(d, w), dotQ(w, w) - r * r);
}

// Its entry into the infinite cylinder of radius r around start-end, exactly.
mpf_class sideEntry(const Caster& caster, Vec3 start, Vec3 end, double radius) {
  const Q3 e = q(end) - q(start), m = crossQ(casterDirection(caster), e), n = crossQ(q(caster.origin) - q(start), e);
  const mpq_class r = radius;
  return entryRoot(dotQ(m, m), dotQ(m, n), dotQ(n, n) - r * r * dotQ(e, e));
}

// The worst error over the cases checked, and how many hit.
struct Worst {
  double ulps = 0;
  int hits = 0;
  void add(double error) { ulps = std::fmax(ulps, error), ++hits; }
};

// A unit vector normal to v.
Vec3 unitNormalTo(Vec3 v, Random& random) {
  const Vec3 n = cross(v, random.vector(-1, 1));
  return n * (1 / length(n));
}

// Casts a ray, a segment and a line from origin along direction (the segment four times as long) and checks each hit's
// entry against the exact root exact(caster).
template <class Shape>
void checkEntries(Vec3 origin, Vec3 direction, const Shape& shape,
                  const std::function<mpf_class(const Caster&)>& exact, Worst& worst, const char* what) {
  for (const Caster& caster : {toCaster(Ray{origin, direction}), toCaster(Segment{origin, origin + direction * 4}),
                               toCaster(Line{origin, direction})}) {
    const auto hit = raycast(caster, shape, {});
    if (!hit) continue;  // rounding the inputs took a tangent caster off the surface: an exact miss
    const double error = ulpsFrom(hit->t, exact(caster));
    ASSERT_LE(error, kMaxUlps) << what << ": t = " << hit->t << ", exact " << exact(caster).get_d();
    worst.add(error);
  }
}

const double kAngles[] = {1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10, 1e-11, 1e-12};

// Casters at angle θ to the surface at the surface point T with unit normal n, moving inward along
// u cos θ - n sin θ (u a unit tangent), from T - s d.
struct Grazing {
  Vec3 origin, direction;
};
Grazing grazingAt(Vec3 T, Vec3 n, Vec3 u, double angle, double distance, Random& random) {
  const Vec3 d = (u * std::cos(angle) - n * std::sin(angle)) * random.uniform(0.5, 2);
  return {T - d * (distance / length(d)), d};
}

TEST(RaycastAccuracy, GrazingAndTangentSphereEntriesAreWithinUlpsOfTheExactRoot) {
  Random random(211);
  Worst worst;
  for (const double angle : kAngles) {
    for (int i = 0; i < cases(400); ++i) {
      const double scale = std::ldexp(1.0, random.integer(-20, 20));
      const Sphere sphere{random.vector(-1, 1) * scale, random.uniform(0.5, 1) * scale};
      const Vec3 n = unitNormalTo(random.vector(-1, 1), random), u = unitNormalTo(n, random);
      const Grazing g = grazingAt(sphere.center + n * sphere.radius, n, u, angle, random.uniform(1, 4) * scale, random);
      checkEntries(g.origin, g.direction, sphere, [&](const Caster& c) { return ballEntry(c, sphere.center, sphere.radius); },
                   worst, "sphere");
      if (HasFatalFailure()) return;
    }
  }
  // Exactly tangent: centre (x, y, 0) and direction (dx, dy, 0) of 26 bits, the origin (x - s dx, y - s dy, r) exact,
  // so the line touches the ball at t = s; then a signed permutation and a power of two, both exact.
  for (int i = 0; i < cases(2000); ++i) {
    auto bits26 = [&] { return random.integer(-(1 << 25), 1 << 25) * 0x1p-26; };
    const double scale = std::ldexp(1.0, random.integer(-20, 20)), s = random.integer(1 << 24, 1 << 26) * 0x1p-24;
    const Vec3 c{bits26(), bits26(), 0}, d{bits26(), bits26(), 0};
    if (isZero(d)) continue;
    const double r = random.uniform(0.5, 1);
    const Mat3 turn = random.signedPermutation();
    const Vec3 origin{c.x - s * d.x, c.y - s * d.y, r};
    const Sphere sphere{turn * c * scale, r * scale};
    checkEntries(turn * origin * scale, turn * d * scale, sphere,
                 [&](const Caster& caster) { return ballEntry(caster, sphere.center, sphere.radius); }, worst, "tangent");
    if (HasFatalFailure()) return;
  }
  std::printf("sphere: %d hits, worst %.3g ulps\n", worst.hits, worst.ulps);
  EXPECT_GT(worst.hits, cases(10000));
}

// Casters grazing the side of a cylinder or capsule around start-end at angles kAngles, at a point between a
// quarter and three quarters along the axis, moving round it; and exactly tangent ones (axis along z, the caster in the plane x = r).
template <class Shape>
void checkSideEntries(unsigned seed, Worst& worst) {
  Random random(seed);
  for (const double angle : kAngles) {
    for (int i = 0; i < cases(400); ++i) {
      const double scale = std::ldexp(1.0, random.integer(-20, 20));
      const Vec3 start = random.vector(-1, 1) * scale, axis = random.vector(-1, 1) * scale;
      if (length(axis) < 0.2 * scale) continue;
      const Shape shape{start, start + axis, random.uniform(0.2, 1) * scale};
      // Moving round the axis (normal to it), so that the caster stays between the end planes.
      const Vec3 n = unitNormalTo(axis, random), around = cross(axis, n), u = around * (1 / length(around));
      const Vec3 T = start + axis * random.uniform(0.25, 0.75) + n * shape.radius;
      const Grazing g = grazingAt(T, n, u, angle, random.uniform(1, 4) * scale, random);
      checkEntries(g.origin, g.direction, shape,
                   [&](const Caster& c) { return sideEntry(c, shape.start, shape.end, shape.radius); }, worst, "side");
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  for (int i = 0; i < cases(2000); ++i) {
    auto bits26 = [&] { return random.integer(-(1 << 25), 1 << 25) * 0x1p-26; };
    const double scale = std::ldexp(1.0, random.integer(-20, 20)), s = random.integer(1 << 24, 1 << 26) * 0x1p-24;
    const double r = random.uniform(0.5, 1), h = random.uniform(1, 2);
    const Vec3 d{0, bits26(), bits26()};
    if (d.y == 0) continue;
    // Touching at (r, 0, z) with z in the middle of the axis: the origin is (r, -s dy, z - s dz).
    const Vec3 origin{r, -s * d.y, h / 2 - s * d.z};
    const Mat3 turn = random.signedPermutation();
    const Shape shape{Vec3{}, turn * Vec3{0, 0, h} * scale, r * scale};
    checkEntries(turn * origin * scale, turn * d * scale, shape,
                 [&](const Caster& c) { return sideEntry(c, shape.start, shape.end, shape.radius); }, worst, "tangent");
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(RaycastAccuracy, GrazingAndTangentCylinderEntriesAreWithinUlpsOfTheExactRoot) {
  Worst worst;
  checkSideEntries<Cylinder>(223, worst);
  std::printf("cylinder: %d hits, worst %.3g ulps\n", worst.hits, worst.ulps);
  EXPECT_GT(worst.hits, cases(10000));
}

TEST(RaycastAccuracy, GrazingAndTangentCapsuleEntriesAreWithinUlpsOfTheExactRoot) {
  Worst side, ball;
  checkSideEntries<Capsule>(227, side);
  if (HasFatalFailure()) return;
  // Grazing the start ball beyond the seam: at a point whose normal points away from the end.
  Random random(229);
  for (const double angle : kAngles) {
    for (int i = 0; i < cases(400); ++i) {
      const double scale = std::ldexp(1.0, random.integer(-20, 20));
      const Vec3 start = random.vector(-1, 1) * scale, axis = random.vector(-1, 1) * scale;
      if (length(axis) < 0.2 * scale) continue;
      const Capsule capsule{start, start + axis, random.uniform(0.2, 1) * scale};
      const Vec3 away = axis * (-1 / length(axis)), mixed = away + unitNormalTo(axis, random) * random.uniform(-1, 1);
      const Vec3 n = mixed * (1 / length(mixed)), u = unitNormalTo(n, random);
      const Grazing g = grazingAt(start + n * capsule.radius, n, u, angle, random.uniform(1, 4) * scale, random);
      checkEntries(g.origin, g.direction, capsule,
                   [&](const Caster& c) { return ballEntry(c, capsule.start, capsule.radius); }, ball, "ball");
      if (HasFatalFailure()) return;
    }
  }
  std::printf("capsule: side %d hits, worst %.3g ulps; ball %d hits, worst %.3g ulps\n", side.hits, side.ulps,
              ball.hits, ball.ulps);
  EXPECT_GT(side.hits, cases(10000));
  EXPECT_GT(ball.hits, cases(5000));
}

}  // namespace
}  // namespace c3d
