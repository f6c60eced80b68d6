// Mesh against mesh: whether two triangle meshes meet, and their closest points, the second mesh placed in the first
// one's frame by an affine map (a 4x4 matrix, math/affine.h). Both BVHs are descended together, a pair of nodes at a
// time, opening the one with the larger box (Gottschalk, Lin & Manocha 1996, "OBBTree"; Larsen, Gottschalk, Lin &
// Manocha 1999 for the distance query, nearest pairs first). The second tree's float boxes are carried into the first
// one's frame as the axis-aligned boxes of their images, in doubles, widened by a bound on the rounding of the map, so
// that they hold every mapped vertex.
// What is exact: the second mesh's float vertices are mapped to doubles by Affine::apply, which rounds; those doubles
// are the triangles the queries see, as a loop over all pairs with the same map would. On them, whether two triangles
// meet is the exact triangle–triangle test, and the node tests only skip pairs that cannot meet, so intersects() is
// exact for the mapped vertices.
// closestPoints() answers as that loop over all pairs would with closest_points_triangle_triangle.h, taking the least
// distance and, among equal ones, the lowest (triangle of the first mesh, triangle of the second). So its distance is
// 0 exactly when intersects() is true, and it is found in two searches: the lowest pair that meets, if any (once one
// is found, nodes of the first tree all of whose triangles come after it are skipped), else the nearest pair, where a
// pair of boxes is skipped when its gap, less 2^-20 of itself and 2^-40 of the boxes' coordinates (far more than a
// triangle pair's rounded distance can be below the exact one), exceeds the best distance so far.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "collide3d/math/affine.h"
#include "collide3d/memory/checked.h"
#include "collide3d/mesh/triangle_mesh.h"
#include "collide3d/queries/distance/closest_points_triangle_triangle.h"

namespace c3d {

struct MeshPairPoints {
  Vec3 pointA;  // on the first mesh
  Vec3 pointB;  // on the second mesh, in the first mesh's frame
  double distance;
  uint32_t triangleA, triangleB;  // their indices in each mesh

  static constexpr const char* kName = "meshPairPoints";
  template <class Visit> static constexpr void fields(Visit&& visit) {
    visit("pointA", &MeshPairPoints::pointA);
    visit("pointB", &MeshPairPoints::pointB);
    visit("distance", &MeshPairPoints::distance);
    visit("triangleIndexA", &MeshPairPoints::triangleA);
    visit("triangleIndexB", &MeshPairPoints::triangleB);
  }
};

class MeshPair {
 public:
  // `placement` maps the second mesh's coordinates into the first's.
  MeshPair(const TriangleMesh& a, const TriangleMesh& b, const Affine& placement) : a_(a), b_(b), map_(placement) {}

  bool intersects() const {
    bool met = false;
    const double limit = 0;
    descend([](BvhChild, const BvhBox& boxA, const Box& boxB) { return overlap(boxA, boxB) ? 0.0 : kSkip; }, limit,
            [&](BvhChild leafA, BvhChild leafB) {
              forEachPair(leafA, leafB, [&](const Placed& ta, const Placed& tb) {
                met = overlap(ta.box, tb.box) && c3d::intersects(ta.triangle, tb.triangle);
                return met;
              });
              return met;
            });
    return met;
  }

  // nullopt when either mesh has no triangles.
  std::optional<MeshPairPoints> closestPoints() const {
    const std::optional<MeshPairPoints> met = lowestMeeting();
    return met ? met : nearest();
  }

 private:
  static constexpr double kSkip = std::numeric_limits<double>::quiet_NaN();

  // The lowest pair of indices among the pairs of triangles that meet (the exact test alone decides), as
  // closestPoints of the pair gives it; nullopt when none meets. Only nodes that overlap can hold such a pair, and once
  // one is found only nodes of the first tree that hold a triangle before its own (`lowest`, the lowest index under each
  // node, then filled; left empty, skipping nothing, if the heap cannot hold it).
  std::optional<MeshPairPoints> lowestMeeting() const {
    std::optional<MeshPairPoints> best;
    std::vector<uint32_t> lowest;
    const double limit = 0;
    const auto key = [&](BvhChild a, const BvhBox& boxA, const Box& boxB) {
      return overlap(boxA, boxB) && (!best || lowestUnder(a, lowest) <= best->triangleA) ? 0.0 : kSkip;
    };
    descend(key, limit, [&](BvhChild leafA, BvhChild leafB) {
      forEachPair(leafA, leafB, [&](const Placed& ta, const Placed& tb) {
        const bool before = !best || ta.id < best->triangleA || (ta.id == best->triangleA && tb.id < best->triangleB);
        if (before && overlap(ta.box, tb.box) && c3d::intersects(ta.triangle, tb.triangle)) {
          const ClosestPoints found = c3d::closestPoints(ta.triangle, tb.triangle);
          best = MeshPairPoints{found.pointA, found.pointB, found.distance, ta.id, tb.id};
          if (lowest.empty()) fillLowest(lowest);
        }
        return false;
      });
      return false;
    });
    return best;
  }

