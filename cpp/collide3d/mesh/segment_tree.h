// A static tree over points or line segments (float32 vertices and an optional index, as a three.js Points, Line or
// LineSegments geometry holds them), answering which of them lie within a radius of a ray, line or segment: the
// question three.js asks to pick points and lines (its raycaster's Points and Line thresholds). A point is a
// segment of length zero. The BVH is bvh.h's; a node is entered when the caster passes within the radius of its box
// (caster_box.h, the box widened), and each primitive is then tested by its distance to the caster.
//
// Distances. A point's distance to the caster's points c(t) = o + t d, t in [t0, t1], is |c(t*) - p| for t* the
// projection of p clamped to the range. A segment a + u e, u in [0, 1], is measured against the caster's line first:
// in the plane across d both are projected to (a point and a segment), the segment's point u* nearest the projected
// origin is found, and if that point's own projection onto the line, s*, lies within [t0, t1], the distance is the
// line's (which bounds every distance to the caster from below and is then attained). Otherwise the least distance
// lies at an end of the caster (the squared distance is convex over the rectangle of (t, u), so a minimum off its
// t-interior is on its t-edges): the distance from c(t0) or c(t1) to the segment. Every step is a point's distance to
// a segment or line, which rounding changes by a few units in the last place of the coordinates, whatever the
// angle between the two (Ericson, "Real-Time Collision Detection", §5.1.2 and §5.1.9, for the projections).
//
// Tolerance. Whether a primitive is found is decided with the radius grown by 2^-20 of the magnitude of the
// coordinates involved (the tree's box, the caster's origin and the radius itself): far more than the rounding
// above, so every primitive within the radius is found, and a primitive is found only when within the radius plus
// that tolerance. The tolerance also covers a caller's own float decisions on the same primitives from slightly
// different numbers (three.js's, from double positions, with its own rounding): the tree finds a superset of them.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "collide3d/memory/checked.h"
#include "collide3d/mesh/bvh.h"
#include "collide3d/mesh/caster_box.h"
#include "collide3d/shapes/casters.h"

namespace c3d {

// How a sequence of vertices makes primitives (three.js's Points, Line and LineSegments): each vertex a point; each
// vertex and the next a segment (n - 1 of them); vertices 2k and 2k + 1 a segment (an odd last vertex is unused).
enum class SegmentKind : int { Points = 0, Strip = 1, Pairs = 2 };
constexpr const char* kSegmentKindNames = "points,line,lineSegments";  // as the JS API names them, in order

class SegmentTree {
 public:
  // The tolerance's share of the magnitudes.
  static constexpr double kTolerance = 0x1p-20;

  static size_t primitiveCount(SegmentKind kind, size_t sequenceLength) {
    switch (kind) {
      case SegmentKind::Points: return sequenceLength;
      case SegmentKind::Strip: return sequenceLength == 0 ? 0 : sequenceLength - 1;
      default: return sequenceLength / 2;
    }
  }

  // Room for the vertices and the sequence of vertex numbers (an index; without one, the vertices in order), which
  // the caller writes through positions() and sequence() before build(); false when the heap cannot give it.
  [[nodiscard]] bool allocate(size_t vertexCount, size_t sequenceLength, bool indexed) {
    if (!checked::reserve(positions_, 3 * vertexCount) || (indexed && !checked::reserve(sequence_, sequenceLength))) {
      return false;
    }
    positions_.resize(3 * vertexCount);
    sequence_.resize(indexed ? sequenceLength : 0);
    sequenceLength_ = sequenceLength;
    return true;
  }

  float* positions() { return positions_.data(); }
  uint32_t* sequence() { return sequence_.data(); }

  // The first vertex number beyond the vertices, or -1 (positions must be finite: the caller checks them).
  std::ptrdiff_t firstBadVertex() const {
    const size_t vertices = positions_.size() / 3;
    for (size_t k = 0; k < sequence_.size(); ++k) {
      if (sequence_[k] >= vertices) return static_cast<std::ptrdiff_t>(k);
    }
    return sequence_.empty() && sequenceLength_ > vertices ? static_cast<std::ptrdiff_t>(vertices) : -1;
  }

  // Builds the primitives of `kind` and their BVH, then lets the vertices and sequence go; false when the heap cannot
  // hold the build (nothing is kept then). Precondition: finite positions, no bad vertex.
  [[nodiscard]] bool build(SegmentKind kind) {
    const size_t count = primitiveCount(kind, sequenceLength_);
    const int ends = kind == SegmentKind::Points ? 1 : 2;
    std::vector<bvh::Box4> boxes;
    if (!checked::reserve(boxes, count) || !checked::reserve(ids_, count) ||
        !checked::reserve(coordinates_, 3 * ends * count)) {
      return fail();
    }
    const int step = kind == SegmentKind::Pairs ? 2 : 1;
    for (size_t i = 0; i < count; ++i) {
      const simd::f32x4 a = vertex(step * i), b = ends == 1 ? a : vertex(step * i + 1);
      boxes.push_back({simd::min(a, b), simd::max(a, b)});
      ids_.push_back(static_cast<uint32_t>(i));
    }
    if (!buildBvh(boxes, ids_, tree_)) return fail();
    // The primitives' ends in the tree's order, so a leaf reads its primitives side by side.
    points_ = ends == 1;
    for (const uint32_t id : ids_) {
      for (int end = 0; end < ends; ++end) {
        const float* p = &positions_[3 * size_t{vertexNumber(step * size_t{id} + end)}];
        coordinates_.insert(coordinates_.end(), p, p + 3);
      }
    }
    std::vector<float>().swap(positions_);
    std::vector<uint32_t>().swap(sequence_);
    return true;
  }

