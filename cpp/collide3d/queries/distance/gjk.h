// The closest points of two convex cores (convex_core.h) by GJK: Gilbert, Johnson and Keerthi, "A fast procedure for
// computing the distance between complex objects in three-dimensional space", IEEE J. Robotics and Automation,
// 1988, in the form van den Bergen gives it ("Collision Detection in Interactive 3D Environments", 2004, §4.3):
// the point v of the Minkowski difference A - B nearest the origin is approached through simplices of support
// points w = a - b, stopping when the support point in -v gains too little on |v|.
// The sub-simplex step is Montanari, Petrinic and Barbieri's signed volumes ("Improving the GJK algorithm for faster
// and more reliable distance queries between convex objects", ACM TOG 36(3):30, 2017): the origin's projection onto
// the simplex's affine hull is written in barycentric coordinates as ratios of signed lengths, areas or volumes,
// taken in the coordinate projection where the simplex is largest (so slivers keep their digits); a vertex whose
// coordinate has the wrong sign rules its own face out, and the faces opposite such vertices are solved in turn.
// A zero measure (a flat tetrahedron, a collinear triangle, a repeated point) falls to the faces or to the two
// extreme points, never to a fixed edge. A sliver (measure below 1e-3 of its edges' product) also tries its faces and
// keeps the nearest candidate, since its signs are rounding's guess; and weights are divided by the sum of the
// sub-measures rather than the measure (equal in exact arithmetic, but only the sum keeps them summing to 1 on a
// sliver), which keeps the witness points onA and onB on the cores.
// Stopping: polytopes (point, segment, triangle, box cores: their supports come from a finite set of points) stop
// exactly when no support point is nearer than v along it, a support repeats, or |v| stops shrinking: GJK then
// terminates in finitely many steps. Curved cores stop when the gain is below 1e-13 of |v|^2 plus 1e-12 of the
// size times |v|, or after 64 steps. Every step also proves a lower bound v.w/|v| on the distance (the plane
// through w orthogonal to v has all of A - B beyond it), and |v| is an upper bound: gjkSeparation() uses both to
// decide a touch one-sidedly. The answer is floating point, good to about 1e-12 of the size for polytopes and 1e-8
// for curved cores (whose last simplices are near-degenerate); it decides nothing exactly.
#pragma once
#include <cmath>

#include "collide3d/queries/distance/convex_core.h"

