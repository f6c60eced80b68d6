// Random convex shapes for the native tests' generators: live hulls (hull/hull_registry.h) of every dimension, kept
// alive by a ring of the latest ones, since a shape names its hull by address and a test holds one for a trial only.
#pragma once
#include <array>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "collide3d/hull/hull_registry.h"
#include "collide3d/shapes/convex.h"
#include "test_support.h"

namespace c3d::testing {

// Makes convex shapes of point sets, keeping the last kKept hulls it made alive and freeing older ones.
class HullRing {
 public:
  static constexpr size_t kKept = 256;

  HullRing() = default;
  HullRing(const HullRing&) = delete;
  HullRing& operator=(const HullRing&) = delete;
  ~HullRing() {
    for (const ConvexHull* hull : ring_) hull_registry::destroy(hull);
  }

  Convex make(const std::vector<Vec3>& points) {
    const ConvexHull* made = nullptr;
    if (hull_registry::create(&points[0].x, points.size(), made) != HullStatus::Ok) std::abort();  // test points only
    const ConvexHull*& slot = ring_[next_++ % kKept];
    hull_registry::destroy(slot);  // nothing for the null of an unused slot
    slot = made;
    return Convex{{static_cast<double>(reinterpret_cast<std::uintptr_t>(made))}};
  }

 private:
  std::array<const ConvexHull*, kKept> ring_{};
  size_t next_ = 0;
};

// Points whose hull is mostly solid (4 to 10 points), else one point (repeated), a segment, collinear points along
// an axis, or flat (points sharing their z, exactly coplanar in any mode): `next()` draws a point.
template <class Next>
std::vector<Vec3> hullPoints(Random& random, Next&& next) {
  const Vec3 a = next();
  switch (random.integer(0, 9)) {
    case 0: return {a, a};
    case 1: return {a, next()};
    case 2: {
      std::vector<Vec3> points{a};
      for (int i = 0; i < 3; ++i) points.push_back({next().x, a.y, a.z});
      return points;
    }
    case 3: {
      std::vector<Vec3> points{a};
      for (int i = random.integer(2, 6); i > 0; --i) points.push_back({next().x, next().y, a.z});
      return points;
    }
    default: {
      std::vector<Vec3> points{a};
      for (int i = random.integer(3, 9); i > 0; --i) points.push_back(next());
      return points;
    }
  }
}

}  // namespace c3d::testing
