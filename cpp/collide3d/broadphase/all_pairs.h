// All overlapping pairs among many closed axis-aligned boxes, one-shot (a static set).
// Order: the boxes by their centres, near in space near in the order (spatial_order.h: Morton codes, then median
// splits for clusters finer than the codes).
// Tree: the order cut into blocks of four boxes, and a four-way tree over the blocks, each node's range of blocks
// quartered (a linear build: no split is searched for; a surface-area split would cost more to find than it saves
// here), a node's box the union of its children's.
// Pairs: for each group of four blocks, the tree searched with the group's box for the blocks from the group on, a
// node's four children tested at once on SIMD lanes; each block found is tested against the group's four blocks on
// lanes (so each pair of blocks that meet is met once), and two blocks that meet test their sixteen pairs of boxes on
// lanes, four at a time. On 100,000 random boxes (bench/broadphase.mjs) the searches visit 0.63 million nodes, four
// children each, where one search a block visited 1.44 million, and the binary tree's self-collision traversal of the
// same blocks (Gottschalk, Lin & Manocha 1996, "OBBTree"; Ericson, Real-Time Collision Detection §6.3.2) took 2.73
// million steps of one pair of nodes.
// Shares: the groups' searches are independent, and each pair is found by exactly one of them, so a call can find a
// share of the pairs (Share: part k of n), for threads that each build the tree and search their own groups:
// stripes of kStripeGroups groups dealt out in turn, so each share holds groups from all over the scene.
// Exactness: the tree's boxes are float32, each bound rounded outward, so a float test can only add pairs; a pair of
// double boxes it passes is then decided on the given numbers (float32 boxes are exact as they are). A pair is
// reported exactly when intersects(aabb, aabb) says the boxes meet, touching included.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "collide3d/broadphase/spatial_order.h"
#include "collide3d/dispatch/encoded.h"
#include "collide3d/math/simd.h"
#include "collide3d/memory/checked.h"
#include "collide3d/mesh/bvh.h"

namespace c3d {

namespace all_pairs {

using simd::f32x4, simd::i32x4;

struct Box {
  double lo[3], hi[3];

  static Box of(const Aabb& b) { return {{b.min.x, b.min.y, b.min.z}, {b.max.x, b.max.y, b.max.z}}; }
};

inline bool overlap(const Box& a, const Box& b) {
  return (a.lo[0] <= b.hi[0]) & (b.lo[0] <= a.hi[0]) & (a.lo[1] <= b.hi[1]) & (b.lo[1] <= a.hi[1]) &
         (a.lo[2] <= b.hi[2]) & (b.lo[2] <= a.hi[2]);
}

constexpr uint32_t kLanes = 4;

// Four boxes bound by bound (lo x, y, z, hi x, y, z), the four side by side; an unused lane holds the empty box
// (lo +infinity, hi -infinity), which meets nothing.
struct Block {
  float bound[6][kLanes];

  static Block empty() {
    Block block;
    for (uint32_t lane = 0; lane < kLanes; ++lane) block.set(lane, BvhBox::empty());
    return block;
  }
  void set(uint32_t lane, const BvhBox& box) {
    for (int k = 0; k < 3; ++k) bound[k][lane] = box.lo[k], bound[3 + k][lane] = box.hi[k];
  }
  // Bound k of the four boxes.
  f32x4 lanes(int k) const { return simd::load<f32x4>(bound[k]); }
};

// One box's bounds, each in every lane, to test against a block's four boxes at once.
struct Spread {
  f32x4 bound[6];

  static Spread of(const BvhBox& box) {
    Spread s;
    for (int k = 0; k < 3; ++k) s.bound[k] = splat(box.lo[k]), s.bound[3 + k] = splat(box.hi[k]);
    return s;
  }
  static Spread of(const Block& block, uint32_t lane) {
    Spread s;
    for (int k = 0; k < 6; ++k) s.bound[k] = splat(block.bound[k][lane]);
    return s;
  }
  static f32x4 splat(float v) { return f32x4{v, v, v, v}; }
};

// Which of four boxes meet box `one`: bit i for box i.
inline int meetsOne(const Block& four, const Spread& one) {
  const f32x4* b = one.bound;
  return simd::bitmask((four.lanes(0) <= b[3]) & (b[0] <= four.lanes(3)) & (four.lanes(1) <= b[4]) &
                       (b[1] <= four.lanes(4)) & (four.lanes(2) <= b[5]) & (b[2] <= four.lanes(5)));
}

// A node of the tree over the blocks, two cache lines: up to four children, each a range of blocks ending before
// `end` and either one block (a leaf: `child` is the block with kLeaf set) or the node `child`, with their boxes. A
// missing child has the empty box and end 0.
struct alignas(64) Node {
  Block boxes;
  int32_t end[kLanes];
  uint32_t child[kLanes];
};
static_assert(sizeof(Node) == 128);
constexpr uint32_t kLeaf = 1u << 31;  // blocks and nodes number fewer than 2^30

// Part `index` of `count` of the pairs (0 <= index < count): every pair is in one part.
struct Share {
  uint32_t index = 0, count = 1;
};
constexpr uint32_t kStripeGroups = 32;  // 512 boxes: small against a share, large against a search

class SelfPairs {
 public:
  // `exactInFloat`: the boxes are float32 numbers, which the tree's float boxes hold exactly.
  SelfPairs(std::vector<Box>& boxes, bool exactInFloat, Share share, std::vector<uint32_t>& pairs)
      : boxes_(boxes), exactInFloat_(exactInFloat), share_(share), pairs_(pairs) {}

