// Per shape type: name, encoded schema and validation, generated from the list of shapes (shapes.h).
#include "collide3d/dispatch/shape_visit.h"
#include "collide3d/dispatch/tables.h"
#include "collide3d/shapes/validate_shape.h"

namespace c3d {

namespace {

// Per shape type, as data: AllShapes is in ShapeType order.
struct TypeInfo {
  const char* name;
  const FieldInfo* fields;
  int fieldCount;
  int size;
};
template <class... Shapes>
constexpr std::array<TypeInfo, sizeof...(Shapes)> typeInfo(ShapeList<Shapes...>) {
  return {TypeInfo{Shapes::kName, kFieldInfo<Shapes>.data(), fieldCount<Shapes>(), encodedSize<Shapes>()}...};
}
constexpr auto kTypes = typeInfo(AllShapes{});

}  // namespace

const char* shapeName(ShapeType type) { return kTypes[static_cast<int>(type)].name; }

std::string shapeSchema(ShapeType type) {
  const TypeInfo& info = kTypes[static_cast<int>(type)];
  return schemaText(info.fields, info.fieldCount);
}

int encodedSize(ShapeType type) { return kTypes[static_cast<int>(type)].size; }

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

// Indexed by ShapeType (AllShapes is in its order): a direct call on the query path, where a switch would carry every
// shape's frame.
template <class... Shapes>
constexpr std::array<ValidateFn, sizeof...(Shapes)> validators(ShapeList<Shapes...>) {
  return {validateAs<Shapes>...};
}
constexpr auto kValidators = validators(AllShapes{});

}  // namespace

bool validateEncoded(ShapeType type, const double* encodedShape, Problem& problem) {
  return kValidators[static_cast<int>(type)](encodedShape, problem);
}

}  // namespace c3d
