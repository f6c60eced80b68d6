// A dynamic AABB tree: boxes that are inserted, moved and removed one at a time, each under an id, with queries for
// the boxes a shape meets, a caster's first box, and every overlapping pair (the structure of Box2D's b2DynamicTree,
// Catto 2007–; Bergen, "Collision Detection in Interactive 3D Environments", §5.3; the pairs by allPairs).
// - Each leaf keeps its box and a fat box, grown by a margin: a box that moves within its fat box needs no change
//   to the tree.
// - Insertion descends towards the sibling that grows the tree's surface area least (the greedy surface-area
//   descent of Box2D 2.4), and rotations on the way back up keep it height-balanced as an AVL tree is.
// - Answers are decided on the boxes themselves, never the fat ones (which only prune), by the intersects and raycast
//   queries: a query reports exactly the ids whose boxes the single query says meet the shape.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

#include "collide3d/broadphase/all_pairs.h"
#include "collide3d/broadphase/spatial_order.h"
#include "collide3d/memory/checked.h"
#include "collide3d/mesh/caster_box.h"
#include "collide3d/queries/intersects/intersects_aabb_aabb.h"
#include "collide3d/queries/raycast/raycast_box.h"

namespace c3d {

class DynamicTree {
 public:
  static constexpr uint32_t kNone = ~0u;

  explicit DynamicTree(double margin) : margin_(margin) {}

  size_t size() const { return count_; }
  // Whether `id` is a box in the tree (given by insert, not removed since).
  bool contains(uint32_t id) const { return id < leafOf_.size() && leafOf_[id] != kNone; }
  const Aabb& box(uint32_t id) const { return nodes_[leafOf_[id]].box; }

  // Room for the next insert (two nodes and an id), and for what it makes later calls need: an entry of freeIds_
  // per id (remove), a search stack as deep as there are nodes (queries). False when the heap cannot give it. The
  // arrays grow by themselves too; calling this before each insert makes every growth a checked one.
  [[nodiscard]] bool reserveForInsert() {
    return checked::room(nodes_, 2) && checked::room(leafOf_, 1) && checked::reserve(freeIds_, leafOf_.capacity()) &&
           checked::reserve(stack_, nodes_.capacity());
  }

  // Adds a box; returns its id: 0, 1, 2, ... in order, the ids of removed boxes reused first.
  uint32_t insert(const Aabb& box) {
    const uint32_t leaf = newLeaf(box);
    attach(leaf);
    return nodes_[leaf].id;
  }

  // Room for insertMany(count, ...): the nodes and ids of `count` more boxes, and the build's list of leaves. False
  // when the heap cannot give it (the tree is unchanged).
  [[nodiscard]] bool reserveForInsertMany(size_t count) {
    // Only the nodes and ids beyond those freed (each box takes a leaf and an inner node), so that a steady cycle of
    // batches and removals allocates nothing after its first round.
    const auto beyond = [](size_t needed, size_t freed) { return needed > freed ? needed - freed : 0; };
    return checked::reserve(nodes_, nodes_.size() + beyond(2 * count, freeNodes_)) &&
           checked::reserve(leafOf_, leafOf_.size() + beyond(count, freeIds_.size())) &&
           checked::reserve(freeIds_, leafOf_.capacity()) && checked::reserve(stack_, nodes_.capacity()) &&
           checked::reserve(leaves_, count_ + count);
  }

