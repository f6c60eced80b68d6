// The convex shape: the registry of live hulls (build, validate, free), the hull's convex core (its support against a
// brute-force maximum in exact rationals, moved too; its corners), and its exact kernels through the dispatch tables
// against independent references:
// - the exact triangle-box kernel, on hulls of a box's corners (which are the box), with grid triangles that touch it
//   at vertices, edges and faces;
// - a separating-axis test in GMP rationals (two convex polytopes are apart iff one of the axes below separates
//   them), for triangles, points and casters against random hulls of every dimension;
// - the exact plane side of every vertex (a brute force over the vertices) for plane and frustum;
// - hand-built touching cases on the octahedron |x| + |y| + |z| <= 1: a vertex, an edge, a face, coplanar, inside,
//   and each moved one ulp away.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "collide3d/dispatch/tables.h"
#include "collide3d/queries/classify/plane_side.h"
#include "collide3d/queries/distance/convex_core.h"
#include "collide3d/shapes/round_hull.h"
#include "exact_reference.h"
#include "random_convex.h"
#include "test_support.h"

namespace c3d {
namespace {

using testing::crossQ;
using testing::dotQ;
using testing::isZeroQ;
using testing::q;
using testing::Q3;
using testing::Random;

double addressOf(const ConvexHull* hull) { return static_cast<double>(reinterpret_cast<std::uintptr_t>(hull)); }

template <class A, class B>
bool meets(const A& a, const B& b) {
  const IntersectsFn fn = intersectsTable().at(A::kType, B::kType);
  EXPECT_NE(fn, nullptr) << A::kName << "-" << B::kName;
  return fn(encodedBuffer(a).data(), encodedBuffer(b).data());
}

Side classified(const Plane& plane, const Convex& c, double epsilon) {
  return classifyTable().at(ShapeType::Plane, ShapeType::Convex)(encodedBuffer(plane).data(),
                                                                  encodedBuffer(c).data(), {epsilon});
}

// ---- the registry ----

TEST(ConvexRegistry, BuildsValidatesAndFrees) {
  const size_t before = hull_registry::liveCount();
  const double square[12] = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0};
  const ConvexHull *a = nullptr, *b = nullptr;
  ASSERT_EQ(hull_registry::create(square, 4, a), HullStatus::Ok);
  ASSERT_EQ(hull_registry::create(square, 1, b), HullStatus::Ok);
  EXPECT_EQ(hull_registry::liveCount(), before + 2);
  EXPECT_EQ(a->dimension, 2);
  EXPECT_EQ(b->dimension, 0);
  EXPECT_TRUE(hull_registry::isLive(addressOf(a)) && hull_registry::isLive(addressOf(b)));
  for (const double bad : {addressOf(a) + 1, addressOf(a) - 0.5, -addressOf(a), 0.0, 0x1p53, std::nan("")}) {
    EXPECT_FALSE(hull_registry::isLive(bad)) << bad;
  }
  EXPECT_EQ(&hull_registry::at(addressOf(a)), a);
  EXPECT_TRUE(hull_registry::destroy(a));
  EXPECT_FALSE(hull_registry::isLive(addressOf(a)));
  EXPECT_TRUE(hull_registry::isLive(addressOf(b)));
  EXPECT_FALSE(hull_registry::destroy(a));
  EXPECT_TRUE(hull_registry::destroy(b));
  EXPECT_EQ(hull_registry::liveCount(), before);
}

TEST(ConvexRegistry, RefusesWhatNoShapeTakes) {
  const ConvexHull* made = reinterpret_cast<const ConvexHull*>(1);
  EXPECT_EQ(hull_registry::create(nullptr, 0, made), HullStatus::Empty);
  EXPECT_EQ(made, nullptr);
  const double huge[6] = {0, 0, 0, 1, 1e300, 0}, tiny[6] = {0, 0, 0, 1, 1e-300, 0};
  const double nan[6] = {0, 0, 0, 1, std::nan(""), 0}, infinite[3] = {0, -kInfinity, 0};
  const size_t before = hull_registry::liveCount();
  EXPECT_EQ(hull_registry::create(huge, 2, made), HullStatus::OutOfRange);
  EXPECT_EQ(hull_registry::create(tiny, 2, made), HullStatus::OutOfRange);
  EXPECT_EQ(hull_registry::create(nan, 2, made), HullStatus::NotFinite);
  EXPECT_EQ(hull_registry::create(infinite, 1, made), HullStatus::NotFinite);
  EXPECT_EQ(hull_registry::liveCount(), before);
  const double edges[6] = {0, 0, 0, 0x1p-126, -0x1p126, 0};  // the range's own ends are in it
  EXPECT_EQ(hull_registry::create(edges, 2, made), HullStatus::Ok);
  EXPECT_TRUE(hull_registry::destroy(made));
}

// ---- the core ----

// The vertex maximising d.v, by exact rationals over every vertex.
mpq_class exactMax(const ConvexHull& hull, Vec3 d) {
  mpq_class best = dotQ(q(d), q(hull.vertices[0]));
  for (const Vec3& v : hull.vertices) best = std::max(best, dotQ(q(d), q(v)));
  return best;
}

TEST(ConvexCore, SupportIsAnExactMaximumOverTheVertices) {
  Random random(11);
  testing::HullRing hulls;
  int checked = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const Vec3 center = random.vector(-100, 100);
    // Up to 60 points, so the hill climb (beyond 16 vertices) runs too.
    std::vector<Vec3> points = testing::hullPoints(random, [&] { return center + random.vector(-3, 3); });
    for (int extra = random.integer(0, 1) * 50; extra > 0; --extra) points.push_back(center + random.vector(-3, 3));
    const Convex convex = hulls.make(points);
    const ConvexHull& hull = convex.prepared();
    const ConvexCore core = coreOf(convex);
    ASSERT_EQ(core.cornerCount(), 2);
    EXPECT_TRUE(core.isPolytope());
    EXPECT_EQ(core.corner[0], hull.vertices[0]);  // a point of the core
    const Vec3 offset = random.integerVector(-50, 50) * 0.5;  // exact: the moved vertices are the moved hull's
    const ConvexCore shifted = core.moved(offset);
    EXPECT_EQ(shifted.corner[0], hull.vertices[0] + offset);
    for (const Vec3& v : hull.vertices) {
      EXPECT_GE(length(core.corner[1]), length(v));
      EXPECT_GE(length(shifted.corner[1]), length(v + offset));
    }
    for (int k = 0; k < 20; ++k) {
      const Vec3 d = random.integer(0, 3) == 0 ? random.integerVector(-1, 1) : random.vector(-1, 1);
      const Vec3 s = core.support(d), m = shifted.support(d);
      const mpq_class best = exactMax(hull, d);
      EXPECT_EQ(dotQ(q(d), q(s)), best) << "trial " << trial;
      // The moved core's support is a vertex moved (rounded), the one the unmoved core picks or one tied with it.
      const auto at = std::find_if(hull.vertices.begin(), hull.vertices.end(), [&](Vec3 v) { return v + offset == m; });
      ASSERT_TRUE(at != hull.vertices.end()) << "trial " << trial;
      EXPECT_EQ(dotQ(q(d), q(*at)), best) << "trial " << trial;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 6000);
}

// ---- the exact kernels ----

// The axes that separate two convex polytopes (of any dimension, here one of them a triangle, a segment or a point)
// when anything does: the hull's face normals, the other's normal, cross products of edges, and the normals' cross
// products with edges (the in-plane directions flat sets are separated along).
struct Polytope {
  std::vector<Q3> points, edges, normals;
};

Polytope ofHull(const ConvexHull& hull) {
  Polytope p;
  for (const Vec3& v : hull.vertices) p.points.push_back(q(v));
  for (size_t v = 0; v < hull.vertices.size(); ++v) {
    for (uint32_t k = hull.adjacencyStart[v]; k < hull.adjacencyStart[v + 1]; ++k) {
      p.edges.push_back(p.points[hull.adjacency[k]] - p.points[v]);
    }
  }
  for (size_t f = 0; f < hull.faceCount(); ++f) {
    const uint32_t* c = &hull.faceVertex[hull.faceStart[f]];
    p.normals.push_back(crossQ(p.points[c[1]] - p.points[c[0]], p.points[c[2]] - p.points[c[0]]));
  }
  return p;
}

Polytope ofPoints(std::initializer_list<Vec3> corners) {
  Polytope p;
  for (const Vec3& c : corners) p.points.push_back(q(c));
  for (size_t i = 0; i < p.points.size(); ++i) {
    for (size_t j = i + 1; j < p.points.size(); ++j) p.edges.push_back(p.points[j] - p.points[i]);
  }
  if (p.points.size() == 3) p.normals.push_back(crossQ(p.edges[0], p.edges[1]));
  return p;
}

bool separates(const Q3& axis, const Polytope& a, const Polytope& b) {
  if (isZeroQ(axis)) return false;
  auto span = [&](const Polytope& p, mpq_class& lo, mpq_class& hi) {
    lo = hi = dotQ(axis, p.points[0]);
    for (const Q3& x : p.points) lo = std::min(lo, dotQ(axis, x)), hi = std::max(hi, dotQ(axis, x));
  };
  mpq_class aLo, aHi, bLo, bHi;
  span(a, aLo, aHi);
  span(b, bLo, bHi);
  return aHi < bLo || bHi < aLo;
}

bool referenceMeets(const Polytope& a, const Polytope& b) {
  std::vector<Q3> normals = a.normals, edges = a.edges;
  normals.insert(normals.end(), b.normals.begin(), b.normals.end());
  edges.insert(edges.end(), b.edges.begin(), b.edges.end());
  for (const Q3& n : normals) {
    if (separates(n, a, b)) return false;
    for (const Q3& e : edges) {
      if (separates(crossQ(n, e), a, b)) return false;
    }
  }
  for (const Q3& e : a.edges) {
    for (const Q3& f : b.edges) {
      if (separates(crossQ(e, f), a, b)) return false;
    }
  }
  return true;
}

// Hulls of a box's corners are the box: the triangle-box kernel answers for them (integer grids: many touch).
TEST(ConvexKernels, TriangleAgainstABoxHullAgreesWithTheTriangleBoxKernel) {
  Random random(12);
  testing::HullRing hulls;
  int meeting = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const Vec3 lo = random.integerVector(-2, 1), hi = lo + random.integerVector(0, 2);
    const Aabb box{lo, hi};
    std::vector<Vec3> corners;
    for (int i = 0; i < 8; ++i) corners.push_back({i & 1 ? hi.x : lo.x, i & 2 ? hi.y : lo.y, i & 4 ? hi.z : lo.z});
    const Convex convex = hulls.make(corners);
    const Triangle t = testing::randomTriangle(random, trial % 2 == 0);
    const bool expected = meets(t, box);
    ASSERT_EQ(meets(t, convex), expected) << "trial " << trial;
    ASSERT_EQ(meets(convex, t), expected) << "trial " << trial;
    meeting += expected;
  }
  EXPECT_GT(meeting, 300);
  EXPECT_LT(meeting, 2700);
}

