// A bounding volume hierarchy over primitives given by their boxes, for mesh queries.
// Build: top-down with the surface area heuristic evaluated on binned centroids, on all three axes (Wald 2007, "On
// fast Construction of SAH-based Bounding Volume Hierarchies"), with 4-lane vectors for the boxes. Each node's box
// and centroid bounds come from its parent's partition pass, so every level reads each primitive twice (binning,
// partition).
// Layout: one flat array of 64-byte inner nodes, each holding both children's boxes, so a search step reads one
// cache line (as in Aila & Laine 2009, "Understanding the Efficiency of Ray Traversal on GPUs"). Boxes are float32:
// a box of float32 vertices is exactly a float32 box, so no rounding widens or narrows it.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "collide3d/math/simd.h"

namespace c3d {

struct BvhBox {
  float lo[3], hi[3];

  static BvhBox empty() {
    constexpr float kBig = std::numeric_limits<float>::infinity();
    return {{kBig, kBig, kBig}, {-kBig, -kBig, -kBig}};
  }
  void grow(const BvhBox& b) {
    for (int k = 0; k < 3; ++k) lo[k] = std::min(lo[k], b.lo[k]), hi[k] = std::max(hi[k], b.hi[k]);
  }
  void grow(const float* p) {
    for (int k = 0; k < 3; ++k) lo[k] = std::min(lo[k], p[k]), hi[k] = std::max(hi[k], p[k]);
  }
  // Half the surface area (the heuristic needs only ratios); 0 for an empty box.
  double halfArea() const {
    const double x = hi[0] - lo[0], y = hi[1] - lo[1], z = hi[2] - lo[2];
    return x < 0 ? 0 : x * y + y * z + z * x;
  }
};

// A child of a node: another inner node (count 0), or a leaf, primitives [first, first + count) of the build's order.
struct BvhChild {
  uint32_t first, count;
  bool leaf() const { return count != 0; }
};

// An inner node: its two children and their boxes, stored bound by bound (lo x, y, z, hi x, y, z), each for child
// 0 and child 1 side by side, so a caster tests both boxes at once (caster_box.h).
struct BvhNode {
  float bound[6][2];
  BvhChild child[2];

  BvhBox box(int side) const {
    return {{bound[0][side], bound[1][side], bound[2][side]}, {bound[3][side], bound[4][side], bound[5][side]}};
  }
  void setBox(int side, const BvhBox& b) {
    for (int k = 0; k < 3; ++k) bound[k][side] = b.lo[k], bound[3 + k][side] = b.hi[k];
  }
};
static_assert(sizeof(BvhNode) == 64, "one node per 64-byte cache line");

// The tree: the root (a leaf when the primitives are too few to split, nothing when there are none), its box, and
// the inner nodes, every child stored after its parent.
struct Bvh {
  BvhChild root{0, 0};
  BvhBox box = BvhBox::empty();
  std::vector<BvhNode> nodes;
  bool empty() const { return !root.leaf() && nodes.empty(); }
};

namespace bvh {

using simd::f32x4;
using simd::i32x4;

constexpr int kBins = 16;
constexpr uint32_t kMaxLeaf = 8;    // more primitives than this are always split
constexpr uint32_t kMaxDepth = 60;  // deeper nodes become leaves, so search stacks have a fixed size
// The cost of visiting a node, in primitive tests. Measured on a 1M-triangle torus knot: 4 gives 0.18 nodes per
// triangle (the memory budget: nodes within half the positions and index bytes) at the ray throughput of 1, which
// makes 0.54 nodes per triangle; 8 is 20 % slower.
constexpr double kTraversalCost = 4;

// A box during the build, one vector per corner (lane 3 unused, 0).
struct Box4 {
  f32x4 lo, hi;

