// The separatingAxis table: the box pairs, in both orders (the reversed order flips the axis).
#include "collide3d/dispatch/fill.h"
#include "collide3d/queries/separation/separating_axis_box_box.h"

namespace c3d {

namespace {

struct BoxBox {
  template <class A, class B>
  static std::optional<Separation> run(const A& a, const B& b) {
    return separatingAxis(a, b);
  }
};

constexpr PairTable<SeparatingAxisFn> build() {
  PairTable<SeparatingAxisFn> table;
  addSymmetric<BoxBox, Aabb, Aabb>(table);
  addSymmetric<BoxBox, Aabb, Obb>(table);
  addSymmetric<BoxBox, Obb, Obb>(table);
  return table;
}

}  // namespace

constexpr PairTable<SeparatingAxisFn> kTable = build();

const PairTable<SeparatingAxisFn>& separatingAxisTable() { return kTable; }

}  // namespace c3d
