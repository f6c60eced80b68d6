// triangle: the filled triangle a, b, c (three.js Triangle). Its front face is the one (b - a) x (c - a) points
// out of, i.e. a, b, c counter-clockwise seen from the front, as in three.js. Zero area is valid: it is then the
// segment between its two farthest vertices, or a point.
#pragma once
#include "collide3d/math/vec3.h"
#include "collide3d/shapes/casters.h"
#include "collide3d/shapes/shape_type.h"
#include "collide3d/shapes/validation.h"

namespace c3d {

struct Triangle {
  Vec3 a, b, c;

  static constexpr ShapeType kType = ShapeType::Triangle;
  static constexpr const char* kName = "triangle";
  template <class Visit> static void fields(Visit&& visit) {
    visit("a", &Triangle::a);
    visit("b", &Triangle::b);
    visit("c", &Triangle::c);
  }
};

inline bool validate(const Triangle&, Problem&) { return true; }

// The unnormalised face normal (b - a) x (c - a); zero exactly when the triangle has no area.
constexpr Vec3 faceNormal(const Triangle& t) { return cross(t.b - t.a, t.c - t.a); }

constexpr Vec3 vertex(const Triangle& t, int i) { return i == 0 ? t.a : i == 1 ? t.b : t.c; }

// A zero-area triangle as the segment it covers: its longest edge, as vertex indices (the third vertex lies on it).
struct Edge {
  int from, to;
};
inline Edge coveringEdge(const Triangle& t) {
  const double ab = lengthSquared(t.b - t.a), bc = lengthSquared(t.c - t.b), ca = lengthSquared(t.a - t.c);
  if (ab >= bc && ab >= ca) return {0, 1};
  if (bc >= ca) return {1, 2};
  return {2, 0};
}
inline Segment coveringSegment(const Triangle& t) {
  const Edge edge = coveringEdge(t);
  return {vertex(t, edge.from), vertex(t, edge.to)};
}

}  // namespace c3d
