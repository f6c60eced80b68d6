// frustum: the solid region inside six planes (three.js Frustum): p is inside when
// dot(normal_i, p) + constant_i >= 0 for every plane, so the normals point inwards.
#pragma once
#include <array>
#include <cstdio>

#include "collide3d/shapes/plane.h"
#include "collide3d/shapes/shape_type.h"

namespace c3d {

struct Frustum {
  std::array<Plane, 6> planes;

  static constexpr ShapeType kType = ShapeType::Frustum;
  static constexpr const char* kName = "frustum";
  template <class Visit> static void fields(Visit&& visit) { visit("planes", &Frustum::planes); }
};

inline bool validate(const Frustum& f, Problem& problem) {
  for (int i = 0; i < 6; ++i) {
    Problem plane;
    if (!validate(f.planes[i], plane)) {
      std::snprintf(problem.field, sizeof problem.field, "planes[%d].%.32s", i, plane.field);
      std::snprintf(problem.message, sizeof problem.message, "%s", plane.message);
      return false;
    }
  }
  return true;
}

}  // namespace c3d
