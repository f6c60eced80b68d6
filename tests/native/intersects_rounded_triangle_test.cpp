// Spheres and capsules against triangles (intersects_rounded_triangle.h). A sphere's answer is checked on every pair,
// touching ones included, against the exact squared distance from its centre to the triangle in GMP rationals,
// computed by another route (the foot of the perpendicular on the plane when it falls inside, else the nearest point
// of each edge); away from touching it also agrees with distance() == 0 (whose closest points are rounded). A capsule
// is checked against spheres along its segment (it meets whatever one of them meets) and against the segment's own
// exact test when its radius is 0; it agrees with distance() == 0 on every pair. Both argument orders throughout.
#include <cmath>
#include <utility>

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

// The answer in both argument orders (which must agree), and whether distance() says 0.
template <class Shape>
std::pair<bool, bool> meetsAndTouches(const Shape& shape, const Triangle& t) {
  const auto s = encodedBuffer(shape), tri = encodedBuffer(t);
  const bool answer = intersectsTable().at(Shape::kType, ShapeType::Triangle)(s.data(), tri.data());
  EXPECT_EQ(intersectsTable().at(ShapeType::Triangle, Shape::kType)(tri.data(), s.data()), answer);
  return {answer, closestPointsTable().at(Shape::kType, ShapeType::Triangle)(s.data(), tri.data()).distance == 0};
}

// The sphere's answer, checked against the exact distance.
bool sphereMeets(const Sphere& s, const Triangle& t) {
  const auto [answer, touches] = meetsAndTouches(s, t);
  const mpq_class squared = squaredToTriangle(s.center, t), reach = mpq_class(s.radius) * mpq_class(s.radius);
  EXPECT_EQ(answer, squared <= reach);
  if (abs(squared - reach) > reach * mpq_class(1, 1000000000)) {
    EXPECT_EQ(touches, answer);
  }
  return answer;
}

TEST(IntersectsRoundedTriangle, SpheresMeetExactlyWhenTheExactDistanceIsWithinTheRadius) {
  Random random(95);
  int met = 0, apart = 0, touching = 0;
  for (int i = 0; i < testing::cases(20000); ++i) {
    const bool integer = i % 2 == 0;
    const Triangle t = randomTriangle(random, integer);
    const Sphere s{integer ? random.integerVector(-4, 4) : random.vector(-4, 4),
                   integer ? double(random.integer(0, 3)) : random.uniform(0, 3)};
    const bool answer = sphereMeets(s, t);
    ASSERT_FALSE(::testing::Test::HasFailure()) << i;
    const mpq_class squared = squaredToTriangle(s.center, t), reach = mpq_class(s.radius) * mpq_class(s.radius);
    touching += squared == reach;
    met += answer && squared != reach;
    apart += !answer;
  }
  EXPECT_GT(met, testing::cases(2000));
  EXPECT_GT(apart, testing::cases(2000));
  EXPECT_GT(touching, testing::cases(100));
}

// A ball resting on the face, an edge and a corner of a triangle in the z = 0 plane, and lifted by 2^-50: the
// closest points of the face case come out rounded, the decision does not.
TEST(IntersectsRoundedTriangle, SpheresRestingOnAFaceAnEdgeOrACornerTouch) {
  const Triangle t{{-2, -1.5, 0}, {2, -1.5, 0}, {0, 2, 0}};
  const double lift = 0x1p-50;
  struct Case {
    Vec3 centre;
    double radius;
  };
  // Above the face; 3-4-5 from the edge y = -1.5 (below it and up); 3-4-5 from the corner (0, 2) (beyond it).
  for (const Case& c : {Case{{0, 0, 1}, 1}, Case{{1, -4.5, 4}, 5}, Case{{0, 5, 4}, 5}}) {
    EXPECT_TRUE(sphereMeets({c.centre, c.radius}, t));
    EXPECT_FALSE(sphereMeets({c.centre + Vec3{0, 0, lift}, c.radius}, t));
    EXPECT_TRUE(sphereMeets({c.centre - Vec3{0, 0, lift}, c.radius}, t));
    // The same in a triangle turned over (its corners in the other order) and with the corners relabelled.
    EXPECT_TRUE(sphereMeets({c.centre, c.radius}, Triangle{t.c, t.b, t.a}));
    EXPECT_TRUE(sphereMeets({c.centre, c.radius}, Triangle{t.b, t.c, t.a}));
  }
  // A triangle without area (a segment from (-2, 0, 0) to (2, 0, 0), its middle corner on it) and a point.
  const Triangle flat{{-2, 0, 0}, {0, 0, 0}, {2, 0, 0}};
  EXPECT_TRUE(sphereMeets({{1, 3, 4}, 5}, flat));
  EXPECT_FALSE(sphereMeets({{1, 3, 4 + lift}, 5}, flat));
  const Triangle point{{1, 1, 1}, {1, 1, 1}, {1, 1, 1}};
  EXPECT_TRUE(sphereMeets({{4, 5, 1}, 5}, point));
  EXPECT_FALSE(sphereMeets({{4, 5, 1 + lift}, 5}, point));
}

TEST(IntersectsRoundedTriangle, CapsulesMeetWhatTheirSpheresMeetAndBareSegmentsAreExact) {
  Random random(96);
  int met = 0;
  for (int i = 0; i < testing::cases(4000); ++i) {
    const bool integer = i % 2 == 0;
    const Triangle t = randomTriangle(random, integer);
    const Capsule c{integer ? random.integerVector(-4, 4) : random.vector(-4, 4),
                    integer ? random.integerVector(-4, 4) : random.vector(-4, 4), integer ? 1.0 : random.uniform(0.1, 2)};
    const auto [answer, touches] = meetsAndTouches(c, t);
    EXPECT_EQ(touches, answer) << i;
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
    EXPECT_EQ(meetsAndTouches(bare, t).first,
              intersectsTable().at(ShapeType::Segment, ShapeType::Triangle)(segment.data(), tri.data()))
        << i;
  }
  EXPECT_GT(met, testing::cases(400));
  EXPECT_LT(met, testing::cases(3600));
}

}  // namespace
}  // namespace c3d
