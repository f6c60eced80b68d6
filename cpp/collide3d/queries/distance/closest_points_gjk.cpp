// Generic closest points on convex cores (closest_points_gjk.h).
#include "collide3d/queries/distance/closest_points_gjk.h"

#include "collide3d/queries/distance/closest_points.h"
#include "collide3d/queries/distance/gjk.h"

namespace c3d {

ClosestPoints closestPointsByGjk(EncodedShape a, EncodedShape b) {
  const CorePair pair = corePair(a, b);
  const GjkResult near = gjk(pair.a, pair.b);
  const bool meet = !(near.lower > pair.reach + pair.tau) &&
                    (gjkProvesOverlap(near, pair.reach, pair.tau) || *tableMeets(a, b));
  return grow(near.onA, near.onB, pair.a.radius, pair.b.radius, meet);
}

}  // namespace c3d
