// Builds the exact convex hull of a point set: Quickhull (Barber, Dobkin & Huhdanpaa 1996, "The Quickhull Algorithm
// for Convex Hulls", ACM TOMS 22(4); Gregorius, "Implementing Quickhull", GDC 2014, with triangles linked to their
// neighbours where he keeps half-edges) with every orientation decided by exact predicates (math/predicates.h), so
// duplicate, coplanar, flat and collinear inputs give the true hull, with no tolerance anywhere.
//
// Stages (each in its own file):
//   hull_builder.cpp  the dimension, exactly: a point, a segment, a flat polygon (Andrew's monotone chain, 1979,
//                     "Another efficient algorithm for convex hulls in two dimensions", in the coordinate plane that
//                     keeps the polygon's orientation), or a solid;
//   quickhull.cpp     the solid's triangulated hull;
//   hull_faces.cpp    its coplanar triangles merged into polygons with strictly convex corners, and the prepared
//                     ConvexHull written out.
//
// A builder keeps its scratch between builds (a hull dragged in a demo is rebuilt without allocating). Every
// allocation is checked (memory/checked.h): a heap that cannot hold the build gives HeapFull, never an abort.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "collide3d/hull/convex_hull.h"

namespace c3d {

enum class HullStatus : int {
  Ok = 0,
  Empty,      // no points
  NotFinite,  // a coordinate is infinite or NaN
  TooMany,    // more points than 32-bit indices number
  HeapFull,   // the heap cannot hold the build
  // A finite coordinate outside the range of shape numbers (shapes/validation.h), which every shape's numbers keep to
  // so that the queries neither overflow nor underflow: refused by hull_registry::create, not by the builder.
  OutOfRange,
};

// What the last build cost: orient3d evaluations, and how many of them the float filter left to exact arithmetic.
struct HullStats {
  uint64_t orientations = 0;
  uint64_t exactOrientations = 0;
};

class HullBuilder {
 public:
  // The hull of the `count` points xyz[3i .. 3i + 2] into `hull`. On any status but Ok, `hull` is left empty
  // (dimension -1).
  [[nodiscard]] HullStatus build(const double* xyz, size_t count, ConvexHull& hull);

  const HullStats& stats() const { return stats_; }

 private:
  static constexpr uint32_t kNone = UINT32_MAX;

  // A triangle of the hull under construction. Edge k runs vertex[k] -> vertex[k + 1] (mod 3), counter-clockwise
  // seen from outside; neighbour[k] is the face across it.
  struct Face {
    uint32_t vertex[3];
    uint32_t neighbour[3];
    uint32_t conflicts;  // first point of the conflict list (points strictly above, linked by nextConflict_)
    uint32_t farthest;   // the conflict point farthest above (by rounded volume: a heuristic only)
    double farthestVolume;
    uint32_t round;  // the step that last decided `visible`
    bool visible;
    bool alive;
  };
  // An edge a -> b of a visible face, across which lies the non-visible face `outside` (its edge b -> a is `slot`).
  struct HorizonEdge {
    uint32_t a, b, outside, slot;
  };
  // A depth-first visit of a visible face: the edges left to look across, from the one after it was entered by.
  struct Visit {
    uint32_t face, entry, step;
  };

  Vec3 point(uint32_t i) const { return {xyz_[3 * size_t{i}], xyz_[3 * size_t{i} + 1], xyz_[3 * size_t{i} + 2]}; }
  // Six times the volume of (face, point i) with its exact sign; counted in stats_.
  double volume(const Face& face, uint32_t i);

  // hull_builder.cpp
  [[nodiscard]] bool writePoint(uint32_t a, ConvexHull& hull);
  [[nodiscard]] bool writeSegment(uint32_t a, uint32_t b, ConvexHull& hull);
  [[nodiscard]] bool buildFlat(uint32_t a, uint32_t b, uint32_t c);
  // quickhull.cpp
  [[nodiscard]] bool buildSolid(const uint32_t (&tetrahedron)[4]);
  [[nodiscard]] bool addFace(uint32_t a, uint32_t b, uint32_t c, uint32_t& id);
  void assign(uint32_t point, const uint32_t* faces, size_t count);
  [[nodiscard]] bool findHorizon(uint32_t start, uint32_t apex);
  [[nodiscard]] bool addApex(uint32_t apex);
  // hull_faces.cpp
  [[nodiscard]] bool mergeCoplanar();
  [[nodiscard]] bool writeHull(int dimension, ConvexHull& hull);

  const double* xyz_ = nullptr;
  uint32_t count_ = 0;
  HullStats stats_;
  uint32_t round_ = 0;

  std::vector<Face> faces_;
  std::vector<uint32_t> freeFaces_;     // dead slots of faces_, reused
  std::vector<uint32_t> nextConflict_;  // per point: the next point of its conflict list
  std::vector<uint32_t> pending_;       // faces that may hold conflict points
  std::vector<uint32_t> visible_;       // this step's visible faces
  std::vector<Visit> visits_;
  std::vector<HorizonEdge> horizon_;  // this step's horizon, a cycle in order
  std::vector<uint32_t> newFaces_;

  // Polygons in input indices (flat or merged), before numbering: polygon p is polygonVertex_[polygonStart_[p] ..].
  std::vector<uint32_t> polygonStart_;
  std::vector<uint32_t> polygonVertex_;
  std::vector<uint32_t> component_;     // per face slot: its polygon
  std::vector<uint32_t> boundaryNext_;  // per point: the next corner of the polygon being walked
  std::vector<uint32_t> cycle_;
  std::vector<uint32_t> order_;     // flat case: points in lexicographic order of their projections
  std::vector<uint32_t> vertexOf_;  // per point: its vertex number, or kNone
};

}  // namespace c3d
