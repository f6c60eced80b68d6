// Random shapes for the sweep tests (sweep_shapes_test.cpp, gjk_raycast_test.cpp): each type's shapes within a few
// units of the origin, sizes away from zero.
#pragma once
#include "collide3d/shapes/shapes.h"
#include "test_support.h"

namespace c3d::testing {

template <class Shape> Shape randomShape(Random& random);
template <> inline Point randomShape(Random& r) { return {r.vector(-2, 2)}; }
template <> inline Segment randomShape(Random& r) { const Vec3 a = r.vector(-2, 2); return {a, a + r.vector(-1.5, 1.5)}; }
template <> inline Sphere randomShape(Random& r) { return {r.vector(-2, 2), r.uniform(0.1, 1)}; }
template <> inline Capsule randomShape(Random& r) { const Vec3 a = r.vector(-2, 2); return {a, a + r.vector(-1.5, 1.5), r.uniform(0.1, 1)}; }
template <> inline Triangle randomShape(Random& r) { const Vec3 a = r.vector(-2, 2); return {a, a + r.vector(-2, 2), a + r.vector(-2, 2)}; }
template <> inline Plane randomShape(Random& r) { return {r.vector(-1, 1), r.uniform(-1, 1)}; }
template <> inline Cylinder randomShape(Random& r) { const Vec3 a = r.vector(-2, 2); return {a, a + r.vector(-1.5, 1.5), r.uniform(0.1, 1)}; }
template <> inline Aabb randomShape(Random& r) { const Vec3 a = r.vector(-2, 2); return {a, a + r.vector(0.1, 1.5)}; }
template <> inline Obb randomShape(Random& r) { return {r.vector(-2, 2), r.vector(0.1, 1), r.rotation()}; }

}  // namespace c3d::testing