// Random hulls of every dimension on a half grid against triangles, points, segments, rays and lines (the unbounded
// casters as segments reaching far beyond the hull: exact on the grid), each against the rational separating axes.
TEST(ConvexKernels, EveryShapeAgreesWithExactSeparatingAxes) {
  Random random(13);
  testing::HullRing hulls;
  int meetings[5] = {}, trials = 0;
  for (int trial = 0; trial < 1200; ++trial) {
    const Convex convex = hulls.make(testing::hullPoints(random, [&] { return random.integerVector(-4, 4) * 0.5; }));
    const Polytope hull = ofHull(convex.prepared());
    const Vec3 a = random.integerVector(-5, 5) * 0.5, b = random.integerVector(-5, 5) * 0.5,
               c = random.integerVector(-5, 5) * 0.5;
    Vec3 d = random.integerVector(-2, 2);
    if (isZero(d)) d = {1, 0, 0};
    const double far = 64;  // beyond any meeting on these grids
    const Vec3 p = trial % 3 == 0 ? convex.prepared().vertices.back() : a;  // on the hull, a third of the time
    const bool triangle = meets(Triangle{a, b, c}, convex), point = meets(Point{p}, convex),
               segment = meets(Segment{a, b}, convex), ray = meets(Ray{a, d}, convex),
               line = meets(Line{a, d}, convex);
    const bool flatTriangle = isZero(cross(b - a, c - a));  // the axes cover non-degenerate triangles
    if (!flatTriangle) {
      ASSERT_EQ(triangle, referenceMeets(hull, ofPoints({a, b, c}))) << "trial " << trial;
    }
    if (convex.prepared().dimension >= 2) {  // a segment's or point's hull has no face to build the axes from
      ASSERT_EQ(point, referenceMeets(hull, ofPoints({p}))) << "trial " << trial;
      ASSERT_EQ(segment, referenceMeets(hull, ofPoints({a, b}))) << "trial " << trial;
      ASSERT_EQ(ray, referenceMeets(hull, ofPoints({a, a + d * far}))) << "trial " << trial;
      ASSERT_EQ(line, referenceMeets(hull, ofPoints({a - d * far, a + d * far}))) << "trial " << trial;
    }
    // Both orders.
    ASSERT_EQ(meets(convex, Triangle{a, b, c}), triangle);
    ASSERT_EQ(meets(convex, Point{p}), point);
    ASSERT_EQ(meets(convex, Segment{a, b}), segment);
    ASSERT_EQ(meets(convex, Ray{a, d}), ray);
    ASSERT_EQ(meets(convex, Line{a, d}), line);
    const bool answers[5] = {triangle, point, segment, ray, line};
    for (int k = 0; k < 5; ++k) meetings[k] += answers[k];
    ++trials;
  }
  for (int k = 0; k < 5; ++k) {  // both answers common
    EXPECT_GT(meetings[k], trials / 20) << k;
    EXPECT_LT(meetings[k], trials - trials / 20) << k;
  }
}