  // The nearest pair of triangles of two meshes that do not meet (ties: the lowest pair of indices).
  std::optional<MeshPairPoints> nearest() const {
    std::optional<MeshPairPoints> best;
    double limit = kInfinity;  // the best distance so far
    const auto key = [](BvhChild, const BvhBox& boxA, const Box& boxB) { return gapBound(toBox(boxA), boxB); };
    descend(key, limit, [&](BvhChild leafA, BvhChild leafB) {
      forEachPair(leafA, leafB, [&](const Placed& ta, const Placed& tb) {
        if (!(gapBound(ta.box, tb.box) <= limit)) return false;
        const ClosestPoints found = c3d::closestPoints(ta.triangle, tb.triangle);
        const bool before = best && (ta.id < best->triangleA || (ta.id == best->triangleA && tb.id < best->triangleB));
        if (!best || found.distance < limit || (found.distance == limit && before)) {
          best = MeshPairPoints{found.pointA, found.pointB, found.distance, ta.id, tb.id};
          limit = found.distance;
        }
        return false;
      });
      return false;
    });
    return best;
  }

  struct Box {
    double lo[3], hi[3];
  };
  // A triangle as the query sees it (mapped, for the second mesh), its box, and its index in its mesh.
  struct Placed {
    Triangle triangle;
    Box box;
    uint32_t id;
  };

  static Box toBox(const BvhBox& b) { return {{b.lo[0], b.lo[1], b.lo[2]}, {b.hi[0], b.hi[1], b.hi[2]}}; }
  static Box boxOf(const Triangle& t) {
    const Vec3 lo = componentMin(componentMin(t.a, t.b), t.c), hi = componentMax(componentMax(t.a, t.b), t.c);
    return {{lo.x, lo.y, lo.z}, {hi.x, hi.y, hi.z}};
  }
  // The lowest triangle index of the first mesh under a child of its tree (0, a bound, for a node when `lowest` is
  // empty).
  uint32_t lowestUnder(BvhChild child, const std::vector<uint32_t>& lowest) const {
    if (child.leaf()) return *std::min_element(&a_.ids_[child.first], &a_.ids_[child.first] + child.count);
    return lowest.empty() ? 0 : lowest[child.first];
  }
  // Fills `lowest` for every node of the first tree, children before parents (they come after them); leaves it
  // empty when the heap cannot hold it.
  void fillLowest(std::vector<uint32_t>& lowest) const {
    const std::vector<BvhNode>& nodes = a_.tree().nodes;
    if (!checked::reserve(lowest, nodes.size())) return;
    lowest.resize(nodes.size());
    for (size_t n = nodes.size(); n-- > 0;) {
      uint32_t least = std::numeric_limits<uint32_t>::max();
      for (const BvhChild& child : nodes[n].child) {
        if (!child.none()) least = std::min(least, lowestUnder(child, lowest));
      }
      lowest[n] = least;
    }
  }
  static double halfArea(const Box& b) {
    const double x = b.hi[0] - b.lo[0], y = b.hi[1] - b.lo[1], z = b.hi[2] - b.lo[2];
    return x * y + y * z + z * x;
  }
  template <class BoxA>
  static bool overlap(const BoxA& a, const Box& b) {
    for (int k = 0; k < 3; ++k) {
      if (a.lo[k] > b.hi[k] || b.lo[k] > a.hi[k]) return false;
    }
    return true;
  }

  // A lower bound of the distance between anything in box a and anything in box b, as a rounded distance computed
  // from points in them can come out (the header says by how much it is lowered).
  static double gapBound(const Box& a, const Box& b) {
    double squared = 0, size = 0;
    for (int k = 0; k < 3; ++k) {
      const double gap = std::max({b.lo[k] - a.hi[k], a.lo[k] - b.hi[k], 0.0});
      squared += gap * gap;
      size = std::max({size, std::fabs(a.lo[k]), std::fabs(a.hi[k]), std::fabs(b.lo[k]), std::fabs(b.hi[k])});
    }
    return std::sqrt(squared) * (1 - TriangleMesh::kMargin) - size * 0x1p-40;
  }

  // The box of the image of a box of the second mesh: on each axis of the first's frame, the translation plus, for
  // each of the box's axes, the lesser and the greater of the matrix entry times the box's two bounds. Each mapped
  // vertex coordinate, a sum of three products and the translation, is within 4u (Higham, "Accuracy and Stability of
  // Numerical Algorithms", §3.1) of the sum of the terms' magnitudes from its exact value, and so is each bound computed
  // here: the box is widened by 2^-48 of that sum (more than 8u, with room for the widening's own rounding) and by the
  // least normal double, for products that underflow.
  Box mapBox(const BvhBox& b) const {
    Box out;
    const double t[3] = {map_.translation.x, map_.translation.y, map_.translation.z};
    for (int i = 0; i < 3; ++i) {
      double lo = t[i], hi = t[i], size = std::fabs(t[i]);
      for (int j = 0; j < 3; ++j) {
        const double p = map_.at(i, j) * b.lo[j], q = map_.at(i, j) * b.hi[j];
        lo += std::min(p, q), hi += std::max(p, q);
        size += std::max(std::fabs(p), std::fabs(q));
      }
      const double margin = size * 0x1p-48 + std::numeric_limits<double>::min();
      out.lo[i] = lo - margin, out.hi[i] = hi + margin;
    }
    return out;
  }

