// The sweep table: rows are the moving shapes, columns the fixed targets (queries/sweep/sweep.h).
#include "collide3d/dispatch/fill.h"
#include "collide3d/queries/sweep/sweep.h"

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
  add<Moving, Cylinder>(table);
  add<Moving, Aabb>(table);
  add<Moving, Obb>(table);
}

constexpr PairTable<SweepFn> build() {
  PairTable<SweepFn> table;
  addTargets<Point>(table);
  addTargets<Segment>(table);
  addTargets<Sphere>(table);
  addTargets<Capsule>(table);
  addTargets<Aabb>(table);
  addTargets<Obb>(table);
  return table;
}

}  // namespace

constexpr PairTable<SweepFn> kTable = build();

const PairTable<SweepFn>& sweepTable() { return kTable; }

}  // namespace c3d
