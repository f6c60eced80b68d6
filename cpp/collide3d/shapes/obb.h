// obb: the solid box { center + R * p : |p_i| <= halfSize_i }, R = `rotation` (column-major like three.js Matrix3,
// its columns the box's local axes; three.js examples' OBB uses the same fields).
#pragma once
#include "collide3d/math/mat3.h"
#include "collide3d/shapes/rotation.h"
#include "collide3d/shapes/shape_type.h"

namespace c3d {

struct Obb {
  Vec3 center, halfSize;
  Mat3 rotation;

  static constexpr ShapeType kType = ShapeType::Obb;
  static constexpr const char* kName = "obb";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("center", &Obb::center);
    visit("halfSize", &Obb::halfSize);
    visit("rotation", &Obb::rotation);
  }
};

inline bool validate(const Obb& box, Problem& problem) {
  return validateNonNegative(box.halfSize, "halfSize", problem) && validateRotation(box.rotation, problem);
}

// The box's axis i scaled by its half extent.
inline Vec3 halfAxis(const Obb& box, int i) { return box.rotation.column(i) * component(box.halfSize, i); }

}  // namespace c3d
