// Decoding a solid into its core (solids.h).
#include "collide3d/dispatch/solids.h"

#include <cmath>

#include "collide3d/dispatch/shape_visit.h"

namespace c3d {

namespace {

template <class Shape, class = void>
constexpr bool kHasCore = false;
template <class Shape>
constexpr bool kHasCore<Shape, std::void_t<decltype(coreOf(std::declval<const Shape&>()))>> = true;

template <class... Shapes>
constexpr bool allHaveCores(ShapeList<Shapes...>) {
  return (kHasCore<Shapes> && ...);
}
static_assert(allHaveCores(Solids{}), "every solid needs coreOf (convex_core.h)");

template <class... Shapes>
bool listed(ShapeType type, ShapeList<Shapes...>) {
  return ((type == Shapes::kType) || ...);
}

}  // namespace

bool isSolid(ShapeType type) { return listed(type, Solids{}); }

ConvexCore coreOf(EncodedShape solid) {
  return withShapeType(solid.type, [&](auto tag) {
    using Shape = typename decltype(tag)::type;
    if constexpr (kHasCore<Shape>) {
      return coreOf(decode<Shape>(solid.numbers));
    } else {
      return ConvexCore{};  // not a solid (a caster, plane or frustum): the tables never pass one
    }
  });
}

CorePair corePair(EncodedShape a, EncodedShape b) {
  CorePair pair{coreOf(a), coreOf(b), 0, 0};
  pair.reach = pair.a.radius + pair.b.radius;
  pair.tau = 0x1p-40 * std::fmax(extentOf(pair.a), extentOf(pair.b));
  return pair;
}

}  // namespace c3d
