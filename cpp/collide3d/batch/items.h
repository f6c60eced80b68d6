// Items of the batch queries: many shapes of one kind packed in a flat array of numbers (float or double), as
// renderers keep them — spheres as x, y, z, radius; boxes as min x, y, z, max x, y, z; rays as origin, direction —
// and how each is read and checked.
#pragma once
#include <cmath>
#include <cstddef>

#include "collide3d/shapes/aabb.h"
#include "collide3d/shapes/casters.h"
#include "collide3d/shapes/sphere.h"

namespace c3d {

// The numbers per item, and how an item is read and checked.
struct SphereItems {
  static constexpr size_t kStride = 4;
  template <class T>
  static Sphere read(const T* v) {
    return {{double(v[0]), double(v[1]), double(v[2])}, double(v[3])};
  }
  // The offset within the item of its first bad number, or -1: every number finite, the radius >= 0.
  template <class T>
  static int firstBad(const T* v) {
    for (int k = 0; k < 4; ++k) {
      if (!std::isfinite(double(v[k]))) return k;
    }
    return v[3] < 0 ? 3 : -1;
  }
};

struct BoxItems {
  static constexpr size_t kStride = 6;
  template <class T>
  static Aabb read(const T* v) {
    return {{double(v[0]), double(v[1]), double(v[2])}, {double(v[3]), double(v[4]), double(v[5])}};
  }
  // Every number finite, each max >= its min.
  template <class T>
  static int firstBad(const T* v) {
    for (int k = 0; k < 6; ++k) {
      if (!std::isfinite(double(v[k]))) return k;
    }
    for (int k = 0; k < 3; ++k) {
      if (v[k + 3] < v[k]) return k + 3;
    }
    return -1;
  }
};

// Rays as origin x, y, z, direction x, y, z.
struct RayItems {
  static constexpr size_t kStride = 6;
  template <class T>
  static Ray read(const T* v) {
    return {{double(v[0]), double(v[1]), double(v[2])}, {double(v[3]), double(v[4]), double(v[5])}};
  }
  // Every number finite, the direction not zero (reported at its x).
  template <class T>
  static int firstBad(const T* v) {
    for (int k = 0; k < 6; ++k) {
      if (!std::isfinite(double(v[k]))) return k;
    }
    return v[3] == 0 && v[4] == 0 && v[5] == 0 ? 3 : -1;
  }
};

// The index of the first bad number among count items, or -1 when all are valid.
template <class Items, class T>
std::ptrdiff_t firstBadNumber(const T* items, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    const int k = Items::firstBad(items + i * Items::kStride);
    if (k >= 0) return static_cast<std::ptrdiff_t>(i * Items::kStride + k);
  }
  return -1;
}

}  // namespace c3d
