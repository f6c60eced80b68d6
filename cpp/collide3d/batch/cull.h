// Frustum culling of many spheres or boxes in one call, over the flat arrays a renderer keeps (three.js bounding
// spheres and boxes, as Float32Array or Float64Array): spheres as x, y, z, radius; boxes as min x, y, z, max x, y, z.
// Each item gets exactly the decision of the single query intersects(frustum, shape) — the conservative cull of
// intersects_frustum_shape.h with exact plane sides — for its numbers widened to double (float to double is exact).
// Fast path: per plane, the rounded s = n.p + d (p the sphere's centre, or the box's corner furthest along n) and
// for a sphere s + r|n|, decided when further from 0 than a bound on their rounding error; only the undecided
// (an item touching a plane, up to rounding) goes to the exact test. The bound: with M the item's largest |p_i|,
// K = sum |n_i| and L = |n| rounded, |rounded - exact| <= 8 u (K M + |d| + r L) for u = 2^-53 — the terms' Higham
// bounds γ_4 and γ_3 (Higham, "Accuracy and Stability of Numerical Algorithms", §3.1), doubled to cover the rounding
// of the bound itself — plus 2^-1000 for products that underflow.
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "collide3d/dispatch/encoded.h"
#include "collide3d/queries/intersects/intersects_frustum_shape.h"

namespace c3d {

namespace cull_detail {

constexpr double kSlack = 8 * 0x1p-53;
constexpr double kUnderflow = 0x1p-1000;

inline double larger(double a, double b) { return a > b ? a : b; }

// The rounded value whose sign says the item is not behind the plane (> 0) or is (< 0): for a sphere
// n.c + d + r L, for a box n.p + d at its corner furthest along n.
inline double value(const Plane& plane, double length, const Sphere& s) {
  return dot(plane.normal, s.center) + plane.constant + s.radius * length;
}
inline double value(const Plane& plane, double, const Aabb& box) {
  const Vec3 n = plane.normal;
  const Vec3 front{n.x >= 0 ? box.max.x : box.min.x, n.y >= 0 ? box.max.y : box.min.y,
                   n.z >= 0 ? box.max.z : box.min.z};
  return dot(n, front) + plane.constant;
}

// The largest |coordinate| M over all items, and the largest radius R (0 for boxes).
template <class Shape, class T>
std::pair<double, double> extents(const T* items, size_t count) {
  double m = 0, r = 0;
  const size_t numbers = count * encodedSize<Shape>();
  for (size_t i = 0; i < numbers; ++i) {
    const double x = std::fabs(double(items[i]));
    if (std::is_same_v<Shape, Sphere> && i % encodedSize<Sphere>() == encodedOffset(&Sphere::radius)) {
      r = larger(r, x);
    } else {
      m = larger(m, x);
    }
  }
  return {m, r};
}

}  // namespace cull_detail

// visible[i] = 1 when item i may be seen (intersects the frustum), else 0; returns how many are visible.
// The error bound of every item's rounded value against plane k is at most 8 u (K M + |d| + R L) (see above) with
// M and R the largest over all the items, so one bound per plane serves them all. All six planes are tested
// without branching on the outcome (random scenes would mispredict an early exit); an item that one of them
// cannot decide is decided again, exactly, by intersects().
template <class Shape, class T>
size_t cull(const Frustum& frustum, const T* items, size_t count, uint8_t* visible) {
  using namespace cull_detail;
  const auto [m, r] = extents<Shape>(items, count);
  const int stride = encodedSize<Shape>();
  double lengths[6], bounds[6];
  for (int k = 0; k < 6; ++k) {
    const Vec3 n = frustum.planes[k].normal;
    lengths[k] = length(n);
    const double sumAbs = std::fabs(n.x) + std::fabs(n.y) + std::fabs(n.z);
    bounds[k] = kSlack * (sumAbs * m + std::fabs(frustum.planes[k].constant) + r * lengths[k]) + kUnderflow;
  }
  size_t seen = 0;
  for (size_t i = 0; i < count; ++i) {
    const Shape shape = decode<Shape>(items + i * stride);
    bool behind = false, unsure = false;
    for (int k = 0; k < 6; ++k) {
      const double v = value(frustum.planes[k], lengths[k], shape);
      behind |= v < -bounds[k];
      unsure |= std::fabs(v) <= bounds[k];
    }
    const bool in = unsure ? intersects(frustum, shape) : !behind;
    visible[i] = in;
    seen += in;
  }
  return seen;
}

}  // namespace c3d
