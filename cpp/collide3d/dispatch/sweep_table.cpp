// The sweep table: rows are the moving shapes, columns the fixed targets (queries/sweep/sweep.h).
#include "collide3d/dispatch/fill.h"
#include "collide3d/queries/sweep/sweep.h"
#include "collide3d/queries/sweep/sweep_gjk.h"

namespace c3d {

namespace {

template <class Moving, class Target>
constexpr void add(PairTable<SweepFn>& table) {
  table.entry[row<Moving>()][row<Target>()] = [](const double* moving, Vec3 velocity, const double* target) {
    return sweepEncoded(decode<Moving>(moving), moving, velocity, decode<Target>(target), target);
  };
}

template <class Moving>
constexpr void addTargets(PairTable<SweepFn>& table) {
  add<Moving, Point>(table);
  add<Moving, Segment>(table);
  add<Moving, Triangle>(table);
  add<Moving, Plane>(table);
  add<Moving, Sphere>(table);
  add<Moving, Capsule>(table);
  add<Moving, Aabb>(table);
  add<Moving, Obb>(table);
}

// Every other solid pair, and a plane against every other solid, by the generic sweep.
template <class Moving, class Target>
constexpr void addGeneric(PairTable<SweepFn>& table) {
  auto& entry = table.entry[row<Moving>()][row<Target>()];
  if (entry != nullptr) return;
  entry = [](const double* moving, Vec3 velocity, const double* target) {
    constexpr auto generic = Target::kType == ShapeType::Plane ? sweepOntoPlane : sweepByGjk;
    return generic({Moving::kType, moving}, velocity, {Target::kType, target});
  };
}
template <class Moving, class... Targets>
constexpr void addGenericRow(PairTable<SweepFn>& table, ShapeList<Targets...>) {
  (addGeneric<Moving, Targets>(table), ...);
  addGeneric<Moving, Plane>(table);
}
template <class... Movers>
constexpr void addGenericPairs(PairTable<SweepFn>& table, ShapeList<Movers...>) {
  (addGenericRow<Movers>(table, Solids{}), ...);
}

constexpr PairTable<SweepFn> build() {
  PairTable<SweepFn> table;
  addTargets<Point>(table);
  addTargets<Segment>(table);
  addTargets<Sphere>(table);
  addTargets<Capsule>(table);
  addTargets<Aabb>(table);
  addTargets<Obb>(table);
  addGenericPairs(table, Solids{});
  return table;
}

}  // namespace

constexpr PairTable<SweepFn> kTable = build();

const PairTable<SweepFn>& sweepTable() { return kTable; }

}  // namespace c3d
