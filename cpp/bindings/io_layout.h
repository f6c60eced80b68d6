// The scratch area through which the JavaScript entry and the wasm module exchange a query's numbers: the JS side
// writes the options and the two encoded shapes, calls a bound function that takes only the two shape type codes,
// and reads the result back. Offsets are in doubles; the JS side reads them from describe() at start-up.
// Every binding file (embind.cpp, mesh_bindings.cpp, tree_bindings.cpp) reads and writes the one area defined in embind.cpp.
#pragma once
#include <cstdint>
#include <vector>

#include "collide3d/batch/items.h"
#include "collide3d/dispatch/encoded.h"
#include "collide3d/dispatch/tables.h"
#include "collide3d/queries/results.h"
#include "collide3d/shapes/validation.h"

namespace c3d::io {

constexpr int kOptions = 0;                          // up to 8 option values
constexpr int kShapeA = 8;                           // the first argument, encoded
constexpr int kShapeB = kShapeA + kEncodedShapeSize;  // the second argument, encoded
constexpr int kResult = kShapeB + kEncodedShapeSize;  // up to 24 result values
constexpr int kSize = kResult + 24;

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

// Raycast options as the JS entry writes them: maxDistance, backfaceCulling, solid.
inline RaycastOptions raycastOptions() {
  RaycastOptions opts;
  opts.maxDistance = options()[0];
  opts.backfaceCulling = options()[1] != 0;
  opts.solid = options()[2] != 0;
  return opts;
}

// `count` batch items of `type` stored at `address`: float32, or float64 when `isDouble`.
inline EncodedItems itemsAt(ShapeType type, std::uintptr_t address, int count, int isDouble) {
  return {type, reinterpret_cast<const void*>(address), isDouble != 0, static_cast<size_t>(count), encodedSize(type)};
}

// Whether every item is usable (batch/items.h). If not, where the first problem is, for the JS side: result()[0] is
// the index of a number that is not finite (then result()[1] = 1), or of an item its shape's validation rejects
// (result()[1] = 0; problemSeen says why).
inline bool itemsUsable(const EncodedItems& items) {
  const ItemProblem problem = firstProblem(items, problemSeen);
  if (!problem.found()) return true;
  result()[0] = static_cast<double>(problem.number >= 0 ? problem.number : problem.item);
  result()[1] = problem.number >= 0 ? 1 : 0;
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

// A raycast hit as the JS entry reads it: t, point, normal, hasBarycentric, u, v, frontFace (11 numbers).
constexpr int kHitSize = 11;
inline void write(double*& out, const RaycastHit& hit) {
  encoded::write(out, hit.t);
  encoded::write(out, hit.point);
  encoded::write(out, hit.normal);
  encoded::write(out, hit.hasBarycentric ? 1.0 : 0.0);
  encoded::write(out, hit.u);
  encoded::write(out, hit.v);
  encoded::write(out, hit.frontFace ? 1.0 : 0.0);
}

}  // namespace c3d::io
