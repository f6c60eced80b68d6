// The obstacles a character moves among: triangle meshes and dynamic trees of solid boxes, all in the frame the
// moving shape is given in, and the first surface a shape moving among them closes on.
#pragma once
#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

#include "collide3d/broadphase/dynamic_tree.h"
#include "collide3d/memory/checked.h"
#include "collide3d/mesh/triangle_mesh.h"

namespace c3d {

struct WorldHit {
  SweepHit hit;
  uint32_t source;   // the obstacle's place in the world's list
  uint32_t element;  // the mesh's triangle index, or the tree's box id

  static constexpr const char* kName = "worldHit";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("hit", &WorldHit::hit);
    visit("object", &WorldHit::source);
    visit("element", &WorldHit::element);
  }
};

class CollisionWorld {
 public:
  void clear() { sources_.clear(); }
  // Room for `count` obstacles, so that adding up to that many allocates nothing; false when the heap cannot give it.
  [[nodiscard]] bool reserve(size_t count) { return checked::reserve(sources_, count); }
  [[nodiscard]] bool add(const TriangleMesh* mesh) { return add(Source{mesh, nullptr}); }
  [[nodiscard]] bool add(const DynamicTree* tree) { return add(Source{nullptr, tree}); }
  size_t size() const { return sources_.size(); }

  // The first contact (least t; ties: the earlier source, then the lower element) of the shape moving by t *
  // velocity, t in [0, 1], with a surface the motion closes on: one whose normal at the contact faces the velocity,
  // beyond 1e-9 of a right angle. A convex shape touching a convex obstacle with a normal the velocity does not face
  // keeps to its side of the plane between them, so those contacts (sliding along a floor, leaving a wall) cannot
  // lead into the obstacle and are passed over. Precondition: the sweep table has the type against triangles and
  // boxes, and TriangleMesh::boundsOf a box for it.
  std::optional<WorldHit> firstClosingHit(ShapeType type, const double* shape, Vec3 velocity) const {
    const double speed = length(velocity);
    const auto closing = [&](const SweepHit& hit) { return dot(velocity, hit.normal) < -1e-9 * speed; };
    std::optional<WorldHit> best;
    const auto consider = [&](const std::optional<WorldHit>& found) {
      if (found && (!best || found->hit.t < best->hit.t)) best = found;
    };
    for (uint32_t s = 0; s < sources_.size(); ++s) {
      if (const TriangleMesh* mesh = sources_[s].mesh) {
        if (const auto hit = mesh->sweep(type, shape, velocity, closing)) consider(WorldHit{hit->hit, s, hit->triangle});
      } else {
        consider(firstBox(*sources_[s].tree, s, type, shape, velocity, closing));
      }
    }
    return best;
  }

 private:
  struct Source {
    const TriangleMesh* mesh;
    const DynamicTree* tree;
  };

  [[nodiscard]] bool add(Source source) {
    if (!checked::room(sources_, 1)) return false;
    sources_.push_back(source);
    return true;
  }

  // The tree's boxes whose fat boxes meet the box the shape sweeps, each swept against; the least t, then lowest id.
  template <class Closing>
  static std::optional<WorldHit> firstBox(const DynamicTree& tree, uint32_t source, ShapeType type, const double* shape,
                                          Vec3 velocity, Closing&& closing) {
    const SweepFn withBox = sweepTable().at(type, ShapeType::Aabb);
    const std::optional<BvhBox> bounds = TriangleMesh::boundsOf(type, shape);
    if (!bounds) return std::nullopt;
    const Vec3 lo{bounds->lo[0], bounds->lo[1], bounds->lo[2]}, hi{bounds->hi[0], bounds->hi[1], bounds->hi[2]};
    // The swept box, widened by 2^-20 of its coordinates for the rounding of lo + velocity.
    const Vec3 slack = (abs(lo) + abs(hi) + abs(velocity)) * 0x1p-20;
    const Aabb swept{componentMin(lo, lo + velocity) - slack, componentMax(hi, hi + velocity) + slack};
    std::optional<WorldHit> best;
    tree.query([&](const Aabb& fat) { return intersects(fat, swept); }, [](const Aabb&) { return true; },
               [&](uint32_t id) {
                 const auto hit = withBox(shape, velocity, encodedBuffer(tree.box(id)).data());
                 if (hit && closing(*hit) &&
                     (!best || hit->t < best->hit.t || (hit->t == best->hit.t && id < best->element))) {
                   best = WorldHit{*hit, source, id};
                 }
                 return true;
               });
    return best;
  }

  std::vector<Source> sources_;
};

}  // namespace c3d
