// intersection(a, b): the intersection set of a segment, line, sphere or triangle with a plane, and of two triangles.
// Expected sets are derived by hand (see the comments); a vertex or endpoint lying in the plane must come back
// bitwise. Triangle pairs are checked in every vertex and argument order, and random pairs against a point-triangle
// distance and an independent construction of the common segment (edge-triangle crossings) written here.
#include <array>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>

#include "collide3d/queries/intersection/intersection_plane.h"
#include "collide3d/queries/intersection/intersection_triangle_triangle.h"
#include "test_support.h"

namespace c3d {
namespace {

using testing::near;
using testing::Random;
using Kind = IntersectionSet::Kind;

// ---------------------------------------------------------------------------------------------------------------
// Helpers

std::string str(Vec3 v) {
  char text[96];
  std::snprintf(text, sizeof text, "(%.17g, %.17g, %.17g)", v.x, v.y, v.z);
  return text;
}
std::string str(const Triangle& t) { return "{" + str(t.a) + ", " + str(t.b) + ", " + str(t.c) + "}"; }
std::string str(const std::optional<IntersectionSet>& set) {
  if (!set) return "none";
  switch (set->kind) {
    case Kind::Point: return "point " + str(set->p0);
    case Kind::Segment: return "segment " + str(set->p0) + "-" + str(set->p1);
    case Kind::Line: return "line " + str(set->p0) + " dir " + str(set->p1);
    case Kind::Circle:
      return "circle " + str(set->p0) + " normal " + str(set->normal) + " radius " + std::to_string(set->radius);
    case Kind::Polygon: {
      std::string text = "polygon";
      for (int k = 0; k < set->count; ++k) text += " " + str(set->polygon[k]);
      return text;
    }
    case Kind::Coplanar: return "coplanar";
  }
  return "?";
}

// The same set: same kind, and the same points within `tolerance` (a segment's ends in either order).
::testing::AssertionResult sameSet(const std::optional<IntersectionSet>& got,
                                   const std::optional<IntersectionSet>& expected, double tolerance = 1e-12) {
  bool same = got.has_value() == expected.has_value();
  if (same && got) {
    const IntersectionSet& g = *got;
    const IntersectionSet& e = *expected;
    auto close = [&](Vec3 a, Vec3 b) { return length(a - b) <= tolerance; };
    switch (e.kind) {
      case Kind::Point: same = g.kind == e.kind && close(g.p0, e.p0); break;
      case Kind::Segment:
        same = g.kind == e.kind &&
               ((close(g.p0, e.p0) && close(g.p1, e.p1)) || (close(g.p0, e.p1) && close(g.p1, e.p0)));
        break;
      case Kind::Line: same = g.kind == e.kind && close(g.p0, e.p0) && close(g.p1, e.p1); break;
      case Kind::Circle:
        same = g.kind == e.kind && close(g.p0, e.p0) && close(g.normal, e.normal) &&
               std::fabs(g.radius - e.radius) <= tolerance;
        break;
      case Kind::Polygon:
        same = g.kind == e.kind && g.count == e.count;
        for (int k = 0; same && k < e.count; ++k) same = close(g.polygon[k], e.polygon[k]);
        break;
      case Kind::Coplanar: same = g.kind == e.kind; break;
    }
  }
  if (same) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "got " << str(got) << ", expected " << str(expected);
}

std::optional<IntersectionSet> none() { return std::nullopt; }
std::optional<IntersectionSet> point(Vec3 p) { return IntersectionSet::point(p); }
std::optional<IntersectionSet> segment(Vec3 a, Vec3 b) { return IntersectionSet::segment(a, b); }

std::array<Triangle, 6> vertexOrders(const Triangle& t) {
  return {{{t.a, t.b, t.c}, {t.b, t.c, t.a}, {t.c, t.a, t.b}, {t.a, t.c, t.b}, {t.c, t.b, t.a}, {t.b, t.a, t.c}}};
}

double distanceToSegment(Vec3 p, Vec3 a, Vec3 b) {
  const Vec3 e = b - a;
  const double ee = dot(e, e);
  const double t = ee > 0 ? std::fmin(1.0, std::fmax(0.0, dot(p - a, e) / ee)) : 0;
  return length(p - (a + e * t));
}

// Distance from p to the closed triangle: to its plane when the foot of the perpendicular is inside, otherwise to
// the nearest edge. A zero-area triangle is the union of its edges.
double distanceToTriangle(Vec3 p, const Triangle& t) {
  const Vec3 v[3] = {t.a, t.b, t.c};
  double best = kInfinity;
  for (int i = 0; i < 3; ++i) best = std::fmin(best, distanceToSegment(p, v[i], v[(i + 1) % 3]));
  const Vec3 n = cross(t.b - t.a, t.c - t.a);
  if (isZero(n)) return best;
  const double height = dot(p - t.a, n) / length(n);
  const Vec3 foot = p - n * (height / length(n));
  bool inside = true;
  for (int i = 0; i < 3; ++i) inside = inside && dot(cross(v[(i + 1) % 3] - v[i], foot - v[i]), n) >= 0;
  return inside ? std::fmin(best, std::fabs(height)) : best;
}

// The random cases where a kernel disagrees with the expectation: how many, and the first one in full.
struct Disagreements {
  int count = 0;
  std::string first;
  void add(const std::string& description) {
    if (count++ == 0) first = description;
  }
};

// ---------------------------------------------------------------------------------------------------------------
// Segment-plane and line-plane

// The plane z = 1 with a non-unit normal.
const Plane kZ1{{0, 0, 2}, -2};

// A plane through p whose equation gives exactly 0 at p: the constant is minus the very dot product evaluated.
Plane planeThrough(Vec3 p, Vec3 normal) { return {normal, -dot(normal, p)}; }
// Non-dyadic data, so that a point computed by interpolation would not come out bitwise equal. The plane through
// kP with normal +z has the constant -0.3 exactly, so kP lies on it exactly (the decisions are exact: a plane
// through kP with a rounded constant would in general miss it by a rounding error).
const Vec3 kP{0.1, 0.7, 0.3};
const Vec3 kN{0.3, -1.1, 0.7};
const Vec3 kUp{0, 0, 1};

TEST(IntersectionSegmentPlane, CrossingPoint) {
  // Distances -2 and 6 (scaled by |n| = 2): t = 2 / 8 = 1/4 of the way from (0,0,0) to (2,4,4).
  EXPECT_TRUE(sameSet(intersection(Segment{{0, 0, 0}, {2, 4, 4}}, kZ1), point({0.5, 1, 1}), 0));
  EXPECT_TRUE(sameSet(intersection(Segment{{2, 4, 4}, {0, 0, 0}}, kZ1), point({0.5, 1, 1}), 0));
}

TEST(IntersectionSegmentPlane, LyingInThePlaneIsTheWholeSegment) {
  EXPECT_TRUE(sameSet(intersection(Segment{{-1, 2, 1}, {3, 5, 1}}, kZ1), segment({-1, 2, 1}, {3, 5, 1}), 0));
  EXPECT_TRUE(sameSet(intersection(Segment{{4, 4, 1}, {4, 4, 1}}, kZ1), point({4, 4, 1}), 0));  // zero length
}

TEST(IntersectionSegmentPlane, EndpointTouchingIsThatExactEndpoint) {
  const Plane plane = planeThrough(kP, kUp);
  const auto atStart = intersection(Segment{kP, kP + kN}, plane);
  const auto atEnd = intersection(Segment{kP - kN, kP}, plane);
  ASSERT_TRUE(atStart && atStart->kind == Kind::Point) << str(atStart);
  ASSERT_TRUE(atEnd && atEnd->kind == Kind::Point) << str(atEnd);
  EXPECT_TRUE(atStart->p0 == kP) << str(atStart->p0);
  EXPECT_TRUE(atEnd->p0 == kP) << str(atEnd->p0);
  EXPECT_TRUE(sameSet(intersection(Segment{{0, 0, 1}, {5, 5, 9}}, kZ1), point({0, 0, 1}), 0));
}

TEST(IntersectionSegmentPlane, Misses) {
  EXPECT_TRUE(sameSet(intersection(Segment{{0, 0, 2}, {5, 5, 2}}, kZ1), none()));            // parallel, off it
  EXPECT_TRUE(sameSet(intersection(Segment{{0, 0, 2}, {5, 5, 1.5}}, kZ1), none()));          // stopping short
  EXPECT_TRUE(sameSet(intersection(Segment{{0, 0, 0}, {0, 0, std::nextafter(1.0, 0.0)}}, kZ1), none()));
}

TEST(IntersectionLinePlane, PointAndLyingInThePlane) {
  // Origin 2 above z = 1, moving down 2 per unit of t: t = 1.
  EXPECT_TRUE(sameSet(intersection(Line{{1, 2, 3}, {0, 0, -2}}, kZ1), point({1, 2, 1}), 0));
  // x + y + z = 3 along (1, 2, 3) from the origin: 6t = 3.
  EXPECT_TRUE(sameSet(intersection(Line{{0, 0, 0}, {1, 2, 3}}, Plane{{1, 1, 1}, -3}), point({0.5, 1, 1.5}), 0));
  // Behind the origin too: a line has no start.
  EXPECT_TRUE(sameSet(intersection(Line{{0, 0, 5}, {0, 0, 1}}, kZ1), point({0, 0, 1}), 0));
  // In the plane: the line itself.
  const auto inPlane = intersection(Line{{1, 1, 1}, {1, -1, 0}}, Plane{{1, 1, 1}, -3});
  EXPECT_TRUE(sameSet(inPlane, IntersectionSet::line({1, 1, 1}, {1, -1, 0}), 0));
  // Parallel, off the plane.
  EXPECT_TRUE(sameSet(intersection(Line{{0, 0, 0}, {1, -1, 0}}, Plane{{1, 1, 1}, -3}), none()));
}

TEST(IntersectionLinePlane, RandomPointsLieOnBoth) {
  Random random(59);
  for (int i = 0; i < 20000; ++i) {
    const Plane plane{random.vector(-1, 1), random.uniform(-2, 2)};
    const Vec3 origin = random.vector(-3, 3), direction = random.vector(-1, 1);
    const double scale = length(plane.normal);
    const auto onLine = intersection(Line{origin, direction}, plane);
    ASSERT_TRUE(onLine && onLine->kind == Kind::Point) << str(onLine);
    const Vec3 p = onLine->p0;
    const double along = std::fabs(dot(plane.normal, direction)) / (scale * length(direction));
    if (along < 1e-3) continue;  // nearly parallel: the point is far away and ill-conditioned
    EXPECT_NEAR(scaledDistance(plane, p) / scale, 0, 1e-12 / along) << i;
    EXPECT_NEAR(length(cross(p - origin, direction)) / length(direction), 0, 1e-12 / along) << i;
    // The segment origin -> origin + direction meets the plane iff its ends are on opposite closed sides.
    const Vec3 end = origin + direction;
    const double d0 = scaledDistance(plane, origin), d1 = scaledDistance(plane, end);
    const auto onSegment = intersection(Segment{origin, end}, plane);
    ASSERT_EQ(onSegment.has_value(), d0 * d1 <= 0) << i;
    if (onSegment) {
      EXPECT_TRUE(near(onSegment->p0, p, 1e-12 / along)) << i;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Sphere-plane

TEST(IntersectionSpherePlane, CircleFromTheRightTriangle) {
  // z = 0 written as 2z = 0. Radius 5 at distance 3: the circle has radius sqrt(5^2 - 3^2) = 4 around the foot.
  const Plane z0{{0, 0, 2}, 0};
  const auto above = IntersectionSet::circle({1, 2, 0}, {0, 0, 1}, 4);
  EXPECT_TRUE(sameSet(intersection(Sphere{{1, 2, 3}, 5}, z0), above, 0));
  EXPECT_TRUE(sameSet(intersection(Sphere{{1, 2, -3}, 5}, z0), above, 0));  // below: the same circle
  EXPECT_TRUE(sameSet(intersection(Sphere{{1, 2, 0}, 5}, z0), IntersectionSet::circle({1, 2, 0}, {0, 0, 1}, 5), 0));
  // 3x + 4y = 25 (|n| = 5) is at distance -5 from the origin; radius 13 gives a circle of radius 12 around (3, 4, 0).
  const auto tilted = intersection(Sphere{{0, 0, 0}, 13}, Plane{{3, 4, 0}, -25});
  EXPECT_TRUE(sameSet(tilted, IntersectionSet::circle({3, 4, 0}, {0.6, 0.8, 0}, 12), 1e-14));
}

TEST(IntersectionSpherePlane, TangentIsAPointAndMissesAreNone) {
  const Plane z0{{0, 0, 2}, 0};
  EXPECT_TRUE(sameSet(intersection(Sphere{{1, 2, 5}, 5}, z0), point({1, 2, 0}), 0));
  EXPECT_TRUE(sameSet(intersection(Sphere{{1, 2, -5}, 5}, z0), point({1, 2, 0}), 0));
  EXPECT_TRUE(sameSet(intersection(Sphere{{1, 2, 0}, 0}, z0), point({1, 2, 0}), 0));  // a point on the plane
  EXPECT_TRUE(sameSet(intersection(Sphere{{1, 2, 6}, 5}, z0), none()));
  EXPECT_TRUE(sameSet(intersection(Sphere{{1, 2, std::nextafter(5.0, 6.0)}, 5}, z0), none()));
  EXPECT_TRUE(sameSet(intersection(Sphere{{1, 2, 1}, 0}, z0), none()));
}

// ---------------------------------------------------------------------------------------------------------------
// Triangle-plane

// intersection(t, plane) is the same set for all six vertex orders.
::testing::AssertionResult cutsInEveryOrder(const Triangle& t, const Plane& plane,
                                            const std::optional<IntersectionSet>& expected, double tolerance = 0) {
  for (const Triangle& ordered : vertexOrders(t)) {
    ::testing::AssertionResult result = sameSet(intersection(ordered, plane), expected, tolerance);
    if (!result) return result << " for " << str(ordered);
  }
  return ::testing::AssertionSuccess();
}

// z = 0, with a unit normal and with a reversed, scaled one.
const Plane kZ0[] = {{{0, 0, 1}, 0}, {{0, 0, -3}, 0}};

TEST(IntersectionTrianglePlane, CrossingIsASegmentWithExactEnds) {
  for (const Plane& plane : kZ0) {
    // a = (0,0,-1) is below, b and c at height 1: the edges ab and ca are cut at their midpoints.
    EXPECT_TRUE(cutsInEveryOrder({{0, 0, -1}, {2, 0, 1}, {0, 2, 1}}, plane, segment({1, 0, 0}, {0, 1, 0})));
    // A vertex in the plane with the others on opposite sides: from it to the midpoint of bc.
    EXPECT_TRUE(cutsInEveryOrder({{0, 0, 0}, {2, 0, 1}, {0, 2, -1}}, plane, segment({0, 0, 0}, {1, 1, 0})));
  }
}

TEST(IntersectionTrianglePlane, TouchingVertexEdgeOrWholeTriangle) {
  for (const Plane& plane : kZ0) {
    EXPECT_TRUE(cutsInEveryOrder({{0, 0, 0}, {1, 0, 1}, {0, 1, 1}}, plane, point({0, 0, 0})));
    EXPECT_TRUE(cutsInEveryOrder({{0, 0, 0}, {3, 0, 0}, {1, 1, 2}}, plane, segment({0, 0, 0}, {3, 0, 0})));
    EXPECT_TRUE(cutsInEveryOrder({{0, 0, 0}, {3, 0, 0}, {1, 1, 0}}, plane, IntersectionSet::coplanar()));
    EXPECT_TRUE(cutsInEveryOrder({{0, 0, 1}, {3, 0, 1}, {1, 1, 2}}, plane, none()));
    EXPECT_TRUE(cutsInEveryOrder({{0, 0, -1}, {3, 0, -0.5}, {1, 1, -2}}, plane, none()));
  }
}

TEST(IntersectionTrianglePlane, VertexInThePlaneComesBackBitwise) {
  const Plane plane = planeThrough(kP, kUp);
  // b and c on the positive side (0.7 and 1.4 above): only the vertex kP touches.
  EXPECT_TRUE(cutsInEveryOrder({kP, kP + kN, kP + kN * 2 + Vec3{0.1, 0, 0}}, plane, point(kP)));
  // c on the negative side: from kP exactly to a crossing of the edge bc.
  const Triangle t{kP, kP + kN, kP - kN + Vec3{0.05, 0.02, 0}};
  for (const Triangle& ordered : vertexOrders(t)) {
    const auto cut = intersection(ordered, plane);
    ASSERT_TRUE(cut && cut->kind == Kind::Segment) << str(cut);
    const bool startIsVertex = cut->p0 == kP;
    EXPECT_TRUE(startIsVertex || cut->p1 == kP) << str(cut);
    const Vec3 other = startIsVertex ? cut->p1 : cut->p0;
    EXPECT_NEAR(scaledDistance(plane, other), 0, 1e-15);
    EXPECT_NEAR(distanceToSegment(other, t.b, t.c), 0, 1e-15);
  }
}

TEST(IntersectionTrianglePlane, ZeroAreaTriangles) {
  for (const Plane& plane : kZ0) {
    // Collinear, covering (0,0,-1)-(0,0,3): cut a quarter of the way along.
    EXPECT_TRUE(cutsInEveryOrder({{0, 0, -1}, {0, 0, 1}, {0, 0, 3}}, plane, point({0, 0, 0})));
    EXPECT_TRUE(cutsInEveryOrder({{0, 0, 0}, {2, 0, 0}, {1, 0, 0}}, plane, segment({0, 0, 0}, {2, 0, 0})));
    EXPECT_TRUE(cutsInEveryOrder({{0, 0, 0}, {0, 0, 2}, {0, 0, 1}}, plane, point({0, 0, 0})));
    EXPECT_TRUE(cutsInEveryOrder({{1, 2, 0}, {1, 2, 0}, {1, 2, 0}}, plane, point({1, 2, 0})));
    EXPECT_TRUE(cutsInEveryOrder({{1, 2, 1}, {1, 2, 1}, {1, 2, 1}}, plane, none()));
    EXPECT_TRUE(cutsInEveryOrder({{0, 0, 1}, {0, 0, 3}, {0, 0, 2}}, plane, none()));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Triangle-triangle: hand cases

// intersection(t1, t2) is the same set for all 6 x 6 vertex orders and both argument orders.
::testing::AssertionResult intersectsAs(const Triangle& t1, const Triangle& t2,
                                        const std::optional<IntersectionSet>& expected) {
  for (const Triangle& a : vertexOrders(t1)) {
    for (const Triangle& b : vertexOrders(t2)) {
      for (const bool swapped : {false, true}) {
        ::testing::AssertionResult result = sameSet(swapped ? intersection(b, a) : intersection(a, b), expected);
        if (!result) return result << " for " << (swapped ? str(b) + " vs " + str(a) : str(a) + " vs " + str(b));
      }
    }
  }
  return ::testing::AssertionSuccess();
}

// The right triangle with legs 4 on the x and y axes, in z = 0.
const Triangle kBase{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}};

TEST(IntersectionTriangleTriangle, CrossingIsTheOverlapOfTheChords) {
  // Plane y = 1. It cuts the base in x in [0, 3] (the hypotenuse x + y = 4), and z = 0 cuts the other triangle in
  // x in [-1/4, 17/4] (its edges from the apex (2,1,3) reach z = 0 three quarters of the way down): overlap [0, 3].
  EXPECT_TRUE(intersectsAs(kBase, {{-1, 1, -1}, {5, 1, -1}, {2, 1, 3}}, segment({0, 1, 0}, {3, 1, 0})));
  // Plane x = 1. Base chord y in [0, 3]; the other's chord runs from (1,1,0) (its vertical edge) to (1,2,0) (the
  // middle of (1,1,-1)-(1,3,1)): the overlap is the latter.
  EXPECT_TRUE(intersectsAs(kBase, {{1, 1, -1}, {1, 1, 1}, {1, 3, 1}}, segment({1, 1, 0}, {1, 2, 0})));
  // Hinged on the shared hypotenuse: the whole edge.
  EXPECT_TRUE(intersectsAs(kBase, {{4, 0, 0}, {0, 4, 0}, {2, 2, 3}}, segment({4, 0, 0}, {0, 4, 0})));
}

TEST(IntersectionTriangleTriangle, TouchingIsAPoint) {
  EXPECT_TRUE(intersectsAs(kBase, {{1, 1, 0}, {1, 1, 2}, {2, 1, 2}}, point({1, 1, 0})));     // vertex on the face
  EXPECT_TRUE(intersectsAs(kBase, {{0, 0, 0}, {-1, 0, 1}, {0, -1, 1}}, point({0, 0, 0})));   // vertex to vertex
  EXPECT_TRUE(intersectsAs(kBase, {{2, 2, -1}, {2, 2, 1}, {3, 3, 0}}, point({2, 2, 0})));    // edge across edge
  // Plane 3x + y + z = 6: it cuts the base in (2,0,0)-(1,3,0) and z = 0 cuts the other in (2,0,0)-(2.5,-1.5,0);
  // the chords point opposite ways from (2,0,0) along the common line.
  EXPECT_TRUE(intersectsAs(kBase, {{2, -1, 1}, {2, 1, -1}, {3, -2, -1}}, point({2, 0, 0})));
}

TEST(IntersectionTriangleTriangle, CoplanarAndDisjoint) {
  EXPECT_TRUE(intersectsAs(kBase, {{1, 1, 0}, {5, 1, 0}, {1, 5, 0}}, IntersectionSet::coplanar()));
  EXPECT_TRUE(intersectsAs(kBase, {{1, 1, 0}, {2, 1, 0}, {1, 2, 0}}, IntersectionSet::coplanar()));
  EXPECT_TRUE(intersectsAs(kBase, {{4, 0, 0}, {6, 1, 0}, {6, -1, 0}}, IntersectionSet::coplanar()));  // touching
  EXPECT_TRUE(intersectsAs(kBase, {{3, 3, 0}, {5, 3, 0}, {3, 5, 0}}, none()));    // coplanar, apart
  EXPECT_TRUE(intersectsAs(kBase, {{0, 0, 1}, {4, 0, 1}, {0, 4, 1}}, none()));    // parallel planes
  EXPECT_TRUE(intersectsAs(kBase, {{5, 0, -1}, {5, 0, 1}, {5, 1, 0}}, none()));   // the planes' line misses
  EXPECT_TRUE(intersectsAs(kBase, {{1, 1, 0x1p-20}, {1, 1, 2}, {2, 1, 2}}, none()));
}

TEST(IntersectionTriangleTriangle, ZeroAreaTriangleIsItsSegmentClipped) {
  EXPECT_TRUE(intersectsAs(kBase, {{1, 1, -1}, {1, 1, 1}, {1, 1, 0}}, point({1, 1, 0})));   // piercing
  // In the plane along y = 1 from x = -1 to 5: clipped to x in [0, 3] by the edges x = 0 and x + y = 4.
  EXPECT_TRUE(intersectsAs(kBase, {{-1, 1, 0}, {5, 1, 0}, {2, 1, 0}}, segment({0, 1, 0}, {3, 1, 0})));
  EXPECT_TRUE(intersectsAs(kBase, {{-2, 6, 0}, {6, -2, 0}, {2, 2, 0}}, segment({0, 4, 0}, {4, 0, 0})));
  EXPECT_TRUE(intersectsAs(kBase, {{5, 5, -1}, {5, 5, 1}, {5, 5, 0}}, none()));
  EXPECT_TRUE(intersectsAs(kBase, {{1, 1, 0}, {1, 1, 0}, {1, 1, 0}}, point({1, 1, 0})));
  EXPECT_TRUE(intersectsAs(kBase, {{1, 1, 1}, {1, 1, 1}, {1, 1, 1}}, none()));
  // Both zero-area.
  const Triangle xAxis{{0, 0, 0}, {2, 0, 0}, {1, 0, 0}};
  EXPECT_TRUE(intersectsAs(xAxis, {{1, 0, 0}, {3, 0, 0}, {2, 0, 0}}, segment({1, 0, 0}, {2, 0, 0})));  // overlap
  EXPECT_TRUE(intersectsAs(xAxis, {{1, -1, 0}, {1, 1, 0}, {1, 0, 0}}, point({1, 0, 0})));              // crossing
  EXPECT_TRUE(intersectsAs(xAxis, {{1, -1, 1}, {1, 1, 1}, {1, 0, 1}}, none()));                        // skew
  EXPECT_TRUE(intersectsAs(xAxis, {{2, 0, 0}, {2, 0, 0}, {2, 0, 0}}, point({2, 0, 0})));               // its end
  EXPECT_TRUE(intersectsAs(xAxis, {{3, 0, 0}, {3, 0, 0}, {3, 0, 0}}, none()));                         // beyond it
  EXPECT_TRUE(intersectsAs({{1, 2, 3}, {1, 2, 3}, {1, 2, 3}}, {{1, 2, 3}, {1, 2, 3}, {1, 2, 3}}, point({1, 2, 3})));
  EXPECT_TRUE(intersectsAs({{1, 2, 3}, {1, 2, 3}, {1, 2, 3}}, {{1, 2, 4}, {1, 2, 4}, {1, 2, 4}}, none()));
}

// ---------------------------------------------------------------------------------------------------------------
// Triangle-triangle: random pairs

// dot((b - a) x (c - a), d - a), exact on small integers.
double volume(Vec3 a, Vec3 b, Vec3 c, Vec3 d) { return dot(cross(b - a, c - a), d - a); }

Vec3 randomIntegerPoint(Random& random) { return random.integerVector(-3, 3); }

TEST(IntersectionTriangleTriangle, RandomSmallIntegerPairsAgreeWithIntersects) {
  // Small-integer pairs, many of them touching, coplanar or of zero area: the set exists iff intersects says so; it
  // is `coplanar` only for coplanar triangles with area; otherwise its points lie on both triangles.
  Random random(61);
  Disagreements wrong;
  int sets = 0;
  for (int i = 0; i < 100000; ++i) {
    Triangle s{randomIntegerPoint(random), randomIntegerPoint(random), randomIntegerPoint(random)};
    Triangle t{randomIntegerPoint(random), randomIntegerPoint(random), randomIntegerPoint(random)};
    if (i % 4 == 1) s.a.z = s.b.z = s.c.z = t.a.z = t.b.z = 0;              // t has an edge in s's plane
    if (i % 4 == 2) t.a = s.b, t.b = s.a;                                     // a shared edge
    if (i % 4 == 3) s.c = s.a + (s.b - s.a) * double(random.integer(-1, 2));  // s has zero area
    const auto set = intersection(s, t);
    const std::string pair = str(s) + " vs " + str(t) + ": " + str(set);
    sets += set.has_value();
    if (set.has_value() != intersects(s, t)) {
      wrong.add(pair + " disagrees with intersects");
    } else if (set && set->kind == Kind::Coplanar) {
      const bool coplanar = !isZero(cross(s.b - s.a, s.c - s.a)) && !isZero(cross(t.b - t.a, t.c - t.a)) &&
                            volume(s.a, s.b, s.c, t.a) == 0 && volume(s.a, s.b, s.c, t.b) == 0 &&
                            volume(s.a, s.b, s.c, t.c) == 0;
      if (!coplanar) wrong.add(pair + " but the triangles are not coplanar with area");
    } else if (set) {
      const Vec3 ends[2] = {set->p0, set->kind == Kind::Segment ? set->p1 : set->p0};
      for (Vec3 p : ends) {
        if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) {
          wrong.add(pair + ": not a finite point");
        } else if (distanceToTriangle(p, s) > 1e-12 || distanceToTriangle(p, t) > 1e-12) {
          wrong.add(pair + ": " + str(p) + " is not on both triangles");
        }
      }
    }
  }
  std::printf("[          ] 100000 pairs, %d with a non-empty intersection\n", sets);
  EXPECT_EQ(wrong.count, 0) << "first of " << wrong.count << ": " << wrong.first;
}

// The common segment of two non-coplanar triangles, built without the library: each of its ends is where an edge of
// one triangle crosses the other triangle (the set is the overlap of the two chords the triangles cut on the planes'
// common line, and a chord ends on an edge), so it spans the crossings found. `ambiguous` is set when a vertex is
// too close to the other plane or a crossing too close to the other triangle's boundary to classify reliably.
struct CommonSegment {
  bool ambiguous = false;
  int count = 0;
  Vec3 points[6];
};

void addCrossings(const Triangle& edges, const Triangle& other, CommonSegment& result) {
  const Vec3 n = normalizedOr(cross(other.b - other.a, other.c - other.a), {0, 0, 0});
  const Vec3 v[3] = {edges.a, edges.b, edges.c}, w[3] = {other.a, other.b, other.c};
  for (int i = 0; i < 3; ++i) {
    const Vec3 p = v[i], q = v[(i + 1) % 3];
    const double dp = dot(n, p - other.a), dq = dot(n, q - other.a);
    if (std::fabs(dp) < 1e-6 || std::fabs(dq) < 1e-6) {
      result.ambiguous = true;
      continue;
    }
    if ((dp > 0) == (dq > 0)) continue;
    const Vec3 x = p + (q - p) * (dp / (dp - dq));
    double margin = kInfinity;  // signed distance to the nearest edge line, in the plane, positive inside
    for (int j = 0; j < 3; ++j) {
      const Vec3 e = w[(j + 1) % 3] - w[j];
      margin = std::fmin(margin, dot(cross(e, x - w[j]), n) / length(e));
    }
    if (std::fabs(margin) < 1e-9) result.ambiguous = true;
    if (margin > 0) result.points[result.count++] = x;
  }
}

TEST(IntersectionTriangleTriangle, RandomPairsAgainstEdgeCrossings) {
  Random random(67);
  constexpr int kCases = 100000;
  Disagreements wrong;
  int crossing = 0, skipped = 0;
  for (int i = 0; i < kCases; ++i) {
    const Triangle s{random.vector(-1, 1), random.vector(-1, 1), random.vector(-1, 1)};
    const Triangle t{random.vector(-1, 1), random.vector(-1, 1), random.vector(-1, 1)};
    CommonSegment common;
    addCrossings(s, t, common);
    addCrossings(t, s, common);
    if (common.ambiguous) {
      ++skipped;
      continue;
    }
    std::optional<IntersectionSet> expected;
    if (common.count > 0) {  // between the two crossings farthest apart
      int from = 0, to = 0;
      for (int a = 0; a < common.count; ++a) {
        for (int b = a + 1; b < common.count; ++b) {
          const double span = length(common.points[a] - common.points[b]);
          if (span > length(common.points[from] - common.points[to])) from = a, to = b;
        }
      }
      expected = IntersectionSet::segment(common.points[from], common.points[to]);
    }
    crossing += expected.has_value();
    const auto got = intersection(s, t);
    if (!sameSet(got, expected, 1e-9)) {
      wrong.add(str(s) + " vs " + str(t) + ": got " + str(got) + ", expected " + str(expected));
    } else if (got && got->kind != Kind::Segment) {
      wrong.add(str(s) + " vs " + str(t) + ": got " + str(got) + ", expected a segment");
    } else if (got) {
      for (Vec3 p : {got->p0, got->p1}) {
        if (distanceToTriangle(p, s) > 1e-12 || distanceToTriangle(p, t) > 1e-12) {
          wrong.add(str(s) + " vs " + str(t) + ": end " + str(p) + " is off a triangle");
        }
      }
    }
  }
  std::printf("[          ] %d pairs: %d crossing, %d skipped near a boundary\n", kCases, crossing, skipped);
  EXPECT_LT(skipped, kCases / 1000);
  EXPECT_EQ(wrong.count, 0) << "first of " << wrong.count << ": " << wrong.first;
}

}  // namespace
}  // namespace c3d
