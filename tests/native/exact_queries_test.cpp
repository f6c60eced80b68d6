// Exact decisions against GMP's exact rationals computing the same decisions by other routes, on cases placed on
// the boundary up to rounding and their ulp-nudged neighbours, at scales 2^-27..2^27: casters against triangles,
// spheres, AABBs, OBBs and cylinders (the references of exact_reference.h); a sphere swept against a plane (the
// motion's two ends); triangle pairs (edges against triangles, every vertex and argument order), touching balls,
// and oriented boxes (the 15-axis test written out in rationals, parallel edges included). And a closed mesh is
// watertight: from a point inside it, every ray hits, also through shared edges and vertices.
#include <gmpxx.h>

#include <cmath>
#include <vector>

#include "collide3d/queries/raycast/raycast_box.h"
#include "collide3d/queries/raycast/raycast_cylinder.h"
#include "collide3d/queries/raycast/raycast_sphere.h"
#include "collide3d/queries/sweep/sweep_sphere_plane.h"
#include "collide3d/queries/intersects/intersects_obb_obb.h"
#include "collide3d/queries/intersects/intersects_sphere_sphere.h"
#include "collide3d/queries/intersects/intersects_triangle_triangle.h"
#include "collide3d/queries/raycast/raycast_triangle.h"
#include "exact_reference.h"
#include "test_support.h"

