// DynamicTree against brute force over the live boxes: after random inserts (one at a time and many at once), moves
// (within and beyond the fat margin) and removals, every query, first raycast hit, every raycast hit and overlapping pair is what testing each
// box one by one gives; integer boxes touching on faces, edges and corners; the tree stays balanced under sorted insertions.
#include <algorithm>
#include <cmath>
#include <map>
#include <utility>
#include <vector>

#include "collide3d/broadphase/dynamic_tree.h"
#include "test_support.h"

namespace c3d {
namespace {

using testing::Random;

Aabb randomBox(Random& random, bool onGrid) {
  if (onGrid) {
    const Vec3 lo = random.integerVector(0, 20);
    return {lo, lo + random.integerVector(0, 3)};
  }
  const Vec3 lo = random.vector(0, 20), size = random.vector(0.05, 2.5);
  return {lo, lo + size};
}

class Model {
 public:
  std::map<uint32_t, Aabb> live;

  std::vector<uint32_t> query(const Aabb& box) const {
    std::vector<uint32_t> ids;
    for (const auto& [id, b] : live) {
      if (intersects(b, box)) ids.push_back(id);
    }
    return ids;
  }
  std::vector<std::pair<uint32_t, uint32_t>> pairs() const {
    std::vector<std::pair<uint32_t, uint32_t>> out;
    for (auto i = live.begin(); i != live.end(); ++i) {
      for (auto j = std::next(i); j != live.end(); ++j) {
        if (intersects(i->second, j->second)) out.emplace_back(i->first, j->first);
      }
    }
    return out;
  }
  // Every box's hit, (t, id), by t then id.
  std::vector<std::pair<double, uint32_t>> raycastAll(const Caster& caster, const RaycastOptions& options) const {
    std::vector<std::pair<double, uint32_t>> out;
    for (const auto& [id, b] : live) {
      const auto hit = c3d::raycast(caster, b, options);
      if (hit) out.emplace_back(hit->t, id);
    }
    std::sort(out.begin(), out.end());
    return out;
  }
  std::optional<std::pair<uint32_t, RaycastHit>> raycast(const Caster& caster, const RaycastOptions& options) const {
    std::optional<std::pair<uint32_t, RaycastHit>> best;
    for (const auto& [id, b] : live) {  // ascending ids: a tie keeps the lower
      const auto hit = c3d::raycast(caster, b, options);
      if (hit && (!best || hit->t < best->second.t)) best.emplace(id, *hit);
    }
    return best;
  }
};

void expectSameAnswers(const DynamicTree& tree, const Model& model, Random& random, bool onGrid) {
  ASSERT_EQ(tree.size(), model.live.size());
  for (int q = 0; q < 20; ++q) {
    const Aabb box = randomBox(random, onGrid);
    std::vector<uint32_t> found;
    tree.query([&](const Aabb& fat) { return intersects(fat, box); }, [&](const Aabb& b) { return intersects(b, box); },
               [&](uint32_t id) {
                 found.push_back(id);
                 return true;
               });
    std::sort(found.begin(), found.end());
    ASSERT_EQ(found, model.query(box));

    const Vec3 origin = onGrid ? random.integerVector(-2, 22) : random.vector(-2, 22);
    const Vec3 towards = onGrid ? random.integerVector(0, 20) : random.vector(0, 20);
    if (origin == towards) continue;
    const Caster caster = random.integer(0, 1) ? toCaster(Ray{origin, towards - origin}) : toCaster(Segment{origin, towards});
    RaycastOptions options;
    options.solid = random.integer(0, 3) != 0;
    if (random.integer(0, 2) == 0) options.maxDistance = random.uniform(0, 2);
    std::vector<std::pair<double, uint32_t>> all;
    ASSERT_TRUE(tree.raycastAll(caster, options, all));
    ASSERT_EQ(all, model.raycastAll(caster, options));
    const auto expected = model.raycast(caster, options);
    const auto hit = tree.raycast(caster, options);
    ASSERT_EQ(hit.has_value(), expected.has_value());
    if (hit) {
      EXPECT_EQ(hit->first, expected->first);
      EXPECT_EQ(hit->second.t, expected->second.t);
      EXPECT_EQ(hit->second.normal, expected->second.normal);
    }
  }
  std::vector<uint32_t> flat;
  ASSERT_TRUE(tree.pairs(flat));
  std::vector<std::pair<uint32_t, uint32_t>> pairs;
  for (size_t k = 0; k < flat.size(); k += 2) pairs.emplace_back(flat[k], flat[k + 1]);
  std::sort(pairs.begin(), pairs.end());
  ASSERT_EQ(pairs, model.pairs());
}

TEST(DynamicTree, InsertsMovesAndRemovalsKeepEveryAnswerAsBruteForce) {
  for (const bool onGrid : {false, true}) {
    Random random(onGrid ? 611 : 612);
    DynamicTree tree(onGrid ? 0.0 : 0.25);
    Model model;
    int moves = 0;
    for (int round = 0; round < testing::cases(40); ++round) {
      for (int op = 0; op < 40; ++op) {
        const int kind = model.live.empty() ? 0 : random.integer(0, 5);
        if (kind == 5) {
          // Many at once: a batch now small, now large beside the tree (built again, or inserted box by box).
          std::vector<Aabb> boxes(random.integer(0, 2) == 0 ? random.integer(0, 3) : random.integer(1, 120));
          for (Aabb& box : boxes) box = randomBox(random, onGrid);
          std::vector<uint32_t> ids(boxes.size());
          ASSERT_TRUE(tree.reserveForInsertMany(boxes.size()));
          tree.insertMany(boxes.size(), [&](size_t i) { return boxes[i]; }, ids.data());
          for (size_t i = 0; i < boxes.size(); ++i) {
            ASSERT_EQ(model.live.count(ids[i]), 0u);
            model.live[ids[i]] = boxes[i];
          }
        } else if (kind <= 1) {
          const Aabb box = randomBox(random, onGrid);
          ASSERT_TRUE(tree.reserveForInsert());  // as the bindings insert
          const uint32_t id = tree.insert(box);
          ASSERT_EQ(model.live.count(id), 0u);
          model.live[id] = box;
        } else {
          auto it = model.live.begin();
          std::advance(it, random.integer(0, int(model.live.size()) - 1));
          if (kind == 4) {
            tree.remove(it->first);
            EXPECT_FALSE(tree.contains(it->first));
            model.live.erase(it);
          } else {
            // A small move (often within the fat box) or a jump.
            const Vec3 shift = kind == 2 ? random.vector(-0.2, 0.2) : random.vector(-5, 5);
            const Aabb moved = onGrid ? randomBox(random, true) : Aabb{it->second.min + shift, it->second.max + shift};
            tree.update(it->first, moved);
            it->second = moved;
            ++moves;
          }
        }
      }
      for (const auto& [id, box] : model.live) {
        ASSERT_TRUE(tree.contains(id));
        EXPECT_EQ(tree.box(id).min, box.min);
      }
      expectSameAnswers(tree, model, random, onGrid);
      if (HasFatalFailure()) return;
    }
    EXPECT_GT(moves, testing::cases(400));
  }
}

TEST(DynamicTree, StaysBalancedUnderSortedInsertions) {
  DynamicTree tree(0);
  for (int i = 0; i < 4096; ++i) tree.insert({{double(i), 0, 0}, {double(i) + 0.5, 1, 1}});
  // An AVL tree of n leaves is at most about 1.44 log2(n) high: 12 levels for a perfect tree, 17 allowed.
  EXPECT_LE(tree.height(), 17);
  EXPECT_GE(tree.height(), 12);
  std::vector<uint32_t> pairs;
  ASSERT_TRUE(tree.pairs(pairs));
  EXPECT_TRUE(pairs.empty());  // [i, i + 0.5] and [i + 1, ...] do not touch
}

// insertMany gives the ids insert would (removed ones first, then the next), whether it builds the tree again or
// inserts box by box, and a tree built at once is as balanced as can be: 4,096 boxes, 12 levels.
TEST(DynamicTree, InsertsManyUnderTheIdsInsertWouldGive) {
  Random random(77);
  for (const size_t batch : {size_t(3), size_t(500)}) {
    DynamicTree one(0.1), many(0.1);
    std::vector<Aabb> first(400);
    for (Aabb& box : first) box = randomBox(random, false);
    std::vector<uint32_t> ids(first.size());
    ASSERT_TRUE(many.reserveForInsertMany(first.size()));
    many.insertMany(first.size(), [&](size_t i) { return first[i]; }, ids.data());
    for (size_t i = 0; i < first.size(); ++i) EXPECT_EQ(ids[i], one.insert(first[i]));
    for (const uint32_t id : {7u, 300u, 12u}) {
      one.remove(id);
      many.remove(id);
    }
    std::vector<Aabb> more(batch);
    for (Aabb& box : more) box = randomBox(random, false);
    ids.resize(batch);
    ASSERT_TRUE(many.reserveForInsertMany(batch));
    many.insertMany(batch, [&](size_t i) { return more[i]; }, ids.data());
    for (size_t i = 0; i < batch; ++i) EXPECT_EQ(ids[i], one.insert(more[i]));
    EXPECT_EQ(many.size(), one.size());
  }
  DynamicTree sorted(0);
  std::vector<uint32_t> ids(4096);
  ASSERT_TRUE(sorted.reserveForInsertMany(ids.size()));
  sorted.insertMany(ids.size(), [](size_t i) { return Aabb{{double(i), 0, 0}, {double(i) + 0.5, 1, 1}}; }, ids.data());
  EXPECT_EQ(sorted.height(), 12);
  std::vector<uint32_t> pairs;
  ASSERT_TRUE(sorted.pairs(pairs));
  EXPECT_TRUE(pairs.empty());
}

TEST(DynamicTree, EmptyAndSingleBox) {
  DynamicTree tree(0.1);
  const Caster ray = toCaster(Ray{{-1, 0.5, 0.5}, {1, 0, 0}});
  EXPECT_FALSE(tree.raycast(ray, {}));
  const uint32_t id = tree.insert({{0, 0, 0}, {1, 1, 1}});
  const auto hit = tree.raycast(ray, {});
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->first, id);
  EXPECT_EQ(hit->second.t, 1);
  tree.remove(id);
  EXPECT_EQ(tree.size(), 0u);
  EXPECT_FALSE(tree.raycast(ray, {}));
  EXPECT_EQ(tree.height(), -1);
}

}  // namespace
}  // namespace c3d
