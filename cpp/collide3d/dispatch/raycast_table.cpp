// The raycast table: rows are the casters (ray, line, segment), columns the targets.
#include "collide3d/dispatch/fill.h"
#include "collide3d/queries/raycast/raycast.h"

namespace c3d {

namespace {

template <class CasterShape, class Target>
constexpr void add(PairTable<RaycastFn>& table) {
  table.entry[row<CasterShape>()][row<Target>()] = [](const double* caster, const double* target,
                                                      const RaycastOptions& options) {
    return raycast(toCaster(decode<CasterShape>(caster)), decode<Target>(target), options);
  };
}

template <class Target>
constexpr void addCasters(PairTable<RaycastFn>& table) {
  add<Ray, Target>(table);
  add<Line, Target>(table);
  add<Segment, Target>(table);
}

constexpr PairTable<RaycastFn> build() {
  PairTable<RaycastFn> table;
  addCasters<Point>(table);
  addCasters<Segment>(table);
  addCasters<Plane>(table);
  addCasters<Triangle>(table);
  addCasters<Sphere>(table);
  addCasters<Aabb>(table);
  addCasters<Obb>(table);
  addCasters<Cylinder>(table);
  addCasters<Capsule>(table);
  addCasters<Cone>(table);
  addCasters<Ellipsoid>(table);
  addCasters<Convex>(table);
  return table;
}

}  // namespace

constexpr PairTable<RaycastFn> kTable = build();

const PairTable<RaycastFn>& raycastTable() { return kTable; }

}  // namespace c3d
