// Independent references for the support-function engine's tests (gjk.h, epa.h, gjk_raycast.h):
// - the brute-force sub-simplex step GJK used before signed volumes: every face of the simplex (at most 15) solved
//   through its Gram system, the nearest candidate with positive weights kept; and the same in GMP rationals, exact;
// - support values h(n) of a core grown by its radius, the rigorous distance sandwich (a lower bound by duality over
//   sampled directions, an upper bound from points sampled on both surfaces), the penetration depth by a direction
//   search;
// - random cores of every kind containing a given point, or on the far side of a plane with a gap (MathGeoLib's
//   PositiveTests/NegativeTests generators are the model).
#pragma once
#include <gmpxx.h>

#include <cmath>
#include <vector>

#include "collide3d/queries/distance/gjk.h"
#include "test_support.h"

namespace c3d::testing {

// ---- the sub-simplex step by brute force -------------------------------------------------------------------------

// The nearest point to the origin of the affine hull of ws[0..k), as weights; false when they are affinely dependent.
inline bool affineNearest(const Vec3* ws, int k, double* weight) {
  if (k == 1) return weight[0] = 1, true;
  Vec3 e[3];
  for (int j = 1; j < k; ++j) e[j - 1] = ws[j] - ws[0];
  const int n = k - 1;
  double g[3][3], rhs[3], mu[3];
  for (int i = 0; i < n; ++i) {
    rhs[i] = -dot(e[i], ws[0]);
    for (int j = 0; j < n; ++j) g[i][j] = dot(e[i], e[j]);
  }
  double scale = 0;
  for (int i = 0; i < n; ++i) scale = std::fmax(scale, g[i][i]);
  if (n == 1) {
    if (!(g[0][0] > 0)) return false;
    mu[0] = rhs[0] / g[0][0];
  } else if (n == 2) {
    const double det = g[0][0] * g[1][1] - g[0][1] * g[1][0];
    if (!(std::fabs(det) > 1e-14 * scale * scale)) return false;
    mu[0] = (rhs[0] * g[1][1] - g[0][1] * rhs[1]) / det;
    mu[1] = (g[0][0] * rhs[1] - rhs[0] * g[1][0]) / det;
  } else {
    const Vec3 c0{g[0][0], g[1][0], g[2][0]}, c1{g[0][1], g[1][1], g[2][1]}, c2{g[0][2], g[1][2], g[2][2]};
    const Vec3 r{rhs[0], rhs[1], rhs[2]};
    const double det = dot(c0, cross(c1, c2));
    if (!(std::fabs(det) > 1e-14 * scale * scale * scale)) return false;
    mu[0] = dot(r, cross(c1, c2)) / det, mu[1] = dot(c0, cross(r, c2)) / det, mu[2] = dot(c0, cross(c1, r)) / det;
  }
  weight[0] = 1;
  for (int j = 0; j < n; ++j) weight[j + 1] = mu[j], weight[0] -= mu[j];
  return true;
}

// The point of the hull of ws[0..count) nearest the origin, by trying every face.
inline Vec3 bruteNearest(const Vec3* ws, int count) {
  double best = INFINITY;
  Vec3 point = ws[0];
  for (int mask = 1; mask < (1 << count); ++mask) {
    Vec3 sub[4];
    int k = 0;
    for (int i = 0; i < count; ++i) {
      if (mask >> i & 1) sub[k++] = ws[i];
    }
    double weight[4];
    if (!affineNearest(sub, k, weight)) continue;
    bool positive = true;
    Vec3 x{};
    for (int i = 0; i < k; ++i) positive = positive && weight[i] > 0, x = x + sub[i] * weight[i];
    if (positive && lengthSquared(x) < best) best = lengthSquared(x), point = x;
  }
  return point;
}

// The squared distance from the origin to the hull of ws[0..count), exactly: over every affinely independent face,
// its affine hull's nearest point by the Gram system in rationals, kept when every weight is >= 0 (vertices alone
// are always candidates, so the minimum is over points of the hull and attained).
inline mpq_class exactNearestSquared(const Vec3* ws, int count) {
  using Q = mpq_class;
  auto dotq = [](const Q* a, const Q* b) -> Q { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; };
  Q w[4][3];
  for (int i = 0; i < count; ++i) w[i][0] = ws[i].x, w[i][1] = ws[i].y, w[i][2] = ws[i].z;
  bool found = false;
  Q best;
  for (int mask = 1; mask < (1 << count); ++mask) {
    int id[4], k = 0;
    for (int i = 0; i < count; ++i) {
      if (mask >> i & 1) id[k++] = i;
    }
    const int n = k - 1;
    Q e[3][3], g[3][4];  // the augmented Gram system G mu = -(e_i . w0)
    for (int j = 0; j < n; ++j) {
      for (int c = 0; c < 3; ++c) e[j][c] = w[id[j + 1]][c] - w[id[0]][c];
    }
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) g[i][j] = dotq(e[i], e[j]);
      g[i][n] = -dotq(e[i], w[id[0]]);
    }
    bool singular = false;  // Gauss-Jordan elimination, exact
    for (int c = 0; c < n && !singular; ++c) {
      int pivot = c;
      while (pivot < n && g[pivot][c] == 0) ++pivot;
      if (pivot == n) {
        singular = true;
        break;
      }
      for (int j = 0; j <= n; ++j) std::swap(g[c][j], g[pivot][j]);
      for (int r = 0; r < n; ++r) {
        if (r == c || g[r][c] == 0) continue;
        const Q f = g[r][c] / g[c][c];
        for (int j = 0; j <= n; ++j) g[r][j] -= f * g[c][j];
      }
    }
    if (singular) continue;
    Q mu0 = 1, x[3] = {w[id[0]][0], w[id[0]][1], w[id[0]][2]};
    bool nonNegative = true;
    for (int j = 0; j < n; ++j) {
      const Q mu = g[j][n] / g[j][j];
      nonNegative = nonNegative && mu >= 0;
      mu0 -= mu;
      for (int c = 0; c < 3; ++c) x[c] += mu * e[j][c];
    }
    if (!nonNegative || mu0 < 0) continue;
    const Q squared = dotq(x, x);
    if (!found || squared < best) best = squared, found = true;
  }
  return best;
}

