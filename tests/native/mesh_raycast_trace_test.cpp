// The mesh raycast trace (queries/trace/mesh_raycast_trace.h): watching changes nothing (the same first hit, bit for
// bit, as the unwatched raycast), and what it records is what the search did, checked from outside: the first box is
// the root, holding every triangle; every box entered is met by the ray (the exact ray–box test on the box grown by
// a rounding margin); every entered leaf's triangles are the ones tested, and the hit triangle among them; the tree's
// listing has every node and leaf once to the depth asked, each inside its parent, the leaves holding every triangle.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "collide3d/queries/raycast/raycast_box.h"
#include "collide3d/queries/trace/mesh_raycast_trace.h"
#include "mesh_data.h"
#include "test_support.h"

namespace c3d {
namespace {

using testing::MeshData;
using testing::Random;
using testing::build;
using testing::soup;

Aabb boxOf(const TracedBox& b) { return {b.lo, b.hi}; }

// The float bounds of the triangles, by brute force.
Aabb boundsOf(const MeshData& data) {
  Aabb box{{INFINITY, INFINITY, INFINITY}, {-INFINITY, -INFINITY, -INFINITY}};
  for (size_t k = 0; k < data.positions.size(); k += 3) {
    const Vec3 p{data.positions[k], data.positions[k + 1], data.positions[k + 2]};
    box.min = {std::min(box.min.x, p.x), std::min(box.min.y, p.y), std::min(box.min.z, p.z)};
    box.max = {std::max(box.max.x, p.x), std::max(box.max.y, p.y), std::max(box.max.z, p.z)};
  }
  return box;
}

bool contains(const Aabb& outer, const Aabb& inner) {
  return outer.min.x <= inner.min.x && outer.min.y <= inner.min.y && outer.min.z <= inner.min.z &&
         outer.max.x >= inner.max.x && outer.max.y >= inner.max.y && outer.max.z >= inner.max.z;
}

Aabb grown(const Aabb& box, double by) { return {box.min - Vec3{by, by, by}, box.max + Vec3{by, by, by}}; }

bool sameHit(const MeshHit& a, const MeshHit& b) {
  return a.triangle == b.triangle && std::memcmp(&a.hit, &b.hit, sizeof(RaycastHit)) == 0;
}

// A ray from around the soup (a cube of side 20) towards a point inside it: most hit.
Ray aimedRay(Random& random) {
  const Vec3 from = random.vector(-1, 1) * 40, to = random.vector(-8, 8);
  return {from, to - from};
}

TEST(MeshRaycastTrace, WatchingChangesNothingAndRecordsTheSearch) {
  Random random(31);
  const MeshData data = soup(random, 2000);
  const auto mesh = build(data);
  const Aabb all = boundsOf(data);
  int hits = 0;
  size_t tested = 0;
  for (int trial = 0; trial < 300; ++trial) {
    SCOPED_TRACE(trial);
    const Caster caster = toCaster(aimedRay(random));
    RaycastOptions options;
    options.backfaceCulling = trial % 5 == 0;
    MeshRaycastTrace trace;
    ASSERT_TRUE(traceMeshRaycast(*mesh, caster, options, 2, trace));
    const auto unwatched = mesh->raycast(caster, options, HitMode::First);
    ASSERT_EQ(trace.hit.has_value(), unwatched.has_value());
    if (unwatched) {
      EXPECT_TRUE(sameHit(*trace.hit, *unwatched));
    }

    // The root first: depth 0, holding every triangle.
    ASSERT_FALSE(trace.entered.empty());
    EXPECT_EQ(trace.entered[0].depth, 0);
    EXPECT_TRUE(contains(boxOf(trace.entered[0]), all));
    size_t inLeaves = 0;
    for (const TracedBox& box : trace.entered) {
      // Met by the ray (the search's slab test widens by its rounding; 1e-9 of the soup's size covers that).
      EXPECT_TRUE(raycast(caster, grown(boxOf(box), 1e-9 * 20), RaycastOptions{}).has_value());
      inLeaves += static_cast<size_t>(box.triangles);
    }
    // A first-hit search tests every triangle of each leaf it enters, and nothing else.
    EXPECT_EQ(inLeaves, trace.tested.size());
    for (const uint32_t t : trace.tested) {
      const Triangle tri = data.triangle(t);
      const Aabb bounds{{std::min({tri.a.x, tri.b.x, tri.c.x}), std::min({tri.a.y, tri.b.y, tri.c.y}), std::min({tri.a.z, tri.b.z, tri.c.z})},
                        {std::max({tri.a.x, tri.b.x, tri.c.x}), std::max({tri.a.y, tri.b.y, tri.c.y}), std::max({tri.a.z, tri.b.z, tri.c.z})}};
      EXPECT_TRUE(std::any_of(trace.entered.begin(), trace.entered.end(),
                              [&](const TracedBox& leaf) { return leaf.triangles > 0 && contains(boxOf(leaf), bounds); }));
    }
    if (trace.hit) {
      ++hits;
      EXPECT_NE(std::find(trace.tested.begin(), trace.tested.end(), trace.hit->triangle), trace.tested.end());
    }
    tested += trace.tested.size();
  }
  EXPECT_GT(hits, 100);
  // The tree spares the work: on average far fewer triangles tested than the 2,000 there are.
  EXPECT_LT(tested, 300u * 2000 / 20);
}

// The tree's listing to a depth: every node and leaf once (checked against the nodes' own count), each inside a box
// one level up, the leaves (to full depth) holding every triangle once.
TEST(MeshRaycastTrace, ListsTheTreeToTheDepthAsked) {
  Random random(32);
  const MeshData data = soup(random, 3000);
  const auto mesh = build(data);
  const Caster caster = toCaster(Ray{{-30, 0, 0}, {1, 0, 0}});
  size_t children = 0;
  for (const BvhNode& node : mesh->tree().nodes) {
    for (int side = 0; side < kBvhWidth; ++side) children += !node.child[side].none();
  }
  size_t lastCount = 0;
  for (const int depth : {0, 1, 2, 3, 60}) {
    SCOPED_TRACE(depth);
    MeshRaycastTrace trace;
    ASSERT_TRUE(traceMeshRaycast(*mesh, caster, RaycastOptions{}, depth, trace));
    ASSERT_FALSE(trace.tree.empty());
    EXPECT_EQ(trace.tree[0].depth, 0);
    EXPECT_TRUE(contains(boxOf(trace.tree[0]), boundsOf(data)));
    double leafTriangles = 0;
    for (size_t k = 1; k < trace.tree.size(); ++k) {
      const TracedBox& box = trace.tree[k];
      EXPECT_GE(box.depth, 1);
      EXPECT_LE(box.depth, depth);
      EXPECT_TRUE(std::any_of(trace.tree.begin(), trace.tree.begin() + k, [&](const TracedBox& parent) {
        return parent.depth == box.depth - 1 && parent.triangles == 0 && contains(boxOf(parent), boxOf(box));
      }));
      leafTriangles += box.triangles;
    }
    EXPECT_GT(trace.tree.size(), lastCount);
    lastCount = trace.tree.size();
    if (depth == 0) {
      EXPECT_EQ(trace.tree.size(), 1u);
    }
    if (depth == 60) {
      EXPECT_EQ(trace.tree.size(), 1 + children);
      EXPECT_EQ(leafTriangles, 3000);
    }
  }
}

TEST(MeshRaycastTrace, SmallAndEmptyMeshes) {
  // Three triangles: the root is a leaf; a ray through the first one's centroid enters it alone and tests all three.
  Random random(33);
  const MeshData three = soup(random, 3);
  const auto small = build(three);
  ASSERT_TRUE(small->tree().root.leaf());
  const Triangle first = three.triangle(0);
  const Vec3 centroid = (first.a + first.b + first.c) * (1.0 / 3);
  const Caster caster = toCaster(Ray{centroid - Vec3{40, 0, 0}, {1, 0, 0}});
  MeshRaycastTrace trace;
  ASSERT_TRUE(traceMeshRaycast(*small, caster, RaycastOptions{}, 5, trace));
  ASSERT_EQ(trace.entered.size(), 1u);
  EXPECT_EQ(trace.entered[0].triangles, 3);
  EXPECT_EQ(trace.tested.size(), 3u);
  EXPECT_EQ(trace.tree.size(), 1u);
  // No triangles: nothing entered, tested or listed, and no hit.
  const auto empty = build(MeshData{});
  ASSERT_TRUE(traceMeshRaycast(*empty, caster, RaycastOptions{}, 5, trace));
  EXPECT_FALSE(trace.hit.has_value());
  EXPECT_TRUE(trace.entered.empty() && trace.tested.empty() && trace.tree.empty());
}

}  // namespace
}  // namespace c3d
