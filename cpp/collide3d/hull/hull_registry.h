// The live hulls: the prepared hulls (convex_hull.h) a `convex` shape may name by address (shapes/convex.h). A shape
// crosses from JavaScript as numbers, so its hull is one number, and validation looks that number up here before any
// query reads through it: no input, however forged, makes the core dereference an address that is not a live hull.
// Hulls are made and destroyed only here, so the set is exactly the hulls that exist.
#pragma once
#include <cstddef>
#include <cstdint>

#include "collide3d/hull/hull_builder.h"

namespace c3d::hull_registry {

// Builds the hull of the `count` points xyz[3i .. 3i + 2] in a block of its own and registers it: Ok with `made` set,
// or why not (NotFinite or OutOfRange for a coordinate outside the range of shape numbers, the build's failure,
// HeapFull also when the registry cannot grow), with nothing kept.
[[nodiscard]] HullStatus create(const double* xyz, size_t count, const ConvexHull*& made);

// Unregisters and frees a live hull; false (and nothing done) for any other address.
bool destroy(const ConvexHull* hull);

// Whether `address` is a live hull's: an integer (addresses are below 2^53, so a double holds them exactly) naming a
// hull create() made and destroy() has not freed.
bool isLive(double address);

// The hull at an address isLive() accepted.
inline const ConvexHull& at(double address) {
  return *reinterpret_cast<const ConvexHull*>(static_cast<std::uintptr_t>(address));
}

size_t liveCount();

}  // namespace c3d::hull_registry
