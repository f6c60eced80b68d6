// classify() against a plane, for every shape, agrees with GMP references computed by another route: boxes by
// enumerating their 8 corners in exact rationals (not the support function), points, segments, triangles, balls and
// capsules by their defining points in exact rationals, ellipsoids and cylinders by their support distance with
// the square roots taken at 2,000 bits (mpf) — on shapes placed to touch the plane (up to rounding), their
// ulp-nudged neighbours, epsilon slabs, non-unit normals and power-of-two scales from 2^-27 to 2^27. Prints the
// number of cases per shape and how many the reference puts on each side.
#include <gmpxx.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <vector>

#include "collide3d/queries/classify/classify_plane.h"
#include "test_support.h"

namespace c3d {
namespace {

using testing::Random;

mpq_class q(double x) { return mpq_class(x); }
mpq_class distanceQ(const Plane& plane, Vec3 p) {
  return q(plane.normal.x) * q(p.x) + q(plane.normal.y) * q(p.y) + q(plane.normal.z) * q(p.z) + q(plane.constant);
}
mpq_class normSquared(Vec3 v) { return q(v.x) * q(v.x) + q(v.y) * q(v.y) + q(v.z) * q(v.z); }

// The side of a ball (radius k, k = 0 a point) with the slab epsilon: 1, -1, or 0.
int ballSideQ(const Plane& plane, Vec3 center, double radius, double epsilon) {
  const mpq_class s = distanceQ(plane, center), k = q(radius) + q(epsilon);
  if (s * s <= k * k * normSquared(plane.normal)) return 0;
  return sgn(s);
}

// Points (with one radius) lie on one side when all of them do.
int sideOfAll(const Plane& plane, const std::vector<Vec3>& centers, double radius, double epsilon) {
  const int first = ballSideQ(plane, centers[0], radius, epsilon);
  for (const Vec3& c : centers) {
    if (ballSideQ(plane, c, radius, epsilon) != first) return 0;
  }
  return first;
}

// The 8 corners c +- h0 a0 +- h1 a1 +- h2 a2 in exact rationals, against the slab.
int boxSideQ(const Plane& plane, Vec3 center, Vec3 half, const Mat3& rotation, double epsilon) {
  mpq_class lo, hi;
  for (int corner = 0; corner < 8; ++corner) {
    mpq_class s = distanceQ(plane, center);
    for (int i = 0; i < 3; ++i) {
      const Vec3 a = rotation.column(i);
      const mpq_class along = q(plane.normal.x) * q(a.x) + q(plane.normal.y) * q(a.y) + q(plane.normal.z) * q(a.z);
      s += (corner >> i & 1 ? 1 : -1) * q(component(half, i)) * along;
    }
    if (corner == 0 || s < lo) lo = s;
    if (corner == 0 || s > hi) hi = s;
  }
  const mpq_class slab2 = q(epsilon) * q(epsilon) * normSquared(plane.normal);
  if (lo > 0 && lo * lo > slab2) return 1;
  if (hi < 0 && hi * hi > slab2) return -1;
  return 0;
}

// Support distances with square roots at 2,000 bits: lo = s - e|n| - support; a difference below 2^-1500 of the
// scale counts as 0 (the generated cases never land that close unless exactly on the boundary).
int supportSideF(const Plane& plane, Vec3 center, const mpf_class& support, double epsilon, double scale) {
  mpf_class s(0, 2000), nn(0, 2000);
  s = distanceQ(plane, center);
  nn = normSquared(plane.normal);
  const mpf_class slab = mpf_class(epsilon, 2000) * sqrt(nn);
  const mpf_class lo = s - slab - support, hi = s + slab + support;
  const mpf_class tiny(std::ldexp(scale, -1500), 2000);
  if (lo > tiny) return 1;
  if (hi < -tiny) return -1;
  return 0;
}

Mat3 fromColumns(Vec3 x, Vec3 y, Vec3 z) {
  Mat3 m;
  const Vec3 c[3] = {x, y, z};
  for (int i = 0; i < 3; ++i) m.m[3 * i] = c[i].x, m.m[3 * i + 1] = c[i].y, m.m[3 * i + 2] = c[i].z;
  return m;
}

// A rotation from the Pythagorean triple (3, 4, 5) about a random axis, composed with a signed permutation.
Mat3 pythagoreanRotation(Random& random) {
  const double c = 0.6, s = 0.8;
  const Mat3 turn = fromColumns({c, s, 0}, {-s, c, 0}, {0, 0, 1});
  const Mat3 p = random.signedPermutation();
  return fromColumns(p * turn.column(0), p * turn.column(1), p * turn.column(2));
}

int toInt(Side side) { return side == Side::Front ? 1 : side == Side::Back ? -1 : 0; }

struct Tally {
  const char* name;
  int cases = 0, sides[3] = {0, 0, 0};
  void add(int side) { ++cases, ++sides[side + 1]; }
  ~Tally() { std::printf("[          ] %-10s %6d cases: %d behind, %d meeting the slab, %d in front\n", name, cases, sides[0], sides[1], sides[2]); }
};

// A point at signed distance `reach` (in distance units) from the plane, near `around`, rounded, maybe nudged.
Vec3 atReach(Random& random, const Plane& plane, Vec3 around, double reach) {
  const double length = std::sqrt(dot(plane.normal, plane.normal));
  const Vec3 unit = plane.normal * (1 / length);
  Vec3 p = around - unit * (scaledDistance(plane, around) / length - reach);
  if (random.integer(0, 2) == 0) p.x = std::nextafter(p.x, random.integer(0, 1) ? INFINITY : -INFINITY);
  return p;
}

TEST(ExactPlane, EveryShapeAgreesWithExactReferencesOnTheBoundary) {
  Random random(61);
  Tally points{"point"}, segments{"segment"}, triangles{"triangle"}, spheres{"sphere"}, capsules{"capsule"},
      aabbs{"aabb"}, obbs{"obb"}, ellipsoids{"ellipsoid"}, cylinders{"cylinder"};
  for (int i = 0; i < 20000; ++i) {
    const double scale = std::ldexp(1.0, random.integer(-27, 27));
    const Plane plane{random.vector(-1, 1) * std::ldexp(1.0, random.integer(-3, 3)), random.uniform(-1, 1) * scale};
    const double epsilon = i % 3 == 0 ? random.uniform(0, 0.5) * scale : 0;
    const double radius = random.uniform(0, 1) * scale;
    const int side = random.integer(-1, 1);  // which boundary to sit on: behind, on the plane, in front
    const double reach = side * (radius + epsilon);
    const Vec3 around = random.vector(-2, 2) * scale;
    const ClassifyOptions options{epsilon};

    const Vec3 p = atReach(random, plane, around, side * epsilon);
    points.add(ballSideQ(plane, p, 0, epsilon));
    ASSERT_EQ(toInt(classify(plane, Point{p}, options)), ballSideQ(plane, p, 0, epsilon)) << i;

    const Vec3 q1 = atReach(random, plane, around + random.vector(-1, 1) * scale, side * epsilon);
    const Vec3 q2 = around + random.vector(-1, 1) * scale;
    segments.add(sideOfAll(plane, {p, q1}, 0, epsilon));
    ASSERT_EQ(toInt(classify(plane, Segment{p, q1}, options)), sideOfAll(plane, {p, q1}, 0, epsilon)) << i;
    triangles.add(sideOfAll(plane, {p, q1, q2}, 0, epsilon));
    ASSERT_EQ(toInt(classify(plane, Triangle{p, q1, q2}, options)), sideOfAll(plane, {p, q1, q2}, 0, epsilon)) << i;

    const Vec3 c = atReach(random, plane, around, reach);
    spheres.add(ballSideQ(plane, c, radius, epsilon));
    ASSERT_EQ(toInt(classify(plane, Sphere{c, radius}, options)), ballSideQ(plane, c, radius, epsilon)) << i;
    const Vec3 c2 = atReach(random, plane, around + random.vector(-1, 1) * scale, reach);
    capsules.add(sideOfAll(plane, {c, c2}, radius, epsilon));
    ASSERT_EQ(toInt(classify(plane, Capsule{c, c2, radius}, options)), sideOfAll(plane, {c, c2}, radius, epsilon)) << i;

    // Boxes: a corner placed on the boundary (AABB: min + size; OBB: its centre moved so the lowest corner touches).
    const Vec3 size = abs(random.vector(0, 1)) * scale;
    const Vec3 corner = atReach(random, plane, around, side * epsilon);
    const Aabb aabb{corner, corner + size};
    std::vector<Vec3> aabbCorners;
    for (int k = 0; k < 8; ++k) {
      aabbCorners.push_back({k & 1 ? aabb.max.x : aabb.min.x, k & 2 ? aabb.max.y : aabb.min.y,
                             k & 4 ? aabb.max.z : aabb.min.z});
    }
    const int aabbSide = sideOfAll(plane, aabbCorners, 0, epsilon);
    aabbs.add(aabbSide);
    ASSERT_EQ(toInt(classify(plane, aabb, options)), aabbSide) << i;

    const Mat3 rotation = i % 2 ? pythagoreanRotation(random) : random.rotation();
    const Vec3 half = size * 0.5;
    Vec3 lowest = {0, 0, 0};
    for (int k = 0; k < 3; ++k) {
      const Vec3 a = rotation.column(k);
      lowest = lowest + a * (component(half, k) * (dot(a, plane.normal) > 0 ? -1.0 : 1.0));
    }
    const Vec3 touchingCorner = side < 0 ? lowest * -1.0 : lowest;  // the corner nearest the boundary sat on
    const Vec3 obbCenter = atReach(random, plane, around, side * epsilon) - touchingCorner;
    const Obb obb{obbCenter, half, rotation};
    obbs.add(boxSideQ(plane, obbCenter, half, rotation, epsilon));
    ASSERT_EQ(toInt(classify(plane, obb, options)), boxSideQ(plane, obbCenter, half, rotation, epsilon)) << i;

    // Ellipsoid: support sqrt(sum (r_i n.a_i)^2); placed at that distance (rounded).
    const Vec3 radii = abs(random.vector(0, 1)) * scale;
    double supportSquared = 0;
    mpq_class supportQ = 0;
    for (int k = 0; k < 3; ++k) {
      const Vec3 a = rotation.column(k);
      supportSquared += std::pow(component(radii, k) * dot(plane.normal, a), 2);
      const mpq_class t = q(component(radii, k)) * (q(plane.normal.x) * q(a.x) + q(plane.normal.y) * q(a.y) + q(plane.normal.z) * q(a.z));
      supportQ += t * t;
    }
    const double n = std::sqrt(dot(plane.normal, plane.normal));
    const Vec3 e = atReach(random, plane, around, side * (std::sqrt(supportSquared) / n + epsilon));
    mpf_class support(supportQ, 2000);
    support = sqrt(support);
    const int ellipsoidSide = supportSideF(plane, e, support, epsilon, scale);
    ellipsoids.add(ellipsoidSide);
    ASSERT_EQ(toInt(classify(plane, Ellipsoid{e, radii, rotation}, options)), ellipsoidSide) << i;

    // Cylinder: both axis ends, each with support r |n x axis| / |axis|.
    const Vec3 axis = random.vector(-1, 1) * scale;
    const Vec3 k = cross(plane.normal, axis);
    const double disc = radius * std::sqrt(dot(k, k) / dot(axis, axis));
    const Vec3 start = atReach(random, plane, around, side * (disc / n + epsilon));
    const Vec3 end = start + axis;
    int cylinderSide = 2;
    for (const Vec3& endpoint : {start, end}) {
      const mpq_class ax = q(end.x) - q(start.x), ay = q(end.y) - q(start.y), az = q(end.z) - q(start.z);
      const mpq_class kx = q(plane.normal.y) * az - q(plane.normal.z) * ay, ky = q(plane.normal.z) * ax - q(plane.normal.x) * az,
                      kz = q(plane.normal.x) * ay - q(plane.normal.y) * ax;
      mpf_class reachF(mpq_class((kx * kx + ky * ky + kz * kz) / (ax * ax + ay * ay + az * az)), 2000);
      reachF = sqrt(reachF) * mpf_class(radius, 2000);
      const int s = supportSideF(plane, endpoint, reachF, epsilon, scale);
      cylinderSide = cylinderSide == 2 || cylinderSide == s ? s : 0;
    }
    if (start == end) continue;
    cylinders.add(cylinderSide);
    ASSERT_EQ(toInt(classify(plane, Cylinder{start, end, radius}, options)), cylinderSide) << i;
  }
}

}  // namespace
}  // namespace c3d
