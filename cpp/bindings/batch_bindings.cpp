// Batch forms of the single-pair queries (batch/pairs.h): one call runs a dispatch-table entry over many pairs
// whose items the JS side copied into the wasm heap, writing one answer per pair.
#include <emscripten/bind.h>

#include <cstdint>

#include "bindings/io_layout.h"
#include "collide3d/batch/intersects_lanes.h"
#include "collide3d/batch/pairs.h"
#include "collide3d/batch/raycast_lanes.h"

namespace c3d {

namespace {

// Checks both sides' items (io::itemsUsable), then answers every pair with answerAll(), which returns how many pairs
// hit or meet. Returns that, or kInvalidA / kInvalidB.
template <class AnswerAll>
int answerChecked(const EncodedItems (&sides)[2], AnswerAll&& answerAll) {
  if (!io::itemsUsable(sides[0])) return io::kInvalidA;
  if (!io::itemsUsable(sides[1])) return io::kInvalidB;
  return answerAll();
}

// The table's entry for the two sides' types (nullptr when the pair is not supported).
template <class Fn>
Fn entryFor(const PairTable<Fn>& table, int typeA, int typeB) {
  if (typeA < 0 || typeA >= kShapeTypeCount || typeB < 0 || typeB >= kShapeTypeCount) return nullptr;
  return table.at(static_cast<ShapeType>(typeA), static_cast<ShapeType>(typeB));
}

// intersects over `pairs` pairs: one byte per pair at `out`, 1 when they meet; pairs with a SIMD fast path take it
// (batch/intersects_lanes.h). Returns how many meet, or a status.
int intersectsBatch(int typeA, std::uintptr_t a, int countA, int doubleA, int typeB, std::uintptr_t b, int countB,
                    int doubleB, int pairs, std::uintptr_t out) {
  const IntersectsFn meets = entryFor(intersectsTable(), typeA, typeB);
  if (meets == nullptr) return io::kUnsupportedPair;
  auto* met = reinterpret_cast<uint8_t*>(out);
  const EncodedItems sides[2] = {io::itemsAt(static_cast<ShapeType>(typeA), a, countA, doubleA),
                                 io::itemsAt(static_cast<ShapeType>(typeB), b, countB, doubleB)};
  return answerChecked(sides, [&] {
    if (!intersectsByLanes(sides[0], sides[1], static_cast<size_t>(pairs), meets, met)) {
      forEachPair(sides[0], sides[1], static_cast<size_t>(pairs),
                  [&](size_t i, const double* p, const double* q) { met[i] = meets(p, q) ? 1 : 0; });
    }
    int count = 0;
    for (int i = 0; i < pairs; ++i) count += met[i];
    return count;
  });
}

// raycast over `pairs` pairs, options io::raycastOptions(): one double per pair at `out`, the hit's t or +infinity.
// Casters against triangles, spheres and planes take a SIMD fast path (batch/raycast_lanes.h). Returns how many
// hit, or a status.
int raycastBatch(int typeA, std::uintptr_t a, int countA, int doubleA, int typeB, std::uintptr_t b, int countB,
                 int doubleB, int pairs, std::uintptr_t out) {
  const RaycastFn cast = entryFor(raycastTable(), typeA, typeB);
  if (cast == nullptr) return io::kUnsupportedPair;
  const RaycastOptions options = io::raycastOptions();
  auto* t = reinterpret_cast<double*>(out);
  const EncodedItems sides[2] = {io::itemsAt(static_cast<ShapeType>(typeA), a, countA, doubleA),
                                 io::itemsAt(static_cast<ShapeType>(typeB), b, countB, doubleB)};
  return answerChecked(sides, [&] {
    const int fast = raycastByLanes(sides[0], sides[1], static_cast<size_t>(pairs), options, cast, t);
    if (fast >= 0) return fast;
    int hits = 0;
    forEachPair(sides[0], sides[1], static_cast<size_t>(pairs), [&](size_t i, const double* p, const double* q) {
      const auto hit = cast(p, q, options);
      t[i] = hit ? hit->t + 0.0 : kInfinity;  // + 0: -0 reads as 0, as in raycast()
      hits += hit.has_value();
    });
    return hits;
  });
}

}  // namespace

}  // namespace c3d

EMSCRIPTEN_BINDINGS(collide3d_batch) {
  emscripten::function("intersectsBatch", &c3d::intersectsBatch);
  emscripten::function("raycastBatch", &c3d::raycastBatch);
}
