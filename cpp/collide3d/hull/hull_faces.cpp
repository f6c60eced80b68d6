// From Quickhull's triangles to the prepared hull's polygons, exactly.
//   - Merge: neighbours whose far corner lies in a face's plane (orient3d = 0) share the plane, so the classes of
//     "coplanar through an edge" are planes; each class is one facet, since a facet of a convex polytope is a convex
//     polygon, connected through its triangles' edges. Its boundary edges (those to other classes) form one cycle.
//   - Corners: a boundary vertex is a corner iff its two neighbours on the cycle and it are not collinear (they are
//     distinct: the triangulation's vertices are distinct points). A vertex between two corners lies on their edge,
//     so it is no corner in any facet, and a true vertex of the polytope is a corner of every facet it lies in: the
//     facets' edges therefore match pairwise, and their corners are exactly the hull's vertices.
// Then the hull is written: vertices numbered in input order, fans, adjacency (each polygon edge a -> b makes b a
// neighbour of a; its reverse lies in the facet across), rounded planes, exact bounds.
#include <cmath>

#include "collide3d/hull/hull_builder.h"
#include "collide3d/math/predicates.h"
#include "collide3d/memory/checked.h"

namespace c3d {

bool HullBuilder::mergeCoplanar() {
  if (!checked::reserve(component_, faces_.size()) || !checked::reserve(boundaryNext_, count_) ||
      !checked::reserve(polygonStart_, faces_.size() + 1)) {
    return false;
  }
  component_.assign(faces_.size(), kNone);
  boundaryNext_.resize(count_);
  polygonStart_.assign(1, 0);
  polygonVertex_.clear();
  for (uint32_t seed = 0; seed < faces_.size(); ++seed) {
    if (!faces_[seed].alive || component_[seed] != kNone) continue;
    const uint32_t id = static_cast<uint32_t>(polygonStart_.size() - 1);
    // Flood the facet (visible_ reused as its list of faces), noting its boundary edges in boundaryNext_.
    visible_.clear();
    if (!checked::room(visible_, 1)) return false;
    visible_.push_back(seed);
    component_[seed] = id;
    uint32_t boundaryEdges = 0, start = kNone;
    for (size_t k = 0; k < visible_.size(); ++k) {
      const Face& face = faces_[visible_[k]];
      for (int e = 0; e < 3; ++e) {
        const uint32_t g = face.neighbour[e];
        const uint32_t a = face.vertex[e], b = face.vertex[(e + 1) % 3];
        if (component_[g] == kNone) {
          const Face& across = faces_[g];
          const uint32_t far = across.vertex[0] != a && across.vertex[0] != b   ? across.vertex[0]
                               : across.vertex[1] != a && across.vertex[1] != b ? across.vertex[1]
                                                                                : across.vertex[2];
          if (volume(face, far) == 0) {
            if (!checked::room(visible_, 1)) return false;
            component_[g] = id;
            visible_.push_back(g);
            continue;
          }
        }
        if (component_[g] != id) {
          boundaryNext_[a] = b;
          start = a;
          ++boundaryEdges;
        }
      }
    }
    // The corners, in the cycle's order (counter-clockwise seen from outside).
    const Face& face = faces_[seed];
    const int axis = projectionAxis(point(face.vertex[0]), point(face.vertex[1]), point(face.vertex[2]));
    if (!checked::room(polygonVertex_, boundaryEdges) || !checked::room(polygonStart_, 1)) return false;
    for (uint32_t previous = start, at = boundaryNext_[start], walked = 0; walked < boundaryEdges; ++walked) {
      const uint32_t next = boundaryNext_[at];
      if (normalSign(point(previous), point(at), point(next), axis) != 0) polygonVertex_.push_back(at);
      previous = at;
      at = next;
    }
    polygonStart_.push_back(static_cast<uint32_t>(polygonVertex_.size()));
  }
  return true;
}

bool HullBuilder::writeHull(int dimension, ConvexHull& hull) {
  if (!checked::reserve(vertexOf_, count_)) return false;
  vertexOf_.assign(count_, kNone);
  for (uint32_t i : polygonVertex_) vertexOf_[i] = 0;
  uint32_t vertexCount = 0;
  for (uint32_t i = 0; i < count_; ++i) {
    if (vertexOf_[i] != kNone) vertexOf_[i] = vertexCount++;
  }
  const size_t faceCount = polygonStart_.size() - 1;
  const size_t corners = polygonVertex_.size();
  if (!checked::reserve(hull.vertices, vertexCount) || !checked::reserve(hull.sourceIndex, vertexCount) ||
      !checked::reserve(hull.faceStart, faceCount + 1) || !checked::reserve(hull.faceVertex, corners) ||
      !checked::reserve(hull.triangles, 3 * (corners - 2 * faceCount)) ||
      !checked::reserve(hull.adjacencyStart, size_t{vertexCount} + 1) || !checked::reserve(hull.adjacency, corners) ||
      !checked::reserve(hull.planes, faceCount)) {
    return false;
  }
  hull.dimension = dimension;
  for (uint32_t i = 0; i < count_; ++i) {
    if (vertexOf_[i] == kNone) continue;
    hull.vertices.push_back(point(i));
    hull.sourceIndex.push_back(i);
  }
  hull.faceStart.assign(polygonStart_.begin(), polygonStart_.end());
  for (uint32_t i : polygonVertex_) hull.faceVertex.push_back(vertexOf_[i]);

  hull.bounds = {hull.vertices[0], hull.vertices[0]};
  for (const Vec3& v : hull.vertices) {
    hull.bounds.min = componentMin(hull.bounds.min, v);
    hull.bounds.max = componentMax(hull.bounds.max, v);
  }
  // Edge vectors scaled by a power of two (exactly) so that no cross product overflows, whatever the coordinates.
  const Vec3 extent = hull.bounds.max - hull.bounds.min;
  int exponent;
  std::frexp(std::fmax(extent.x, std::fmax(extent.y, extent.z)), &exponent);
  const double scale = std::ldexp(1.0, -exponent);

  // Counts of out-edges first, turned into starts, then filled (each start advancing), then shifted back.
  hull.adjacencyStart.assign(size_t{vertexCount} + 1, 0);
  for (uint32_t v : hull.faceVertex) ++hull.adjacencyStart[v + 1];
  for (uint32_t v = 0; v < vertexCount; ++v) hull.adjacencyStart[v + 1] += hull.adjacencyStart[v];
  hull.adjacency.resize(corners);
  for (size_t f = 0; f < faceCount; ++f) {
    const uint32_t* corner = &hull.faceVertex[hull.faceStart[f]];
    const uint32_t k = hull.faceStart[f + 1] - hull.faceStart[f];
    Vec3 area;
    for (uint32_t i = 0; i < k; ++i) {
      hull.adjacency[hull.adjacencyStart[corner[i]]++] = corner[(i + 1) % k];
      if (i + 2 < k) {
        hull.triangles.insert(hull.triangles.end(), {corner[0], corner[i + 1], corner[i + 2]});
        const Vec3 origin = hull.vertices[corner[0]];
        area = area +
               cross((hull.vertices[corner[i + 1]] - origin) * scale, (hull.vertices[corner[i + 2]] - origin) * scale);
      }
    }
    // A facet thinner than about 1e-300 of the hull's extent has an area that underflows: its normal is left 0.
    const Vec3 normal = isZero(area) ? area : unitDirection(area);
    hull.planes.push_back({normal, -dot(normal, hull.vertices[corner[0]])});
  }
  for (uint32_t v = vertexCount; v > 0; --v) hull.adjacencyStart[v] = hull.adjacencyStart[v - 1];
  hull.adjacencyStart[0] = 0;
  return true;
}

}  // namespace c3d
