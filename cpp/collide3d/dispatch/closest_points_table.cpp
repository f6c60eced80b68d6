// The closestPoints table (distance() reads its distance): every pair closestPoints() answers, in both orders.
#include "collide3d/dispatch/fill.h"
#include "collide3d/queries/distance/closest_points.h"
#include "collide3d/queries/distance/closest_points_triangle_box.h"
#include "collide3d/queries/distance/closest_points_triangle_triangle.h"
#include "collide3d/queries/distance/closest_points_gjk.h"

namespace c3d {

namespace {

// Point, sphere, segment, capsule: cores grown by radii.
struct BetweenRounded {
  template <class A, class B>
  static ClosestPoints run(const A& a, const B& b) {
    return closestPointsRounded(rounded(a), rounded(b));
  }
};

// A point or a sphere against any shape with a closest-point projection.
struct FromCenter {
  template <class A, class B>
  static ClosestPoints run(const A& a, const B& b) {
    const Rounded ball = rounded(a);
    return closestPointsFromCenter(ball.core.start, ball.radius, b);
  }
};

// A segment or a capsule against a plane or a triangle.
struct SegmentAgainst {
  template <class A, class B>
  static ClosestPoints run(const A& a, const B& b) {
    const Rounded r = rounded(a);
    return closestPoints(r.core, r.radius, b);
  }
};

struct BallCaster {
  template <class A, class B>
  static ClosestPoints run(const A& a, const B& b) {
    const Rounded ball = rounded(a);
    return closestPointsBallCaster(ball.core.start, ball.radius, b);
  }
};

struct BoxBox {
  static ClosestPoints run(const Aabb& a, const Aabb& b) { return closestPoints(a, b); }
};

struct TriangleTriangle {
  static ClosestPoints run(const Triangle& a, const Triangle& b) { return closestPoints(a, b); }
};

struct TriangleBox {
  template <class B>
  static ClosestPoints run(const Triangle& t, const B& box) {
    return closestPoints(t, box);
  }
};

template <class A>
constexpr void addRounded(PairTable<ClosestPointsFn>& table) {
  addSymmetric<BetweenRounded, A, Point>(table);
  addSymmetric<BetweenRounded, A, Sphere>(table);
  addSymmetric<BetweenRounded, A, Segment>(table);
  addSymmetric<BetweenRounded, A, Capsule>(table);
}

// Points and spheres against casters decide meeting as raycast does (the segment entry replaces the rounded one).
template <class A>
constexpr void addBallCasters(PairTable<ClosestPointsFn>& table) {
  addSymmetric<BallCaster, A, Ray>(table);
  addSymmetric<BallCaster, A, Line>(table);
  addSymmetric<BallCaster, A, Segment>(table);
}

template <class A>
constexpr void addFromCenter(PairTable<ClosestPointsFn>& table) {
  addSymmetric<FromCenter, A, Plane>(table);
  addSymmetric<FromCenter, A, Triangle>(table);
  addSymmetric<FromCenter, A, Aabb>(table);
  addSymmetric<FromCenter, A, Obb>(table);
}

constexpr PairTable<ClosestPointsFn> build() {
  PairTable<ClosestPointsFn> table;
  addRounded<Point>(table);
  addRounded<Sphere>(table);
  addRounded<Segment>(table);
  addRounded<Capsule>(table);
  addFromCenter<Point>(table);
  addFromCenter<Sphere>(table);
  addBallCasters<Point>(table);
  addBallCasters<Sphere>(table);
  addSymmetric<SegmentAgainst, Segment, Plane>(table);
  addSymmetric<SegmentAgainst, Capsule, Plane>(table);
  addSymmetric<SegmentAgainst, Segment, Triangle>(table);
  addSymmetric<SegmentAgainst, Capsule, Triangle>(table);
  addSymmetric<BoxBox, Aabb, Aabb>(table);
  addSymmetric<TriangleTriangle, Triangle, Triangle>(table);
  addSymmetric<TriangleBox, Triangle, Aabb>(table);
  addSymmetric<TriangleBox, Triangle, Obb>(table);
  fillSolidPairs<closestPointsByGjk>(table);
  return table;
}

}  // namespace

constexpr PairTable<ClosestPointsFn> kTable = build();

const PairTable<ClosestPointsFn>& closestPointsTable() { return kTable; }

}  // namespace c3d
