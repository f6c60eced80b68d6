// A bounding volume hierarchy over primitives given by their boxes, for mesh queries.
// Build: top-down with the surface area heuristic evaluated on binned centroids, on all three axes (Wald 2007, "On
// fast Construction of SAH-based Bounding Volume Hierarchies"). Layout: one flat array of 32-byte nodes in
// depth-first order, an inner node's left child right after it. Boxes are float32: a box of float32 vertices is
// exactly a float32 box, so no rounding widens or narrows it.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

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
  // Half the surface area (the heuristic needs only ratios); 0 for an empty box.
  double halfArea() const {
    const double x = hi[0] - lo[0], y = hi[1] - lo[1], z = hi[2] - lo[2];
    return x < 0 ? 0 : x * y + y * z + z * x;
  }
};

// count == 0: an inner node; its left child is the next node and its right child is node `first`.
// count > 0: a leaf holding primitives [first, first + count) of the build's order.
struct BvhNode {
  BvhBox box;
  uint32_t first, count;
  bool leaf() const { return count != 0; }
};
static_assert(sizeof(BvhNode) == 32, "two nodes per 64-byte cache line");

namespace bvh {

constexpr int kBins = 16;
constexpr uint32_t kMaxLeaf = 8;   // more primitives than this are always split
constexpr uint32_t kMaxDepth = 60; // deeper nodes become leaves, so traversal stacks have a fixed size
// The cost of visiting a node, in triangle tests. Measured on a 1M-triangle torus knot: 4 gives 0.35 nodes per
// triangle (the memory budget: nodes within half the positions and index bytes) at the ray throughput of 1, which
// makes 1.08 nodes per triangle; 8 is 20 % slower.
constexpr double kTraversalCost = 4;  // relative to one primitive test

// A primitive during the build: its box and its id.
struct Item {
  BvhBox box;
  uint32_t id;
  float centre(int axis) const { return box.lo[axis] + box.hi[axis]; }  // twice the centre: only compared
};

struct Bin {
  BvhBox box = BvhBox::empty();
  uint32_t count = 0;
};

// Where the heuristic splits items [first, first + count): an axis and a bin boundary, or none (make a leaf).
struct Split {
  int axis = -1, bin = 0;
};

class Builder {
 public:
  Builder(std::vector<Item>& items, std::vector<BvhNode>& nodes) : items_(items), nodes_(nodes) {}

  void run() {
    nodes_.clear();
    if (items_.empty()) return;
    nodes_.reserve(items_.size() / 2 + 1);
    struct Task {
      uint32_t first, count, depth, parent;  // parent: the node whose right child this is, or kNone
    };
    constexpr uint32_t kNone = ~0u;
    std::vector<Task> tasks{{0, static_cast<uint32_t>(items_.size()), 0, kNone}};
    while (!tasks.empty()) {
      const Task task = tasks.back();
      tasks.pop_back();
      const auto node = static_cast<uint32_t>(nodes_.size());
      if (task.parent != kNone) nodes_[task.parent].first = node;
      BvhBox box = BvhBox::empty(), centres = BvhBox::empty();
      for (uint32_t i = task.first; i < task.first + task.count; ++i) {
        box.grow(items_[i].box);
        for (int k = 0; k < 3; ++k) {
          const float c = items_[i].centre(k);
          centres.lo[k] = std::min(centres.lo[k], c), centres.hi[k] = std::max(centres.hi[k], c);
        }
      }
      nodes_.push_back({box, task.first, task.count});
      if (task.count <= 1 || task.depth >= kMaxDepth) continue;
      const uint32_t leftCount = divide(task.first, task.count, box, centres);
      if (leftCount == 0) continue;
      nodes_[node].count = 0;
      tasks.push_back({task.first + leftCount, task.count - leftCount, task.depth + 1, node});
      tasks.push_back({task.first, leftCount, task.depth + 1, kNone});  // popped next: becomes node + 1
    }
    nodes_.shrink_to_fit();
  }

