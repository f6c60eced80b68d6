// A bounding volume hierarchy over primitives given by their boxes, for the mesh and segment-tree queries.
// Build: top-down with the surface area heuristic evaluated on centroids binned along each node's widest axis (Wald
// 2007, "On fast Construction of SAH-based Bounding Volume Hierarchies"), with 4-lane vectors for the boxes. A
// node's box, centre bounds and bins are all filled by its parent's partition pass, so each level of the tree reads
// each primitive once. The binary tree is then collapsed into one of four children per node (Wald, Benthin &
// Boulos 2008, "Getting Rid of Packets"; Dammertz, Hanika & Keller 2008, "Shallow Bounding Volume Hierarchies"),
// opening the largest inner child first: a search then waits on half as many dependent node reads, which is what a
// ray through a large mesh spends most of its time on.
// Layout: one flat array of 128-byte nodes, each holding its children's boxes bound by bound, so a search step reads
// two adjacent cache lines and tests all four boxes at once. Boxes are float32: a box of float32 vertices is exactly
// a float32 box, so no rounding widens or narrows it.
#pragma once
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "collide3d/math/simd.h"
#include "collide3d/memory/checked.h"

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

// x rounded down to a float (toward -infinity; below float's range, to -infinity), without a branch: rounded to
// nearest, then stepped one float down where that went up. A float's bits are sign and magnitude, so the step is one
// less for a positive float and one more for a negative one (-0, from a number just below 0, becomes the negative least
// subnormal; +0 never went up). Branch-free because whether rounding went up is a coin toss: with a branch (or
// std::nextafter, a library call) a one-shot allPairs of 100,000 boxes spent 5 ms of its 40 here.
inline float floatBelow(double x) {
  constexpr double kMax = std::numeric_limits<float>::max();
  float nearest = static_cast<float>(std::clamp(x, -kMax, kMax));  // converting beyond float's range is undefined
  uint32_t bits;
  std::memcpy(&bits, &nearest, sizeof bits);
  const uint32_t up = static_cast<double>(nearest) > x, negative = bits >> 31;
  bits = bits + (up & negative) - (up & (negative ^ 1));
  std::memcpy(&nearest, &bits, sizeof nearest);
  return nearest;
}
inline float floatAbove(double x) { return -floatBelow(-x); }

// The float box holding a double box: each bound rounded outwards (beyond float's range, to infinity).
inline BvhBox floatBoundsOf(const double (&lo)[3], const double (&hi)[3]) {
  BvhBox box;
  for (int k = 0; k < 3; ++k) box.lo[k] = floatBelow(lo[k]), box.hi[k] = floatAbove(hi[k]);
  return box;
}

// A child of a node: another inner node (count 0), a leaf, primitives [first, first + count) of the build's order,
// or no child ({0, 0}: node 0, the root, is nobody's child).
struct BvhChild {
  uint32_t first, count;
  bool leaf() const { return count != 0; }
  bool none() const { return first == 0 && count == 0; }
};

constexpr int kBvhWidth = 4;

// An inner node: up to four children and their boxes, stored bound by bound (lo x, y, z, hi x, y, z), each for the
// four children side by side, so a caster tests the boxes together (caster_box.h). A missing child has an empty box.
struct alignas(64) BvhNode {
  float bound[6][kBvhWidth];
  BvhChild child[kBvhWidth];

  BvhNode() {
    for (int side = 0; side < kBvhWidth; ++side) setBox(side, BvhBox::empty()), child[side] = {0, 0};
  }
  BvhBox box(int side) const {
    return {{bound[0][side], bound[1][side], bound[2][side]}, {bound[3][side], bound[4][side], bound[5][side]}};
  }
  void setBox(int side, const BvhBox& b) {
    for (int k = 0; k < 3; ++k) bound[k][side] = b.lo[k], bound[3 + k][side] = b.hi[k];
  }
};
static_assert(sizeof(BvhNode) == 128, "two 64-byte cache lines per node");

// The tree: the root (a leaf when the primitives are too few to split, nothing when there are none), its box, and
// the inner nodes, every child stored after its parent.
struct Bvh {
  BvhChild root{0, 0};
  BvhBox box = BvhBox::empty();
  std::vector<BvhNode> nodes;
  bool empty() const { return !root.leaf() && nodes.empty(); }
};

