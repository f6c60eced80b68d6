// The result vocabulary shared by every pair of a query kind (README "Queries"): each raycast returns a
// RaycastHit, each classify a Side, each sweep a SweepHit, each intersection an IntersectionSet. Each lists its
// `fields` (named as the JavaScript API names them), the one description of how it crosses to JavaScript
// (dispatch/encoded.h).
#pragma once
#include <array>
#include <limits>

#include "collide3d/math/vec3.h"

namespace c3d {

struct RaycastOptions {
  double maxDistance = std::numeric_limits<double>::infinity();  // the largest caster parameter t accepted
  bool backfaceCulling = false;  // triangles: only hits where the caster meets the front face
  bool solid = true;             // volumes: a caster starting inside hits at its start; false: where it leaves

  static constexpr const char* kName = "raycastOptions";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("maxDistance", &RaycastOptions::maxDistance);
    visit("backfaceCulling", &RaycastOptions::backfaceCulling);
    visit("solid", &RaycastOptions::solid);
  }
};

struct RaycastHit {
  double t = 0;  // the caster's own parameter: ray/line origin + t*direction, segment start + t*(end-start)
  Vec3 point;
  Vec3 normal;   // unit, outward; on flat shapes (plane, triangle) the side facing the caster
  // Triangle targets only: barycentric weights of b (u) and c (v); frontFace says which side was hit.
  bool hasBarycentric = false;
  double u = 0, v = 0;
  bool frontFace = false;

  static constexpr const char* kName = "raycastHit";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("t", &RaycastHit::t);
    visit("point", &RaycastHit::point);
    visit("normal", &RaycastHit::normal);
    visit("hasBarycentric", &RaycastHit::hasBarycentric);
    visit("u", &RaycastHit::u);
    visit("v", &RaycastHit::v);
    visit("frontFace", &RaycastHit::frontFace);
  }
};

enum class Side : int { Front = 0, Back = 1, Intersecting = 2 };

struct ClassifyOptions {
  double epsilon = 0;  // half the thickness of the slab that counts as "on the plane", in distance units

  static constexpr const char* kName = "classifyOptions";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("epsilon", &ClassifyOptions::epsilon);
  }
};

struct SweepHit {
  double t = 0;   // fraction of the velocity travelled at first contact, in [0, 1]
  Vec3 point;     // the contact point at time t
  Vec3 normal;    // unit normal of the target at the contact, pointing towards the moving shape

  static constexpr const char* kName = "sweepHit";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("t", &SweepHit::t);
    visit("point", &SweepHit::point);
    visit("normal", &SweepHit::normal);
  }
};

struct ClosestPoints {
  Vec3 pointA;      // on the first shape
  Vec3 pointB;      // on the second shape
  double distance;  // |pointB - pointA|; 0 (and pointA == pointB, a common point) when the shapes meet

  static constexpr const char* kName = "closestPoints";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("pointA", &ClosestPoints::pointA);
    visit("pointB", &ClosestPoints::pointB);
    visit("distance", &ClosestPoints::distance);
  }
};

struct Contact {
  Vec3 normal;    // unit, from the first shape towards the second: move the second by depth * normal to separate
  double depth;   // >= 0; 0 when the shapes only touch
  Vec3 pointA;    // the point of the first shape deepest inside the second
  Vec3 pointB;    // the point of the second deepest inside the first: pointA - depth * normal

  static constexpr const char* kName = "contact";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("normal", &Contact::normal);
    visit("depth", &Contact::depth);
    visit("pointA", &Contact::pointA);
    visit("pointB", &Contact::pointB);
  }
};

struct Separation {
  Vec3 axis;   // unit, from the first shape towards the second
  double gap;  // > 0: how far apart the shapes' projections onto the axis are

  static constexpr const char* kName = "separation";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("axis", &Separation::axis);
    visit("gap", &Separation::gap);
  }
};

struct IntersectionSet {
  enum class Kind : int { Point = 1, Segment = 2, Line = 3, Circle = 4, Polygon = 5, Coplanar = 6 };
  static constexpr int kMaxPolygon = 6;  // a plane cuts a box in at most a hexagon

  Kind kind = Kind::Point;
  Vec3 p0;            // point; segment start; line origin; circle center
  Vec3 p1;            // segment end; line direction
  Vec3 normal;        // circle normal; polygon normal (unit; the corners turn counter-clockwise around it)
  double radius = 0;  // circle radius
  std::array<Vec3, kMaxPolygon> polygon;
  int count = 0;      // polygon corners

  static constexpr const char* kName = "intersection";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("p0", &IntersectionSet::p0);
    visit("p1", &IntersectionSet::p1);
    visit("normal", &IntersectionSet::normal);
    visit("radius", &IntersectionSet::radius);
    visit("count", &IntersectionSet::count);
    visit("corners", &IntersectionSet::polygon);
  }

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
