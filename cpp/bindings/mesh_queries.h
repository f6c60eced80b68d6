// The TriangleMesh methods that take a shape or another mesh, and the shape types each takes: the one test by which
// the mesh bindings (mesh_bindings.cpp) refuse every other type, and from which supportedPairs() (embind.cpp) lists
// them in c3d.supported, so the two cannot disagree. Each test is the precondition of the TriangleMesh method it
// guards (triangle_mesh.h).
#pragma once
#include "bindings/io_layout.h"
#include "collide3d/dispatch/tables.h"
#include "collide3d/mesh/triangle_mesh.h"

namespace c3d::mesh_queries {

inline bool known(int type) { return type >= 0 && type < kShapeTypeCount; }
inline ShapeType as(int type) { return static_cast<ShapeType>(type); }

// A ray, line or segment: what the mesh's raycast casts (it calls the raycast kernels on Caster directly).
inline bool raycastTakes(int type) { return io::isCaster(type); }
inline bool intersectsTakes(int type) {
  return known(type) && intersectsTable().at(ShapeType::Triangle, as(type)) != nullptr;
}
// The sweep against each triangle, and bounds to prune the tree by as they move.
inline bool sweepTakes(int type) {
  return known(type) && sweepTable().at(as(type), ShapeType::Triangle) != nullptr && TriangleMesh::bounded(as(type));
}
inline bool contactsTakes(int type) {
  return known(type) && contactTable().at(ShapeType::Triangle, as(type)) != nullptr;
}
inline bool closestPointsTakes(int type) {
  return known(type) && closestPointsTable().at(ShapeType::Triangle, as(type)) != nullptr;
}

// For c3d.supported: a method's name, whether the shape is the pair's first side (as in the single query and the
// method's unsupported-pair error: a raycast's caster, a sweep's moving shape) rather than the mesh, and its test
// (none: the method takes another mesh).
struct Method {
  const char* name;
  bool shapeFirst;
  bool (*takes)(int type);
};

inline constexpr Method kMethods[] = {
    {"raycast", true, raycastTakes},
    {"intersects", false, intersectsTakes},
    {"sweep", true, sweepTakes},
    {"contacts", false, contactsTakes},
    {"closestPoints", false, closestPointsTakes},
    {"intersectsMesh", false, nullptr},
    {"closestPointsToMesh", false, nullptr},
};

}  // namespace c3d::mesh_queries
