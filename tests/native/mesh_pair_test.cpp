// Mesh against mesh (mesh_pair.h) against brute force: every triangle of the first mesh against every triangle of the
// second, its vertices mapped by the same Affine::apply, with the single queries (intersects, and closestPoints of two
// triangles: the least distance, ties to the lowest pair of triangle indices). Random soups under random rotations,
// scales, mirrors and a singular map; integer height-field grids placed by exact signed permutations, which touch at
// shared vertices and edges and lie in each other's planes; hand-made cases with answers known by construction
// (boxes touching at a vertex, along an edge, face to face, one inside the other without touching, identical meshes,
// flat squares side by side); empty meshes; a tree as deep as the searches allow against itself.
#include <cmath>
#include <cstring>
#include <memory>
#include <optional>
#include <vector>

#include "collide3d/mesh/mesh_format.h"
#include "collide3d/mesh/mesh_pair.h"
#include "mesh_data.h"
#include "test_support.h"

namespace c3d {
namespace {

using testing::MeshData;
using testing::Random;
using testing::build;

// A placement from its 16 column-major elements.
Affine placement(const Mat3& linear, Vec3 translation) {
  double e[16] = {};
  for (int column = 0; column < 3; ++column) {
    for (int row = 0; row < 3; ++row) e[4 * column + row] = linear.m[3 * column + row];
  }
  e[12] = translation.x, e[13] = translation.y, e[14] = translation.z, e[15] = 1;
  return Affine::fromElements(e);
}
Affine translation(Vec3 t) { return placement(Mat3{}, t); }

Mat3 diagonal(double x, double y, double z) {
  Mat3 m;
  m.m[0] = x, m.m[4] = y, m.m[8] = z;
  return m;
}
Mat3 times(const Mat3& a, const Mat3& b) {
  Mat3 m;
  for (int j = 0; j < 3; ++j) {
    const Vec3 column = a * b.column(j);
    m.m[3 * j] = column.x, m.m[3 * j + 1] = column.y, m.m[3 * j + 2] = column.z;
  }
  return m;
}

struct Expected {
  bool meet = false;
  std::optional<MeshPairPoints> closest;
};

Expected bruteForce(const MeshData& a, const MeshData& b, const Affine& map) {
  Expected e;
  for (size_t j = 0; j < b.triangles(); ++j) {
    const Triangle s = b.triangle(j);
    const Triangle tb{map.apply(s.a), map.apply(s.b), map.apply(s.c)};
    for (size_t i = 0; i < a.triangles(); ++i) {
      const Triangle ta = a.triangle(i);
      e.meet = e.meet || intersects(ta, tb);
      const ClosestPoints c = closestPoints(ta, tb);
      const bool better = !e.closest || c.distance < e.closest->distance ||
                          (c.distance == e.closest->distance &&
                           (i < e.closest->triangleA || (i == e.closest->triangleA && j < e.closest->triangleB)));
      if (better) e.closest = MeshPairPoints{c.pointA, c.pointB, c.distance, uint32_t(i), uint32_t(j)};
    }
  }
  return e;
}

bool sameBits(Vec3 a, Vec3 b) { return std::memcmp(&a, &b, sizeof(Vec3)) == 0; }

// Both queries against brute force, bit for bit; returns brute force's answer.
Expected expectAgree(const MeshData& a, const MeshData& b, const Affine& map) {
  const auto meshA = build(a), meshB = build(b);
  const Expected e = bruteForce(a, b, map);
  EXPECT_EQ(intersects(*meshA, *meshB, map), e.meet);
  const auto found = closestPoints(*meshA, *meshB, map);
  EXPECT_EQ(found.has_value(), e.closest.has_value());
  if (found && e.closest) {
    EXPECT_EQ(found->triangleA, e.closest->triangleA);
    EXPECT_EQ(found->triangleB, e.closest->triangleB);
    EXPECT_EQ(found->distance, e.closest->distance);
    EXPECT_TRUE(sameBits(found->pointA, e.closest->pointA));
    EXPECT_TRUE(sameBits(found->pointB, e.closest->pointB));
    EXPECT_EQ(found->distance == 0, e.meet);
  }
  return e;
}

// Random triangles of sizes 0.03 to 1 in a cube of side 6, not indexed.
MeshData smallSoup(Random& random, int count) {
  MeshData data;
  for (int t = 0; t < count; ++t) {
    const Vec3 centre = random.vector(-3, 3);
    const double size = std::pow(10.0, random.uniform(-1.5, 0));
    for (int c = 0; c < 3; ++c) {
      const Vec3 p = centre + random.vector(-size, size);
      data.positions.insert(data.positions.end(), {float(p.x), float(p.y), float(p.z)});
    }
  }
  return data;
}

// The surface of the box [lo, hi], 12 triangles over 8 shared vertices.
MeshData box(Vec3 lo, Vec3 hi) {
  MeshData data;
  for (int k = 0; k < 8; ++k) {
    data.positions.insert(data.positions.end(), {float(k & 1 ? hi.x : lo.x), float(k & 2 ? hi.y : lo.y),
                                                 float(k & 4 ? hi.z : lo.z)});
  }
  data.index = {0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4,
                2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5};
  return data;
}

TEST(MeshPair, RandomSoupsUnderRotationsScalesMirrorsAndASingularMapMatchBruteForce) {
  Random random(1701);
  int met = 0, apart = 0;
  for (int k = 0; k < testing::cases(40); ++k) {
    const MeshData a = smallSoup(random, 150), b = smallSoup(random, 150);
    Mat3 linear = random.rotation();
    switch (k % 5) {
      case 1: linear = times(linear, diagonal(random.uniform(0.2, 3), random.uniform(0.2, 3), random.uniform(0.2, 3))); break;
      case 2: linear = times(linear, diagonal(-1, 1, 1)); break;  // a mirror
      case 3: linear = times(linear, diagonal(1, 0, 1)); break;   // flattens the second soup onto a plane
      default: break;
    }
    const double reach = k % 2 == 0 ? 2 : 9;  // overlapping soups, or mostly apart ones
    const Expected e = expectAgree(a, b, placement(linear, random.vector(-reach, reach)));
    (e.meet ? met : apart) += 1;
    if (HasFailure()) return;
  }
  EXPECT_GT(met, testing::cases(40) / 5);
  EXPECT_GT(apart, testing::cases(40) / 5);
}

TEST(MeshPair, GridsPlacedBySignedPermutationsTouchExactlyAsBruteForceSays) {
  Random random(1702);
  int met = 0, apart = 0;
  for (int k = 0; k < testing::cases(30); ++k) {
    const MeshData a = testing::grid(random, 8), b = testing::grid(random, 6);
    // Integer placements near the first grid: shared vertices, edges along edges, faces in one plane.
    const Affine map = placement(random.signedPermutation(), random.integerVector(-3, 9));
    const Expected e = expectAgree(a, b, map);
    (e.meet ? met : apart) += 1;
    if (HasFailure()) return;
  }
  EXPECT_GT(met, testing::cases(30) / 5);
  EXPECT_GT(apart, 0);
}

TEST(MeshPair, BoxesTouchingAtAVertexAlongAnEdgeAndFaceToFace) {
  const MeshData unit = box({0, 0, 0}, {1, 1, 1});
  // Translated by (1, 1, 1): only the corner (1, 1, 1) is shared; by (1, 1, 0) the edge x = y = 1; by (1, 0.5, 0.5)
  // the faces x = 1 overlap in a square (coplanar triangles).
  for (const Vec3 t : {Vec3{1, 1, 1}, Vec3{1, 1, 0}, Vec3{1, 0.5, 0.5}, Vec3{-1, -1, -1}}) {
    const Expected e = expectAgree(unit, unit, translation(t));
    EXPECT_TRUE(e.meet);
    EXPECT_EQ(e.closest->distance, 0);
  }
  // One ulp of float beyond touching at the corner: apart by 2^-23 along x.
  const Expected e = expectAgree(unit, unit, translation({1 + 0x1p-23, 1, 1}));
  EXPECT_FALSE(e.meet);
  EXPECT_EQ(e.closest->distance, 0x1p-23);
  // Turned a quarter about z and moved by (3, 0, 0), it spans [2, 3] x [0, 1] x [0, 1]: 1 apart, face to face.
  Mat3 quarter;
  const double m[9] = {0, 1, 0, -1, 0, 0, 0, 0, 1};
  std::copy(m, m + 9, quarter.m);
  const Expected turned = expectAgree(unit, unit, placement(quarter, {3, 0, 0}));
  EXPECT_EQ(turned.closest->distance, 1);
}

TEST(MeshPair, ABoxInsideAnotherWithoutTouchingIsApartByTheGap) {
  // The surfaces of [0, 4]^3 and of [1, 2]^3 (placed by a translation of [0, 1]^3): the inner one's faces are 1 from
  // the outer's faces x = 0, y = 0, z = 0, and farther from the others. Many pairs tie at 1: the lowest wins.
  const MeshData outer = box({0, 0, 0}, {4, 4, 4}), inner = box({0, 0, 0}, {1, 1, 1});
  const Expected e = expectAgree(outer, inner, translation({1, 1, 1}));
  EXPECT_FALSE(e.meet);
  EXPECT_EQ(e.closest->distance, 1);
  // Scaled by 2, mirrored in x and moved, it spans [1, 3]^3: 1 from every face of the outer box.
  const Expected mirrored = expectAgree(outer, inner, placement(diagonal(-2, 2, 2), {3, 1, 1}));
  EXPECT_FALSE(mirrored.meet);
  EXPECT_EQ(mirrored.closest->distance, 1);
}

TEST(MeshPair, IdenticalMeshesMeetAtTheirFirstTriangles) {
  Random random(1703);
  for (const MeshData& data : {box({0, 0, 0}, {1, 1, 1}), smallSoup(random, 200), testing::grid(random, 6)}) {
    const auto mesh = build(data);
    EXPECT_TRUE(intersects(*mesh, *mesh, Affine{}));
    const auto found = closestPoints(*mesh, *mesh, Affine{});
    ASSERT_TRUE(found.has_value());
    EXPECT_EQ(found->distance, 0);
    EXPECT_EQ(found->triangleA, 0u);  // triangle 0 meets itself: the lowest pair there is
    EXPECT_EQ(found->triangleB, 0u);
    expectAgree(data, data, Affine{});
  }
}

TEST(MeshPair, FlatSquaresInOnePlaneSideBySide) {
  // The unit square in z = 0 as two triangles, and copies of it placed in the same plane.
  MeshData square;
  square.positions = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0};
  square.index = {0, 1, 2, 1, 3, 2};
  for (const Vec3 t : {Vec3{1, 0, 0}, Vec3{1, 1, 0}, Vec3{0.5, 0.5, 0}}) {  // an edge, a corner, overlapping
    EXPECT_TRUE(expectAgree(square, square, translation(t)).meet);
  }
  const Expected beside = expectAgree(square, square, translation({1.25, 0.5, 0}));
  EXPECT_FALSE(beside.meet);
  EXPECT_EQ(beside.closest->distance, 0.25);
  // Turned on edge (the plane x = 1.5), it stands 0.5 beside the square.
  Mat3 upright;
  const double m[9] = {0, 0, 1, 0, 1, 0, -1, 0, 0};
  std::copy(m, m + 9, upright.m);
  EXPECT_EQ(expectAgree(square, square, placement(upright, {1.5, 0, 0})).closest->distance, 0.5);
}

TEST(MeshPair, AMeshWithoutTrianglesMeetsNothingAndHasNoClosestPoints) {
  const MeshData empty, unit = box({0, 0, 0}, {1, 1, 1});
  const auto none = build(empty), some = build(unit);
  for (const auto& [a, b] : {std::pair{none.get(), some.get()}, std::pair{some.get(), none.get()},
                             std::pair{none.get(), none.get()}}) {
    EXPECT_FALSE(intersects(*a, *b, Affine{}));
    EXPECT_FALSE(closestPoints(*a, *b, Affine{}).has_value());
  }
}

// A tree as deep as the searches allow whose every node holds three one-triangle leaves and the next node (the last
// node: four leaves), all the same triangle: descending it against itself, every pair of nodes overlaps and the
// search enters the inner child first (its key ties the leaves'), leaving three pairs pending at each level of
// both trees, the most its fixed stack holds.
std::unique_ptr<TriangleMesh> deepestTree() {
  constexpr size_t kNodes = bvh::kMaxDepth + 1, kTriangles = 3 * kNodes + 1;
  const float v[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
  std::vector<float> positions;
  std::vector<uint32_t> index, ids;
  for (uint32_t t = 0; t < kTriangles; ++t) {
    positions.insert(positions.end(), v, v + 9);
    index.insert(index.end(), {3 * t, 3 * t + 1, 3 * t + 2});
    ids.push_back(t);
  }
  const BvhBox bounds{{0, 0, 0}, {1, 1, 0}};
  std::vector<BvhNode> nodes(kNodes);
  for (size_t n = 0; n < kNodes; ++n) {
    for (int side = 0; side < kBvhWidth; ++side) {
      nodes[n].setBox(side, bounds);
      nodes[n].child[side] = {uint32_t(3 * n + side), 1};
    }
    if (n + 1 < kNodes) nodes[n].child[3] = {uint32_t(n + 1), 0};
  }
  const std::vector<uint8_t> image = testing::meshImage(positions, index, ids, nodes, bounds);
  auto mesh = std::make_unique<TriangleMesh>();
  Problem problem;
  EXPECT_EQ(deserialize(image, *mesh, problem), mesh_format::Read::Done) << problem.field.text << problem.message.text;
  return mesh;
}

TEST(MeshPair, TheDeepestTreeAgainstItselfStaysWithinTheSearchStack) {
  const auto mesh = deepestTree();
  EXPECT_TRUE(intersects(*mesh, *mesh, Affine{}));
  const auto found = closestPoints(*mesh, *mesh, Affine{});
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->distance, 0);
  EXPECT_EQ(found->triangleA, 0u);
  EXPECT_EQ(found->triangleB, 0u);
}

// A leaf of more triangles than the build makes (a deserialized root leaf of them all) is taken in chunks.
TEST(MeshPair, ALeafOfManyTrianglesIsReadWhole) {
  Random random(1704);
  const MeshData a = smallSoup(random, 30), b = smallSoup(random, 40);
  auto rootLeaf = [](const MeshData& data) {
    auto mesh = build(data);
    const std::vector<uint8_t> built = serialize(*mesh);
    // The same triangles as one leaf: no nodes, the root holding every slot.
    uint32_t words[mesh_format::kHeaderWords];
    std::memcpy(words, built.data(), sizeof words);
    words[mesh_format::kNodeCount] = 0, words[mesh_format::kRootFirst] = 0;
    words[mesh_format::kRootCount] = uint32_t(data.triangles());
    std::vector<uint8_t> image(reinterpret_cast<uint8_t*>(words), reinterpret_cast<uint8_t*>(words) + sizeof words);
    const size_t arrays = 4 * (data.positions.size() + 4 * data.triangles());  // positions, index, ids
    image.insert(image.end(), built.begin() + sizeof words, built.begin() + sizeof words + arrays);
    auto leaf = std::make_unique<TriangleMesh>();
    Problem problem;
    EXPECT_EQ(deserialize(image, *leaf, problem), mesh_format::Read::Done) << problem.field.text << problem.message.text;
    return leaf;
  };
  const auto leafA = rootLeaf(a), leafB = rootLeaf(b);
  for (int k = 0; k < 10; ++k) {
    const Affine map = placement(random.rotation(), random.vector(-4, 4));
    const Expected e = bruteForce(a, b, map);
    EXPECT_EQ(intersects(*leafA, *leafB, map), e.meet);
    const auto found = closestPoints(*leafA, *leafB, map);
    ASSERT_TRUE(found.has_value());
    EXPECT_EQ(found->distance, e.closest->distance);
    EXPECT_EQ(found->triangleA, e.closest->triangleA);
    EXPECT_EQ(found->triangleB, e.closest->triangleB);
  }
}

}  // namespace
}  // namespace c3d
