// A triangle mesh (float32 vertex positions and an index, as a three.js BufferGeometry holds them) with a BVH over its
// triangles, for raycasts (first, any or every hit), intersection tests, contacts and closest points.
// Every answer is what the single queries give, triangle by triangle: a raycast's first hit is the least t any
// triangle's raycast returns (ties: the lowest triangle index), as a loop over all triangles would find. The BVH only
// skips triangles that cannot change the answer, by tests that widen for rounding (caster_box.h) and, when
// comparing a box's entry with the best t so far, by a relative margin of 2^-20: a triangle whose t is rounded by
// more than that (a caster almost in its plane) may go unvisited if it ties the best hit within that margin. A
// raycast tests a leaf's triangles on SIMD lanes first and runs the exact query only on those whose miss the lanes'
// error bounds leave unproven (most of a ray's tests are misses).
#pragma once
#include <algorithm>
#include <array>
#include <cstddef>
#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

#include "collide3d/dispatch/encoded.h"
#include "collide3d/dispatch/shape_visit.h"
#include "collide3d/dispatch/tables.h"
#include "collide3d/memory/checked.h"
#include "collide3d/mesh/bvh.h"
#include "collide3d/mesh/caster_box.h"
#include "collide3d/queries/distance/closest_point.h"
#include "collide3d/queries/raycast/raycast_triangle.h"
#include "collide3d/shapes/round_hull.h"

namespace c3d {

// The mesh's answers, each with the triangle's index (its position in the index / 3); their `fields` are how they
// cross to JavaScript (dispatch/encoded.h).
struct MeshHit {
  RaycastHit hit;
  uint32_t triangle;

  static constexpr const char* kName = "meshHit";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("hit", &MeshHit::hit);
    visit("triangleIndex", &MeshHit::triangle);
  }
};

struct MeshSweepHit {
  SweepHit hit;
  uint32_t triangle;

  static constexpr const char* kName = "meshSweepHit";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("hit", &MeshSweepHit::hit);
    visit("triangleIndex", &MeshSweepHit::triangle);
  }
};

struct MeshPoint {
  Vec3 point;
  double distance;
  uint32_t triangle;

  static constexpr const char* kName = "meshPoint";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("point", &MeshPoint::point);
    visit("distance", &MeshPoint::distance);
    visit("triangleIndex", &MeshPoint::triangle);
  }
};

struct MeshContact {
  Contact contact;  // the triangle first: the normal points from it towards the shape, pointA lies on it
  uint32_t triangle;

  static constexpr const char* kName = "meshContact";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("contact", &MeshContact::contact);
    visit("triangleIndex", &MeshContact::triangle);
  }
};

struct MeshClosestPoints {
  ClosestPoints points;  // pointA on the mesh, pointB on the shape
  uint32_t triangle;

  static constexpr const char* kName = "meshClosestPoints";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("points", &MeshClosestPoints::points);
    visit("triangleIndex", &MeshClosestPoints::triangle);
  }
};

enum class HitMode : int { First = 0, Any = 1, All = 2 };
constexpr const char* kHitModeNames = "first,any,all";  // as the JS API names them, in order

inline constexpr auto kEveryHit = [](const SweepHit&) { return true; };

class TriangleMesh {
 public:
  // Room for the mesh's numbers, which the caller writes through positions() and corners() before build(); false
  // when the heap cannot give it. Without an index, triangle i is vertices 3i, 3i + 1, 3i + 2.
  [[nodiscard]] bool allocate(size_t vertexCount, size_t triangleCount, bool indexed) {
    if (!checked::reserve(positions_, 3 * vertexCount) || !checked::reserve(corners_, 3 * triangleCount) ||
        !checked::reserve(ids_, triangleCount)) {
      return false;
    }
    positions_.resize(3 * vertexCount);
    corners_.resize(3 * triangleCount);
    ids_.resize(triangleCount);
    if (!indexed) {
      for (size_t k = 0; k < corners_.size(); ++k) corners_[k] = static_cast<uint32_t>(k);
    }
    return true;
  }

