// The result vocabulary shared by every pair of a query kind (README "Queries"): each raycast returns a
// RaycastHit, each classify a Side, each sweep a SweepHit, each intersection an IntersectionSet.
#pragma once
#include <limits>

#include "collide3d/math/vec3.h"

namespace c3d {

struct RaycastOptions {
  double maxDistance = std::numeric_limits<double>::infinity();  // the largest caster parameter t accepted
  bool backfaceCulling = false;  // triangles: only hits where the caster meets the front face
  bool solid = true;             // volumes: a caster starting inside hits at its start; false: where it leaves
};

struct RaycastHit {
  double t = 0;  // the caster's own parameter: ray/line origin + t*direction, segment start + t*(end-start)
  Vec3 point;
  Vec3 normal;   // unit, outward; on flat shapes (plane, triangle) the side facing the caster
  // Triangle targets only: barycentric weights of b (u) and c (v); frontFace says which side was hit.
  bool hasBarycentric = false;
  double u = 0, v = 0;
  bool frontFace = false;
};

enum class Side : int { Front = 0, Back = 1, Intersecting = 2 };

struct ClassifyOptions {
  double epsilon = 0;  // half the thickness of the slab that counts as "on the plane", in distance units
};

struct SweepHit {
  double t = 0;   // fraction of the velocity travelled at first contact, in [0, 1]
  Vec3 point;     // the contact point at time t
  Vec3 normal;    // unit normal of the target at the contact, pointing towards the moving shape
};

struct ClosestPoints {
  Vec3 pointA;      // on the first shape
  Vec3 pointB;      // on the second shape
  double distance;  // |pointB - pointA|; 0 (and pointA == pointB, a common point) when the shapes meet
};

struct Contact {
  Vec3 normal;    // unit, from the first shape towards the second: move the second by depth * normal to separate
  double depth;   // >= 0; 0 when the shapes only touch
  Vec3 pointA;    // the point of the first shape deepest inside the second
  Vec3 pointB;    // the point of the second deepest inside the first: pointA - depth * normal
};

struct Separation {
  Vec3 axis;   // unit, from the first shape towards the second
  double gap;  // > 0: how far apart the shapes' projections onto the axis are
};

struct IntersectionSet {
  enum class Kind : int { Point = 1, Segment = 2, Line = 3, Circle = 4, Polygon = 5, Coplanar = 6 };
  static constexpr int kMaxPolygon = 6;  // a plane cuts a box in at most a hexagon

  Kind kind = Kind::Point;
  Vec3 p0;            // point; segment start; line origin; circle center
  Vec3 p1;            // segment end; line direction
  Vec3 normal;        // circle normal; polygon normal (unit; the corners turn counter-clockwise around it)
  double radius = 0;  // circle radius
  Vec3 polygon[kMaxPolygon];
  int count = 0;      // polygon corners

  static IntersectionSet point(Vec3 p) { return make(Kind::Point, p, {}, {}, 0); }
  // A segment whose ends coincide is reported as the point it is.
  static IntersectionSet segment(Vec3 a, Vec3 b) { return a == b ? point(a) : make(Kind::Segment, a, b, {}, 0); }
  static IntersectionSet line(Vec3 origin, Vec3 direction) { return make(Kind::Line, origin, direction, {}, 0); }
  static IntersectionSet circle(Vec3 center, Vec3 normal, double radius) {
    return radius == 0 ? point(center) : make(Kind::Circle, center, {}, normal, radius);
  }
  static IntersectionSet coplanar() { return make(Kind::Coplanar, {}, {}, {}, 0); }

 private:
  static IntersectionSet make(Kind kind, Vec3 p0, Vec3 p1, Vec3 normal, double radius) {
    IntersectionSet set;
    set.kind = kind, set.p0 = p0, set.p1 = p1, set.normal = normal, set.radius = radius;
    return set;
  }
};

}  // namespace c3d
