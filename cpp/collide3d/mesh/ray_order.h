// The order in which a batch of rays is best cast against one BVH: rays that enter the tree's box near each other,
// going the same way, visit much the same nodes and triangles, so casting them one after another finds those in the
// cache (ray reordering: Pharr, Kolb, Gershbein & Hanrahan 1997, "Rendering Complex Scenes with Memory-Coherent Ray
// Tracing"; Moon, Byun, Kim, Wong & Yoon 2010, "Cache-Oblivious Ray Reordering"). The key: the direction's octant,
// then the Morton code (Morton 1966) of where the ray enters the tree's box, 9 bits an axis, on the box's own scale.
// On the 1M-triangle torus knot with 100,000-200,000 random rays, 1.10-1.16x the rays a second in wasm, 1.0-1.25x
// natively (this machine's noise), the sort included (about 1 % of the casts). Only the order changes: each ray's
// answer is its own, whatever the order.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "collide3d/memory/checked.h"
#include "collide3d/mesh/bvh.h"

namespace c3d {

namespace ray_order {

// x's low 9 bits spread to every third bit (bits 0, 3, ..., 24).
inline uint32_t spread(uint32_t x) {
  x &= 0x1ff;
  x = (x | x << 16) & 0x30000ff;
  x = (x | x << 8) & 0x300f00f;
  x = (x | x << 4) & 0x30c30c3;
  x = (x | x << 2) & 0x9249249;
  return x;
}

// A ray's key: octant (3 bits) above the Morton code of its entry point into `box` (27 bits), where a ray that misses
// the box keys by its origin. Any finite ray gives a key (a non-number is taken as 0).
inline uint32_t keyOf(const double (&origin)[3], const double (&direction)[3], const BvhBox& box) {
  double enter = 0, leave = std::numeric_limits<double>::infinity();
  for (int k = 0; k < 3; ++k) {
    const double a = (box.lo[k] - origin[k]) / direction[k], b = (box.hi[k] - origin[k]) / direction[k];
    enter = std::max(enter, std::min(a, b));
    leave = std::min(leave, std::max(a, b));
  }
  const double t = enter <= leave ? enter : 0;
  uint32_t code = 0;
  for (int k = 0; k < 3; ++k) {
    const double extent = double(box.hi[k]) - box.lo[k];
    const double at = (origin[k] + t * direction[k] - box.lo[k]) / extent;  // 0 to 1 inside the box
    const double cell = at >= 0 ? std::min(at, 1.0) * 511 : 0;  // NaN (a flat box, an infinite t) to 0
    code |= spread(static_cast<uint32_t>(cell)) << k;
  }
  const uint32_t octant = (direction[0] < 0) | (direction[1] < 0) << 1 | (direction[2] < 0) << 2;
  return octant << 27 | code;
}

}  // namespace ray_order

// The rays' numbers (`count` rays as origin, direction, in floats or doubles) in the order to cast them against
// `tree`: false, with `order` empty, when there is nothing to gain (few rays, or a tree that stays in the cache
// anyway: below 4,096 nodes, 512 KB) or the heap cannot hold the keys (the caller then casts them as given). The keys (30 bits) are sorted by three passes of a counting sort, 10
// bits each, least significant first (Knuth, TAOCP vol. 3, §5.2.5): linear in the rays, where a comparison sort cost
// a tenth of the casts in wasm.
template <class T>
[[nodiscard]] bool rayOrder(const T* rays, size_t count, const Bvh& tree, std::vector<uint32_t>& order) {
  constexpr size_t kWorthSorting = 256, kCachedNodes = 4096;
  constexpr int kBits = 10, kPasses = 3;
  order.clear();
  std::vector<uint32_t> keys, sortedKeys, from;
  if (count < kWorthSorting || tree.nodes.size() < kCachedNodes || count > UINT32_MAX || !checked::reserve(keys, count) ||
      !checked::reserve(sortedKeys, count) || !checked::reserve(from, count) || !checked::reserve(order, count)) {
    return false;
  }
  for (size_t i = 0; i < count; ++i) {
    const T* r = rays + 6 * i;
    const double origin[3] = {double(r[0]), double(r[1]), double(r[2])}, direction[3] = {double(r[3]), double(r[4]), double(r[5])};
    keys.push_back(ray_order::keyOf(origin, direction, tree.box));
    order.push_back(static_cast<uint32_t>(i));
  }
  sortedKeys.resize(count);
  from.resize(count);
  for (int pass = 0; pass < kPasses; ++pass) {
    const int shift = pass * kBits;
    uint32_t start[(1 << kBits) + 1] = {};
    for (const uint32_t key : keys) ++start[(key >> shift & ((1 << kBits) - 1)) + 1];
    for (int digit = 0; digit < (1 << kBits); ++digit) start[digit + 1] += start[digit];
    for (size_t i = 0; i < count; ++i) {
      const uint32_t at = start[keys[i] >> shift & ((1 << kBits) - 1)]++;
      sortedKeys[at] = keys[i];
      from[at] = order[i];
    }
    keys.swap(sortedKeys);
    order.swap(from);
  }
  return true;
}

}  // namespace c3d
