// The first point where a caster comes within R of a polytope D (swept_polytope.h): D grown by a ball of radius R
// is the union of D, of each face's slab (the face moved R along its normal both ways, and what lies between), of
// each edge's cylinder of radius R and of each corner's ball. A caster starting outside enters that union first
// through one of the slabs' two faces, a cylinder or a ball (the part inside D is reached only through them), so its
// first hit is the least over those flat and rounded pieces, each cast by the raycast kernels (raycast_triangle.h,
// raycast_cylinder.h, raycast_sphere.h). A corner's ball is cast once, not once per edge that meets there: after
// the first, the caster would be limited to exactly that ball's contact, where only exact arithmetic tells.
// The hit is traced back to the target: the point of D it is nearest, as the weights of that face's or edge's
// vertices, gives the target point (the same weights of the vertices' target points).
#pragma once
#include <cmath>
#include <optional>

#include "collide3d/queries/distance/closest_cores.h"
#include "collide3d/queries/raycast/raycast_capsule.h"
#include "collide3d/queries/raycast/raycast_cylinder.h"
#include "collide3d/queries/raycast/raycast_sphere.h"
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

inline double rangeOf(Vec3 v) { return std::fmax(std::fabs(v.x), std::fmax(std::fabs(v.y), std::fabs(v.z))); }

inline Vec3 blend(Vec3 a, Vec3 b, Vec3 c, double u, double v) { return a * (1 - u - v) + b * u + c * v; }

// What every piece's cast shares: the caster's box, and a margin (1e-9 of the sizes involved, far above the
// rounding of the float tests below) by which a piece must clear the caster for its exact cast to be skipped. Most
// pieces are nowhere near the caster, and the exact kernels cost the most when they are skipped least.
// Everything is cast relative to the caster's start (`origin`): the exact kernels' filters then decide on small
// numbers and seldom fall back to exact arithmetic, and the cast decides nothing exactly anyway.
struct Reach {
  Vec3 origin, lo, hi;
  double margin;
  Vec3 at(const SweptPolytope::Vertex& v) const { return v.at() - origin; }
  bool clear(Vec3 a, Vec3 b, Vec3 c, double grow) const {
    const Vec3 plo = componentMin(componentMin(a, b), c), phi = componentMax(componentMax(a, b), c);
    const double g = grow + margin;
    return plo.x - g > hi.x || plo.y - g > hi.y || plo.z - g > hi.z || phi.x + g < lo.x || phi.y + g < lo.y ||
           phi.z + g < lo.z;
  }
};

// The slab of face triangle (i, j, k) of D: its two copies R away along the normal (one copy when R is 0).
inline void castSlab(const Caster& caster, const Reach& near, const SweptPolytope& d, int i, int j, int k,
                     double reach, std::optional<RoundedHit>& best) {
  const SweptPolytope::Vertex &p = d.vertex[i], &q = d.vertex[j], &r = d.vertex[k];
  const Triangle face{near.at(p), near.at(q), near.at(r)};
  if (near.clear(face.a, face.b, face.c, reach)) return;
  const Vec3 n = faceNormal(face);
  if (!(lengthSquared(n) > 0)) return;  // no area: the edges' capsules cover it
  const Vec3 unit = unitDirection(n), lift = unit * reach;
  // The caster's ends' heights over the face's plane, along its unit normal (exact to a few ulps of the sizes).
  const double from = dot(caster.origin - face.a, unit), to = dot(caster.end - face.a, unit);
  for (const double side : {1.0, -1.0}) {
    // A copy whose plane the caster keeps clear of on one side (walking along a floor, falling past a wall) is
    // not met: the exact kernel would find so, at most cost when the caster runs parallel to it.
    const double lo = std::fmin(from, to) - side * reach, hi = std::fmax(from, to) - side * reach;
    if (lo > near.margin || hi < -near.margin) {
      if (reach == 0) return;
      continue;
    }
    const Triangle copy{face.a + lift * side, face.b + lift * side, face.c + lift * side};
    // Not limited to the best hit so far: coplanar copies (the faces of a D flattened by a core parallel to the
    // target, a capsule standing by a wall) would put that limit exactly on the copy, where only exact arithmetic
    // tells; a later hit no nearer is not kept anyway.
    const auto hit = raycast(caster, copy, RaycastOptions{});
    // The copy's outward side, whatever side the caster met it from (a caster running in its plane has no other).
    const Vec3 outward = reach > 0 ? unitDirection(n) * side : hit ? hit->normal : Vec3{};
    if (hit) keep(best, hit->t, outward, blend(p.target, q.target, r.target, hit->u, hit->v));
    if (reach == 0) return;
  }
}

