// Many pairs of shapes at once, for any query's dispatch-table entry: each side is an array of items of one shape
// type (batch/items.h). Pair i is item i of each side; a side holding a single item pairs it with every item of the
// other. Items are checked before any pair runs, so a batch either answers every pair or none.
#pragma once
#include <cstddef>

#include "collide3d/batch/items.h"
#include "collide3d/dispatch/encoded.h"
#include "collide3d/dispatch/tables.h"

namespace c3d {

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
