// The closest points of two convex cores (convex_core.h) by GJK: Gilbert, Johnson and Keerthi, "A fast procedure for
// computing the distance between complex objects in three-dimensional space", IEEE J. Robotics and Automation,
// 1988, in the form van den Bergen gives it ("Collision Detection in Interactive 3D Environments", 2004, §4.3):
// the point v of the Minkowski difference A - B nearest the origin is approached through simplices of support
// points, stopping when the support point in -v gains less than a relative tolerance on |v|.
// The sub-simplex step takes, over every face of the simplex (at most 15), the point of its affine hull nearest the
// origin, keeps those with positive barycentric weights, and chooses the nearest: the point sought lies in the
// relative interior of one face and is that face's candidate, and every other candidate is a point of the simplex,
// so none is nearer. Slower than Johnson's recursive tests, it has no case analysis to get wrong on degenerate
// simplices (a singular face is skipped; its own faces stand in for it).
// The result is a floating-point answer, accurate to about 1e-12 of the cores' size for polytopes (an exact support
// point ends the search) and to the tolerance for the curved cylinder; it decides nothing exactly.
#pragma once
#include <cmath>

#include "collide3d/queries/distance/convex_core.h"

namespace c3d {

struct GjkResult {
  Vec3 onA, onB;    // a point of each core as close as the cores get (common points when they overlap)
  double distance;  // |onB - onA|, 0 when the cores overlap
};

namespace gjk_detail {

struct Vertex {
  Vec3 w, a, b;  // w = a - b
};

struct Simplex {
  Vertex v[4];
  double weight[4];
  int count = 0;
};

// The nearest point to the origin of the affine hull of the listed vertices, as weights; false when the vertices are
// affinely dependent (the hull is lower-dimensional than their count says).
inline bool affineNearest(const Vertex* const* vs, int k, double* weight) {
  if (k == 1) {
    weight[0] = 1;
    return true;
  }
  // x = w0 + sum mu_j e_j with e_j = w_j - w0, and e_i . x = 0 for every i: G mu = -(e_i . w0).
  Vec3 e[3];
  for (int j = 1; j < k; ++j) e[j - 1] = vs[j]->w - vs[0]->w;
  const int n = k - 1;
  double g[3][3], rhs[3], mu[3];
  for (int i = 0; i < n; ++i) {
    rhs[i] = -dot(e[i], vs[0]->w);
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
    mu[0] = dot(r, cross(c1, c2)) / det;
    mu[1] = dot(c0, cross(r, c2)) / det;
    mu[2] = dot(c0, cross(c1, r)) / det;
  }
  weight[0] = 1;
  for (int j = 0; j < n; ++j) weight[j + 1] = mu[j], weight[0] -= mu[j];
  return true;
}

// Reduces the simplex to the face holding its point nearest the origin, with that point's weights. Returns the
// point; `inside` when it is the whole tetrahedron's interior (the origin is enclosed).
inline Vec3 nearestOnSimplex(Simplex& s, bool& inside) {
  double bestSquared = INFINITY;
  int bestMask = 0;
  double bestWeight[4] = {};
  Vec3 best{};
  for (int mask = 1; mask < (1 << s.count); ++mask) {
    const Vertex* vs[4];
    int k = 0;
    for (int i = 0; i < s.count; ++i) {
      if (mask >> i & 1) vs[k++] = &s.v[i];
    }
    double weight[4];
    if (!affineNearest(vs, k, weight)) continue;
    bool positive = true;
    Vec3 x{};
    for (int i = 0; i < k; ++i) positive = positive && weight[i] > 0, x = x + vs[i]->w * weight[i];
    if (!positive) continue;
    const double squared = lengthSquared(x);
    if (squared < bestSquared) {
      bestSquared = squared, bestMask = mask, best = x;
      for (int i = 0; i < k; ++i) bestWeight[i] = weight[i];
    }
  }
  if (bestMask == 0) {  // every face singular: a repeated point; keep the first vertex
    bestMask = 1, bestWeight[0] = 1, best = s.v[0].w;
  }
  inside = s.count == 4 && bestMask == 15;
  Simplex kept;
  for (int i = 0; i < s.count; ++i) {
    if (bestMask >> i & 1) kept.weight[kept.count] = bestWeight[kept.count], kept.v[kept.count++] = s.v[i];
  }
  s = kept;
  return best;
}

}  // namespace gjk_detail

// Out of line: one copy serves every sweep pair (inlined into each, it would multiply the wasm).
[[gnu::noinline]] inline GjkResult gjk(const ConvexCore& a, const ConvexCore& b) {
  using namespace gjk_detail;
  constexpr int kMaxIterations = 64;
  constexpr double kRelative = 1e-13;  // stop when a support point gains less than this on |v|^2
  Simplex s;
  s.v[0] = {a.corner[0] - b.corner[0], a.corner[0], b.corner[0]};
  s.weight[0] = 1;
  s.count = 1;
  Vec3 v = s.v[0].w;
  double scaleSquared = lengthSquared(v);
  for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
    const double vv = lengthSquared(v);
    if (vv == 0) break;
    const Vec3 sa = a.support(-v), sb = b.support(v), w = sa - sb;
    scaleSquared = std::fmax(scaleSquared, lengthSquared(w));
    // No support point gets nearer than |v| by more than the tolerance (relative to |v|, or to the shapes' size
    // when the cores almost touch): v is the answer.
    if (vv - dot(v, w) <= kRelative * vv + 1e-12 * std::sqrt(scaleSquared * vv)) break;
    bool repeated = false;
    for (int i = 0; i < s.count; ++i) repeated = repeated || s.v[i].w == w;
    if (repeated) break;
    s.v[s.count++] = {w, sa, sb};
    bool inside = false;
    const Vec3 next = nearestOnSimplex(s, inside);
    if (inside || lengthSquared(next) <= 1e-30 * scaleSquared) {
      v = {};
      break;
    }
    if (!(lengthSquared(next) < vv)) break;  // no progress: rounding has the last word
    v = next;
  }
  Vec3 onA{}, onB{};
  for (int i = 0; i < s.count; ++i) onA = onA + s.v[i].a * s.weight[i], onB = onB + s.v[i].b * s.weight[i];
  if (isZero(v)) return {onA, onA, 0};
  return {onA, onB, length(onA - onB)};
}

}  // namespace c3d
