// Every solid a sweep moves or meets, as a convex core grown by a radius: a sphere is a point grown by its radius, a
// capsule a segment; points, segments, triangles and boxes are their own cores (radius 0); a cylinder's, cone's,
// ellipsoid's and convex hull's core is the solid itself. The core is what the sweeps' Minkowski constructions and
// GJK (gjk.h) take apart: its corners, and its support point in any direction (van den Bergen, "Collision Detection
// in Interactive 3D Environments", 2004, §4.3: the support mapping of each primitive).
#pragma once
#include <cmath>

#include "collide3d/hull/convex_hull.h"
#include "collide3d/math/vec3.h"
#include "collide3d/shapes/shapes.h"

namespace c3d {

// GJK copies cores by value, so they stay flat: the curved kinds reuse the corner and axis slots. A prepared hull's
// points live in the hull: the core points to it and keeps the offset it is moved by, so moved() copies no points.
struct ConvexCore {
  enum class Kind { Point, Segment, Triangle, Box, Hull, Cylinder, Cone, Ellipsoid };
  Kind kind = Kind::Point;
  // Point, ellipsoid (its center): [0]. Segment, cylinder: [0] to [1] (the cylinder's axis). Cone: its base
  // center [0] and apex [1]. Triangle: [0..2]. Box: corner i at [i], bit k of i set for the far side along the box's
  // axis k.
  // Hull: [0] its vertex 0 (plus the offset), a point of the core, which GJK seeds with; [1] the corner of its
  // bounding box farthest from the origin, NOT a point of the core: it only makes max |corner| over cornerCount(),
  // which the ray cast and conservative advancement take as the scene's size, at least max |vertex| (per axis the
  // bound of larger magnitude). Code that takes a core's corners as its points (the swept polytope, the sweep's
  // axes, the plane sweep) must not be given a hull; GJK, EPA and the GJK ray cast use only support() and corner[0].
  Vec3 corner[8];
  // A box's unit axes, kept apart from its corners (a flat box's corners lose them); an ellipsoid's semi-axes (each
  // unit axis times its radius).
  Vec3 boxAxis[3];
  double radius = 0;          // the rounding radius (sphere, capsule), 0 for the others
  double cylinderRadius = 0;  // the cylinder's or cone's own radius (the cone's at its base)
  const ConvexHull* hull = nullptr;  // Hull: the prepared hull, whose points are moved by `offset`
  Vec3 offset;
  mutable uint32_t warm = 0;  // Hull: the last support vertex, where the next hill climb starts

  // A hull's two are a point and a size (above).
  int cornerCount() const {
    return kind == Kind::Point || kind == Kind::Ellipsoid ? 1 : kind == Kind::Triangle ? 3 : kind == Kind::Box ? 8 : 2;
  }
  // Whether the core is the hull of finitely many points, its corners or a hull's vertices (GJK on two of them
  // terminates exactly).
  bool isPolytope() const { return kind < Kind::Cylinder; }
  // A point of the core farthest along d (the support mapping), for GJK. Out of line: GJK, EPA and the ray cast call
  // it from several places, and the curved kinds' code would otherwise be copied into each.
  [[gnu::noinline]] Vec3 support(Vec3 d) const {
    if (kind == Kind::Hull) return hullSupport(d);
    if (kind == Kind::Cylinder) return cylinderSupport(d);
    if (kind == Kind::Cone) return coneSupport(d);
    if (kind == Kind::Ellipsoid) return ellipsoidSupport(d);
    int best = 0;
    double most = dot(corner[0], d);
    for (int i = 1; i < cornerCount(); ++i) {
      const double along = dot(corner[i], d);
      if (along > most) most = along, best = i;
    }
    return corner[best];
  }
  // The same core moved by `by`.
  ConvexCore moved(Vec3 by) const {
    ConvexCore copy = *this;
    for (Vec3& c : copy.corner) c = c + by;
    if (kind == Kind::Hull) copy.offset = offset + by, copy.corner[1] = copy.farCorner();
    return copy;
  }
  // A hull's corner[1] (above): per axis the moved bound of larger magnitude.
  Vec3 farCorner() const {
    const Vec3 lo = hull->bounds.min + offset, hi = hull->bounds.max + offset;
    return {std::fabs(lo.x) > std::fabs(hi.x) ? lo.x : hi.x, std::fabs(lo.y) > std::fabs(hi.y) ? lo.y : hi.y,
            std::fabs(lo.z) > std::fabs(hi.z) ? lo.z : hi.z};
  }

