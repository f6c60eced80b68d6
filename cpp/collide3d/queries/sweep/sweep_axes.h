// A box moving by t * velocity against a polytope core (point, segment, triangle, box) or a plane, by separating
// axes over time (Eberly, "Intersection of Objects with Linear and Angular Velocities using Oriented Bounding
// Boxes", Geometric Tools 1999; Ericson, Real-Time Collision Detection, §5.5.8): two convex polytopes overlap
// exactly when their projections overlap on every candidate axis (the faces' normals and the cross products of
// their edges), and translation changes no axis, so on each axis the projections overlap during one interval of t,
// bounded by where the moving interval's ends pass the fixed one's. The first contact is the latest entry over the
// axes, provided it comes before the earliest exit; the axis that entered last is the contact normal.
// An axis that rounding makes almost zero (two edges almost parallel) is left out, as static separating-axis tests
// do: the faces' axes decide those configurations. Floating-point throughout; the sweep decides "touching at the
// start" exactly before it gets here.
#pragma once
#include <cmath>
#include <optional>

#include "collide3d/queries/distance/convex_core.h"
#include "collide3d/shapes/plane.h"

namespace c3d {

struct AxisEntry {
  double t;     // the first time the projections overlap on every axis, in [0, 1]
  Vec3 normal;  // unit, the last axis to overlap, pointing from the target towards the moving shape
};

namespace sweep_axes {

struct Interval {
  double lo, hi;
};

inline Interval project(const ConvexCore& core, Vec3 axis) {
  Interval out{INFINITY, -INFINITY};
  for (int i = 0; i < core.cornerCount(); ++i) {
    const double x = dot(core.corner[i], axis);
    out.lo = std::fmin(out.lo, x), out.hi = std::fmax(out.hi, x);
  }
  return out;
}

// The times [entered, exit] the projections overlap on every axis so far, and the axis that entered last.
struct Window {
  double entered = -INFINITY, exit = INFINITY;
  Vec3 normal{};
  bool open = true;

  void narrow(Interval moving, Interval target, double rate, Vec3 axis) {
    if (!open) return;
    if (rate == 0) {
      open = moving.lo <= target.hi && target.lo <= moving.hi;
      return;
    }
    // moving + rate t overlaps target for t between these two
    const double from = rate > 0 ? (target.lo - moving.hi) / rate : (target.hi - moving.lo) / rate;
    const double to = rate > 0 ? (target.hi - moving.lo) / rate : (target.lo - moving.hi) / rate;
    if (from > entered) entered = from, normal = rate > 0 ? -axis : axis;
    exit = std::fmin(exit, to);
    open = entered <= exit && entered <= 1 && exit >= 0;
  }
  std::optional<AxisEntry> entry() const {
    if (!open) return std::nullopt;
    return AxisEntry{std::fmax(entered, 0.0), normal};
  }
};

inline int edgeDirections(const ConvexCore& core, Vec3* out) {
  switch (core.kind) {
    case ConvexCore::Kind::Segment: out[0] = core.corner[1] - core.corner[0]; return 1;
    case ConvexCore::Kind::Triangle:
      out[0] = core.corner[1] - core.corner[0], out[1] = core.corner[2] - core.corner[1];
      out[2] = core.corner[0] - core.corner[2];
      return 3;
    case ConvexCore::Kind::Box:  // its axes, which a flat box's corners would not give
      for (int k = 0; k < 3; ++k) out[k] = core.boxAxis[k];
      return 3;
    default: return 0;
  }
}

inline int faceNormals(const ConvexCore& core, Vec3* out) {
  Vec3 e[3];
  switch (core.kind) {
    case ConvexCore::Kind::Triangle: edgeDirections(core, e), out[0] = cross(e[0], e[1]); return 1;
    case ConvexCore::Kind::Box:  // orthogonal axes: each face's normal is an axis
      return edgeDirections(core, out);
    default: return 0;
  }
}

}  // namespace sweep_axes

// A moving box core against a polytope core.
[[gnu::noinline]] inline std::optional<AxisEntry> sweepAxes(const ConvexCore& moving, Vec3 velocity,
                                                            const ConvexCore& target) {
  using namespace sweep_axes;
  Vec3 axes[3 + 3 + 9 + 3];
  int count = faceNormals(moving, axes);
  count += faceNormals(target, axes + count);
  Vec3 em[3], et[3];
  const int nm = edgeDirections(moving, em), nt = edgeDirections(target, et);
  for (int i = 0; i < nm; ++i) {
    for (int j = 0; j < nt; ++j) {
      const Vec3 axis = cross(em[i], et[j]);
      if (lengthSquared(axis) > 1e-20 * lengthSquared(em[i]) * lengthSquared(et[j])) axes[count++] = axis;
    }
  }
  Window window;
  for (int k = 0; k < count && window.open; ++k) {
    if (!(lengthSquared(axes[k]) > 0)) continue;
    const Vec3 axis = unitDirection(axes[k]);
    window.narrow(project(moving, axis), project(target, axis), dot(velocity, axis), axis);
  }
  return window.entry();
}

// A moving box core against a plane: one axis, the plane's normal.
inline std::optional<AxisEntry> sweepAxes(const ConvexCore& moving, Vec3 velocity, const Plane& plane) {
  using namespace sweep_axes;
  const double scale = 1 / length(plane.normal);
  const Vec3 axis = plane.normal * scale;
  const double at = -plane.constant * scale;
  Window window;
  window.narrow(project(moving, axis), {at, at}, dot(velocity, axis), axis);
  return window.entry();
}

}  // namespace c3d
