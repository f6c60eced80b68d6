// The intersection table: pairs whose intersection set intersection() computes, in both argument orders.
#include "collide3d/dispatch/fill.h"
#include "collide3d/queries/intersection/intersection_plane.h"
#include "collide3d/queries/intersection/intersection_plane_box.h"
#include "collide3d/queries/intersection/intersection_triangle_triangle.h"

namespace c3d {

namespace {

struct Intersection {
  template <class A, class B>
  static std::optional<IntersectionSet> run(const A& a, const B& b) {
    return intersection(a, b);
  }
};

constexpr PairTable<IntersectionFn> build() {
  PairTable<IntersectionFn> table;
  addSymmetric<Intersection, Segment, Plane>(table);
  addSymmetric<Intersection, Line, Plane>(table);
  addSymmetric<Intersection, Sphere, Plane>(table);
  addSymmetric<Intersection, Triangle, Plane>(table);
  addSymmetric<Intersection, Aabb, Plane>(table);
  addSymmetric<Intersection, Obb, Plane>(table);
  addSymmetric<Intersection, Triangle, Triangle>(table);
  return table;
}

}  // namespace

constexpr PairTable<IntersectionFn> kTable = build();

const PairTable<IntersectionFn>& intersectionTable() { return kTable; }

}  // namespace c3d
