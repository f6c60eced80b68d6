// The sweep table: rows are the moving shapes, columns the fixed targets.
#include "collide3d/dispatch/fill.h"
#include "collide3d/queries/sweep/sweep_sphere_plane.h"

namespace c3d {

namespace {

template <class Moving, class Target>
constexpr void add(PairTable<SweepFn>& table) {
  table.entry[row<Moving>()][row<Target>()] = [](const double* moving, Vec3 velocity, const double* target) {
    return sweep(decode<Moving>(moving), velocity, decode<Target>(target));
  };
}

constexpr PairTable<SweepFn> build() {
  PairTable<SweepFn> table;
  add<Sphere, Plane>(table);
  return table;
}

}  // namespace

constexpr PairTable<SweepFn> kTable = build();

const PairTable<SweepFn>& sweepTable() { return kTable; }

}  // namespace c3d