// The plane's side: every vertex's exact side, folded; a frustum is outside only behind one plane.
int sideByVertices(const Plane& plane, const ConvexHull& hull, double e) {
  int common = plane_side::ballSide(plane, hull.vertices[0], 0, e);
  for (const Vec3& v : hull.vertices) common = plane_side::together(common, plane_side::ballSide(plane, v, 0, e));
  return common;
}

TEST(ConvexKernels, PlaneAndFrustumAgreeWithEveryVertexsSide) {
  Random random(14);
  testing::HullRing hulls;
  int sides[3] = {};
  for (int trial = 0; trial < 3000; ++trial) {
    const Vec3 center = random.vector(-3, 3);
    const bool grid = trial % 2 == 0;
    const Convex convex = hulls.make(testing::hullPoints(random, [&] {
      return grid ? random.integerVector(-3, 3) : center + random.vector(-2, 2);
    }));
    const ConvexHull& hull = convex.prepared();
    // On the grid, through a vertex half the time: touching.
    Vec3 n = grid ? random.integerVector(-2, 2) : random.vector(-1, 1);
    if (isZero(n)) n = {0, 0, 1};
    const Vec3 through = random.integer(0, 1) ? hull.vertices[random.integer(0, int(hull.vertices.size()) - 1)]
                                              : random.integerVector(-3, 3);
    const Plane plane{n, -dot(n, through)};
    for (const double e : {0.0, 0.5}) {
      const int expected = sideByVertices(plane, hull, e);
      const Side side = classified(plane, convex, e);
      ASSERT_EQ(side, expected > 0 ? Side::Front : expected < 0 ? Side::Back : Side::Intersecting) << trial;
      if (e == 0) {
        ASSERT_EQ(meets(plane, convex), expected == 0) << trial;
        ASSERT_EQ(meets(convex, plane), expected == 0) << trial;
        ++sides[expected + 1];
      }
    }
    Frustum frustum;
    for (Plane& p : frustum.planes) p = {random.vector(-1, 1), random.uniform(0, 4)};
    frustum.planes[trial % 6] = plane;
    bool inside = true;
    for (const Plane& p : frustum.planes) inside = inside && sideByVertices(p, hull, 0) >= 0;
    ASSERT_EQ(meets(frustum, convex), inside) << trial;
    ASSERT_EQ(meets(convex, frustum), inside) << trial;
  }
  for (const int count : sides) EXPECT_GT(count, 300);
}

