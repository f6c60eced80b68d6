#include "collide3d/queries/trace/mesh_raycast_trace.h"

#include "collide3d/memory/checked.h"

namespace c3d {

namespace {

TracedBox traced(const BvhBox& box, int depth, uint32_t triangles) {
  return {{box.lo[0], box.lo[1], box.lo[2]}, {box.hi[0], box.hi[1], box.hi[2]}, static_cast<double>(depth),
          static_cast<double>(triangles)};
}

// Every box of a tree with its depth: inner nodes by their index, leaves by their first slot (each slot is in one
// leaf), from one pass over the nodes, which come after their parents.
class TreeBoxes {
 public:
  [[nodiscard]] bool build(const Bvh& tree, size_t slots) {
    if (!checked::reserve(nodes_, tree.nodes.size()) || !checked::reserve(leaves_, slots)) return false;
    nodes_.resize(tree.nodes.size());
    leaves_.resize(slots);
    place(tree.root, tree.box, 0);
    for (size_t n = 0; n < tree.nodes.size(); ++n) {
      const int depth = static_cast<int>(nodes_[n].depth) + 1;
      for (int side = 0; side < kBvhWidth; ++side) {
        const BvhChild child = tree.nodes[n].child[side];
        if (!child.none()) place(child, tree.nodes[n].box(side), depth);
      }
    }
    return true;
  }
  const TracedBox& of(BvhChild child) const { return child.leaf() ? leaves_[child.first] : nodes_[child.first]; }

 private:
  void place(BvhChild child, const BvhBox& box, int depth) {
    (child.leaf() ? leaves_[child.first] : nodes_[child.first]) = traced(box, depth, child.count);
  }
  std::vector<TracedBox> nodes_, leaves_;
};

}  // namespace

bool traceMeshRaycast(const TriangleMesh& mesh, const Caster& caster, const RaycastOptions& options, int depth,
                      MeshRaycastTrace& trace) {
  trace = {};
  const Bvh& tree = mesh.tree();
  TreeBoxes boxes;
  bool held = tree.empty() || boxes.build(tree, mesh.triangleCount());
  const auto keep = [&held](auto& list, const auto& item) {
    held = held && checked::room(list, 1);
    if (held) list.push_back(item);
  };
  trace.hit = mesh.raycast(caster, options, HitMode::First,
                           [&](BvhChild child) { keep(trace.entered, boxes.of(child)); },
                           [&](uint32_t slot) { keep(trace.tested, mesh.triangleIds()[slot]); });
  // The tree down to `depth`: the root, then each node's children, in the nodes' order (parents first).
  if (!tree.empty()) keep(trace.tree, boxes.of(tree.root));
  for (size_t n = 0; n < tree.nodes.size(); ++n) {
    if (boxes.of({static_cast<uint32_t>(n), 0}).depth >= depth) continue;
    for (int side = 0; side < kBvhWidth; ++side) {
      const BvhChild child = tree.nodes[n].child[side];
      if (!child.none()) keep(trace.tree, boxes.of(child));
    }
  }
  if (!held) trace = {};
  return held;
}

}  // namespace c3d
