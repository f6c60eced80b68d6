// withShapeType: calls a generic visitor with ShapeTag<Shape> for the shape type a runtime ShapeType names, the one
// place that maps the enum back to the shape structs.
#pragma once
#include "collide3d/shapes/shapes.h"

namespace c3d {

template <class Shape>
struct ShapeTag {
  using type = Shape;
};

template <class Visit>
auto withShapeType(ShapeType type, Visit&& visit) {
  switch (type) {
    case ShapeType::Ray: return visit(ShapeTag<Ray>{});
    case ShapeType::Line: return visit(ShapeTag<Line>{});
    case ShapeType::Segment: return visit(ShapeTag<Segment>{});
    case ShapeType::Plane: return visit(ShapeTag<Plane>{});
    case ShapeType::Triangle: return visit(ShapeTag<Triangle>{});
    case ShapeType::Sphere: return visit(ShapeTag<Sphere>{});
    case ShapeType::Ellipsoid: return visit(ShapeTag<Ellipsoid>{});
    case ShapeType::Aabb: return visit(ShapeTag<Aabb>{});
    case ShapeType::Obb: return visit(ShapeTag<Obb>{});
    case ShapeType::Cylinder: return visit(ShapeTag<Cylinder>{});
    case ShapeType::Capsule: return visit(ShapeTag<Capsule>{});
    case ShapeType::Frustum: return visit(ShapeTag<Frustum>{});
    case ShapeType::Point:
    case ShapeType::Count:  // not a shape; callers index by valid types only
      break;
  }
  return visit(ShapeTag<Point>{});
}

}  // namespace c3d