// Where a build says how far it is: report(context, fraction) with the fraction of the primitives placed in leaves,
// about every 1/kProgressSteps of them and once at 1 (a few dozen calls whatever the size, so they cost nothing
// measurable). Returning false stops the build, which then fails as when the heap is full.
struct BuildProgress {
  bool (*report)(void* context, double fraction) = nullptr;
  void* context = nullptr;
};
constexpr uint32_t kProgressSteps = 64;

namespace bvh {

using simd::f32x4;

// A node of the binary tree the build makes first: two children and their boxes.
struct BinaryNode {
  BvhBox box[2];
  BvhChild child[2];
};

constexpr int kBins = 16;
constexpr uint32_t kMaxLeaf = 8;    // more primitives than this are always split
constexpr uint32_t kMaxDepth = 60;  // deeper nodes become leaves, so search stacks have a fixed size
// The cost of visiting a binary node, in primitive tests. Measured on a 1M-triangle torus knot with four-child
// nodes: 4 gives 0.09 of them per triangle (11.6 bytes) and 14 triangle tests per ray; 2 needs 0.16 nodes (20.7
// bytes). Since a mesh raycast tests its leaves' triangles on SIMD lanes, 2, 3, 4 and 6 cast first hits within the
// noise of one another natively.
constexpr double kTraversalCost = 4;
// A range of at most this many primitives is a leaf without evaluating a split: any split costs kTraversalCost and
// more, its leaf at most the same (and a tie keeps the leaf). Such ranges are neither binned nor searched for splits.
constexpr uint32_t kSurelyLeaf = static_cast<uint32_t>(kTraversalCost);
static_assert(kSurelyLeaf <= kMaxLeaf);

// A box during the build, one vector per corner. Lane 3 of hi is unused; lane 3 of lo holds the box's bin in the
// frame of the range it is in, once that range is binned (the partition reads it there rather than binning again).
struct Box4 {
  f32x4 lo, hi;

  static Box4 empty() {
    constexpr float kBig = std::numeric_limits<float>::infinity();
    return {f32x4{kBig, kBig, kBig, 0}, f32x4{-kBig, -kBig, -kBig, 0}};
  }
  void grow(const Box4& b) { lo = simd::min(lo, b.lo), hi = simd::max(hi, b.hi); }
  void grow(f32x4 p) { lo = simd::min(lo, p), hi = simd::max(hi, p); }
  f32x4 centre() const { return 0.5f * lo + 0.5f * hi; }  // halves first: no overflow for finite corners
  BvhBox scalar() const { return {{lo[0], lo[1], lo[2]}, {hi[0], hi[1], hi[2]}}; }
  double halfArea() const {
    const f32x4 d = hi - lo;
    return d[0] < 0 ? 0 : double(d[0]) * d[1] + double(d[1]) * d[2] + double(d[2]) * d[0];
  }
};

// Where a range's centres fall along one axis: kBins equal bins from lo (all in bin 0 when scale is 0).
struct Frame {
  int axis = 0;
  float lo = 0, scale = 0;