  static Box4 empty() {
    constexpr float kBig = std::numeric_limits<float>::infinity();
    return {f32x4{kBig, kBig, kBig, 0}, f32x4{-kBig, -kBig, -kBig, 0}};
  }
  static Box4 of(const BvhBox& b) { return {f32x4{b.lo[0], b.lo[1], b.lo[2], 0}, f32x4{b.hi[0], b.hi[1], b.hi[2], 0}}; }
  void grow(const Box4& b) { lo = simd::min(lo, b.lo), hi = simd::max(hi, b.hi); }
  void grow(f32x4 p) { lo = simd::min(lo, p), hi = simd::max(hi, p); }
  f32x4 centre() const { return lo + hi; }  // twice the centre: only compared
  BvhBox scalar() const { return {{lo[0], lo[1], lo[2]}, {hi[0], hi[1], hi[2]}}; }
  double halfArea() const {
    const f32x4 d = hi - lo;
    return d[0] < 0 ? 0 : double(d[0]) * d[1] + double(d[1]) * d[2] + double(d[2]) * d[0];
  }
};

// A range of primitives to divide, its box and the bounds of its centres, and where its reference goes.
struct Task {
  Box4 box, centres;
  uint32_t first, count, depth;
  uint32_t parent;  // the node whose child this is (kRoot: the tree's root)
  int side;
};
constexpr uint32_t kRoot = ~0u;

class Builder {
 public:
  // boxes[i] is primitive ids[i]'s box; both are reordered together.
  Builder(std::vector<Box4>& boxes, std::vector<uint32_t>& ids, Bvh& tree) : boxes_(boxes), ids_(ids), tree_(tree) {}

  void run() {
    tree_ = Bvh{};
    if (boxes_.empty()) return;
    tree_.nodes.reserve(boxes_.size() / 4 + 1);
    Task root = task(0, static_cast<uint32_t>(boxes_.size()), 0);
    for (const Box4& box : boxes_) grow(root, box);
    tree_.box = root.box.scalar();
    root.parent = kRoot;
    tasks_.push_back(root);
    while (!tasks_.empty()) {
      const Task t = tasks_.back();
      tasks_.pop_back();
      divide(t);
    }
    tree_.nodes.shrink_to_fit();
  }

 private:
  static Task task(uint32_t first, uint32_t count, uint32_t depth) {
    return {Box4::empty(), Box4::empty(), first, count, depth, 0, 0};
  }
  static void grow(Task& t, const Box4& box) {
    t.box.grow(box);
    t.centres.grow(box.centre());
  }

  // The bin of a box's centre on each axis, clamped so rounding never leaves the range.
  static i32x4 binsOf(const Box4& box, const Task& t, f32x4 scale) {
    const i32x4 b = __builtin_convertvector((box.centre() - t.centres.lo) * scale, i32x4);
    return simd::max(simd::min(b, i32x4{kBins - 1, kBins - 1, kBins - 1, 0}), i32x4{0, 0, 0, 0});
  }

  void link(const Task& t, BvhChild child) {
    if (t.parent == kRoot) {
      tree_.root = child;
    } else {
      tree_.nodes[t.parent].child[t.side] = child;
    }
  }

  // Makes the task a leaf, or an inner node whose children become tasks.
  void divide(const Task& t) {
    Task left = task(t.first, 0, t.depth + 1), right = left;
    const uint32_t leftCount = t.count > 1 && t.depth < kMaxDepth ? split(t, left, right) : 0;
    if (leftCount == 0) {
      link(t, {t.first, t.count});
      return;
    }
    const auto node = static_cast<uint32_t>(tree_.nodes.size());
    tree_.nodes.emplace_back();
    tree_.nodes[node].setBox(0, left.box.scalar());
    tree_.nodes[node].setBox(1, right.box.scalar());
    link(t, {node, 0});
    left.count = leftCount, left.parent = node, left.side = 0;
    right.first = t.first + leftCount, right.count = t.count - leftCount, right.parent = node, right.side = 1;
    tasks_.push_back(right);
    tasks_.push_back(left);
  }

