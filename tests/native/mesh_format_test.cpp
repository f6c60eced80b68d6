// The serialized TriangleMesh (mesh_format.h): a round trip gives a mesh that answers every query exactly as the
// original, and serializes to the same bytes; each kind of damage to an image is refused, naming its field; a tree
// as deep as the searches allow is read, one level deeper is refused; the build's progress reports.
#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "collide3d/mesh/mesh_format.h"
#include "mesh_data.h"
#include "test_support.h"

namespace c3d {
namespace {

using mesh_format::Read;
using testing::Random;

struct Built {
  std::vector<float> positions;
  std::vector<uint32_t> index;
  std::unique_ptr<TriangleMesh> mesh = std::make_unique<TriangleMesh>();
};

// Random triangles in a cube, indexed over shared vertices.
Built randomMesh(Random& random, size_t vertices, size_t triangles) {
  Built b;
  for (size_t k = 0; k < 3 * vertices; ++k) b.positions.push_back(float(random.uniform(-10, 10)));
  for (size_t k = 0; k < 3 * triangles; ++k) b.index.push_back(uint32_t(random.integer(0, int(vertices) - 1)));
  EXPECT_TRUE(b.mesh->allocate(vertices, triangles, true));
  std::copy(b.positions.begin(), b.positions.end(), b.mesh->positions());
  std::copy(b.index.begin(), b.index.end(), b.mesh->corners());
  EXPECT_TRUE(b.mesh->build());
  return b;
}

std::unique_ptr<TriangleMesh> restored(const std::vector<uint8_t>& image) {
  auto mesh = std::make_unique<TriangleMesh>();
  Problem problem;
  EXPECT_EQ(deserialize(image, *mesh, problem), Read::Done) << problem.field.text << " " << problem.message.text;
  return mesh;
}

// Refused as Invalid, naming `field`.
void expectRefused(const std::vector<uint8_t>& image, const std::string& field) {
  TriangleMesh mesh;
  Problem problem;
  EXPECT_EQ(deserialize(image, mesh, problem), Read::Invalid) << field;
  EXPECT_EQ(std::string(problem.field.text), field) << problem.message.text;
}

// Field by field (a hit's padding bytes are not its value), vectors bit for bit.
bool sameHit(const std::optional<MeshHit>& a, const std::optional<MeshHit>& b) {
  if (a.has_value() != b.has_value()) return false;
  if (!a) return true;
  const RaycastHit &p = a->hit, &q = b->hit;
  return a->triangle == b->triangle && std::memcmp(&p.t, &q.t, sizeof p.t) == 0 &&
         std::memcmp(&p.point, &q.point, sizeof(Vec3)) == 0 && std::memcmp(&p.normal, &q.normal, sizeof(Vec3)) == 0 &&
         p.hasBarycentric == q.hasBarycentric && p.u == q.u && p.v == q.v && p.frontFace == q.frontFace;
}

TEST(MeshFormat, ARoundTripAnswersEveryQueryAsTheOriginal) {
  Random random(1601);
  for (const size_t triangles : {size_t{0}, size_t{1}, size_t{7}, size_t{300}, size_t{5000}}) {
    Built b = randomMesh(random, 50 + triangles / 2, triangles);
    const std::vector<uint8_t> image = serialize(*b.mesh);
    const auto copy = restored(image);
    EXPECT_EQ(serialize(*copy), image);
    EXPECT_EQ(copy->bytes(), b.mesh->bytes());
    for (int q = 0; q < testing::cases(300); ++q) {
      const Vec3 origin = random.vector(-15, 15), towards = random.vector(-10, 10);
      const Caster caster = toCaster(Ray{origin, towards - origin});
      RaycastOptions options;
      options.backfaceCulling = q % 3 == 0;
      EXPECT_TRUE(sameHit(copy->raycast(caster, options, HitMode::First), b.mesh->raycast(caster, options, HitMode::First)));
      std::vector<MeshHit> all, expected;
      ASSERT_TRUE(copy->raycastAll(caster, options, all) && b.mesh->raycastAll(caster, options, expected));
      ASSERT_EQ(all.size(), expected.size());
      for (size_t k = 0; k < all.size(); ++k) EXPECT_TRUE(sameHit(all[k], expected[k]));
      const auto near = copy->closestPoint(origin), nearExpected = b.mesh->closestPoint(origin);
      ASSERT_EQ(near.has_value(), nearExpected.has_value());
      if (near) {
        EXPECT_TRUE(near->triangle == nearExpected->triangle && near->distance == nearExpected->distance);
      }
      const Sphere ball{origin, random.uniform(0, 4)};
      EXPECT_EQ(copy->intersects(ShapeType::Sphere, encodedBuffer(ball).data()),
                b.mesh->intersects(ShapeType::Sphere, encodedBuffer(ball).data()));
    }
  }
}

// Offsets into an image of a mesh with nodes.
struct Image {
  std::vector<uint8_t> bytes;
  mesh_format::Spans spans;