namespace c3d {

struct GjkVertex {
  Vec3 w, a, b;  // w = a - b: a support point of the Minkowski difference and the cores' points it came from
};

// The simplex GJK stops on: the vertices spanning the face that holds v, with v's barycentric weights. It has 4
// vertices only when the cores overlap (the tetrahedron encloses the origin).
struct GjkSimplex {
  GjkVertex v[4];
  double weight[4];
  int count = 0;
};

struct GjkResult {
  Vec3 onA, onB;      // a point of each core as close as the cores get (common points when they overlap)
  double distance;    // |onB - onA|, 0 when the cores overlap: an upper bound on the core distance
  double lower;       // a lower bound on the core distance that GJK proved, <= distance
  GjkSimplex simplex;  // onA, onB are the weighted sums of its a and b
};

// Why GJK stopped: v reached the origin (the cores meet), no support point is nearer than v along it (converged),
// a support point repeated, |v| stopped shrinking (stalled), the distance was proved past the threshold, or the
// step limit.
enum class GjkStop : int { Origin, Converged, Repeated, Stalled, Proved, Limit };
constexpr const char* kGjkStopNames = "origin,converged,repeated,stalled,proved,limit";  // in order

// One step of GJK as a watcher sees it (the demo's trace; no query watches): the direction searched in A - B (-v;
// zero for the start, whose support is the difference of the cores' first points), its support point, whether it
// joined the simplex, the simplex after the sub-simplex step and its point nearest the origin, and the bounds on the
// core distance proved so far.
struct GjkStep {
  Vec3 direction;
  GjkVertex support;
  bool added;
  const GjkSimplex* simplex;
  Vec3 closest;
  double lower, upper;
};
class GjkObserver {
 public:
  virtual void step(const GjkStep& step) = 0;
  virtual void stop(GjkStop why) = 0;
};

namespace gjk_detail {

// A sub-simplex: the vertices kept (bits of the simplex's indices), their weights, the point and its |.|^2.
struct Reduced {
  int mask = 0;
  double weight[4] = {};
  Vec3 point;
  double squared = INFINITY;
};

inline bool sameSign(double a, double b) { return (a > 0 && b > 0) || (a < 0 && b < 0); }

inline int largestAxis(Vec3 n) {
  const Vec3 m = abs(n);
  return m.x >= m.y && m.x >= m.z ? 0 : m.y >= m.z ? 1 : 2;
}

inline Reduced single(const Vec3* w, int i) {
  Reduced r;
  r.mask = 1 << i, r.weight[i] = 1, r.point = w[i], r.squared = lengthSquared(w[i]);
  return r;
}

// Segment w[i] w[j] (S1D): the projection's coordinates measured on the axis where the segment is longest.
inline Reduced nearestOnSegment(const Vec3* w, int i, int j) {
  const Vec3 t = w[j] - w[i];
  const double tt = lengthSquared(t);
  if (!(tt > 0)) return single(w, i);  // a repeated point
  const Vec3 p = w[i] - t * (dot(w[i], t) / tt);
  const int axis = largestAxis(t);
  const double mu = component(t, axis);
  const double ci = component(w[j], axis) - component(p, axis), cj = component(p, axis) - component(w[i], axis);
  if (!sameSign(mu, cj)) return single(w, i);
  if (!sameSign(mu, ci)) return single(w, j);
  Reduced r;
  r.mask = 1 << i | 1 << j, r.weight[i] = ci / (ci + cj), r.weight[j] = cj / (ci + cj);
  r.point = w[i] * r.weight[i] + w[j] * r.weight[j];
  r.squared = lengthSquared(r.point);
  return r;
}

inline void keepNearer(Reduced& best, const Reduced& r) {
  if (r.squared < best.squared) best = r;
}

// Triangle w[i] w[j] w[k] (S2D).
inline Reduced nearestOnTriangle(const Vec3* w, int i, int j, int k) {
  const Vec3 n = cross(w[j] - w[i], w[k] - w[i]);
  const int id[3] = {i, j, k};
  // The vertices and the origin's projection onto their plane, in the coordinate plane where the triangle's area is
  // largest (dropping n's largest axis, the others in cyclic order so areas keep n's orientation).
  const int axis = largestAxis(n), u = (axis + 1) % 3, v = (axis + 2) % 3;
  const double nn = lengthSquared(n);
  const Vec3 p = nn > 0 ? n * (dot(w[i], n) / nn) : Vec3{};
  double x[4], y[4];
  for (int m = 0; m < 4; ++m) {
    const Vec3 q = m < 3 ? w[id[m]] : p;
    x[m] = component(q, u), y[m] = component(q, v);
  }
  // Twice the signed area of the points numbered a, b, c.
  const auto area = [&](int a, int b, int c) { return (x[b] - x[a]) * (y[c] - y[a]) - (y[b] - y[a]) * (x[c] - x[a]); };
  const double mu = area(0, 1, 2);
  if (mu == 0) {
    // Collinear (or repeated) points: the hull is the segment between the two farthest apart.
    int a = i, b = j;
    double far = lengthSquared(w[j] - w[i]);
    if (lengthSquared(w[k] - w[i]) > far) b = k, far = lengthSquared(w[k] - w[i]);
    if (lengthSquared(w[k] - w[j]) > far) a = j, b = k;
    return nearestOnSegment(w, a, b);
  }
  const double c[3] = {area(3, 1, 2), area(0, 3, 2), area(0, 1, 3)};
  Reduced best;
  const bool interior = sameSign(mu, c[0]) && sameSign(mu, c[1]) && sameSign(mu, c[2]);
  if (interior) {
    best.mask = 1 << i | 1 << j | 1 << k;
    const double sum = c[0] + c[1] + c[2];
    for (int m = 0; m < 3; ++m) best.weight[id[m]] = c[m] / sum, best.point = best.point + w[id[m]] * best.weight[id[m]];
    best.squared = lengthSquared(best.point);
  }
  // A sliver's plane is known only roughly (n's rounding is large against |n|), so its interior point may be farther
  // than its edges': then the edges are tried too. Every candidate is a point of the triangle, so the nearest wins.
  const bool sliver = nn < 1e-6 * lengthSquared(w[j] - w[i]) * lengthSquared(w[k] - w[i]);
  for (int m = 0; m < 3; ++m) {
    if (!sameSign(mu, c[m]) || (interior && sliver)) {
      keepNearer(best, nearestOnSegment(w, id[(m + 1) % 3], id[(m + 2) % 3]));
    }
  }
  return best;
}

// Tetrahedron w[0..3] (S3D). The origin inside gives all four weights.
inline Reduced nearestOnTetrahedron(const Vec3* w) {
  const Vec3 e1 = w[1] - w[0], e2 = w[2] - w[0], e3 = w[3] - w[0];
  const double mu = dot(e1, cross(e2, e3));
  constexpr int kFaces[4][3] = {{1, 2, 3}, {0, 3, 2}, {0, 1, 3}, {0, 2, 1}};  // the face opposite vertex m
  Reduced best;
  if (mu == 0) {  // flat: the four triangles cover the hull
    for (const auto& f : kFaces) keepNearer(best, nearestOnTriangle(w, f[0], f[1], f[2]));
    return best;
  }
  // The volume with the origin in place of vertex m.
  const double c[4] = {dot(w[1], cross(w[2], w[3])), -dot(w[0], cross(e2, e3)), -dot(e1, cross(w[0], e3)),
                       -dot(e1, cross(e2, w[0]))};
  if (sameSign(mu, c[0]) && sameSign(mu, c[1]) && sameSign(mu, c[2]) && sameSign(mu, c[3])) {
    best.mask = 15;
    for (int m = 0; m < 4; ++m) {
      best.weight[m] = c[m] / (c[0] + c[1] + c[2] + c[3]), best.point = best.point + w[m] * best.weight[m];
    }
    best.squared = lengthSquared(best.point);  // 0 but for rounding, which a sliver makes large
  }
  // A sliver's signs and weights are rounding's guess: every face is tried too (as for the sliver triangle), and the
  // enclosing weights win only if the point they give is nearer than every face's.
  const bool sliver = mu * mu < 1e-6 * lengthSquared(e1) * lengthSquared(e2) * lengthSquared(e3);
  for (int m = 0; m < 4; ++m) {
    if ((best.mask != 15 && !sameSign(mu, c[m])) || sliver) {
      keepNearer(best, nearestOnTriangle(w, kFaces[m][0], kFaces[m][1], kFaces[m][2]));
    }
  }
  return best;
}

// Reduces the simplex to the face holding its point nearest the origin, with that point's weights. Returns the
// point; `inside` when the tetrahedron encloses the origin.
[[gnu::noinline]] inline Vec3 nearestOnSimplex(GjkSimplex& s, bool& inside) {
  Vec3 w[4];
  for (int i = 0; i < s.count; ++i) w[i] = s.v[i].w;
  const Reduced r = s.count == 1   ? single(w, 0)
                    : s.count == 2 ? nearestOnSegment(w, 0, 1)
                    : s.count == 3 ? nearestOnTriangle(w, 0, 1, 2)
                                   : nearestOnTetrahedron(w);
  inside = r.mask == 15;
  GjkSimplex kept;
  for (int i = 0; i < s.count; ++i) {
    if (r.mask >> i & 1) kept.weight[kept.count] = r.weight[i], kept.v[kept.count++] = s.v[i];
  }
  s = kept;
  return inside ? Vec3{} : r.point;
}

}  // namespace gjk_detail

// GJK that also stops as soon as the distance is proved above `threshold` (lower > threshold) or at most it
// (distance <= threshold); a NaN threshold never stops it early. An observer, if given, sees every step. Out of
// line: one copy serves every pair.
[[gnu::noinline]] inline GjkResult gjkUntil(const ConvexCore& a, const ConvexCore& b, double threshold,
                                            GjkObserver* observer = nullptr) {
  using namespace gjk_detail;
  constexpr int kMaxIterations = 64;
  constexpr double kRelative = 1e-13;  // curved cores: stop when a support point gains less than this on |v|^2
  const bool finite = a.isPolytope() && b.isPolytope();
  GjkSimplex s;
  s.v[0] = {a.corner[0] - b.corner[0], a.corner[0], b.corner[0]};
  s.weight[0] = 1;
  s.count = 1;
  Vec3 v = s.v[0].w;
  double scaleSquared = lengthSquared(v), lower = 0;
  const auto watch = [&](Vec3 direction, const GjkVertex& support, bool added) {
    if (observer != nullptr) observer->step({direction, support, added, &s, v, lower, length(v)});
  };
  const auto stop = [&](GjkStop why) {
    if (observer != nullptr) observer->stop(why);
  };
  watch({}, s.v[0], true);
  GjkStop why = GjkStop::Limit;
  for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
    const double vv = lengthSquared(v), norm = std::sqrt(vv);
    if (vv == 0 || norm <= threshold) {
      why = vv == 0 ? GjkStop::Origin : GjkStop::Proved;
      break;
    }
    const Vec3 sa = a.support(-v), sb = b.support(v), w = sa - sb;
    scaleSquared = std::fmax(scaleSquared, lengthSquared(w));
    const double vw = dot(v, w);
    lower = std::fmax(lower, vw / norm);
    if (lower > threshold) {
      why = GjkStop::Proved;
      watch(-v, {w, sa, sb}, false);
      break;
    }
    // No support point nearer than v along it (by more than the tolerance, for curved cores): v is the answer.
    const double tolerance = finite ? 0 : kRelative * vv + 1e-12 * std::sqrt(scaleSquared) * norm;
    bool repeated = false;
    for (int i = 0; i < s.count; ++i) repeated = repeated || s.v[i].w == w;
    if (vv - vw <= tolerance || repeated) {
      why = vv - vw <= tolerance ? GjkStop::Converged : GjkStop::Repeated;
      watch(-v, {w, sa, sb}, false);
      break;
    }
    const GjkSimplex before = s;
    s.v[s.count++] = {w, sa, sb};
    bool inside = false;
    const Vec3 next = nearestOnSimplex(s, inside);
    if (inside || lengthSquared(next) <= 1e-30 * scaleSquared) {
      const Vec3 direction = -v;
      v = {};
      why = GjkStop::Origin;
      watch(direction, {w, sa, sb}, true);
      break;
    }
    if (!(lengthSquared(next) < vv)) {  // no progress: rounding has the last word
      s = before;
      why = GjkStop::Stalled;
      watch(-v, {w, sa, sb}, false);
      break;
    }
    const Vec3 direction = -v;
    v = next;
    watch(direction, {w, sa, sb}, true);
  }
  stop(why);
  Vec3 onA{}, onB{};
  for (int i = 0; i < s.count; ++i) onA = onA + s.v[i].a * s.weight[i], onB = onB + s.v[i].b * s.weight[i];
  if (isZero(v)) return {onA, onA, 0, 0, s};
  const double distance = length(onA - onB);
  return {onA, onB, distance, std::fmin(lower, distance), s};
}

