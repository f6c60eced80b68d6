// Exact decisions under the raycast options and in the flat cases, against GMP's exact rationals (exact_reference.h):
// maxDistance placed at the hit (the library's rounded t, and its neighbours an ulp either side), solid: false with
// casters starting inside and the limit placed at the exit; casters lying in a triangle's plane, through its
// vertices and along its edges, and casters against zero-area triangles; capsules, aimed at and grazing their sides,
// seams and balls. Scales 2^-20..2^20.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>

#include "exact_reference.h"
#include "test_support.h"

namespace c3d {
namespace {

using namespace testing;

double nudged(double x, int ulps) {
  for (; ulps > 0; --ulps) x = std::nextafter(x, INFINITY);
  for (; ulps < 0; ++ulps) x = std::nextafter(x, -INFINITY);
  return x;
}

struct Counts {
  int hits = 0, misses = 0;
  void add(bool hit) { (hit ? hits : misses) += 1; }
};

// For one caster and shape: with solid on and off, unlimited and with maxDistance at the rounded hit and an ulp
// either side, the library's hit or miss equals the reference's.
template <class Shape, class Reference>
void checkLimits(const Caster& caster, const Shape& shape, const Reference& reference, Counts& counts, int i) {
  for (bool solid : {true, false}) {
    RaycastOptions options;
    options.solid = solid;
    const auto free = raycast(caster, shape, options);
    ASSERT_EQ(free.has_value(), reference(caster, shape, rangeOf(caster, options), solid)) << i << " solid " << solid;
    if (!free) continue;
    ASSERT_FALSE(std::isnan(free->t)) << i << " solid " << solid;
    if (!std::isfinite(free->t)) continue;  // a direction so short that t overflows: no limit to place there
    for (int ulps : {-1, 0, 1}) {
      options.maxDistance = nudged(free->t, ulps);
      const bool expected = reference(caster, shape, rangeOf(caster, options), solid);
      ASSERT_EQ(raycast(caster, shape, options).has_value(), expected)
          << i << " solid " << solid << " maxDistance " << options.maxDistance << " (" << ulps << " ulps)";
      counts.add(expected);
    }
  }
}

bool nonZero(const Caster& caster) { return caster.hasEnd ? caster.end != caster.origin : !isZero(caster.direction); }

// checkLimits for the segment, ray and line from origin towards target (a zero-length segment aside).
template <class Shape, class Reference>
void checkCasters(Vec3 origin, Vec3 target, const Shape& shape, const Reference& reference, Counts& counts, int i) {
  for (const Caster& caster : castersTowards(origin, target)) {
    if (nonZero(caster)) checkLimits(caster, shape, reference, counts, i);
  }
}

// Prints the counts of two kinds of case and requires enough of each decision.
void report(const char* one, const Counts& a, const char* other, const Counts& b, int atLeast) {
  std::printf("%s: %d hits, %d misses; %s: %d hits, %d misses\n", one, a.hits, a.misses, other, b.hits, b.misses);
  EXPECT_GT(std::min(a.hits, a.misses), atLeast) << one;
  EXPECT_GT(std::min(b.hits, b.misses), atLeast) << other;
}

const auto kBoxReference = [](const Caster& c, const Aabb& box, const Range& range, bool solid) {
  return referenceHit(boxInterval(c, box), range, solid);
};
const auto kObbReference = [](const Caster& c, const Obb& box, const Range& range, bool solid) {
  return referenceHit(obbInterval(c, box), range, solid);
};
const auto kFlatReference = [](const Caster& c, const auto& flat, const Range& range, bool) {
  if constexpr (std::is_same_v<std::decay_t<decltype(flat)>, Plane>) {
    return referenceHit(planeInterval(c, flat), range, true);
  } else {
    return referenceHit(triangleInterval(c, flat), range, true);
  }
};

// A point of the box's surface: a corner, a point of an edge, or of a face.
Vec3 boxSurfacePoint(Random& random, int kind) {
  Vec3 local{random.integer(0, 1) ? 1.0 : -1.0, random.integer(0, 1) ? 1.0 : -1.0, random.integer(0, 1) ? 1.0 : -1.0};
  if (kind >= 1) local.x = random.uniform(-1, 1);
  if (kind >= 2) local.y = random.uniform(-1, 1);
  return local;
}

TEST(ExactLimits, BoxesAgreeWithExactRationalsAtMaxDistanceAndWhenLeaving) {
  Random random(101);
  Counts aabb, obb;
  for (int i = 0; i < cases(20000); ++i) {
    const double scale = std::ldexp(1.0, random.integer(-20, 20));
    const Obb box{random.vector(-1, 1) * scale, abs(random.vector(0.1, 1)) * scale,
                  i % 2 ? random.rotation() : random.signedPermutation()};
    const Aabb aligned{box.center - box.halfSize, box.center + box.halfSize};
    const Vec3 local = boxSurfacePoint(random, i % 3);
    // From outside or from inside, towards a surface point; sometimes along a face (one coordinate kept).
    const bool inside = i % 4 < 2;
    const Vec3 start = inside ? random.vector(-0.9, 0.9) : random.vector(-3, 3);
    auto inBox = [&](Vec3 s) {
      return box.center + Vec3{s.x * box.halfSize.x, s.y * box.halfSize.y, s.z * box.halfSize.z};
    };
    Vec3 alignedOrigin = inBox(start), alignedTarget = inBox(local);
    if (i % 5 == 0) alignedOrigin.z = alignedTarget.z;
    if (i % 2) alignedTarget.y = nudged(alignedTarget.y, random.integer(0, 1) ? 1 : -1);
    checkCasters(alignedOrigin, alignedTarget, aligned, kBoxReference, aabb, i);
    Vec3 origin = box.center, target = box.center;
    for (int k = 0; k < 3; ++k) {
      origin = origin + box.rotation.column(k) * (component(start, k) * component(box.halfSize, k));
      target = target + box.rotation.column(k) * (component(local, k) * component(box.halfSize, k));
    }
    if (i % 2) target.y = nudged(target.y, random.integer(0, 1) ? 1 : -1);
    checkCasters(origin, target, box, kObbReference, obb, i);
    if (HasFatalFailure()) return;
  }
  report("AABB", aabb, "OBB", obb, cases(20000));
}

TEST(ExactLimits, BallsAndCylindersAgreeWithExactRationalsAtMaxDistanceAndWhenLeaving) {
  Random random(103);
  Counts ball, cylinder;
  const auto ballReference = [](const Caster& c, const Sphere& s, const Range& range, bool solid) {
    return referenceBallHit(c, s, range, solid);
  };
  const auto cylinderReference = [](const Caster& c, const Cylinder& s, const Range& range, bool solid) {
    return referenceCylinderHit(c, s, range, solid);
  };
  for (int i = 0; i < cases(20000); ++i) {
    const double scale = std::ldexp(1.0, random.integer(-20, 20));
    const Sphere sphere{random.vector(-1, 1) * scale, random.uniform(0.1, 1) * scale};
    const bool inside = i % 4 < 2;
    const Vec3 origin = sphere.center + random.vector(-1, 1) * (sphere.radius * (inside ? 0.5 : 3));
    const Vec3 towards = i % 3 == 0 ? sphere.center : sphere.center + random.vector(-1, 1) * sphere.radius;
    checkCasters(origin, towards + (towards - origin) * random.uniform(-0.5, 2), sphere, ballReference, ball, i);
    const Vec3 start = random.vector(-1, 1) * scale;
    const Vec3 axis = i % 5 == 0 ? Vec3{0, 0, random.uniform(0.5, 2)} * scale : random.vector(-1, 1) * scale;
    const Cylinder can{start, start + axis, random.uniform(0.1, 1) * scale};
    Vec3 radial = cross(axis, random.vector(-1, 1));
    radial = radial * (can.radius / length(radial));
    const Vec3 within = start + axis * random.uniform(0.1, 0.9) + radial * random.uniform(-0.9, 0.9);
    const Vec3 from = inside ? within : random.vector(-3, 3) * scale;
    const double along = i % 3 == 0 ? random.uniform(0, 1) : static_cast<double>(random.integer(0, 1));
    Vec3 target = start + axis * along + (i % 3 == 2 ? Vec3{} : radial);
    if (i % 7 == 0) target = from + axis;  // parallel to the axis
    checkCasters(from, target, can, cylinderReference, cylinder, i);
    if (HasFatalFailure()) return;
  }
  report("sphere", ball, "cylinder", cylinder, cases(20000));
}

// Capsules (some with equal ends, some of zero radius) against casters aimed at their surface where the exact
// decision is hardest: the side, the rim where a ball meets the side (the seam), a ball away from the seam, an end
// point along the axis, or a point inside; from outside or inside; parallel to the axis (grazing the side or running
// along it) or grazing a ball tangentially; aimed points maybe an ulp off. Every hit, miss, limit and exit is checked
// against referenceCapsuleHit.
TEST(ExactLimits, CapsulesAgreeWithExactRationalsOnSidesSeamsBallsAndAxes) {
  Random random(107);
  Counts aimed, grazing;
  const auto capsuleReference = [](const Caster& c, const Capsule& s, const Range& range, bool solid) {
    return referenceCapsuleHit(c, s, range, solid);
  };
  for (int i = 0; i < cases(20000); ++i) {
    const double scale = std::ldexp(1.0, random.integer(-20, 20));
    const Vec3 start = random.vector(-1, 1) * scale;
    const Vec3 axis = i % 11 == 0 ? Vec3{} : i % 5 == 0 ? Vec3{0, 0, random.uniform(0.5, 2)} * scale
                                                         : random.vector(-1, 1) * scale;
    const double radius = i % 13 == 0 ? 0 : random.uniform(0.1, 1) * scale;
    const Capsule capsule{start, start + axis, radius};
    // A unit radial direction (normal to the axis), and a unit direction away from the start along the axis.
    const Vec3 across = isZero(axis) ? random.vector(-1, 1) : cross(axis, random.vector(-1, 1));
    const Vec3 radial = across * (1 / length(across));
    const Vec3 outward = isZero(axis) ? radial : axis * (-1 / length(axis));
    const int kind = i % 5;
    const double along = kind == 0 ? random.uniform(0, 1) : static_cast<double>(random.integer(0, 1));
    Vec3 target = start + axis * along + radial * radius;  // the side (kind 0) or a seam (kinds 1, 4)
    Vec3 normal = radial;                                   // the surface's normal there
    if (kind == 2) {  // a point of the start ball beyond the seam
      const Vec3 mixed = radial * random.uniform(-1, 1) + outward * random.uniform(0.2, 1);
      normal = mixed * (1 / length(mixed));
      target = start + normal * radius;
    }
    if (kind == 3) target = random.integer(0, 1) ? start : start + axis;  // an end point, the caster along the axis
    if (i % 2) target.x = nudged(target.x, random.integer(0, 1) ? 1 : -1);
    const bool inside = i % 4 < 2;
    const Vec3 within = start + axis * random.uniform(-0.2, 1.2) + radial * (radius * random.uniform(-0.5, 0.5));
    Vec3 from = inside ? within : random.vector(-3, 3) * scale;
    if (kind == 3 || i % 7 == 0) from = target - axis * random.uniform(0.5, 2);  // parallel to the axis
    checkCasters(from, target, capsule, capsuleReference, aimed, i);
    // Tangent to the side or a ball at the target: moving normal to the radial direction through it.
    const Vec3 tangent = cross(normal, random.vector(-1, 1));
    checkCasters(target - tangent * random.uniform(0.5, 2), target + tangent * random.uniform(-1, 2), capsule,
                 capsuleReference, grazing, i);
    if (HasFatalFailure()) return;
  }
  report("aimed", aimed, "grazing", grazing, cases(20000));
}

TEST(ExactLimits, TrianglesAndPlanesAgreeWithExactRationalsAtMaxDistance) {
  Random random(107);
  Counts triangle, plane;
  for (int i = 0; i < cases(20000); ++i) {
    const double scale = std::ldexp(1.0, random.integer(-20, 20));
    const Triangle tri{random.vector(-1, 1) * scale, random.vector(-1, 1) * scale, random.vector(-1, 1) * scale};
    const Vec3 origin = random.vector(-3, 3) * scale;
    const double s = random.uniform(0, 1);
    const Vec3 target = i % 3 == 0 ? vertex(tri, random.integer(0, 2)) : tri.a + (tri.b - tri.a) * s;
    checkCasters(origin, target + (target - origin) * random.uniform(-0.5, 1), tri, kFlatReference, triangle, i);
    const Plane flat{random.vector(-1, 1), random.uniform(-1, 1) * scale};
    checkCasters(origin, random.vector(-3, 3) * scale, flat, kFlatReference, plane, i);
    if (HasFatalFailure()) return;
  }
  report("triangle", triangle, "plane", plane, cases(10000));
}

// Casters lying in the plane of a triangle with integer vertices (so that lying in it is exact), through its
// vertices, along its edges and through points of them, with ulp nudges that keep them in the plane (an axis-aligned
// plane) or take them out of it (a tilted one); and casters against zero-area triangles (collinear integer points).
TEST(ExactInPlane, CastersInATrianglesPlaneAndZeroAreaTrianglesAgreeWithExactRationals) {
  Random random(109);
  Counts inPlane, zeroArea;
  for (int i = 0; i < cases(30000); ++i) {
    const double scale = std::ldexp(1.0, random.integer(-20, 20));
    // The plane z = k, or the tilted plane x + y + z = k: integer points in it, scaled by a power of two.
    const bool tilted = i % 2;
    auto inPlanePoint = [&](int k) {
      const double x = random.integer(-8, 8), y = random.integer(-8, 8);
      return Vec3{x, y, tilted ? k - x - y : k} * scale;
    };
    const int k = random.integer(-4, 4);
    Triangle tri{inPlanePoint(k), inPlanePoint(k), inPlanePoint(k)};
    if (i % 5 == 0) tri.c = tri.a + (tri.b - tri.a) * 2;  // zero area: three collinear points (exact)
    if (i % 5 == 1) tri.c = tri.b;                        // zero area: two coincide
    // Aim at a vertex, at an edge's midpoint (exact), or run along an edge; from an in-plane origin.
    Vec3 origin = inPlanePoint(k);
    Vec3 target = random.integer(0, 1) ? vertex(tri, random.integer(0, 2)) : (tri.a + tri.b) * 0.5;
    if (i % 7 == 0) origin = tri.a + (tri.a - tri.b) * random.integer(-2, 3);
    if (i % 3 == 0) origin.x = nudged(origin.x, random.integer(0, 1) ? 1 : -1);  // tilted: leaves the plane
    if (i % 3 == 1) target.y = nudged(target.y, random.integer(0, 1) ? 1 : -1);
    Counts& counts = degenerate(tri) ? zeroArea : inPlane;
    checkCasters(origin, target, tri, kFlatReference, counts, i);
    // A zero-length segment: a point in the triangle or not.
    const Caster point = toCaster(Segment{target, target});
    ASSERT_EQ(raycast(point, tri, {}).has_value(), referenceHit(triangleInterval(point, tri), rangeOf(point), true))
        << i;
    if (HasFatalFailure()) return;
  }
  report("in a triangle's plane", inPlane, "zero-area triangles", zeroArea, cases(50000));
}

// Cases a review found: a product underflowing inside the filter, then multiplied by a huge factor (the ray passes
// within 2^499 of the centre of a ball of radius 2^500; a = d.d = 2^-1080 underflows); a line lying in a plane with
// a negative maxDistance (every t <= hi is in the plane); a line given maxDistance -infinity (nothing accepted); and
// rounded spans overflowing at 1e100 (the hit's t stays a number in the range).
TEST(ExactLimits, UnderflowNegativeLimitsAndOverflowingSpans) {
  const Ray tiny{{-std::ldexp(1.0, 501), std::ldexp(1.0, 499), 0}, {std::ldexp(1.0, -540), 0, 0}};
  EXPECT_TRUE(raycast(toCaster(tiny), Sphere{{0, 0, 0}, std::ldexp(1.0, 500)}, {}).has_value());
  RaycastOptions before;
  before.maxDistance = -1;
  const auto lying = raycast(toCaster(Line{{0, 0, 0}, {1, 0, 0}}), Plane{{0, 0, 1}, 0}, before);
  ASSERT_TRUE(lying.has_value());
  EXPECT_EQ(lying->t, -1);
  RaycastOptions never;
  never.maxDistance = -INFINITY;
  EXPECT_FALSE(raycast(toCaster(Line{{0, 0, 0}, {1, 0, 0}}), Plane{{0, 0, 1}, 0}, never).has_value());
  EXPECT_FALSE(raycast(toCaster(Line{{0, 0, 0}, {1, 0, 0}}), Sphere{{0, 0, 0}, 1}, never).has_value());
  RaycastOptions leaving;
  leaving.solid = false;
  const auto big = raycast(toCaster(Ray{{0, 1e99, 0}, {1e100, 0, 0}}), Sphere{{0, 0, 0}, 1e100}, leaving);
  ASSERT_TRUE(big.has_value());
  EXPECT_TRUE(std::isfinite(big->t) && big->t >= 0);
}

}  // namespace
}  // namespace c3d
