// The SegmentTree bindings: a tree is a heap object the JS entry holds by its address. Its vertices and index are
// written by the JS side straight into the tree's own arrays before the build; a query's caster comes through the
// scratch area's argument A (validated first), its maxDistance and radius through the options, and the ids it finds
// go to io::numbersFound.
#include <emscripten/bind.h>

#include <cstdint>

#include "bindings/io_layout.h"
#include "collide3d/memory/checked.h"
#include "collide3d/mesh/segment_tree.h"
#include "collide3d/queries/raycast/span.h"

namespace c3d {

namespace {

SegmentTree* segmentTreeAt(std::uintptr_t address) { return reinterpret_cast<SegmentTree*>(address); }

// A tree over that many vertices and vertex numbers (an index, or the vertices in order), its numbers still to be
// written; 0 when the wasm heap cannot hold them.
std::uintptr_t segmentTreeCreate(double vertexCount, double sequenceLength, int indexed) {
  SegmentTree* tree = checked::create<SegmentTree>();
  if (tree == nullptr) return 0;
  if (tree->allocate(static_cast<size_t>(vertexCount), static_cast<size_t>(sequenceLength), indexed != 0)) {
    return reinterpret_cast<std::uintptr_t>(tree);
  }
  checked::destroy(tree);
  return 0;
}

void segmentTreeDestroy(std::uintptr_t tree) { checked::destroy(segmentTreeAt(tree)); }

std::uintptr_t segmentTreePositions(std::uintptr_t tree) {
  return reinterpret_cast<std::uintptr_t>(segmentTreeAt(tree)->positions());
}
std::uintptr_t segmentTreeSequence(std::uintptr_t tree) {
  return reinterpret_cast<std::uintptr_t>(segmentTreeAt(tree)->sequence());
}

// Builds the primitives of `kind` (a SegmentKind) and their BVH once the numbers are written. Returns -1; or the
// position of the first vertex number beyond the vertices; or kHeapFull (then the tree is only to be destroyed). The
// JS side has checked the positions and the kind.
int segmentTreeBuild(std::uintptr_t address, int kind) {
  SegmentTree& tree = *segmentTreeAt(address);
  const std::ptrdiff_t bad = tree.firstBadVertex();
  if (bad >= 0) return static_cast<int>(bad);
  return tree.build(static_cast<SegmentKind>(kind)) ? -1 : io::kHeapFull;
}

double segmentTreeSize(std::uintptr_t tree) { return static_cast<double>(segmentTreeAt(tree)->size()); }
double segmentTreeBytes(std::uintptr_t tree) { return static_cast<double>(segmentTreeAt(tree)->bytes()); }

// The primitives within the NearOptions' radius (checked >= 0 by the JS side) of the caster in argument A (of
// `casterType`) up to their maxDistance, ascending, into io::numbersFound. Returns how many, or a status.
int segmentTreeNear(std::uintptr_t address, int casterType) {
  if (!io::isCaster(casterType)) return io::kUnsupportedPair;
  const auto type = static_cast<ShapeType>(casterType);
  if (!validateEncoded(type, io::argA(), io::problemSeen)) return io::kInvalidA;
  const Caster caster = io::decodeCaster(type, io::argA());
  io::releaseFound();
  const auto near = io::readOptions<io::NearOptions>();
  RaycastOptions options;
  options.maxDistance = near.maxDistance;
  const auto hi = limitOf(caster, options);
  if (!hi) return 0;
  if (!segmentTreeAt(address)->near(caster, *hi, near.radius, io::numbersFound)) {
    io::releaseFound();
    return io::kHeapFull;
  }
  return static_cast<int>(io::numbersFound.size());
}

}  // namespace

}  // namespace c3d

EMSCRIPTEN_BINDINGS(collide3d_segment_tree) {
  using namespace emscripten;
  function("segmentTreeCreate", &c3d::segmentTreeCreate);
  function("segmentTreeDestroy", &c3d::segmentTreeDestroy);
  function("segmentTreePositions", &c3d::segmentTreePositions);
  function("segmentTreeSequence", &c3d::segmentTreeSequence);
  function("segmentTreeBuild", &c3d::segmentTreeBuild);
  function("segmentTreeSize", &c3d::segmentTreeSize);
  function("segmentTreeBytes", &c3d::segmentTreeBytes);
  function("segmentTreeNear", &c3d::segmentTreeNear);
}
