// The first point where a caster comes within R of a polytope D (swept_polytope.h): D grown by a ball of radius R
// is the union of D, of each face's slab (the face moved R along its normal both ways, and what lies between) and of
// each edge's capsule of radius R. A caster starting outside enters that union first through one of the slabs'
// two faces or one of the capsules (the part inside D is reached only through them), so its first hit is the least
// over those flat and rounded pieces, each cast by the raycast kernels (raycast_triangle.h, raycast_capsule.h).
// The hit is traced back to the target: the point of D it is nearest, as the weights of that face's or edge's
// vertices, gives the target point (the same weights of the vertices' target points).
#pragma once
#include <cmath>
#include <optional>

#include "collide3d/queries/raycast/raycast_capsule.h"
#include "collide3d/queries/raycast/raycast_triangle.h"
#include "collide3d/queries/sweep/swept_polytope.h"

namespace c3d {

struct RoundedHit {
  double t;
  Vec3 normal;  // unit, from D towards the caster's point at t
  Vec3 target;  // the point of the target's core the caster's point is nearest at t
};

namespace cast_rounded {

inline void keep(std::optional<RoundedHit>& best, double t, Vec3 normal, Vec3 target) {
  if (!best || t < best->t) best = RoundedHit{t, normal, target};
}

inline Vec3 blend(Vec3 a, Vec3 b, Vec3 c, double u, double v) { return a * (1 - u - v) + b * u + c * v; }

// The slab of face triangle (i, j, k) of D: its two copies R away along the normal (one copy when R is 0).
inline void castSlab(const Caster& caster, const SweptPolytope& d, int i, int j, int k, double reach,
                     std::optional<RoundedHit>& best) {
  const SweptPolytope::Vertex &p = d.vertex[i], &q = d.vertex[j], &r = d.vertex[k];
  const Triangle face{p.at(), q.at(), r.at()};
  const Vec3 n = faceNormal(face);
  if (!(lengthSquared(n) > 0)) return;  // no area: the edges' capsules cover it
  const Vec3 lift = unitDirection(n) * reach;
  RaycastOptions options;
  for (const double side : {1.0, -1.0}) {
    if (best) options.maxDistance = best->t;
    const Triangle copy{face.a + lift * side, face.b + lift * side, face.c + lift * side};
    const auto hit = raycast(caster, copy, options);
    // The copy's outward side, whatever side the caster met it from (a caster running in its plane has no other).
    const Vec3 outward = reach > 0 ? unitDirection(n) * side : hit ? hit->normal : Vec3{};
    if (hit) keep(best, hit->t, outward, blend(p.target, q.target, r.target, hit->u, hit->v));
    if (reach == 0) return;
  }
}

inline void castEdge(const Caster& caster, const SweptPolytope& d, int i, int j, double reach,
                     std::optional<RoundedHit>& best) {
  const SweptPolytope::Vertex &p = d.vertex[i], &q = d.vertex[j];
  const Capsule capsule{p.at(), q.at(), reach};
  RaycastOptions options;
  if (best) options.maxDistance = best->t;
  const auto hit = raycast(caster, capsule, options);
  if (!hit) return;
  const Vec3 e = capsule.end - capsule.start;
  const double ee = dot(e, e);
  const double s = ee > 0 ? std::fmin(1.0, std::fmax(0.0, dot(hit->point - capsule.start, e) / ee)) : 0;
  keep(best, hit->t, hit->normal, p.target + (q.target - p.target) * s);
}

}  // namespace cast_rounded

// The caster's first hit on D grown by `reach`; the caster should start outside it (a start inside is the
// sweep's "touching at the start", decided before).
[[gnu::noinline]] inline std::optional<RoundedHit> castRounded(const Caster& caster, const SweptPolytope& d, double reach) {
  using namespace cast_rounded;
  std::optional<RoundedHit> best;
  for (int f = 0; f < d.faces; ++f) {
    const uint8_t* c = d.face[f];
    castSlab(caster, d, c[0], c[1], c[2], reach, best);
    if (d.faceSize[f] == 4) castSlab(caster, d, c[0], c[2], c[3], reach, best);
  }
  for (int e = 0; e < d.edges; ++e) castEdge(caster, d, d.edge[e][0], d.edge[e][1], reach, best);
  return best;
}

}  // namespace c3d
