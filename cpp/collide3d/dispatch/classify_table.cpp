// The classify table: one row, the plane; columns are the shapes a plane can classify.
#include "collide3d/dispatch/fill.h"
#include "collide3d/queries/classify/classify_plane.h"

namespace c3d {

namespace {

template <class Shape>
void add(PairTable<ClassifyFn>& table) {
  table.entry[row<Plane>()][row<Shape>()] = [](const double* plane, const double* shape,
                                               const ClassifyOptions& options) {
    return classify(decode<Plane>(plane), decode<Shape>(shape), options);
  };
}

PairTable<ClassifyFn> build() {
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
  return table;
}

}  // namespace

const PairTable<ClassifyFn>& classifyTable() {
  static const PairTable<ClassifyFn> table = build();
  return table;
}

}  // namespace c3d