 private:
  // The point of the disk of radius cylinderRadius about `center`, orthogonal to the axis from corner[0] to
  // corner[1], farthest along d: along d's part across the axis, or the center when d is along the axis (every point
  // of the disk ties, and the rounding residue across it has no direction worth following). That part is projected
  // twice: one projection leaves rounding of d's length along the axis, which scaled up to the radius would lift the
  // point off the disk's plane when d is nearly along the axis (by 1e-7 of the radius at 1e-9 off the axis).
  Vec3 rimPoint(Vec3 center, Vec3 d) const {
    const Vec3 axis = corner[1] - corner[0];
    const double aa = dot(axis, axis);
    Vec3 radial = d;
    for (int pass = 0; pass < 2 && aa > 0; ++pass) radial = radial - axis * (dot(radial, axis) / aa);
    const double rr = length(radial);
    return rr > 1e-9 * length(d) ? center + radial * (cylinderRadius / rr) : center;
  }
  Vec3 cylinderSupport(Vec3 d) const {
    return rimPoint(dot(d, corner[1] - corner[0]) >= 0 ? corner[1] : corner[0], d);
  }
  // The hull's vertex farthest along d, to rounding, by hill climbing from the last one (convex_hull.h), then moved.
  // A direction that is not finite (never GJK's) has no answer: corner[0] stands for it rather than a climb on NaN.
  Vec3 hullSupport(Vec3 d) const {
    if (!(std::isfinite(d.x) && std::isfinite(d.y) && std::isfinite(d.z))) return corner[0];
    warm = hull->supportIndex(d, warm, ConvexHull::Comparison::Rounded);
    return hull->vertices[warm] + offset;
  }
  // The apex or the base rim's point, whichever reaches farther along d.
  Vec3 coneSupport(Vec3 d) const {
    const Vec3 rim = rimPoint(corner[0], d);
    return dot(corner[1], d) > dot(rim, d) ? corner[1] : rim;
  }
  // With A the matrix of semi-axes, the ellipsoid is {c + A x : |x| <= 1}, so h(d) = d.c + |A^T d|, reached at
  // c + A A^T d / |A^T d|; the center when A^T d = 0 (a flat ellipsoid seen edge-on: every point ties).
  Vec3 ellipsoidSupport(Vec3 d) const {
    const Vec3 local{dot(boxAxis[0], d), dot(boxAxis[1], d), dot(boxAxis[2], d)};
    const double norm = length(local);
    if (!(norm > 0)) return corner[0];
    return corner[0] + boxAxis[0] * (local.x / norm) + boxAxis[1] * (local.y / norm) + boxAxis[2] * (local.z / norm);
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
// The solid capped cone: a disk of `radius` about `base`, orthogonal to the axis, narrowing to `apex`.
inline ConvexCore coneCore(Vec3 base, Vec3 apex, double radius) {
  ConvexCore core;
  core.kind = ConvexCore::Kind::Cone, core.corner[0] = base, core.corner[1] = apex, core.cylinderRadius = radius;
  return core;
}
inline ConvexCore coreOf(const Cone& c) { return coneCore(c.base, c.apex, c.radius); }
inline ConvexCore coreOf(const Ellipsoid& e) {
  ConvexCore core;
  core.kind = ConvexCore::Kind::Ellipsoid, core.corner[0] = e.center;
  core.boxAxis[0] = e.rotation.column(0) * e.radii.x;
  core.boxAxis[1] = e.rotation.column(1) * e.radii.y;
  core.boxAxis[2] = e.rotation.column(2) * e.radii.z;
  return core;
}
// The prepared hull, in place (shapes/convex.h: a validated shape names a live hull).
inline ConvexCore coreOf(const Convex& c) {
  ConvexCore core;
  core.kind = ConvexCore::Kind::Hull, core.hull = &c.prepared();
  core.corner[0] = core.hull->vertices[0], core.corner[1] = core.farCorner();
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

// How far the core reaches from the origin, at most (a scale for tolerances): its corners' lengths, grown by its
// radii or semi-axes.
inline double extentOf(const ConvexCore& c) {
  double s = 0;
  for (int i = 0; i < c.cornerCount(); ++i) s = std::fmax(s, length(c.corner[i]));
  double grown = c.radius + c.cylinderRadius;
  if (c.kind == ConvexCore::Kind::Ellipsoid) {
    for (const Vec3 axis : c.boxAxis) grown = std::fmax(grown, length(axis));
  }
  return s + grown;
}

// Whether the core is a polytope whose boundary anyFaceTriangle() lists.
inline bool hasFaces(const ConvexCore& c) { return c.kind == ConvexCore::Kind::Box || c.kind == ConvexCore::Kind::Hull; }

// Calls visit(a, b, c) for triangles covering the boundary of a core with faces, stopping at the first that returns
// true; returns whether one did. A box: two per face; a hull: convex_hull.h's anyBoundaryTriangle.
template <class Visit>
bool anyFaceTriangle(const ConvexCore& c, Visit&& visit) {
  if (c.kind == ConvexCore::Kind::Hull) return anyBoundaryTriangle(*c.hull, c.offset, visit);
  for (const auto& f : kBoxFaces) {
    if (visit(c.corner[f[0]], c.corner[f[1]], c.corner[f[2]]) || visit(c.corner[f[0]], c.corner[f[2]], c.corner[f[3]])) {
      return true;
    }
  }
  return false;
}

}  // namespace c3d
