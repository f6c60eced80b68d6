// A sphere moving by t * velocity, t in [0, 1], against a plane: with s(t) = s0 + t * rate the signed distance of
// its center (s0 = (n.c + d) / |n|, rate = n.velocity / |n|), first contact is the smallest t with |s(t)| <= r.
// Already touching (|s0| <= r): t = 0. From the front (s0 > r) it needs rate < 0 and t = (s0 - r) / -rate; from the
// back (s0 < -r) it needs rate > 0 and t = (-r - s0) / rate. (Ericson §5.5.3 gives the front case,
// t = (s0 - r) / (s0 - s1); the back case mirrors it.) The contact point is the center at t moved r towards the
// plane; the normal is the plane's unit normal on the sphere's side.
// Hit or miss is decided exactly: s(t) is linear, so the sphere meets the plane during the motion exactly when it
// touches it at the start, or is not strictly on the same side at the end (plane_side.h's exact ball sides, the end
// position c + velocity taken exactly); t is then the rounded quotient, kept in [0, 1].
#pragma once
#include <cmath>
#include <optional>

#include "collide3d/queries/classify/plane_side.h"
#include "collide3d/queries/results.h"

namespace c3d {

inline std::optional<SweepHit> sweep(const Sphere& moving, Vec3 velocity, const Plane& plane) {
  const double normalLength = length(plane.normal);
  const Vec3 unitNormal = plane.normal * (1.0 / normalLength);
  const double s0 = scaledDistance(plane, moving.center) / normalLength;
  const double rate = dot(unitNormal, velocity);
  const int start = plane_side::ballSide(plane, moving.center, moving.radius, 0);
  double t = 0;
  if (start != 0) {
    if (plane_side::ballSide(plane, moving.center, moving.radius, 0, velocity) == start) return std::nullopt;
    t = std::fmin(1.0, std::fmax(0.0, (std::fabs(s0) - moving.radius) / std::fabs(rate)));
  }
  const Vec3 center = moving.center + velocity * t;
  // The side the sphere is on; a center exactly on the plane takes the side it is coming from.
  const bool front = s0 > 0 || (s0 == 0 && rate <= 0);
  const Vec3 normal = front ? unitNormal : -unitNormal;
  const double centerDistance = t == 0 ? s0 : (front ? moving.radius : -moving.radius);
  return SweepHit{t, center - unitNormal * centerDistance, normal};
}

}  // namespace c3d