  // Adds `count` boxes (boxAt(i) gives the i-th) at once, writing each one's id to ids[i] as insert would give them.
  // Precondition: reserveForInsertMany(count). A batch small beside the tree goes in one box at a time; otherwise
  // the tree is built again from all its leaves, old and new: the leaves put in spatial order by their centres
  // (spatial_order.h; median splits alone when the heap cannot hold its keys), then that order halved, and each half
  // halved, down to single leaves (balanced, log2 n high, so later inserts and rotations start from an AVL tree; a
  // median split of each node along its longest side, as Bergen §5.3 builds, took 3.0 times the instructions and 2.1
  // times as long natively on 100,000 boxes). Leaves keep their fat boxes.
  template <class BoxAt>
  void insertMany(size_t count, BoxAt&& boxAt, uint32_t* ids) {
    if (count == 0) return;
    if (count < count_ / kRebuildFraction) {
      for (size_t i = 0; i < count; ++i) ids[i] = insert(boxAt(i));
      return;
    }
    leaves_.clear();
    if (root_ != kNone) collectLeaves();
    for (size_t i = 0; i < count; ++i) {
      const uint32_t leaf = newLeaf(boxAt(i));
      ids[i] = nodes_[leaf].id;
      leaves_.push_back(centred(leaf));
    }
    if (!spatialOrder(leaves_)) spatial_order::splitByMedians(leaves_.begin(), leaves_.end());
    root_ = build(0, leaves_.size());
    nodes_[root_].parent = kNone;
  }

  // Moves box `id` (contains(id)): the tree changes only when the box leaves its fat box.
  void update(uint32_t id, const Aabb& box) {
    const uint32_t leaf = leafOf_[id];
    nodes_[leaf].box = box;
    if (inside(box, nodes_[leaf].fat)) return;
    detach(leaf);
    nodes_[leaf].fat = fatten(box);
    attach(leaf);
  }

  void remove(uint32_t id) {
    const uint32_t leaf = leafOf_[id];
    detach(leaf);
    release(leaf);
    leafOf_[id] = kNone;
    freeIds_.push_back(id);
    --count_;
  }

  // Calls visit(id) for every box that meetsBox(box) says meets the query; mayMeet(box) prunes by the fat boxes
  // (it must hold for any box holding a box that meets). visit returns false to stop.
  template <class MayMeet, class Meets, class Visit>
  void query(MayMeet&& mayMeet, Meets&& meetsBox, Visit&& visit) const {
    if (root_ == kNone) return;
    stack_.clear();
    stack_.push_back(root_);
    while (!stack_.empty()) {
      const Node& node = nodes_[stack_.back()];
      stack_.pop_back();
      if (!mayMeet(node.fat)) continue;
      if (node.height == 0) {
        if (meetsBox(node.box) && !visit(node.id)) return;
      } else {
        stack_.push_back(node.child[0]);
        stack_.push_back(node.child[1]);
      }
    }
  }

  // The first box the caster hits (least t; ties: the lowest id), and the hit.
  std::optional<std::pair<uint32_t, RaycastHit>> raycast(const Caster& caster, const RaycastOptions& options) const {
    std::optional<std::pair<uint32_t, RaycastHit>> best;
    if (root_ == kNone) return best;
    RaycastOptions pruning;  // a fat box is entered where the caster enters it, or at its start from inside
    pruning.maxDistance = options.maxDistance;
    double limit = kInfinity;
    // A relative margin on t: the pruning hit and the box's hit are rounded separately.
    constexpr double kMargin = 1.0 / (1 << 20);
    stack_.clear();
    stack_.push_back(root_);
    while (!stack_.empty()) {
      const uint32_t at = stack_.back();
      stack_.pop_back();
      const Node& node = nodes_[at];
      const auto entry = c3d::raycast(caster, node.fat, pruning);
      if (!entry || entry->t > limit) continue;
      if (node.height == 0) {
        const auto hit = c3d::raycast(caster, node.box, options);
        if (hit && (!best || hit->t < best->second.t || (hit->t == best->second.t && node.id < best->first))) {
          best.emplace(node.id, *hit);
          limit = hit->t + std::fabs(hit->t) * kMargin;
        }
      } else {
        stack_.push_back(node.child[0]);
        stack_.push_back(node.child[1]);
      }
    }
    return best;
  }

