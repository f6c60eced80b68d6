// triangle: the filled triangle a, b, c (three.js Triangle). Its front face is the one (b - a) x (c - a) points
// out of, i.e. a, b, c counter-clockwise seen from the front, as in three.js. Zero area is valid: it is then the
// segment between its two farthest vertices, or a point.
#pragma once
#include <tuple>

#include "collide3d/math/exact/filtered_sign.h"
#include "collide3d/math/predicates.h"
#include "collide3d/math/vec3.h"
#include "collide3d/shapes/casters.h"
#include "collide3d/shapes/shape_type.h"
#include "collide3d/shapes/validation.h"

namespace c3d {

struct Triangle {
  Vec3 a, b, c;

  static constexpr ShapeType kType = ShapeType::Triangle;
  static constexpr const char* kName = "triangle";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("a", &Triangle::a);
    visit("b", &Triangle::b);
    visit("c", &Triangle::c);
  }
};

inline bool validate(const Triangle&, Problem&) { return true; }

// The unnormalised face normal (b - a) x (c - a), rounded.
constexpr Vec3 faceNormal(const Triangle& t) { return cross(t.b - t.a, t.c - t.a); }

// The unit normal of a triangle with area. For a sliver the rounded cross product can lose the direction to
// cancellation (or come out 0); when it is below 2^-40 of its terms, the components are taken from their exact
// values (exact::filteredValues), so the direction is right to an ulp however thin the triangle is.
inline Vec3 unitFaceNormal(const Triangle& t) {
  Vec3 n = faceNormal(t);
  if (!(lengthSquared(n) > 0x1p-40 * lengthSquared(t.b - t.a) * lengthSquared(t.c - t.a))) {
    const auto exact = exact::filteredValues(
        [](const auto& a, const auto& b, const auto& c) {
          const auto m = cross(b - a, c - a);
          return std::make_tuple(m.x, m.y, m.z);
        },
        t.a, t.b, t.c);
    n = {exact[0], exact[1], exact[2]};
  }
  return unitDirection(n);
}

// Whether the triangle has no area, decided exactly (its rounded normal can be 0 for a sliver, or not for a
// straight line).
inline bool degenerate(const Triangle& t) { return collinear(t.a, t.b, t.c); }

constexpr Vec3 vertex(const Triangle& t, int i) { return i == 0 ? t.a : i == 1 ? t.b : t.c; }

// A zero-area triangle as the segment it covers, as vertex indices: the vertices with the least and the greatest
// coordinate along the axis where they spread most. Comparing coordinates is exact, so for collinear vertices the
// third lies on that edge.
struct Edge {
  int from, to;
};
inline Edge coveringEdge(const Triangle& t) {
  int axis = 0;
  double widest = -1;
  for (int k = 0; k < 3; ++k) {
    const double lo = std::fmin(component(t.a, k), std::fmin(component(t.b, k), component(t.c, k)));
    const double hi = std::fmax(component(t.a, k), std::fmax(component(t.b, k), component(t.c, k)));
    if (hi - lo > widest) widest = hi - lo, axis = k;
  }
  int from = 0, to = 0;
  for (int i = 1; i < 3; ++i) {
    if (component(vertex(t, i), axis) < component(vertex(t, from), axis)) from = i;
    if (component(vertex(t, i), axis) > component(vertex(t, to), axis)) to = i;
  }
  return from == to ? Edge{0, 1} : Edge{from, to};  // all three coincide along every axis: a point
}
inline Segment coveringSegment(const Triangle& t) {
  const Edge edge = coveringEdge(t);
  return {vertex(t, edge.from), vertex(t, edge.to)};
}

}  // namespace c3d