// ---- support values and bounds ------------------------------------------------------------------------------------

// h(n) of the core grown by its radius.
inline double supportValue(const ConvexCore& c, Vec3 n) { return dot(c.support(n), n) + c.radius * length(n); }

// Unit directions spread evenly over the sphere (a Fibonacci lattice).
inline std::vector<Vec3> sphereDirections(int count) {
  std::vector<Vec3> out;
  const double golden = M_PI * (3 - std::sqrt(5.0));
  for (int i = 0; i < count; ++i) {
    const double z = 1 - (2 * i + 1.0) / count, r = std::sqrt(1 - z * z);
    out.push_back({r * std::cos(golden * i), r * std::sin(golden * i), z});
  }
  return out;
}

// Points of the core grown by its radius: its support points along the directions (on its surface), its corners, and
// for polytopes points spread over each edge between two corners.
inline std::vector<Vec3> surfaceSamples(const ConvexCore& c, const std::vector<Vec3>& directions) {
  std::vector<Vec3> out;
  for (const Vec3 n : directions) out.push_back(c.support(n) + n * c.radius);
  if (c.isPolytope() && c.radius == 0) {
    for (int i = 0; i < c.cornerCount(); ++i) {
      for (int j = i; j < c.cornerCount(); ++j) {
        for (int s = 0; s <= 16; ++s) out.push_back(c.corner[i] + (c.corner[j] - c.corner[i]) * (s / 16.0));
      }
    }
  }
  return out;
}

struct Sandwich {
  double lower, upper;
};

// Lower: max over the directions n of -(h_A(n) + h_B(-n)), the gap of the slabs they give (negative when
// overlapping). Upper: the least distance between sampled points of the two surfaces.
inline Sandwich distanceSandwich(const ConvexCore& a, const ConvexCore& b, const std::vector<Vec3>& directions) {
  Sandwich s{-INFINITY, INFINITY};
  for (const Vec3 n : directions) s.lower = std::fmax(s.lower, -(supportValue(a, n) + supportValue(b, -n)));
  const std::vector<Vec3> pa = surfaceSamples(a, directions), pb = surfaceSamples(b, directions);
  for (const Vec3 p : pa) {
    for (const Vec3 q : pb) s.upper = std::fmin(s.upper, lengthSquared(p - q));
  }
  s.upper = std::sqrt(s.upper);
  return s;
}

// The penetration depth's upper bound along n: how far B must move along n to clear A.
inline double depthAlong(const ConvexCore& a, const ConvexCore& b, Vec3 n) {
  return supportValue(a, n) + supportValue(b, -n);
}

// The least depthAlong over the directions, refined by a pattern search on the sphere from the best few.
inline double searchedDepth(const ConvexCore& a, const ConvexCore& b, const std::vector<Vec3>& directions) {
  std::vector<std::pair<double, Vec3>> found;
  for (const Vec3 n : directions) found.push_back({depthAlong(a, b, n), n});
  constexpr int kStarts = 4;
  std::partial_sort(found.begin(), found.begin() + kStarts, found.end(),
                    [](const auto& x, const auto& y) { return x.first < y.first; });
  double best = found[0].first;
  for (int start = 0; start < kStarts; ++start) {
    Vec3 n = found[start].second;
    double value = found[start].first;
    for (double step = 0.05; step > 1e-9; step *= 0.5) {
      for (int moves = 0, improved = 1; improved && moves < 64; ++moves) {
        improved = 0;
        for (const Vec3 e : {Vec3{1, 0, 0}, Vec3{0, 1, 0}, Vec3{0, 0, 1}}) {
          for (const double sign : {-1.0, 1.0}) {
            const Vec3 m = unitDirection(n + e * (sign * step));
            const double h = depthAlong(a, b, m);
            if (h < value) value = h, n = m, improved = 1;
          }
        }
      }
    }
    best = std::fmin(best, value);
  }
  return best;
}