  // Along the widest axis of centre bounds [lo, hi].
  static Frame widest(f32x4 lo, f32x4 hi) {
    const f32x4 extent = hi - lo;
    Frame f;
    f.axis = extent[1] > extent[0] ? (extent[2] > extent[1] ? 2 : 1) : (extent[2] > extent[0] ? 2 : 0);
    f.lo = lo[f.axis];
    f.scale = kBins / extent[f.axis];
    // No extent, or too little for a float reciprocal: every centre in bin 0.
    if (!(f.scale < std::numeric_limits<float>::infinity())) f.scale = 0;
    return f;
  }
  // Clamped, so rounding never leaves the range. Centres and extents are finite (centres are halved first), and a
  // centre lies within a few ulps of its frame's range (a child's frame is its parent's, cut where the parent's bins
  // split), so the product stays near [0, kBins] (or is 0) and converts to int without overflow.
  int binOf(const Box4& box) const {
    const float* l = reinterpret_cast<const float*>(&box.lo);
    const float* h = reinterpret_cast<const float*>(&box.hi);
    const int b = static_cast<int>((0.5f * l[axis] + 0.5f * h[axis] - lo) * scale);
    return b < 0 ? 0 : b >= kBins ? kBins - 1 : b;
  }
};

struct Bin {
  Box4 box = Box4::empty();
  uint32_t count = 0;
};
using Bins = std::array<Bin, kBins>;

// A range of primitives to divide: its box, the bounds of its centres, its centres binned (in bins_[bins]) along
// `frame`, and where its reference goes.
struct Task {
  Box4 box, centres;
  Frame frame;
  uint32_t bins;
  uint32_t first, count, depth;
  uint32_t parent;  // the node whose child this is (kRoot: the tree's root)
  int side;
};
constexpr uint32_t kRoot = ~0u;

class Builder {
 public:
  // boxes[i] is primitive ids[i]'s box; both are reordered together.
  Builder(std::vector<Box4>& boxes, std::vector<uint32_t>& ids, Bvh& tree, BuildProgress progress)
      : boxes_(boxes), ids_(ids), tree_(tree), progress_(progress) {}

  // False when the heap cannot hold the tree or the build's working space, or when the progress report stopped it
  // (the tree is then empty).
  [[nodiscard]] bool run() {
    tree_ = Bvh{};
    if (boxes_.empty()) return true;
    step_ = std::max<size_t>(boxes_.size() / kProgressSteps, 1);
    nextReport_ = step_;
    // Depth-first, a task leaves at most one sibling pending per level, and holds one entry of bins_ (two while it
    // is divided): these never outgrow kStack. Binary nodes grow through checked::room.
    if (!checked::reserve(nodes_, boxes_.size() / 4 + 1) || !checked::reserve(tasks_, kStack) ||
        !checked::reserve(bins_, kStack) || !checked::reserve(freeBins_, kStack)) {
      return false;
    }
    Task root = task(0, static_cast<uint32_t>(boxes_.size()), 0, kRoot, 0);
    for (const Box4& box : boxes_) grow(root, box);
    tree_.box = root.box.scalar();
    bin(root);
    tasks_.push_back(root);
    bool held = true;
    while (held && !tasks_.empty()) {
      const Task t = tasks_.back();
      tasks_.pop_back();
      held = divide(t);
    }
    if (held && collapse()) return true;
    tree_ = Bvh{};
    return false;
  }

 private:
  Task task(uint32_t first, uint32_t count, uint32_t depth, uint32_t parent, int side) {
    uint32_t bins;
    if (freeBins_.empty()) {
      bins = static_cast<uint32_t>(bins_.size());
      bins_.emplace_back();
    } else {
      bins = freeBins_.back();
      freeBins_.pop_back();
      bins_[bins] = Bins{};
    }
    return {Box4::empty(), Box4::empty(), Frame{}, bins, first, count, depth, parent, side};
  }
  static void grow(Task& t, const Box4& box) {
    t.box.grow(box);
    t.centres.grow(box.centre());
  }
  // A box's bin in `frame`, kept in the box (Box4).
  static int keepBin(Box4& box, const Frame& frame) {
    const int bin = frame.binOf(box);
    box.lo[3] = static_cast<float>(bin);
    return bin;
  }
  static int keptBin(const Box4& box) { return static_cast<int>(box.lo[3]); }
  void addToBin(const Task& t, Box4& box) {
    Bin& b = bins_[t.bins][keepBin(box, t.frame)];
    b.box.grow(box);
    ++b.count;
  }
  // Bins a task's centres in a pass of their own (the root, and the halves of a range no bin boundary splits).
  void bin(Task& t) {
    t.frame = Frame::widest(t.centres.lo, t.centres.hi);
    if (t.count <= kSurelyLeaf) return;
    for (uint32_t i = t.first; i < t.first + t.count; ++i) addToBin(t, boxes_[i]);
  }

  void link(const Task& t, BvhChild child) {
    if (t.parent == kRoot) {
      tree_.root = child;
    } else {
      nodes_[t.parent].child[t.side] = child;
    }
  }

