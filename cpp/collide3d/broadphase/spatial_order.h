// The order a broadphase keeps its boxes in, so that boxes near in space are near in the order and a range of the
// order is a compact region: by the Morton codes of their centres (morton.h: cells of the cube around them, a cube
// so that a long scene is cut across its length first), then each run of equal codes (a cluster finer than the
// cells) by codes in its own cube, a few times, and what these cannot split (centres equal, or clusters nested
// deeper) by recursive median splits along the widest axis. Cutting such an order in halves, or in quarters, at any
// depth gives a balanced tree whose nodes are compact: allPairs' blocks, the dynamic tree's bulk build.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "collide3d/math/morton.h"
#include "collide3d/memory/checked.h"

namespace c3d {

namespace spatial_order {

// A centre and what it is the centre of.
struct Centred {
  double at[3];
  uint32_t id;

  // The centre of the box [lo, hi]: its bounds halved, then added (no overflow for finite bounds).
  static Centred of(const double (&lo)[3], const double (&hi)[3], uint32_t id) {
    return {{0.5 * lo[0] + 0.5 * hi[0], 0.5 * lo[1] + 0.5 * hi[1], 0.5 * lo[2] + 0.5 * hi[2]}, id};
  }
};

// Ranges this short are left as they are.
constexpr size_t kFineEnough = 4;

// Orders items [begin, end) so that each half of the range (and each half of a half, down to kFineEnough) lies on
// one side of the median along the widest axis of its centres.
template <class It>
void splitByMedians(It begin, It end) {
  while (end - begin > static_cast<std::ptrdiff_t>(kFineEnough)) {
    double lo[3], hi[3];
    for (int k = 0; k < 3; ++k) lo[k] = hi[k] = begin->at[k];
    for (It c = begin + 1; c != end; ++c) {
      for (int k = 0; k < 3; ++k) lo[k] = std::min(lo[k], c->at[k]), hi[k] = std::max(hi[k], c->at[k]);
    }
    int axis = 0;
    for (int k = 1; k < 3; ++k) {
      if (0.5 * hi[k] - 0.5 * lo[k] > 0.5 * hi[axis] - 0.5 * lo[axis]) axis = k;
    }
    const It half = begin + (end - begin) / 2;
    std::nth_element(begin, half, end, [axis](const Centred& p, const Centred& q) { return p.at[axis] < q.at[axis]; });
    splitByMedians(begin, half);
    begin = half;
  }
}

// Orders items [first, first + count) by Morton codes in the cube around their centres, then each run of equal codes
// likewise, `depth` recodings deep at most. False when the heap cannot hold the keys.
[[nodiscard]] inline bool orderRange(std::vector<Centred>& items, size_t first, size_t count, int depth) {
  constexpr int kRecodings = 3;
  const auto begin = items.begin() + static_cast<std::ptrdiff_t>(first);
  if (depth > kRecodings) return splitByMedians(begin, begin + static_cast<std::ptrdiff_t>(count)), true;
  std::vector<uint32_t> keys, order;
  std::vector<Centred> sorted;
  if (!checked::reserve(keys, count) || !checked::reserve(order, count) || !checked::reserve(sorted, count)) return false;
  double lo[3], hi[3];
  for (int k = 0; k < 3; ++k) lo[k] = hi[k] = items[first].at[k];
  for (size_t i = first + 1; i < first + count; ++i) {
    for (int k = 0; k < 3; ++k) lo[k] = std::min(lo[k], items[i].at[k]), hi[k] = std::max(hi[k], items[i].at[k]);
  }
  // Halved before subtracting: the extent of huge centres would overflow. No extent, or too little for a finite
  // scale: every centre in cell 0.
  const double side = std::max({0.5 * hi[0] - 0.5 * lo[0], 0.5 * hi[1] - 0.5 * lo[1], 0.5 * hi[2] - 0.5 * lo[2]});
  double scale = 0.5 * morton::kCells / side;
  if (!(scale < std::numeric_limits<double>::infinity())) scale = 0;
  for (size_t i = 0; i < count; ++i) {
    uint32_t cell[3];
    for (int k = 0; k < 3; ++k) {
      // In [0, kCells] up to rounding (infinite where the difference overflows); the last cell holds the top.
      const double at = (items[first + i].at[k] - lo[k]) * scale;
      cell[k] = at < morton::kCells - 1 ? static_cast<uint32_t>(at) : morton::kCells - 1;
    }
    keys.push_back(morton::code(cell[0], cell[1], cell[2]));
    order.push_back(static_cast<uint32_t>(i));
  }
  if (!morton::sortByKey(keys, order)) return false;
  for (const uint32_t i : order) sorted.push_back(items[first + i]);
  std::copy(sorted.begin(), sorted.end(), begin);
  for (size_t run = 0, end; run < count; run = end) {
    for (end = run + 1; end < count && keys[end] == keys[run];) ++end;
    if (end - run <= kFineEnough) continue;
    if (end - run == count) {  // these cells cannot tell the centres apart
      splitByMedians(begin + static_cast<std::ptrdiff_t>(run), begin + static_cast<std::ptrdiff_t>(end));
    } else if (!orderRange(items, first + run, end - run, depth + 1)) {
      return false;
    }
  }
  return true;
}

}  // namespace spatial_order

// Puts items in the order above. False when the heap cannot hold the sort's keys (the items are then all there, in
// some order).
[[nodiscard]] inline bool spatialOrder(std::vector<spatial_order::Centred>& items) {
  return items.empty() || spatial_order::orderRange(items, 0, items.size(), 0);
}

}  // namespace c3d
