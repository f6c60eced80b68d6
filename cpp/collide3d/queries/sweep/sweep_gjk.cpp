// Generic sweeps on convex cores (sweep_gjk.h).
#include "collide3d/queries/sweep/sweep_gjk.h"

#include "collide3d/queries/sweep/gjk_raycast.h"
#include "collide3d/queries/sweep/sweep.h"

namespace c3d {

std::optional<SweepHit> sweepByGjk(EncodedShape moving, Vec3 velocity, EncodedShape target) {
  const ConvexCore a = coreOf(moving), b = coreOf(target);
  if (*tableMeets(moving, target)) return sweep_detail::touchingAtStart(a, moving, velocity, b, target);
  if (isZero(velocity)) return std::nullopt;
  return gjkRaycast(a, velocity, b);
}

std::optional<SweepHit> sweepOntoPlane(EncodedShape moving, Vec3 velocity, EncodedShape planeNumbers) {
  const ConvexCore core = coreOf(moving);
  const Plane plane = decode<Plane>(planeNumbers.numbers);
  if (*tableMeets(moving, planeNumbers)) return sweep_detail::touchingPlaneAtStart(core, velocity, plane);
  // Apart: the whole solid is on the side of any of its points; its support point towards the plane leads.
  const double norm = length(plane.normal);
  const Vec3 unit = plane.normal * (1 / norm);
  const Vec3 side = scaledDistance(plane, core.corner[0]) > 0 ? unit : -unit;
  const Vec3 lead = core.support(-side);
  const double height = std::fabs(scaledDistance(plane, lead)) / norm - core.radius, closing = -dot(side, velocity);
  if (!(closing > 0)) return std::nullopt;
  const double t = std::fmax(height, 0.0) / closing;
  if (t > 1) return std::nullopt;
  const Vec3 at = lead - side * core.radius + velocity * t;
  return SweepHit{t, at - unit * (scaledDistance(plane, at) / norm), side};
}

}  // namespace c3d