// ---- touching cases on the octahedron |x| + |y| + |z| <= 1 ----

class Octahedron : public ::testing::Test {
 protected:
  Octahedron()
      : convex(hulls.make({{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}, {0.25, 0.25, 0.25}})) {}

  testing::HullRing hulls;
  Convex convex;
};

double above(double x) { return std::nextafter(x, kInfinity); }

TEST_F(Octahedron, IsTheSolidItsVerticesSpan) {
  EXPECT_EQ(convex.prepared().dimension, 3);
  EXPECT_EQ(convex.prepared().vertices.size(), 6u);
  EXPECT_EQ(convex.prepared().faceCount(), 8u);
}

TEST_F(Octahedron, TrianglesTouchingAVertexAnEdgeOrAFace) {
  // At the vertex (1, 0, 0), the rest beyond x = 1; then one ulp beyond.
  EXPECT_TRUE(meets(Triangle{{1, 0, 0}, {2, 1, 0}, {2, -1, 1}}, convex));
  EXPECT_FALSE(meets(Triangle{{above(1), 0, 0}, {2, 1, 0}, {2, -1, 1}}, convex));
  // At the midpoint of the edge (1, 0, 0)-(0, 1, 0): elsewhere |x| + |y| + |z| = 1 + (s + t) + |s - t| > 1.
  EXPECT_TRUE(meets(Triangle{{0.5, 0.5, 0}, {1, 1, 1}, {1, 1, -1}}, convex));
  EXPECT_FALSE(meets(Triangle{{above(0.5), 0.5, 0}, {1, 1, 1}, {1, 1, -1}}, convex));
  // Slicing through it at z = 0.1, every vertex outside: the octahedron's edges cross the triangle.
  EXPECT_TRUE(meets(Triangle{{-3, -3, 0.1}, {3, -3, 0.1}, {0, 3, 0.1}}, convex));
  EXPECT_FALSE(meets(Triangle{{-3, -3, 1.5}, {3, -3, 1.5}, {0, 3, 1.5}}, convex));
  // Touching the face x + y + z = 1 at (1/4, 1/4, 1/2) only: elsewhere x + y + z = 1 + 2 s + 2.5 t, all positive.
  EXPECT_TRUE(meets(Triangle{{0.25, 0.25, 0.5}, {1, 1, 1}, {1, 0.5, 2}}, convex));
  EXPECT_FALSE(meets(Triangle{{0.25, 0.25, above(0.5)}, {1, 1, 1}, {1, 0.5, 2}}, convex));
}