  // Reorders the task's primitives so the left child's come first, filling both children's boxes and centre
  // bounds; returns how many go left, or 0 for a leaf.
  uint32_t split(const Task& t, Task& left, Task& right) {
    struct Bin {
      Box4 box = Box4::empty();
      uint32_t count = 0;
    };
    Bin bins[3][kBins];
    const f32x4 extent = t.centres.hi - t.centres.lo;
    f32x4 scale{};
    for (int k = 0; k < 3; ++k) scale[k] = extent[k] > 0 ? kBins / extent[k] : 0;
    const uint32_t end = t.first + t.count;
    for (uint32_t i = t.first; i < end; ++i) {
      const Box4& box = boxes_[i];
      const i32x4 b = binsOf(box, t, scale);
      for (int k = 0; k < 3; ++k) {
        Bin& bin = bins[k][b[k]];
        bin.box.grow(box);
        ++bin.count;
      }
    }
    // Cost of each split, in units of one primitive test: traversal + (A_L N_L + A_R N_R) / A.
    double best = t.count;  // a leaf's cost
    int axis = -1, boundary = 0;
    const double area = t.box.halfArea();
    for (int k = 0; k < 3; ++k) {
      if (scale[k] == 0) continue;
      double rightCost[kBins];  // A_R N_R for the split before bin b
      Box4 r = Box4::empty();
      uint32_t rightCount = 0;
      for (int b = kBins - 1; b > 0; --b) {
        r.grow(bins[k][b].box);
        rightCount += bins[k][b].count;
        rightCost[b] = r.halfArea() * rightCount;
      }
      Box4 l = Box4::empty();
      uint32_t leftCount = 0;
      for (int b = 1; b < kBins; ++b) {
        l.grow(bins[k][b - 1].box);
        leftCount += bins[k][b - 1].count;
        if (leftCount == 0 || leftCount == t.count) continue;
        const double cost = kTraversalCost + (l.halfArea() * leftCount + rightCost[b]) / area;
        if (cost < best) best = cost, axis = k, boundary = b;
      }
    }
    if (axis < 0) {
      if (t.count <= kMaxLeaf) return 0;
      // No useful split (every centre equal, or a flat node): halve the range so leaves stay small.
      const uint32_t half = t.count / 2;
      for (uint32_t i = t.first; i < end; ++i) grow(i < t.first + half ? left : right, boxes_[i]);
      return half;
    }
    // Partition (two pointers), collecting each side's boxes and centre bounds on the way.
    uint32_t i = t.first, j = end;
    while (i < j) {
      if (binsOf(boxes_[i], t, scale)[axis] < boundary) {
        grow(left, boxes_[i++]);
      } else {
        --j;
        std::swap(boxes_[i], boxes_[j]);
        std::swap(ids_[i], ids_[j]);
        grow(right, boxes_[j]);
      }
    }
    return i - t.first;
  }

  std::vector<Box4>& boxes_;
  std::vector<uint32_t>& ids_;
  Bvh& tree_;
  std::vector<Task> tasks_;
};

}  // namespace bvh

// Builds the hierarchy over primitives with the given boxes and ids, both reordered: leaf primitives are ranges of
// that order.
inline Bvh buildBvh(std::vector<bvh::Box4>& boxes, std::vector<uint32_t>& ids) {
  Bvh tree;
  bvh::Builder(boxes, ids, tree).run();
  return tree;
}

// Recomputes every box after the primitives moved (the tree's shape is kept): children come after their parent, so
// one backward pass sees each child before its parent. `primitiveBox(i)` is the box of the i-th primitive in the
// build's order.
template <class PrimitiveBox>
void refitBvh(Bvh& tree, PrimitiveBox&& primitiveBox) {
  auto boxOf = [&](BvhChild child) {
    BvhBox box = BvhBox::empty();
    if (child.leaf()) {
      for (uint32_t i = child.first; i < child.first + child.count; ++i) box.grow(primitiveBox(i));
    } else {
      box = tree.nodes[child.first].box(0);
      box.grow(tree.nodes[child.first].box(1));
    }
    return box;
  };
  for (size_t n = tree.nodes.size(); n-- > 0;) {
    for (int side = 0; side < 2; ++side) tree.nodes[n].setBox(side, boxOf(tree.nodes[n].child[side]));
  }
  if (!tree.empty()) tree.box = boxOf(tree.root);
}

}  // namespace c3d