  // Makes the task a leaf, or an inner node whose children become tasks; false when the heap cannot hold the node or
  // the progress report stops the build.
  [[nodiscard]] bool divide(const Task& t) {
    freeBins_.push_back(t.bins);  // read below, before any new task reuses it
    const bool splittable = t.count > kSurelyLeaf && t.depth < kMaxDepth;
    const int boundary = splittable ? bestBoundary(t) : 0;
    if (boundary == 0 && (!splittable || t.count <= kMaxLeaf)) {
      link(t, {t.first, t.count});
      return placed(t.count);
    }
    if (!checked::room(nodes_, 1)) return false;
    const auto node = static_cast<uint32_t>(nodes_.size());
    nodes_.emplace_back();
    link(t, {node, 0});
    Task left = task(t.first, 0, t.depth + 1, node, 0), right = task(t.first, 0, t.depth + 1, node, 1);
    if (boundary == 0) {
      halve(t, left, right);
    } else {
      partition(t, boundary, left, right);
    }
    nodes_[node].box[0] = left.box.scalar();
    nodes_[node].box[1] = right.box.scalar();
    tasks_.push_back(right);
    tasks_.push_back(left);
    return true;
  }

  // Counts primitives placed in a leaf, reporting progress at its steps; false when the report stops the build.
  bool placed(uint32_t count) {
    placed_ += count;
    if (progress_.report == nullptr || (placed_ < nextReport_ && placed_ < boxes_.size())) return true;
    nextReport_ = placed_ + step_;
    return progress_.report(progress_.context, static_cast<double>(placed_) / static_cast<double>(boxes_.size()));
  }

  // The bin boundary of the cheapest split, or 0 when a leaf is cheaper. Cost, in units of one primitive test:
  // traversal + (A_L N_L + A_R N_R) / A, against N for a leaf.
  int bestBoundary(const Task& t) const {
    if (t.frame.scale == 0) return 0;
    const Bins& bins = bins_[t.bins];
    // Only boundaries after a non-empty bin are evaluated: one after an empty bin splits the range as the boundary
    // before that bin does, at the same cost, and the first of equal costs is kept.
    double rightCost[kBins];  // A_R N_R for the split before bin b
    Box4 r = Box4::empty();
    uint32_t rightCount = 0;
    for (int b = kBins - 1; b > 0; --b) {
      r.grow(bins[b].box);
      rightCount += bins[b].count;
      if (bins[b - 1].count != 0) rightCost[b] = r.halfArea() * rightCount;
    }
    double best = t.count;
    int boundary = 0;
    const double area = t.box.halfArea();
    Box4 l = Box4::empty();
    uint32_t leftCount = 0;
    for (int b = 1; b < kBins; ++b) {
      if (bins[b - 1].count == 0) continue;
      l.grow(bins[b - 1].box);
      leftCount += bins[b - 1].count;
      if (leftCount == t.count) continue;
      const double cost = kTraversalCost + (l.halfArea() * leftCount + rightCost[b]) / area;
      if (cost < best) best = cost, boundary = b;
    }
    return boundary;
  }

  // No useful split (every centre equal, or none cheaper than a leaf, for a range too long for one): halves it.
  void halve(const Task& t, Task& left, Task& right) {
    left.count = t.count / 2;
    right.first = t.first + left.count, right.count = t.count - left.count;
    for (Task* half : {&left, &right}) {
      for (uint32_t i = half->first; i < half->first + half->count; ++i) grow(*half, boxes_[i]);
      bin(*half);
    }
  }