  float* positions() { return positions_.data(); }
  uint32_t* corners() { return corners_.data(); }  // three vertex numbers per triangle, in the mesh's order

  // The first vertex number beyond the vertices, or -1. (Positions must be finite numbers: the caller checks them.)
  std::ptrdiff_t firstBadCorner() const {
    for (size_t k = 0; k < corners_.size(); ++k) {
      if (corners_[k] >= vertexCount()) return static_cast<std::ptrdiff_t>(k);
    }
    return -1;
  }

  // Builds the BVH and puts the triangles in its order; false when the heap cannot hold the build or `progress`
  // stopped it (then nothing is built, as before the call). Precondition: finite positions, no bad corner.
  [[nodiscard]] bool build(BuildProgress progress = {}) {
    std::vector<bvh::Box4> boxes;
    if (!checked::reserve(boxes, ids_.size())) return false;
    for (size_t i = 0; i < ids_.size(); ++i) {
      boxes.push_back(boxOf(&corners_[3 * i]));
      ids_[i] = static_cast<uint32_t>(i);
    }
    const bool built = buildBvh(boxes, ids_, tree_, progress);
    std::vector<bvh::Box4>().swap(boxes);  // before the copy below: the build's peak is the lower
    std::vector<uint32_t> given;
    if (!built || !checked::reserve(given, corners_.size())) {
      tree_ = Bvh{};
      for (size_t i = 0; i < ids_.size(); ++i) ids_[i] = static_cast<uint32_t>(i);
      return false;
    }
    given.assign(corners_.begin(), corners_.end());
    for (size_t slot = 0; slot < ids_.size(); ++slot) std::copy_n(&given[3 * size_t{ids_[slot]}], 3, &corners_[3 * slot]);
    return true;
  }

  size_t triangleCount() const { return ids_.size(); }
  // Whether shapes of this type have bounds (boundsOf), which sweep() prunes the tree by: decided by the type alone.
  static bool bounded(ShapeType type) {
    return withShapeType(type, [](auto tag) { return kBounded<typename decltype(tag)::type>; });
  }
  const Bvh& tree() const { return tree_; }
  const std::vector<uint32_t>& triangleIds() const { return ids_; }  // the triangle in each slot of the BVH's order
  size_t vertexCount() const { return positions_.size() / 3; }
  // Bytes held: the copies of positions and index, the triangles' ids, the nodes.
  size_t bytes() const {
    return positions_.size() * sizeof(float) + corners_.size() * sizeof(uint32_t) + ids_.size() * sizeof(uint32_t) +
           tree_.nodes.size() * sizeof(BvhNode);
  }

  // After new positions were written (same vertices, same triangles): the boxes follow, the tree's shape stays.
  void refit() {
    refitBvh(tree_, [&](uint32_t slot) { return boxOf(&corners_[3 * size_t{slot}]).scalar(); });
  }

  // The first hit (least t, then lowest triangle index), or any one hit (mode First or Any). `enter` hears of each
  // node and leaf of the tree the search enters and `test` of each triangle slot it tests (a trace watches so:
  // queries/trace/mesh_raycast_trace.h).
  template <class Enter = bvh::NoWatch, class Test = bvh::NoWatch>
  std::optional<MeshHit> raycast(const Caster& caster, const RaycastOptions& options, HitMode mode, Enter&& enter = {},
                                 Test&& test = {}) const {
    std::optional<MeshHit> best;
    double limit = kInfinity;  // boxes entered beyond it cannot hold the first hit
    castThrough(caster, options, limit, [&](const MeshHit& found) {
      if (!best || found.hit.t < best->hit.t || (found.hit.t == best->hit.t && found.triangle < best->triangle)) {
        best = found;
        limit = found.hit.t + std::fabs(found.hit.t) * kMargin;
      }
      return mode == HitMode::Any;
    }, enter, test);
    return best;
  }

