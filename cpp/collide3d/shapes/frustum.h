// frustum: the solid region inside six planes (three.js Frustum): p is inside when
// dot(normal_i, p) + constant_i >= 0 for every plane, so the normals point inwards.
#pragma once
#include <array>

#include "collide3d/shapes/plane.h"
#include "collide3d/shapes/shape_type.h"

namespace c3d {

struct Frustum {
  std::array<Plane, 6> planes;

  static constexpr ShapeType kType = ShapeType::Frustum;
  static constexpr const char* kName = "frustum";
  template <class Visit> static constexpr void fields(Visit&& visit) { visit("planes", &Frustum::planes); }
};

inline bool validate(const Frustum& f, Problem& problem) {
  for (int i = 0; i < 6; ++i) {
    if (!validate(f.planes[i], problem)) {
      Text<sizeof problem.field.text> field;
      field << "planes[" << static_cast<double>(i) << "]." << problem.field.text;
      problem.field = field;
      return false;
    }
  }
  return true;
}

}  // namespace c3d
