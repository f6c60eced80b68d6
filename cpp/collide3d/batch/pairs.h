// Many pairs of shapes at once, for any query's dispatch-table entry: each side is an array of items of one shape
// type, each item that type's encoded numbers (encoded.h), in float or double. Pair i is item i of each side; a side
// holding a single item pairs it with every item of the other. Items are checked once each (every number finite,
// then the shape's own validation) before any pair runs, so a batch either answers every pair or none.
#pragma once
#include <cmath>
#include <cstddef>

#include "collide3d/dispatch/tables.h"

namespace c3d {

struct EncodedItems {
  ShapeType type;
  const void* data;
  bool isDouble;
  size_t count;
  int size;  // numbers per item: encodedSize(type)

  // Item i as doubles: in place when stored as doubles, else widened (exactly) into `buffer`.
  const double* item(size_t i, double* buffer) const {
    if (isDouble) return static_cast<const double*>(data) + i * size;
    const float* numbers = static_cast<const float*>(data) + i * size;
    for (int k = 0; k < size; ++k) buffer[k] = numbers[k];
    return buffer;
  }
};

// The first unusable item: `number`, the index of a number that is not finite; else `item`, an item its shape's
// validation rejects (`problem` says why). Both -1 when every item is usable.
struct ItemProblem {
  std::ptrdiff_t number = -1, item = -1;
  bool found() const { return number >= 0 || item >= 0; }
};

inline ItemProblem firstProblem(const EncodedItems& items, Problem& problem) {
  ItemProblem found;
  double buffer[kEncodedShapeSize];
  for (size_t i = 0; i < items.count; ++i) {
    const double* item = items.item(i, buffer);
    for (int k = 0; k < items.size; ++k) {
      if (!std::isfinite(item[k])) {
        found.number = static_cast<std::ptrdiff_t>(i * items.size + k);
        return found;
      }
    }
    if (!validateEncoded(items.type, item, problem)) {
      found.item = static_cast<std::ptrdiff_t>(i);
      return found;
    }
  }
  return found;
}

// Calls pair(i, a_i, b_i) for every pair; the sides hold `pairs` items, or one.
template <class Pair>
void forEachPair(const EncodedItems& a, const EncodedItems& b, size_t pairs, Pair&& pair) {
  double bufferA[kEncodedShapeSize], bufferB[kEncodedShapeSize];
  const double* onlyA = a.count == 1 ? a.item(0, bufferA) : nullptr;
  const double* onlyB = b.count == 1 ? b.item(0, bufferB) : nullptr;
  for (size_t i = 0; i < pairs; ++i) {
    pair(i, onlyA != nullptr ? onlyA : a.item(i, bufferA), onlyB != nullptr ? onlyB : b.item(i, bufferB));
  }
}

}  // namespace c3d
