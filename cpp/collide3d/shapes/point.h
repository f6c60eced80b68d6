// point: a single position.
#pragma once
#include "collide3d/math/vec3.h"
#include "collide3d/shapes/shape_type.h"
#include "collide3d/shapes/validation.h"

namespace c3d {

struct Point {
  Vec3 position;

  static constexpr ShapeType kType = ShapeType::Point;
  static constexpr const char* kName = "point";
  template <class Visit> static constexpr void fields(Visit&& visit) { visit("position", &Point::position); }
};

inline bool validate(const Point&, Problem&) { return true; }

}  // namespace c3d
