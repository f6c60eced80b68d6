// Exact squared distances between points, segments and triangles in GMP rationals, by the textbook routes (Ericson,
// Real-Time Collision Detection §5.1.2, §5.1.5, §5.1.9): the references for the rounded shapes' decisions and
// distances.
#pragma once
#include <gmpxx.h>

#include "exact_reference.h"

namespace c3d::testing {

// The exact squared distance from p to segment ab.
inline mpq_class squaredToSegment(const Q3& p, const Q3& a, const Q3& b) {
  const Q3 e = b - a;
  const mpq_class length = dotQ(e, e);
  mpq_class t = length == 0 ? mpq_class(0) : dotQ(p - a, e) / length;
  if (t < 0) t = 0;
  if (t > 1) t = 1;
  const Q3 gap = p - (a + e * t);
  return dotQ(gap, gap);
}

// The exact squared distance from p to the closed triangle.
inline mpq_class squaredToTriangle(Vec3 point, const Triangle& t) {
  const Q3 p = q(point), a = q(t.a), b = q(t.b), c = q(t.c);
  const Q3 n = crossQ(b - a, c - a);
  const mpq_class nn = dotQ(n, n);
  if (nn != 0) {
    const mpq_class height = dotQ(n, p - a);
    const Q3 foot = p - n * (height / nn);
    const bool inside = dotQ(crossQ(b - a, foot - a), n) >= 0 && dotQ(crossQ(c - b, foot - b), n) >= 0 &&
                        dotQ(crossQ(a - c, foot - c), n) >= 0;
    if (inside) return height * height / nn;
  }
  mpq_class best = squaredToSegment(p, a, b);
  for (const mpq_class& d : {squaredToSegment(p, b, c), squaredToSegment(p, c, a)}) best = d < best ? d : best;
  return best;
}

// The exact squared distance between segments p1q1 and p2q2: Ericson's closest points (§5.1.9), clamped in
// rationals.
inline mpq_class squaredBetweenSegments(const Q3& p1, const Q3& q1, const Q3& p2, const Q3& q2) {
  const Q3 d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2;
  const mpq_class a = dotQ(d1, d1), e = dotQ(d2, d2), f = dotQ(d2, r);
  const auto clamp = [](const mpq_class& x) { return x < 0 ? mpq_class(0) : x > 1 ? mpq_class(1) : x; };
  mpq_class s = 0, t = 0;
  if (a == 0 && e == 0) {
    // Two points.
  } else if (a == 0) {
    t = clamp(f / e);
  } else {
    const mpq_class c = dotQ(d1, r);
    if (e == 0) {
      s = clamp(-c / a);
    } else {
      const mpq_class b = dotQ(d1, d2), den = a * e - b * b;
      s = den != 0 ? clamp((b * f - c * e) / den) : mpq_class(0);
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0, s = clamp(-c / a);
      } else if (t > 1) {
        t = 1, s = clamp((b - c) / a);
      }
    }
  }
  const Q3 gap = (p1 + d1 * s) - (p2 + d2 * t);
  return dotQ(gap, gap);
}

// The exact squared distance from segment pq to the closed triangle: 0 where the segment crosses the triangle's
// plane inside it, else the least of its ends' distances to the triangle and its distances to the three edges.
inline mpq_class squaredSegmentToTriangle(Vec3 start, Vec3 end, const Triangle& t) {
  const Q3 p = q(start), e = q(end), a = q(t.a), b = q(t.b), c = q(t.c);
  const Q3 n = crossQ(b - a, c - a);
  const mpq_class h0 = dotQ(n, p - a), h1 = dotQ(n, e - a);
  if ((h0 < 0 && h1 > 0) || (h0 > 0 && h1 < 0)) {
    const Q3 x = p + (e - p) * (h0 / (h0 - h1));
    if (dotQ(crossQ(b - a, x - a), n) >= 0 && dotQ(crossQ(c - b, x - b), n) >= 0 && dotQ(crossQ(a - c, x - c), n) >= 0) {
      return 0;
    }
  }
  mpq_class best = squaredToTriangle(start, t);
  for (const mpq_class& d : {squaredToTriangle(end, t), squaredBetweenSegments(p, e, a, b),
                             squaredBetweenSegments(p, e, b, c), squaredBetweenSegments(p, e, c, a)}) {
    best = d < best ? d : best;
  }
  return best;
}

}  // namespace c3d::testing