TEST_F(Octahedron, CoplanarInsideAndApart) {
  // In the plane x + y + z = 1: overlapping the face; beside it, outside the octahedron; sharing only its corner.
  EXPECT_TRUE(meets(Triangle{{0.5, 0.5, 0}, {1, 1, -1}, {0.5, 0, 0.5}}, convex));
  EXPECT_FALSE(meets(Triangle{{1, 1, -1}, {2, 1, -2}, {1, 2, -2}}, convex));
  EXPECT_TRUE(meets(Triangle{{1, 0, 0}, {2, 1, -2}, {2, -1, 0}}, convex));
  EXPECT_FALSE(meets(Triangle{{above(1), 0, 0}, {2, 1, -2}, {2, -1, 0}}, convex));
  // Wholly inside: only containment sees it.
  EXPECT_TRUE(meets(Triangle{{0.1, 0, 0}, {0, 0.1, 0}, {0, 0, 0.1}}, convex));
  EXPECT_TRUE(meets(Point{{0, 0, 0}}, convex));
  EXPECT_TRUE(meets(Point{{0.5, 0.25, 0.25}}, convex));  // on a face
  EXPECT_FALSE(meets(Point{{0.5, 0.25, above(0.25)}}, convex));
}

TEST_F(Octahedron, CastersFromInsideThroughAndPast) {
  EXPECT_TRUE(meets(Segment{{0, 0, 0}, {0.1, 0, 0}}, convex));      // inside
  EXPECT_TRUE(meets(Segment{{0, 0, 0}, {0, 0, 0}}, convex));        // a point inside
  EXPECT_TRUE(meets(Segment{{2, 0, 0}, {1, 0, 0}}, convex));        // ending at a vertex
  EXPECT_FALSE(meets(Segment{{2, 0, 0}, {above(1), 0, 0}}, convex));
  EXPECT_TRUE(meets(Ray{{2, 0, 0}, {-1, 0, 0}}, convex));
  EXPECT_FALSE(meets(Ray{{2, 0, 0}, {1, 0, 0}}, convex));
  EXPECT_TRUE(meets(Ray{{0, 0, 0}, {1, 1, 1}}, convex));            // from inside
  EXPECT_TRUE(meets(Line{{2, 0, 0}, {1, 0, 0}}, convex));           // behind the start, for a line
  // Along the edge's line (1, 0, 0)-(0, 1, 0), grazing; one ulp outside.
  EXPECT_TRUE(meets(Ray{{2, -1, 0}, {-1, 1, 0}}, convex));
  EXPECT_FALSE(meets(Ray{{2, -1, 0x1p-100}, {-1, 1, 0}}, convex));
}

