// The batch intersects' fast paths: for the pairs below, the predicates the single query decides with, evaluated on
// SIMD lanes with their error bounds (exact/filtered_lanes.h). A lane whose decision the bounds prove is answered;
// the others go to the exact query (batch/lanes.h), so every answer is the single query's. Each kernel serves its
// pair in either argument order (intersects is symmetric) and gives, per lane, whether the pair meets and whether
// that was proven.
#pragma once
#include <cstdint>
#include <tuple>

#include "collide3d/batch/lanes.h"
#include "collide3d/queries/classify/plane_side.h"
#include "collide3d/queries/intersects/intersects_sphere_sphere.h"

namespace c3d {

namespace intersects_lanes {

template <class Mask>
struct Decision {
  Mask met, answered;
};
template <class Mask>
Decision<Mask> decision(Mask met, Mask missed) {
  return {met, met | missed};
}

// Balls meet when |q - p|^2 - (a + b)^2 <= 0 (intersects_sphere_sphere.h).
struct SphereSphere {
  static constexpr ShapeType kA = ShapeType::Sphere, kB = ShapeType::Sphere;
  template <class V, class A, class B>
  static auto decide(const A& a, const B& b, size_t first) {
    using lanes::get;
    const auto [gap] = exact::filteredLanes<V>(kBallsGap, get<&Sphere::center>(a, first), get<&Sphere::radius>(a, first),
                                               get<&Sphere::center>(b, first), get<&Sphere::radius>(b, first));
    return decision(gap.negative(), gap.positive());
  }
};

// A ball meets a plane when (n.c + d)^2 - r^2 (n.n) <= 0 (plane_side.h's ballSide, no slab, no offset).
struct SpherePlane {
  static constexpr ShapeType kA = ShapeType::Sphere, kB = ShapeType::Plane;
  template <class V, class A, class B>
  static auto decide(const A& a, const B& b, size_t first) {
    using lanes::get;
    const exact::V3<V> none{V{}, V{}, V{}};
    const auto m = exact::filteredLanes<V>(plane_side::kBallSide, get<&Plane::normal>(b, first),
                                           get<&Plane::constant>(b, first), get<&Sphere::center>(a, first), none,
                                           get<&Sphere::radius>(a, first), V{});
    return decision(m[1].negative(), m[1].positive());
  }
};

// A box meets a plane when its corner furthest behind is not in front and its corner furthest in front is not
// behind (plane_side.h's side(plane, box, 0)); each corner picked per axis by the sign of n's component.
struct BoxPlane {
  static constexpr ShapeType kA = ShapeType::Aabb, kB = ShapeType::Plane;
  template <class V, class A, class B>
  static auto decide(const A& a, const B& b, size_t first) {
    using lanes::get;
    const auto n = get<&Plane::normal>(b, first);
    const V d = get<&Plane::constant>(b, first);
    const auto lo = get<&Aabb::min>(a, first), hi = get<&Aabb::max>(a, first);
    const exact::V3<V> back{n.x >= 0 ? lo.x : hi.x, n.y >= 0 ? lo.y : hi.y, n.z >= 0 ? lo.z : hi.z};
    const exact::V3<V> front{n.x >= 0 ? hi.x : lo.x, n.y >= 0 ? hi.y : lo.y, n.z >= 0 ? hi.z : lo.z};
    const auto [s0] = exact::filteredLanes<V>(plane_side::kSignedDistance, n, d, back);
    const auto [s1] = exact::filteredLanes<V>(plane_side::kSignedDistance, n, d, front);
    return decision(s0.negative() & s1.positive(), s0.positive() | s1.negative());
  }
};

// A segment meets a plane unless both ends are strictly on one side (plane_side.h's side(plane, segment, 0)).
struct SegmentPlane {
  static constexpr ShapeType kA = ShapeType::Segment, kB = ShapeType::Plane;
  template <class V, class A, class B>
  static auto decide(const A& a, const B& b, size_t first) {
    using lanes::get;
    const auto n = get<&Plane::normal>(b, first);
    const V d = get<&Plane::constant>(b, first);
    const auto [s0] = exact::filteredLanes<V>(plane_side::kSignedDistance, n, d, get<&Segment::start>(a, first));
    const auto [s1] = exact::filteredLanes<V>(plane_side::kSignedDistance, n, d, get<&Segment::end>(a, first));
    return decision((s0.positive() & s1.negative()) | (s0.negative() & s1.positive()),
                    (s0.positive() & s1.positive()) | (s0.negative() & s1.negative()));
  }
};

// Boxes meet when their ranges overlap on every axis: comparisons, exact in any precision, so every lane is
// answered (intersects_aabb_aabb.h).
struct BoxBox {
  static constexpr ShapeType kA = ShapeType::Aabb, kB = ShapeType::Aabb;
  template <class V, class A, class B>
  static auto decide(const A& a, const B& b, size_t first) {
    using lanes::get;
    const auto loA = get<&Aabb::min>(a, first), hiA = get<&Aabb::max>(a, first);
    const auto loB = get<&Aabb::min>(b, first), hiB = get<&Aabb::max>(b, first);
    const auto met = (loA.x <= hiB.x) & (loB.x <= hiA.x) & (loA.y <= hiB.y) & (loB.y <= hiA.y) &
                     (loA.z <= hiB.z) & (loB.z <= hiA.z);
    return Decision<decltype(met)>{met, lanes::allLanes<decltype(met)>()};
  }
};

// A triangle misses a box when one of the box's face normals separates them (intersects_triangle_box.h's first three
// candidates): there the gaps' signs are comparisons of each vertex with a bound (twice v - max, twice min - v), exact
// in any precision, and on random pairs they separate nearly every pair that misses. The rest, the pairs whose
// boxes overlap, go to the exact query (its other ten candidates on lanes cost 5.7 KB more of gzip wasm for their
// four lane and number types).
struct TriangleBox {
  static constexpr ShapeType kA = ShapeType::Triangle, kB = ShapeType::Aabb;
  template <class V, class A, class B>
  static auto decide(const A& a, const B& b, size_t first) {
    using lanes::get;
    const auto ta = get<&Triangle::a>(a, first), tb = get<&Triangle::b>(a, first), tc = get<&Triangle::c>(a, first);
    const auto lo = get<&Aabb::min>(b, first), hi = get<&Aabb::max>(b, first);
    const auto apart = [](V p, V q, V r, V low, V high) {
      return ((p > high) & (q > high) & (r > high)) | ((p < low) & (q < low) & (r < low));
    };
    const auto missed = apart(ta.x, tb.x, tc.x, lo.x, hi.x) | apart(ta.y, tb.y, tc.y, lo.y, hi.y) |
                        apart(ta.z, tb.z, tc.z, lo.z, hi.z);
    return decision(decltype(missed){}, missed);
  }
};

using Kernels = std::tuple<SphereSphere, SpherePlane, BoxPlane, SegmentPlane, BoxBox, TriangleBox>;

// Every pair's answer into `met` (1 or 0) by Kernel, its sides a and b in Kernel's order; `exactMeets(i)` answers
// pair i exactly.
template <class Kernel, class V, class TA, class TB, class Exact>
void run(const EncodedItems& a, const EncodedItems& b, size_t pairs, uint8_t* met, Exact&& exactMeets) {
  const auto sideA = lanes::sideOf<V, TA>(a);
  const auto sideB = lanes::sideOf<V, TB>(b);
  lanes::forEachBlock<V>(
      pairs,
      [&](size_t first) {
        const auto found = Kernel::template decide<V>(sideA, sideB, first);
        lanes::storeFlags(found.met, met + first);
        return simd::bitmask(found.answered);
      },
      [&](size_t i) { met[i] = exactMeets(i); });
}

}  // namespace intersects_lanes

// The batch intersects of checked items (batch/pairs.h) by a fast path, when one serves the two item types: each
// pair's answer into `met`, `exactMeets` the table's entry for the pair. Returns whether a fast path ran.
inline bool intersectsByLanes(const EncodedItems& a, const EncodedItems& b, size_t pairs, IntersectsFn exactMeets,
                              uint8_t* met) {
  double bufferA[kEncodedShapeSize], bufferB[kEncodedShapeSize];
  const auto exact = [&](size_t i) {
    return exactMeets(a.item(a.count == 1 ? 0 : i, bufferA), b.item(b.count == 1 ? 0 : i, bufferB));
  };
  const auto tryKernel = [&](auto kernel) {
    using Kernel = decltype(kernel);
    const bool inOrder = a.type == Kernel::kA && b.type == Kernel::kB;
    if (!inOrder && !(a.type == Kernel::kB && b.type == Kernel::kA)) return false;
    const EncodedItems& first = inOrder ? a : b;
    const EncodedItems& second = inOrder ? b : a;
    lanes::withLaneTypes(first, second, [&](auto lane, auto numberA, auto numberB) {
      lanes::apart(&intersects_lanes::run<Kernel, decltype(lane), decltype(numberA), decltype(numberB),
                                          decltype(exact)&>)(first, second, pairs, met, exact);
    });
    return true;
  };
  return std::apply([&](auto... kernels) { return (tryKernel(kernels) || ...); }, intersects_lanes::Kernels{});
}

}  // namespace c3d