 private:
  // Bin of a centre along an axis, clamped so rounding never leaves the range.
  static int binOf(float centre, float lo, float scale) {
    const int b = static_cast<int>((centre - lo) * scale);
    return b < 0 ? 0 : b >= kBins ? kBins - 1 : b;
  }

  // Reorders items [first, first + count) so the left child's come first; returns how many, or 0 for a leaf.
  uint32_t divide(uint32_t first, uint32_t count, const BvhBox& box, const BvhBox& centres) {
    Bin bins[3][kBins];
    float scale[3];
    for (int k = 0; k < 3; ++k) {
      const float extent = centres.hi[k] - centres.lo[k];
      scale[k] = extent > 0 ? kBins / extent : 0;
    }
    for (uint32_t i = first; i < first + count; ++i) {
      const Item& item = items_[i];
      for (int k = 0; k < 3; ++k) {
        Bin& bin = bins[k][binOf(item.centre(k), centres.lo[k], scale[k])];
        bin.box.grow(item.box);
        ++bin.count;
      }
    }
    // Cost of each split, in units of one primitive test: traversal + (A_L N_L + A_R N_R) / A.
    double best = count;  // a leaf's cost
    Split split;
    const double area = box.halfArea();
    for (int k = 0; k < 3; ++k) {
      if (scale[k] == 0) continue;
      double rightCost[kBins];  // A_R N_R for the split before bin b
      BvhBox right = BvhBox::empty();
      uint32_t rightCount = 0;
      for (int b = kBins - 1; b > 0; --b) {
        right.grow(bins[k][b].box);
        rightCount += bins[k][b].count;
        rightCost[b] = right.halfArea() * rightCount;
      }
      BvhBox left = BvhBox::empty();
      uint32_t leftCount = 0;
      for (int b = 1; b < kBins; ++b) {
        left.grow(bins[k][b - 1].box);
        leftCount += bins[k][b - 1].count;
        if (leftCount == 0 || leftCount == count) continue;
        const double cost = kTraversalCost + (left.halfArea() * leftCount + rightCost[b]) / area;
        if (cost < best) best = cost, split = {k, b};
      }
    }
    if (split.axis < 0) {
      if (count <= kMaxLeaf) return 0;
      // No useful split (every centre equal, or a flat node): halve the list so leaves stay small.
      return count / 2;
    }
    const int k = split.axis;
    const auto middle = std::partition(items_.begin() + first, items_.begin() + first + count, [&](const Item& item) {
      return binOf(item.centre(k), centres.lo[k], scale[k]) < split.bin;
    });
    return static_cast<uint32_t>(middle - (items_.begin() + first));
  }

  std::vector<Item>& items_;
  std::vector<BvhNode>& nodes_;
};

}  // namespace bvh

// Builds the hierarchy over `items` (reordered: a leaf's primitives are the items it covers) into `nodes`.
inline void buildBvh(std::vector<bvh::Item>& items, std::vector<BvhNode>& nodes) { bvh::Builder(items, nodes).run(); }

// Recomputes every node's box after its primitives moved (the tree's shape is kept): children come after their
// parent, so one backward pass sees each child before its parent. `primitiveBox(i)` is the box of the i-th
// primitive in the build's order.
template <class PrimitiveBox>
void refitBvh(std::vector<BvhNode>& nodes, PrimitiveBox&& primitiveBox) {
  for (size_t n = nodes.size(); n-- > 0;) {
    BvhNode& node = nodes[n];
    BvhBox box = BvhBox::empty();
    if (node.leaf()) {
      for (uint32_t i = node.first; i < node.first + node.count; ++i) box.grow(primitiveBox(i));
    } else {
      box = nodes[n + 1].box;
      box.grow(nodes[node.first].box);
    }
    node.box = box;
  }
}

}  // namespace c3d
