// sweep(moving, velocity, target): the first t in [0, 1] at which the moving shape, translated by t * velocity,
// touches the target; the point where they touch, on the target's surface, and the target's unit normal there,
// pointing towards the moving shape. Every solid here is a core grown by a radius (convex_core.h). This file holds
// the methods for the pairs of point, segment, sphere, capsule, aabb and obb (moving) against those, a triangle or a
// plane (target); every other pair of solids goes to the GJK ray cast (sweep_gjk.h):
//   - against a plane: the sphere kernel (sweep_sphere_plane.h), a capsule's two end balls (a segment reaches the
//     plane first at an end), or a box's one separating axis;
//   - a point or segment core (point, segment, sphere, capsule) against a point, segment, triangle or box core, and
//     a box against a point or segment core: the reference point cast against the Minkowski difference grown by the
//     radii (swept_polytope.h, cast_rounded.h);
//   - a box against a triangle or box: separating axes over time (sweep_axes.h).
// Exact decisions. Touching at the start is the intersects table's exact answer for the pair. For a sphere or a
// point, whether it touches the target at all during the motion is decided exactly too: it does when the capsule
// (or segment) it sweeps, from the start to start + velocity as doubles round that sum, meets the target, the
// intersects table's exact answer. A grazing touch that rounding hides from the cast is then reported at the
// closest approach, and a hit that rounding invents is dropped. The other pairs' hit or miss is the floating-point
// cast's. t is the cast's rounded root; the point and normal are computed at t.
#pragma once
#include <cmath>
#include <optional>

#include "collide3d/dispatch/tables.h"
#include "collide3d/queries/distance/gjk.h"
#include "collide3d/queries/sweep/cast_rounded.h"
#include "collide3d/queries/sweep/sweep_axes.h"
#include "collide3d/queries/sweep/sweep_sphere_plane.h"

