// A shape's bound as a few points grown by a radius: every point of the shape lies within `radius` of the hull of
// `points`. The mesh prunes its tree by it (TriangleMesh::boundsOf); the unbounded shapes (ray, line, plane,
// frustum) have none. A new shape gets bounds by adding its overload here.
#pragma once
#include <cmath>
#include <optional>
#include <type_traits>
#include <utility>

#include "collide3d/shapes/shapes.h"

namespace c3d {

struct RoundHull {
  Vec3 points[3];
  int count = 0;
  double radius = 0;
};

inline RoundHull roundHull(const Point& p) { return {{p.position}, 1, 0}; }
inline RoundHull roundHull(const Segment& s) { return {{s.start, s.end}, 2, 0}; }
inline RoundHull roundHull(const Triangle& t) { return {{t.a, t.b, t.c}, 3, 0}; }
inline RoundHull roundHull(const Aabb& b) { return {{b.min, b.max}, 2, 0}; }  // its box is theirs
inline RoundHull roundHull(const Sphere& s) { return {{s.center}, 1, s.radius}; }
inline RoundHull roundHull(const Capsule& c) { return {{c.start, c.end}, 2, c.radius}; }
inline RoundHull roundHull(const Cylinder& c) { return {{c.start, c.end}, 2, c.radius}; }  // its capsule's
inline RoundHull roundHull(const Cone& c) { return {{c.base, c.apex}, 2, c.radius}; }
inline RoundHull roundHull(const Convex& c) { return {{c.prepared().bounds.min, c.prepared().bounds.max}, 2, 0}; }
// The bounding spheres, their radii rounded up by far more than the rounding of the square root.
inline RoundHull roundHull(const Obb& o) {
  return {{o.center}, 1, std::sqrt(dot(o.halfSize, o.halfSize)) * (1 + 0x1p-18)};
}
// The largest radius over the rotation's least singular value (intersects_quadric_triangle.h).
inline RoundHull roundHull(const Ellipsoid& e) {
  return {{e.center}, 1, std::fmax(e.radii.x, std::fmax(e.radii.y, e.radii.z)) * (1 + 0x1p-18)};
}
template <class Shape>
std::nullopt_t roundHull(const Shape&) {
  return std::nullopt;
}

template <class Shape>
inline constexpr bool kBounded = !std::is_same_v<decltype(roundHull(std::declval<const Shape&>())), std::nullopt_t>;

}  // namespace c3d
