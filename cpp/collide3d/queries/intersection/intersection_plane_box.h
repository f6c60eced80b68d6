// The cross-section of a solid box by a plane: a vertex on the plane is taken as itself, and each of the 12 edges
// whose ends lie strictly on opposite sides is cut where it crosses (Ericson §5.3.1 for the edge cut). The points,
// at most six, are the corners of a convex polygon, returned counter-clockwise around the plane's normal (sorted by
// angle about their centroid in the plane's basis; corners within rounding of each other are merged first). One
// point is a `point`, two a `segment` (the plane touches a vertex or an edge); a flat box lying in the plane is its
// rectangle.
// Whether the plane meets the box is decided by intersects(plane, box), so the two queries agree; for an OBB, whose
// vertices are rounded sums, a touching contact the vertices miss is reported at the vertex nearest the plane.
#pragma once
#include <algorithm>
#include <cmath>
#include <optional>

#include "collide3d/math/orthonormal_basis.h"
#include "collide3d/queries/intersection/intersection_plane.h"
#include "collide3d/queries/intersects/intersects_plane_shape.h"

namespace c3d {

// Vertex i of a box has its x extreme from bit 0 of i, y from bit 1, z from bit 2 (0: the low side).
struct BoxVertices {
  Vec3 v[8];
};

inline BoxVertices vertices(const Aabb& box) {
  BoxVertices out;
  for (int i = 0; i < 8; ++i) {
    out.v[i] = {(i & 1) ? box.max.x : box.min.x, (i & 2) ? box.max.y : box.min.y, (i & 4) ? box.max.z : box.min.z};
  }
  return out;
}

inline BoxVertices vertices(const Obb& box) {
  BoxVertices out;
  for (int i = 0; i < 8; ++i) {
    out.v[i] = box.center + halfAxis(box, 0) * ((i & 1) ? 1.0 : -1.0) + halfAxis(box, 1) * ((i & 2) ? 1.0 : -1.0) +
               halfAxis(box, 2) * ((i & 4) ? 1.0 : -1.0);
  }
  return out;
}

inline std::optional<IntersectionSet> crossSection(const BoxVertices& box, const Plane& plane) {
  double d[8];
  for (int i = 0; i < 8; ++i) d[i] = plane_side::signedDistance(plane, box.v[i]);
  IntersectionSet set;
  set.kind = IntersectionSet::Kind::Polygon;
  // Corners closer than rounding (1e-12 of the box's diagonal) are one corner: kept apart, their order by angle
  // would be noise.
  const double merge = 1e-24 * lengthSquared(box.v[7] - box.v[0]);
  auto add = [&set, merge](Vec3 p) {
    for (int k = 0; k < set.count; ++k) {
      if (lengthSquared(set.polygon[k] - p) <= merge) return;
    }
    set.polygon[set.count++] = p;
  };
  for (int i = 0; i < 8; ++i) {
    if (d[i] == 0) add(box.v[i]);
  }
  for (int i = 0; i < 8; ++i) {
    for (int bit = 1; bit < 8; bit <<= 1) {
      const int j = i | bit;
      if (j == i) continue;  // each edge once: from its low end i to its high end j
      if ((d[i] > 0 && d[j] < 0) || (d[i] < 0 && d[j] > 0)) add(crossingPoint(box.v[i], box.v[j], d[i], d[j]));
    }
  }
  if (set.count == 0) {
    int nearest = 0;
    for (int i = 1; i < 8; ++i) nearest = std::fabs(d[i]) < std::fabs(d[nearest]) ? i : nearest;
    return IntersectionSet::point(box.v[nearest]);
  }
  if (set.count == 1) return IntersectionSet::point(set.polygon[0]);
  if (set.count == 2) return IntersectionSet::segment(set.polygon[0], set.polygon[1]);
  Vec3 centroid{0, 0, 0};
  for (int k = 0; k < set.count; ++k) centroid = centroid + set.polygon[k];
  centroid = centroid * (1.0 / set.count);
  const OrthonormalBasis basis = orthonormalBasis(plane.normal);
  auto angle = [&](Vec3 p) { return std::atan2(dot(p - centroid, basis.v), dot(p - centroid, basis.u)); };
  std::sort(set.polygon.begin(), set.polygon.begin() + set.count, [&](Vec3 a, Vec3 b) { return angle(a) < angle(b); });
  set.normal = basis.w;
  return set;
}

inline std::optional<IntersectionSet> intersection(const Aabb& box, const Plane& plane) {
  if (!intersects(plane, box)) return std::nullopt;
  return crossSection(vertices(box), plane);
}

inline std::optional<IntersectionSet> intersection(const Obb& box, const Plane& plane) {
  if (!intersects(plane, box)) return std::nullopt;
  return crossSection(vertices(box), plane);
}

}  // namespace c3d
