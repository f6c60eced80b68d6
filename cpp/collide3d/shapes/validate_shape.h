// validateShape: every check a shape gets before a query runs on it — each number within the range (validation.h),
// then the shape's own rules (its `validate`). Batch items get the same two steps (batch/items.h).
#pragma once
#include <array>

#include "collide3d/shapes/shapes.h"

namespace c3d {

namespace shape_range {

// Every number of a field within the range; `path` is the field's name in messages.
inline bool numbersInRange(double x, const char* path, Problem& problem) {
  return inRange(x) || fail(problem, path, kRangeRule, x);
}
inline bool numbersInRange(Vec3 v, const char* path, Problem& problem) {
  const double xyz[3] = {v.x, v.y, v.z};
  for (int i = 0; i < 3; ++i) {
    if (inRange(xyz[i])) continue;
    Text<sizeof problem.field.text> field;
    field << path << (i == 0 ? ".x" : i == 1 ? ".y" : ".z");
    return fail(problem, field.text, kRangeRule, xyz[i]);
  }
  return true;
}
inline bool numbersInRange(const Mat3& m, const char* path, Problem& problem) {
  for (int i = 0; i < 9; ++i) {
    if (inRange(m.m[i])) continue;
    Text<sizeof problem.field.text> field;
    field << path << "[" << static_cast<double>(i) << "]";
    return fail(problem, field.text, kRangeRule, m.m[i]);
  }
  return true;
}
inline bool numbersInRange(const std::array<Plane, 6>& planes, const char* path, Problem& problem) {
  for (int i = 0; i < 6; ++i) {
    Text<sizeof problem.field.text> normal, constant;
    normal << path << "[" << static_cast<double>(i) << "].normal";
    constant << path << "[" << static_cast<double>(i) << "].constant";
    if (!numbersInRange(planes[i].normal, normal.text, problem) ||
        !numbersInRange(planes[i].constant, constant.text, problem)) {
      return false;
    }
  }
  return true;
}

}  // namespace shape_range

template <class Shape>
bool validateShape(const Shape& shape, Problem& problem) {
  bool inRange = true;
  Shape::fields([&](const char* name, auto member) {
    inRange = inRange && shape_range::numbersInRange(shape.*member, name, problem);
  });
  return inRange && validate(shape, problem);
}

}  // namespace c3d
