// Spheres and capsules against triangles (intersects_rounded_triangle.h). A sphere is checked against the exact
// squared distance from its centre to the triangle in GMP rationals, computed by another route (the projection on the
// plane when it falls inside, else the nearest edge); pairs within a relative 1e-9 of touching, exactly touching
// ones included, where the rounded closest point may decide either way, are only counted. A capsule is checked against spheres along its segment (it
// meets whatever one of them meets) and against the segment's own exact test when its radius is 0. Every answer
// agrees with distance() == 0, in both argument orders.
#include <cmath>

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

// The exact squared distance from p to segment ab.
mpq_class squaredToSegment(const Q3& p, const Q3& a, const Q3& b) {
  const Q3 e = b - a;
  const mpq_class length = dotQ(e, e);
  mpq_class t = length == 0 ? mpq_class(0) : dotQ(p - a, e) / length;
  if (t < 0) t = 0;
  if (t > 1) t = 1;
  const Q3 gap = p - (a + e * t);
  return dotQ(gap, gap);
}

// The exact squared distance from p to the closed triangle.
mpq_class squaredToTriangle(Vec3 point, const Triangle& t) {
  const Q3 p = q(point), a = q(t.a), b = q(t.b), c = q(t.c);
  const Q3 n = crossQ(b - a, c - a);
  const mpq_class nn = dotQ(n, n);
  if (nn != 0) {
    const mpq_class height = dotQ(n, p - a);
    const Q3 foot = p - n * (height / nn);
    const bool inside = dotQ(crossQ(b - a, foot - a), n) >= 0 && dotQ(crossQ(c - b, foot - b), n) >= 0 &&
                        dotQ(crossQ(a - c, foot - c), n) >= 0;
    if (inside) return height * height / nn;
  }
  mpq_class best = squaredToSegment(p, a, b);
  for (const mpq_class& d : {squaredToSegment(p, b, c), squaredToSegment(p, c, a)}) best = d < best ? d : best;
  return best;
}

template <class Shape>
bool meets(const Shape& shape, const Triangle& t) {
  const auto s = encodedBuffer(shape), tri = encodedBuffer(t);
  const bool answer = intersectsTable().at(Shape::kType, ShapeType::Triangle)(s.data(), tri.data());
  EXPECT_EQ(intersectsTable().at(ShapeType::Triangle, Shape::kType)(tri.data(), s.data()), answer);
  EXPECT_EQ(closestPointsTable().at(Shape::kType, ShapeType::Triangle)(s.data(), tri.data()).distance == 0, answer);
  return answer;
}

TEST(IntersectsRoundedTriangle, SpheresAgreeWithTheExactDistanceAwayFromTouching) {
  Random random(95);
  int met = 0, apart = 0, touching = 0;
  for (int i = 0; i < testing::cases(20000); ++i) {
    const bool integer = i % 2 == 0;
    const Triangle t = randomTriangle(random, integer);
    const Sphere s{integer ? random.integerVector(-4, 4) : random.vector(-4, 4),
                   integer ? double(random.integer(0, 3)) : random.uniform(0, 3)};
    const bool answer = meets(s, t);
    const mpq_class squared = squaredToTriangle(s.center, t), reach = mpq_class(s.radius) * mpq_class(s.radius);
    if (squared == reach) {  // touching exactly: the rounded closest point may land either side
      ++touching;
      continue;
    }
    const mpq_class slack = reach * mpq_class(1, 1000000000);
    if (squared < reach - slack) {
      ASSERT_TRUE(answer) << i;
      ++met;
    } else if (squared > reach + slack) {
      ASSERT_FALSE(answer) << i;
      ++apart;
    }
  }
  EXPECT_GT(met, testing::cases(2000));
  EXPECT_GT(apart, testing::cases(2000));
  EXPECT_GT(touching, testing::cases(100));
}

TEST(IntersectsRoundedTriangle, CapsulesMeetWhatTheirSpheresMeetAndBareSegmentsAreExact) {
  Random random(96);
  int met = 0;
  for (int i = 0; i < testing::cases(4000); ++i) {
    const bool integer = i % 2 == 0;
    const Triangle t = randomTriangle(random, integer);
    const Capsule c{integer ? random.integerVector(-4, 4) : random.vector(-4, 4),
                    integer ? random.integerVector(-4, 4) : random.vector(-4, 4), integer ? 1.0 : random.uniform(0.1, 2)};
    const bool answer = meets(c, t);
    met += answer;
    // Spheres of the capsule's radius along its segment, clearly meeting the triangle: the capsule meets it too.
    for (int k = 0; k <= 16; ++k) {
      const Vec3 centre = c.start + (c.end - c.start) * (k / 16.0);
      if (squaredToTriangle(centre, t) < mpq_class(c.radius * c.radius) * mpq_class(999, 1000)) {
        ASSERT_TRUE(answer) << i;
      }
    }
    // Radius 0: a segment, which meets the triangle exactly where the segment query says.
    const Capsule bare{c.start, c.end, 0};
    const auto segment = encodedBuffer(Segment{c.start, c.end}), tri = encodedBuffer(t);
    EXPECT_EQ(meets(bare, t), intersectsTable().at(ShapeType::Segment, ShapeType::Triangle)(segment.data(), tri.data()))
        << i;
  }
  EXPECT_GT(met, testing::cases(400));
  EXPECT_LT(met, testing::cases(3600));
}

}  // namespace
}  // namespace c3d
