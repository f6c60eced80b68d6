// Spheres and capsules against triangles (intersects_rounded_triangle.h). A sphere's answer is checked on every pair,
// touching ones included, against the exact squared distance from its centre to the triangle in GMP rationals,
// computed by another route (the foot of the perpendicular on the plane when it falls inside, else the nearest point
// of each edge); away from touching it also agrees with distance() == 0 (whose closest points are rounded). A capsule
// likewise, against the exact distance from its segment (0 where it crosses the triangle, else the least of its
// ends' distances and its distances to the edges, Ericson's clamped parameters in rationals), and against the
// segment's own exact test when its radius is 0. Both argument orders throughout.
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

// The exact squared distance between segments p1q1 and p2q2: Ericson's closest points (§5.1.9), clamped in
// rationals.
mpq_class squaredBetweenSegments(const Q3& p1, const Q3& q1, const Q3& p2, const Q3& q2) {
  const Q3 d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2;
  const mpq_class a = dotQ(d1, d1), e = dotQ(d2, d2), f = dotQ(d2, r);
  const auto clamp = [](const mpq_class& x) { return x < 0 ? mpq_class(0) : x > 1 ? mpq_class(1) : x; };
  mpq_class s = 0, t = 0;
  if (a == 0 && e == 0) {
    // Two points.
  } else if (a == 0) {
    t = clamp(f / e);
  } else {
    const mpq_class c = dotQ(d1, r);
    if (e == 0) {
      s = clamp(-c / a);
    } else {
      const mpq_class b = dotQ(d1, d2), den = a * e - b * b;
      s = den != 0 ? clamp((b * f - c * e) / den) : mpq_class(0);
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0, s = clamp(-c / a);
      } else if (t > 1) {
        t = 1, s = clamp((b - c) / a);
      }
    }
  }
  const Q3 gap = (p1 + d1 * s) - (p2 + d2 * t);
  return dotQ(gap, gap);
}

// The exact squared distance from segment pq to the closed triangle: 0 where the segment crosses the triangle's
// plane inside it, else the least of its ends' distances to the triangle and its distances to the three edges.
mpq_class squaredSegmentToTriangle(Vec3 start, Vec3 end, const Triangle& t) {
  const Q3 p = q(start), e = q(end), a = q(t.a), b = q(t.b), c = q(t.c);
  const Q3 n = crossQ(b - a, c - a);
  const mpq_class h0 = dotQ(n, p - a), h1 = dotQ(n, e - a);
  if ((h0 < 0 && h1 > 0) || (h0 > 0 && h1 < 0)) {
    const Q3 x = p + (e - p) * (h0 / (h0 - h1));
    if (dotQ(crossQ(b - a, x - a), n) >= 0 && dotQ(crossQ(c - b, x - b), n) >= 0 && dotQ(crossQ(a - c, x - c), n) >= 0) {
      return 0;
    }
  }
  mpq_class best = squaredToTriangle(start, t);
  for (const mpq_class& d : {squaredToTriangle(end, t), squaredBetweenSegments(p, e, a, b),
                             squaredBetweenSegments(p, e, b, c), squaredBetweenSegments(p, e, c, a)}) {
    best = d < best ? d : best;
  }
  return best;
}

// The capsule's answer, checked against the exact distance.
bool capsuleMeets(const Capsule& c, const Triangle& t) {
  const auto [answer, touches] = meetsAndTouches(c, t);
  const mpq_class squared = squaredSegmentToTriangle(c.start, c.end, t), reach = mpq_class(c.radius) * c.radius;
  EXPECT_EQ(answer, squared <= reach);
  if (abs(squared - reach) > reach * mpq_class(1, 1000000000)) {
    EXPECT_EQ(touches, answer);
  }
  return answer;
}

TEST(IntersectsRoundedTriangle, CapsulesMeetExactlyWhenTheExactDistanceIsWithinTheRadius) {
  Random random(96);
  int met = 0, apart = 0, touching = 0;
  for (int i = 0; i < testing::cases(8000); ++i) {
    const bool integer = i % 2 == 0;
    const Triangle t = randomTriangle(random, integer);
    const Capsule c{integer ? random.integerVector(-4, 4) : random.vector(-4, 4),
                    integer ? random.integerVector(-4, 4) : random.vector(-4, 4),
                    integer ? double(random.integer(0, 2)) : random.uniform(0, 2)};
    const bool answer = capsuleMeets(c, t);
    ASSERT_FALSE(::testing::Test::HasFailure()) << i;
    const mpq_class squared = squaredSegmentToTriangle(c.start, c.end, t), reach = mpq_class(c.radius) * c.radius;
    touching += squared == reach;
    met += answer && squared != reach;
    apart += !answer;
    // Radius 0: a segment, which meets the triangle exactly where the segment query says.
    const auto segment = encodedBuffer(Segment{c.start, c.end}), tri = encodedBuffer(t);
    EXPECT_EQ(meetsAndTouches(Capsule{c.start, c.end, 0}, t).first,
              intersectsTable().at(ShapeType::Segment, ShapeType::Triangle)(segment.data(), tri.data()))
        << i;
  }
  EXPECT_GT(met, testing::cases(800));
  EXPECT_GT(apart, testing::cases(800));
  EXPECT_GT(touching, testing::cases(40));
}

// A capsule of radius 5 lying on the face, standing on a corner, and with its axis skew to an edge at distance 5
// (the lines' closest points inside both segments), each touching, then lifted by 2^-50.
TEST(IntersectsRoundedTriangle, CapsulesRestingOnAFaceACornerOrAnEdgeTouch) {
  const Triangle t{{-2, -1.5, 0}, {2, -1.5, 0}, {0, 2, 0}};
  const double lift = 0x1p-50;
  // Along y over the face at height 5; upright on the corner (0, 2, 0); parallel to the edge y = -1.5, 3 beyond it
  // and 4 up; skew to that edge through (1, -4.5, 4), 5 from the edge's point (1, -1.5, 0) along (0, -3, 4), in the
  // direction (1, 4, 3), perpendicular to both.
  const Capsule cases[] = {{{0, -1, 5}, {0, 1, 5}, 5}, {{0, 2, 5}, {0, 2, 9}, 5}, {{0, -4.5, 4}, {1, -4.5, 4}, 5},
                           {{0.5, -6.5, 2.5}, {1.5, -2.5, 5.5}, 5}};
  for (const Capsule& c : cases) {
    EXPECT_TRUE(capsuleMeets(c, t));
    EXPECT_FALSE(capsuleMeets({c.start + Vec3{0, 0, lift}, c.end + Vec3{0, 0, lift}, c.radius}, t));
    EXPECT_TRUE(capsuleMeets({c.start - Vec3{0, 0, lift}, c.end - Vec3{0, 0, lift}, c.radius}, t));
  }
}

}  // namespace
}  // namespace c3d
