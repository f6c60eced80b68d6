// Per shape type: name, encoded schema and validation, dispatched over the closed list of shapes.
#include "collide3d/dispatch/shape_visit.h"
#include "collide3d/dispatch/tables.h"
#include "collide3d/shapes/validate_shape.h"

namespace c3d {

const char* shapeName(ShapeType type) {
  return withShapeType(type, [](auto tag) { return decltype(tag)::type::kName; });
}

std::string shapeSchema(ShapeType type) {
  return withShapeType(type, [](auto tag) { return schema<typename decltype(tag)::type>(); });
}

int encodedSize(ShapeType type) {
  return withShapeType(type, [](auto tag) { return encodedSize<typename decltype(tag)::type>(); });
}

namespace {

using ValidateFn = bool (*)(const double*, Problem&);

// Every encoded number of a shape is in range or the shape is refused (validateShape names the number), so the
// range is checked on the encoded numbers in one branch-free loop before the shape's own rules.
template <class Shape>
bool validateAs(const double* encodedShape, Problem& problem) {
  const int kSize = encodedSize<Shape>();
  bool inRange = true;
  for (int k = 0; k < kSize; ++k) inRange &= c3d::inRange(encodedShape[k]);
  const Shape shape = decode<Shape>(encodedShape);
  return inRange ? validate(shape, problem) : validateShape(shape, problem);
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