  // Appends the pairs; false when the heap cannot hold them or the tree (then `pairs` holds some).
  [[nodiscard]] bool run() {
    const size_t blocks = (boxes_.size() + kLanes - 1) / kLanes;
    std::vector<Box> ordered;
    const size_t groups = (blocks + kLanes - 1) / kLanes;
    if (!order() || !checked::reserve(blocks_, blocks) || !checked::reserve(blockBoxes_, blocks) ||
        !checked::reserve(groups_, groups) || !checked::reserve(nodes_, blocks) ||
        !checked::reserve(ordered, boxes_.size())) {
      return false;
    }
    // The boxes in the tree's order, as blocks (of float bounds) and as given (to decide what the floats pass).
    for (size_t b = 0; b < blocks; ++b) {
      Block block = Block::empty();
      BvhBox all = BvhBox::empty();
      for (uint32_t lane = 0; lane < kLanes && b * kLanes + lane < boxes_.size(); ++lane) {
        const Box& box = boxes_[ids_[b * kLanes + lane]];
        const BvhBox bounds = floatBoundsOf(box.lo, box.hi);
        block.set(lane, bounds);
        all.grow(bounds);
        ordered.push_back(box);
      }
      blocks_.push_back(block);
      blockBoxes_.push_back(all);
    }
    // The blocks' boxes, four blocks a group, as a block holds boxes.
    for (size_t g = 0; g < groups; ++g) {
      Block group = Block::empty();
      for (uint32_t lane = 0; lane < kLanes && g * kLanes + lane < blocks; ++lane) group.set(lane, blockBoxes_[g * kLanes + lane]);
      groups_.push_back(group);
    }
    boxes_.swap(ordered);
    if (blocks > 1) build(0, static_cast<uint32_t>(blocks));
    pairs();
    return held_;
  }

 private:
  // ids_: the boxes in the tree's order (spatial_order.h), by their centres.
  [[nodiscard]] bool order() {
    std::vector<spatial_order::Centred> centres;
    if (!checked::reserve(ids_, boxes_.size()) || !checked::reserve(centres, boxes_.size())) return false;
    for (size_t i = 0; i < boxes_.size(); ++i) {
      centres.push_back(spatial_order::Centred::of(boxes_[i].lo, boxes_[i].hi, static_cast<uint32_t>(i)));
    }
    if (!spatialOrder(centres)) return false;
    for (const spatial_order::Centred& c : centres) ids_.push_back(c.id);
    return true;
  }

  // The node over blocks [first, first + count) (two or more), its range quartered; returns the range's box.
  BvhBox build(uint32_t first, uint32_t count) {
    const auto at = static_cast<uint32_t>(nodes_.size());
    nodes_.emplace_back();
    BvhBox box = BvhBox::empty();
    for (uint32_t side = 0, begin = first; side < kLanes; ++side) {
      const uint32_t part = (count + kLanes - 1 - side) / kLanes;  // the quarters' lengths sum to count
      BvhBox child = BvhBox::empty();
      uint32_t ref = begin | kLeaf;
      if (part == 1) {
        child = blockBoxes_[begin];
      } else if (part > 1) {
        ref = static_cast<uint32_t>(nodes_.size());
        child = build(begin, part);
      }
      Node& node = nodes_[at];
      node.boxes.set(side, child);
      node.end[side] = part == 0 ? 0 : static_cast<int32_t>(begin + part);
      node.child[side] = ref;
      box.grow(child);
      begin += part;
    }
    return box;
  }

