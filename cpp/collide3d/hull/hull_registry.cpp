// The live hulls, as a sorted array of their addresses (a binary search per validation; hulls are made far less often
// than they are queried). Growth goes through memory/checked.h, so a full heap is reported, never an abort.
#include "collide3d/hull/hull_registry.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "collide3d/memory/checked.h"
#include "collide3d/shapes/validation.h"

namespace c3d::hull_registry {
namespace {

std::vector<const ConvexHull*> live;  // ascending
HullBuilder builder;                  // its scratch kept between builds while any hull lives

std::vector<const ConvexHull*>::iterator slotOf(const ConvexHull* hull) {
  return std::lower_bound(live.begin(), live.end(), hull, std::less<const ConvexHull*>());
}

// With no hull left, the registry's array and the builder's scratch go too: the heap is as before the first hull, so
// a hull made and freed per query leaves nothing behind.
void releaseIfEmpty() {
  if (!live.empty()) return;
  std::vector<const ConvexHull*>().swap(live);
  builder = HullBuilder();
}

}  // namespace

HullStatus create(const double* xyz, size_t count, const ConvexHull*& made) {
  made = nullptr;
  for (size_t k = 0; k < 3 * count; ++k) {
    if (!inRange(xyz[k])) return std::isfinite(xyz[k]) ? HullStatus::OutOfRange : HullStatus::NotFinite;
  }
  if (!checked::room(live, 1)) return HullStatus::HeapFull;  // before the build: insertion then cannot fail
  ConvexHull* hull = checked::create<ConvexHull>();
  if (hull == nullptr) {
    releaseIfEmpty();
    return HullStatus::HeapFull;
  }
  const HullStatus status = builder.build(xyz, count, *hull);
  if (status != HullStatus::Ok) {
    checked::destroy(hull);
    releaseIfEmpty();
    return status;
  }
  live.insert(slotOf(hull), hull);
  made = hull;
  return HullStatus::Ok;
}

bool destroy(const ConvexHull* hull) {
  const auto at = slotOf(hull);
  if (at == live.end() || *at != hull) return false;
  live.erase(at);
  checked::destroy(const_cast<ConvexHull*>(hull));
  releaseIfEmpty();
  return true;
}

bool isLive(double address) {
  if (!(address >= 0 && address < 0x1p53 && std::floor(address) == address)) return false;
  const auto* hull = reinterpret_cast<const ConvexHull*>(static_cast<std::uintptr_t>(address));
  const auto at = slotOf(hull);
  return at != live.end() && *at == hull;
}

size_t liveCount() { return live.size(); }

}  // namespace c3d::hull_registry
