// Every solid a sweep moves or meets, as a convex core grown by a radius: a sphere is a point grown by its radius, a
// capsule a segment; points, segments, triangles and boxes are their own cores (radius 0); a cylinder's core is the
// cylinder itself. The core is what the sweeps' Minkowski constructions and GJK (gjk.h) take apart: its corners, and
// its support point in any direction (van den Bergen, "Collision Detection in Interactive 3D Environments", 2004,
// §4.3: the support mapping of each primitive).
#pragma once
#include <cmath>

#include "collide3d/math/vec3.h"
#include "collide3d/shapes/shapes.h"

namespace c3d {

struct ConvexCore {
  enum class Kind { Point, Segment, Triangle, Box, Cylinder };
  Kind kind = Kind::Point;
  // Point: [0]. Segment, cylinder: [0] to [1] (the cylinder's axis). Triangle: [0..2]. Box: corner i at [i], bit k
  // of i set for the far side along the box's axis k.
  Vec3 corner[8];
  Vec3 boxAxis[3];            // a box's unit axes, kept apart from its corners: a flat box's corners lose them
  double radius = 0;          // the rounding radius (sphere, capsule), 0 for the others
  double cylinderRadius = 0;  // the cylinder's own radius

  int cornerCount() const {
    return kind == Kind::Point ? 1 : kind == Kind::Triangle ? 3 : kind == Kind::Box ? 8 : 2;
  }
  // A point of the core farthest along d (the support mapping), for GJK.
  Vec3 support(Vec3 d) const {
    if (kind == Kind::Cylinder) return cylinderSupport(d);
    int best = 0;
    double most = dot(corner[0], d);
    for (int i = 1; i < cornerCount(); ++i) {
      const double along = dot(corner[i], d);
      if (along > most) most = along, best = i;
    }
    return corner[best];
  }
  // The same core moved by `offset`.
  ConvexCore moved(Vec3 offset) const {
    ConvexCore copy = *this;
    for (Vec3& c : copy.corner) c = c + offset;
    return copy;
  }

 private:
  Vec3 cylinderSupport(Vec3 d) const {
    const Vec3 axis = corner[1] - corner[0];
    const double along = dot(d, axis);
    const Vec3 end = along >= 0 ? corner[1] : corner[0];
    const double aa = dot(axis, axis);
    const Vec3 radial = aa > 0 ? d - axis * (along / aa) : d;
    const double rr = length(radial);
    // d along the axis: every point of the end disk is a support point, and the rounding residue in `radial` has
    // no direction worth following (scaled up to the radius it would leave the disk's plane).
    return rr > 1e-9 * length(d) ? end + radial * (cylinderRadius / rr) : end;
  }
};

inline ConvexCore pointCore(Vec3 p, double radius) {
  ConvexCore core;
  core.corner[0] = p, core.radius = radius;
  return core;
}
inline ConvexCore segmentCore(Vec3 a, Vec3 b, double radius) {
  ConvexCore core;
  core.kind = ConvexCore::Kind::Segment, core.corner[0] = a, core.corner[1] = b, core.radius = radius;
  return core;
}

inline ConvexCore coreOf(const Point& p) { return pointCore(p.position, 0); }
inline ConvexCore coreOf(const Sphere& s) { return pointCore(s.center, s.radius); }
inline ConvexCore coreOf(const Segment& s) { return segmentCore(s.start, s.end, 0); }
inline ConvexCore coreOf(const Capsule& c) { return segmentCore(c.start, c.end, c.radius); }
inline ConvexCore coreOf(const Triangle& t) {
  ConvexCore core;
  core.kind = ConvexCore::Kind::Triangle, core.corner[0] = t.a, core.corner[1] = t.b, core.corner[2] = t.c;
  return core;
}
inline ConvexCore coreOf(const Cylinder& c) {
  ConvexCore core;
  core.kind = ConvexCore::Kind::Cylinder, core.corner[0] = c.start, core.corner[1] = c.end;
  core.cylinderRadius = c.radius;
  return core;
}
// An aabb's corners are its own coordinates, exactly.
inline ConvexCore coreOf(const Aabb& box) {
  ConvexCore core;
  core.kind = ConvexCore::Kind::Box;
  core.boxAxis[0] = {1, 0, 0}, core.boxAxis[1] = {0, 1, 0}, core.boxAxis[2] = {0, 0, 1};
  for (int i = 0; i < 8; ++i) {
    core.corner[i] = {(i & 1) ? box.max.x : box.min.x, (i & 2) ? box.max.y : box.min.y,
                      (i & 4) ? box.max.z : box.min.z};
  }
  return core;
}
inline ConvexCore coreOf(const Obb& box) {
  ConvexCore core;
  core.kind = ConvexCore::Kind::Box;
  for (int k = 0; k < 3; ++k) core.boxAxis[k] = box.rotation.column(k);
  for (int i = 0; i < 8; ++i) {
    Vec3 c = box.center;
    for (int k = 0; k < 3; ++k) c = c + halfAxis(box, k) * ((i >> k & 1) ? 1.0 : -1.0);
    core.corner[i] = c;
  }
  return core;
}

// A box core's faces, each as its four corners in turn around it, and its edges (corners differing in one bit).
constexpr int kBoxFaces[6][4] = {{0, 2, 6, 4}, {1, 3, 7, 5}, {0, 1, 5, 4}, {2, 3, 7, 6}, {0, 1, 3, 2}, {4, 5, 7, 6}};
constexpr int kBoxEdges[12][2] = {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {0, 2}, {1, 3},
                                  {4, 6}, {5, 7}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};

}  // namespace c3d