namespace c3d {
namespace {

using namespace testing;

bool hasArea(const Triangle& t) { return !isZero(cross(t.b - t.a, t.c - t.a)); }

TEST(ExactRaycastTriangle, AgreesWithExactRationalsOnEdgesAndVertices) {
  Random random(41);
  int hits = 0, checked = 0;
  for (int i = 0; i < 60000; ++i) {
    const double scale = std::ldexp(1.0, random.integer(-27, 27));
    const Triangle tri{random.vector(-1, 1) * scale, random.vector(-1, 1) * scale, random.vector(-1, 1) * scale};
    const Vec3 origin = random.vector(-3, 3) * scale;
    // Aim at a vertex, at a point of an edge, or inside; sometimes nudged by an ulp.
    const double s = random.uniform(0, 1);
    Vec3 target;
    switch (i % 3) {
      case 0: target = vertex(tri, random.integer(0, 2)); break;
      case 1: target = tri.a + (tri.b - tri.a) * s; break;
      default: target = tri.b + (tri.c - tri.b) * s; break;
    }
    if (random.integer(0, 1)) target.y = std::nextafter(target.y, random.integer(0, 1) ? INFINITY : -INFINITY);
    for (const Caster& caster : castersTowards(origin, target)) {
      const Vec3 d = caster.hasEnd ? caster.end - caster.origin : caster.direction;
      const Q3 n = crossQ(q(tri.b) - q(tri.a), q(tri.c) - q(tri.a));
      if (!hasArea(tri) || sgn(dotQ(n, caster.hasEnd ? q(caster.end) - q(caster.origin) : q(d))) == 0) continue;
      const bool expected = referenceHit(triangleInterval(caster, tri), rangeOf(caster), true);
      ASSERT_EQ(raycast(caster, tri, {}).has_value(), expected) << i;
      hits += expected;
      ++checked;
    }
  }
  EXPECT_GT(checked, 150000);
  EXPECT_GT(hits, 40000);
}

TEST(ExactRaycastSphere, GrazingCastersAgreeWithExactRationals) {
  Random random(47);
  int hits = 0, checked = 0;
  for (int i = 0; i < 60000; ++i) {
    const double scale = std::ldexp(1.0, random.integer(-20, 20));
    const Sphere sphere{random.vector(-1, 1) * scale, random.uniform(0.1, 1) * scale};
    // A direction, a unit normal to it, and a point of the caster's line at distance r from the centre (rounded).
    const Vec3 d = random.vector(-1, 1);
    Vec3 normal = cross(d, random.vector(-1, 1));
    normal = normal * (1 / length(normal));
    const Vec3 touching = sphere.center + normal * sphere.radius;
    const double before = random.uniform(-2, 2) * scale, after = random.uniform(-2, 2) * scale;
    Vec3 origin = touching + d * before;
    if (i % 2) origin.x = std::nextafter(origin.x, random.integer(0, 1) ? INFINITY : -INFINITY);
    const Caster casters[3] = {toCaster(Segment{origin, touching + d * after}), toCaster(Ray{origin, d}),
                               toCaster(Line{origin, d})};
    for (const Caster& caster : casters) {
      const bool expected = referenceBallHit(caster, sphere, rangeOf(caster), true);
      ASSERT_EQ(raycast(caster, sphere, {}).has_value(), expected) << i;
      hits += expected;
      ++checked;
    }
  }
  EXPECT_GT(hits, 20000);
  EXPECT_LT(hits, checked - 20000);
}

TEST(ExactRaycastBox, AgreesWithExactRationalsThroughCornersEdgesAndFaces) {
  Random random(59);
  int hits = 0, checked = 0;
  for (int i = 0; i < 60000; ++i) {
    const double scale = std::ldexp(1.0, random.integer(-20, 20));
    const Vec3 a = random.vector(-1, 1) * scale, b = random.vector(-1, 1) * scale;
    const Aabb box{{std::fmin(a.x, b.x), std::fmin(a.y, b.y), std::fmin(a.z, b.z)},
                   {std::fmax(a.x, b.x), std::fmax(a.y, b.y), std::fmax(a.z, b.z)}};
    // Aim at a corner, at a point of an edge, or move along a face (one coordinate of the direction 0).
    Vec3 target{random.integer(0, 1) ? box.min.x : box.max.x, random.integer(0, 1) ? box.min.y : box.max.y,
                random.integer(0, 1) ? box.min.z : box.max.z};
    if (i % 3 == 1) target.x = box.min.x + (box.max.x - box.min.x) * random.uniform(0, 1);
    Vec3 origin = random.vector(-3, 3) * scale;
    if (i % 3 == 2) origin.z = target.z;
    if (i % 2) target.y = std::nextafter(target.y, random.integer(0, 1) ? INFINITY : -INFINITY);
    for (const Caster& caster : castersTowards(origin, target)) {
      const bool expected = referenceHit(boxInterval(caster, box), rangeOf(caster), true);
      ASSERT_EQ(raycast(caster, box, {}).has_value(), expected) << i;
      hits += expected;
      ++checked;
    }
  }
  EXPECT_GT(hits, 30000);
  EXPECT_LT(hits, checked - 30000);
}

TEST(ExactRaycastObb, AgreesWithExactRationalsThroughCornersAndEdges) {
  Random random(67);
  int hits = 0, checked = 0;
  for (int i = 0; i < 40000; ++i) {
    const double scale = std::ldexp(1.0, random.integer(-20, 20));
    const Obb box{random.vector(-1, 1) * scale, abs(random.vector(0, 1)) * scale,
                  i % 2 ? random.rotation() : random.signedPermutation()};
    // Aim at a corner or at a point of an edge (rounded), maybe nudged by an ulp.
    Vec3 local{random.integer(0, 1) ? 1.0 : -1.0, random.integer(0, 1) ? 1.0 : -1.0, random.integer(0, 1) ? 1.0 : -1.0};
    if (i % 3 == 1) local.x = random.uniform(-1, 1);
    Vec3 target = box.center;
    for (int k = 0; k < 3; ++k) target = target + box.rotation.column(k) * (component(local, k) * component(box.halfSize, k));
    if (i % 4 < 2) target.y = std::nextafter(target.y, random.integer(0, 1) ? INFINITY : -INFINITY);
    const Vec3 origin = random.vector(-3, 3) * scale;
    for (const Caster& caster : castersTowards(origin, target)) {
      const bool expected = referenceHit(obbInterval(caster, box), rangeOf(caster), true);
      ASSERT_EQ(raycast(caster, box, {}).has_value(), expected) << i;
      hits += expected;
      ++checked;
    }
  }
  EXPECT_GT(hits, 20000);
  EXPECT_LT(hits, checked - 20000);
}

TEST(ExactRaycastCylinder, AgreesWithExactRationalsOnSidesRimsAndCaps) {
  Random random(71);
  int hits = 0, checked = 0;
  for (int i = 0; i < 40000; ++i) {
    const double scale = std::ldexp(1.0, random.integer(-20, 20));
    const Vec3 start = random.vector(-1, 1) * scale;
    const Vec3 axis = i % 5 == 0 ? Vec3{0, 0, random.uniform(0.5, 2)} * scale : random.vector(-1, 1) * scale;
    const Cylinder cylinder{start, start + axis, random.uniform(0, 1) * scale};
    // Aim at the side (a point at distance r from the axis), at a rim, or at a cap's centre; maybe nudged.
    Vec3 radial = cross(axis, random.vector(-1, 1));
    radial = radial * (cylinder.radius / length(radial));
    const double along = i % 3 == 0 ? random.uniform(0, 1) : static_cast<double>(random.integer(0, 1));
    Vec3 target = start + axis * along + (i % 3 == 2 ? Vec3{} : radial);
    if (i % 2) target.z = std::nextafter(target.z, random.integer(0, 1) ? INFINITY : -INFINITY);
    // Casters grazing the side: moving along the axis direction through the aimed point, or across.
    const Vec3 origin = i % 4 == 0 ? target - axis * random.uniform(0.5, 2) : random.vector(-3, 3) * scale;
    for (const Caster& caster : castersTowards(origin, target)) {
      if (caster.hasEnd ? caster.end == caster.origin : isZero(caster.direction)) continue;
      const bool expected = referenceCylinderHit(caster, cylinder, rangeOf(caster), true);
      ASSERT_EQ(raycast(caster, cylinder, {}).has_value(), expected) << i;
      hits += expected;
      ++checked;
    }
  }
  EXPECT_GT(hits, 20000);
  EXPECT_LT(hits, checked - 20000);
}

// Whether the sphere moving by t v, t in [0, 1], meets the plane, in exact rationals by another route: it does
// when it is within reach (s(t)^2 <= r^2 n.n) at t = 0 or t = 1, or when its centre crosses the plane between.
bool referenceSweepHits(const Sphere& sphere, Vec3 velocity, const Plane& plane) {
  const Q3 n = q(plane.normal), c = q(sphere.center), v = q(velocity);
  const mpq_class s0 = dotQ(n, c) + plane.constant, s1 = s0 + dotQ(n, v), r = sphere.radius;
  const mpq_class reach = r * r * dotQ(n, n);
  return s0 * s0 <= reach || s1 * s1 <= reach || sgn(s0) * sgn(s1) < 0;
}

TEST(ExactSweep, SphereAgainstPlaneAgreesWithExactRationalsAtTheMotionsEnds) {
  Random random(53);
  int hits = 0;
  for (int i = 0; i < 60000; ++i) {
    const double scale = std::ldexp(1.0, random.integer(-20, 20));
    const Plane plane{random.vector(-1, 1), random.uniform(-1, 1) * scale};
    const double radius = random.uniform(0, 1) * scale;
    // A start or an end position touching the plane up to rounding: the foot of a point plus r along the unit normal.
    const Vec3 unit = plane.normal * (1 / length(plane.normal));
    const Vec3 somewhere = random.vector(-2, 2) * scale;
    const Vec3 touching = somewhere - unit * ((dot(unit, somewhere) + plane.constant / length(plane.normal)) - radius);
    Vec3 velocity = random.vector(-2, 2) * scale;
    Vec3 start = i % 2 ? touching : touching - velocity;  // touching at the start, or (up to rounding) at the end
    if (i % 3 == 0) start.z = std::nextafter(start.z, random.integer(0, 1) ? INFINITY : -INFINITY);
    const Sphere sphere{start, radius};
    const bool expected = referenceSweepHits(sphere, velocity, plane);
    const auto hit = sweep(sphere, velocity, plane);
    ASSERT_EQ(hit.has_value(), expected) << i;
    if (hit) {
      ASSERT_TRUE(hit->t >= 0 && hit->t <= 1);
    }
    hits += expected;
  }
  EXPECT_GT(hits, 15000);
  EXPECT_LT(hits, 55000);  // and so more than 5,000 misses
}

// Two triangles (with area) meet iff an edge of one meets the other (closed sets in 3D; coplanar pairs aside):
// segment against triangle by the exact rational test above.
bool referenceTrianglesMeet(const Triangle& s, const Triangle& t) {
  for (const auto& [one, other] : {std::pair{s, t}, std::pair{t, s}}) {
    for (int i = 0; i < 3; ++i) {
      const Caster edge = toCaster(Segment{vertex(one, i), vertex(one, (i + 1) % 3)});
      const Q3 n = crossQ(q(other.b) - q(other.a), q(other.c) - q(other.a));
      if (sgn(dotQ(n, q(edge.end) - q(edge.origin))) == 0) continue;  // an edge parallel to the other's plane
      if (referenceHit(triangleInterval(edge, other), rangeOf(edge), true)) return true;
    }
  }
  return false;
}

TEST(ExactTriangleTriangle, TouchingPairsAgreeWithExactRationalsInEveryOrder) {
  Random random(79);
  int meets = 0, checked = 0;
  for (int i = 0; i < 20000; ++i) {
    const double scale = std::ldexp(1.0, random.integer(-27, 27));
    const Triangle t{random.vector(-1, 1) * scale, random.vector(-1, 1) * scale, random.vector(-1, 1) * scale};
    // A vertex of s on an edge of t or at a point inside t (rounded), maybe nudged; the others on both sides.
    const double u = random.uniform(0, 1), v = i % 2 ? 0 : random.uniform(0, 1 - u);
    Vec3 touch = t.a + (t.b - t.a) * u + (t.c - t.a) * v;
    if (i % 3 == 0) touch.z = std::nextafter(touch.z, random.integer(0, 1) ? INFINITY : -INFINITY);
    const Triangle s{touch, random.vector(-1, 1) * scale, random.vector(-1, 1) * scale};
    if (!hasArea(s) || !hasArea(t)) continue;
    // Skip the (rare) pairs where an edge lies in the other's plane: the reference handles crossing edges only.
    bool parallelEdge = false;
    for (const auto& [one, other] : {std::pair{s, t}, std::pair{t, s}}) {
      const Q3 n = crossQ(q(other.b) - q(other.a), q(other.c) - q(other.a));
      for (int k = 0; k < 3; ++k) {
        parallelEdge |= sgn(dotQ(n, q(vertex(one, (k + 1) % 3)) - q(vertex(one, k)))) == 0;
      }
    }
    if (parallelEdge) continue;
    const bool expected = referenceTrianglesMeet(s, t);
    ASSERT_EQ(intersects(s, t), expected) << i;
    ASSERT_EQ(intersects(t, s), expected) << i;
    ASSERT_EQ(intersects(Triangle{s.c, s.a, s.b}, Triangle{t.b, t.a, t.c}), expected) << i;
    meets += expected;
    ++checked;
  }
  EXPECT_GT(checked, 15000);
  EXPECT_GT(meets, 3000);
  EXPECT_LT(meets, checked - 3000);
}

TEST(ExactSpheres, TouchingBallsAgreeWithExactRationals) {
  Random random(83);
  int meets = 0;
  for (int i = 0; i < 50000; ++i) {
    const double scale = std::ldexp(1.0, random.integer(-27, 27));
    const Sphere a{random.vector(-1, 1) * scale, random.uniform(0, 1) * scale};
    const double rb = random.uniform(0, 1) * scale;
    Vec3 direction = random.vector(-1, 1);
    direction = direction * (1 / length(direction));
    Vec3 cb = a.center + direction * (a.radius + rb);  // touching, up to rounding
    if (i % 2) cb.x = std::nextafter(cb.x, random.integer(0, 1) ? INFINITY : -INFINITY);
    const Q3 gap = q(cb) - q(a.center);
    const mpq_class reach = mpq_class(a.radius) + mpq_class(rb);
    const bool expected = dotQ(gap, gap) <= reach * reach;
    ASSERT_EQ(intersects(a, Sphere{cb, rb}), expected) << i;
    meets += expected;
  }
  EXPECT_GT(meets, 5000);
  EXPECT_LT(meets, 45000);
}

// The 15-axis test in exact rationals, written out separately: the boxes are apart iff some candidate axis (face
// normals a_j x a_k of each, edge products a_i x b_j) has |L.(cB - cA)| > sum hA |L.a| + sum hB |L.b|.
bool referenceBoxesMeet(const Obb& a, const Obb& b) {
  const Q3 ca[3] = {q(a.rotation.column(0)), q(a.rotation.column(1)), q(a.rotation.column(2))};
  const Q3 cb[3] = {q(b.rotation.column(0)), q(b.rotation.column(1)), q(b.rotation.column(2))};
  std::vector<Q3> axes;
  for (int i = 0; i < 3; ++i) {
    axes.push_back(crossQ(ca[(i + 1) % 3], ca[(i + 2) % 3]));
    axes.push_back(crossQ(cb[(i + 1) % 3], cb[(i + 2) % 3]));
    for (int j = 0; j < 3; ++j) axes.push_back(crossQ(ca[i], cb[j]));
  }
  const Q3 d = q(b.center) - q(a.center);
  for (const Q3& l : axes) {
    mpq_class reach = 0;
    for (int i = 0; i < 3; ++i) {
      reach += mpq_class(component(a.halfSize, i)) * abs(dotQ(l, ca[i]));
      reach += mpq_class(component(b.halfSize, i)) * abs(dotQ(l, cb[i]));
    }
    if (abs(dotQ(l, d)) > reach) return false;
  }
  return true;
}

TEST(ExactBoxes, TouchingOrientedBoxesAgreeWithExactRationals) {
  Random random(89);
  int meets = 0;
  for (int i = 0; i < 20000; ++i) {
    const double scale = std::ldexp(1.0, random.integer(-27, 27));
    const Obb a{random.vector(-1, 1) * scale, abs(random.vector(0, 1)) * scale, random.rotation()};
    const Mat3 rb = i % 3 == 0 ? a.rotation : random.rotation();  // parallel edges too
    const Obb bLocal{{0, 0, 0}, abs(random.vector(0, 1)) * scale, rb};
    // Place b against a along a face normal of a (touching up to rounding), maybe nudged.
    const int face = random.integer(0, 2);
    const Vec3 axis = a.rotation.column(face);
    double reach = component(a.halfSize, face);
    for (int k = 0; k < 3; ++k) reach += component(bLocal.halfSize, k) * std::fabs(dot(axis, rb.column(k)));
    Vec3 center = a.center + axis * reach + random.vector(-0.1, 0.1) * scale * (i % 2);
    if (i % 4 < 2) center.y = std::nextafter(center.y, random.integer(0, 1) ? INFINITY : -INFINITY);
    const Obb b{center, bLocal.halfSize, rb};
    const bool expected = referenceBoxesMeet(a, b);
    ASSERT_EQ(intersects(a, b), expected) << i;
    ASSERT_EQ(intersects(b, a), expected) << i;
    meets += expected;
  }
  EXPECT_GT(meets, 2000);
  EXPECT_LT(meets, 18000);
}

// An octahedron with randomly moved vertices, closed around the origin.
std::vector<Triangle> closedMesh(Random& random) {
  Vec3 v[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
  for (Vec3& p : v) p = p * random.uniform(0.5, 2) + random.vector(-0.2, 0.2);
  std::vector<Triangle> mesh;
  for (int x : {0, 1}) {
    for (int y : {2, 3}) {
      for (int z : {4, 5}) mesh.push_back({v[x], v[y], v[z]});
    }
  }
  return mesh;
}

TEST(ExactRaycastTriangle, AClosedMeshIsWatertightThroughItsEdgesAndVertices) {
  Random random(43);
  int rays = 0;
  for (int m = 0; m < 300; ++m) {
    const std::vector<Triangle> mesh = closedMesh(random);
    const Vec3 inside = random.vector(-0.05, 0.05);
    for (const Triangle& t : mesh) {
      for (int i = 0; i < 3; ++i) {
        const Vec3 p = vertex(t, i), q = vertex(t, (i + 1) % 3);
        // Through a vertex (up to the direction's rounding), and through points of an edge.
        for (double s : {0.0, 0.5, 0.25, 1.0 / 3}) {
          const Vec3 target = p + (q - p) * s;
          int hit = 0, reached = 0;
          for (const Triangle& other : mesh) {
            hit += raycast(toCaster(Ray{inside, target - inside}), other, {}).has_value();
            reached += raycast(toCaster(Segment{inside, target}), other, {}).has_value();
          }
          ASSERT_GE(hit, 1) << "mesh " << m;
          if (s == 0) {
            ASSERT_GE(reached, 1) << "mesh " << m;  // a segment ending exactly at a vertex reaches it
          }
          ++rays;
        }
      }
    }
  }
  EXPECT_EQ(rays, 300 * 8 * 3 * 4);
}

}  // namespace
}  // namespace c3d
