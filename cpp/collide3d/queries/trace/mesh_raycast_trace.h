// A record of how a raycast goes through a TriangleMesh's tree, for those who want to watch it (the demo's mesh
// raycast scene; TriangleMesh.traceRaycast() in the JavaScript API): the boxes the search enters, in order, the
// triangles it tests, and the tree's boxes down to a depth. The query runs the same code with no watcher
// (triangle_mesh.h's raycast).
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "collide3d/mesh/triangle_mesh.h"

namespace c3d {

// A box of the tree: its float bounds, its depth (the root's is 0), and for a leaf how many triangles it holds (0 for
// an inner node).
struct TracedBox {
  Vec3 lo, hi;
  double depth = 0, triangles = 0;

  static constexpr const char* kName = "treeBox";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("lo", &TracedBox::lo);
    visit("hi", &TracedBox::hi);
    visit("depth", &TracedBox::depth);
    visit("triangles", &TracedBox::triangles);
  }
};

struct MeshRaycastTrace {
  std::optional<MeshHit> hit;         // the raycast's first hit
  std::vector<TracedBox> entered;     // the boxes the search entered, the root first
  std::vector<uint32_t> tested;       // the triangles it tested (their triangle index), in order
  std::vector<TracedBox> tree;        // every box of the tree down to the depth asked, each after its parent
};

// The first hit of `caster` on `mesh`, watched; `depth` bounds the boxes listed in trace.tree. False, with the trace
// emptied, when the heap cannot hold it.
bool traceMeshRaycast(const TriangleMesh& mesh, const Caster& caster, const RaycastOptions& options, int depth,
                      MeshRaycastTrace& trace);

}  // namespace c3d
