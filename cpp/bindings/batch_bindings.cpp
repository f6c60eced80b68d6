// Batch forms of the single-pair queries (batch/pairs.h): one call runs a dispatch-table entry over many pairs
// whose items the JS side copied into the wasm heap, writing one answer per pair.
#include <emscripten/bind.h>

#include <cstdint>

#include "bindings/io_layout.h"
#include "collide3d/batch/pairs.h"
#include "collide3d/batch/raycast_triangles.h"

namespace c3d {

namespace {

// Checks both sides' items (batch/pairs.h), then answers every pair with answerAll(), which returns how many pairs
// hit or meet. Returns that, or kInvalidA / kInvalidB with result()[0] the index of a number that is not finite
// (then result()[1] = 1), or of an item its validation rejects (result()[1] = 0, problemSeen says why).
template <class AnswerAll>
int answerChecked(const EncodedItems (&sides)[2], AnswerAll&& answerAll) {
  for (int side = 0; side < 2; ++side) {
    const ItemProblem problem = firstProblem(sides[side], io::problemSeen);
    if (problem.found()) {
      io::result()[0] = static_cast<double>(problem.number >= 0 ? problem.number : problem.item);
      io::result()[1] = problem.number >= 0 ? 1 : 0;
      return side == 0 ? io::kInvalidA : io::kInvalidB;
    }
  }
  return answerAll();
}

// answerChecked with answer(i, a_i, b_i) for each pair in turn, true when it hits or meets.
template <class Answer>
int answerPairs(const EncodedItems (&sides)[2], int pairs, Answer&& answer) {
  return answerChecked(sides, [&] {
    int hits = 0;
    forEachPair(sides[0], sides[1], static_cast<size_t>(pairs),
                [&](size_t i, const double* a, const double* b) { hits += answer(i, a, b) ? 1 : 0; });
    return hits;
  });
}

// The table's entry for the two sides' types (nullptr when the pair is not supported), and the sides. Each side:
// type, address, item count, stored as doubles.
template <class Fn>
Fn entryFor(const PairTable<Fn>& table, int typeA, int typeB) {
  if (typeA < 0 || typeA >= kShapeTypeCount || typeB < 0 || typeB >= kShapeTypeCount) return nullptr;
  return table.at(static_cast<ShapeType>(typeA), static_cast<ShapeType>(typeB));
}
EncodedItems side(int type, std::uintptr_t address, int count, int isDouble) {
  const auto shape = static_cast<ShapeType>(type);
  return {shape, reinterpret_cast<const void*>(address), isDouble != 0, static_cast<size_t>(count), encodedSize(shape)};
}

// intersects over `pairs` pairs: one byte per pair at `out`, 1 when they meet. Returns how many meet, or a status.
int intersectsBatch(int typeA, std::uintptr_t a, int countA, int doubleA, int typeB, std::uintptr_t b, int countB,
                    int doubleB, int pairs, std::uintptr_t out) {
  const IntersectsFn meets = entryFor(intersectsTable(), typeA, typeB);
  if (meets == nullptr) return io::kUnsupportedPair;
  auto* met = reinterpret_cast<uint8_t*>(out);
  return answerPairs({side(typeA, a, countA, doubleA), side(typeB, b, countB, doubleB)}, pairs,
                     [&](size_t i, const double* p, const double* q) { return met[i] = meets(p, q) ? 1 : 0; });
}

// raycast over `pairs` pairs, options io::raycastOptions(): one double per pair at `out`, the hit's t or +infinity.
// Casters against triangles take the SIMD fast path (batch/raycast_triangles.h). Returns how many hit, or a status.
int raycastBatch(int typeA, std::uintptr_t a, int countA, int doubleA, int typeB, std::uintptr_t b, int countB,
                 int doubleB, int pairs, std::uintptr_t out) {
  const RaycastFn cast = entryFor(raycastTable(), typeA, typeB);
  if (cast == nullptr) return io::kUnsupportedPair;
  const RaycastOptions options = io::raycastOptions();
  auto* t = reinterpret_cast<double*>(out);
  const EncodedItems sides[2] = {side(typeA, a, countA, doubleA), side(typeB, b, countB, doubleB)};
  if (hasTriangleLanes(sides[0].type, sides[1].type)) {
    return answerChecked(sides, [&] {
      return raycastTriangles(sides[0], sides[1], static_cast<size_t>(pairs), options, cast, t);
    });
  }
  return answerPairs(sides, pairs,
                     [&](size_t i, const double* p, const double* q) {
                       const auto hit = cast(p, q, options);
                       t[i] = hit ? hit->t + 0.0 : kInfinity;  // + 0: -0 reads as 0, as in raycast()
                       return hit.has_value();
                     });
}

}  // namespace

}  // namespace c3d

EMSCRIPTEN_BINDINGS(collide3d_batch) {
  emscripten::function("intersectsBatch", &c3d::intersectsBatch);
  emscripten::function("raycastBatch", &c3d::raycastBatch);
}
