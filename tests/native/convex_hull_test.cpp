// The exact convex hull (hull/hull_builder.h) against an exact brute-force hull in GMP rationals on small sets,
// degenerate ones included, and its invariants on large random sets.
//
// The brute force, by definitions only: the dimension is the rank of the points' differences; in 3D a plane through
// three non-collinear points is a facet's plane iff every point lies on one closed side of it, and a point is a
// vertex iff the normals of the facets through it have rank 3 (one facet: inside a face; two: inside an edge); in a
// plane the same with the lines through two points; on a line the vertices are the two ends.
#include <gmpxx.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <vector>

#include "collide3d/hull/hull_builder.h"
#include "collide3d/math/predicates.h"
#include "exact_reference.h"
#include "test_support.h"

namespace c3d {
namespace {

using testing::crossQ;
using testing::dotQ;
using testing::isZeroQ;
using testing::Q3;
using testing::Random;

using Key = std::tuple<double, double, double>;
Key key(Vec3 p) { return {p.x, p.y, p.z}; }

int rank(const std::vector<Q3>& normals) {
  const Q3* first = nullptr;
  const Q3* second = nullptr;
  for (const Q3& n : normals) {
    if (first == nullptr) {
      first = &n;
    } else if (second == nullptr) {
      if (!isZeroQ(crossQ(*first, n))) second = &n;
    } else if (dotQ(crossQ(*first, *second), n) != 0) {
      return 3;
    }
  }
  return second != nullptr ? 2 : first != nullptr ? 1 : 0;
}

struct Reference {
  int dimension = 0;
  std::set<Key> vertices;
  std::set<std::set<Key>> faces;            // each facet's vertices (3D only)
  std::vector<Q3> facetPoint, facetNormal;  // 3D facets (outward normal), or the flat set's plane and edge lines
  Q3 planePoint, planeNormal;               // 2D: the plane
  std::vector<Q3> ends;                     // 1D
};

Reference bruteForce(const std::vector<Vec3>& input) {
  std::vector<Q3> p;
  std::vector<Vec3> distinct;
  std::set<Key> seen;
  for (Vec3 v : input) {
    if (seen.insert(key(v)).second) distinct.push_back(v), p.push_back(testing::q(v));
  }
  const size_t n = p.size();
  Reference ref;
  // Dimension: the rank of the differences from p[0].
  std::vector<Q3> differences;
  for (size_t i = 1; i < n; ++i) differences.push_back(p[i] - p[0]);
  size_t b = 0, c = 0;
  for (size_t i = 1; i < n && b == 0; ++i) b = i;
  for (size_t i = 1; i < n && b != 0 && c == 0; ++i) {
    if (!isZeroQ(crossQ(p[b] - p[0], p[i] - p[0]))) c = i;
  }
  ref.dimension = n == 1 ? 0 : c == 0 ? 1 : 2;
  if (c != 0) {
    const Q3 normal = crossQ(p[b] - p[0], p[c] - p[0]);
    for (size_t i = 0; i < n; ++i) {
      if (dotQ(normal, p[i] - p[0]) != 0) ref.dimension = 3;
    }
    ref.planePoint = p[0];
    ref.planeNormal = normal;
  }
  if (ref.dimension == 0) {
    ref.vertices.insert(key(distinct[0]));
  } else if (ref.dimension == 1) {
    const Q3 direction = p[b] - p[0];
    for (size_t i = 0; i < n; ++i) {
      bool low = true, high = true;
      for (size_t j = 0; j < n; ++j) {
        const mpq_class s = dotQ(direction, p[j] - p[i]);
        low = low && s >= 0;
        high = high && s <= 0;
      }
      if (low || high) ref.vertices.insert(key(distinct[i])), ref.ends.push_back(p[i]);
    }
  } else {
    // Supporting planes (3D) or supporting lines within the plane (2D, as planes containing the plane's normal).
    std::vector<std::vector<Q3>> through(n);
    std::vector<std::vector<size_t>> on;
    const auto consider = [&](const Q3& origin, const Q3& normal) {
      bool below = true, above = true;
      std::vector<size_t> members;
      for (size_t m = 0; m < n; ++m) {
        const mpq_class s = dotQ(normal, p[m] - origin);
        below = below && s <= 0;
        above = above && s >= 0;
        if (s == 0) members.push_back(m);
      }
      if (!below && !above) return;
      const Q3 outward = below ? normal : normal * mpq_class(-1);
      for (size_t m : members) through[m].push_back(outward);
      ref.facetPoint.push_back(origin);
      ref.facetNormal.push_back(outward);
      on.push_back(members);
    };
    for (size_t i = 0; i < n; ++i) {
      for (size_t j = i + 1; j < n; ++j) {
        if (ref.dimension == 2) {
          consider(p[i], crossQ(ref.planeNormal, p[j] - p[i]));
          continue;
        }
        for (size_t k = j + 1; k < n; ++k) {
          const Q3 normal = crossQ(p[j] - p[i], p[k] - p[i]);
          if (!isZeroQ(normal)) consider(p[i], normal);
        }
      }
    }
    std::vector<bool> vertex(n);
    for (size_t m = 0; m < n; ++m) {
      if (ref.dimension == 2) through[m].push_back(ref.planeNormal);
      vertex[m] = rank(through[m]) == 3;
      if (vertex[m]) ref.vertices.insert(key(distinct[m]));
    }
    if (ref.dimension == 3) {
      for (const std::vector<size_t>& members : on) {
        std::set<Key> face;
        for (size_t m : members) {
          if (vertex[m]) face.insert(key(distinct[m]));
        }
        ref.faces.insert(face);
      }
    }
  }
  return ref;
}

// Whether x lies in the reference hull, in rationals.
bool referenceContains(const Reference& ref, Vec3 point) {
  const Q3 x = testing::q(point);
  switch (ref.dimension) {
    case 0:
      return ref.vertices.count(key(point)) == 1;
    case 1: {
      const Q3 d = ref.ends[1] - ref.ends[0], w = x - ref.ends[0];
      return isZeroQ(crossQ(d, w)) && dotQ(d, w) >= 0 && dotQ(d, w) <= dotQ(d, d);
    }
    case 2:
      if (dotQ(ref.planeNormal, x - ref.planePoint) != 0) return false;
      [[fallthrough]];
    default:
      for (size_t f = 0; f < ref.facetNormal.size(); ++f) {
        if (dotQ(ref.facetNormal[f], x - ref.facetPoint[f]) > 0) return false;
      }
      return true;
  }
}

std::vector<Vec3> faceCorners(const ConvexHull& hull, size_t f) {
  std::vector<Vec3> corners;
  for (uint32_t i = hull.faceStart[f]; i < hull.faceStart[f + 1]; ++i)
    corners.push_back(hull.vertices[hull.faceVertex[i]]);
  return corners;
}

ConvexHull hullOf(const std::vector<Vec3>& points, HullBuilder& builder) {
  ConvexHull hull;
  EXPECT_EQ(builder.build(&points[0].x, points.size(), hull), HullStatus::Ok);
  return hull;
}

// The structure every hull must have, checked exactly, on sets of any size: the vertices are inputs (each the first
// of its equal points), all inputs lie in or on every face, faces are strictly convex polygons in their planes
// meeting edge to edge with no two neighbours coplanar, V - E + F = 2, fans, adjacency and bounds agree.
void expectWellFormed(const ConvexHull& hull, const std::vector<Vec3>& points) {
  std::map<Key, uint32_t> first;
  for (uint32_t i = 0; i < points.size(); ++i) first.emplace(key(points[i]), i);
  ASSERT_EQ(hull.vertices.size(), hull.sourceIndex.size());
  for (size_t v = 0; v < hull.vertices.size(); ++v) {
    ASSERT_EQ(hull.sourceIndex[v], first.at(key(hull.vertices[v])));
    EXPECT_TRUE(v == 0 || hull.sourceIndex[v - 1] < hull.sourceIndex[v]);
  }
  Aabb box{points[0], points[0]};
  for (Vec3 p : points) box = {componentMin(box.min, p), componentMax(box.max, p)};
  EXPECT_EQ(hull.bounds.min, box.min);
  EXPECT_EQ(hull.bounds.max, box.max);
  ASSERT_EQ(hull.adjacencyStart.size(), hull.vertices.size() + 1);
  const size_t V = hull.vertices.size(), F = hull.faceCount();
  if (hull.dimension < 2) {
    EXPECT_EQ(F, 0u);
    EXPECT_EQ(V, size_t(hull.dimension + 1));
    EXPECT_EQ(hull.adjacency.size(), hull.dimension == 1 ? 2u : 0u);
    return;
  }
  ASSERT_EQ(hull.planes.size(), F);
  std::map<std::pair<uint32_t, uint32_t>, size_t> edgeFace;
  std::vector<bool> used(V);
  size_t triangles = 0;
  for (size_t f = 0; f < F; ++f) {
    const std::vector<Vec3> c = faceCorners(hull, f);
    const size_t k = c.size();
    ASSERT_GE(k, 3u);
    triangles += k - 2;
    const int axis = projectionAxis(c[0], c[1], c[2]);
    const int winding = normalSign(c[0], c[1], c[2], axis);
    ASSERT_NE(winding, 0);
    for (size_t i = 0; i < k; ++i) {
      EXPECT_EQ(orient3d(c[0], c[1], c[2], c[i]), 0) << "face " << f << " is not flat";
      // Strictly convex and simple: every other corner strictly left of each edge.
      for (size_t j = 0; j < k; ++j) {
        if (j != i && j != (i + 1) % k) {
          EXPECT_EQ(normalSign(c[i], c[(i + 1) % k], c[j], axis), winding) << "face " << f << " corner " << j;
        }
      }
      const uint32_t a = hull.faceVertex[hull.faceStart[f] + i], b = hull.faceVertex[hull.faceStart[f] + (i + 1) % k];
      used[a] = true;
      EXPECT_TRUE(edgeFace.emplace(std::make_pair(a, b), f).second) << "edge twice in one direction";
      // The fan.
      if (i + 2 < k) {
        const size_t t = hull.faceStart[f] - 2 * f + i;
        EXPECT_EQ(hull.triangles[3 * t], hull.faceVertex[hull.faceStart[f]]);
        EXPECT_EQ(hull.triangles[3 * t + 1], hull.faceVertex[hull.faceStart[f] + i + 1]);
        EXPECT_EQ(hull.triangles[3 * t + 2], hull.faceVertex[hull.faceStart[f] + i + 2]);
      }
    }
    // Outward, and every input on the closed inner side (in a flat hull: on the plane).
    for (Vec3 p : points) ASSERT_LE(orient3d(c[0], c[1], c[2], p), 0) << "a point beyond face " << f;
    // The rounded plane: unit normal along the exact one, through the corners.
    const Plane& plane = hull.planes[f];
    EXPECT_NEAR(length(plane.normal), 1, 1e-12);
    EXPECT_GT(dot(plane.normal, cross(c[1] - c[0], c[2] - c[0])), 0);
    for (Vec3 corner : c) EXPECT_NEAR(scaledDistance(plane, corner), 0, 1e-9 * (1 + length(corner)));
  }
  EXPECT_EQ(hull.triangleCount(), triangles);
  for (size_t v = 0; v < V; ++v) EXPECT_TRUE(used[v]) << "vertex " << v << " on no face";
  // Closed: each edge once each way; its two faces not coplanar.
  for (const auto& [edge, f] : edgeFace) {
    const auto twin = edgeFace.find({edge.second, edge.first});
    ASSERT_NE(twin, edgeFace.end()) << "an edge without its twin";
    const std::vector<Vec3> c = faceCorners(hull, f), d = faceCorners(hull, twin->second);
    bool coplanar = true;
    for (Vec3 corner : d) coplanar = coplanar && orient3d(c[0], c[1], c[2], corner) == 0;
    EXPECT_FALSE(hull.dimension == 3 && coplanar) << "faces " << f << " and " << twin->second << " coplanar";
  }
  const size_t E = edgeFace.size() / 2;
  EXPECT_EQ(V + F, E + 2) << "Euler: V " << V << " E " << E << " F " << F;
  EXPECT_TRUE(hull.dimension == 3 || F == 2);
  // Adjacency: the edges out of each vertex.
  std::vector<std::set<uint32_t>> expected(V);
  for (const auto& entry : edgeFace) expected[entry.first.first].insert(entry.first.second);
  for (uint32_t v = 0; v < V; ++v) {
    const std::set<uint32_t> actual(hull.adjacency.begin() + hull.adjacencyStart[v],
                                    hull.adjacency.begin() + hull.adjacencyStart[v + 1]);
    EXPECT_EQ(actual, expected[v]) << "vertex " << v;
    EXPECT_EQ(actual.size(), hull.adjacencyStart[v + 1] - hull.adjacencyStart[v]);
  }
}

// The hull against the brute force: dimension, vertices, facets (as sets of vertices), containment of the inputs,
// of lattice points around them (many on faces and edges) and of the midpoints of input pairs.
void expectMatchesBruteForce(const std::vector<Vec3>& points, Random& random) {
  HullBuilder builder;
  const ConvexHull hull = hullOf(points, builder);
  const Reference ref = bruteForce(points);
  ASSERT_EQ(hull.dimension, ref.dimension);
  std::set<Key> vertices;
  for (Vec3 v : hull.vertices) vertices.insert(key(v));
  EXPECT_EQ(vertices, ref.vertices);
  if (ref.dimension == 3) {
    std::set<std::set<Key>> faces;
    for (size_t f = 0; f < hull.faceCount(); ++f) {
      std::set<Key> face;
      for (Vec3 c : faceCorners(hull, f)) face.insert(key(c));
      faces.insert(face);
    }
    EXPECT_EQ(faces, ref.faces);
  }
  expectWellFormed(hull, points);
  std::vector<Vec3> queries = points;
  for (int i = 0; i < 60; ++i) {
    const Vec3 a = points[random.integer(0, int(points.size()) - 1)],
               b = points[random.integer(0, int(points.size()) - 1)];
    queries.push_back((a + b) * 0.5);
    queries.push_back(a + (a - b) * 0.25);
    queries.push_back({std::round(a.x + random.uniform(-1.5, 1.5)), std::round(a.y + random.uniform(-1.5, 1.5)),
                       std::round(a.z + random.uniform(-1.5, 1.5))});
  }
  for (Vec3 x : queries) {
    EXPECT_EQ(hull.contains(x), referenceContains(ref, x)) << x.x << " " << x.y << " " << x.z;
  }
}

std::vector<Vec3> repeatedShuffled(std::vector<Vec3> points, int copies, Random& random) {
  std::vector<Vec3> out;
  for (int c = 0; c < copies; ++c) out.insert(out.end(), points.begin(), points.end());
  std::shuffle(out.begin(), out.end(), random.engine());
  return out;
}

TEST(ConvexHull, DegenerateSetsMatchBruteForce) {
  Random random(18);
  // All duplicates.
  expectMatchesBruteForce(std::vector<Vec3>(7, Vec3{1.5, -2, 3}), random);
  expectMatchesBruteForce({{0.25, 0.5, 0.75}}, random);
  // Two distinct points repeated.
  expectMatchesBruteForce(repeatedShuffled({{1, 2, 3}, {-4, 0.5, 2}}, 5, random), random);
  // Collinear, with duplicates.
  std::vector<Vec3> line;
  for (int t = -3; t <= 5; ++t) line.push_back(Vec3{1, 2, -1} + Vec3{2, -1, 3} * double(t));
  expectMatchesBruteForce(repeatedShuffled(line, 2, random), random);
  // A coplanar integer lattice on the tilted plane z = x + y, with duplicates.
  std::vector<Vec3> tilted;
  for (int x = -2; x <= 2; ++x) {
    for (int y = -1; y <= 2; ++y) tilted.push_back({double(x), double(y), double(x + y)});
  }
  expectMatchesBruteForce(repeatedShuffled(tilted, 1, random), random);
  // A triangle's lattice: collinear points on its edges are no vertices.
  std::vector<Vec3> triangle;
  for (int x = 0; x <= 4; ++x) {
    for (int y = 0; x + y <= 4; ++y) triangle.push_back({double(x), 3.0 * y - x, double(2 * y)});
  }
  expectMatchesBruteForce(triangle, random);
  // The 3x3x3 cube lattice: 8 vertices, 6 square faces.
  std::vector<Vec3> cube;
  for (int x = 0; x < 3; ++x) {
    for (int y = 0; y < 3; ++y) {
      for (int z = 0; z < 3; ++z) cube.push_back({double(x), double(y), double(z)});
    }
  }
  std::shuffle(cube.begin(), cube.end(), random.engine());
  expectMatchesBruteForce(cube, random);
  {
    HullBuilder builder;
    const ConvexHull hull = hullOf(cube, builder);
    EXPECT_EQ(hull.vertices.size(), 8u);
    EXPECT_EQ(hull.faceCount(), 6u);
    EXPECT_EQ(hull.triangleCount(), 12u);
  }
  // Cospherical: the integer points at distance 5 from the origin (many on common circles).
  std::vector<Vec3> sphere;
  for (int x = -5; x <= 5; ++x) {
    for (int y = -5; y <= 5; ++y) {
      for (int z = -5; z <= 5; ++z) {
        if (x * x + y * y + z * z == 25 && (x + 2 * y + 3 * z) % 3 == 0)
          sphere.push_back({double(x), double(y), double(z)});
      }
    }
  }
  ASSERT_LE(sphere.size(), 30u);
  expectMatchesBruteForce(sphere, random);
  // An octahedron with points on its edges and faces, and its centre.
  std::vector<Vec3> octahedron = {{2, 0, 0}, {-2, 0, 0}, {0, 2, 0}, {0, -2, 0}, {0, 0, 2},   {0, 0, -2},
                                  {0, 0, 0}, {1, 1, 0},  {1, 0, 1}, {0, -1, 1}, {-1, -1, 0}, {1, 0.5, 0.5}};
  expectMatchesBruteForce(repeatedShuffled(octahedron, 2, random), random);
}

TEST(ConvexHull, NearlyCoplanarAndFarPointsMatchBruteForce) {
  Random random(7);
  for (int trial = 0; trial < testing::cases(12); ++trial) {
    // Points on z = 0.1 x + 0.3 y, each z rounded: off the plane by rounding only.
    std::vector<Vec3> nearly;
    for (int i = 0; i < 20; ++i) {
      const double x = random.uniform(-1, 1), y = random.uniform(-1, 1);
      nearly.push_back({x, y, 0.1 * x + 0.3 * y});
    }
    expectMatchesBruteForce(nearly, random);
    // 1e6 from the origin with 1e-3 detail: a small cluster, a lattice of 1e-3 steps (coplanar and collinear runs).
    std::vector<Vec3> far, lattice;
    const Vec3 offset{1e6, -1e6, 1e6};
    for (int i = 0; i < 20; ++i) far.push_back(offset + random.vector(-1e-3, 1e-3));
    for (int i = 0; i < 24; ++i) lattice.push_back(offset + random.integerVector(-2, 2) * 1e-3);
    expectMatchesBruteForce(far, random);
    expectMatchesBruteForce(lattice, random);
  }
}

TEST(ConvexHull, RandomSmallSetsMatchBruteForce) {
  Random random(3);
  for (int trial = 0; trial < testing::cases(150); ++trial) {
    const int n = random.integer(1, 24);
    std::vector<Vec3> points;
    const int kind = trial % 5;
    for (int i = 0; i < n; ++i) {
      Vec3 p = kind == 0 ? random.vector(-1, 1) : random.integerVector(-2, 2);
      if (kind == 2) p.z = p.x - 2 * p.y + 1;                   // flat
      if (kind == 3) p = Vec3{1, 1, 1} + Vec3{3, -1, 2} * p.x;  // collinear
      points.push_back(p);
    }
    expectMatchesBruteForce(points, random);
  }
}

// Large sets: the invariants, support against a scan of all inputs, contains against the faces in rationals.
void expectLargeHullCorrect(const std::vector<Vec3>& points, Random& random) {
  HullBuilder builder;
  const ConvexHull hull = hullOf(points, builder);
  expectWellFormed(hull, points);
  // Support: no vertex farther along d than the returned one, exactly, from any start (the vertices stand for the
  // inputs: every input lies inside the faces, proven above).
  for (int i = 0; i < 100; ++i) {
    const Vec3 d = i % 10 == 0 ? random.integerVector(-1, 1) : random.vector(-1, 1);
    const uint32_t found = hull.supportIndex(d, uint32_t(random.integer(0, int(hull.vertices.size()) - 1)));
    const Q3 dq = testing::q(d), best = testing::q(hull.vertices[found]);
    for (Vec3 p : hull.vertices) ASSERT_LE(dotQ(dq, testing::q(p) - best), 0) << "support missed a farther vertex";
  }
  // Containment: rationals against the faces (which expectWellFormed proved to bound exactly the inputs' hull).
  std::vector<std::pair<Q3, Q3>> planes;
  for (size_t f = 0; f < hull.faceCount(); ++f) {
    const std::vector<Vec3> c = faceCorners(hull, f);
    planes.push_back(
        {testing::q(c[0]), crossQ(testing::q(c[1]) - testing::q(c[0]), testing::q(c[2]) - testing::q(c[0]))});
  }
  const auto inside = [&](Vec3 x) {
    for (const auto& [origin, normal] : planes) {
      if (dotQ(normal, testing::q(x) - origin) > 0) return false;
    }
    return true;
  };
  for (size_t i = 0; i < points.size(); i += 7) EXPECT_TRUE(hull.contains(points[i]));
  for (int i = 0; i < 300; ++i) {
    const Vec3 v = hull.vertices[random.integer(0, int(hull.vertices.size()) - 1)];
    const Vec3 w = hull.vertices[random.integer(0, int(hull.vertices.size()) - 1)];
    const Vec3 x = i % 3 == 0   ? v + (v - w) * random.uniform(-0.01, 0.01)
                   : i % 3 == 1 ? random.vector(-1.2, 1.2)
                                : random.integerVector(-7, 7);
    EXPECT_EQ(hull.contains(x), inside(x));
  }
}

TEST(ConvexHull, LargeRandomSetsAreWellFormed) {
  Random random(10);
  std::vector<Vec3> ball, sphere, lattice;
  while (ball.size() < 10000) {
    const Vec3 p = random.vector(-1, 1);
    if (lengthSquared(p) <= 1) ball.push_back(p);
  }
  for (int i = 0; i < 2000; ++i) sphere.push_back(unitDirection(random.vector(-1, 1)));
  // Integer points in a ball: many on each facet and edge.
  while (lattice.size() < 10000) {
    const Vec3 p = random.integerVector(-6, 6);
    if (lengthSquared(p) <= 40) lattice.push_back(p);
  }
  expectLargeHullCorrect(ball, random);
  expectLargeHullCorrect(sphere, random);
  expectLargeHullCorrect(lattice, random);
}

TEST(ConvexHull, SupportOnFlatAndSmallHulls) {
  Random random(5);
  // A flat 40-gon (a regular polygon's points rounded: on a plane exactly, z = x + 2y) climbs over plateaus where d
  // is normal to the plane; a segment, a point and a tetrahedron are scanned.
  std::vector<Vec3> flat;
  for (int i = 0; i < 40; ++i) {
    const double x = std::round(1000 * std::cos(0.157 * i)), y = std::round(1000 * std::sin(0.157 * i));
    flat.push_back({x, y, x + 2 * y});
  }
  // Far from the origin with detail below the rounding of dot(d, v): a box's corners (scanned) and a cloud
  // (climbed), where only exact comparisons find the maximum.
  std::vector<Vec3> box, cloud;
  for (int i = 0; i < 8; ++i)
    box.push_back(Vec3{1e8, -1e8, 1e8} + Vec3{double(i & 1), double(i >> 1 & 1), double(i >> 2)} * 1e-7);
  for (int i = 0; i < 300; ++i) cloud.push_back(Vec3{1e8, -1e8, 1e8} + random.vector(-1, 1) * 1e-7);
  const std::vector<std::vector<Vec3>> sets = {
      flat, box, cloud, {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}, {{1, 1, 1}}, {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
  for (const std::vector<Vec3>& points : sets) {
    HullBuilder builder;
    const ConvexHull hull = hullOf(points, builder);
    for (int i = 0; i < 300; ++i) {
      const Vec3 d = i < 10 ? Vec3{-1, -2, 1} * double(i % 3 - 1) : random.vector(-1, 1);
      const uint32_t found = hull.supportIndex(d, uint32_t(random.integer(0, int(hull.vertices.size()) - 1)));
      for (Vec3 p : points) ASSERT_LE(dotQ(testing::q(d), testing::q(p) - testing::q(hull.vertices[found])), 0);
    }
  }
}

TEST(ConvexHull, RejectsWhatItCannotHull) {
  HullBuilder builder;
  ConvexHull hull = hullOf({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, builder);
  EXPECT_EQ(hull.dimension, 3);
  const std::vector<Vec3> bad = {{0, 0, 0}, {1, std::nan(""), 0}};
  EXPECT_EQ(builder.build(&bad[0].x, bad.size(), hull), HullStatus::NotFinite);
  EXPECT_EQ(hull.dimension, -1);
  EXPECT_TRUE(hull.vertices.empty());
  const std::vector<Vec3> infinite = {{0, 0, 0}, {1, 0, kInfinity}};
  EXPECT_EQ(builder.build(&infinite[0].x, infinite.size(), hull), HullStatus::NotFinite);
  EXPECT_EQ(builder.build(nullptr, 0, hull), HullStatus::Empty);
}

// A builder reused across sets of every dimension gives what a fresh one gives.
TEST(ConvexHull, BuilderReuse) {
  Random random(11);
  HullBuilder reused;
  for (int trial = 0; trial < 40; ++trial) {
    std::vector<Vec3> points;
    const int n = random.integer(1, 200);
    for (int i = 0; i < n; ++i)
      points.push_back(trial % 4 == 0 ? Vec3{double(i % 3), 0, 0} : random.integerVector(-3, 3));
    HullBuilder fresh;
    const ConvexHull a = hullOf(points, reused), b = hullOf(points, fresh);
    EXPECT_EQ(a.sourceIndex, b.sourceIndex);
    EXPECT_EQ(a.faceVertex, b.faceVertex);
    EXPECT_EQ(a.faceStart, b.faceStart);
  }
}

}  // namespace
}  // namespace c3d