  // Every hit, into `all` (by t, then triangle index); false when the heap cannot hold them (`all` then holds some).
  [[nodiscard]] bool raycastAll(const Caster& caster, const RaycastOptions& options, std::vector<MeshHit>& all) const {
    bool held = true;
    const double limit = kInfinity;
    castThrough(caster, options, limit, [&](const MeshHit& found) {
      held = checked::room(all, 1);
      if (held) all.push_back(found);
      return !held;
    });
    std::sort(all.begin(), all.end(), [](const MeshHit& p, const MeshHit& q) {
      return p.hit.t < q.hit.t || (p.hit.t == q.hit.t && p.triangle < q.triangle);
    });
    return held;
  }

  // Whether any triangle meets the shape (the surface, not the volume a closed mesh bounds), by the intersects
  // table's triangle entry for its type. Nodes are skipped by the shape's bounds (boundsOf) when it has them, else
  // by the table's aabb entry for the type when there is one. Precondition: intersectsTable().at(Triangle, type)
  // exists.
  bool intersects(ShapeType type, const double* shape) const {
    const IntersectsFn withTriangle = intersectsTable().at(ShapeType::Triangle, type);
    const std::optional<BvhBox> bounds = boundsOf(type, shape);
    const IntersectsFn withBox = bounds ? nullptr : intersectsTable().at(ShapeType::Aabb, type);
    bool met = false;
    const double limit = 0;
    searchBvh(
        tree_, [&](const BvhBox& b) {
          // A node's unused slots hold the empty box (infinite bounds): nothing to enter, and no box to test.
          if (!(b.lo[0] <= b.hi[0])) return std::numeric_limits<double>::quiet_NaN();
          const Aabb box{{b.lo[0], b.lo[1], b.lo[2]}, {b.hi[0], b.hi[1], b.hi[2]}};
          const bool maybe =
              bounds ? overlap(b, *bounds)
                     : withBox == nullptr || withBox(encodedBuffer(box).data(), shape);
          return maybe ? 0.0 : std::numeric_limits<double>::quiet_NaN();
        },
        limit,
        [&](uint32_t slot) {
          met = withTriangle(encodedBuffer(triangleAt(slot)).data(), shape);
          return met;
        });
    return met;
  }

  // The first contact of a shape moving by t * velocity, t in [0, 1] (least t; ties: the lowest triangle index), by
  // the sweep table's triangle entry for its type, as a loop over every triangle would find it. Nodes are entered in
  // the order the shape's bounds, moving, reach them (separating axes over time on the boxes) and skipped once that
  // is later than the best hit. `counts(hit)` may leave out a triangle's hit (then the triangle is passed over).
  // Precondition: sweepTable().at(type, Triangle) exists and boundsOf(type) has a box.
  template <class Counts = decltype(kEveryHit)>
  std::optional<MeshSweepHit> sweep(ShapeType type, const double* shape, Vec3 velocity,
                                    const Counts& counts = kEveryHit) const {
    const SweepFn withTriangle = sweepTable().at(type, ShapeType::Triangle);
    const std::optional<BvhBox> bounds = boundsOf(type, shape);
    if (!bounds) return std::nullopt;
    const double v[3] = {velocity.x, velocity.y, velocity.z};
    std::optional<MeshSweepHit> best;
    double limit = 1;
    searchBvh(
        tree_, [&](const BvhBox& b) { return entryTime(*bounds, v, b); }, limit,
        [&](uint32_t slot) {
          // The triangle's own box first: a leaf's box holds several triangles, most of them out of reach.
          const Triangle triangle = triangleAt(slot);
          if (std::isnan(entryTime(*bounds, v, boxOf(triangle)))) return false;
          const auto hit = withTriangle(shape, velocity, encodedBuffer(triangle).data());
          if (hit && counts(*hit) && (!best || hit->t < best->hit.t || (hit->t == best->hit.t && ids_[slot] < best->triangle))) {
            best = MeshSweepHit{*hit, ids_[slot]};
            limit = hit->t + hit->t * kMargin;
          }
          return false;
        });
    return best;
  }

