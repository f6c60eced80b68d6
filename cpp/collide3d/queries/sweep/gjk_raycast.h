// The first contact of a translating core against a fixed one, both grown by their radii (convex_core.h), by GJK
// ray casting: van den Bergen, "Ray Casting against General Convex Objects with Application to Continuous Collision
// Detection", 2004. The moving core A at time t is A + t * velocity, and it meets B when the origin is within the
// radii's sum (the reach) of (A - B) + t * velocity. GJK runs on that difference while t only moves forward: when
// the support point w along -v shows the plane through w orthogonal to v keeps the difference more than the reach
// from the origin, t jumps to the time the motion closes that gap (a miss if it never does before t = 1); otherwise
// w joins the simplex as in gjk(). Each jump stops at or before the first contact, since nothing of the difference
// crosses the plane sooner. Subtracting reach * |v| from the gap is how Jolt's CastShape treats convex radii.
// The loop ends when |v| comes within the reach (plus 1e-12 of the size), or when GJK at the current t makes no
// more progress without a jump (the distance's lower bound is within the reach: a touch); after 128 steps it
// reports a touch at the t reached, never later than the first contact. Floating point; nothing exact.
#pragma once
#include <cmath>
#include <optional>

#include "collide3d/queries/distance/gjk.h"
#include "collide3d/queries/results.h"

namespace c3d {

// t in [0, 1]; the point on the target's surface (B's core point grown by its radius along the normal), and the
// target's unit normal there, towards the moving core. t = 0 when they already meet (within the tolerance).
[[gnu::noinline]] inline std::optional<SweepHit> gjkRaycast(const ConvexCore& moving, Vec3 velocity,
                                                            const ConvexCore& target) {
  using namespace gjk_detail;
  const double reach = moving.radius + target.radius;
  double size = reach + length(velocity);
  for (int i = 0; i < moving.cornerCount(); ++i) size = std::fmax(size, length(moving.corner[i]));
  for (int i = 0; i < target.cornerCount(); ++i) size = std::fmax(size, length(target.corner[i]));
  const double tolerance = 1e-12 * size;
  double t = 0;
  Vec3 offset{}, normal{};  // offset = t * velocity; normal: v at the last jump
  GjkSimplex s;  // seeded with the start corners' difference, so that v is always the simplex's point
  s.v[0] = {moving.corner[0] - target.corner[0], moving.corner[0], target.corner[0]};
  s.weight[0] = 1;
  s.count = 1;
  Vec3 v = s.v[0].w;
  for (int iteration = 0; iteration < 128; ++iteration) {
    const double norm = length(v);
    if (norm <= reach + tolerance) break;
    const Vec3 a = moving.support(-v), b = target.support(v);
    Vec3 w = a + offset - b;
    const double gap = dot(v, w) - reach * norm;
    const bool jump = gap > 0;
    if (jump) {
      const double closing = dot(v, velocity);
      if (!(closing < 0)) return std::nullopt;  // moving away from the plane that keeps them apart
      t -= gap / closing;
      if (t > 1) return std::nullopt;
      offset = velocity * t, normal = v, w = a + offset - b;
      for (int i = 0; i < s.count; ++i) s.v[i].w = s.v[i].a + offset - s.v[i].b;
    }
    bool repeated = false;
    for (int i = 0; i < s.count; ++i) repeated = repeated || (s.v[i].a == a && s.v[i].b == b);
    if (repeated && !jump) break;  // nothing new at this t: GJK has converged here, within the reach
    const GjkSimplex before = s;
    if (!repeated) s.v[s.count++] = {w, a, b};
    bool inside = false;
    const Vec3 next = nearestOnSimplex(s, inside);
    if (inside) {
      v = {};
      break;
    }
    if (!jump && !(lengthSquared(next) < norm * norm)) {  // no progress without a jump: a touch, to rounding
      s = before;
      break;
    }
    v = next;
  }
  Vec3 onB{};  // the target's point: the simplex's points of B
  for (int i = 0; i < s.count; ++i) onB = onB + s.v[i].b * s.weight[i];
  // v's direction, unless v is too short to have one: then the separating direction of the last jump, or against
  // the motion when the shapes met at the start.
  const Vec3 n = length(v) > 1e-9 * size ? unitDirection(v)
                                         : normalizedOr(normal, normalizedOr(-velocity, {0, 0, 1}));
  return SweepHit{t, onB + n * target.radius, n};
}

}  // namespace c3d