inline GjkResult gjk(const ConvexCore& a, const ConvexCore& b) { return gjkUntil(a, b, NAN); }

// Whether GJK's answer proves the cores grown by `reach` overlap by more than tau: its nearest points closer than
// reach - tau, or its last simplex enclosing the origin with tau to spare on every side (the difference of the
// cores then holds the ball of radius tau about the origin: the simplex's vertices are its points, to rounding far
// below tau).
inline bool gjkProvesOverlap(const GjkResult& near, double reach, double tau) {
  if (near.distance < reach - tau) return true;
  const GjkSimplex& s = near.simplex;
  if (s.count != 4) return false;
  constexpr int kFaces[4][3] = {{1, 2, 3}, {0, 3, 2}, {0, 1, 3}, {0, 2, 1}};  // the face opposite vertex m
  for (int m = 0; m < 4; ++m) {
    const Vec3 a = s.v[kFaces[m][0]].w, b = s.v[kFaces[m][1]].w, c = s.v[kFaces[m][2]].w;
    const Vec3 n = cross(b - a, c - a);
    const double height = dot(n, -a), toward = dot(n, s.v[m].w - a);
    // The origin lies on the opposite vertex's side of the face, more than tau from its plane.
    if (!(std::fabs(height) > tau * length(n)) || (height > 0) != (toward > 0)) return false;
  }
  return true;
}

