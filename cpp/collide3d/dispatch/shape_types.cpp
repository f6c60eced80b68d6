// Per shape type: name, encoded schema and validation, dispatched over the closed list of shapes.
#include "collide3d/dispatch/tables.h"

namespace c3d {

namespace {

// Calls visit(Shape*) with a null pointer of the shape type `type` names.
template <class Visit>
auto withShapeType(ShapeType type, Visit&& visit) {
  switch (type) {
    case ShapeType::Point: return visit(static_cast<Point*>(nullptr));
    case ShapeType::Ray: return visit(static_cast<Ray*>(nullptr));
    case ShapeType::Line: return visit(static_cast<Line*>(nullptr));
    case ShapeType::Segment: return visit(static_cast<Segment*>(nullptr));
    case ShapeType::Plane: return visit(static_cast<Plane*>(nullptr));
    case ShapeType::Triangle: return visit(static_cast<Triangle*>(nullptr));
    case ShapeType::Sphere: return visit(static_cast<Sphere*>(nullptr));
    case ShapeType::Ellipsoid: return visit(static_cast<Ellipsoid*>(nullptr));
    case ShapeType::Aabb: return visit(static_cast<Aabb*>(nullptr));
    case ShapeType::Obb: return visit(static_cast<Obb*>(nullptr));
    case ShapeType::Cylinder: return visit(static_cast<Cylinder*>(nullptr));
    case ShapeType::Capsule: return visit(static_cast<Capsule*>(nullptr));
    case ShapeType::Frustum: return visit(static_cast<Frustum*>(nullptr));
    case ShapeType::Count: break;
  }
  return visit(static_cast<Point*>(nullptr));
}

}  // namespace

const char* shapeName(ShapeType type) {
  return withShapeType(type, [](auto* shape) { return std::remove_pointer_t<decltype(shape)>::kName; });
}

std::string shapeSchema(ShapeType type) {
  return withShapeType(type, [](auto* shape) { return schema<std::remove_pointer_t<decltype(shape)>>(); });
}

namespace {

using ValidateFn = bool (*)(const double*, Problem&);

template <class Shape>
bool validateAs(const double* encodedShape, Problem& problem) {
  return validate(decode<Shape>(encodedShape), problem);
}

// Indexed by ShapeType: a direct call on the query path, where a switch would carry every shape's frame.
constexpr ValidateFn kValidators[kShapeTypeCount] = {
    validateAs<Point>, validateAs<Ray>, validateAs<Line>, validateAs<Segment>, validateAs<Plane>,
    validateAs<Triangle>, validateAs<Sphere>, validateAs<Ellipsoid>, validateAs<Aabb>, validateAs<Obb>,
    validateAs<Cylinder>, validateAs<Capsule>, validateAs<Frustum>};

}  // namespace

bool validateEncoded(ShapeType type, const double* encodedShape, Problem& problem) {
  return kValidators[static_cast<int>(type)](encodedShape, problem);
}

}  // namespace c3d
