// Every pair of solids through the dispatch tables, on shapes built to meet or to be apart (MathGeoLib's test
// generators are the model: a point known to be in both, or a plane known to separate them):
// - meeting by construction: intersects, distance 0 with a common point, contact with a push that separates them
//   and no shorter one among many directions tried, and a sweep that starts touching;
// - apart by construction (a gap along a known direction): intersects false, contact null, distance at least the
//   gap and at most a brute-force minimum over sampled surface points, the closest points on each shape, and a
//   sweep towards each other that stops where they touch and not before;
// - the agreement rules everywhere: distance 0 exactly when intersects, contact null exactly when apart;
// - GJK against every kernel: the table's distance is GJK's, and its intersects within GJK's bounds;
// - each solid swept onto a plane: the time its deepest point reaches it.
#include <cmath>
#include <string>

#include "collide3d/dispatch/shape_visit.h"
#include "collide3d/dispatch/solids.h"
#include "collide3d/queries/distance/gjk.h"
#include "random_convex.h"
#include "moved_shapes.h"
#include "test_support.h"

namespace c3d {
namespace {

using testing::Buffer;

template <class Shape>
using Tag = ShapeTag<Shape>;

// Random solids about the origin, at most about 2 across; one in eight is degenerate (zero radius, flat box or
// ellipsoid, zero-area triangle, zero-length segment or capsule). Positions lie on a grid of 2^-8, so moving a
// shape by the difference of two of them is exact.
class Solid {
 public:
  explicit Solid(unsigned seed) : random_(seed) {}

  template <class Shape>
  Shape make() {
    return make(Tag<Shape>{});
  }
  Vec3 direction() {
    Vec3 d;
    while (!(length(d) > 0.1)) d = random_.vector(-1, 1);
    return unitDirection(d);
  }
  double uniform(double lo, double hi) { return random_.uniform(lo, hi); }

 private:
  bool degenerate() { return random_.integer(0, 7) == 0; }
  Vec3 near() { return Vec3{grid(), grid(), grid()}; }
  double grid() { return random_.integer(-256, 256) * 0x1p-8; }
  double size() { return degenerate() ? 0 : random_.uniform(0.2, 1); }

  Point make(Tag<Point>) { return {near()}; }
  Segment make(Tag<Segment>) {
    const Vec3 a = near();
    return {a, degenerate() ? a : near()};
  }
  Triangle make(Tag<Triangle>) {
    const Vec3 a = near(), b = near();
    return {a, b, degenerate() ? a + (b - a) * 0.25 : near()};
  }
  Sphere make(Tag<Sphere>) { return {near() * 0.5, degenerate() ? 0 : random_.uniform(0.2, 1)}; }
  Capsule make(Tag<Capsule>) {
    const Vec3 a = near();
    return {a, degenerate() ? a : near(), random_.uniform(0.1, 0.6)};
  }
  Cylinder make(Tag<Cylinder>) {
    const Vec3 a = near();
    return {a, a + direction() * random_.uniform(0.3, 2), size()};
  }
  Cone make(Tag<Cone>) {
    const Vec3 a = near();
    return {a, a + direction() * random_.uniform(0.3, 2), size()};
  }
  Ellipsoid make(Tag<Ellipsoid>) { return {near() * 0.5, {size(), random_.uniform(0.2, 1), size()}, random_.rotation()}; }
  Aabb make(Tag<Aabb>) {
    const Vec3 min = near();
    return {min, min + Vec3{size(), random_.uniform(0.2, 1), size()}};
  }
  Obb make(Tag<Obb>) { return {near() * 0.5, {size(), random_.uniform(0.2, 1), size()}, random_.rotation()}; }
  // 4 to 32 grid points, or the degenerate sets of random_convex.h (a point, a segment, flat ones).
  Convex make(Tag<Convex>) {
    if (degenerate()) return hulls.make(testing::hullPoints(random_, [&] { return near(); }));
    std::vector<Vec3> points(random_.integer(4, 32));
    for (Vec3& p : points) p = near();
    return hulls.make(points);
  }

