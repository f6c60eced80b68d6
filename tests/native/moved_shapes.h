// Solids translated by a vector, for the native tests that move a shape along a motion or apart by a gap.
#pragma once
#include "collide3d/shapes/shapes.h"

namespace c3d::testing {

inline Point moved(const Point& p, Vec3 by) { return {p.position + by}; }
inline Segment moved(const Segment& s, Vec3 by) { return {s.start + by, s.end + by}; }
inline Triangle moved(const Triangle& t, Vec3 by) { return {t.a + by, t.b + by, t.c + by}; }
inline Sphere moved(const Sphere& s, Vec3 by) { return {s.center + by, s.radius}; }
inline Capsule moved(const Capsule& c, Vec3 by) { return {c.start + by, c.end + by, c.radius}; }
inline Cylinder moved(const Cylinder& c, Vec3 by) { return {c.start + by, c.end + by, c.radius}; }
inline Cone moved(const Cone& c, Vec3 by) { return {c.base + by, c.apex + by, c.radius}; }
inline Ellipsoid moved(const Ellipsoid& e, Vec3 by) { return {e.center + by, e.radii, e.rotation}; }
inline Aabb moved(const Aabb& b, Vec3 by) { return {b.min + by, b.max + by}; }
inline Obb moved(const Obb& b, Vec3 by) { return {b.center + by, b.halfSize, b.rotation}; }

}  // namespace c3d::testing