  // Every box the caster hits, as (t, id), nearest first (ties: the lower id): each decided by the raycast query on
  // the box alone, as raycast() decides the first. Fat boxes prune by CasterBox's slab test, which widens for
  // rounding, so no exact test is spent on the boxes the caster surely misses. False when the heap cannot hold them
  // (then `out` holds some).
  [[nodiscard]] bool raycastAll(const Caster& caster, const RaycastOptions& options,
                                std::vector<std::pair<double, uint32_t>>& out) const {
    out.clear();
    const auto hi = limitOf(caster, options);
    if (root_ == kNone || !hi) return true;
    const CasterBox slabs(caster, *hi);
    stack_.clear();
    stack_.push_back(root_);
    while (!stack_.empty()) {
      const Node& node = nodes_[stack_.back()];
      stack_.pop_back();
      const Aabb& fat = node.fat;
      if (std::isnan(slabs({fat.min.x, fat.min.y, fat.min.z, fat.max.x, fat.max.y, fat.max.z}))) continue;
      if (node.height == 0) {
        const auto hit = c3d::raycast(caster, node.box, options);
        if (!hit) continue;
        if (!checked::room(out, 1)) return false;
        out.emplace_back(hit->t, node.id);
      } else {
        stack_.push_back(node.child[0]);
        stack_.push_back(node.child[1]);
      }
    }
    std::sort(out.begin(), out.end());
    return true;
  }

  // Every pair of ids whose boxes overlap (touching counts), each once as (smaller, larger): the one-shot allPairs
  // over the boxes as given (all_pairs.h), its numbers then made ids. The tree's own self-traversal (each inner node's
  // children against each other over the fat boxes, the taller of two overlapping nodes opened) took 3.5 times as
  // long on 100,000 random boxes (bench/broadphase.mjs): every box's pairs are asked for, so the tree's shape, made
  // for keeping up with moves and for queries, saves nothing here. False when the heap cannot hold them (then `out`
  // holds some).
  [[nodiscard]] bool pairs(std::vector<uint32_t>& out) const {
    std::vector<all_pairs::Box> boxes;
    std::vector<uint32_t> ids;
    if (!checked::reserve(boxes, count_) || !checked::reserve(ids, count_)) return false;
    for (const Node& node : nodes_) {
      if (node.height != 0) continue;
      boxes.push_back(all_pairs::Box::of(node.box));
      ids.push_back(node.id);
    }
    const size_t first = out.size();
    const bool held = boxes.size() < 2 || all_pairs::SelfPairs(boxes, false, {}, out).run();
    for (size_t k = first; k < out.size(); k += 2) {
      const uint32_t i = ids[out[k]], j = ids[out[k + 1]];
      out[k] = std::min(i, j), out[k + 1] = std::max(i, j);
    }
    return held;
  }

  // The tree's height (0 for a single box): for tests of its balance.
  int height() const { return root_ == kNone ? -1 : nodes_[root_].height; }

 private:
  struct Node {
    Aabb box;  // leaves: the box as given
    Aabb fat;  // leaves: the box grown by the margin; inner nodes: the union of the children's fat boxes
    uint32_t parent = kNone;
    uint32_t child[2] = {kNone, kNone};
    int height = -1;  // 0: a leaf; -1: free (on the free list, through `parent`)
    uint32_t id = kNone;  // a leaf's box's id
  };

  static bool inside(const Aabb& box, const Aabb& outer) {
    return outer.min.x <= box.min.x && outer.min.y <= box.min.y && outer.min.z <= box.min.z &&
           box.max.x <= outer.max.x && box.max.y <= outer.max.y && box.max.z <= outer.max.z;
  }
  static Aabb merged(const Aabb& a, const Aabb& b) {
    return {{std::fmin(a.min.x, b.min.x), std::fmin(a.min.y, b.min.y), std::fmin(a.min.z, b.min.z)},
            {std::fmax(a.max.x, b.max.x), std::fmax(a.max.y, b.max.y), std::fmax(a.max.z, b.max.z)}};
  }
  static double halfArea(const Aabb& b) {
    const Vec3 d = b.max - b.min;
    return d.x * d.y + d.y * d.z + d.z * d.x;
  }
  // Rounding a - m (m >= 0) never exceeds a: the fat box holds the box.
  Aabb fatten(const Aabb& box) const {
    const Vec3 m{margin_, margin_, margin_};
    return {box.min - m, box.max + m};
  }

