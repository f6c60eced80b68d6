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
// A hull's address: an integer, in range unless forged (validate then names it).
inline bool numbersInRange(const HullHandle& h, const char* path, Problem& problem) {
  return numbersInRange(h.address, path, problem);
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

// Whether every number of a field is in range, without branches (the common case, checked first).
inline bool allInRange(double x) { return inRange(x); }
inline bool allInRange(Vec3 v) { return allInRange(v.x) & allInRange(v.y) & allInRange(v.z); }
inline bool allInRange(const HullHandle& h) { return allInRange(h.address); }
inline bool allInRange(const Mat3& m) {
  bool in = true;
  for (const double x : m.m) in &= allInRange(x);
  return in;
}
inline bool allInRange(const std::array<Plane, 6>& planes) {
  bool in = true;
  for (const Plane& p : planes) in &= allInRange(p.normal) & allInRange(p.constant);
  return in;
}

}  // namespace shape_range

template <class Shape>
bool validateShape(const Shape& shape, Problem& problem) {
  bool inRange = true;
  Shape::fields([&](const char*, auto member) { inRange &= shape_range::allInRange(shape.*member); });
  if (!inRange) {  // name the first number out of range
    bool named = false;
    Shape::fields([&](const char* name, auto member) {
      named = named || !shape_range::numbersInRange(shape.*member, name, problem);
    });
    return false;
  }
  return validate(shape, problem);
}

}  // namespace c3d
