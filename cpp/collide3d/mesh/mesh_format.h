// The serialized form of a built TriangleMesh, so that a page builds a mesh once (in a worker, or ahead of time), keeps
// or sends the bytes, and makes the mesh again without building its BVH. One little-endian byte image: a header of
// kHeaderWords 32-bit words, then the mesh's arrays as it holds them, one after another (kSections).
// Reading an image back takes three steps, so that its arrays are copied once, straight into the new mesh: open()
// reads the header and gives the mesh room for its arrays, the caller copies each section to where spans() says, and
// adopt() checks them. Together they refuse any image a query could not trust, naming the field it breaks: finite
// positions, vertex numbers below the vertex count, triangle ids that are a permutation, and a BVH that is a tree (each
// inner child after its parent and reached once, no deeper than the searches' fixed stacks allow, bvh::kMaxDepth),
// whose leaves hold every triangle slot exactly once and whose boxes are the bounds of what they hold. So a corrupted
// or hostile image never makes a query read out of bounds, loop, or give an answer a fresh build would not.
// The JS side repeats none of this: the bindings describe the format (version, header size, sections' names and
// element types) and, for each mesh, the spans to copy.
#pragma once
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "collide3d/memory/checked.h"
#include "collide3d/mesh/bvh.h"
#include "collide3d/mesh/triangle_mesh.h"
#include "collide3d/shapes/validation.h"

namespace c3d {

namespace mesh_format {

constexpr uint32_t kMagic = 0x4d443343;  // the bytes "C3DM"
constexpr uint32_t kVersion = 1;

// The header's words in order; the box's six are float32 bits; the rest are reserved, 0.
enum Word : int {
  kMagicWord, kVersionWord, kVertexCount, kTriangleCount, kNodeCount, kRootFirst, kRootCount, kBoxLo, kBoxHi = kBoxLo + 3,
  kHeaderWords = 16
};
constexpr uint64_t kHeaderBytes = kHeaderWords * 4;

// The arrays after the header, in order. `element` names the JS typed array that views one.
enum Section : int { kPositions, kIndex, kTriangleIds, kNodes, kSectionCount };
struct SectionInfo {
  const char* name;
  const char* element;
};
constexpr SectionInfo kSections[kSectionCount] = {
    {"positions", "Float32Array"},   // x, y, z per vertex
    {"index", "Uint32Array"},        // three vertex numbers per triangle slot, slots in the BVH's order
    {"triangleIds", "Uint32Array"},  // each slot's triangle: its position in the index the mesh was built from / 3
    {"nodes", "Uint8Array"},         // the BVH's inner nodes, 128 bytes each, as BvhNode (bvh.h)
};

// Where a section lies in the image (offset, bytes) and in the mesh (at).
struct Span {
  uint64_t offset, bytes;
  void* at;
};
using Spans = std::array<Span, kSectionCount>;

enum class Read { Done, Invalid, HeapFull };

}  // namespace mesh_format

class MeshImage {
 public:
  using Spans = mesh_format::Spans;
  using Read = mesh_format::Read;

  // The image's size in bytes.
  static uint64_t bytes(const TriangleMesh& mesh) {
    const Spans s = layout(mesh.vertexCount(), mesh.triangleCount(), mesh.tree_.nodes.size());
    return s[mesh_format::kNodes].offset + s[mesh_format::kNodes].bytes;
  }

  // The header's words.
  static void header(const TriangleMesh& mesh, uint32_t (&words)[mesh_format::kHeaderWords]) {
    using namespace mesh_format;
    std::fill(words, words + kHeaderWords, 0u);
    words[kMagicWord] = kMagic;
    words[kVersionWord] = kVersion;
    words[kVertexCount] = static_cast<uint32_t>(mesh.vertexCount());
    words[kTriangleCount] = static_cast<uint32_t>(mesh.triangleCount());
    words[kNodeCount] = static_cast<uint32_t>(mesh.tree_.nodes.size());
    words[kRootFirst] = mesh.tree_.root.first;
    words[kRootCount] = mesh.tree_.root.count;
    std::memcpy(&words[kBoxLo], mesh.tree_.box.lo, sizeof mesh.tree_.box.lo);
    std::memcpy(&words[kBoxHi], mesh.tree_.box.hi, sizeof mesh.tree_.box.hi);
  }

  // Where each section lies in the image and in the mesh (to write an image from, or, after open(), to copy into).
  static Spans spans(TriangleMesh& mesh) {
    Spans s = layout(mesh.vertexCount(), mesh.triangleCount(), mesh.tree_.nodes.size());
    s[mesh_format::kPositions].at = mesh.positions_.data();
    s[mesh_format::kIndex].at = mesh.corners_.data();
    s[mesh_format::kTriangleIds].at = mesh.ids_.data();
    s[mesh_format::kNodes].at = mesh.tree_.nodes.data();
    return s;
  }