// ---- generators ---------------------------------------------------------------------------------------------------

enum class CoreKind { Point, Sphere, Segment, Capsule, Triangle, Aabb, Obb, Cylinder, Cone, Ellipsoid };
constexpr CoreKind kCoreKinds[] = {CoreKind::Point,   CoreKind::Sphere,   CoreKind::Segment, CoreKind::Capsule,
                                   CoreKind::Triangle, CoreKind::Aabb,     CoreKind::Obb,     CoreKind::Cylinder,
                                   CoreKind::Cone,     CoreKind::Ellipsoid};
inline const char* nameOf(CoreKind k) {
  constexpr const char* kNames[] = {"point", "sphere", "segment", "capsule",  "triangle",
                                    "aabb",  "obb",    "cylinder", "cone",    "ellipsoid"};
  return kNames[static_cast<int>(k)];
}

// A random core of the kind containing p, of size about `scale`.
inline ConvexCore randomCoreContaining(Random& random, CoreKind kind, Vec3 p, double scale) {
  const auto offset = [&] { return random.vector(-1, 1) * scale; };
  const auto size = [&] { return random.uniform(0.1, 1) * scale; };
  switch (kind) {
    case CoreKind::Point: return pointCore(p, 0);
    case CoreKind::Sphere: {
      const Vec3 c = p + offset() * 0.5;
      return pointCore(c, length(c - p) + size());
    }
    case CoreKind::Segment: {
      const Vec3 d = offset();
      const double t = random.uniform(0, 1);
      return segmentCore(p - d * t, p + d * (1 - t), 0);
    }
    case CoreKind::Capsule: {
      const Vec3 d = offset(), c = p + offset() * 0.3;
      const double t = random.uniform(0, 1);
      return segmentCore(c - d * t, c + d * (1 - t), length(c - p) + size() * 0.5);
    }
    case CoreKind::Triangle: {
      double u = random.uniform(0, 1), v = random.uniform(0, 1);
      if (u + v > 1) u = 1 - u, v = 1 - v;
      const Vec3 e1 = offset(), e2 = offset(), a = p - e1 * u - e2 * v;
      return coreOf(Triangle{a, a + e1, a + e2});
    }
    case CoreKind::Aabb: {
      const Vec3 lo = p - abs(offset()), hi = p + abs(offset());
      return coreOf(Aabb{lo, hi});
    }
    case CoreKind::Obb: {
      const Mat3 r = random.rotation();
      const Vec3 half = abs(offset()) + Vec3{1, 1, 1} * (0.05 * scale);
      const Vec3 local{random.uniform(-1, 1) * half.x, random.uniform(-1, 1) * half.y, random.uniform(-1, 1) * half.z};
      return coreOf(Obb{p - r * local, half, r});
    }
    case CoreKind::Cylinder: {
      const Vec3 d = offset();
      const double t = random.uniform(0, 1);
      return coreOf(Cylinder{p - d * t, p + d * (1 - t), size()});
    }
    case CoreKind::Cone: {  // p on the axis, within the first half from the base (inside the narrowing solid)
      const Vec3 d = offset();
      const double t = random.uniform(0, 0.5);
      return coneCore(p - d * t, p + d * (1 - t), size());
    }
    case CoreKind::Ellipsoid: {
      const Mat3 r = random.rotation();
      const Vec3 radii{size(), size(), size()};
      const Vec3 local{random.uniform(-0.5, 0.5) * radii.x, random.uniform(-0.5, 0.5) * radii.y,
                       random.uniform(-0.5, 0.5) * radii.z};
      return coreOf(Ellipsoid{p - r * local, radii, r});
    }
  }
  return pointCore(p, 0);
}

// The core moved so that it lies in n.x >= offset + gap, touching that plane when gap is 0 (up to rounding).
inline ConvexCore placedBeyond(const ConvexCore& c, Vec3 unitNormal, double offset, double gap) {
  const double low = -supportValue(c, -unitNormal);
  return c.moved(unitNormal * (offset + gap - low));
}

// The core moved so that the grown core's farthest point along the unit n is q: it touches the plane through q
// orthogonal to n at q, from below.
inline ConvexCore touchingFromBelow(const ConvexCore& c, Vec3 unitNormal, Vec3 q) {
  return c.moved(q - (c.support(unitNormal) + unitNormal * c.radius));
}

}  // namespace c3d::testing