// A corner's ball of radius R.
inline void castCorner(const Caster& caster, const Reach& near, const SweptPolytope::Vertex& v, double reach,
                       std::optional<RoundedHit>& best) {
  const Vec3 center = near.at(v);
  if (near.clear(center, center, center, reach)) return;
  RaycastOptions options;
  if (best) options.maxDistance = best->t;
  if (const auto hit = raycast(caster, Sphere{center, reach}, options)) keep(best, hit->t, hit->normal, v.target);
}

// An edge's cylinder of radius R (with R = 0, the edge itself). A caster along the edge keeps its distance to the
// edge's line, so it can enter the rounded edge only through a corner's ball: it is left to those.
inline void castEdge(const Caster& caster, const Reach& near, const SweptPolytope& d, int i, int j, double reach,
                     std::optional<RoundedHit>& best) {
  const SweptPolytope::Vertex &p = d.vertex[i], &q = d.vertex[j];
  const Capsule capsule{near.at(p), near.at(q), reach};
  const Vec3 e = capsule.end - capsule.start;
  if (isZero(cross(caster.end - caster.origin, e))) return;  // along the edge, or an edge of no length
  if (near.clear(capsule.start, capsule.end, capsule.end, reach)) return;
  // The segments' distance is within a few ulps of the sizes of their least (closest_cores.h).
  Vec3 onCaster, onEdge;
  closestOnSegments({caster.origin, caster.end}, {capsule.start, capsule.end}, onCaster, onEdge);
  if (length(onCaster - onEdge) > reach + near.margin) return;
  RaycastOptions options;
  if (best) options.maxDistance = best->t;
  const auto hit = reach > 0 ? raycast(caster, Cylinder{capsule.start, capsule.end, reach}, options)
                             : raycast(caster, capsule, options);
  if (!hit) return;
  // From the edge's nearest point: a hit on the cylinder's flat end lies on the rim, where the corner's ball has
  // this normal, not the end's.
  const Vec3 normal = capsule_caster::capsuleNormal(capsule, hit->point, hit->normal);
  const double ee = dot(e, e);
  const double s = std::fmin(1.0, std::fmax(0.0, dot(hit->point - capsule.start, e) / ee));
  keep(best, hit->t, normal, p.target + (q.target - p.target) * s);
}

}  // namespace cast_rounded

// The caster's first hit on D grown by `reach`; the caster should start outside it (a start inside is the
// sweep's "touching at the start", decided before).
[[gnu::noinline]] inline std::optional<RoundedHit> castRounded(const Caster& caster, const SweptPolytope& d, double reach) {
  using namespace cast_rounded;
  const Caster local = toCaster(Segment{{0, 0, 0}, caster.end - caster.origin});
  double size = reach + std::fmax(rangeOf(caster.origin), rangeOf(caster.end));
  for (int v = 0; v < d.vertices; ++v) size = std::fmax(size, rangeOf(d.vertex[v].at()));
  const Reach near{caster.origin, componentMin(local.origin, local.end), componentMax(local.origin, local.end),
                   1e-9 * size};
  std::optional<RoundedHit> best;
  for (int f = 0; f < d.faces; ++f) {
    const uint8_t* c = d.face[f];
    castSlab(local, near, d, c[0], c[1], c[2], reach, best);
    if (d.faceSize[f] == 4) castSlab(local, near, d, c[0], c[2], c[3], reach, best);
  }
  for (int v = 0; v < d.vertices; ++v) castCorner(local, near, d.vertex[v], reach, best);
  for (int e = 0; e < d.edges; ++e) castEdge(local, near, d, d.edge[e][0], d.edge[e][1], reach, best);
  return best;
}

}  // namespace c3d