  // A leaf for `box` under the next id (a removed box's first), not yet in the tree.
  uint32_t newLeaf(const Aabb& box) {
    const uint32_t leaf = allocate();
    nodes_[leaf].box = box;
    nodes_[leaf].fat = fatten(box);
    nodes_[leaf].height = 0;
    uint32_t id = static_cast<uint32_t>(leafOf_.size());
    if (freeIds_.empty()) {
      leafOf_.push_back(leaf);
    } else {
      id = freeIds_.back();
      freeIds_.pop_back();
      leafOf_[id] = leaf;
    }
    nodes_[leaf].id = id;
    ++count_;
    return leaf;
  }

  // The tree's leaves into leaves_, its inner nodes released (insertMany builds the tree again).
  void collectLeaves() {
    stack_.clear();
    stack_.push_back(root_);
    while (!stack_.empty()) {
      const uint32_t at = stack_.back();
      stack_.pop_back();
      if (nodes_[at].height == 0) {
        leaves_.push_back(centred(at));
        continue;
      }
      stack_.push_back(nodes_[at].child[0]);
      stack_.push_back(nodes_[at].child[1]);
      release(at);
    }
    root_ = kNone;
  }

  // A leaf's fat box's centre, and the leaf.
  spatial_order::Centred centred(uint32_t leaf) const {
    const all_pairs::Box fat = all_pairs::Box::of(nodes_[leaf].fat);
    return spatial_order::Centred::of(fat.lo, fat.hi, leaf);
  }

  // A subtree over leaves_[first, last) (last > first, in spatial order), the range halved. Its root, parent unset.
  uint32_t build(size_t first, size_t last) {
    if (last - first == 1) return leaves_[first].id;
    const size_t middle = first + (last - first) / 2;
    const uint32_t left = build(first, middle), right = build(middle, last);
    const uint32_t parent = allocate();
    nodes_[parent].child[0] = left;
    nodes_[parent].child[1] = right;
    nodes_[left].parent = nodes_[right].parent = parent;
    refresh(parent);
    return parent;
  }

  uint32_t allocate() {
    if (free_ == kNone) {
      nodes_.emplace_back();
      return static_cast<uint32_t>(nodes_.size() - 1);
    }
    const uint32_t node = free_;
    free_ = nodes_[node].parent;
    --freeNodes_;
    nodes_[node] = Node{};
    return node;
  }
  void release(uint32_t node) {
    nodes_[node] = Node{};
    nodes_[node].parent = free_;
    free_ = node;
    ++freeNodes_;
  }

  // Puts a leaf (its fat box set) into the tree.
  void attach(uint32_t leaf) {
    if (root_ == kNone) {
      root_ = leaf;
      nodes_[leaf].parent = kNone;
      return;
    }
    // Descend towards the sibling whose pairing with the leaf grows the surface area least: stop where pairing
    // here costs less than the cheaper child's (the area every ancestor grows by is paid either way).
    const Aabb fat = nodes_[leaf].fat;  // a copy: allocate() below may move the nodes
    uint32_t at = root_;
    while (nodes_[at].height > 0) {
      const Node& node = nodes_[at];
      const double area = halfArea(node.fat), pairedArea = halfArea(merged(node.fat, fat));
      const double here = 2 * pairedArea;
      const double inherited = 2 * (pairedArea - area);
      double cost[2];
      for (int side = 0; side < 2; ++side) {
        const Node& child = nodes_[node.child[side]];
        const double grown = halfArea(merged(child.fat, fat));
        cost[side] = inherited + (child.height == 0 ? grown : grown - halfArea(child.fat));
      }
      if (here < cost[0] && here < cost[1]) break;
      at = node.child[cost[1] < cost[0] ? 1 : 0];
    }
    // A new parent for the sibling and the leaf.
    const uint32_t sibling = at, oldParent = nodes_[sibling].parent;
    const uint32_t parent = allocate();
    nodes_[parent].parent = oldParent;
    nodes_[parent].fat = merged(nodes_[sibling].fat, fat);
    nodes_[parent].height = nodes_[sibling].height + 1;
    nodes_[parent].child[0] = sibling;
    nodes_[parent].child[1] = leaf;
    nodes_[sibling].parent = parent;
    nodes_[leaf].parent = parent;
    if (oldParent == kNone) {
      root_ = parent;
    } else {
      replaceChild(oldParent, sibling, parent);
    }
    refitUpwards(nodes_[leaf].parent);
  }