  testing::Random random_;

 public:
  testing::HullRing hulls;  // keeps the latest hulls alive, as a shape names its hull by address
};

using testing::moved;

// A hull moved: the hull of its moved vertices (exact on the grid), kept alive by the generator's ring.
testing::HullRing* movedHulls = nullptr;
Convex moved(const Convex& c, Vec3 o) {
  std::vector<Vec3> points = c.prepared().vertices;
  for (Vec3& p : points) p = p + o;
  return movedHulls->make(points);
}

// The solid's support point along the unit u: its core's, grown by the radius.
template <class Shape>
Vec3 supportOf(const Shape& s, Vec3 u) {
  const ConvexCore core = coreOf(s);
  return core.support(u) + u * core.radius;
}

// A point inside the solid (on it, for flat ones): the average of support points in opposite directions.
template <class Shape>
Vec3 innerPoint(const Shape& s, Solid& random) {
  const Vec3 u = random.direction();
  const double w = random.uniform(0.3, 0.7);
  return supportOf(s, u) * w + supportOf(s, -u) * (1 - w);
}

// A point of the solid, exactly: the first of its defining points (a vertex, a start, a center, a box's min).
Vec3 anchor(const Point& p) { return p.position; }
Vec3 anchor(const Segment& s) { return s.start; }
Vec3 anchor(const Triangle& t) { return t.a; }
Vec3 anchor(const Sphere& s) { return s.center; }
Vec3 anchor(const Capsule& c) { return c.start; }
Vec3 anchor(const Cylinder& c) { return c.start; }
Vec3 anchor(const Cone& c) { return c.base; }
Vec3 anchor(const Ellipsoid& e) { return e.center; }
Vec3 anchor(const Aabb& b) { return b.min; }
Vec3 anchor(const Obb& b) { return b.center; }
Vec3 anchor(const Convex& c) { return c.prepared().vertices[0]; }

// Whether the solid has volume, so that a point a little rounded off inside it is still inside.
bool thick(const Point&) { return false; }
bool thick(const Segment&) { return false; }
bool thick(const Triangle&) { return false; }
bool thick(const Sphere& s) { return s.radius > 0; }
bool thick(const Capsule& c) { return c.radius > 0; }
bool thick(const Cylinder& c) { return c.radius > 0; }
bool thick(const Cone& c) { return c.radius > 0; }
bool thick(const Ellipsoid& e) { return e.radii.x > 0 && e.radii.y > 0 && e.radii.z > 0; }
bool thick(const Aabb& b) { return b.min.x < b.max.x && b.min.y < b.max.y && b.min.z < b.max.z; }
bool thick(const Obb& b) { return b.halfSize.x > 0 && b.halfSize.y > 0 && b.halfSize.z > 0; }
bool thick(const Convex& c) { return c.prepared().dimension == 3; }

// The shape's encoded numbers, to reproduce a failure.
template <class Shape>
std::string numbers(const Shape& s) {
  std::string text = std::string(Shape::kName) + " [";
  const auto buffer = encodedBuffer(s);
  for (int i = 0; i < encodedSize<Shape>(); ++i) text += (i ? ", " : "") + std::to_string(buffer[i]);
  char exact[40];
  for (int i = 0; i < encodedSize<Shape>(); ++i) std::snprintf(exact, sizeof exact, i ? ", %a" : " | %a", buffer[i]), text += exact;
  return text + "]";
}

template <class A, class B>
std::string names() {
  return std::string(A::kName) + "-" + B::kName;
}

template <class A, class B>
bool meets(const A& a, const B& b) {
  return intersectsTable().at(A::kType, B::kType)(encodedBuffer(a).data(), encodedBuffer(b).data());
}
template <class A, class B>
ClosestPoints closest(const A& a, const B& b) {
  return closestPointsTable().at(A::kType, B::kType)(encodedBuffer(a).data(), encodedBuffer(b).data());
}
template <class A, class B>
std::optional<Contact> contactOf(const A& a, const B& b) {
  return contactTable().at(A::kType, B::kType)(encodedBuffer(a).data(), encodedBuffer(b).data());
}
template <class A, class B>
std::optional<SweepHit> sweepOf(const A& a, Vec3 velocity, const B& b) {  // b: a solid or a plane
  return sweepTable().at(A::kType, B::kType)(encodedBuffer(a).data(), velocity, encodedBuffer(b).data());
}
// How far a point is from the solid (0 inside), by the point's own entry.
template <class Shape>
double gapTo(Vec3 p, const Shape& s) {
  return closest(Point{p}, s).distance;
}

// The least translation along u that separates b from a: h_a(u) + h_b(-u).
template <class A, class B>
double depthAlong(const A& a, const B& b, Vec3 u) {
  return dot(u, supportOf(a, u)) - dot(u, supportOf(b, -u));
}

constexpr double kTolerance = 1e-7;  // the scene is about 4 across: GJK on curved cores is good to 1e-8

// EPA's depth on a pair with a curved core: its descent on the sphere of normals stops within about 1e-5 of the
// extent on elongated ellipsoids (measured: 3.5e-5 on a 0.24 x 0.24 x 0.27 ellipsoid against a cone).
// The GJK ray cast against a curved core may stop short of the contact by about 1e-7 of the motion (measured:
// 1.3e-7 for a cone against a triangle, its last steps along a nearly tangent side).
template <class A, class B>
bool curved(const A& a, const B& b) {
  return !coreOf(a).isPolytope() || !coreOf(b).isPolytope();
}
template <class A, class B>
double depthTolerance(const A& a, const B& b) {
  return curved(a, b) ? 1e-4 : kTolerance;
}

template <class A, class B>
void meetingByConstruction(Solid& random, int trials) {
  for (int trial = 0; trial < trials; ++trial) {
    const A a = random.make<A>();
    const B b0 = random.make<B>();
    // A point of both: their anchors made to coincide (exactly), or points well inside each when both have volume.
    const bool inner = thick(a) && thick(b0) && random.uniform(0, 1) < 0.5;
    const B b = moved(b0, inner ? innerPoint(a, random) - innerPoint(b0, random) : anchor(a) - anchor(b0));
    SCOPED_TRACE((names<A, B>() + " trial " + std::to_string(trial) + ": " + numbers(a) + " and " + numbers(b)));
    ASSERT_TRUE(meets(a, b));
    ASSERT_EQ(meets(b, a), true);
    const ClosestPoints c = closest(a, b);
    EXPECT_EQ(c.distance, 0);
    EXPECT_EQ(c.pointA, c.pointB);
    EXPECT_LE(gapTo(c.pointA, a), kTolerance);
    EXPECT_LE(gapTo(c.pointA, b), kTolerance);
    const auto hit = contactOf(a, b);
    ASSERT_TRUE(hit.has_value());
    EXPECT_GE(hit->depth, 0);
    // The push separates them (a little more than it, to be sure of the decision), and no direction tried does
    // better than EPA's by more than the tolerance.
    EXPECT_FALSE(meets(a, moved(b, hit->normal * (hit->depth + 1e-6))));
    double best = INFINITY;
    for (int i = 0; i < 400; ++i) best = std::fmin(best, depthAlong(a, b, random.direction()));
    EXPECT_LE(hit->depth, best + depthTolerance(a, b));
    const auto start = sweepOf(a, random.direction(), b);
    ASSERT_TRUE(start.has_value());
    EXPECT_EQ(start->t, 0);
  }
}

template <class A, class B>
void apartByConstruction(Solid& random, int trials) {
  for (int trial = 0; trial < trials; ++trial) {
    const A a = random.make<A>();
    const B b0 = random.make<B>();
    const Vec3 u = random.direction();
    const double gap = random.uniform(1e-5, 1);
    const B b = moved(b0, u * (depthAlong(a, b0, u) + gap));  // the planes orthogonal to u are gap apart
    SCOPED_TRACE((names<A, B>() + " trial " + std::to_string(trial) + " gap " + std::to_string(gap) + ": " + numbers(a) +
                  " and " + numbers(b)));
    ASSERT_FALSE(meets(a, b));
    ASSERT_FALSE(meets(b, a));
    EXPECT_FALSE(contactOf(a, b).has_value());
    const ClosestPoints c = closest(a, b);
    EXPECT_GE(c.distance, gap * (1 - 1e-9));
    EXPECT_NEAR(length(c.pointB - c.pointA), c.distance, 1e-9);
    EXPECT_LE(gapTo(c.pointA, a), kTolerance);
    EXPECT_LE(gapTo(c.pointB, b), kTolerance);
    double brute = INFINITY;  // surface points of each, as near as sampling finds them
    for (int i = 0; i < 300; ++i) {
      const Vec3 v = unitDirection(-u + random.direction() * 0.5), w = unitDirection(u + random.direction() * 0.5);
      brute = std::fmin(brute, length(supportOf(a, -v) - supportOf(b, -w)));
    }
    EXPECT_LE(c.distance, brute + kTolerance);
    // Moving a towards b: a sweep that stops where they touch, after a motion that leaves them apart.
    const Vec3 velocity = (u + random.direction() * 0.3) * (c.distance + 1 + gap) * 2.0;
    const auto hit = sweepOf(a, velocity, b);
    char motion[160];
    std::snprintf(motion, sizeof motion, "velocity %a %a %a, t %a", velocity.x, velocity.y, velocity.z, hit ? hit->t : -1.0);
    SCOPED_TRACE(motion);
    if (!hit) {
      EXPECT_FALSE(meets(moved(a, velocity), b));
      continue;
    }
    EXPECT_GT(hit->t, 0);
    EXPECT_LE(closest(moved(a, velocity * hit->t), b).distance, (curved(a, b) ? 1e-6 : 1e-9) * length(velocity));
    EXPECT_FALSE(meets(moved(a, velocity * (hit->t * (1 - 1e-6))), b));
  }
}

// A solid swept onto a plane it starts apart from reaches it when its point deepest towards the plane does: after
// the gap over the closing speed. One through a point of it is touched at the start.
template <class A>
void sweptOntoPlane(Solid& random, int trials) {
  for (int trial = 0; trial < trials; ++trial) {
    const A a = random.make<A>();
    const Vec3 u = random.direction();
    const double gap = random.uniform(1e-3, 1), scale = random.uniform(0.5, 4);
    const double low = dot(u, supportOf(a, -u)) - gap;  // the plane's height along u
    const Plane plane{u * scale, -low * scale};
    const Vec3 velocity = -u * random.uniform(0.5, 3) + random.direction() * 0.4;
    SCOPED_TRACE((std::string(A::kName) + " trial " + std::to_string(trial) + ": " + numbers(a)));
    const auto hit = sweepOf(a, velocity, plane);
    const double expected = gap / -dot(u, velocity);
    if (!(expected <= 1)) {
      EXPECT_FALSE(hit.has_value());
      continue;
    }
    ASSERT_TRUE(hit.has_value());
    EXPECT_NEAR(hit->t, expected, 1e-12);
    EXPECT_TRUE(testing::near(hit->normal, u, 1e-12));
    EXPECT_NEAR(scaledDistance(plane, hit->point) / scale, 0, 1e-12);
    EXPECT_LE(gapTo(hit->point, moved(a, velocity * hit->t)), kTolerance);
    if (!thick(a)) continue;  // the plane through a point of a flat solid would miss it by its rounding
    const auto start = sweepOf(a, velocity, Plane{u, -dot(u, innerPoint(a, random))});
    ASSERT_TRUE(start.has_value());
    EXPECT_EQ(start->t, 0);
  }
}

template <class A, class... Bs>
void eachPartner(Solid& random, ShapeList<Bs...>, int trials) {
  (meetingByConstruction<A, Bs>(random, trials), ...);
  (apartByConstruction<A, Bs>(random, trials), ...);
  sweptOntoPlane<A>(random, trials);
}
template <class... As>
void everyPair(Solid& random, ShapeList<As...>, int trials) {
  (eachPartner<As>(random, Solids{}, trials), ...);
}

TEST(SolidPairs, MeetingAndApartByConstruction) {
  Solid random(18);
  movedHulls = &random.hulls;
  everyPair(random, Solids{}, testing::cases(40));
}

// GJK against every kernel: on random placements (meeting and apart), the table's distance is GJK's on the cores less
// the radii, and the exact intersects agrees with GJK's bounds: meeting only where GJK's lower bound allows it, apart
// only where its upper bound does. Where a cell is GJK's own this holds by construction; where a kernel fills it,
// it is the kernel checked against GJK.
template <class A, class B>
void agreesWithGjk(Solid& random, int trials) {
  for (int trial = 0; trial < trials; ++trial) {
    const A a = random.make<A>();
    const B b = moved(random.make<B>(), random.direction() * random.uniform(0, 2.5));
    SCOPED_TRACE((names<A, B>() + " trial " + std::to_string(trial) + ": " + numbers(a) + " and " + numbers(b)));
    const ConvexCore ca = coreOf(a), cb = coreOf(b);
    const GjkResult g = gjk(ca, cb);
    const double reach = ca.radius + cb.radius, tolerance = curved(a, b) ? 1e-7 : 1e-9;
    EXPECT_NEAR(closest(a, b).distance, std::fmax(g.distance - reach, 0.0), tolerance);
    if (meets(a, b)) {
      EXPECT_LE(g.lower, reach + tolerance);
    } else {
      EXPECT_GE(g.distance, reach - tolerance);
    }
  }
}
template <class A, class... Bs>
void eachPartnerAgrees(Solid& random, ShapeList<Bs...>, int trials) {
  (agreesWithGjk<A, Bs>(random, trials), ...);
}
template <class... As>
void everyPairAgrees(Solid& random, ShapeList<As...>, int trials) {
  (eachPartnerAgrees<As>(random, Solids{}, trials), ...);
}

TEST(SolidPairs, EveryKernelAgreesWithGjk) {
  Solid random(1818);
  movedHulls = &random.hulls;
  everyPairAgrees(random, Solids{}, testing::cases(40));
}

// Every pair of solids in every generic query; every solid against a plane and a frustum, and under every caster.
template <class A, class B>
void expectFilled() {
  EXPECT_NE(intersectsTable().at(A::kType, B::kType), nullptr) << names<A, B>();
  EXPECT_NE(closestPointsTable().at(A::kType, B::kType), nullptr) << names<A, B>();
  EXPECT_NE(contactTable().at(A::kType, B::kType), nullptr) << names<A, B>();
  EXPECT_NE(sweepTable().at(A::kType, B::kType), nullptr) << names<A, B>();
}
template <class A, class... Bs>
void expectRowFilled(ShapeList<Bs...>) {
  (expectFilled<A, Bs>(), ...);
  EXPECT_NE(sweepTable().at(A::kType, ShapeType::Plane), nullptr) << A::kName;
  EXPECT_NE(intersectsTable().at(ShapeType::Plane, A::kType), nullptr) << A::kName;
  EXPECT_NE(classifyTable().at(ShapeType::Plane, A::kType), nullptr) << A::kName;
  EXPECT_NE(intersectsTable().at(ShapeType::Frustum, A::kType), nullptr) << A::kName;
  for (const ShapeType caster : {ShapeType::Ray, ShapeType::Line, ShapeType::Segment}) {
    EXPECT_NE(raycastTable().at(caster, A::kType), nullptr) << A::kName;
  }
}
template <class... As>
void expectAllFilled(ShapeList<As...>) {
  (expectRowFilled<As>(Solids{}), ...);
}

TEST(SolidPairs, EveryCellIsFilled) { expectAllFilled(Solids{}); }

}  // namespace
}  // namespace c3d
