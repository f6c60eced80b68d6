// convex: the convex hull of a point set, solid (a polytope; or flat, a segment or a point when the points span no
// more), held as a prepared hull (hull/convex_hull.h) in the heap. The shape is encoded as the hull's address, one
// number: the points themselves, unbounded in number, never cross through the fixed-size encoding. Validation accepts
// only the address of a live hull (hull/hull_registry.h), so every query reads a hull that exists.
#pragma once
#include "collide3d/hull/hull_registry.h"
#include "collide3d/shapes/shape_type.h"
#include "collide3d/shapes/validation.h"

namespace c3d {

// A hull's address as the encoding carries it: a layout of one number (dispatch/encoded.h reads and writes it as any
// layout), whose kind is its name, "handle" — a number the JavaScript side never takes from the user, only from a
// hull it made.
struct HullHandle {
  double address = 0;

  static constexpr const char* kName = "handle";
  template <class Visit> static constexpr void fields(Visit&& visit) { visit("address", &HullHandle::address); }
};

struct Convex {
  HullHandle hull;

  // On a validated shape only.
  const ConvexHull& prepared() const { return hull_registry::at(hull.address); }

  static constexpr ShapeType kType = ShapeType::Convex;
  static constexpr const char* kName = "convex";
  template <class Visit> static constexpr void fields(Visit&& visit) { visit("hull", &Convex::hull); }
};

inline bool validate(const Convex& c, Problem& problem) {
  if (hull_registry::isLive(c.hull.address)) return true;
  return fail(problem, "hull", "must be the address of a live convex hull", c.hull.address);
}

}  // namespace c3d
