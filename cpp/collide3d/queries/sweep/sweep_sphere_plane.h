// A sphere moving by t * velocity, t in [0, 1], against a plane: with s(t) = s0 + t * rate the signed distance of
// its center (s0 = (n.c + d) / |n|, rate = n.velocity / |n|), first contact is the smallest t with |s(t)| <= r.
// Already touching (|s0| <= r): t = 0. From the front (s0 > r) it needs rate < 0 and t = (s0 - r) / -rate; from the
// back (s0 < -r) it needs rate > 0 and t = (-r - s0) / rate. (Ericson §5.5.3 gives the front case,
// t = (s0 - r) / (s0 - s1); the back case mirrors it.) The contact point is the center at t moved r towards the
// plane; the normal is the plane's unit normal on the sphere's side.
#pragma once
#include <cmath>
#include <optional>

#include "collide3d/queries/results.h"
#include "collide3d/shapes/plane.h"
#include "collide3d/shapes/sphere.h"

namespace c3d {

inline std::optional<SweepHit> sweep(const Sphere& moving, Vec3 velocity, const Plane& plane) {
  const double normalLength = length(plane.normal);
  const Vec3 unitNormal = plane.normal * (1.0 / normalLength);
  const double s0 = scaledDistance(plane, moving.center) / normalLength;
  const double rate = dot(unitNormal, velocity);
  double t;
  if (std::fabs(s0) <= moving.radius) {
    t = 0;
  } else if (s0 > 0 && rate < 0) {
    t = (s0 - moving.radius) / -rate;
  } else if (s0 < 0 && rate > 0) {
    t = (-moving.radius - s0) / rate;
  } else {
    return std::nullopt;
  }
  if (t > 1) return std::nullopt;
  const Vec3 center = moving.center + velocity * t;
  // The side the sphere is on; a center exactly on the plane takes the side it is coming from.
  const bool front = s0 > 0 || (s0 == 0 && rate <= 0);
  const Vec3 normal = front ? unitNormal : -unitNormal;
  const double centerDistance = t == 0 ? s0 : (front ? moving.radius : -moving.radius);
  return SweepHit{t, center - unitNormal * centerDistance, normal};
}

}  // namespace c3d
