// The closed list of shape kinds; the index of a kind is its row and column in every dispatch table.
#pragma once

namespace c3d {

enum class ShapeType : int {
  Point,
  Ray,
  Line,
  Segment,
  Plane,
  Triangle,
  Sphere,
  Ellipsoid,
  Aabb,
  Obb,
  Cylinder,
  Capsule,
  Frustum,
  Cone,
  Convex,
  Count
};

constexpr int kShapeTypeCount = static_cast<int>(ShapeType::Count);

}  // namespace c3d
