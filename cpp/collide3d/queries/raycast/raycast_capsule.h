// Caster against a solid capsule: the points within r of the segment start-end, which is the union of the capped
// cylinder around the segment and the balls at its ends (Ericson, Real-Time Collision Detection §5.3.7: a capsule
// is tested as its cylinder and its two end spheres, §5.3.2). Along the caster each part is an interval of t and
// the capsule, convex, is their union, so:
//   - it meets the capsule within the range iff it meets one of the parts there, each decided exactly
//     (meetsCylinder, meetsBall: signs of polynomials of the inputs);
//   - it starts inside (in the capsule just before and after its start) iff it starts inside one of them: the
//     capsule's interior, the points nearer than r to the segment, is the union of the parts' interiors, and the one
//     face a caster can run along is the side, which the cylinder's test covers;
//   - its span is the hull of the parts' spans (the infinite cylinder's clipped to the slab between the end planes,
//     and the two balls'), each rounded as the cylinder's and sphere's are.
// start == end is a ball: the cylinder part, whose axis is undefined, is left out. The normal at a surface point is
// the direction from the nearest point of the segment, whichever part the hit came from.
#pragma once
#include <optional>

#include "collide3d/queries/raycast/raycast_cylinder.h"
#include "collide3d/queries/raycast/raycast_sphere.h"
#include "collide3d/shapes/capsule.h"

namespace c3d {

namespace capsule_caster {

// Span faces: the cylinder's (0 the side; 1 and 2 the end planes, crossed inside the balls), then the end balls.
constexpr int kStartBall = 3, kEndBall = 4;

struct Parts {
  Cylinder side;
  Sphere startBall, endBall;
  bool hasSide;
};

inline Parts partsOf(const Capsule& capsule) {
  return {{capsule.start, capsule.end, capsule.radius},
          {capsule.start, capsule.radius},
          {capsule.end, capsule.radius},
          capsule.start != capsule.end};
}

// What the exact predicates decide about each part.
struct Meetings {
  Meeting side, startBall, endBall;
  bool meets() const { return side.meets || startBall.meets || endBall.meets; }
  bool startsInside() const { return side.startsInside || startBall.startsInside || endBall.startsInside; }
};

template <bool kSegment, bool kLimited>
Meetings meetsParts(const Caster& caster, double hi, const Parts& parts) {
  return {parts.hasSide ? meetsCylinder<kSegment, kLimited>(caster, hi, parts.side) : Meeting{false, false},
          meetsBall<kSegment, kLimited>(caster, hi, parts.startBall),
          parts.hasSide ? meetsBall<kSegment, kLimited>(caster, hi, parts.endBall) : Meeting{false, false}};
}

// Whether the caster runs on inside the capsule past hi: inside an end ball there, or strictly between the end planes
// and strictly within r of the axis (or running along the side, parallel to the axis at distance r), exactly.
template <bool kSegment>
[[gnu::noinline]] bool endsInside(const Caster& caster, double hi, const Parts& parts) {
  if (kSegment && caster.origin == caster.end) return true;  // meeting the capsule, a point stays in it
  if (endsInsideBall<kSegment>(caster, hi, parts.startBall)) return true;
  if (!parts.hasSide) return false;
  if (endsInsideBall<kSegment>(caster, hi, parts.endBall)) return true;
  const auto m = exact::filteredValues(cylinder_caster::kAtLimit<kSegment>, caster.origin,
                                       kSegment ? caster.end : caster.direction, hi, parts.side.start, parts.side.end,
                                       parts.side.radius);
  return m[0] > 0 && m[1] > 0 && (m[2] < 0 || (m[4] == 0 && m[2] == 0));
}

// One part's rounded span, widened to a touching point when the exact test found that the caster meets the part but
// rounding emptied it; left empty when the caster misses the part.
template <class Closest>
Span partSpan(Span span, bool meets, int face, Closest&& closest) {
  if (!meets) {
    span.makeEmpty();
    return span;
  }
  grazeIfEmpty(span, face, closest);
  return span;
}

inline Span ballPartSpan(const Caster& scaled, double scale, const Caster& caster, const Sphere& ball, bool meets,
                         int face) {
  Span span = unscaled(ballSpan(scaled.origin, scaled.direction, ball.center, ball.radius), scale);
  span.enterFace = span.exitFace = face;
  return partSpan(span, meets, face, [&] { return nearestParameter(caster, ball.center); });
}

// The refined t of a hit on a curved face (refined_root.h); the end planes are crossed inside the balls, never hit.
inline double refinedPartRoot(const Caster& caster, const Parts& parts, int face, double t, bool larger) {
  if (face == 0) return sideRoot(caster, parts.side, t, larger);
  const Sphere& ball = face == kStartBall ? parts.startBall : parts.endBall;
  return ballRoot(caster, ball.center, ball.radius, t, larger);
}

// The unit outward normal at a surface point: from the segment's nearest point towards it.
inline Vec3 capsuleNormal(const Capsule& capsule, Vec3 point, Vec3 fallback) {
  const Vec3 e = capsule.end - capsule.start;
  const double ee = dot(e, e), along = ee > 0 ? dot(point - capsule.start, e) / ee : 0;
  const Vec3 nearest = along <= 0 ? capsule.start : along >= 1 ? capsule.end : capsule.start + e * along;
  return normalizedOr(point - nearest, fallback);
}

}  // namespace capsule_caster

inline std::optional<RaycastHit> raycast(const Caster& caster, const Capsule& capsule,
                                         const RaycastOptions& options) {
  using namespace capsule_caster;
  const auto hi = limitOf(caster, options);
  if (!hi) return std::nullopt;
  const Parts parts = partsOf(capsule);
  const Meetings meetings =
      byCasterForm(caster, *hi, meetsParts<true, true>, meetsParts<false, true>, meetsParts<false, false>, parts);
  if (!meetings.meets()) return std::nullopt;
  const double scale = rangeScale(caster.direction);
  Caster scaled = caster;
  scaled.direction = caster.direction * scale;
  Span span = partSpan(parts.hasSide ? unscaled(cylinderSpan(scaled, parts.side), scale) : Span{},
                       meetings.side.meets, 0, [&] { return nearestToAxis(caster, parts.side); });
  span = hull(span, ballPartSpan(scaled, scale, caster, parts.startBall, meetings.startBall.meets, kStartBall));
  span = hull(span, ballPartSpan(scaled, scale, caster, parts.endBall, meetings.endBall.meets, kEndBall));
  const bool startsInside = meetings.startsInside();
  const auto hit = firstHit(span, caster, *hi, options, startsInside, [&] {
    return caster.hasEnd ? endsInside<true>(caster, *hi, parts) : endsInside<false>(caster, *hi, parts);
  });
  if (!hit) return std::nullopt;
  double t = hit->t;
  if (hit->face != kNoFace && hit->face != 1 && hit->face != 2 && isRefinableRoot(t, caster, *hi, scale)) {
    t = keptInRange(refinedPartRoot(caster, parts, hit->face, t, startsInside), caster, *hi);
  }
  RaycastHit result = makeHit(caster, t, {});
  result.normal = hit->face == kNoFace ? insideNormal(caster)
                                       : capsuleNormal(capsule, result.point, insideNormal(caster));
  return result;
}

}  // namespace c3d
