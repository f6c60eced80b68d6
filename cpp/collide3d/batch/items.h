// Items of the batch queries: many shapes of one type packed in a flat array of numbers, float or double, each item
// that type's encoded numbers (encoded.h) — as renderers keep them: spheres as x, y, z, radius; boxes as min x, y, z,
// max x, y, z; rays as origin, direction — and the one check every batch call runs on them before any answer (every
// number within the range of shape numbers, then each shape's own rules: validateShape's two steps, the first
// vectorised over the whole array), so a call either answers every item or none.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>

#include "collide3d/dispatch/encoded.h"
#include "collide3d/dispatch/shape_visit.h"
#include "collide3d/shapes/validation.h"

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

// The first unusable item: `number`, the index of the first number out of range (anywhere in the items); else
// `item`, the first item its shape's validation rejects (`problem` says why). Both -1 when every item is usable.
struct ItemProblem {
  std::ptrdiff_t number = -1, item = -1;
  bool found() const { return number >= 0 || item >= 0; }
};

namespace items_check {

// The index of the first of `count` numbers outside the range of shape numbers (not finite, or non-zero beyond
// 2^-126..2^126: validation.h), or -1. Scanned a block at a time with no branch per number, so the compiler
// vectorises it; a block that fails is scanned again for the index.
template <class T>
std::ptrdiff_t firstOutOfRange(const T* numbers, size_t count) {
  constexpr size_t kBlock = 512;
  constexpr T kSmallest = static_cast<T>(kSmallestMagnitude), kLargest = static_cast<T>(kLargestMagnitude);
  for (size_t start = 0; start < count; start += kBlock) {
    const size_t end = std::min(count, start + kBlock);
    int bad = 0;
    for (size_t k = start; k < end; ++k) {
      const T x = numbers[k], a = std::fabs(x);
      bad |= !((x == 0) | ((a >= kSmallest) & (a <= kLargest)));
    }
    if (bad == 0) continue;
    for (size_t k = start; k < end; ++k) {
      if (!inRange(numbers[k])) return static_cast<std::ptrdiff_t>(k);
    }
  }
  return -1;
}

// The first of `count` items in range its shape's own rules reject, or -1: one loop per shape and number type, the
// rules inlined (for shapes that accept any numbers in range, the loop compiles to nothing).
template <class Shape, class T>
std::ptrdiff_t firstInvalid(const T* numbers, size_t count, Problem& problem) {
  const int size = encodedSize<Shape>();
  for (size_t i = 0; i < count; ++i) {
    if (!validate(decode<Shape>(numbers + i * size), problem)) return static_cast<std::ptrdiff_t>(i);
  }
  return -1;
}

template <class T>
ItemProblem firstProblemAs(const EncodedItems& items, Problem& problem) {
  const auto* numbers = static_cast<const T*>(items.data);
  ItemProblem found;
  found.number = firstOutOfRange(numbers, items.count * items.size);
  if (found.number < 0) {
    found.item = withShapeType(items.type, [&](auto tag) {
      return firstInvalid<typename decltype(tag)::type>(numbers, items.count, problem);
    });
  }
  return found;
}

}  // namespace items_check

inline ItemProblem firstProblem(const EncodedItems& items, Problem& problem) {
  return items.isDouble ? items_check::firstProblemAs<double>(items, problem)
                        : items_check::firstProblemAs<float>(items, problem);
}

}  // namespace c3d