  // Takes a leaf out of the tree; its sibling takes its parent's place.
  void detach(uint32_t leaf) {
    if (leaf == root_) {
      root_ = kNone;
      return;
    }
    const uint32_t parent = nodes_[leaf].parent, grandparent = nodes_[parent].parent;
    const uint32_t sibling = nodes_[parent].child[nodes_[parent].child[0] == leaf ? 1 : 0];
    release(parent);
    nodes_[sibling].parent = grandparent;
    if (grandparent == kNone) {
      root_ = sibling;
      return;
    }
    replaceChild(grandparent, parent, sibling);
    refitUpwards(grandparent);
  }

  void replaceChild(uint32_t parent, uint32_t from, uint32_t to) {
    Node& p = nodes_[parent];
    p.child[p.child[0] == from ? 0 : 1] = to;
  }

  void refresh(uint32_t node) {
    Node& n = nodes_[node];
    n.fat = merged(nodes_[n.child[0]].fat, nodes_[n.child[1]].fat);
    n.height = 1 + std::max(nodes_[n.child[0]].height, nodes_[n.child[1]].height);
  }

  // From `node` up to the root: rebalance, then refresh each box and height.
  void refitUpwards(uint32_t node) {
    while (node != kNone) {
      node = rebalance(node);
      refresh(node);
      node = nodes_[node].parent;
    }
  }

  // When one child of `node` is taller by 2 or more, rotates it up (an AVL rotation): the taller child takes node's
  // place, node becomes its child in place of its shorter child, which moves under node. Returns the node now at
  // node's place.
  uint32_t rebalance(uint32_t node) {
    Node& a = nodes_[node];
    if (a.height < 2) return node;
    const int balance = nodes_[a.child[1]].height - nodes_[a.child[0]].height;
    if (balance >= -1 && balance <= 1) return node;
    const int tallSide = balance > 0 ? 1 : 0;
    const uint32_t up = a.child[tallSide];
    Node& c = nodes_[up];
    const int tallGrandSide = nodes_[c.child[1]].height > nodes_[c.child[0]].height ? 1 : 0;
    const uint32_t move = c.child[1 - tallGrandSide];  // the shorter grandchild; the taller stays under `up`
    // `up` takes node's place under node's parent.
    c.parent = a.parent;
    if (a.parent == kNone) {
      root_ = up;
    } else {
      replaceChild(a.parent, node, up);
    }
    // node becomes up's child in place of `move`'s slot; `move` becomes node's child in place of `up`.
    c.child[1 - tallGrandSide] = node;
    a.parent = up;
    a.child[tallSide] = move;
    nodes_[move].parent = node;
    refresh(node);
    return up;
  }

  double margin_;
  std::vector<Node> nodes_;
  std::vector<uint32_t> leafOf_;   // each id's leaf node, kNone for a removed box
  std::vector<uint32_t> freeIds_;  // ids of removed boxes, to reuse
  uint32_t root_ = kNone, free_ = kNone;
  size_t freeNodes_ = 0;  // on the free list
  size_t count_ = 0;
  mutable std::vector<uint32_t> stack_;  // the queries' search stack, kept between calls (queries do not nest)
  std::vector<spatial_order::Centred> leaves_;  // insertMany's leaves (id: the leaf node), kept between calls
  // insertMany builds the tree again when the batch is at least this fraction of the tree. Measured (callgrind, 100k
  // random boxes): an insert costs 7.9k instructions, a box of a rebuild 0.7k (2.1k when this was chosen, with median
  // splits); the rebuilt tree's queries need fewer nodes (its self-traversal, before pairs() became allPairs, 1.65x
  // fewer instructions than the inserted tree's).
  static constexpr size_t kRebuildFraction = 3;
};

}  // namespace c3d
