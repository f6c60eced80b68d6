// Exact references for the raycast decisions, in GMP's rationals and by other routes than the library's: the
// caster's parameter interval inside each shape (slab intervals, clipping by the edges, the segment's parameters),
// then the raycast rules applied to it by their definitions. Ball, cylinder and capsule, whose intervals have
// irrational ends, are decided by the caster's closest parameter and by comparing squares.
#pragma once
#include <gmpxx.h>

#include <array>
#include <utility>
#include <vector>

#include "collide3d/queries/raycast/raycast.h"

namespace c3d::testing {

struct Q3 {
  mpq_class x, y, z;
};
inline Q3 q(Vec3 v) { return {mpq_class(v.x), mpq_class(v.y), mpq_class(v.z)}; }
inline Q3 operator-(const Q3& a, const Q3& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline Q3 operator+(const Q3& a, const Q3& b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline Q3 operator*(const Q3& a, const mpq_class& s) { return {a.x * s, a.y * s, a.z * s}; }
inline mpq_class dotQ(const Q3& a, const Q3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline Q3 crossQ(const Q3& a, const Q3& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline bool isZeroQ(const Q3& a) { return a.x == 0 && a.y == 0 && a.z == 0; }

// The three casters from an origin towards a target: the segment, the ray and the line.
inline std::array<Caster, 3> castersTowards(Vec3 origin, Vec3 target) {
  return {toCaster(Segment{origin, target}), toCaster(Ray{origin, target - origin}),
          toCaster(Line{origin, target - origin})};
}

// The caster's exact direction: a segment's end minus its start, exactly.
inline Q3 casterDirection(const Caster& caster) {
  return caster.hasEnd ? q(caster.end) - q(caster.origin) : q(caster.direction);
}

// The parameters a raycast accepts: t >= 0 unless a line (hasLow), t <= min(1 for a segment, maxDistance).
struct Range {
  bool hasLow = false, hasHigh = false;
  mpq_class high;
  bool empty() const { return hasLow && hasHigh && high < 0; }
};
inline Range rangeOf(const Caster& caster, const RaycastOptions& options = {}) {
  Range range;
  range.hasLow = caster.tMin == 0;
  if (caster.hasEnd) range.hasHigh = true, range.high = 1;
  if (options.maxDistance < (caster.hasEnd ? 1.0 : kInfinity)) range.hasHigh = true, range.high = options.maxDistance;
  return range;
}

// The closed interval of the caster's line in a closed convex set; either end may be unbounded.
struct Interval {
  bool empty = false;
  bool hasEnter = false, hasExit = false;
  mpq_class enter, exit;
  void keepAtLeast(const mpq_class& t) {
    if (!hasEnter || t > enter) enter = t, hasEnter = true;
  }
  void keepAtMost(const mpq_class& t) {
    if (!hasExit || t < exit) exit = t, hasExit = true;
  }
  // Keeps the t where value + t rate >= 0.
  void keepNonNegative(const mpq_class& value, const mpq_class& rate) {
    if (rate == 0) {
      empty = empty || value < 0;
    } else if (rate > 0) {
      keepAtLeast(-value / rate);
    } else {
      keepAtMost(-value / rate);
    }
  }
  bool isEmpty() const { return empty || (hasEnter && hasExit && enter > exit); }
};

// The raycast rules by their definition: a caster running through the set at its start (in it just before and
// after) hits there when solid, else where it leaves — if that is within the range; otherwise it hits iff the
// interval and the range share a point. Flat sets are passed solid (they have no inside to leave).
inline bool referenceHit(const Interval& in, const Range& range, bool solid) {
  if (in.isEmpty() || range.empty()) return false;
  const bool startsInside = range.hasLow && (!in.hasEnter || in.enter < 0) && (!in.hasExit || in.exit > 0);
  if (startsInside && !solid) return in.hasExit && (!range.hasHigh || in.exit <= range.high);
  if (range.hasLow && in.hasExit && in.exit < 0) return false;
  return !(range.hasHigh && in.hasEnter && in.enter > range.high);
}

// The slab intervals of origin + t direction within [lo, hi] on three axes, as exact rationals.
inline Interval slabsInterval(const mpq_class (&o)[3], const mpq_class (&d)[3], const mpq_class (&lo)[3],
                              const mpq_class (&hi)[3]) {
  Interval in;
  for (int axis = 0; axis < 3; ++axis) {
    in.keepNonNegative(o[axis] - lo[axis], d[axis]);
    in.keepNonNegative(hi[axis] - o[axis], -d[axis]);
  }
  return in;
}

inline Interval boxInterval(const Caster& caster, const Aabb& box) {
  const Q3 o = q(caster.origin), d = casterDirection(caster), lo = q(box.min), hi = q(box.max);
  return slabsInterval({o.x, o.y, o.z}, {d.x, d.y, d.z}, {lo.x, lo.y, lo.z}, {hi.x, hi.y, hi.z});
}

// The OBB c + sum_i s_i h_i a_i in its own coordinates s_i h_i, by Cramer's rule: n_i.(p - c) / det with
// n_i = a_j x a_k, as exact rationals.
inline Interval obbInterval(const Caster& caster, const Obb& box) {
  const Q3 a[3] = {q(box.rotation.column(0)), q(box.rotation.column(1)), q(box.rotation.column(2))};
  const Q3 n[3] = {crossQ(a[1], a[2]), crossQ(a[2], a[0]), crossQ(a[0], a[1])};
  const mpq_class det = dotQ(a[0], n[0]);
  const Q3 w = q(caster.origin) - q(box.center), d = casterDirection(caster);
  mpq_class o[3], dl[3], lo[3], hi[3];
  for (int i = 0; i < 3; ++i) {
    o[i] = dotQ(n[i], w) / det, dl[i] = dotQ(n[i], d) / det;
    hi[i] = component(box.halfSize, i), lo[i] = -hi[i];
  }
  return slabsInterval(o, dl, lo, hi);
}

inline Interval planeInterval(const Caster& caster, const Plane& plane) {
  const Q3 n = q(plane.normal);
  const mpq_class value = dotQ(n, q(caster.origin)) + plane.constant, rate = dotQ(n, casterDirection(caster));
  Interval in;
  in.keepNonNegative(value, rate);
  in.keepNonNegative(-value, -rate);
  return in;
}

// The caster's line against the closed triangle: crossing its plane, the one parameter where it does if the line
// sees the three edges turning one way (or along one); lying in the plane, clipped by the three edges' inward
// half-planes (n x edge); a zero-area triangle is the segment between its farthest vertices, met by solving
// o + t d = p + s e.
inline Interval triangleInterval(const Caster& caster, const Triangle& tri) {
  const Q3 o = q(caster.origin), d = casterDirection(caster), a = q(tri.a), b = q(tri.b), c = q(tri.c);
  const Q3 n = crossQ(b - a, c - a);
  Interval in;
  if (!isZeroQ(n)) {
    const mpq_class rate = dotQ(n, d);
    if (rate != 0) {
      const int s0 = sgn(dotQ(d, crossQ(a - o, b - o))), s1 = sgn(dotQ(d, crossQ(b - o, c - o)));
      const int s2 = sgn(dotQ(d, crossQ(c - o, a - o)));
      if ((s0 > 0 || s1 > 0 || s2 > 0) && (s0 < 0 || s1 < 0 || s2 < 0)) {
        in.empty = true;
      } else {
        const mpq_class t = dotQ(n, a - o) / rate;
        in.keepAtLeast(t), in.keepAtMost(t);
      }
      return in;
    }
    if (dotQ(n, o - a) != 0) {
      in.empty = true;
      return in;
    }
    const Q3 v[3] = {a, b, c};
    for (int i = 0; i < 3; ++i) {
      const Q3 inward = crossQ(n, v[(i + 1) % 3] - v[i]);
      in.keepNonNegative(dotQ(inward, o - v[i]), dotQ(inward, d));
    }
    return in;
  }
  const Segment covering = coveringSegment(tri);
  const Q3 p = q(covering.start), e = q(covering.end) - p, w = p - o;
  const Q3 k = crossQ(d, e);
  if (!isZeroQ(k)) {  // o + t d = p + s e: coplanar, then t = ((w x e).k) / (k.k), s = ((w x d).k) / (k.k)
    const mpq_class kk = dotQ(k, k), s = dotQ(crossQ(w, d), k) / kk;
    if (dotQ(w, k) != 0 || s < 0 || s > 1) {
      in.empty = true;
    } else {
      const mpq_class t = dotQ(crossQ(w, e), k) / kk;
      in.keepAtLeast(t), in.keepAtMost(t);
    }
    return in;
  }
  if (isZeroQ(d)) {  // a point: on the segment or not
    const mpq_class along = -dotQ(w, e);
    in.empty = !isZeroQ(crossQ(w, e)) || along < 0 || along > dotQ(e, e) || (isZeroQ(e) && !isZeroQ(w));
    return in;
  }
  if (!isZeroQ(crossQ(w, d))) {
    in.empty = true;
    return in;
  }
  const mpq_class dd = dotQ(d, d), t0 = dotQ(w, d) / dd, t1 = dotQ(w + e, d) / dd;
  in.keepAtLeast(t0 < t1 ? t0 : t1), in.keepAtMost(t0 < t1 ? t1 : t0);
  return in;
}

// The ball: with a = d.d, b = d.w, c = w.w - r^2, the line is inside for a t^2 + 2 b t + c <= 0. Running
// through it at the start iff c < 0 (a point: iff c <= 0, and it never leaves); leaving by hi iff the larger root
// (-b + sqrt(b^2 - ac)) / a <= hi, compared by squares; otherwise meeting the range iff the range's point closest to
// the centre, -b / a clamped, lies in the ball.
inline bool referenceBallHit(const Caster& caster, const Sphere& sphere, const Range& range, bool solid) {
  if (range.empty()) return false;
  const Q3 d = casterDirection(caster), w = q(caster.origin) - q(sphere.center);
  const mpq_class a = dotQ(d, d), b = dotQ(d, w), r = sphere.radius, c = dotQ(w, w) - r * r;
  if (a == 0) return c <= 0 && solid;
  if (range.hasLow && c < 0 && !solid) {
    if (!range.hasHigh) return true;
    const mpq_class reach = a * range.high + b;
    return reach >= 0 && b * b - a * c <= reach * reach;
  }
  mpq_class t = -b / a;
  if (range.hasLow && t < 0) t = 0;
  if (range.hasHigh && t > range.high) t = range.high;
  const Q3 p = w + d * t;
  return dotQ(p, p) <= r * r;
}

// The capped cylinder: the slab between the caps gives a rational interval; within r of the axis is the convex
// quadratic A t^2 + 2 B t + C <= 0 (m = d x e, n = w x e: A = m.m, B = m.n, C = n.n - r^2 e.e). Running through
// it at the start: inside the slab (strictly, unless parallel to the caps) and C < 0 (C <= 0 when parallel to the
// axis); leaving by hi iff the slab's exit or the quadratic's larger root is <= hi. Otherwise meeting the range:
// the quadratic's minimum over the range within the slab is <= 0.
inline bool referenceCylinderHit(const Caster& caster, const Cylinder& cylinder, const Range& range, bool solid) {
  if (range.empty()) return false;
  const Q3 o = q(caster.origin), d = casterDirection(caster), a = q(cylinder.start);
  const Q3 e = q(cylinder.end) - a, w = o - a;
  const mpq_class ee = dotQ(e, e), we = dotQ(w, e), de = dotQ(d, e), r = cylinder.radius;
  const Q3 m = crossQ(d, e), n = crossQ(w, e);
  const mpq_class A = dotQ(m, m), B = dotQ(m, n), C = dotQ(n, n) - r * r * ee;
  Interval slab;
  slab.keepNonNegative(we, de);
  slab.keepNonNegative(ee - we, -de);
  const bool inSlab = de == 0 ? we >= 0 && we <= ee : we > 0 && we < ee;
  if (range.hasLow && inSlab && (A == 0 ? C <= 0 : C < 0) && !solid) {
    if (!range.hasHigh) return de != 0 || A != 0;
    if (slab.hasExit && slab.exit <= range.high) return true;
    const mpq_class reach = A * range.high + B;
    return A != 0 && reach >= 0 && B * B - A * C <= reach * reach;
  }
  if (range.hasLow) slab.keepAtLeast(0);
  if (range.hasHigh) slab.keepAtMost(range.high);
  if (slab.isEmpty()) return false;
  if (A == 0) return C <= 0;
  auto qAt = [&](const mpq_class& t) { return mpq_class(A * t * t + 2 * B * t + C); };
  mpq_class t = -B / A;
  if (slab.hasEnter && t < slab.enter) t = slab.enter;
  if (slab.hasExit && t > slab.exit) t = slab.exit;
  return qAt(t) <= 0;
}

// The capsule by its definition: f(t), the squared distance from the caster's point to the segment start-end, is
// convex and piecewise quadratic (the nearest point the start, the end, or the axis between them), and the caster
// is inside where f <= r^2. Running through it at the start: f(0) < r^2, or running along the side (parallel to the
// axis at distance r, strictly between the end planes); a point: f(0) <= r^2, never leaving. Leaving by hi: f(hi) >
// r^2, or f(hi) = r^2 without running along the side there. Otherwise meeting the range iff f's minimum over it is
// <= r^2: that minimum lies at an end of the range, at a break (the caster crossing an end plane) or at a piece's
// vertex, so f is evaluated at each of those that lie in the range.
inline bool referenceCapsuleHit(const Caster& caster, const Capsule& capsule, const Range& range, bool solid) {
  if (range.empty()) return false;
  const Q3 o = q(caster.origin), d = casterDirection(caster), a = q(capsule.start);
  const Q3 e = q(capsule.end) - a, w = o - a;
  const mpq_class ee = dotQ(e, e), we = dotQ(w, e), de = dotQ(d, e), dd = dotQ(d, d), rr = mpq_class(capsule.radius) * capsule.radius;
  auto f = [&](const mpq_class& t) {
    const Q3 p = w + d * t;
    const mpq_class along = dotQ(p, e);
    if (ee == 0 || along <= 0) return dotQ(p, p);
    if (along >= ee) return mpq_class(dotQ(p - e, p - e));
    return mpq_class(dotQ(p, p) - along * along / ee);
  };
  const bool parallel = isZeroQ(crossQ(d, e));
  auto alongSide = [&](const mpq_class& t) {
    const mpq_class along = we + de * t;
    return ee != 0 && !isZeroQ(d) && parallel && f(t) == rr && along > 0 && along < ee;
  };
  if (dd == 0) return f(0) <= rr && solid;
  const bool startsInside = range.hasLow && (f(0) < rr || alongSide(0));
  if (startsInside && !solid) return !range.hasHigh || f(range.high) > rr || (f(range.high) == rr && !alongSide(range.high));
  std::vector<mpq_class> candidates;
  if (range.hasLow) candidates.push_back(0);
  if (range.hasHigh) candidates.push_back(range.high);
  candidates.push_back(-dotQ(w, d) / dd);      // the start ball's vertex
  candidates.push_back(-dotQ(w - e, d) / dd);  // the end ball's vertex
  if (de != 0) candidates.push_back(-we / de), candidates.push_back((ee - we) / de);
  const Q3 m = crossQ(d, e);
  if (!isZeroQ(m)) candidates.push_back(-dotQ(m, crossQ(w, e)) / dotQ(m, m));  // the side's vertex
  for (const mpq_class& t : candidates) {
    if ((range.hasLow && t < 0) || (range.hasHigh && t > range.high)) continue;
    if (f(t) <= rr) return true;
  }
  return false;
}

}  // namespace c3d::testing
