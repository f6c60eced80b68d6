// The classify table: one row, the plane; columns are the shapes a plane can classify.
#include "collide3d/dispatch/fill.h"
#include "collide3d/queries/classify/classify_plane.h"
#include "collide3d/queries/classify/plane_side_convex.h"

namespace c3d {

namespace {

template <class Shape>
constexpr void add(PairTable<ClassifyFn>& table) {
  table.entry[row<Plane>()][row<Shape>()] = [](const double* plane, const double* shape,
                                               const ClassifyOptions& options) {
    return classify(decode<Plane>(plane), decode<Shape>(shape), options);
  };
}

constexpr PairTable<ClassifyFn> build() {
  PairTable<ClassifyFn> table;
  add<Point>(table);
  add<Ray>(table);
  add<Line>(table);
  add<Segment>(table);
  add<Triangle>(table);
  add<Sphere>(table);
  add<Ellipsoid>(table);
  add<Aabb>(table);
  add<Obb>(table);
  add<Cylinder>(table);
  add<Capsule>(table);
  add<Cone>(table);
  add<Convex>(table);
  return table;
}

}  // namespace

constexpr PairTable<ClassifyFn> kTable = build();

const PairTable<ClassifyFn>& classifyTable() { return kTable; }

}  // namespace c3d