  size_t size() const { return ids_.size(); }
  const Bvh& tree() const { return tree_; }
  const std::vector<uint32_t>& ids() const { return ids_; }  // the primitive in each slot of the BVH's order
  size_t bytes() const {
    return coordinates_.size() * sizeof(float) + ids_.size() * sizeof(uint32_t) + tree_.nodes.size() * sizeof(BvhNode);
  }

  // Calls found(id) for every primitive within `radius` (>= 0) of the caster's points with t in [caster.tMin, hi]
  // (see Tolerance above), in the tree's order.
  template <class Found>
  void near(const Caster& caster, double hi, double radius, Found&& found) const {
    if (tree_.empty()) return;
    const double extent = std::max({magnitude(tree_.box.lo), magnitude(tree_.box.hi), magnitude(caster.origin)});
    const double reach = radius + kTolerance * (extent + radius) + std::numeric_limits<double>::min();
    const double reachSquared = reach * reach;
    const Query q{caster.origin, caster.direction, dot(caster.direction, caster.direction), caster.tMin, hi};
    const CasterBox box(caster, hi, reach);
    const double limit = kInfinity;
    searchBvh(tree_, box, limit, [&](uint32_t slot) {
      const double squared = points_ ? q.toPoint(point(3 * size_t{slot})) : q.toSegment(point(6 * size_t{slot}),
                                                                                          point(6 * size_t{slot} + 3));
      if (squared <= reachSquared) found(ids_[slot]);
      return false;
    });
  }

  // Every id near() finds, ascending, appended to `ids`; false when the heap cannot hold them (`ids` then holds some).
  [[nodiscard]] bool near(const Caster& caster, double hi, double radius, std::vector<uint32_t>& ids) const {
    const size_t before = ids.size();
    bool held = true;
    near(caster, hi, radius, [&](uint32_t id) {
      if (held && checked::room(ids, 1)) {
        ids.push_back(id);
      } else {
        held = false;
      }
    });
    std::sort(ids.begin() + static_cast<std::ptrdiff_t>(before), ids.end());
    return held;
  }

 private:
  // The caster's points o + t d, t in [t0, t1], and squared distances to them.
  struct Query {
    Vec3 o, d;
    double dd, t0, t1;

    Vec3 at(double t) const { return o + t * d; }
    // The parameter of the point of the caster's line nearest p, clamped to the range.
    double clampedFoot(Vec3 p) const {
      const double t = dd > 0 ? dot(p - o, d) / dd : 0;
      return std::clamp(t, t0, t1);
    }
    double toPoint(Vec3 p) const { return lengthSquared(at(clampedFoot(p)) - p); }
    // A segment a + u e, u in [0, 1] (see the header).
    double toSegment(Vec3 a, Vec3 b) const {
      const Vec3 e = b - a;
      if (!(dd > 0)) return pointToSegment(o, a, e);
      const Vec3 w = a - o;
      const Vec3 across = w - (dot(w, d) / dd) * d, eAcross = e - (dot(e, d) / dd) * d;
      const double ee = dot(eAcross, eAcross);
      const double u = ee > 0 ? std::clamp(-dot(across, eAcross) / ee, 0.0, 1.0) : 0.0;
      const double s = dot(w + u * e, d) / dd;
      if (s >= t0 && s <= t1) return lengthSquared(across + u * eAcross);
      double best = kInfinity;
      if (std::isfinite(t0)) best = pointToSegment(at(t0), a, e);
      if (std::isfinite(t1)) best = std::min(best, pointToSegment(at(t1), a, e));
      return best;
    }
    static double pointToSegment(Vec3 p, Vec3 a, Vec3 e) {
      const double ee = dot(e, e);
      const double u = ee > 0 ? std::clamp(dot(p - a, e) / ee, 0.0, 1.0) : 0.0;
      return lengthSquared(a + u * e - p);
    }
  };

  static double magnitude(const float* p) { return std::max({std::fabs(p[0]), std::fabs(p[1]), std::fabs(p[2])}); }
  static double magnitude(Vec3 p) { return std::max({std::fabs(p.x), std::fabs(p.y), std::fabs(p.z)}); }

  bool fail() {
    *this = SegmentTree{};
    return false;
  }
  uint32_t vertexNumber(size_t k) const { return sequence_.empty() ? static_cast<uint32_t>(k) : sequence_[k]; }
  simd::f32x4 vertex(size_t k) const {
    const float* p = &positions_[3 * size_t{vertexNumber(k)}];
    return simd::f32x4{p[0], p[1], p[2], 0};
  }
  Vec3 point(size_t at) const { return {coordinates_[at], coordinates_[at + 1], coordinates_[at + 2]}; }

  std::vector<float> positions_;   // until build()
  std::vector<uint32_t> sequence_;  // until build(); empty without an index
  size_t sequenceLength_ = 0;
  bool points_ = true;
  std::vector<float> coordinates_;  // each slot's ends (one for points, two for segments), in the BVH's order
  std::vector<uint32_t> ids_;        // each slot's primitive
  Bvh tree_;
};

}  // namespace c3d
