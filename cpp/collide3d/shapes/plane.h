// plane: the points p with dot(normal, p) + constant = 0 (three.js Plane). The normal need not be unit length;
// every query scales by |normal| itself, so (2n, 2c) is the same plane as (n, c).
#pragma once
#include "collide3d/math/vec3.h"
#include "collide3d/shapes/shape_type.h"
#include "collide3d/shapes/validation.h"

namespace c3d {

struct Plane {
  Vec3 normal;
  double constant = 0;

  static constexpr ShapeType kType = ShapeType::Plane;
  static constexpr const char* kName = "plane";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("normal", &Plane::normal);
    visit("constant", &Plane::constant);
  }
};

// dot(normal, p) + constant: |normal| times the signed distance of p from the plane.
constexpr double scaledDistance(const Plane& plane, Vec3 p) { return dot(plane.normal, p) + plane.constant; }

// Where the edge pq, whose ends have scaled distances dp and dq of opposite strict signs, crosses the plane.
inline Vec3 crossingPoint(Vec3 p, Vec3 q, double dp, double dq) { return p + (q - p) * (dp / (dp - dq)); }

inline bool validate(const Plane& plane, Problem& problem) {
  if (isZero(plane.normal)) return fail(problem, "normal", "must be non-zero", plane.normal);
  return true;
}

}  // namespace c3d
