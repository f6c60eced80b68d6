// All overlapping pairs among many closed axis-aligned boxes, one-shot (a static set): a bounding volume hierarchy
// over the boxes (top-down, split at the median centre along the longest axis of each node's box), then the tree
// tested against itself — each node's children against each other, descending only into pairs of nodes whose boxes
// overlap (the self-collision traversal of Gottschalk, Lin & Manocha 1996, "OBBTree", with axis-aligned boxes;
// Ericson, Real-Time Collision Detection §6.3.2). Every decision on the boxes themselves is a comparison of the given
// numbers (float32 widened exactly), so a pair is reported exactly when intersects(aabb, aabb) says they meet,
// touching included.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "collide3d/dispatch/encoded.h"
#include "collide3d/memory/checked.h"

namespace c3d {

namespace all_pairs {

struct Box {
  double lo[3], hi[3];
};

inline bool overlap(const Box& a, const Box& b) {
  return (a.lo[0] <= b.hi[0]) & (b.lo[0] <= a.hi[0]) & (a.lo[1] <= b.hi[1]) & (b.lo[1] <= a.hi[1]) &
         (a.lo[2] <= b.hi[2]) & (b.lo[2] <= a.hi[2]);
}

constexpr uint32_t kLeafSize = 4;

// A node covers boxes [first, first + count) of the tree's order; an inner node's left child follows it, its right
// child is at `right`.
struct Node {
  Box box;
  uint32_t first, count, right;
  bool leaf() const { return count <= kLeafSize; }
};

// A box's centre (twice it: lo + hi, rounded to float, which only places the splits) and its number, 16 bytes: the
// build partitions these, in place, rather than reaching into the boxes through their numbers.
struct Centre {
  float at[3];
  uint32_t id;
};

class SelfPairs {
 public:
  SelfPairs(std::vector<Box>& boxes, std::vector<uint32_t>& pairs) : boxes_(boxes), pairs_(pairs) {}

  // Appends the pairs; false when the heap cannot hold them or the tree (then `pairs` holds some).
  [[nodiscard]] bool run() {
    std::vector<Box> ordered;
    if (!checked::reserve(centres_, boxes_.size()) || !checked::reserve(ids_, boxes_.size()) ||
        !checked::reserve(nodes_, 2 * boxes_.size() / kLeafSize + 2) || !checked::reserve(ordered, boxes_.size())) {
      return false;
    }
    for (size_t i = 0; i < boxes_.size(); ++i) {
      const Box& b = boxes_[i];
      centres_.push_back({{float(b.lo[0] + b.hi[0]), float(b.lo[1] + b.hi[1]), float(b.lo[2] + b.hi[2])}, uint32_t(i)});
    }
    build(0, static_cast<uint32_t>(boxes_.size()));
    // The boxes in the tree's order, so a leaf's boxes are adjacent.
    for (const Centre& c : centres_) ids_.push_back(c.id), ordered.push_back(boxes_[c.id]);
    std::vector<Centre>().swap(centres_);
    boxes_.swap(ordered);
    self(0);
    return held_;
  }

 private:
  // The node over centres [first, first + count): split at the median centre along the axis the centres spread
  // widest; its box the union of its children's (a leaf's: of its boxes).
  uint32_t build(uint32_t first, uint32_t count) {
    const uint32_t node = static_cast<uint32_t>(nodes_.size());
    nodes_.push_back({{}, first, count, 0});
    if (count <= kLeafSize) {
      Box box = boxes_[centres_[first].id];
      for (uint32_t i = first + 1; i < first + count; ++i) grow(box, boxes_[centres_[i].id]);
      nodes_[node].box = box;
      return node;
    }
    float lo[3], hi[3];
    for (int k = 0; k < 3; ++k) lo[k] = hi[k] = centres_[first].at[k];
    for (uint32_t i = first + 1; i < first + count; ++i) {
      for (int k = 0; k < 3; ++k) lo[k] = std::min(lo[k], centres_[i].at[k]), hi[k] = std::max(hi[k], centres_[i].at[k]);
    }
    int axis = 0;
    for (int k = 1; k < 3; ++k) {
      if (hi[k] - lo[k] > hi[axis] - lo[axis]) axis = k;
    }
    const uint32_t half = count / 2;
    std::nth_element(centres_.begin() + first, centres_.begin() + first + half, centres_.begin() + first + count,
                     [axis](const Centre& p, const Centre& q) { return p.at[axis] < q.at[axis]; });
    build(first, half);
    const uint32_t right = build(first + half, count - half);
    Box box = nodes_[node + 1].box;
    grow(box, nodes_[right].box);
    nodes_[node].box = box;
    nodes_[node].right = right;
    return node;
  }