  // Every triangle the shape touches or penetrates with a depth of at least minDepth, by the contact table's triangle
  // entry for its type, into `all` by triangle index; false when the heap cannot hold them (`all` then holds some).
  // Nodes are skipped by the shape's bounds (boundsOf). Precondition: contactTable().at(Triangle, type) exists.
  [[nodiscard]] bool contacts(ShapeType type, const double* shape, double minDepth,
                              std::vector<MeshContact>& all) const {
    const ContactFn withTriangle = contactTable().at(ShapeType::Triangle, type);
    const std::optional<BvhBox> bounds = boundsOf(type, shape);
    bool held = true;
    const double limit = 0;
    searchBvh(
        tree_, [&](const BvhBox& b) { return !bounds || overlap(b, *bounds) ? 0.0 : std::numeric_limits<double>::quiet_NaN(); },
        limit, [&](uint32_t slot) {
          const auto found = withTriangle(encodedBuffer(triangleAt(slot)).data(), shape);
          if (!found || !(found->depth >= minDepth)) return false;
          held = checked::room(all, 1);
          if (held) all.push_back({*found, ids_[slot]});
          return !held;
        });
    std::sort(all.begin(), all.end(), [](const MeshContact& p, const MeshContact& q) { return p.triangle < q.triangle; });
    return held;
  }

  // The closest points of the mesh and the shape (ties: the lowest triangle index), by the closestPoints table's
  // triangle entry for its type; nullopt for a mesh without triangles. Nodes are skipped by their distance to the
  // shape's bounds (boundsOf) against the best so far. Precondition: closestPointsTable().at(Triangle, type) exists.
  std::optional<MeshClosestPoints> closestPoints(ShapeType type, const double* shape) const {
    const ClosestPointsFn withTriangle = closestPointsTable().at(ShapeType::Triangle, type);
    const std::optional<BvhBox> bounds = boundsOf(type, shape);
    double lo[3] = {-kInfinity, -kInfinity, -kInfinity}, hi[3] = {kInfinity, kInfinity, kInfinity};
    if (bounds) std::copy_n(bounds->lo, 3, lo), std::copy_n(bounds->hi, 3, hi);
    std::optional<MeshClosestPoints> best;
    double limit = kInfinity;
    searchBvh(tree_, [&](const BvhBox& b) { return squaredGap(b, lo, hi); }, limit, [&](uint32_t slot) {
      const ClosestPoints found = withTriangle(encodedBuffer(triangleAt(slot)).data(), shape);
      if (!best || found.distance < best->points.distance ||
          (found.distance == best->points.distance && ids_[slot] < best->triangle)) {
        best = MeshClosestPoints{found, ids_[slot]};
        limit = found.distance * found.distance * (1 + kMargin);
      }
      return false;
    });
    return best;
  }

  // The point of the mesh nearest to p (ties: the lowest triangle index); nullopt for a mesh without triangles.
  std::optional<MeshPoint> closestPoint(Vec3 p) const {
    std::optional<MeshPoint> best;
    double bestSquared = kInfinity, limit = kInfinity;
    const double at[3] = {p.x, p.y, p.z};
    searchBvh(tree_, [&](const BvhBox& b) { return squaredGap(b, at, at); }, limit, [&](uint32_t slot) {
      const Vec3 q = closestPointOn(triangleAt(slot), p);
      const double squared = lengthSquared(q - p);
      if (!best || squared < bestSquared || (squared == bestSquared && ids_[slot] < best->triangle)) {
        best = MeshPoint{q, 0, ids_[slot]};
        bestSquared = squared;
        limit = squared * (1 + kMargin);
      }
      return false;
    });
    if (best) best->distance = std::sqrt(bestSquared);
    return best;
  }

