// A prepared convex hull: the convex hull of a point set (built by HullBuilder, hull_builder.h), kept in a few flat
// arrays ready for support mappings, containment, per-face queries and drawing.
//
// The hull is exact: its vertices are input points, each a strictly convex corner of the set (points inside, on a
// face or on an edge are not vertices; duplicates give one vertex), its faces are the set's facets as polygons with
// no two adjacent faces coplanar, all decided by exact predicates. Only `planes` is rounded.
//
// By dimension:
//   3: a polytope; faces counter-clockwise seen from outside; V - E + F = 2.
//   2: a flat convex polygon, stored as two faces, the polygon and its reverse (a two-sided sheet: each winding is
//      counter-clockwise seen from the side its plane's normal points to), so drawing shows both sides, every face
//      has a plane, and V - E + F = 2 still holds.
//   1: a segment: two vertices, adjacent to each other, no faces.
//   0: a point: one vertex, no faces.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "collide3d/math/vec3.h"
#include "collide3d/shapes/aabb.h"
#include "collide3d/shapes/plane.h"

namespace c3d {

struct ConvexHull {
  int dimension = -1;                 // 0..3 once built; -1 before
  std::vector<Vec3> vertices;         // exact input points
  std::vector<uint32_t> sourceIndex;  // the input index of each vertex (the first of equal points), ascending
  // Face f is the polygon faceVertex[faceStart[f] .. faceStart[f + 1]) (vertex numbers), strictly convex.
  std::vector<uint32_t> faceStart;  // faceCount() + 1 entries (just {0} below dimension 2)
  std::vector<uint32_t> faceVertex;
  // A fan over each face, three vertex numbers per triangle, face by face: face f's k corners give the k - 2
  // triangles from (faceStart[f] - 2 f), with the face's winding.
  std::vector<uint32_t> triangles;
  // The neighbours of vertex v along the hull's edges: adjacency[adjacencyStart[v] .. adjacencyStart[v + 1]).
  std::vector<uint32_t> adjacencyStart;
  std::vector<uint32_t> adjacency;
  std::vector<Plane> planes;  // face f's plane, unit normal pointing out (rounded: for raycasts and EPA, not decisions)
  Aabb bounds;                // exact: the least and greatest vertex coordinates

  size_t faceCount() const { return faceStart.empty() ? 0 : faceStart.size() - 1; }
  size_t triangleCount() const { return triangles.size() / 3; }
  size_t bytes() const;

  // The number of a vertex v maximising dot(d, v), exactly (ties: any of them). Hill climbing from vertex `start`
  // over the adjacency (Cameron 1997, "Enhancing GJK: computing minimum and penetration distances between convex
  // polyhedra"), so a caller passing the previous answer back pays for the few steps its direction moved; a linear
  // scan for small hulls. Every step compares dot(d, u - v) by its exact sign, and a vertex that no neighbour beats
  // is a maximum over the whole polytope (the simplex method's argument: at a vertex that is not optimal some edge
  // strictly improves), on flat hulls too, whose plateaus are left through the equal neighbours' edges.
  // Comparison::Rounded compares the rounded dot products instead: a vertex within rounding of the maximum, at a
  // fraction of the cost where directions nearly tie (GJK's and EPA's, whose tolerances absorb that rounding;
  // each move still strictly raises the rounded value, so the climb ends). On a built hull, d finite.
  enum class Comparison { Exact, Rounded };
  uint32_t supportIndex(Vec3 d, uint32_t start = 0, Comparison comparison = Comparison::Exact) const;
  Vec3 support(Vec3 d) const { return vertices[supportIndex(d)]; }

  // Whether the finite point p lies in the closed hull, exactly.
  bool contains(Vec3 p) const;
};

// Whether meets(a, b, c) holds for one of the triangles covering the hull's boundary, moved by `offset`, stopping at
// the first: a solid hull's face fans; a flat hull's polygon, one winding (the other covers the same points); a
// segment's or point's hull, the one zero-area triangle covering it.
template <class Meets>
bool anyBoundaryTriangle(const ConvexHull& hull, Vec3 offset, Meets&& meets) {
  const auto at = [&](uint32_t v) { return hull.vertices[v] + offset; };
  const uint32_t last = static_cast<uint32_t>(hull.vertices.size() - 1);
  if (hull.dimension < 2) return meets(at(0), at(last), at(last));
  const size_t count = hull.dimension == 3 ? hull.triangleCount() : hull.faceStart[1] - 2;
  for (size_t t = 0; t < count; ++t) {
    const uint32_t* c = &hull.triangles[3 * t];
    if (meets(at(c[0]), at(c[1]), at(c[2]))) return true;
  }
  return false;
}

}  // namespace c3d