  // Puts the items of bins before `boundary` first (two pointers), collecting each side's box and centre bounds,
  // and binning each side for its own split on the way: along the widest axis of its centre bounds as far as the
  // parent's bins tell them (the parent's, cut at the boundary), which the pass then makes exact.
  void partition(const Task& t, int boundary, Task& left, Task& right) {
    const int axis = t.frame.axis;
    const float cut = t.frame.lo + boundary / t.frame.scale;
    f32x4 leftHi = t.centres.hi, rightLo = t.centres.lo;
    leftHi[axis] = std::min(cut, t.centres.hi[axis]);
    rightLo[axis] = std::max(cut, t.centres.lo[axis]);
    left.frame = Frame::widest(t.centres.lo, leftHi);
    right.frame = Frame::widest(rightLo, t.centres.hi);
    // Locals, so the compiler keeps them in registers across the swaps.
    Box4* box = boxes_.data();
    uint32_t* id = ids_.data();
    const Frame leftFrame = left.frame, rightFrame = right.frame;
    Bin* leftBins = bins_[left.bins].data();
    Bin* rightBins = bins_[right.bins].data();
    Box4 leftBox = Box4::empty(), leftCentres = Box4::empty(), rightBox = leftBox, rightCentres = leftBox;
    auto add = [](const Box4& b, Box4& bounds, Box4& centres, Bin& bin) {
      bounds.grow(b);
      centres.grow(b.centre());
      bin.box.grow(b);
      ++bin.count;
    };
    uint32_t i = t.first, j = t.first + t.count;
    while (i < j) {
      if (keptBin(box[i]) < boundary) {
        add(box[i], leftBox, leftCentres, leftBins[keepBin(box[i], leftFrame)]);
        ++i;
      } else {
        --j;
        std::swap(box[i], box[j]);
        std::swap(id[i], id[j]);
        add(box[j], rightBox, rightCentres, rightBins[keepBin(box[j], rightFrame)]);
      }
    }
    left.box = leftBox, left.centres = leftCentres, right.box = rightBox, right.centres = rightCentres;
    left.count = i - t.first;
    right.first = i, right.count = t.first + t.count - i;
  }

  // The binary tree's nodes as the tree's four-child nodes: each gathers up to four descendants by opening, while
  // it has fewer, its inner child with the largest box. Nodes are made in the order of a depth-first walk, so children
  // come after parents.
  // False when the heap cannot hold the nodes.
  [[nodiscard]] bool collapse() {
    if (tree_.root.leaf()) return true;
    struct Pending {
      uint32_t binary, wide;
    };
    // Each node taken from this depth-first stack puts back at most four, a level deeper.
    std::vector<Pending> pending;
    if (!checked::reserve(tree_.nodes, nodes_.size() / 2 + 1) || !checked::reserve(pending, 4 * kStack)) return false;
    pending.push_back({tree_.root.first, 0});
    tree_.root = {0, 0};
    tree_.nodes.emplace_back();
    while (!pending.empty()) {
      const Pending p = pending.back();
      pending.pop_back();
      const BinaryNode& top = nodes_[p.binary];
      BvhBox box[kBvhWidth] = {top.box[0], top.box[1]};
      BvhChild child[kBvhWidth] = {top.child[0], top.child[1]};
      int count = 2;
      while (count < kBvhWidth) {
        int open = -1;
        for (int c = 0; c < count; ++c) {
          if (!child[c].leaf() && (open < 0 || box[c].halfArea() > box[open].halfArea())) open = c;
        }
        if (open < 0) break;
        const BinaryNode& opened = nodes_[child[open].first];
        box[open] = opened.box[0], child[open] = opened.child[0];
        box[count] = opened.box[1], child[count] = opened.child[1];
        ++count;
      }
      for (int c = 0; c < count; ++c) {
        tree_.nodes[p.wide].setBox(c, box[c]);
        if (child[c].leaf()) {
          tree_.nodes[p.wide].child[c] = child[c];
        } else {
          if (!checked::room(tree_.nodes, 1)) return false;
          const auto wide = static_cast<uint32_t>(tree_.nodes.size());
          tree_.nodes.emplace_back();
          tree_.nodes[p.wide].child[c] = {wide, 0};
          pending.push_back({child[c].first, wide});
        }
      }
    }
    checked::shrink(tree_.nodes);
    return true;
  }

  static constexpr size_t kStack = kMaxDepth + 3;

  std::vector<Box4>& boxes_;
  std::vector<uint32_t>& ids_;
  Bvh& tree_;
  std::vector<BinaryNode> nodes_;  // the binary tree, until collapse()
  std::vector<Task> tasks_;
  std::vector<Bins> bins_;         // the pending tasks' bins
  std::vector<uint32_t> freeBins_;  // entries of bins_ no pending task uses
  BuildProgress progress_;
  size_t placed_ = 0, step_ = 1, nextReport_ = 1;  // primitives in leaves so far; when to report next
};

}  // namespace bvh