TEST_F(Octahedron, PlanesThroughAVertexOrAFace) {
  EXPECT_EQ(classified(Plane{{1, 0, 0}, -1}, convex, 0), Side::Intersecting);     // x = 1: the vertex
  EXPECT_EQ(classified(Plane{{1, 0, 0}, -above(1)}, convex, 0), Side::Back);
  EXPECT_EQ(classified(Plane{{-1, -1, -1}, 1}, convex, 0), Side::Intersecting);   // x + y + z = 1: a face
  EXPECT_EQ(classified(Plane{{1, 1, 1}, -above(1)}, convex, 0), Side::Back);
  EXPECT_EQ(classified(Plane{{1, 1, 1}, 3}, convex, 0), Side::Front);
  EXPECT_EQ(classified(Plane{{0, 0, 2}, -4}, convex, 0.999), Side::Back);           // z = 2, slab 0.999
  EXPECT_EQ(classified(Plane{{0, 0, 2}, -4}, convex, 1), Side::Intersecting);
}

// ---- lower dimensions ----

TEST(ConvexKernels, FlatSegmentAndPointHulls) {
  testing::HullRing hulls;
  // The unit square in z = 0 (two faces, as drawn), a segment on the x axis, a point.
  const Convex square = hulls.make({{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0.5, 0.5, 0}});
  const Convex segment = hulls.make({{0, 0, 0}, {2, 0, 0}, {1, 0, 0}});
  const Convex point = hulls.make({{1, 1, 1}, {1, 1, 1}});
  ASSERT_EQ(square.prepared().dimension, 2);
  ASSERT_EQ(square.prepared().faceCount(), 2u);
  ASSERT_EQ(segment.prepared().dimension, 1);
  ASSERT_EQ(point.prepared().dimension, 0);
  // The square: pierced, touched at a corner, coplanar overlap, just beside.
  EXPECT_TRUE(meets(Triangle{{0.5, 0.5, -1}, {0.5, 0.5, 1}, {3, 3, 0.5}}, square));
  EXPECT_TRUE(meets(Triangle{{1, 1, 0}, {2, 1, 0}, {1, 2, 0}}, square));
  EXPECT_FALSE(meets(Triangle{{above(1), 1, 0}, {2, 1, 0}, {1, 2, 0}}, square));
  EXPECT_TRUE(meets(Triangle{{0.5, 0.5, 0}, {3, 0.5, 0}, {0.5, 3, 0}}, square));
  EXPECT_FALSE(meets(Triangle{{0, 0, 0x1p-100}, {1, 0, 1}, {0, 1, 1}}, square));
  EXPECT_TRUE(meets(Point{{0.25, 1, 0}}, square));
  EXPECT_FALSE(meets(Point{{0.25, above(1), 0}}, square));
  EXPECT_TRUE(meets(Line{{0.5, 0.5, 7}, {0, 0, 1}}, square));
  EXPECT_EQ(classified(Plane{{0, 0, 1}, 0}, square, 0), Side::Intersecting);
  EXPECT_EQ(classified(Plane{{0, 0, 1}, 0x1p-60}, square, 0), Side::Front);
  // The segment: crossed, touched at its end, missed by an ulp.
  EXPECT_TRUE(meets(Triangle{{1, -1, -1}, {1, 1, -1}, {1, 0, 1}}, segment));
  EXPECT_TRUE(meets(Triangle{{2, 0, 0}, {3, 1, 0}, {3, -1, 0}}, segment));
  EXPECT_FALSE(meets(Triangle{{above(2), 0, 0}, {3, 1, 0}, {3, -1, 0}}, segment));
  EXPECT_TRUE(meets(Segment{{1, -1, 0}, {1, 1, 0}}, segment));
  EXPECT_TRUE(meets(Point{{1.5, 0, 0}}, segment));
  EXPECT_FALSE(meets(Point{{1.5, 0x1p-100, 0}}, segment));
  // The point.
  EXPECT_TRUE(meets(Triangle{{0, 0, 0}, {2, 2, 2}, {0, 2, 0}}, point));  // (1, 1, 1) on the edge from 0 to (2, 2, 2)
  EXPECT_FALSE(meets(Triangle{{0, 0, 0}, {2, 2, above(2)}, {0, 2, 0}}, point));
  EXPECT_TRUE(meets(Point{{1, 1, 1}}, point));
  EXPECT_TRUE(meets(Ray{{0, 0, 0}, {1, 1, 1}}, point));
  EXPECT_FALSE(meets(Ray{{0, 0, 0}, {1, 1, above(1)}}, point));
  EXPECT_EQ(classified(Plane{{1, 0, 0}, -1}, point, 0), Side::Intersecting);
  EXPECT_EQ(classified(Plane{{1, 0, 0}, -1}, point, 0.5), Side::Intersecting);
  EXPECT_EQ(classified(Plane{{1, 0, 0}, 0}, point, 0.5), Side::Front);
}

// The mesh's tree prunes by the round hull: the hull's exact bounds.
TEST(ConvexKernels, RoundHullIsTheBounds) {
  testing::HullRing hulls;
  const Convex c = hulls.make({{1, -2, 3}, {-4, 5, 0.5}, {0, 0, -6}, {2, 2, 2}});
  const RoundHull r = roundHull(c);
  ASSERT_EQ(r.count, 2);
  EXPECT_EQ(r.radius, 0);
  EXPECT_EQ(r.points[0], (Vec3{-4, -2, -6}));
  EXPECT_EQ(r.points[1], (Vec3{2, 5, 3}));
}

}  // namespace
}  // namespace c3d