  Placed placedA(uint32_t slot) const {
    const Triangle t = a_.triangleAt(slot);
    return {t, boxOf(t), a_.ids_[slot]};
  }
  Placed placedB(uint32_t slot) const {
    const Triangle s = b_.triangleAt(slot);
    const Triangle t{map_.apply(s.a), map_.apply(s.b), map_.apply(s.c)};
    return {t, boxOf(t), b_.ids_[slot]};
  }

  // Calls pair(ta, tb) for every triangle of leaf A against every one of leaf B until it returns true, mapping the
  // second leaf's triangles once per chunk of them.
  template <class Pair>
  void forEachPair(BvhChild leafA, BvhChild leafB, Pair&& pair) const {
    constexpr uint32_t kChunk = 8;  // a leaf of the build holds at most bvh::kMaxLeaf = 8 (a deserialized one, any)
    Placed chunk[kChunk];
    for (uint32_t from = leafB.first; from < leafB.first + leafB.count; from += kChunk) {
      const uint32_t count = std::min(kChunk, leafB.first + leafB.count - from);
      for (uint32_t k = 0; k < count; ++k) chunk[k] = placedB(from + k);
      for (uint32_t slot = leafA.first; slot < leafA.first + leafA.count; ++slot) {
        const Placed ta = placedA(slot);
        for (uint32_t k = 0; k < count; ++k) {
          if (pair(ta, chunk[k])) return;
        }
      }
    }
  }

  // Depth-first descent of both trees, nearer pairs first: key(childA, boxA, boxB) is a lower bound of what a pair of
  // nodes can hold (NaN: nothing), compared with `limit`, which the caller may lower as it finds answers; leaves(a, b) tests
  // a pair of leaves and returns true to stop.
  template <class Key, class Leaves>
  void descend(Key&& key, const double& limit, Leaves&& leaves) const {
    const Bvh &treeA = a_.tree(), &treeB = b_.tree();
    if (treeA.empty() || treeB.empty()) return;
    struct Pending {
      BvhChild a, b;
      BvhBox boxA;
      Box boxB;  // in the first mesh's frame
      double key;
    };
    // Each step opens one node, a level deeper in one tree, and leaves at most three pairs pending.
    Pending stack[(kBvhWidth - 1) * 2 * (bvh::kMaxDepth + 1) + 1];
    int top = 0;
    Pending at{treeA.root, treeB.root, treeA.box, mapBox(treeB.box), 0};
    at.key = key(at.a, at.boxA, at.boxB);
    if (!(at.key <= limit)) return;
    for (;;) {
      if (at.a.leaf() && at.b.leaf()) {
        if (leaves(at.a, at.b)) return;
      } else {
        const bool openA = !at.a.leaf() && (at.b.leaf() || at.boxA.halfArea() >= halfArea(at.boxB));
        const BvhNode& node = openA ? treeA.nodes[at.a.first] : treeB.nodes[at.b.first];
        // The children worth entering, farthest first: the last is entered now, the others wait on the stack.
        Pending in[kBvhWidth];
        int count = 0;
        for (int side = 0; side < kBvhWidth; ++side) {
          if (node.child[side].none()) continue;
          Pending next = at;
          if (openA) {
            next.a = node.child[side], next.boxA = node.box(side);
          } else {
            next.b = node.child[side], next.boxB = mapBox(node.box(side));
          }
          next.key = key(next.a, next.boxA, next.boxB);
          if (!(next.key <= limit)) continue;
          int i = count++;
          for (; i > 0 && in[i - 1].key < next.key; --i) in[i] = in[i - 1];
          in[i] = next;
        }
        if (count > 0) {
          for (int i = 0; i + 1 < count; ++i) stack[top++] = in[i];
          at = in[count - 1];
          continue;
        }
      }
      for (;;) {
        if (top == 0) return;
        const Pending& p = stack[--top];
        if (p.key <= limit) {
          at = p;
          break;
        }
      }
    }
  }

  const TriangleMesh& a_;
  const TriangleMesh& b_;
  Affine map_;
};

// Whether any triangle of `a` meets any triangle of `b` placed in a's frame by `placement`.
inline bool intersects(const TriangleMesh& a, const TriangleMesh& b, const Affine& placement) {
  return MeshPair(a, b, placement).intersects();
}

// The closest points of `a` and of `b` placed in a's frame by `placement` (pointB in a's frame), their distance and
// triangles; nullopt when either has no triangles.
inline std::optional<MeshPairPoints> closestPoints(const TriangleMesh& a, const TriangleMesh& b,
                                                   const Affine& placement) {
  return MeshPair(a, b, placement).closestPoints();
}

}  // namespace c3d
