// TriangleMesh against brute force: the same queries answered triangle by triangle with the single queries (raycast,
// intersects, closest point), on random triangle soups and on integer height-field grids whose casters run through
// shared edges and vertices; the BVH's invariants; refit after vertices move.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <optional>
#include <vector>

#include "collide3d/mesh/triangle_mesh.h"
#include "mesh_data.h"
#include "test_support.h"

namespace c3d {
namespace {

using testing::MeshData;
using testing::Random;
using testing::build;
using testing::grid;
using testing::soup;

// Brute force's answers, by the mesh's documented rules.
std::vector<MeshHit> allHits(const MeshData& data, const Caster& caster, const RaycastOptions& options) {
  std::vector<MeshHit> hits;
  for (size_t t = 0; t < data.triangles(); ++t) {
    if (const auto hit = raycast(caster, data.triangle(t), options)) hits.push_back({*hit, uint32_t(t)});
  }
  std::stable_sort(hits.begin(), hits.end(), [](const MeshHit& p, const MeshHit& q) { return p.hit.t < q.hit.t; });
  return hits;
}

// Bit for bit: both sides compute the same numbers the same way (a NaN point, from a segment whose end minus start
// overflows, included).
bool sameBits(Vec3 a, Vec3 b) { return std::memcmp(&a, &b, sizeof(Vec3)) == 0; }

void expectSameHit(const MeshHit& actual, const MeshHit& expected) {
  EXPECT_EQ(actual.triangle, expected.triangle);
  EXPECT_EQ(actual.hit.t, expected.hit.t);
  EXPECT_TRUE(sameBits(actual.hit.point, expected.hit.point));
  EXPECT_TRUE(sameBits(actual.hit.normal, expected.hit.normal));
  EXPECT_EQ(actual.hit.u, expected.hit.u);
  EXPECT_EQ(actual.hit.v, expected.hit.v);
  EXPECT_EQ(actual.hit.frontFace, expected.hit.frontFace);
}

struct Tally {
  int hits = 0, misses = 0;
};

// Every hit mode of the mesh against brute force, for one caster and options.
void expectRaycastsAgree(const TriangleMesh& mesh, const MeshData& data, const Caster& caster,
                         const RaycastOptions& options, Tally& tally) {
  const std::vector<MeshHit> expected = allHits(data, caster, options);
  const auto first = mesh.raycast(caster, options, HitMode::First);
  const auto any = mesh.raycast(caster, options, HitMode::Any);
  std::vector<MeshHit> all;
  ASSERT_TRUE(mesh.raycastAll(caster, options, all));
  ASSERT_EQ(first.has_value(), !expected.empty());
  ASSERT_EQ(any.has_value(), !expected.empty());
  ASSERT_EQ(all.size(), expected.size());
  for (size_t k = 0; k < all.size(); ++k) expectSameHit(all[k], expected[k]);
  if (expected.empty()) {
    ++tally.misses;
    return;
  }
  ++tally.hits;
  expectSameHit(*first, expected[0]);
  const auto same = std::find_if(expected.begin(), expected.end(), [&](const MeshHit& h) { return h.triangle == any->triangle; });
  ASSERT_NE(same, expected.end());
  expectSameHit(*any, *same);
}

Caster randomCaster(Random& random, Vec3 origin, Vec3 towards) {
  switch (random.integer(0, 2)) {
    case 0: return toCaster(Ray{origin, towards - origin});
    case 1: return toCaster(Line{origin, towards - origin});
    default: return toCaster(Segment{origin, origin + (towards - origin) * random.uniform(0.3, 1.5)});
  }
}

RaycastOptions randomOptions(Random& random) {
  RaycastOptions options;
  if (random.integer(0, 2) == 0) options.maxDistance = random.uniform(-0.5, 2);
  options.backfaceCulling = random.integer(0, 3) == 0;
  return options;
}

TEST(TriangleMesh, RaycastsOfARandomSoupMatchBruteForce) {
  Random random(501);
  const MeshData data = soup(random, 3000);
  const auto mesh = build(data);
  Tally tally;
  for (int i = 0; i < testing::cases(3000); ++i) {
    const Vec3 origin = random.vector(-15, 15), towards = random.vector(-10, 10);
    expectRaycastsAgree(*mesh, data, randomCaster(random, origin, towards), randomOptions(random), tally);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(tally.hits, testing::cases(1000));
  EXPECT_GT(tally.misses, testing::cases(300));
}

TEST(TriangleMesh, CastersThroughSharedEdgesAndVerticesMatchBruteForce) {
  Random random(502);
  const MeshData data = grid(random, 24);
  const auto mesh = build(data);
  Tally tally;
  for (int i = 0; i < testing::cases(4000); ++i) {
    // Aimed at a vertex, the middle of an edge (half-integers are exact), or a random point; some casters lie in a
    // triangle's plane (horizontal, at an integer height).
    const int kind = random.integer(0, 3);
    Vec3 target{double(random.integer(0, 24)), double(random.integer(0, 24)), 0};
    if (kind == 1) target.x += 0.5;
    if (kind == 2) target.x += 0.5, target.y += 0.5;
    if (kind == 3) target = {random.uniform(0, 24), random.uniform(0, 24), 0};
    target.z = double(random.integer(-2, 2));  // the grid's heights
    const Vec3 origin = random.integer(0, 4) == 0 ? Vec3{double(random.integer(-3, 27)), double(random.integer(-3, 27)), target.z}
                                                   : random.integerVector(-3, 27) + Vec3{0, 0, 5};
    if (origin == target) continue;
    expectRaycastsAgree(*mesh, data, randomCaster(random, origin, target), randomOptions(random), tally);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(tally.hits, testing::cases(1000));
  EXPECT_GT(tally.misses, testing::cases(300));
}

TEST(TriangleMesh, ClosestPointMatchesBruteForce) {
  Random random(503);
  for (const MeshData& data : {soup(random, 2000), grid(random, 20)}) {
    const auto mesh = build(data);
    for (int i = 0; i < testing::cases(2000); ++i) {
      const Vec3 p = random.integer(0, 3) == 0 ? random.integerVector(-2, 22) : random.vector(-15, 25);
      double best = kInfinity;
      uint32_t bestTriangle = 0;
      Vec3 bestPoint;
      for (size_t t = 0; t < data.triangles(); ++t) {
        const Vec3 q = closestPointOn(data.triangle(t), p);
        if (lengthSquared(q - p) < best) best = lengthSquared(q - p), bestTriangle = uint32_t(t), bestPoint = q;
      }
      const auto found = mesh->closestPoint(p);
      ASSERT_TRUE(found.has_value());
      EXPECT_EQ(found->triangle, bestTriangle);
      EXPECT_EQ(found->point, bestPoint);
      EXPECT_EQ(found->distance, std::sqrt(best));
    }
  }
}

// Sweeps of every moving type over a soup and over a height field (whose shared edges and vertices make exact ties
// between triangles): the first contact of the loop over all triangles, by the same table entry.
TEST(TriangleMesh, SweepsMatchBruteForce) {
  Random random(505);
  for (const MeshData& data : {soup(random, 1500), grid(random, 16)}) {
    const auto mesh = build(data);
    int hits = 0;
    for (int i = 0; i < testing::cases(600); ++i) {
      const Vec3 at = random.vector(-4, 18) + Vec3{0, 0, random.uniform(0, 4)};
      const double r = random.uniform(0.05, 1.5);
      ShapeType type;
      testing::Buffer shape{};
      switch (random.integer(0, 5)) {
        case 0: type = ShapeType::Point, shape = encodedBuffer(Point{at}); break;
        case 1: type = ShapeType::Segment, shape = encodedBuffer(Segment{at, at + random.vector(-1, 1)}); break;
        case 2: type = ShapeType::Sphere, shape = encodedBuffer(Sphere{at, r}); break;
        case 3: type = ShapeType::Capsule, shape = encodedBuffer(Capsule{at, at + random.vector(-1, 1), r}); break;
        case 4: type = ShapeType::Aabb, shape = encodedBuffer(Aabb{at, at + random.vector(0, 1.5)}); break;
        default: type = ShapeType::Obb, shape = encodedBuffer(Obb{at, random.vector(0.05, 1), random.rotation()}); break;
      }
      // Mostly downwards onto the field, some anywhere; integer moves make exact ties on the grid.
      const Vec3 velocity = random.integer(0, 2) == 0 ? random.vector(-12, 12)
                                                       : Vec3{double(random.integer(-3, 3)), double(random.integer(-3, 3)), -8};
      std::optional<MeshSweepHit> expected;
      const SweepFn fn = sweepTable().at(type, ShapeType::Triangle);
      for (size_t t = 0; t < data.triangles(); ++t) {
        const auto hit = fn(shape.data(), velocity, encodedBuffer(data.triangle(t)).data());
        if (hit && (!expected || hit->t < expected->hit.t)) expected = MeshSweepHit{*hit, uint32_t(t)};
      }
      const auto found = mesh->sweep(type, shape.data(), velocity);
      ASSERT_EQ(found.has_value(), expected.has_value()) << "case " << i;
      if (!found) continue;
      ++hits;
      EXPECT_EQ(found->triangle, expected->triangle) << "case " << i;
      EXPECT_EQ(found->hit.t, expected->hit.t) << "case " << i;
      EXPECT_EQ(found->hit.point, expected->hit.point) << "case " << i;
      EXPECT_EQ(found->hit.normal, expected->hit.normal) << "case " << i;
    }
    EXPECT_GT(hits, testing::cases(600) / 6);
  }
}

TEST(TriangleMesh, IntersectsMatchesBruteForce) {
  Random random(504);
  const MeshData data = grid(random, 16);
  const auto mesh = build(data);
  int met = 0, apart = 0;
  for (int i = 0; i < testing::cases(3000); ++i) {
    // Integer planes, triangles, segments, boxes and spheres: many touch the grid exactly at a vertex or along an
    // edge. Triangles with coordinates no float holds too (their bounds are rounded outwards), rotated boxes,
    // capsules, cylinders and ellipsoids (flat ones too).
    const int kind = random.integer(0, 11);
    testing::Buffer shape{};
    ShapeType type = ShapeType::Plane;
    if (kind == 0) {
      const Vec3 n = random.integerVector(-2, 2);
      if (isZero(n)) continue;
      shape = encodedBuffer(Plane{n, double(random.integer(-30, 30))});
    } else if (kind == 1) {
      type = ShapeType::Triangle;
      const Vec3 c = random.integerVector(0, 16);
      shape = encodedBuffer(Triangle{c + random.integerVector(-3, 3), c + random.integerVector(-3, 3), c + random.integerVector(-3, 3)});
    } else if (kind == 2) {
      type = ShapeType::Triangle;
      const Vec3 c = random.vector(0, 16);
      shape = encodedBuffer(Triangle{c + random.vector(-2, 2), c + random.vector(-2, 2), c + random.vector(-2, 2)});
    } else if (kind == 3) {
      type = ShapeType::Segment;
      const Vec3 c = random.integerVector(0, 16);
      shape = encodedBuffer(Segment{c + random.integerVector(-3, 3), c + random.integerVector(-3, 3)});
    } else if (kind == 4) {
      type = ShapeType::Aabb;
      const Vec3 lo = random.integerVector(0, 16) - Vec3{0, 0, 3};
      shape = encodedBuffer(Aabb{lo, lo + random.integerVector(0, 2)});
    } else if (kind == 6) {  // spheres and capsules touching the grid's integer points, or crossing it
      type = ShapeType::Sphere;
      shape = encodedBuffer(Sphere{random.integerVector(0, 16) + Vec3{0, 0, 2}, double(random.integer(0, 4))});
    } else if (kind == 8) {  // grid points and points off the grid
      type = ShapeType::Point;
      const Vec3 at = random.integer(0, 1) ? random.integerVector(0, 16) : random.vector(0, 16);
      shape = encodedBuffer(Point{{at.x, at.y, double(random.integer(-2, 2))}});
    } else if (kind == 9) {  // a box-shaped frustum: six inward integer planes
      type = ShapeType::Frustum;
      const Vec3 lo = random.integerVector(0, 14) - Vec3{0, 0, 3}, hi = lo + random.integerVector(0, 3);
      Frustum f;
      const Vec3 axes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
      for (int k = 0; k < 3; ++k) {
        f.planes[2 * k] = {axes[k], -component(lo, k)};
        f.planes[2 * k + 1] = {axes[k] * -1.0, component(hi, k)};
      }
      shape = encodedBuffer(f);
    } else if (kind == 10) {
      type = ShapeType::Cylinder;
      const Vec3 c = random.integerVector(0, 16) + Vec3{0, 0, 2}, axis = random.integerVector(-3, 3);
      const double radius = random.integer(0, 1) ? double(random.integer(0, 2)) : random.uniform(0, 2);
      shape = encodedBuffer(Cylinder{c, c + (isZero(axis) ? Vec3{1, 0, 0} : axis), radius});
    } else if (kind == 11) {
      type = ShapeType::Ellipsoid;
      const Mat3 rotation = random.integer(0, 1) ? random.signedPermutation() : random.rotation();
      shape = encodedBuffer(Ellipsoid{random.integerVector(0, 16) + Vec3{0, 0, 1}, random.integerVector(0, 3), rotation});
    } else if (kind == 7) {
      type = ShapeType::Capsule;
      const Vec3 c = random.integerVector(0, 16) + Vec3{0, 0, 2};
      shape = encodedBuffer(Capsule{c, c + random.integerVector(-3, 3), random.uniform(0, 2)});
    } else {
      type = ShapeType::Obb;
      const Mat3 rotation = random.integer(0, 1) ? random.signedPermutation() : random.rotation();
      shape = encodedBuffer(Obb{random.integerVector(0, 16) - Vec3{0, 0, 2}, random.integerVector(0, 2) * 0.5, rotation});
    }
    bool expected = false;
    const IntersectsFn withTriangle = intersectsTable().at(ShapeType::Triangle, type);
    for (size_t t = 0; t < data.triangles() && !expected; ++t) {
      expected = withTriangle(encodedBuffer(data.triangle(t)).data(), shape.data());
    }
    EXPECT_EQ(mesh->intersects(type, shape.data()), expected);
    (expected ? met : apart) += 1;
  }
  // Twelve kinds of shape, some rarely meeting (points off the grid): each answer is common enough to be tested.
  EXPECT_GT(met, testing::cases(3000) / 12);
  EXPECT_GT(apart, testing::cases(3000) / 12);
}

TEST(TriangleMesh, RoundedShapesAgainstLongTrianglesMatchBruteForce) {
  // A rounded closest point on a triangle errs relative to the triangle's coordinates, so it can leave the
  // triangle's own box when a vertex is far away: a small sphere, capsule, cylinder or ellipsoid near the other
  // vertices must still find
  // the triangle the table's test finds (a review found a tiny sphere missed next to a 2^20-long sliver). Each case
  // is a mesh of one such triangle, so that its box is the only one.
  Random random(506);
  int met = 0;
  for (int i = 0; i < testing::cases(3000); ++i) {
    const double tiny = std::ldexp(1.0, random.integer(-70, -40)), far = std::ldexp(1.0, random.integer(10, 40));
    const Vec3 a = i == 0 ? Vec3{1, 0x1p20, 0} : Vec3{random.uniform(0, 1), far, random.uniform(-1, 1)};
    const Vec3 b = i == 0 ? Vec3{0x1p-60, 0, 0} : random.vector(0, 1) * tiny;
    const Vec3 c = i == 0 ? Vec3{1, 0x1p20, -1} : Vec3{random.uniform(0, 1), far, random.uniform(-1, 1)};
    MeshData data;
    for (const Vec3 v : {a, b, c}) data.positions.insert(data.positions.end(), {float(v.x), float(v.y), float(v.z)});
    const auto mesh = build(data);
    // Near b, within a few of its sizes, sometimes just beyond it towards the origin.
    const double scale = tiny * std::ldexp(1.0, random.integer(-20, 2));
    const Vec3 centre = i == 0 ? Vec3{0, 0x1p-79, 0} : data.triangle(0).b + random.vector(-2, 1) * scale;
    const double radius = i == 0 ? 0x1p-79 : random.uniform(0, 2) * scale;
    const testing::Buffer sphere = encodedBuffer(Sphere{centre, radius});
    const testing::Buffer capsule = encodedBuffer(Capsule{centre, centre + random.vector(-1, 1) * scale * (i % 2), radius});
    const testing::Buffer triangle = encodedBuffer(data.triangle(0));
    const Vec3 axisEnd = centre + random.vector(0.5, 1) * scale;  // may round to the centre: then a valid axis
    const testing::Buffer cylinder = encodedBuffer(Cylinder{centre, axisEnd == centre ? centre + Vec3{0, 0, 1} : axisEnd, radius});
    const testing::Buffer ellipsoid = encodedBuffer(Ellipsoid{centre, abs(random.vector(0, 2)) * scale, random.rotation()});
    const std::pair<ShapeType, const testing::Buffer*> shapes[] = {{ShapeType::Sphere, &sphere},
                                                                   {ShapeType::Capsule, &capsule},
                                                                   {ShapeType::Cylinder, &cylinder},
                                                                   {ShapeType::Ellipsoid, &ellipsoid}};
    for (const auto& [type, shape] : shapes) {
      const bool meets = intersectsTable().at(ShapeType::Triangle, type)(triangle.data(), shape->data());
      ASSERT_EQ(mesh->intersects(type, shape->data()), meets) << i << " " << int(type);
      met += meets;
    }
  }
  EXPECT_GT(met, testing::cases(600));
}

// Every node's box holds its children's (or its triangles'), and every triangle is in exactly one leaf.
void expectValidTree(const TriangleMesh& mesh, const MeshData& data) {
  const Bvh& tree = mesh.tree();
  auto expectInside = [](const BvhBox& outer, const BvhBox& inner) {
    for (int k = 0; k < 3; ++k) {
      EXPECT_LE(outer.lo[k], inner.lo[k]);
      EXPECT_GE(outer.hi[k], inner.hi[k]);
    }
  };
  std::vector<int> seen(data.triangles(), 0);
  // Walks the tree from the root: each child's box inside its parent's record of it, children after parents.
  auto visit = [&](auto&& self, BvhChild child, const BvhBox& box, size_t parent) -> void {
    if (!child.leaf()) {
      ASSERT_TRUE(child.first > parent || parent == size_t(-1));
      ASSERT_LT(child.first, tree.nodes.size());
      const BvhNode& node = tree.nodes[child.first];
      int children = 0;
      for (int side = 0; side < kBvhWidth; ++side) {
        if (node.child[side].none()) continue;
        ++children;
        expectInside(box, node.box(side));
        self(self, node.child[side], node.box(side), child.first);
      }
      EXPECT_GE(children, 2);
      return;
    }
    for (uint32_t slot = child.first; slot < child.first + child.count; ++slot) {
      const uint32_t id = mesh.triangleIds()[slot];
      ++seen[id];
      const Triangle t = data.triangle(id);
      BvhBox triangleBox = BvhBox::empty();
      for (Vec3 v : {t.a, t.b, t.c}) {
        const float p[3] = {float(v.x), float(v.y), float(v.z)};
        triangleBox.grow(p);
      }
      expectInside(box, triangleBox);
    }
  };
  if (!tree.empty()) visit(visit, tree.root, tree.box, size_t(-1));
  EXPECT_TRUE(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }));
}

TEST(TriangleMesh, TreeHoldsEveryTriangleOnceInsideItsBoxes) {
  Random random(505);
  for (const MeshData& data : {soup(random, 5000), grid(random, 30)}) {
    const auto mesh = build(data);
    expectValidTree(*mesh, data);
    // At most 16 bytes of nodes per triangle: within the memory budget of a mesh (positions, index, ids, nodes).
    EXPECT_LT(mesh->tree().nodes.size() * sizeof(BvhNode), data.triangles() * 16);
  }
}

TEST(TriangleMesh, RefitFollowsMovedVertices) {
  Random random(506);
  MeshData data = grid(random, 20);
  const auto mesh = build(data);
  for (int round = 0; round < 3; ++round) {
    for (size_t k = 0; k < data.positions.size(); ++k) data.positions[k] += float(random.uniform(-0.7, 0.7));
    std::copy(data.positions.begin(), data.positions.end(), mesh->positions());
    mesh->refit();
    expectValidTree(*mesh, data);
    Tally tally;
    for (int i = 0; i < testing::cases(800); ++i) {
      expectRaycastsAgree(*mesh, data, randomCaster(random, random.vector(-3, 23) + Vec3{0, 0, 6}, random.vector(0, 20)),
                          randomOptions(random), tally);
      if (HasFatalFailure()) return;
    }
    EXPECT_GT(tally.hits, testing::cases(50));
  }
}

TEST(TriangleMesh, DegenerateMeshes) {
  Random random(507);
  // No triangles: nothing to hit, no closest point.
  const auto empty = build(MeshData{});
  EXPECT_FALSE(empty->raycast(toCaster(Ray{{0, 0, 0}, {1, 0, 0}}), {}, HitMode::First));
  EXPECT_FALSE(empty->closestPoint({1, 2, 3}));
  // Every triangle the same (one centre for all: no split helps), and zero-area triangles along a line.
  MeshData same;
  for (int t = 0; t < 100; ++t) same.positions.insert(same.positions.end(), {0, 0, 0, 1, 0, 0, 0, 1, 0});
  MeshData line;
  for (int t = 0; t < 100; ++t) line.positions.insert(line.positions.end(), {float(t), 0, 0, float(t + 1), 0, 0, float(t) + 0.5f, 0, 0});
  for (const MeshData& data : {same, line}) {
    const auto mesh = build(data);
    expectValidTree(*mesh, data);
    const double length = data.triangle(data.triangles() - 1).b.x;
    Tally tally;
    for (int i = 0; i < 300; ++i) {
      const Vec3 towards{random.integer(0, 4) * 0.25 * length, random.integer(0, 1) * 0.25, 0};
      expectRaycastsAgree(*mesh, data, randomCaster(random, random.integerVector(-2, 4), towards), randomOptions(random), tally);
      if (HasFatalFailure()) return;
    }
    EXPECT_GT(tally.hits, 20);
  }
}

TEST(TriangleMesh, CastersWhoseDirectionOverflowsOrIsSubnormalMatchBruteForce) {
  // The triangle in x = 0 whose edge passes through (0, 0.5, 0); segments whose end minus start overflows (their
  // rounded direction is infinite), and rays with subnormal direction components (their reciprocals overflow), all
  // through that edge or just inside: the box test must not skip what the triangle test finds (a review found both
  // missed).
  MeshData data;
  data.positions = {0, 0.25f, -1, 0, 0.75f, 1, 0, 0.75f, -1};
  const auto mesh = build(data);
  const Caster casters[] = {toCaster(Segment{{-1e308, 0, 0}, {1e308, 1, 0}}),
                            toCaster(Segment{{-1.5e308, 0.5, 0}, {1.5e308, 0.5, 0}}),
                            toCaster(Ray{{-1e-300, 0.5, 0}, {1e-300, 1e-309, 0}}),
                            toCaster(Ray{{-1, 0.5, 0}, {1, 0, -4e-320}})};
  Tally tally;
  for (const Caster& caster : casters) {
    expectRaycastsAgree(*mesh, data, caster, {}, tally);
    if (HasFatalFailure()) return;
  }
  EXPECT_EQ(tally.hits, 4);
}

TEST(TriangleMesh, VertexNumbersBeyondTheVerticesAreFound) {
  TriangleMesh mesh;
  ASSERT_TRUE(mesh.allocate(3, 2, true));
  const uint32_t corners[6] = {0, 1, 2, 2, 1, 3};
  std::copy(corners, corners + 6, mesh.corners());
  EXPECT_EQ(mesh.firstBadCorner(), 5);
  mesh.corners()[5] = 0;
  EXPECT_EQ(mesh.firstBadCorner(), -1);
}

// ---- contacts() and closestPoints() ------------------------------------------------------------------------------

// A random shape of `type` near the grid (integer: touching its vertices and edges exactly) or among the soup.
testing::Buffer shapeNear(Random& random, ShapeType type, bool integer) {
  const Vec3 at = integer ? random.integerVector(0, 12) + Vec3{0, 0, double(random.integer(-2, 2))} : random.vector(-10, 10);
  const double size = integer ? double(random.integer(0, 3)) : random.uniform(0, 3);
  const Vec3 span = integer ? random.integerVector(-3, 3) : random.vector(-3, 3);
  switch (type) {
    case ShapeType::Point: return encodedBuffer(Point{at});
    case ShapeType::Sphere: return encodedBuffer(Sphere{at, size});
    case ShapeType::Segment: return encodedBuffer(Segment{at, at + span});
    case ShapeType::Capsule: return encodedBuffer(Capsule{at, at + span, size});
    case ShapeType::Aabb: return encodedBuffer(Aabb{at, at + abs(span)});
    default: {
      const Mat3 rotation = integer ? random.signedPermutation() : random.rotation();
      return encodedBuffer(Obb{at, abs(span) * 0.5, rotation});
    }
  }
}

void expectSameContact(const MeshContact& actual, uint32_t triangle, const Contact& expected) {
  EXPECT_EQ(actual.triangle, triangle);
  EXPECT_TRUE(sameBits(actual.contact.normal, expected.normal));
  EXPECT_EQ(actual.contact.depth, expected.depth);
  EXPECT_TRUE(sameBits(actual.contact.pointA, expected.pointA));
  EXPECT_TRUE(sameBits(actual.contact.pointB, expected.pointB));
}

TEST(TriangleMesh, ContactsMatchBruteForce) {
  Random random(508);
  const ShapeType types[] = {ShapeType::Sphere, ShapeType::Capsule, ShapeType::Aabb, ShapeType::Obb};
  for (const bool integer : {true, false}) {
    const MeshData data = integer ? grid(random, 12) : soup(random, 1500);
    const auto mesh = build(data);
    size_t found = 0, empty = 0;
    for (int i = 0; i < testing::cases(800); ++i) {
      const ShapeType type = types[random.integer(0, 3)];
      const testing::Buffer shape = shapeNear(random, type, integer);
      const double minDepth = random.integer(0, 2) == 0 ? random.uniform(0, 1) : 0;
      const ContactFn withTriangle = contactTable().at(ShapeType::Triangle, type);
      std::vector<std::pair<uint32_t, Contact>> expected;
      for (size_t t = 0; t < data.triangles(); ++t) {
        const auto c = withTriangle(encodedBuffer(data.triangle(t)).data(), shape.data());
        if (c && c->depth >= minDepth) expected.push_back({uint32_t(t), *c});
      }
      std::vector<MeshContact> all;
      ASSERT_TRUE(mesh->contacts(type, shape.data(), minDepth, all));
      ASSERT_EQ(all.size(), expected.size());
      for (size_t k = 0; k < all.size(); ++k) expectSameContact(all[k], expected[k].first, expected[k].second);
      found += all.size();
      empty += all.empty();
    }
    EXPECT_GT(found, size_t(testing::cases(800)));  // several triangles per shape, on average
    EXPECT_GT(empty, size_t(testing::cases(800) / 10));
  }
}

TEST(TriangleMesh, ClosestPointsMatchBruteForce) {
  Random random(509);
  const ShapeType types[] = {ShapeType::Point, ShapeType::Sphere, ShapeType::Segment, ShapeType::Capsule,
                             ShapeType::Aabb, ShapeType::Obb};
  for (const bool integer : {true, false}) {
    const MeshData data = integer ? grid(random, 12) : soup(random, 1500);
    const auto mesh = build(data);
    int touching = 0;
    for (int i = 0; i < testing::cases(600); ++i) {
      const ShapeType type = types[random.integer(0, 5)];
      const testing::Buffer shape = shapeNear(random, type, integer);
      const ClosestPointsFn withTriangle = closestPointsTable().at(ShapeType::Triangle, type);
      std::optional<ClosestPoints> best;
      uint32_t bestTriangle = 0;
      for (size_t t = 0; t < data.triangles(); ++t) {
        const ClosestPoints c = withTriangle(encodedBuffer(data.triangle(t)).data(), shape.data());
        if (!best || c.distance < best->distance) best = c, bestTriangle = uint32_t(t);
      }
      const auto found = mesh->closestPoints(type, shape.data());
      ASSERT_TRUE(found.has_value());
      EXPECT_EQ(found->triangle, bestTriangle);
      EXPECT_EQ(found->points.distance, best->distance);
      EXPECT_TRUE(sameBits(found->points.pointA, best->pointA));
      EXPECT_TRUE(sameBits(found->points.pointB, best->pointB));
      touching += best->distance == 0;
    }
    EXPECT_GT(touching, testing::cases(600) / 10);  // ties at distance 0 go to the lowest index
  }
  // A mesh without triangles has no closest points, and no contacts.
  const auto empty = build(MeshData{});
  const testing::Buffer ball = encodedBuffer(Sphere{{0, 0, 0}, 1});
  EXPECT_FALSE(empty->closestPoints(ShapeType::Sphere, ball.data()));
  std::vector<MeshContact> none;
  EXPECT_TRUE(empty->contacts(ShapeType::Sphere, ball.data(), 0, none));
  EXPECT_TRUE(none.empty());
}

}  // namespace
}  // namespace c3d
