// The scratch area through which the JavaScript entry and the wasm module exchange a query's numbers: the JS side
// writes the options and the two encoded shapes, calls a bound function that takes only the two shape type codes,
// and reads the result back. Offsets are in doubles; the JS side reads them from describe() at start-up, with every
// option and result layout (layouts.h).
// Every binding file (embind.cpp, mesh_bindings.cpp, tree_bindings.cpp) reads and writes the one area defined in embind.cpp.
#pragma once
#include <cstdint>
#include <vector>

#include "bindings/layouts.h"
#include "collide3d/batch/items.h"
#include "collide3d/dispatch/encoded.h"
#include "collide3d/dispatch/tables.h"
#include "collide3d/queries/results.h"
#include "collide3d/shapes/validation.h"

namespace c3d::io {

constexpr int kOptions = 0;                          // up to 8 option values
constexpr int kShapeA = 8;                           // the first argument, encoded
constexpr int kShapeB = kShapeA + kEncodedShapeSize;  // the second argument, encoded
constexpr int kResult = kShapeB + kEncodedShapeSize;  // up to 32 result values
constexpr int kSize = kResult + 32;

// Status codes returned by the bound query functions; results >= 0 are the query's own answer.
constexpr int kUnsupportedPair = -1;
constexpr int kInvalidA = -2;  // the first argument failed validation; problemSeen says why
constexpr int kInvalidB = -3;
constexpr int kHeapFull = -4;  // the wasm heap cannot hold what the call needs (nothing was changed)

extern double scratch[kSize];
extern Problem problemSeen;  // the last validation failure: the JS side reads it in place (describe())

// Numbers a call found whose count is not known in advance (allPairs' pairs, a tree query's ids): the JS side copies
// them out from foundAddress(), then calls releaseFound(), which returns their memory to the heap. Grown only through
// checked.h; a call that cannot hold them all releases them and returns kHeapFull.
extern std::vector<uint32_t> numbersFound;

inline void releaseFound() { std::vector<uint32_t>().swap(numbersFound); }

inline const double* options() { return scratch + kOptions; }
inline const double* argA() { return scratch + kShapeA; }
inline const double* argB() { return scratch + kShapeB; }
inline double* result() { return scratch + kResult; }

// The options block of a call, as the JS entry wrote it.
template <class Options>
Options readOptions() {
  static_assert(encodedSize<Options>() <= kShapeA - kOptions, "options fit their space");
  return decode<Options>(options());
}
inline RaycastOptions raycastOptions() { return readOptions<RaycastOptions>(); }

// Writes a call's answer into result(), at `offset` numbers in.
template <class Layout>
void writeResult(const Layout& value, int offset = 0) {
  static_assert(encodedSize<Layout>() <= kSize - kResult, "results fit their space");
  encode(value, result() + offset);
}

// `count` batch items of `type` stored at `address`: float32, or float64 when `isDouble`.
inline EncodedItems itemsAt(ShapeType type, std::uintptr_t address, int count, int isDouble) {
  return {type, reinterpret_cast<const void*>(address), isDouble != 0, static_cast<size_t>(count), encodedSize(type)};
}

// Whether every item is usable (batch/items.h). If not, where the first problem is, for the JS side, in result()
// (ItemProblemAt).
inline bool itemsUsable(const EncodedItems& items) {
  const ItemProblem problem = firstProblem(items, problemSeen);
  if (!problem.found()) return true;
  const bool isNumber = problem.number >= 0;
  writeResult(ItemProblemAt{static_cast<double>(isNumber ? problem.number : problem.item), isNumber});
  return false;
}

// Whether a shape type code is a caster's (ray, line, segment), and that caster from its encoded numbers.
inline bool isCaster(int type) {
  return type == static_cast<int>(ShapeType::Ray) || type == static_cast<int>(ShapeType::Line) ||
         type == static_cast<int>(ShapeType::Segment);
}
inline Caster decodeCaster(ShapeType type, const double* shape) {
  switch (type) {
    case ShapeType::Ray: return toCaster(decode<Ray>(shape));
    case ShapeType::Line: return toCaster(decode<Line>(shape));
    default: return toCaster(decode<Segment>(shape));
  }
}

}  // namespace c3d::io