// Builds the hierarchy over primitives with the given boxes and ids, both reordered: leaf primitives are ranges of
// that order. False (the tree empty) when the heap cannot hold it, or when `progress` stopped the build.
[[nodiscard]] inline bool buildBvh(std::vector<bvh::Box4>& boxes, std::vector<uint32_t>& ids, Bvh& tree,
                                   BuildProgress progress = {}) {
  return bvh::Builder(boxes, ids, tree, progress).run();
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
      for (int side = 0; side < kBvhWidth; ++side) box.grow(tree.nodes[child.first].box(side));  // missing: empty
    }
    return box;
  };
  for (size_t n = tree.nodes.size(); n-- > 0;) {
    for (int side = 0; side < kBvhWidth; ++side) {
      if (!tree.nodes[n].child[side].none()) tree.nodes[n].setBox(side, boxOf(tree.nodes[n].child[side]));
    }
  }
  if (!tree.empty()) tree.box = boxOf(tree.root);
}

namespace bvh {

// Every child's key: by the key's own node form when it has one (a caster's, vectorised), else box by box.
template <class Key>
auto keys(Key& key, const BvhNode& node, double (&out)[kBvhWidth]) -> decltype(key(node, out)) {
  return key(node, out);
}
template <class Key, class... None>
void keys(Key& key, const BvhNode& node, double (&out)[kBvhWidth], None...) {
  for (int side = 0; side < kBvhWidth; ++side) out[side] = key(node.box(side));
}

}  // namespace bvh

namespace bvh {
// A watcher of a search that hears nothing.
struct NoWatch {
  template <class Told>
  void operator()(const Told&) const {}
};
}  // namespace bvh

// Depth-first search of the BVH, nearer children first. key(box) is a lower bound of what the box can hold (NaN:
// nothing), compared with `limit`, which the caller may lower as it finds answers; leaf(slot) tests one primitive (by
// its slot in the build's order), or leaf(child) every primitive of a leaf, and returns true to stop. enter(child)
// hears of each node or leaf the search enters, the root first (a trace watches the search so; the queries pass
// nothing, which costs nothing).
template <class Key, class Leaf, class Enter = bvh::NoWatch>
void searchBvh(const Bvh& tree, Key&& key, const double& limit, Leaf&& leaf, Enter&& enter = Enter{}) {
  if (tree.empty() || !(key(tree.box) <= limit)) return;
  struct Pending {
    BvhChild child;
    double key;
  };
  Pending stack[(kBvhWidth - 1) * (bvh::kMaxDepth + 1) + 1];
  int top = 0;
  BvhChild at = tree.root;
  for (;;) {
    enter(at);
    if (at.leaf()) {
      if constexpr (std::is_invocable_v<Leaf&, BvhChild>) {
        if (leaf(at)) return;
      } else {
        for (uint32_t slot = at.first; slot < at.first + at.count; ++slot) {
          if (leaf(slot)) return;
        }
      }
    } else {
      const BvhNode& node = tree.nodes[at.first];
      double key4[kBvhWidth];
      bvh::keys(key, node, key4);
      // The children worth entering, farthest first: the last is entered now, the others wait on the stack.
      Pending in[kBvhWidth];
      int count = 0;
      for (int side = 0; side < kBvhWidth; ++side) {
        if (!(key4[side] <= limit) || node.child[side].none()) continue;
        int i = count++;
        for (; i > 0 && in[i - 1].key < key4[side]; --i) in[i] = in[i - 1];
        in[i] = {node.child[side], key4[side]};
      }
      if (count > 0) {
        for (int i = 0; i + 1 < count; ++i) stack[top++] = in[i];
        at = in[count - 1].child;
        continue;
      }
    }
    for (;;) {
      if (top == 0) return;
      const Pending& p = stack[--top];
      if (p.key <= limit) {
        at = p.child;
        break;
      }
    }
  }
}

}  // namespace c3d