  // A float box holding every point of an encoded shape, from its round hull (shapes/round_hull.h); nullopt for the
  // unbounded types. Each bound is rounded outwards to float.
  static std::optional<BvhBox> boundsOf(ShapeType type, const double* shape) {
    const std::optional<RoundHull> hull = withShapeType(type, [&](auto tag) -> std::optional<RoundHull> {
      using Shape = typename decltype(tag)::type;
      if constexpr (kBounded<Shape>) return roundHull(decode<Shape>(shape));
      return std::nullopt;
    });
    if (!hull) return std::nullopt;
    const double radius = hull->radius;
    BvhBox box = BvhBox::empty();
    for (int c = 0; c < hull->count; ++c) {
      double lo[3], hi[3];
      for (int k = 0; k < 3; ++k) {
        const double x = component(hull->points[c], k);
        // A margin of 2^-20 of the sizes involved covers the rounding of x -/+ radius many times over.
        const double margin = radius > 0 ? (std::fabs(x) + radius) * 0x1p-20 + std::numeric_limits<float>::min() : 0;
        lo[k] = x - radius - margin, hi[k] = x + radius + margin;
      }
      box.grow(floatBoundsOf(lo, hi));
    }
    return box;
  }
 private:
  friend class MeshImage;  // mesh_format.h: writes and reads the arrays below as they are
  friend class MeshPair;   // mesh_pair.h: reads the triangles of two meshes
  static constexpr double kMargin = 1.0 / (1 << 20);
  using Lanes = exact::V3<simd::f64x2>;

  // Calls hit(found) for the caster's hits on triangles in boxes entered before `limit`, until it returns true;
  // enter and test watch the search (raycast()).
  template <class Hit, class Enter = bvh::NoWatch, class Test = bvh::NoWatch>
  void castThrough(const Caster& caster, const RaycastOptions& options, const double& limit, Hit&& hit,
                   Enter&& enter = {}, Test&& test = {}) const {
    const auto hi = limitOf(caster, options);
    if (!hi) return;
    const LeafCaster lanes(caster);
    searchBvh(tree_, CasterBox(caster, *hi), limit, [&](BvhChild leaf) {
      const uint32_t end = leaf.first + leaf.count;
      for (uint32_t slot = leaf.first; slot < end; slot += 2) {
        const uint32_t second = slot + 1 < end ? slot + 1 : slot;  // an odd leaf's last slot twice
        const auto missed = lanes.provenMisses(*this, slot, second, options.backfaceCulling);
        for (uint32_t k = 0; k < 2 && slot + k < end; ++k) {
          test(slot + k);
          if (missed[k] != 0) continue;
          const auto found = c3d::raycast(caster, triangleAt(slot + k), options);
          if (found && hit(MeshHit{*found, ids_[slot + k]})) return true;
        }
      }
      return false;
    }, enter);
  }

  // A caster against a leaf's triangles two at a time, on double lanes (moller_trumbore::provenMisses): castThrough
  // passes only the triangles whose miss the lanes cannot prove to the exact query, which so decides every answer.
  class LeafCaster {
   public:
    using Mask = decltype(simd::f64x2{} < simd::f64x2{});

    explicit LeafCaster(const Caster& caster)
        : o_(both(caster.origin)), p_(both(caster.hasEnd ? caster.end : caster.direction)), segment_(caster.hasEnd),
          fromZero_(caster.tMin == -kInfinity ? Mask{} : ~Mask{}) {}

    // The lanes (the triangles in slots `first` and `second`) where the caster surely misses.
    Mask provenMisses(const TriangleMesh& mesh, uint32_t first, uint32_t second, bool culling) const {
      const Lanes a = mesh.cornerLanes(first, second, 0), b = mesh.cornerLanes(first, second, 1),
                  c = mesh.cornerLanes(first, second, 2);
      return segment_ ? moller_trumbore::provenMisses<simd::f64x2, true>(o_, p_, a, b, c, fromZero_, culling)
                      : moller_trumbore::provenMisses<simd::f64x2, false>(o_, p_, a, b, c, fromZero_, culling);
    }

   private:
    static Lanes both(Vec3 v) { return {simd::f64x2{v.x, v.x}, simd::f64x2{v.y, v.y}, simd::f64x2{v.z, v.z}}; }
    Lanes o_, p_;
    bool segment_;
    Mask fromZero_;  // all bits set unless the caster is a line
  };

