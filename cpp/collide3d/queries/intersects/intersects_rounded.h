// Points, spheres, segments and capsules are cores (a point, a segment) grown by a radius: two of them meet when
// their cores come within the sum of the radii (Ericson §4.5.1 for capsules), decided exactly from the inputs.
// closestPoints(), distance() and contact() consult this same decision, so the four queries agree on every pair.
#pragma once
#include <algorithm>
#include <cmath>

#include "collide3d/queries/distance/closest_cores.h"
#include "collide3d/queries/intersects/rounded_predicates.h"

namespace c3d {

// Whether the shapes meet, given their cores' closest points pa and pb (closestCores). Those are within a few ulps
// of the coordinates' size m of points of the cores, so a pair nearer than the reach by more than a slack of
// 2^-44 (m + reach) proves the shapes meet; and the cores' projections on the direction pa -> pb, apart by more than
// the reach plus that slack, prove them apart (a separating axis). Only pairs within the slack of touching, where
// rounding could decide, take the exact test (segmentsWithin), whose exact path is costly for nearly parallel cores.
inline bool coresWithin(const Rounded& a, const Rounded& b, Vec3 pa, Vec3 pb) {
  const Segment &p = a.core, &q = b.core;
  const double reach = a.radius + b.radius;
  double m = 0;
  for (const Vec3 v : {p.start, p.end, q.start, q.end}) {
    m = std::max({m, std::fabs(v.x), std::fabs(v.y), std::fabs(v.z)});
  }
  if (m > 0x1p-500 && m < 0x1p500 && reach < 0x1p500) {  // far from underflow and overflow
    const double slack = 0x1p-44 * (m + reach);
    const Vec3 gap = pb - pa;
    const double d = length(gap);
    if (d + slack < reach) return true;
    if (d > 0) {
      const Vec3 v = gap * (1 / d);
      const double from = std::fmax(dot(v, p.start), dot(v, p.end)), to = std::fmin(dot(v, q.start), dot(v, q.end));
      if (to - from > reach + slack) return false;
    }
  }
  return segmentsWithin(p.start, p.end, q.start, q.end, a.radius, b.radius);
}

inline bool intersectsRounded(const Rounded& a, const Rounded& b) {
  const Segment& q = b.core;
  const double reach = a.radius + b.radius;
  if (boxesApart(a.core.start, a.core.end, reach, componentMin(q.start, q.end), componentMax(q.start, q.end))) {
    return false;
  }
  Vec3 pa, pb;
  closestCores(a, b, pa, pb);
  return coresWithin(a, b, pa, pb);
}

}  // namespace c3d
