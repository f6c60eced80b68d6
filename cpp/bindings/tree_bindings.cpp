// The AabbTree bindings: a DynamicTree is a heap object the JS entry holds by its address. Boxes, query shapes and
// casters come through the scratch area's argument A (validated first); ids found go to io::numbersFound.
#include <emscripten/bind.h>

#include <algorithm>
#include <cstdint>
#include <cmath>
#include <utility>
#include <vector>

#include "bindings/io_layout.h"
#include "collide3d/broadphase/dynamic_tree.h"
#include "collide3d/dispatch/tables.h"
#include "collide3d/memory/checked.h"

namespace c3d {

namespace {

DynamicTree* treeAt(std::uintptr_t address) { return reinterpret_cast<DynamicTree*>(address); }

// A tree; 0 when the heap is full.
std::uintptr_t treeCreate(double margin) { return reinterpret_cast<std::uintptr_t>(checked::create<DynamicTree>(margin)); }
void treeDestroy(std::uintptr_t tree) { checked::destroy(treeAt(tree)); }

double treeSize(std::uintptr_t tree) { return static_cast<double>(treeAt(tree)->size()); }
// Whether `id` (any number: the JS side passes what it was given) is a box in the tree.
bool treeContains(std::uintptr_t tree, double id) {
  return id >= 0 && id < 4294967295.0 && id == std::floor(id) && treeAt(tree)->contains(static_cast<uint32_t>(id));
}

// The aabb in argument A, or kInvalidA (then problemSeen says why).
bool readBox(Aabb& box) {
  if (!validateEncoded(ShapeType::Aabb, io::argA(), io::problemSeen)) return false;
  box = decode<Aabb>(io::argA());
  return true;
}

// Returns the new box's id, kInvalidA, or kHeapFull.
double treeInsert(std::uintptr_t tree) {
  Aabb box;
  if (!readBox(box)) return io::kInvalidA;
  if (!treeAt(tree)->reserveForInsert()) return io::kHeapFull;
  return treeAt(tree)->insert(box);
}

// Adds `count` boxes stored at `items` (each encoded as an aabb; float32, or float64 when `isDouble`) at once:
// returns count, their ids then in io::numbersFound; kInvalidB for a bad box (io::itemsUsable says where), kHeapFull
// when the heap cannot hold them (the tree unchanged).
int treeInsertMany(std::uintptr_t tree, std::uintptr_t items, int count, int isDouble) {
  io::releaseFound();
  if (!io::itemsUsable(io::itemsAt(ShapeType::Aabb, items, count, isDouble))) return io::kInvalidB;
  const auto n = static_cast<size_t>(count);
  if (!checked::reserve(io::numbersFound, n) || !treeAt(tree)->reserveForInsertMany(n)) {
    io::releaseFound();
    return io::kHeapFull;
  }
  io::numbersFound.resize(n);
  auto run = [&](const auto* v) {
    constexpr size_t kSize = encodedSize<Aabb>();
    treeAt(tree)->insertMany(n, [v](size_t i) {
      double encoded[kSize];
      std::copy(v + kSize * i, v + kSize * (i + 1), encoded);
      return decode<Aabb>(encoded);
    }, io::numbersFound.data());
  };
  if (isDouble) {
    run(reinterpret_cast<const double*>(items));
  } else {
    run(reinterpret_cast<const float*>(items));
  }
  return count;
}

// Moves box `id` (the JS side checked treeContains). Returns 0, or kInvalidA.
int treeUpdate(std::uintptr_t tree, double id) {
  Aabb box;
  if (!readBox(box)) return io::kInvalidA;
  treeAt(tree)->update(static_cast<uint32_t>(id), box);
  return 0;
}

void treeRemove(std::uintptr_t tree, double id) { treeAt(tree)->remove(static_cast<uint32_t>(id)); }

// The ids of the boxes the shape in argument A (of `type`) meets, ascending, into io::numbersFound. Returns how many,
// or a status: the shape must have an intersects entry with aabb; kHeapFull when the heap cannot hold every id.
int treeQuery(std::uintptr_t tree, int type) {
  if (type < 0 || type >= kShapeTypeCount) return io::kUnsupportedPair;
  const IntersectsFn meets = intersectsTable().at(ShapeType::Aabb, static_cast<ShapeType>(type));
  if (meets == nullptr) return io::kUnsupportedPair;
  if (!validateEncoded(static_cast<ShapeType>(type), io::argA(), io::problemSeen)) return io::kInvalidA;
  io::releaseFound();
  auto test = [&](const Aabb& box) { return meets(encodedBuffer(box).data(), io::argA()); };
  bool held = true;
  treeAt(tree)->query(test, test, [&](uint32_t id) {
    held = checked::room(io::numbersFound, 1);
    if (held) io::numbersFound.push_back(id);
    return held;
  });
  if (!held) {
    io::releaseFound();
    return io::kHeapFull;
  }
  std::sort(io::numbersFound.begin(), io::numbersFound.end());
  return static_cast<int>(io::numbersFound.size());
}

// The caster in argument A (of `casterType`), options io::raycastOptions(). Returns 0, or 1 with the TreeHit in
// result(); or a status.
int treeRaycast(std::uintptr_t tree, int casterType) {
  if (!io::isCaster(casterType)) return io::kUnsupportedPair;
  const auto type = static_cast<ShapeType>(casterType);
  if (!validateEncoded(type, io::argA(), io::problemSeen)) return io::kInvalidA;
  const auto found = treeAt(tree)->raycast(io::decodeCaster(type, io::argA()), io::raycastOptions());
  if (!found) return 0;
  io::writeResult(io::TreeHit{found->first, found->second});
  return 1;
}

// The ids of every box the caster in argument A (of `casterType`) hits, nearest first, into io::numbersFound; options
// io::raycastOptions(). Returns how many, or a status (kHeapFull when the heap cannot hold them).
int treeRaycastAll(std::uintptr_t tree, int casterType) {
  if (!io::isCaster(casterType)) return io::kUnsupportedPair;
  const auto type = static_cast<ShapeType>(casterType);
  if (!validateEncoded(type, io::argA(), io::problemSeen)) return io::kInvalidA;
  io::releaseFound();
  std::vector<std::pair<double, uint32_t>> hits;
  const bool held = treeAt(tree)->raycastAll(io::decodeCaster(type, io::argA()), io::raycastOptions(), hits) &&
              checked::reserve(io::numbersFound, hits.size());
  if (held) {
    for (const auto& hit : hits) io::numbersFound.push_back(hit.second);
  }
  std::vector<std::pair<double, uint32_t>>().swap(hits);
  if (!held) {
    io::releaseFound();
    return io::kHeapFull;
  }
  return static_cast<int>(io::numbersFound.size());
}

// Every overlapping pair, into io::numbersFound. Returns how many pairs, or kHeapFull when the heap cannot hold them
// (nothing is kept).
int treePairs(std::uintptr_t tree) {
  io::releaseFound();
  if (treeAt(tree)->pairs(io::numbersFound)) return static_cast<int>(io::numbersFound.size() / 2);
  io::releaseFound();
  return io::kHeapFull;
}

}  // namespace

}  // namespace c3d

EMSCRIPTEN_BINDINGS(collide3d_tree) {
  using namespace emscripten;
  function("treeCreate", &c3d::treeCreate);
  function("treeDestroy", &c3d::treeDestroy);
  function("treeSize", &c3d::treeSize);
  function("treeContains", &c3d::treeContains);
  function("treeInsert", &c3d::treeInsert);
  function("treeInsertMany", &c3d::treeInsertMany);
  function("treeUpdate", &c3d::treeUpdate);
  function("treeRemove", &c3d::treeRemove);
  function("treeQuery", &c3d::treeQuery);
  function("treeRaycast", &c3d::treeRaycast);
  function("treeRaycastAll", &c3d::treeRaycastAll);
  function("treePairs", &c3d::treePairs);
}