// The separation of the cores along the unit n, -h_A(-n) - h_B(n): a rigorous lower bound on their distance for
// every n. Near a curved side GJK can stall short of proving what its upper bound shows (support points along a
// cone's or cylinder's straight side make sliver simplices, whose nearest point rounding misplaces, and a support
// point then repeats): this climbs the bound from n by projected gradient ascent on the sphere of directions (the
// gradient is the support points' difference across n, by the envelope theorem), doubling the step on success and
// halving it on failure, until the bound passes `target` or stops rising.
[[gnu::noinline]] inline double climbSeparation(const ConvexCore& a, const ConvexCore& b, Vec3 n, double target) {
  const auto along = [&](Vec3 d, Vec3& w) {
    w = a.support(-d) - b.support(d);
    return dot(d, w);
  };
  Vec3 w;
  double best = along(n, w), step = 1;
  for (int i = 0; i < 96 && step > 1e-13 && !(best > target); ++i) {
    const Vec3 across = w - n * dot(n, w);
    const double scale = length(w);
    if (!(length(across) > 1e-15 * scale)) break;
    const Vec3 m = unitDirection(n + across * (step / scale));
    Vec3 wm;
    const double h = along(m, wm);
    if (h > best) {
      n = m, w = wm, best = h, step = std::fmin(1.0, step * 2);
    } else {
      step *= 0.5;
    }
  }
  return best;
}

// Whether the cores grown by `reach` (the sum of the radii) are apart by more than tau, decided one-sidedly: apart
// only when a lower bound on the core distance (GJK's, or the separation climbed from its direction where GJK
// stalled with its upper bound beyond reach + tau) exceeds reach + tau, so cores that truly meet are never called
// apart, and cores called meeting are within tau of touching, or closer than the climb resolves.
struct GjkSeparation {
  bool apart;
  GjkResult near;
};
inline GjkSeparation gjkSeparation(const ConvexCore& a, const ConvexCore& b, double reach, double tau) {
  const GjkResult near = gjkUntil(a, b, reach + tau);
  const double threshold = reach + tau;
  const bool apart = near.lower > threshold ||
                     (near.distance > threshold && climbSeparation(a, b, unitDirection(near.onA - near.onB), threshold) > threshold);
  return {apart, near};
}

}  // namespace c3d