  // Corner c of the triangles in two slots, on double lanes.
  Lanes cornerLanes(uint32_t first, uint32_t second, int c) const {
    const float* u = &positions_[3 * size_t{corners_[3 * size_t{first} + c]}];
    const float* v = &positions_[3 * size_t{corners_[3 * size_t{second} + c]}];
    return {simd::f64x2{u[0], v[0]}, simd::f64x2{u[1], v[1]}, simd::f64x2{u[2], v[2]}};
  }

  // The box of the triangle with these three vertex numbers.
  bvh::Box4 boxOf(const uint32_t* corners) const {
    auto vertex = [&](int c) {
      const float* v = &positions_[3 * size_t{corners[c]}];
      return simd::f32x4{v[0], v[1], v[2], 0};
    };
    const simd::f32x4 a = vertex(0), b = vertex(1), c = vertex(2);
    return {simd::min(simd::min(a, b), c), simd::max(simd::max(a, b), c)};
  }

  Vec3 vertex(uint32_t v) const {
    const float* p = &positions_[3 * size_t{v}];
    return {p[0], p[1], p[2]};
  }
  Triangle triangleAt(uint32_t slot) const {
    const uint32_t* c = &corners_[3 * size_t{slot}];
    return {vertex(c[0]), vertex(c[1]), vertex(c[2])};
  }
  // A triangle's box: its float corners' bounds, exact.
  static BvhBox boxOf(const Triangle& t) {
    BvhBox box;
    for (int k = 0; k < 3; ++k) {
      const double a = component(t.a, k), b = component(t.b, k), c = component(t.c, k);
      box.lo[k] = static_cast<float>(std::fmin(a, std::fmin(b, c)));
      box.hi[k] = static_cast<float>(std::fmax(a, std::fmax(b, c)));
    }
    return box;
  }
  // When the box `moving`, moved by t * v, first overlaps `b` for t in [0, 1] (slabs over time, each end widened by
  // a relative 2^-20 for rounding); NaN when it does not.
  static double entryTime(const BvhBox& moving, const double (&v)[3], const BvhBox& b) {
    if (!(b.lo[0] <= b.hi[0])) return std::numeric_limits<double>::quiet_NaN();  // an unused slot's empty box
    double enter = 0, exit = 1;
    for (int k = 0; k < 3; ++k) {
      const double gapUp = b.lo[k] - moving.hi[k], gapDown = b.hi[k] - moving.lo[k];  // overlap: gapUp <= vt <= gapDown
      if (v[k] == 0) {
        if (gapUp > 0 || gapDown < 0) return std::numeric_limits<double>::quiet_NaN();
        continue;
      }
      double from = gapUp / v[k], to = gapDown / v[k];
      if (v[k] < 0) std::swap(from, to);
      enter = std::fmax(enter, from - std::fabs(from) * kMargin), exit = std::fmin(exit, to + std::fabs(to) * kMargin);
    }
    return enter <= exit ? enter : std::numeric_limits<double>::quiet_NaN();
  }
  static bool overlap(const BvhBox& a, const BvhBox& b) {
    for (int k = 0; k < 3; ++k) {
      if (a.lo[k] > b.hi[k] || b.lo[k] > a.hi[k]) return false;
    }
    return true;
  }
  // The squared distance between the box b and the box [lo, hi] (a point when lo == hi).
  static double squaredGap(const BvhBox& b, const double (&lo)[3], const double (&hi)[3]) {
    double sum = 0;
    for (int k = 0; k < 3; ++k) {
      const double gap = std::fmax(std::fmax(b.lo[k] - hi[k], lo[k] - b.hi[k]), 0.0);
      sum += gap * gap;
    }
    return sum * (1 - kMargin) - std::numeric_limits<double>::min();  // a lower bound despite rounding, underflow
  }

  std::vector<float> positions_;
  std::vector<uint32_t> corners_;  // three vertex numbers per triangle, in the BVH's order
  std::vector<uint32_t> ids_;      // each slot's triangle index in the mesh
  Bvh tree_;
};

}  // namespace c3d