  // From the header of an image of `bytes` bytes, an empty mesh given room for the image's arrays and its root and
  // box, to be filled through spans(); or why not (Invalid, with `problem`; HeapFull).
  static Read open(const uint32_t (&words)[mesh_format::kHeaderWords], uint64_t bytes, TriangleMesh& mesh,
                   Problem& problem) {
    using namespace mesh_format;
    if (bytes < kHeaderBytes) return refuse(problem, "byteLength", "must be at least 64, a header", double(bytes));
    if (words[kMagicWord] != kMagic) {
      problem.field.clear() << "magic";
      problem.message.clear() << "must be " << double(kMagic) << ", the bytes \"C3DM\" that begin a serialized "
                              << "TriangleMesh (got " << double(words[kMagicWord]) << ")";
      return Read::Invalid;
    }
    if (words[kVersionWord] != kVersion) {
      return refuse(problem, "version", "must be 1, the format this collide3d reads (serialize the mesh again with it)",
                    words[kVersionWord]);
    }
    for (int w = kBoxHi + 3; w < kHeaderWords; ++w) {
      if (words[w] != 0) return refuse(problem, "header", "must hold 0 in its reserved words 13 to 15", words[w]);
    }
    const Spans s = layout(words[kVertexCount], words[kTriangleCount], words[kNodeCount]);
    const uint64_t total = s[kNodes].offset + s[kNodes].bytes;
    if (bytes != total) {
      problem.field.clear() << "byteLength";
      problem.message.clear() << "must be " << double(total) << " for the vertex, triangle and node counts in its "
                              << "header (got " << double(bytes) << ")";
      return Read::Invalid;
    }
    // Each section is smaller than the image; an image beyond the address space cannot be held.
    if (total > std::numeric_limits<size_t>::max()) return Read::HeapFull;
    if (!checked::reserve(mesh.positions_, 3 * size_t{words[kVertexCount]}) ||
        !checked::reserve(mesh.corners_, 3 * size_t{words[kTriangleCount]}) ||
        !checked::reserve(mesh.ids_, words[kTriangleCount]) || !checked::reserve(mesh.tree_.nodes, words[kNodeCount])) {
      return Read::HeapFull;
    }
    mesh.positions_.resize(3 * size_t{words[kVertexCount]});
    mesh.corners_.resize(3 * size_t{words[kTriangleCount]});
    mesh.ids_.resize(words[kTriangleCount]);
    mesh.tree_.nodes.resize(words[kNodeCount]);
    mesh.tree_.root = {words[kRootFirst], words[kRootCount]};
    std::memcpy(mesh.tree_.box.lo, &words[kBoxLo], sizeof mesh.tree_.box.lo);
    std::memcpy(mesh.tree_.box.hi, &words[kBoxHi], sizeof mesh.tree_.box.hi);
    return Read::Done;
  }

  // Whether the arrays copied in after open() make a mesh that queries can trust (else Invalid with `problem`, or
  // HeapFull when the check's own working space cannot be had; the mesh is then only to be destroyed).
  static Read adopt(TriangleMesh& mesh, Problem& problem) {
    const size_t vertices = mesh.vertexCount(), triangles = mesh.triangleCount(), nodes = mesh.tree_.nodes.size();
    for (size_t k = 0; k < mesh.positions_.size(); ++k) {
      if (!std::isfinite(mesh.positions_[k])) return refuse(problem, "positions", k, "must be a finite number", mesh.positions_[k]);
    }
    const std::ptrdiff_t bad = mesh.firstBadCorner();
    if (bad >= 0) {
      problem.field.clear() << "index[" << double(bad) << "]";
      problem.message.clear() << "must be < " << double(vertices) << ", the vertex count (got "
                              << double(mesh.corners_[size_t(bad)]) << ")";
      return Read::Invalid;
    }
    // One byte per triangle or node, for each check in turn: ids seen, then nodes' depths, then slots in leaves.
    std::vector<uint8_t> mark;
    if (!checked::reserve(mark, std::max(triangles, nodes))) return Read::HeapFull;
    mark.assign(std::max(triangles, nodes), 0);
    for (size_t slot = 0; slot < triangles; ++slot) {
      const uint32_t id = mesh.ids_[slot];
      if (id >= triangles || mark[id] != 0) {
        return refuse(problem, "triangleIds", slot, id >= triangles ? "must be below the triangle count" :
                      "must not repeat an earlier id (each triangle once)", id);
      }
      mark[id] = 1;
    }
    const Read root = checkRoot(mesh, problem);
    if (root != Read::Done || nodes == 0) return root;
    std::fill(mark.begin(), mark.end(), 0);
    if (const Read read = checkNodes(mesh, mark, problem); read != Read::Done) return read;
    std::fill(mark.begin(), mark.end(), 0);
    if (const Read read = checkLeaves(mesh, mark, problem); read != Read::Done) return read;
    return checkBoxes(mesh, problem);
  }