  // Every pair of boxes: for each group of four blocks (in the order), the blocks whose boxes meet the group's box,
  // found by descending the tree into the children whose boxes meet it and whose ranges reach the group; then for
  // each such block, the group's blocks that meet it and come no later (so each pair of blocks is met once).
  void pairs() {
    if (nodes_.empty()) {  // one block: no tree
      if (share_.index == 0) blockPairs(0, 0);
      return;
    }
    // A search holds at most three waiting children a level, and the tree is at most 15 levels deep (fewer than 2^30
    // blocks, the range quartered at each level).
    constexpr int kStack = 3 * 15 + 1;
    uint32_t stack[kStack];
    for (uint32_t first = 0; first < blocks_.size() && held_; first += kLanes) {
      if (first / kLanes / kStripeGroups % share_.count != share_.index) continue;
      const Block& group = groups_[first / kLanes];  // its blocks' boxes
      BvhBox box = BvhBox::empty();
      for (uint32_t a = first; a < first + kLanes && a < blocks_.size(); ++a) box.grow(blockBoxes_[a]);
      const Spread query = Spread::of(box);
      const auto from = static_cast<int32_t>(first);
      const i32x4 blockOf = {from, from + 1, from + 2, from + 3};
      int top = 0;
      stack[top++] = 0;
      while (top > 0) {
        const Node& node = nodes_[stack[--top]];
        const int reach = simd::bitmask(simd::load<i32x4>(node.end) > i32x4{from, from, from, from});
        for (int bits = meetsOne(node.boxes, query) & reach; bits != 0; bits &= bits - 1) {
          const int side = __builtin_ctz(bits);
          const uint32_t child = node.child[side];
          if (!(child & kLeaf)) {
            stack[top++] = child;
            continue;
          }
          const uint32_t b = child & ~kLeaf;
          const Spread leaf = Spread::of(node.boxes, side);
          const auto last = static_cast<int32_t>(b);
          const int upTo = simd::bitmask(blockOf <= i32x4{last, last, last, last});
          for (int some = meetsOne(group, leaf) & upTo; some != 0; some &= some - 1) {
            blockPairs(first + __builtin_ctz(some), b);
          }
        }
      }
    }
  }

  // Bit t: whether A's box S meets B's box t. S a constant: the loop over it unrolled (a loop kept the running mask's
  // shifts and the lanes' addresses in wasm locals, 5 % slower).
  template <int S>
  static int meets(const Block& A, const Block& B) {
    return meetsOne(B, Spread::of(A, S));
  }

  // The pairs with one box in block a and the other in block b (a == b: pairs within the block), all sixteen tests
  // on lanes, then one branch a pair found (whether a box meets any of the other four is a coin toss).
  void blockPairs(uint32_t a, uint32_t b) {
    const Block& A = blocks_[a];
    const Block& B = blocks_[b];
    // Bit 4 s + t: whether a's box s meets b's box t.
    int meet = meets<0>(A, B) | meets<1>(A, B) << kLanes | meets<2>(A, B) << 2 * kLanes | meets<3>(A, B) << 3 * kLanes;
    if (a == b) meet &= 0x08ce;  // each pair within the block once: t above s
    for (; meet != 0; meet &= meet - 1) {
      const int bit = __builtin_ctz(meet);
      found(a * kLanes + bit / kLanes, b * kLanes + bit % kLanes);
    }
  }

  // Places s and t of the order, whose float boxes meet: a pair when the boxes do.
  void found(uint32_t s, uint32_t t) {
    if (!exactInFloat_ && !overlap(boxes_[s], boxes_[t])) return;
    held_ = held_ && checked::room(pairs_, 2);
    if (!held_) return;
    const uint32_t i = ids_[s], j = ids_[t];
    pairs_.push_back(i < j ? i : j);
    pairs_.push_back(i < j ? j : i);
  }

  std::vector<Box>& boxes_;  // as given; then in the tree's order
  bool exactInFloat_;
  Share share_;
  std::vector<uint32_t> ids_;  // the box in each place of the tree's order
  std::vector<Block> blocks_;
  std::vector<BvhBox> blockBoxes_;  // each block's box
  std::vector<Block> groups_;  // the blocks' boxes, four blocks a group
  std::vector<Node> nodes_;
  std::vector<uint32_t>& pairs_;
  bool held_ = true;  // whether every pair found so far went into pairs_
};

}  // namespace all_pairs

// Boxes as min x, y, z, max x, y, z each; appends every overlapping pair (i, j), i < j, of `share` to `pairs` (2
// numbers a pair, in no particular order). False when the heap cannot hold them all (then `pairs` holds some).
template <class T>
[[nodiscard]] bool allPairs(const T* boxes, size_t count, std::vector<uint32_t>& pairs,
                            all_pairs::Share share = {}) {
  if (count < 2) return true;
  std::vector<all_pairs::Box> read;
  if (!checked::reserve(read, count)) return false;
  for (size_t i = 0; i < count; ++i) {
    const Aabb box = decode<Aabb>(boxes + encodedSize<Aabb>() * i);
    read.push_back(all_pairs::Box::of(box));
  }
  return all_pairs::SelfPairs(read, std::is_same_v<T, float>, share, pairs).run();
}

}  // namespace c3d