namespace c3d {

namespace sweep_detail {

// The point of the moving core that follows the caster: a point's or segment's first corner, a box's center.
inline Vec3 referenceOf(const ConvexCore& core) {
  if (core.kind != ConvexCore::Kind::Box) return core.corner[0];
  return (core.corner[0] + core.corner[7]) * 0.5;
}

inline Caster motion(Vec3 from, Vec3 velocity) { return toCaster(Segment{from, from + velocity}); }

// The contact of shapes already touching at the start: where the cores are apart, the direction between their
// nearest points; where they overlap, a common point of the cores, with the contact table's normal when it has the
// pair, else against the velocity.
[[gnu::noinline]] inline SweepHit touchingAtStart(const ConvexCore& a, EncodedShape moving, Vec3 velocity,
                                                  const ConvexCore& b, EncodedShape target) {
  const GjkResult near = gjk(a, b);
  if (near.distance > 0) {
    const Vec3 normal = (near.onA - near.onB) * (1 / near.distance);
    return {0, near.onB + normal * std::fmin(b.radius, near.distance), normal};
  }
  if (const ContactFn contact = contactTable().at(moving.type, target.type)) {
    if (const auto c = contact(moving.numbers, target.numbers)) return {0, near.onB, -c->normal};
  }
  return {0, near.onB, normalizedOr(-velocity, {0, 0, 1})};
}

// A hit from the rounded cast: the target point grown by the target's radius along the normal.
inline SweepHit fromRounded(const RoundedHit& hit, double targetRadius) {
  return {hit.t, hit.target + hit.normal * targetRadius, hit.normal};
}

// The target's point at time t as GJK finds it, for the methods whose t comes without a contact point, with the
// method's normal (GJK's direction between cores that barely touch is not worth much).
[[gnu::noinline]] inline SweepHit atTime(double t, const ConvexCore& moving, Vec3 velocity, const ConvexCore& target, Vec3 normal) {
  const GjkResult near = gjk(moving.moved(velocity * t), target);
  const Vec3 n = normalizedOr(normal, normalizedOr(-velocity, {0, 0, 1}));
  return {t, near.onB + n * target.radius, n};
}

// The rounded cast of the moving core's reference point against D grown by the radii.
[[gnu::noinline]] inline std::optional<SweepHit> castCores(const ConvexCore& moving, Vec3 velocity, const ConvexCore& target) {
  const Vec3 reference = referenceOf(moving);
  const SweptPolytope d = sweptPolytope(moving, target, reference);
  const auto hit = castRounded(motion(reference, velocity), d, moving.radius + target.radius);
  if (!hit) return std::nullopt;
  return fromRounded(*hit, target.radius);
}

// For a point or sphere: the exact answer for the swept segment or capsule decides, the cast gives t (a miss needs
// no cast at all).
[[gnu::noinline]] inline std::optional<SweepHit> castBall(const ConvexCore& moving, Vec3 velocity,
                                                          const ConvexCore& core, EncodedShape target) {
  const Vec3 from = moving.corner[0], to = from + velocity;
  const auto swept = moving.radius > 0 ? encodedBuffer(Capsule{from, to, moving.radius}) : encodedBuffer(Segment{from, to});
  const std::optional<bool> meets =
      tableMeets({moving.radius > 0 ? ShapeType::Capsule : ShapeType::Segment, swept.data()}, target);
  if (meets && !*meets) return std::nullopt;
  std::optional<SweepHit> hit = castCores(moving, velocity, core);
  if (!meets || hit) return hit;
  // Grazing: the cast lost the touch to rounding; it happens where the path comes nearest the target's core.
  const GjkResult near = gjk(segmentCore(from, to, 0), core);
  const Vec3 path = to - from;
  const double t = std::fmin(1.0, std::fmax(0.0, dot(near.onA - from, path) / lengthSquared(path)));
  return atTime(t, moving, velocity, core, normalizedOr(near.onA - near.onB, normalizedOr(-velocity, {0, 0, 1})));
}

template <class Target>
constexpr bool kRoundedTarget = Target::kType == ShapeType::Point || Target::kType == ShapeType::Segment ||
                                Target::kType == ShapeType::Sphere || Target::kType == ShapeType::Capsule;

template <class Moving>
constexpr bool kBox = Moving::kType == ShapeType::Aabb || Moving::kType == ShapeType::Obb;

template <class Moving, class Target>
std::optional<SweepHit> sweepApart(const ConvexCore& a, Vec3 velocity, const ConvexCore& b, EncodedShape target) {
  if constexpr (kBox<Moving> && !kRoundedTarget<Target>) {
    const auto entry = sweepAxes(a, velocity, b);
    if (!entry) return std::nullopt;
    return atTime(entry->t, a, velocity, b, entry->normal);
  } else if constexpr (kBox<Moving>) {
    return castCores(a, velocity, b);
  } else if constexpr (Moving::kType == ShapeType::Point || Moving::kType == ShapeType::Sphere) {
    return castBall(a, velocity, b, target);
  } else {
    return castCores(a, velocity, b);
  }
}

// A plane target met at the start: the plane's normal on the side the core's reference point is (or comes from),
// and a point of both: where the segment between the core's points deepest on either side crosses the plane, or
// the nearest one's foot on the plane (within the radius of it).
inline SweepHit touchingPlaneAtStart(const ConvexCore& core, Vec3 velocity, const Plane& plane) {
  const double norm = length(plane.normal);
  const Vec3 unit = plane.normal * (1 / norm);
  const Vec3 low = core.support(-unit), high = core.support(unit);
  const double lo = scaledDistance(plane, low) / norm, hi = scaledDistance(plane, high) / norm;
  Vec3 on;
  if (lo <= 0 && hi >= 0) {
    on = high + (low - high) * (hi > lo ? hi / (hi - lo) : 0);
  } else {
    on = lo > 0 ? low - unit * lo : high - unit * hi;
  }
  const double r = scaledDistance(plane, referenceOf(core));
  const Vec3 normal = (r > 0 || (r == 0 && dot(plane.normal, velocity) <= 0)) ? unit : -unit;
  return {0, on, normal};
}

template <class Moving>
std::optional<SweepHit> sweepApart(const Moving& moving, Vec3 velocity, const Plane& plane) {
  const ConvexCore core = coreOf(moving);
  if constexpr (kBox<Moving>) {
    const auto entry = sweepAxes(core, velocity, plane);
    if (!entry) return std::nullopt;
    // The box's corner deepest along the normal at t, moved onto the plane.
    const ConvexCore at = core.moved(velocity * entry->t);
    const Vec3 corner = at.support(-entry->normal);
    const Vec3 unit = unitDirection(plane.normal);
    return SweepHit{entry->t, corner - unit * (scaledDistance(plane, corner) / length(plane.normal)),
                    entry->normal};
  } else {
    std::optional<SweepHit> first = sweep(Sphere{core.corner[0], core.radius}, velocity, plane);
    if (core.kind == ConvexCore::Kind::Segment) {
      const auto second = sweep(Sphere{core.corner[1], core.radius}, velocity, plane);
      if (second && (!first || second->t < first->t)) first = second;
    }
    return first;
  }
}

// Whether the moving core grown by its radius keeps clear of the triangle's plane, on one side, for the whole motion:
// every point it sweeps is in the hull of its corners at the start and the end, whose heights over the plane bound
// theirs, and a margin of 1e-9 of the sizes is far above those heights' rounding. Most triangles a sweep through a
// mesh is handed (a floor walked along, a wall slid past) are decided so, without the exact tests.
inline bool clearOfPlane(const ConvexCore& moving, Vec3 velocity, const Triangle& target) {
  const Vec3 n = faceNormal(target);
  if (!(lengthSquared(n) > 0)) return false;
  using cast_rounded::rangeOf;
  const Vec3 unit = unitDirection(n);
  double size = moving.radius + rangeOf(velocity);
  for (const Vec3 p : {target.a, target.b, target.c}) size = std::fmax(size, rangeOf(p));
  double lo = kInfinity, hi = -kInfinity;
  const double travel = dot(velocity, unit);
  for (int i = 0; i < moving.cornerCount(); ++i) {
    size = std::fmax(size, rangeOf(moving.corner[i]));
    const double height = dot(moving.corner[i] - target.a, unit);
    lo = std::fmin(lo, std::fmin(height, height + travel));
    hi = std::fmax(hi, std::fmax(height, height + travel));
  }
  const double clearance = moving.radius + 1e-9 * size;
  return lo > clearance || hi < -clearance;
}

}  // namespace sweep_detail

// The sweep of decoded shapes whose encoded numbers are at hand (the tables' entries have them).
template <class Moving, class Target>
std::optional<SweepHit> sweepEncoded(const Moving& moving, const double* movingNumbers, Vec3 velocity,
                                     const Target& target, const double* targetNumbers) {
  using namespace sweep_detail;
  const EncodedShape m{Moving::kType, movingNumbers}, t{Target::kType, targetNumbers};
  const bool touching = *tableMeets(m, t);  // exact for every pair here
  if constexpr (Target::kType == ShapeType::Plane) {
    if (touching) return touchingPlaneAtStart(coreOf(moving), velocity, target);
    if (isZero(velocity)) return std::nullopt;
    return sweepApart(moving, velocity, target);
  } else {
    const ConvexCore a = coreOf(moving);
    if constexpr (Target::kType == ShapeType::Triangle) {
      if (clearOfPlane(a, velocity, target)) return std::nullopt;
    }
    const ConvexCore b = coreOf(target);
    if (touching) return touchingAtStart(a, m, velocity, b, t);
    if (isZero(velocity)) return std::nullopt;
    return sweepApart<Moving, Target>(a, velocity, b, t);
  }
}

// Any pair of the sweep table, for C++ callers holding shapes (tests): whichever method the table has for it.
template <class Moving, class Target>
std::optional<SweepHit> sweepShape(const Moving& moving, Vec3 velocity, const Target& target) {
  return sweepTable().at(Moving::kType, Target::kType)(encodedBuffer(moving).data(), velocity,
                                                       encodedBuffer(target).data());
}

}  // namespace c3d