 private:
  // The sections' offsets and sizes for these counts (no `at`), in 64-bit arithmetic whatever the counts.
  static Spans layout(uint64_t vertices, uint64_t triangles, uint64_t nodes) {
    using namespace mesh_format;
    const uint64_t sizes[kSectionCount] = {12 * vertices, 12 * triangles, 4 * triangles, sizeof(BvhNode) * nodes};
    Spans s{};
    uint64_t offset = kHeaderBytes;
    for (int k = 0; k < kSectionCount; ++k) {
      s[k] = {offset, sizes[k], nullptr};
      offset += sizes[k];
    }
    return s;
  }

  static Read refuse(Problem& problem, const char* field, const char* rule, double got) {
    fail(problem, field, rule, got);
    return Read::Invalid;
  }
  static Read refuse(Problem& problem, const char* field, const char* rule) {
    problem.field.clear() << field;
    problem.message.clear() << rule;
    return Read::Invalid;
  }
  // For an element of an array: array[at].
  static Read refuse(Problem& problem, const char* array, size_t at, const char* rule, double got) {
    refuse(problem, array, at, rule);
    problem.message << " (got " << got << ")";
    return Read::Invalid;
  }
  static Read refuse(Problem& problem, const char* array, size_t at, const char* rule) {
    problem.field.clear() << array << "[" << double(at) << "]";
    problem.message.clear() << rule;
    return Read::Invalid;
  }
  // For a node's child or its box: nodes[node].what[side].
  static Read refuseChild(Problem& problem, size_t node, const char* what, int side, const char* rule) {
    problem.field.clear() << "nodes[" << double(node) << "]." << what << "[" << double(side) << "]";
    problem.message.clear() << rule;
    return Read::Invalid;
  }

  // The root and the tree's box for the tree's kind: nothing for no triangles, a leaf of them all and no nodes, or
  // node 0. (A leaf root's box is checked here; node boxes by checkBoxes.)
  static Read checkRoot(const TriangleMesh& mesh, Problem& problem) {
    const Bvh& tree = mesh.tree_;
    const auto triangles = static_cast<uint32_t>(mesh.triangleCount());
    if (tree.root.first != 0) return refuse(problem, "root.first", "must be 0", tree.root.first);
    if (triangles == 0 || tree.root.leaf()) {
      if (!tree.nodes.empty()) {
        return refuse(problem, "nodeCount", "must be 0 when the root is a leaf or there are no triangles",
                      double(tree.nodes.size()));
      }
      if (tree.root.count != triangles) return refuse(problem, "root.count", "must be the triangle count", tree.root.count);
      if (!same(tree.box, leafBox(mesh, tree.root))) return refuse(problem, "box", "must be the bounds of the triangles");
      return Read::Done;
    }
    if (tree.nodes.empty()) return refuse(problem, "nodeCount", "must be at least 1 when the root is a node", 0);
    if (!same(tree.box, nodeBox(tree, 0))) return refuse(problem, "box", "must be the bounds of the root node's boxes");
    return Read::Done;
  }

  // That the nodes make a tree from node 0: each inner child a later node that no other node has, within the depth
  // the searches' stacks hold; each node with a child. `depth` (zeros, one per node) records each node's depth + 1.
  static Read checkNodes(const TriangleMesh& mesh, std::vector<uint8_t>& depth, Problem& problem) {
    const std::vector<BvhNode>& nodes = mesh.tree_.nodes;
    depth[0] = 1;
    for (size_t n = 0; n < nodes.size(); ++n) {
      if (depth[n] == 0) return refuse(problem, "nodes", n, "must be the child of an earlier node; this node is no node's child");
      bool any = false;
      for (int side = 0; side < kBvhWidth; ++side) {
        const BvhChild child = nodes[n].child[side];
        any = any || !child.none();
        if (child.none()) {
          if (!same(nodes[n].box(side), BvhBox::empty())) {
            return refuseChild(problem, n, "bounds", side, "must be empty (infinite, reversed) for a missing child");
          }
          continue;
        }
        if (child.leaf()) {
          if (uint64_t{child.first} + child.count > mesh.triangleCount()) {
            return refuseChild(problem, n, "child", side, "must hold triangle slots below the triangle count");
          }
          continue;
        }
        if (child.first <= n || child.first >= nodes.size()) {
          return refuseChild(problem, n, "child", side, "must be a node after its parent and below the node count");
        }
        if (depth[child.first] != 0) return refuseChild(problem, n, "child", side, "must not be another node's child too");
        if (depth[n] > bvh::kMaxDepth) {
          return refuseChild(problem, n, "child", side, "must not make the tree deeper than 60 levels below the root");
        }
        depth[child.first] = static_cast<uint8_t>(depth[n] + 1);
      }
      if (!any) return refuse(problem, "nodes", n, "must have a child");
    }
    return Read::Done;
  }

