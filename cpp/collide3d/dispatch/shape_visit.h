// withShapeType: calls a generic visitor with ShapeTag<Shape> for the shape type a runtime ShapeType names, the one
// place that maps the enum back to the shape structs, generated from the list of shapes (shapes.h).
#pragma once
#include "collide3d/shapes/shapes.h"

namespace c3d {

template <class Shape>
struct ShapeTag {
  using type = Shape;
};

template <class... Shapes>
constexpr bool inTypeOrder(ShapeList<Shapes...>) {
  int i = 0;
  return ((static_cast<int>(Shapes::kType) == i++) && ...) && i == kShapeTypeCount;
}
static_assert(inTypeOrder(AllShapes{}), "AllShapes lists every ShapeType once, in the enum's order");

namespace visit_detail {

// A chain of comparisons the compiler turns into a jump table. A type outside the list visits the first shape:
// callers pass valid types only.
template <class Visit, class First, class... Rest>
auto visitListed(ShapeType type, Visit& visit, ShapeList<First, Rest...>) {
  if constexpr (sizeof...(Rest) > 0) {
    if (type != First::kType) return visitListed(type, visit, ShapeList<Rest...>{});
  }
  return visit(ShapeTag<First>{});
}

template <class First, class... Rest>
constexpr ShapeList<Rest..., First> firstLast(ShapeList<First, Rest...>) {
  return {};
}

}  // namespace visit_detail

template <class Visit>
auto withShapeType(ShapeType type, Visit&& visit) {
  return visit_detail::visitListed(type, visit, visit_detail::firstLast(AllShapes{}));
}

}  // namespace c3d