  template <class T>
  void put(uint64_t offset, T value) { std::memcpy(bytes.data() + offset, &value, sizeof value); }
  template <class T>
  T get(uint64_t offset) const {
    T value;
    std::memcpy(&value, bytes.data() + offset, sizeof value);
    return value;
  }
  uint64_t node(size_t n) const { return spans[mesh_format::kNodes].offset + n * sizeof(BvhNode); }
  uint64_t child(size_t n, int side) const { return node(n) + offsetof(BvhNode, child) + side * sizeof(BvhChild); }
  uint64_t bound(size_t n, int k, int side) const { return node(n) + (k * kBvhWidth + side) * sizeof(float); }
  uint64_t word(int w) const { return 4 * uint64_t(w); }
};

Image imageOf(TriangleMesh& mesh) { return {serialize(mesh), MeshImage::spans(mesh)}; }

TEST(MeshFormat, DamageIsRefusedNamingTheField) {
  Random random(1602);
  Built b = randomMesh(random, 300, 400);
  const Image good = imageOf(*b.mesh);
  const size_t nodes = b.mesh->tree().nodes.size();
  ASSERT_GT(nodes, 4u);
  auto damaged = [&](auto&& change) {
    Image image = good;
    change(image);
    return image.bytes;
  };
  using namespace mesh_format;
  expectRefused(damaged([](Image& i) { i.bytes.resize(40); }), "byteLength");
  expectRefused(damaged([](Image& i) { i.bytes.pop_back(); }), "byteLength");
  expectRefused(damaged([](Image& i) { i.bytes.push_back(0); }), "byteLength");
  expectRefused(damaged([](Image& i) { i.put<uint32_t>(i.word(kMagicWord), 0x4d443344); }), "magic");
  expectRefused(damaged([](Image& i) { i.put<uint32_t>(i.word(kVersionWord), 2); }), "version");
  expectRefused(damaged([](Image& i) { i.put<uint32_t>(i.word(15), 1); }), "header");
  // A count that disagrees with the size, even one whose bytes would wrap around 32 bits.
  expectRefused(damaged([](Image& i) { i.put<uint32_t>(i.word(kTriangleCount), 401); }), "byteLength");
  expectRefused(damaged([](Image& i) { i.put<uint32_t>(i.word(kNodeCount), 0x02000000 + uint32_t(i.get<uint32_t>(i.word(kNodeCount)))); }), "byteLength");
  expectRefused(damaged([](Image& i) { i.put<float>(i.spans[kPositions].offset + 4 * 17, NAN); }), "positions[17]");
  expectRefused(damaged([](Image& i) { i.put<float>(i.spans[kPositions].offset, INFINITY); }), "positions[0]");
  expectRefused(damaged([](Image& i) { i.put<uint32_t>(i.spans[kIndex].offset + 4 * 5, 300); }), "index[5]");
  expectRefused(damaged([](Image& i) { i.put<uint32_t>(i.spans[kTriangleIds].offset + 4 * 9, 400); }), "triangleIds[9]");
  expectRefused(damaged([](Image& i) {
    i.put<uint32_t>(i.spans[kTriangleIds].offset + 4 * 9, i.get<uint32_t>(i.spans[kTriangleIds].offset + 4 * 3));
  }), "triangleIds[9]");
  expectRefused(damaged([](Image& i) { i.put<uint32_t>(i.word(kRootFirst), 1); }), "root.first");
  expectRefused(damaged([](Image& i) { i.put<uint32_t>(i.word(kRootCount), 400); }), "nodeCount");
  expectRefused(damaged([](Image& i) { i.put<float>(i.word(kBoxLo), -1000); }), "box");

  const std::vector<BvhNode>& tree = b.mesh->tree().nodes;
  auto field = [](size_t n, const char* what, int side) {
    return "nodes[" + std::to_string(n) + "]." + what + "[" + std::to_string(side) + "]";
  };
  auto setChild = [](Image& i, size_t n, int side, BvhChild c) {
    i.put<uint32_t>(i.child(n, side), c.first);
    i.put<uint32_t>(i.child(n, side) + 4, c.count);
  };
  // Two inner children of the root, and a node after it with two leaves.
  std::vector<int> innerSides;
  for (int side = 0; side < kBvhWidth; ++side) {
    if (!tree[0].child[side].leaf() && !tree[0].child[side].none()) innerSides.push_back(side);
  }
  ASSERT_GE(innerSides.size(), 2u);
  const int s1 = innerSides[0], s2 = innerSides[1];
  const uint32_t c1 = tree[0].child[s1].first;
  size_t leafNode = 0;
  std::vector<int> leafSides;
  for (size_t n = 1; n < nodes && leafSides.size() < 2; ++n) {
    leafSides.clear();
    for (int side = 0; side < kBvhWidth; ++side) {
      if (tree[n].child[side].leaf()) leafSides.push_back(side);
    }
    leafNode = n;
  }
  ASSERT_EQ(leafSides.size(), 2u);
  const int l1 = leafSides[0], l2 = leafSides[1];
  const BvhChild leaf = tree[leafNode].child[l1];
  // An inner child beyond the nodes, one pointing back (a cycle), one node with two parents, a node no one reaches.
  expectRefused(damaged([&](Image& i) { setChild(i, 0, s1, {uint32_t(nodes), 0}); }), field(0, "child", s1));
  expectRefused(damaged([&](Image& i) { setChild(i, nodes - 1, 0, {1, 0}); }), field(nodes - 1, "child", 0));
  expectRefused(damaged([&](Image& i) { setChild(i, 0, s2, {c1, 0}); }), field(0, "child", s2));
  expectRefused(damaged([&](Image& i) {
    setChild(i, 0, s1, {0, 0});
    for (int k = 0; k < 6; ++k) i.put<float>(i.bound(0, k, s1), k < 3 ? INFINITY : -INFINITY);
  }), "nodes[" + std::to_string(c1) + "]");
  // A leaf beyond the slots, a leaf holding another's slots, a slot in no leaf.
  expectRefused(damaged([&](Image& i) { setChild(i, leafNode, l1, {leaf.first, 401 - leaf.first}); }),
                field(leafNode, "child", l1));
  expectRefused(damaged([&](Image& i) { setChild(i, leafNode, l2, leaf); }), field(leafNode, "child", l2));
  if (leaf.count > 1) {
    expectRefused(damaged([&](Image& i) { setChild(i, leafNode, l1, {leaf.first, leaf.count - 1}); }), "nodes");
  }
  // A box a little too small or too large, one with a NaN, a missing child's box not empty.
  expectRefused(damaged([&](Image& i) {
    i.put<float>(i.bound(leafNode, 3, l1), std::nextafter(i.get<float>(i.bound(leafNode, 3, l1)), -INFINITY));
  }), field(leafNode, "bounds", l1));
  expectRefused(damaged([&](Image& i) { i.put<float>(i.bound(leafNode, 0, l1), i.get<float>(i.bound(leafNode, 0, l1)) - 1); }),
                field(leafNode, "bounds", l1));
  expectRefused(damaged([&](Image& i) { i.put<float>(i.bound(0, 1, s1), NAN); }), field(0, "bounds", s1));
  bool missing = false;
  for (size_t n = 0; n < nodes && !missing; ++n) {
    for (int side = 0; side < kBvhWidth && !missing; ++side) {
      missing = tree[n].child[side].none();
      if (missing) expectRefused(damaged([&](Image& i) { i.put<float>(i.bound(n, 2, side), 5); }), field(n, "bounds", side));
    }
  }
  EXPECT_TRUE(missing);
  // The untouched image is read.
  EXPECT_EQ(serialize(*restored(good.bytes)), good.bytes);
}

// A chain of `nodes` inner nodes, node n holding triangle slot n in a leaf and node n + 1 (the last: two leaves).
std::vector<uint8_t> chain(size_t nodes) {
  const size_t triangles = nodes + 1;
  std::vector<float> positions;
  std::vector<uint32_t> index, ids;
  for (size_t t = 0; t < triangles; ++t) {
    const float x = float(t);
    positions.insert(positions.end(), {x, 0, 0, x + 1, 0, 0, x, 1, 0});
    index.insert(index.end(), {uint32_t(3 * t), uint32_t(3 * t + 1), uint32_t(3 * t + 2)});
    ids.push_back(uint32_t(t));
  }
  auto slotBox = [&](size_t t) { return BvhBox{{float(t), 0, 0}, {float(t + 1), 1, 0}}; };
  std::vector<BvhNode> tree(nodes);
  BvhBox below = slotBox(nodes);  // what node n + 1 holds, from the last node up
  for (size_t n = nodes; n-- > 0;) {
    tree[n].child[0] = {uint32_t(n), 1};
    tree[n].setBox(0, slotBox(n));
    tree[n].child[1] = n + 1 == nodes ? BvhChild{uint32_t(n + 1), 1} : BvhChild{uint32_t(n + 1), 0};
    tree[n].setBox(1, below);
    below.grow(slotBox(n));
  }
  return testing::meshImage(positions, index, ids, tree, below);
}

TEST(MeshFormat, ATreeAsDeepAsTheSearchesAllowIsReadAndOneLevelDeeperRefused) {
  const size_t deepest = bvh::kMaxDepth + 1;  // nodes at depths 0 to kMaxDepth
  const auto mesh = restored(chain(deepest));
  // Rays onto the first triangle and the last, which the search reaches at the deepest node.
  std::vector<MeshHit> all;
  ASSERT_TRUE(mesh->raycastAll(toCaster(Ray{{0.5, 0.25, 1}, {0, 0, -1}}), RaycastOptions{}, all));
  EXPECT_EQ(all.size(), 1u);
  const auto last = mesh->raycast(toCaster(Ray{{deepest + 0.25, 0.25, 1}, {0, 0, -1}}), RaycastOptions{}, HitMode::First);
  ASSERT_TRUE(last.has_value());
  EXPECT_EQ(last->triangle, deepest);
  expectRefused(chain(deepest + 1), "nodes[" + std::to_string(deepest - 1) + "].child[1]");
}

TEST(MeshFormat, TheBuildReportsItsProgressAndCanBeStopped) {
  Random random(1603);
  Built b = randomMesh(random, 3000, 20000);
  struct Log {
    std::vector<double> fractions;
    size_t stopAt = ~size_t{0};
  } log;
  BuildProgress progress{[](void* context, double fraction) {
                           auto& l = *static_cast<Log*>(context);
                           l.fractions.push_back(fraction);
                           return l.fractions.size() < l.stopAt;
                         },
                         &log};
  TriangleMesh mesh;
  ASSERT_TRUE(mesh.allocate(3000, 20000, true));
  std::copy(b.positions.begin(), b.positions.end(), mesh.positions());
  std::copy(b.index.begin(), b.index.end(), mesh.corners());
  ASSERT_TRUE(mesh.build(progress));
  ASSERT_GE(log.fractions.size(), 8u);
  EXPECT_LE(log.fractions.size(), size_t{kProgressSteps} + 1);
  EXPECT_TRUE(std::is_sorted(log.fractions.begin(), log.fractions.end()));
  EXPECT_GT(log.fractions.front(), 0);
  EXPECT_EQ(log.fractions.back(), 1);
  // The same tree as without reports.
  EXPECT_EQ(serialize(mesh), serialize(*b.mesh));
  // Stopped at the third report: nothing built, the mesh as before the call.
  log = Log{{}, 3};
  TriangleMesh stopped;
  ASSERT_TRUE(stopped.allocate(3000, 20000, true));
  std::copy(b.positions.begin(), b.positions.end(), stopped.positions());
  std::copy(b.index.begin(), b.index.end(), stopped.corners());
  EXPECT_FALSE(stopped.build(progress));
  EXPECT_EQ(log.fractions.size(), 3u);
  EXPECT_TRUE(stopped.tree().empty());
  EXPECT_TRUE(std::equal(b.index.begin(), b.index.end(), stopped.corners()));
}

}  // namespace
}  // namespace c3d
