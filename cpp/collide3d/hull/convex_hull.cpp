// The prepared hull's queries: the support mapping and exact containment.
#include "collide3d/hull/convex_hull.h"

#include "collide3d/math/predicates.h"

namespace c3d {
namespace {

// Whether dot(d, u) > dot(d, v) exactly.
bool fartherAlong(Vec3 d, Vec3 u, Vec3 v) {
  constexpr auto kGain = [](const auto& dd, const auto& uu, const auto& vv) { return dot(dd, uu - vv); };
  return exact::filteredSign(kGain, d, u, v) > 0;
}

constexpr uint32_t kScanLimit = 16;  // up to this many vertices a scan beats the climb's bookkeeping

}  // namespace

size_t ConvexHull::bytes() const {
  return vertices.size() * sizeof(Vec3) + planes.size() * sizeof(Plane) +
         (sourceIndex.size() + faceStart.size() + faceVertex.size() + triangles.size() + adjacencyStart.size() +
          adjacency.size()) *
             sizeof(uint32_t);
}

uint32_t ConvexHull::supportIndex(Vec3 d, uint32_t start, Comparison comparison) const {
  const auto farther = [&](Vec3 u, Vec3 v) {
    return comparison == Comparison::Exact ? fartherAlong(d, u, v) : dot(d, u) > dot(d, v);
  };
  const uint32_t n = static_cast<uint32_t>(vertices.size());
  if (n <= kScanLimit) {
    uint32_t best = 0;
    for (uint32_t v = 1; v < n; ++v) {
      if (farther(vertices[v], vertices[best])) best = v;
    }
    return best;
  }
  // Steepest ascent: each move strictly raises dot(d, v), so the climb ends, at a maximum (convex_hull.h).
  uint32_t at = start < n ? start : 0;
  for (;;) {
    uint32_t best = at;
    for (uint32_t k = adjacencyStart[at]; k < adjacencyStart[at + 1]; ++k) {
      if (farther(vertices[adjacency[k]], vertices[best])) best = adjacency[k];
    }
    if (best == at) return at;
    at = best;
  }
}

// Solid: beneath or on every face's plane (the plane of a face's first three corners, which a strictly convex polygon
// has not collinear). Flat: in the plane, and left of or on every edge of the polygon seen along an axis that keeps
// its orientation. Segment: on the line and between the ends (on a line, between in every coordinate). Point: equal.
bool ConvexHull::contains(Vec3 p) const {
  switch (dimension) {
    case 3:
      for (size_t f = 0; f + 1 < faceStart.size(); ++f) {
        const uint32_t* corner = &faceVertex[faceStart[f]];
        if (orient3d(vertices[corner[0]], vertices[corner[1]], vertices[corner[2]], p) > 0) return false;
      }
      return true;
    case 2: {
      const uint32_t* corner = faceVertex.data();
      const uint32_t k = faceStart[1];
      const Vec3 a = vertices[corner[0]], b = vertices[corner[1]], c = vertices[corner[2]];
      if (orient3d(a, b, c, p) != 0) return false;
      const int axis = projectionAxis(a, b, c);
      const int winding = normalSign(a, b, c, axis);
      const Vec2 q = dropAxis(p, axis);
      for (uint32_t i = 0; i < k; ++i) {
        const Vec2 u = dropAxis(vertices[corner[i]], axis), v = dropAxis(vertices[corner[(i + 1) % k]], axis);
        if (orient2d(u, v, q) * winding < 0) return false;
      }
      return true;
    }
    case 1: {
      const Vec3 a = vertices[0], b = vertices[1];
      const Vec3 lo = componentMin(a, b), hi = componentMax(a, b);
      return collinear(a, b, p) && lo.x <= p.x && p.x <= hi.x && lo.y <= p.y && p.y <= hi.y && lo.z <= p.z &&
             p.z <= hi.z;
    }
    case 0:
      return p == vertices[0];
    default:
      return false;
  }
}

}  // namespace c3d
