// The ConvexHull bindings: a hull is a heap object the JS entry holds by its address, made and freed by the registry
// of live hulls (hull/hull_registry.h), against which every convex shape's address is validated. The JS side writes
// the points into a block of the heap, builds, and frees the block; it reads the hull's arrays in place
// (convexHullView) and copies them out.
#include <emscripten/bind.h>

#include <cmath>
#include <cstdint>

#include "bindings/io_layout.h"
#include "collide3d/hull/hull_registry.h"

namespace c3d {

namespace {

const ConvexHull* hullAt(std::uintptr_t address) { return reinterpret_cast<const ConvexHull*>(address); }
double pointer(const void* at) { return static_cast<double>(reinterpret_cast<std::uintptr_t>(at)); }
static_assert(sizeof(Vec3) == 3 * sizeof(double), "the JS side reads the vertices as x, y, z doubles");

// The hull of `count` points (x, y, z doubles at `xyz`): its address; or kHeapFull, or kInvalidA with problemSeen
// naming what is wrong ("[3].y", the JS side prefixing the argument's path), though the JS side checks the points
// first.
double convexHullBuild(std::uintptr_t xyz, double count) {
  const auto* numbers = reinterpret_cast<const double*>(xyz);
  const ConvexHull* made = nullptr;
  const HullStatus status = hull_registry::create(numbers, static_cast<size_t>(count), made);
  if (status == HullStatus::Ok) return pointer(made);
  if (status == HullStatus::HeapFull) return io::kHeapFull;
  if (status == HullStatus::TooMany) {
    fail(io::problemSeen, "", "must hold fewer than 2^32 points", count);
  } else if (status == HullStatus::Empty) {
    fail(io::problemSeen, "", "must hold at least one point", count);
  } else {
    const std::ptrdiff_t k = items_check::firstOutOfRange(numbers, 3 * static_cast<size_t>(count));
    Text<sizeof io::problemSeen.field.text> field;
    field << "[" << static_cast<double>(k / 3) << "]." << (k % 3 == 0 ? "x" : k % 3 == 1 ? "y" : "z");
    fail(io::problemSeen, field.text, std::isfinite(numbers[k]) ? kRangeRule : "must be a finite number", numbers[k]);
  }
  return io::kInvalidA;
}

void convexHullDestroy(std::uintptr_t address) { hull_registry::destroy(hullAt(address)); }

// Writes the hull's ConvexHullAt into result().
void convexHullView(std::uintptr_t address) {
  const ConvexHull& hull = *hullAt(address);
  io::ConvexHullAt at;
  at.dimension = hull.dimension;
  at.vertexCount = static_cast<double>(hull.vertices.size());
  at.faceCount = static_cast<double>(hull.faceCount());
  at.triangleCount = static_cast<double>(hull.triangleCount());
  at.vertices = pointer(hull.vertices.data());
  at.sourceIndex = pointer(hull.sourceIndex.data());
  at.faceStart = pointer(hull.faceStart.data());
  at.faceVertex = pointer(hull.faceVertex.data());
  at.triangles = pointer(hull.triangles.data());
  io::writeResult(at);
}

}  // namespace

}  // namespace c3d

EMSCRIPTEN_BINDINGS(collide3d_convex) {
  using namespace emscripten;
  function("convexHullBuild", &c3d::convexHullBuild);
  function("convexHullDestroy", &c3d::convexHullDestroy);
  function("convexHullView", &c3d::convexHullView);
}