  // That the leaves hold every triangle slot exactly once. `held` (zeros, one per slot at least) marks them.
  static Read checkLeaves(const TriangleMesh& mesh, std::vector<uint8_t>& held, Problem& problem) {
    const std::vector<BvhNode>& nodes = mesh.tree_.nodes;
    for (size_t n = 0; n < nodes.size(); ++n) {
      for (int side = 0; side < kBvhWidth; ++side) {
        const BvhChild child = nodes[n].child[side];
        if (!child.leaf()) continue;
        for (uint32_t slot = child.first; slot < child.first + child.count; ++slot) {
          if (held[slot] != 0) return refuseChild(problem, n, "child", side, "must not hold a slot another leaf holds");
          held[slot] = 1;
        }
      }
    }
    for (size_t slot = 0; slot < mesh.triangleCount(); ++slot) {
      if (held[slot] == 0) {
        problem.field.clear() << "nodes";
        problem.message.clear() << "must hold every triangle slot in a leaf (slot " << double(slot) << " is in none)";
        return Read::Invalid;
      }
    }
    return Read::Done;
  }

  // That every child's box is the bounds of what it holds: children come after their parent, so one backward pass
  // sees each node's boxes checked before its parent's.
  static Read checkBoxes(const TriangleMesh& mesh, Problem& problem) {
    const Bvh& tree = mesh.tree_;
    for (size_t n = tree.nodes.size(); n-- > 0;) {
      for (int side = 0; side < kBvhWidth; ++side) {
        const BvhChild child = tree.nodes[n].child[side];
        if (child.none()) continue;
        const BvhBox box = child.leaf() ? leafBox(mesh, child) : nodeBox(tree, child.first);
        if (!same(tree.nodes[n].box(side), box)) {
          return refuseChild(problem, n, "bounds", side, "must be the bounds of what the child holds");
        }
      }
    }
    return Read::Done;
  }

  // In 4-lane vectors, as the build grows its boxes: this pass over every triangle is most of a read's time.
  static BvhBox leafBox(const TriangleMesh& mesh, BvhChild leaf) {
    bvh::Box4 box = bvh::Box4::empty();
    for (uint32_t slot = leaf.first; slot < leaf.first + leaf.count; ++slot) box.grow(mesh.boxOf(&mesh.corners_[3 * size_t{slot}]));
    return box.scalar();
  }
  static BvhBox nodeBox(const Bvh& tree, size_t node) {
    BvhBox box = BvhBox::empty();
    for (int side = 0; side < kBvhWidth; ++side) box.grow(tree.nodes[node].box(side));  // a missing child's: empty
    return box;
  }
  // Equal as numbers (a build and this check may meet -0 and 0 in different orders); NaN equals nothing.
  static bool same(const BvhBox& a, const BvhBox& b) {
    for (int k = 0; k < 3; ++k) {
      if (!(a.lo[k] == b.lo[k] && a.hi[k] == b.hi[k])) return false;
    }
    return true;
  }
};

// The whole round trip on an image in memory, by the steps the bindings take: for the native tests and the fuzzer.
inline std::vector<uint8_t> serialize(TriangleMesh& mesh) {
  std::vector<uint8_t> image(MeshImage::bytes(mesh));
  uint32_t words[mesh_format::kHeaderWords];
  MeshImage::header(mesh, words);
  std::memcpy(image.data(), words, sizeof words);
  for (const mesh_format::Span& s : MeshImage::spans(mesh)) {
    if (s.bytes > 0) std::memcpy(image.data() + s.offset, s.at, s.bytes);
  }
  return image;
}

inline mesh_format::Read deserialize(const std::vector<uint8_t>& image, TriangleMesh& mesh, Problem& problem) {
  uint32_t words[mesh_format::kHeaderWords] = {};
  std::memcpy(words, image.data(), std::min<size_t>(image.size(), sizeof words));
  const mesh_format::Read opened = MeshImage::open(words, image.size(), mesh, problem);
  if (opened != mesh_format::Read::Done) return opened;
  for (const mesh_format::Span& s : MeshImage::spans(mesh)) {
    if (s.bytes > 0) std::memcpy(s.at, image.data() + s.offset, s.bytes);
  }
  return MeshImage::adopt(mesh, problem);
}

}  // namespace c3d
