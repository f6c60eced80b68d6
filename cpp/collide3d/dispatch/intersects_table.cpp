// The intersects table: every pair intersects() answers, in both argument orders.
#include "collide3d/dispatch/fill.h"
#include "collide3d/queries/intersects/intersects_aabb_aabb.h"
#include "collide3d/queries/intersects/intersects_aabb_obb.h"
#include "collide3d/queries/intersects/intersects_caster_shape.h"
#include "collide3d/queries/intersects/intersects_cone.h"
#include "collide3d/queries/intersects/intersects_convex.h"
#include "collide3d/queries/intersects/intersects_gjk.h"
#include "collide3d/queries/intersects/intersects_ellipsoid.h"
#include "collide3d/queries/intersects/intersects_frustum_shape.h"
#include "collide3d/queries/intersects/intersects_obb_obb.h"
#include "collide3d/queries/intersects/intersects_plane_shape.h"
#include "collide3d/queries/intersects/intersects_quadric_triangle.h"
#include "collide3d/queries/intersects/intersects_rounded.h"
#include "collide3d/queries/intersects/intersects_rounded_triangle.h"
#include "collide3d/queries/intersects/intersects_sphere_box.h"
#include "collide3d/queries/intersects/intersects_sphere_sphere.h"
#include "collide3d/queries/intersects/intersects_triangle_box.h"
#include "collide3d/queries/intersects/intersects_triangle_triangle.h"

namespace c3d {

namespace {

struct Intersects {
  template <class A, class B>
  static bool run(const A& a, const B& b) {
    return intersects(a, b);
  }
};

struct IntersectsRounded {
  template <class A, class B>
  static bool run(const A& a, const B& b) {
    return intersectsRounded(rounded(a), rounded(b));
  }
};

struct IntersectsByCast {
  template <class A, class B>
  static bool run(const A& caster, const B& shape) {
    return intersectsByCast(caster, shape);
  }
};

struct IntersectsAsPoint {
  template <class B>
  static bool run(const Point& point, const B& shape) {
    return intersectsAsPoint(point, shape);
  }
};

template <class Target>
constexpr void addCasters(PairTable<IntersectsFn>& table) {
  addSymmetric<IntersectsByCast, Ray, Target>(table);
  addSymmetric<IntersectsByCast, Line, Target>(table);
  addSymmetric<IntersectsByCast, Segment, Target>(table);
}

constexpr PairTable<IntersectsFn> build() {
  PairTable<IntersectsFn> table;
  addSymmetric<Intersects, Sphere, Sphere>(table);
  addSymmetric<Intersects, Aabb, Aabb>(table);
  addSymmetric<Intersects, Obb, Obb>(table);
  addSymmetric<Intersects, Triangle, Triangle>(table);
  addSymmetric<Intersects, Triangle, Aabb>(table);
  addSymmetric<Intersects, Triangle, Obb>(table);
  addSymmetric<Intersects, Sphere, Triangle>(table);
  addSymmetric<Intersects, Capsule, Triangle>(table);
  addSymmetric<Intersects, Cylinder, Triangle>(table);
  addSymmetric<Intersects, Ellipsoid, Triangle>(table);
  addSymmetric<Intersects, Cone, Triangle>(table);
  addSymmetric<Intersects, Sphere, Aabb>(table);
  addSymmetric<Intersects, Sphere, Obb>(table);
  addSymmetric<Intersects, Aabb, Obb>(table);

  addSymmetric<Intersects, Plane, Point>(table);
  addSymmetric<Intersects, Plane, Triangle>(table);
  addSymmetric<Intersects, Plane, Sphere>(table);
  addSymmetric<Intersects, Plane, Ellipsoid>(table);
  addSymmetric<Intersects, Plane, Aabb>(table);
  addSymmetric<Intersects, Plane, Obb>(table);
  addSymmetric<Intersects, Plane, Cylinder>(table);
  addSymmetric<Intersects, Plane, Capsule>(table);
  addSymmetric<Intersects, Plane, Cone>(table);

  addCasters<Plane>(table);
  addCasters<Triangle>(table);
  addCasters<Sphere>(table);
  addCasters<Aabb>(table);
  addCasters<Obb>(table);
  addCasters<Cylinder>(table);
  addCasters<Capsule>(table);
  addCasters<Cone>(table);
  addCasters<Ellipsoid>(table);
  addSymmetric<IntersectsByCast, Ray, Point>(table);
  addSymmetric<IntersectsByCast, Line, Point>(table);
  addSymmetric<IntersectsByCast, Ray, Segment>(table);
  addSymmetric<IntersectsByCast, Line, Segment>(table);
  addSymmetric<Intersects, Point, Cone>(table);
  addSymmetric<Intersects, Point, Ellipsoid>(table);

  // Rounded pairs not answered above (sphere–sphere is; sphere–segment and segment–capsule go through raycast).
  addSymmetric<IntersectsRounded, Point, Point>(table);
  addSymmetric<IntersectsRounded, Point, Sphere>(table);
  addSymmetric<IntersectsRounded, Point, Segment>(table);
  addSymmetric<IntersectsRounded, Point, Capsule>(table);
  addSymmetric<IntersectsRounded, Sphere, Capsule>(table);
  addSymmetric<IntersectsRounded, Segment, Segment>(table);
  addSymmetric<IntersectsRounded, Capsule, Capsule>(table);

  addSymmetric<Intersects, Frustum, Point>(table);
  addSymmetric<Intersects, Frustum, Triangle>(table);
  addSymmetric<IntersectsAsPoint, Point, Triangle>(table);
  addSymmetric<IntersectsAsPoint, Point, Aabb>(table);
  addSymmetric<IntersectsAsPoint, Point, Obb>(table);
  addSymmetric<IntersectsAsPoint, Point, Cylinder>(table);
  addSymmetric<Intersects, Frustum, Sphere>(table);
  addSymmetric<Intersects, Frustum, Aabb>(table);
  addSymmetric<Intersects, Frustum, Segment>(table);
  addSymmetric<Intersects, Frustum, Capsule>(table);
  addSymmetric<Intersects, Frustum, Cylinder>(table);
  addSymmetric<Intersects, Frustum, Ellipsoid>(table);
  addSymmetric<Intersects, Frustum, Obb>(table);
  addSymmetric<Intersects, Frustum, Cone>(table);

  addSymmetric<Intersects, Triangle, Convex>(table);
  addSymmetric<Intersects, Point, Convex>(table);
  addSymmetric<Intersects, Ray, Convex>(table);
  addSymmetric<Intersects, Line, Convex>(table);
  addSymmetric<Intersects, Segment, Convex>(table);
  addSymmetric<Intersects, Plane, Convex>(table);
  addSymmetric<Intersects, Frustum, Convex>(table);

  fillSolidPairs<meetsByGjk>(table);
  return table;
}

}  // namespace

constexpr PairTable<IntersectsFn> kTable = build();

// TriangleMesh.intersects takes a shape of any type, by its triangle entry.
constexpr bool everyTypeMeetsTriangles() {
  for (int type = 0; type < kShapeTypeCount; ++type) {
    if (kTable.at(ShapeType::Triangle, static_cast<ShapeType>(type)) == nullptr) return false;
  }
  return true;
}
static_assert(everyTypeMeetsTriangles(), "every shape type needs a triangle entry");

const PairTable<IntersectsFn>& intersectsTable() { return kTable; }

}  // namespace c3d