  static void grow(Box& box, const Box& b) {
    for (int k = 0; k < 3; ++k) box.lo[k] = std::min(box.lo[k], b.lo[k]), box.hi[k] = std::max(box.hi[k], b.hi[k]);
  }

  void emit(uint32_t s, uint32_t t) {
    held_ = held_ && checked::room(pairs_, 2);
    if (!held_) return;
    const uint32_t i = ids_[s], j = ids_[t];
    pairs_.push_back(i < j ? i : j);
    pairs_.push_back(i < j ? j : i);
  }

  void leafPairs(const Node& a, const Node& b) {
    for (uint32_t s = a.first; s < a.first + a.count; ++s) {
      for (uint32_t t = b.first; t < b.first + b.count; ++t) {
        if (overlap(boxes_[s], boxes_[t])) emit(s, t);
      }
    }
  }

  // Pairs within n's subtree. Like cross(), it stops once the heap cannot hold the pairs.
  void self(uint32_t n) {
    if (!held_) return;
    const Node& node = nodes_[n];
    if (node.leaf()) {
      for (uint32_t s = node.first; s < node.first + node.count; ++s) {
        for (uint32_t t = s + 1; t < node.first + node.count; ++t) {
          if (overlap(boxes_[s], boxes_[t])) emit(s, t);
        }
      }
      return;
    }
    self(n + 1);
    self(node.right);
    cross(n + 1, node.right);
  }

  // Pairs with one box under a and the other under b (disjoint subtrees).
  void cross(uint32_t a, uint32_t b) {
    const Node& na = nodes_[a];
    const Node& nb = nodes_[b];
    if (!held_ || !overlap(na.box, nb.box)) return;
    if (na.leaf() && nb.leaf()) return leafPairs(na, nb);
    // Descend into the node with more boxes (a leaf cannot be split).
    if (nb.leaf() || (!na.leaf() && na.count >= nb.count)) {
      cross(a + 1, b);
      cross(na.right, b);
    } else {
      cross(a, b + 1);
      cross(a, nb.right);
    }
  }

  std::vector<Box>& boxes_;
  std::vector<Centre> centres_;  // during the build
  std::vector<uint32_t> ids_;  // the box in each place of the tree's order
  std::vector<Node> nodes_;
  std::vector<uint32_t>& pairs_;
  bool held_ = true;  // whether every pair found so far went into pairs_
};

}  // namespace all_pairs

// Boxes as min x, y, z, max x, y, z each; appends every overlapping pair (i, j), i < j, to `pairs` (2 numbers a
// pair, in no particular order). False when the heap cannot hold them all (then `pairs` holds some).
template <class T>
[[nodiscard]] bool allPairs(const T* boxes, size_t count, std::vector<uint32_t>& pairs) {
  if (count < 2) return true;
  std::vector<all_pairs::Box> read;
  if (!checked::reserve(read, count)) return false;
  for (size_t i = 0; i < count; ++i) {
    const Aabb box = decode<Aabb>(boxes + encodedSize<Aabb>() * i);
    read.push_back({{box.min.x, box.min.y, box.min.z}, {box.max.x, box.max.y, box.max.z}});
  }
  return all_pairs::SelfPairs(read, pairs).run();
}

}  // namespace c3d
