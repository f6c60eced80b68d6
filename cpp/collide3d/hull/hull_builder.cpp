// The hull's dimension, decided exactly before any hull is built, and the hulls of the low dimensions.
//   a = the lexicographically least point; none other distinct from it: a point.
//   b = a point distinct from a (the farthest, in rounded distance: any would do, far ones start larger);
//   c = a point not collinear with a, b (exactly; the farthest from their line, roughly); none: a segment, whose
//       ends are the lexicographic extremes (on a line, lexicographic order is the order along it);
//   d = a point off the plane abc (exactly; the largest |volume|); none: a flat polygon; else a solid.
// Being farthest only speeds the solid's build up: every decision is exact whichever points are picked.
#include "collide3d/hull/hull_builder.h"

#include <algorithm>
#include <cmath>

#include "collide3d/math/predicates.h"
#include "collide3d/memory/checked.h"

namespace c3d {
namespace {

bool lexicographicLess(Vec3 p, Vec3 q) { return p.x != q.x ? p.x < q.x : p.y != q.y ? p.y < q.y : p.z < q.z; }

void reset(ConvexHull& hull) {
  hull.dimension = -1;
  hull.vertices.clear();
  hull.sourceIndex.clear();
  hull.faceStart.clear();
  hull.faceVertex.clear();
  hull.triangles.clear();
  hull.adjacencyStart.clear();
  hull.adjacency.clear();
  hull.planes.clear();
  hull.bounds = {};
}

}  // namespace

HullStatus HullBuilder::build(const double* xyz, size_t count, ConvexHull& hull) {
  reset(hull);
  stats_ = {};
  if (count == 0) return HullStatus::Empty;
  if (count >= kNone) return HullStatus::TooMany;
  for (size_t i = 0; i < 3 * count; ++i) {
    if (!std::isfinite(xyz[i])) return HullStatus::NotFinite;
  }
  xyz_ = xyz;
  count_ = static_cast<uint32_t>(count);

  uint32_t a = 0, last = 0;
  for (uint32_t i = 1; i < count_; ++i) {
    if (lexicographicLess(point(i), point(a))) a = i;
    if (lexicographicLess(point(last), point(i))) last = i;
  }
  const Vec3 pa = point(a);
  // Rounded measures may overflow to infinity or NaN on huge coordinates: the first candidate is then kept.
  uint32_t b = kNone;
  double farthest = 0;
  for (uint32_t i = 0; i < count_; ++i) {
    if (point(i) == pa) continue;
    const double measure = lengthSquared(point(i) - pa);
    if (b == kNone || measure > farthest) b = i, farthest = measure;
  }
  bool built;
  if (b == kNone) {
    built = writePoint(a, hull);
  } else {
    const Vec3 pb = point(b);
    uint32_t c = kNone;
    for (uint32_t i = 0; i < count_; ++i) {
      if (collinear(pa, pb, point(i))) continue;
      const double measure = lengthSquared(cross(pb - pa, point(i) - pa));
      if (c == kNone || measure > farthest) c = i, farthest = measure;
    }
    if (c == kNone) {
      built = writeSegment(a, last, hull);
    } else {
      const Face base{{a, b, c}, {}, kNone, kNone, 0, 0, false, false};
      uint32_t d = kNone;
      for (uint32_t i = 0; i < count_; ++i) {
        if (i == a || i == b || i == c) continue;  // 0, which only the exact path could tell
        const double measure = std::fabs(volume(base, i));
        if (measure != 0 && (d == kNone || measure > farthest)) d = i, farthest = measure;
      }
      built = d == kNone ? buildFlat(a, b, c) && writeHull(2, hull)
                         : buildSolid({a, b, c, d}) && mergeCoplanar() && writeHull(3, hull);
    }
  }
  if (built) return HullStatus::Ok;
  reset(hull);
  return HullStatus::HeapFull;
}

bool HullBuilder::writePoint(uint32_t a, ConvexHull& hull) {
  if (!checked::reserve(hull.vertices, 1) || !checked::reserve(hull.sourceIndex, 1) ||
      !checked::reserve(hull.faceStart, 1) || !checked::reserve(hull.adjacencyStart, 2)) {
    return false;
  }
  hull.dimension = 0;
  hull.vertices = {point(a)};
  hull.sourceIndex = {a};
  hull.faceStart = {0};
  hull.adjacencyStart = {0, 0};
  hull.bounds = {point(a), point(a)};
  return true;
}

bool HullBuilder::writeSegment(uint32_t a, uint32_t b, ConvexHull& hull) {
  if (!checked::reserve(hull.vertices, 2) || !checked::reserve(hull.sourceIndex, 2) ||
      !checked::reserve(hull.faceStart, 1) || !checked::reserve(hull.adjacencyStart, 3) ||
      !checked::reserve(hull.adjacency, 2)) {
    return false;
  }
  if (b < a) std::swap(a, b);
  hull.dimension = 1;
  hull.vertices = {point(a), point(b)};
  hull.sourceIndex = {a, b};
  hull.faceStart = {0};
  hull.adjacencyStart = {0, 1, 2};
  hull.adjacency = {1, 0};
  hull.bounds = {componentMin(point(a), point(b)), componentMax(point(a), point(b))};
  return true;
}

// Andrew's monotone chain over the points' projections on the coordinate plane that drops an axis along which the
// plane's normal is exactly non-zero: the projection is one-to-one on the plane and keeps orientations (seen along
// +axis), so exact orient2d there decides the 3D turns. Popping on orient2d <= 0 keeps strict turns only, which drops
// collinear points. The polygon comes out counter-clockwise seen along +axis; it is stored with its
// reverse (convex_hull.h).
bool HullBuilder::buildFlat(uint32_t a, uint32_t b, uint32_t c) {
  const int axis = projectionAxis(point(a), point(b), point(c));
  // The chain holds the lower hull and the upper chain being built, each at most the n points.
  if (!checked::reserve(order_, count_) || !checked::reserve(cycle_, 2 * size_t{count_}) ||
      !checked::reserve(polygonStart_, 3) || !checked::reserve(polygonVertex_, 2 * size_t{count_})) {
    return false;
  }
  order_.resize(count_);
  for (uint32_t i = 0; i < count_; ++i) order_[i] = i;
  const auto projected = [&](uint32_t i) { return dropAxis(point(i), axis); };
  const auto less = [&](uint32_t i, uint32_t j) {
    const Vec2 p = projected(i), q = projected(j);
    return p.x != q.x ? p.x < q.x : p.y != q.y ? p.y < q.y : i < j;
  };
  // Heap sort: O(n log n) on any order, in about a third of std::sort's code in the wasm.
  std::make_heap(order_.begin(), order_.end(), less);
  std::sort_heap(order_.begin(), order_.end(), less);
  // Equal points sort together, the first input first: keep it.
  order_.erase(std::unique(order_.begin(), order_.end(), [&](uint32_t i, uint32_t j) { return point(i) == point(j); }),
               order_.end());
  cycle_.clear();
  const auto turnsLeft = [&](uint32_t i) {
    const size_t n = cycle_.size();
    return orient2d(projected(cycle_[n - 2]), projected(cycle_[n - 1]), projected(i)) > 0;
  };
  // The lower chain left to right, then the upper chain right to left; each stops short of its last point, which
  // starts the other.
  for (uint32_t i : order_) {
    while (cycle_.size() >= 2 && !turnsLeft(i)) cycle_.pop_back();
    cycle_.push_back(i);
  }
  const size_t lower = cycle_.size();
  for (size_t k = order_.size() - 1; k-- > 0;) {
    const uint32_t i = order_[k];
    while (cycle_.size() > lower && !turnsLeft(i)) cycle_.pop_back();
    cycle_.push_back(i);
  }
  cycle_.pop_back();
  const uint32_t corners = static_cast<uint32_t>(cycle_.size());
  polygonStart_ = {0, corners, 2 * corners};
  polygonVertex_.assign(cycle_.begin(), cycle_.end());
  polygonVertex_.insert(polygonVertex_.end(), cycle_.rbegin(), cycle_.rend());
  return true;
}

}  // namespace c3d
