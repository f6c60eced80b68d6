// Caster against solid boxes by the slab method (Kay & Kajiya 1986): three axis slabs clip the caster's line.
// An OBB is the same test in the box's own frame (Ericson, Real-Time Collision Detection §5.3.3).
// A zero direction component keeps the line only if it lies within that slab, boundaries included, so casters
// running along a face or an edge hit.
// Against an AABB, hit or miss is decided exactly: the slabs' parameter intervals [e_i / d_i, x_i / d_i] (e the
// entering bound minus the origin, x the leaving one) share a point within the caster's range iff every entry is
// at most every exit — e_i / d_i <= x_j / d_j, i.e. the sign of x_j d_i - e_i d_j times that of d_i d_j, a degree-2
// polynomial with an exact sign — and the exits are not behind the start nor the entries beyond a segment's end
// (comparisons of the inputs). The rounded span is then brought in line with that decision.
#pragma once
#include <optional>

#include <tuple>

#include "collide3d/math/exact/filtered_sign.h"
#include "collide3d/math/predicates.h"
#include "collide3d/math/mat3.h"
#include "collide3d/queries/raycast/span.h"
#include "collide3d/shapes/aabb.h"
#include "collide3d/shapes/obb.h"

namespace c3d {

// Face 2*axis is the min side of that axis, 2*axis + 1 the max side.
inline Span boxSpan(Vec3 origin, Vec3 direction, Vec3 min, Vec3 max) {
  Span span;
  for (int axis = 0; axis < 3 && !span.empty(); ++axis) {
    clipSlab(span, component(origin, axis), component(direction, axis), component(min, axis), component(max, axis),
             2 * axis, 2 * axis + 1);
  }
  return span;
}

inline Vec3 boxFaceNormal(int face) {
  const double sign = face % 2 == 0 ? -1.0 : 1.0;
  const int axis = face / 2;
  return {axis == 0 ? sign : 0, axis == 1 ? sign : 0, axis == 2 ? sign : 0};
}

// Whether the caster meets the closed box within its range, exactly (see above).
template <bool kSegment>
bool meetsBox(const Caster& caster, const Aabb& box) {
  const Vec3 p = kSegment ? caster.end : caster.direction;
  int moving[3];  // the sign of each direction component, exactly
  Vec3 entering, leaving;
  for (int axis = 0; axis < 3; ++axis) {
    const double o = component(caster.origin, axis), lo = component(box.min, axis), hi = component(box.max, axis);
    const double towards = component(p, axis);
    moving[axis] = kSegment ? (towards > o) - (towards < o) : sign(towards);
    if (moving[axis] == 0 && (o < lo || o > hi)) return false;  // parallel to the slab, outside it
    const double in = moving[axis] > 0 ? lo : hi, out = moving[axis] > 0 ? hi : lo;
    if (moving[axis] != 0 && caster.tMin != -kInfinity && (out - o) * moving[axis] < 0) return false;  // behind
    if (kSegment && moving[axis] != 0 && (in - towards) * moving[axis] > 0) return false;  // beyond the end
    (axis == 0 ? entering.x : axis == 1 ? entering.y : entering.z) = in;
    (axis == 0 ? leaving.x : axis == 1 ? leaving.y : leaving.z) = out;
  }
  const auto crossings = exact::filteredValues(
      [](const auto& o, const auto& p, const auto& in, const auto& out) {
        const auto d = exactDirection<kSegment>(o, p);
        const auto e = in - o;
        const auto x = out - o;
        return std::make_tuple(x.y * d.x - e.x * d.y, x.z * d.x - e.x * d.z, x.x * d.y - e.y * d.x,
                               x.z * d.y - e.y * d.z, x.x * d.z - e.z * d.x, x.y * d.z - e.z * d.y);
      },
      caster.origin, p, entering, leaving);
  constexpr int kPairs[6][2] = {{0, 1}, {0, 2}, {1, 0}, {1, 2}, {2, 0}, {2, 1}};  // (entry axis, exit axis)
  for (int k = 0; k < 6; ++k) {
    const int i = kPairs[k][0], j = kPairs[k][1];
    if (moving[i] != 0 && moving[j] != 0 && sign(crossings[k]) * moving[i] * moving[j] < 0) return false;
  }
  return true;
}

inline std::optional<RaycastHit> raycast(const Caster& caster, const Aabb& box, const RaycastOptions& options) {
  const bool meets = caster.hasEnd ? meetsBox<true>(caster, box) : meetsBox<false>(caster, box);
  if (!meets) return std::nullopt;
  Span span = boxSpan(caster.origin, caster.direction, box.min, box.max);
  agreeWithHit(span, caster);
  const auto hit = firstHit(span, caster, options);
  if (!hit) return std::nullopt;
  return makeHit(caster, hit->t, hit->face == kNoFace ? insideNormal(caster) : boxFaceNormal(hit->face));
}

inline std::optional<RaycastHit> raycast(const Caster& caster, const Obb& box, const RaycastOptions& options) {
  const Vec3 localOrigin = transposeTimes(box.rotation, caster.origin - box.center);
  const Vec3 localDirection = transposeTimes(box.rotation, caster.direction);
  const auto hit = firstHit(boxSpan(localOrigin, localDirection, -box.halfSize, box.halfSize), caster, options);
  if (!hit) return std::nullopt;
  if (hit->face == kNoFace) return makeHit(caster, hit->t, insideNormal(caster));
  const Vec3 normal = box.rotation * boxFaceNormal(hit->face);
  return makeHit(caster, hit->t, normal * (1.0 / length(normal)));
}

}  // namespace c3d
