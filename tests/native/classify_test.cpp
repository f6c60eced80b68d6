// classify(plane, shape) and the exact side decisions for every shape a plane classifies: ranges derived by hand on small exact
// inputs, touching (which counts as intersecting), strictly front and back, the epsilon slab (in distance units, so
// scaled by |normal|), degenerate shapes, frustum-style culling of boxes, and for the curved shapes and oriented boxes
// agreement with independent computations (the support function written another way, dense boundary sampling).
#include <algorithm>
#include <vector>

#include "collide3d/queries/classify/classify_plane.h"
#include "test_support.h"

namespace c3d {
namespace {

// 3x + 4y + 12z - 47 = 0: |normal| = 13 exactly, and (1, 2, 3) lies on it (3 + 8 + 36 = 47). Moving a point by
// +1 in z adds 12 to its scaled distance.
const Plane kTilted{{3, 4, 12}, -47};

// The interval of n.p + d over a shape's points, as the exact decisions see it.
struct Range {
  double lo, hi;
};

// Whether min over the shape of n.p + d is exactly lo: the plane moved to constant d - lo still touches the shape,
// and moved any further (the next double) clears it. For lo = -infinity, not even a far move clears it.
template <class Shape>
bool lowestIs(const Plane& plane, const Shape& shape, double lo) {
  if (lo == -kInfinity) return side(Plane{plane.normal, 1e300}, shape, 0) != 1;
  const double moved = plane.constant - lo;  // exact for the small numbers of these tests
  return side(Plane{plane.normal, moved}, shape, 0) != 1 &&
         side(Plane{plane.normal, std::nextafter(moved, kInfinity)}, shape, 0) == 1;
}

template <class Shape>
::testing::AssertionResult rangeIs(const Plane& plane, const Shape& shape, double lo, double hi) {
  if (lowestIs(plane, shape, lo) && lowestIs(flipped(plane), shape, -hi)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "range is not [" << lo << ", " << hi << "]";
}

// The range found from the exact decisions by bisection on the plane's constant (to about 1e-13 relative): the
// smallest constant c for which every point has n.p + c > 0 is -min(n.p).
template <class Shape>
Range bisectedRange(const Plane& plane, const Shape& shape) {
  auto lowest = [&](const Plane& p) {
    double touching = -1e4, clear = 1e4;
    for (int step = 0; step < 200 && std::nextafter(touching, clear) != clear; ++step) {
      const double middle = 0.5 * (touching + clear);
      (side(Plane{p.normal, middle}, shape, 0) == 1 ? clear : touching) = middle;
    }
    return p.constant - clear;
  };
  return {lowest(plane), -lowest(flipped(plane))};
}

Mat3 fromColumns(Vec3 x, Vec3 y, Vec3 z) {
  Mat3 r;
  const Vec3 columns[3] = {x, y, z};
  for (int i = 0; i < 3; ++i) r.m[3 * i] = columns[i].x, r.m[3 * i + 1] = columns[i].y, r.m[3 * i + 2] = columns[i].z;
  return r;
}

// A quarter turn about +z: local x -> world y, local y -> world -x, local z -> world z. Exact.
const Mat3 kQuarterTurnZ = fromColumns({0, 1, 0}, {-1, 0, 0}, {0, 0, 1});

// The range of scaledDistance over sample points of a shape: an inner bound of its true Range.
Range sampledRange(const Plane& plane, const std::vector<Vec3>& points) {
  Range r{kInfinity, -kInfinity};
  for (Vec3 p : points)
    r.lo = std::min(r.lo, scaledDistance(plane, p)), r.hi = std::max(r.hi, scaledDistance(plane, p));
  return r;
}

// The exact range contains the sampled one (up to rounding, `tolerance`) and exceeds it by at most the sampling
// error `gap` at either end.
void expectCoversSamples(Range range, Range sampled, double gap, double tolerance) {
  EXPECT_LE(range.lo, sampled.lo + tolerance);
  EXPECT_GE(range.lo, sampled.lo - gap - tolerance);
  EXPECT_GE(range.hi, sampled.hi - tolerance);
  EXPECT_LE(range.hi, sampled.hi + gap + tolerance);
}

// Points center + M (sinθcosφ, sinθsinφ, cosθ) on a grid of `steps` θ by 2*steps φ: the boundary of the ellipsoid
// with axes M's columns (or of a sphere, M = r I).
std::vector<Vec3> ellipsoidSurface(Vec3 center, Vec3 axis0, Vec3 axis1, Vec3 axis2, int steps) {
  std::vector<Vec3> points;
  for (int i = 0; i <= steps; ++i) {
    const double theta = M_PI * i / steps;
    for (int j = 0; j < 2 * steps; ++j) {
      const double phi = M_PI * j / steps;
      points.push_back(center + axis0 * (std::sin(theta) * std::cos(phi)) + axis1 * (std::sin(theta) * std::sin(phi)) +
                       axis2 * std::cos(theta));
    }
  }
  return points;
}

// `count` points on the circle of `radius` around `center` in the plane spanned by the unit vectors u, v.
void addCircle(std::vector<Vec3>& points, Vec3 center, Vec3 u, Vec3 v, double radius, int count) {
  for (int k = 0; k < count; ++k) {
    const double angle = 2 * M_PI * k / count;
    points.push_back(center + u * (radius * std::cos(angle)) + v * (radius * std::sin(angle)));
  }
}

// A unit vector perpendicular to the non-zero `axis`, built without the library: cross with the axis it is least
// aligned with.
Vec3 perpendicular(Vec3 axis) {
  const Vec3 a = abs(axis);
  const Vec3 other = a.x <= a.y && a.x <= a.z ? Vec3{1, 0, 0} : a.y <= a.z ? Vec3{0, 1, 0} : Vec3{0, 0, 1};
  const Vec3 u = cross(axis, other);
  return u * (1 / length(u));
}

Plane randomPlane(testing::Random& random) {
  Vec3 normal;
  while (length(normal) < 0.1) normal = random.vector(-3, 3);
  return {normal, random.uniform(-6, 6)};
}

// ---- point ----

TEST(ClassifyPoint, OnPlaneWithNonUnitNormalIsIntersecting) {
  EXPECT_TRUE(rangeIs(kTilted, Point{{1, 2, 3}}, 0, 0));
  EXPECT_EQ(classify(kTilted, Point{{1, 2, 3}}), Side::Intersecting);
}

TEST(ClassifyPoint, StrictlyFrontAndBack) {
  EXPECT_TRUE(rangeIs(kTilted, Point{{1, 2, 4}}, 12, 12));
  EXPECT_EQ(classify(kTilted, Point{{1, 2, 4}}), Side::Front);
  EXPECT_TRUE(rangeIs(kTilted, Point{{1, 2, 2}}, -12, -12));
  EXPECT_EQ(classify(kTilted, Point{{1, 2, 2}}), Side::Back);
  // Scaling the plane's equation changes neither the plane nor the answer.
  EXPECT_EQ(classify(Plane{{-6, -8, -24}, 94}, Point{{1, 2, 4}}), Side::Back);
  EXPECT_EQ(classify(Plane{{0.75, 1, 3}, -11.75}, Point{{1, 2, 4}}), Side::Front);
}

// ---- epsilon ----

// With kTilted's normal (|n| = 13), a constant of -40.5 puts (1, 2, 3) at scaled distance 6.5, i.e. distance 0.5.
TEST(ClassifyEpsilon, SlabHalfThicknessIsInDistanceUnits) {
  const Plane front{{3, 4, 12}, -40.5}, back{{3, 4, 12}, -53.5};
  const Point p{{1, 2, 3}};
  EXPECT_EQ(classify(front, p), Side::Front);
  EXPECT_EQ(classify(front, p, {0.5}), Side::Intersecting);  // slab 0.5 * 13 = 6.5: on its boundary
  EXPECT_EQ(classify(front, p, {0.49}), Side::Front);
  EXPECT_EQ(classify(back, p), Side::Back);
  EXPECT_EQ(classify(back, p, {0.5}), Side::Intersecting);
  EXPECT_EQ(classify(back, p, {0.49}), Side::Back);
  // Scaled distance 0.5 is distance 0.5 / 13 ~ 0.038: inside a slab of half-thickness 0.04, outside one of 0.03.
  const Plane near{{3, 4, 12}, -46.5};
  EXPECT_EQ(classify(near, p, {0.04}), Side::Intersecting);
  EXPECT_EQ(classify(near, p, {0.03}), Side::Front);
}

TEST(ClassifyEpsilon, AppliesToTheShapesNearestPoint) {
  // Sphere: center (1, 2, 4.625) is at scaled distance 12 * 1.625 = 19.5, distance 1.5; radius 1 leaves 0.5.
  const Sphere sphere{{1, 2, 4.625}, 1};
  EXPECT_TRUE(rangeIs(kTilted, sphere, 6.5, 32.5));
  EXPECT_EQ(classify(kTilted, sphere), Side::Front);
  EXPECT_EQ(classify(kTilted, sphere, {0.5}), Side::Intersecting);
  EXPECT_EQ(classify(kTilted, sphere, {0.49}), Side::Front);
  // Box [1,2]x[2,3]x[3,4]: the normal is positive on every axis, so its nearest vertex is min = (1, 2, 3), at scaled
  // distance 6.5 (distance 0.5) from 3x + 4y + 12z - 40.5 = 0.
  const Aabb box{{1, 2, 3}, {2, 3, 4}};
  const Plane plane{{3, 4, 12}, -40.5};
  EXPECT_TRUE(rangeIs(plane, box, 6.5, 6.5 + 3 + 4 + 12));
  EXPECT_EQ(classify(plane, box, {0.5}), Side::Intersecting);
  EXPECT_EQ(classify(plane, box, {0.49}), Side::Front);
  // Behind the flipped plane by the same amount.
  const Plane flipped{{-3, -4, -12}, 40.5};
  EXPECT_EQ(classify(flipped, box, {0.5}), Side::Intersecting);
  EXPECT_EQ(classify(flipped, box, {0.49}), Side::Back);
}

// ---- casters ----

TEST(ClassifySegment, RangeOfItsEndpoints) {
  EXPECT_TRUE(rangeIs(Plane{{0, 0, 2}, 0}, Segment{{0, 0, -1}, {0, 0, 1}}, -2, 2));
  EXPECT_EQ(classify(Plane{{0, 0, 2}, 0}, Segment{{0, 0, -1}, {0, 0, 1}}), Side::Intersecting);
  // Touching at its start, d = 0 and 24.
  EXPECT_TRUE(rangeIs(kTilted, Segment{{1, 2, 3}, {1, 2, 5}}, 0, 24));
  EXPECT_EQ(classify(kTilted, Segment{{1, 2, 3}, {1, 2, 5}}), Side::Intersecting);
  EXPECT_EQ(classify(kTilted, Segment{{1, 2, 5}, {1, 2, 3}}), Side::Intersecting);
  EXPECT_TRUE(rangeIs(kTilted, Segment{{1, 2, 5}, {1, 2, 4}}, 12, 24));
  EXPECT_EQ(classify(kTilted, Segment{{1, 2, 5}, {1, 2, 4}}), Side::Front);
  EXPECT_EQ(classify(kTilted, Segment{{1, 2, 1}, {1, 2, 2}}), Side::Back);
}

TEST(ClassifySegment, ZeroLengthIsAPoint) {
  EXPECT_TRUE(rangeIs(kTilted, Segment{{1, 2, 4}, {1, 2, 4}}, 12, 12));
  EXPECT_EQ(classify(kTilted, Segment{{1, 2, 4}, {1, 2, 4}}), Side::Front);
  EXPECT_EQ(classify(kTilted, Segment{{1, 2, 3}, {1, 2, 3}}), Side::Intersecting);
}

// (4, -3, 0) is perpendicular to kTilted's normal; (0, 0, 1) moves away from it at rate 12.
TEST(ClassifyRay, ExtendsToInfinityOnlyTowardsItsDirection) {
  EXPECT_TRUE(rangeIs(kTilted, Ray{{1, 2, 4}, {0, 0, 1}}, 12, kInfinity));
  EXPECT_EQ(classify(kTilted, Ray{{1, 2, 4}, {0, 0, 1}}), Side::Front);
  EXPECT_TRUE(rangeIs(kTilted, Ray{{1, 2, 4}, {0, 0, -1}}, -kInfinity, 12));
  EXPECT_EQ(classify(kTilted, Ray{{1, 2, 4}, {0, 0, -1}}), Side::Intersecting);
  EXPECT_TRUE(rangeIs(kTilted, Ray{{1, 2, 2}, {0, 0, -1}}, -kInfinity, -12));
  EXPECT_EQ(classify(kTilted, Ray{{1, 2, 2}, {0, 0, -1}}), Side::Back);
  EXPECT_EQ(classify(kTilted, Ray{{1, 2, 2}, {0, 0, 1}}), Side::Intersecting);
}

TEST(ClassifyRay, ParallelStaysAtItsOriginsDistance) {
  EXPECT_TRUE(rangeIs(kTilted, Ray{{1, 2, 4}, {4, -3, 0}}, 12, 12));
  EXPECT_EQ(classify(kTilted, Ray{{1, 2, 4}, {4, -3, 0}}), Side::Front);
  EXPECT_EQ(classify(kTilted, Ray{{1, 2, 2}, {-4, 3, 0}}), Side::Back);
  EXPECT_EQ(classify(kTilted, Ray{{1, 2, 3}, {4, -3, 0}}), Side::Intersecting);
}

TEST(ClassifyRay, StartingOnThePlaneAndLeavingTouchesIt) {
  EXPECT_TRUE(rangeIs(kTilted, Ray{{1, 2, 3}, {0, 0, 1}}, 0, kInfinity));
  EXPECT_EQ(classify(kTilted, Ray{{1, 2, 3}, {0, 0, 1}}), Side::Intersecting);
  EXPECT_EQ(classify(kTilted, Ray{{1, 2, 3}, {0, 0, -1}}), Side::Intersecting);
}

TEST(ClassifyLine, CrossesEveryPlaneItIsNotParallelTo) {
  EXPECT_TRUE(rangeIs(kTilted, Line{{100, 100, 100}, {0, 0, 1}}, -kInfinity, kInfinity));
  EXPECT_EQ(classify(kTilted, Line{{100, 100, 100}, {0, 0, 1}}), Side::Intersecting);
  EXPECT_EQ(classify(kTilted, Line{{100, 100, 100}, {4, -3, 1e-9}}), Side::Intersecting);
}

TEST(ClassifyLine, ParallelIsFrontBackOrInThePlane) {
  EXPECT_TRUE(rangeIs(kTilted, Line{{1, 2, 4}, {4, -3, 0}}, 12, 12));
  EXPECT_EQ(classify(kTilted, Line{{1, 2, 4}, {4, -3, 0}}), Side::Front);
  EXPECT_EQ(classify(kTilted, Line{{1, 2, 2}, {4, -3, 0}}), Side::Back);
  EXPECT_EQ(classify(kTilted, Line{{1, 2, 3}, {4, -3, 0}}), Side::Intersecting);
}

// ---- triangle ----

// Scaled distances against kTilted: (1,2,3) 0, (1,2,4) 12, (2,2,3) 3, (1,2,2) -12, (0,2,2) -15.
TEST(ClassifyTriangle, OneVertexOnThePlaneTouches) {
  EXPECT_TRUE(rangeIs(kTilted, Triangle{{1, 2, 4}, {1, 2, 3}, {2, 2, 3}}, 0, 12));
  EXPECT_EQ(classify(kTilted, Triangle{{1, 2, 4}, {1, 2, 3}, {2, 2, 3}}), Side::Intersecting);
  EXPECT_EQ(classify(kTilted, Triangle{{1, 2, 2}, {0, 2, 2}, {1, 2, 3}}), Side::Intersecting);
}

TEST(ClassifyTriangle, StrictlyFrontBackOrStraddling) {
  EXPECT_TRUE(rangeIs(kTilted, Triangle{{1, 2, 4}, {1, 2, 5}, {2, 2, 4}}, 12, 24));
  EXPECT_EQ(classify(kTilted, Triangle{{1, 2, 4}, {1, 2, 5}, {2, 2, 4}}), Side::Front);
  EXPECT_TRUE(rangeIs(kTilted, Triangle{{1, 2, 2}, {1, 2, 1}, {0, 2, 2}}, -24, -12));
  EXPECT_EQ(classify(kTilted, Triangle{{1, 2, 2}, {1, 2, 1}, {0, 2, 2}}), Side::Back);
  EXPECT_EQ(classify(kTilted, Triangle{{1, 2, 2}, {1, 2, 4}, {0, 2, 2}}), Side::Intersecting);
}

TEST(ClassifyTriangle, ZeroAreaIsItsSegmentOrPoint) {
  EXPECT_TRUE(rangeIs(kTilted, Triangle{{1, 2, 4}, {1, 2, 6}, {1, 2, 5}}, 12, 36));
  EXPECT_EQ(classify(kTilted, Triangle{{1, 2, 4}, {1, 2, 6}, {1, 2, 5}}), Side::Front);
  EXPECT_EQ(classify(kTilted, Triangle{{1, 2, 2}, {1, 2, 4}, {1, 2, 3}}), Side::Intersecting);
  EXPECT_EQ(classify(kTilted, Triangle{{1, 2, 3}, {1, 2, 3}, {1, 2, 3}}), Side::Intersecting);
  EXPECT_EQ(classify(kTilted, Triangle{{1, 2, 2}, {1, 2, 2}, {1, 2, 2}}), Side::Back);
}

// ---- sphere ----

TEST(ClassifySphere, TouchingIsIntersecting) {
  // 2z = 0 (|n| = 2): a ball of radius 3 around (0, 0, 3) reaches down to the origin.
  const Plane floor{{0, 0, 2}, 0};
  EXPECT_TRUE(rangeIs(floor, Sphere{{0, 0, 3}, 3}, 0, 12));
  EXPECT_EQ(classify(floor, Sphere{{0, 0, 3}, 3}), Side::Intersecting);
  EXPECT_EQ(classify(floor, Sphere{{0, 0, -3}, 3}), Side::Intersecting);
  // (4, 6, 15) = (1, 2, 3) + (3, 4, 12) is at distance 13 from kTilted (scaled distance 169).
  EXPECT_TRUE(rangeIs(kTilted, Sphere{{4, 6, 15}, 13}, 0, 338));
  EXPECT_EQ(classify(kTilted, Sphere{{4, 6, 15}, 13}), Side::Intersecting);
}

TEST(ClassifySphere, StrictlyFrontAndBack) {
  const Plane floor{{0, 0, 2}, 0};
  EXPECT_TRUE(rangeIs(floor, Sphere{{0, 0, 3}, 2.5}, 1, 11));
  EXPECT_EQ(classify(floor, Sphere{{0, 0, 3}, 2.5}), Side::Front);
  EXPECT_EQ(classify(floor, Sphere{{0, 0, -3}, 2.5}), Side::Back);
  EXPECT_EQ(classify(kTilted, Sphere{{4, 6, 15}, 12.5}), Side::Front);
  EXPECT_EQ(classify(kTilted, Sphere{{-2, -2, -9}, 12.5}), Side::Back);  // (1, 2, 3) - (3, 4, 12)
}

TEST(ClassifySphere, ZeroRadiusIsAPoint) {
  EXPECT_TRUE(rangeIs(kTilted, Sphere{{1, 2, 3}, 0}, 0, 0));
  EXPECT_EQ(classify(kTilted, Sphere{{1, 2, 3}, 0}), Side::Intersecting);
  EXPECT_EQ(classify(kTilted, Sphere{{1, 2, 4}, 0}), Side::Front);
}

// ---- ellipsoid ----

// Radii (3, 4, 12) along the axes, normal (1, 1, 1): the support distance is sqrt((3*1)^2 + (4*1)^2 + (12*1)^2) = 13,
// reached at (9, 16, 144) / 13, which is on the ellipsoid: (3/13)^2 + (4/13)^2 + (12/13)^2 = 1, and n.p = 169/13.
TEST(ClassifyEllipsoid, AxisAlignedSupportDistance) {
  const Ellipsoid e{{0, 0, 0}, {3, 4, 12}, {}};
  EXPECT_TRUE(rangeIs(Plane{{1, 1, 1}, 0}, e, -13, 13));
  EXPECT_EQ(classify(Plane{{1, 1, 1}, -13}, e), Side::Intersecting);
  EXPECT_EQ(classify(Plane{{1, 1, 1}, 13}, e), Side::Intersecting);
  EXPECT_EQ(classify(Plane{{1, 1, 1}, -13.5}, e), Side::Back);
  EXPECT_EQ(classify(Plane{{1, 1, 1}, 13.5}, e), Side::Front);
  // Moved by (1, 1, 1): the center is at scaled distance 3.
  const Ellipsoid moved{{1, 1, 1}, {3, 4, 12}, {}};
  EXPECT_TRUE(rangeIs(Plane{{1, 1, 1}, 0}, moved, -10, 16));
  EXPECT_EQ(classify(Plane{{1, 1, 1}, 10}, moved), Side::Intersecting);
  EXPECT_EQ(classify(Plane{{1, 1, 1}, 10.25}, moved), Side::Front);
}

// Rotated a quarter turn about z, radii (3, 1, 2) become world half-extents x 1, y 3, z 2.
TEST(ClassifyEllipsoid, QuarterTurnSwapsItsExtents) {
  const Ellipsoid e{{0, 0, 0}, {3, 1, 2}, kQuarterTurnZ};
  EXPECT_TRUE(rangeIs(Plane{{1, 0, 0}, 0}, e, -1, 1));
  EXPECT_TRUE(rangeIs(Plane{{0, 1, 0}, 0}, e, -3, 3));
  EXPECT_EQ(classify(Plane{{0, 1, 0}, -3}, e), Side::Intersecting);
  EXPECT_EQ(classify(Plane{{0, 1, 0}, -3.25}, e), Side::Back);
  EXPECT_EQ(classify(Plane{{-1, 0, 0}, 1.25}, e), Side::Front);
}

// The support distance of the ellipsoid center + M B (B the unit ball, M = R diag(r)) along n is |Mᵀn| =
// sqrt(nᵀ M Mᵀ n), here with the matrix M Mᵀ formed explicitly.
TEST(ClassifyEllipsoid, RotatedMatchesTransformedNormalSupport) {
  testing::Random random(11);
  for (int trial = 0; trial < 2000; ++trial) {
    const Ellipsoid e{random.vector(-5, 5), random.vector(0, 4), random.rotation()};
    const Plane plane = randomPlane(random);
    double m[3][3], g[3][3];  // m[row][col] = R[row][col] * r[col]; g = M Mᵀ
    for (int row = 0; row < 3; ++row) {
      for (int col = 0; col < 3; ++col) m[row][col] = e.rotation.m[3 * col + row] * component(e.radii, col);
    }
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) g[i][j] = m[i][0] * m[j][0] + m[i][1] * m[j][1] + m[i][2] * m[j][2];
    }
    double quadratic = 0;
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) quadratic += component(plane.normal, i) * g[i][j] * component(plane.normal, j);
    }
    const double support = std::sqrt(quadratic), center = scaledDistance(plane, e.center);
    const Range range = bisectedRange(plane, e);
    EXPECT_NEAR(range.lo, center - support, 1e-12 * (std::fabs(center) + support + 1));
    EXPECT_NEAR(range.hi, center + support, 1e-12 * (std::fabs(center) + support + 1));
  }
}

TEST(ClassifyEllipsoid, RotatedMatchesBoundarySampling) {
  testing::Random random(12);
  constexpr int kSteps = 150;
  for (int trial = 0; trial < 40; ++trial) {
    const Ellipsoid e{random.vector(-5, 5), random.vector(0, 4), random.rotation()};
    const Plane plane = randomPlane(random);
    const auto points = ellipsoidSurface(e.center, e.rotation.column(0) * e.radii.x, e.rotation.column(1) * e.radii.y,
                                         e.rotation.column(2) * e.radii.z, kSteps);
    const double largest = std::max({e.radii.x, e.radii.y, e.radii.z});
    const double gap = 2 * length(plane.normal) * largest * (M_PI / kSteps) * (M_PI / kSteps);
    expectCoversSamples(bisectedRange(plane, e), sampledRange(plane, points), gap, 1e-12);
  }
}

TEST(ClassifyEllipsoid, ZeroRadiusFlattensIt) {
  // Radii (2, 0, 1): an ellipse in the plane y = 0.
  const Ellipsoid flat{{0, 0, 0}, {2, 0, 1}, {}};
  EXPECT_TRUE(rangeIs(Plane{{0, 1, 0}, 0}, flat, 0, 0));
  EXPECT_EQ(classify(Plane{{0, 1, 0}, 0}, flat), Side::Intersecting);
  EXPECT_EQ(classify(Plane{{0, 1, 0}, -1e-300}, flat), Side::Back);
  EXPECT_EQ(classify(Plane{{0, 1, 0}, 1e-300}, flat), Side::Front);
  EXPECT_EQ(classify(Plane{{1, 0, 0}, -2}, flat), Side::Intersecting);
  // Turned a quarter about z, the flat axis (local y) is world x.
  const Ellipsoid turned{{0, 0, 0}, {2, 0, 1}, kQuarterTurnZ};
  EXPECT_TRUE(rangeIs(Plane{{1, 0, 0}, 0}, turned, 0, 0));
  EXPECT_EQ(classify(Plane{{1, 0, 0}, -1e-300}, turned), Side::Back);
  // All radii zero: the point at its center.
  EXPECT_TRUE(rangeIs(kTilted, Ellipsoid{{1, 2, 4}, {0, 0, 0}, {}}, 12, 12));
}

// ---- aabb ----

// The unit box [0,1]^3 and normal (1, 1, 1): n.p ranges over [0, 3], reached at the corners (0,0,0) and (1,1,1).
TEST(ClassifyAabb, TouchingAtACornerIsIntersecting) {
  const Aabb box{{0, 0, 0}, {1, 1, 1}};
  EXPECT_TRUE(rangeIs(Plane{{1, 1, 1}, -3}, box, -3, 0));
  EXPECT_EQ(classify(Plane{{1, 1, 1}, -3}, box), Side::Intersecting);
  EXPECT_EQ(classify(Plane{{1, 1, 1}, 0}, box), Side::Intersecting);
  EXPECT_EQ(classify(Plane{{1, 1, 1}, -3.5}, box), Side::Back);
  EXPECT_EQ(classify(Plane{{1, 1, 1}, 0.5}, box), Side::Front);
}

// Normal (1, -2, 3) on [0,1]^3: the smallest n.p is at the corner (0, 1, 0), -2; the largest at (1, 0, 1), 4.
TEST(ClassifyAabb, MixedSignNormalPicksCornersPerAxis) {
  const Aabb box{{0, 0, 0}, {1, 1, 1}};
  EXPECT_TRUE(rangeIs(Plane{{1, -2, 3}, 0}, box, -2, 4));
  EXPECT_EQ(classify(Plane{{1, -2, 3}, 2}, box), Side::Intersecting);
  EXPECT_EQ(classify(Plane{{1, -2, 3}, 2.5}, box), Side::Front);
  EXPECT_EQ(classify(Plane{{1, -2, 3}, -4}, box), Side::Intersecting);
  EXPECT_EQ(classify(Plane{{1, -2, 3}, -4.25}, box), Side::Back);
}

TEST(ClassifyAabb, ZeroSizeAndFlatBoxes) {
  EXPECT_TRUE(rangeIs(kTilted, Aabb{{1, 2, 3}, {1, 2, 3}}, 0, 0));
  EXPECT_EQ(classify(kTilted, Aabb{{1, 2, 3}, {1, 2, 3}}), Side::Intersecting);
  EXPECT_EQ(classify(kTilted, Aabb{{1, 2, 4}, {1, 2, 4}}), Side::Front);
  const Aabb flat{{0, 0, 2}, {1, 1, 2}};
  EXPECT_EQ(classify(Plane{{0, 0, 1}, -2}, flat), Side::Intersecting);
  EXPECT_EQ(classify(Plane{{0, 0, 1}, -2.000001}, flat), Side::Back);
}

// Integer boxes and planes: every vertex distance is exact, so the range is exactly the extreme vertex values.
TEST(ClassifyAabb, MatchesItsEightVertices) {
  testing::Random random(13);
  for (int trial = 0; trial < 5000; ++trial) {
    const Vec3 lo = random.integerVector(-8, 8), size = random.integerVector(0, 4);
    const Aabb box{lo, lo + size};
    const Plane plane{random.integerVector(-4, 4), double(random.integer(-20, 20))};
    std::vector<Vec3> vertices;
    for (int corner = 0; corner < 8; ++corner) {
      vertices.push_back(
          {corner & 1 ? box.max.x : box.min.x, corner & 2 ? box.max.y : box.min.y, corner & 4 ? box.max.z : box.min.z});
    }
    const Range expected = sampledRange(plane, vertices), range = bisectedRange(plane, box);
    EXPECT_NEAR(range.lo, expected.lo, 1e-9);
    EXPECT_NEAR(range.hi, expected.hi, 1e-9);
    if (isZero(plane.normal)) continue;
    const Side side = expected.lo > 0 ? Side::Front : expected.hi < 0 ? Side::Back : Side::Intersecting;
    EXPECT_EQ(classify(plane, box), side);
  }
}

// ---- obb ----

// Center (1, 1, 1), halfSize (1, 2, 3), a quarter turn about z: world half-extents x 2, y 1, z 3.
TEST(ClassifyObb, QuarterTurnSwapsItsExtents) {
  const Obb box{{1, 1, 1}, {1, 2, 3}, kQuarterTurnZ};
  EXPECT_TRUE(rangeIs(Plane{{1, 0, 0}, 0}, box, -1, 3));
  EXPECT_EQ(classify(Plane{{1, 0, 0}, -3}, box), Side::Intersecting);
  EXPECT_EQ(classify(Plane{{1, 0, 0}, -3.5}, box), Side::Back);
  // Normal (1, 1, 1): center at 3, extent 2 + 1 + 3 = 6.
  EXPECT_TRUE(rangeIs(Plane{{1, 1, 1}, 0}, box, -3, 9));
  EXPECT_EQ(classify(Plane{{1, 1, 1}, 3}, box), Side::Intersecting);
  EXPECT_EQ(classify(Plane{{1, 1, 1}, 3.5}, box), Side::Front);
}

// The unit cube turned 45 degrees about z reaches x = sqrt(2) at its corners (sqrt(2)/2 + sqrt(2)/2).
TEST(ClassifyObb, FortyFiveDegreeTurnReachesDiagonal) {
  const double s = std::sqrt(0.5);
  const Obb box{{0, 0, 0}, {1, 1, 1}, fromColumns({s, s, 0}, {-s, s, 0}, {0, 0, 1})};
  const Range range = bisectedRange(Plane{{1, 0, 0}, 0}, box);
  EXPECT_NEAR(range.lo, -std::sqrt(2.0), 1e-15);
  EXPECT_NEAR(range.hi, std::sqrt(2.0), 1e-15);
  EXPECT_EQ(classify(Plane{{1, 0, 0}, -1.4142}, box), Side::Intersecting);
  EXPECT_EQ(classify(Plane{{1, 0, 0}, -1.4143}, box), Side::Back);
}

TEST(ClassifyObb, MatchesItsEightVertices) {
  testing::Random random(14);
  for (int trial = 0; trial < 5000; ++trial) {
    const Obb box{random.vector(-5, 5), random.vector(0, 3), random.rotation()};
    const Plane plane = randomPlane(random);
    std::vector<Vec3> vertices;
    for (int corner = 0; corner < 8; ++corner) {
      const Vec3 local{corner & 1 ? box.halfSize.x : -box.halfSize.x, corner & 2 ? box.halfSize.y : -box.halfSize.y,
                       corner & 4 ? box.halfSize.z : -box.halfSize.z};
      vertices.push_back(box.center + box.rotation * local);
    }
    expectCoversSamples(bisectedRange(plane, box), sampledRange(plane, vertices), 0, 1e-10);
  }
}

TEST(ClassifyObb, ZeroHalfSizeIsAPoint) {
  EXPECT_TRUE(rangeIs(kTilted, Obb{{1, 2, 3}, {0, 0, 0}, kQuarterTurnZ}, 0, 0));
  EXPECT_EQ(classify(kTilted, Obb{{1, 2, 4}, {0, 0, 0}, kQuarterTurnZ}), Side::Front);
}

// ---- cylinder ----

// Axis (0,0,0)-(0,0,2), radius 1. Normal (1, 0, 1): the largest x + z is on the top rim at (1, 0, 2), 3; the
// smallest on the bottom rim at (-1, 0, 0), -1. So the range is [c - 1, c + 3].
TEST(ClassifyCylinder, TiltedPlaneTouchesTheRims) {
  const Cylinder c{{0, 0, 0}, {0, 0, 2}, 1};
  EXPECT_TRUE(rangeIs(Plane{{1, 0, 1}, 0}, c, -1, 3));
  EXPECT_EQ(classify(Plane{{1, 0, 1}, -3}, c), Side::Intersecting);
  EXPECT_EQ(classify(Plane{{1, 0, 1}, 1}, c), Side::Intersecting);
  EXPECT_EQ(classify(Plane{{1, 0, 1}, -3.25}, c), Side::Back);
  EXPECT_EQ(classify(Plane{{1, 0, 1}, 1.25}, c), Side::Front);
}

TEST(ClassifyCylinder, TouchingTheSideOrACap) {
  const Cylinder c{{0, 0, 0}, {0, 0, 2}, 1};
  EXPECT_TRUE(rangeIs(Plane{{1, 0, 0}, -1}, c, -2, 0));  // x = 1 touches the side
  EXPECT_EQ(classify(Plane{{1, 0, 0}, -1}, c), Side::Intersecting);
  EXPECT_EQ(classify(Plane{{1, 0, 0}, -1.5}, c), Side::Back);
  EXPECT_TRUE(rangeIs(Plane{{0, 0, 1}, -2}, c, -2, 0));  // z = 2 touches the top cap
  EXPECT_EQ(classify(Plane{{0, 0, 1}, -2}, c), Side::Intersecting);
  EXPECT_EQ(classify(Plane{{0, 0, -1}, 2.5}, c), Side::Front);
}

TEST(ClassifyCylinder, ZeroRadiusIsItsAxisSegment) {
  const Cylinder c{{1, 2, 4}, {1, 2, 6}, 0};
  EXPECT_TRUE(rangeIs(kTilted, c, 12, 36));
  EXPECT_EQ(classify(kTilted, c), Side::Front);
  EXPECT_EQ(classify(kTilted, Cylinder{{1, 2, 3}, {1, 2, 6}, 0}), Side::Intersecting);
}

// A cylinder's extreme points along any direction lie on its two cap rims: sampled densely.
TEST(ClassifyCylinder, MatchesRimSampling) {
  testing::Random random(15);
  constexpr int kCount = 2000;
  for (int trial = 0; trial < 300; ++trial) {
    Cylinder c{random.vector(-5, 5), random.vector(-5, 5), random.uniform(0, 3)};
    if (trial % 10 == 0) c.end = c.start + Vec3{0, 0, random.uniform(0.5, 2)};  // axis-aligned
    const Plane plane = randomPlane(random);
    const Vec3 axis = c.end - c.start, u = perpendicular(axis), v = cross(axis, u) * (1 / length(axis));
    std::vector<Vec3> rims;
    addCircle(rims, c.start, u, v, c.radius, kCount);
    addCircle(rims, c.end, u, v, c.radius, kCount);
    const double gap = length(plane.normal) * c.radius * 5.0 / (double(kCount) * kCount);
    expectCoversSamples(bisectedRange(plane, c), sampledRange(plane, rims), gap, 1e-11);
  }
}

// ---- capsule ----

// Axis (0,0,0)-(0,0,2), radius 1, normal (3, 0, 4) (|n| = 5): the farthest point is end + r n/|n| = (0.6, 0, 2.8),
// 3*0.6 + 4*2.8 = 13; the nearest start - r n/|n| = (-0.6, 0, -0.8), -5. So the range is [c - 5, c + 13].
TEST(ClassifyCapsule, TiltedPlaneTouchesTheEndBalls) {
  const Capsule c{{0, 0, 0}, {0, 0, 2}, 1};
  EXPECT_TRUE(rangeIs(Plane{{3, 0, 4}, 0}, c, -5, 13));
  EXPECT_EQ(classify(Plane{{3, 0, 4}, -13}, c), Side::Intersecting);
  EXPECT_EQ(classify(Plane{{3, 0, 4}, 5}, c), Side::Intersecting);
  EXPECT_EQ(classify(Plane{{3, 0, 4}, -13.5}, c), Side::Back);
  EXPECT_EQ(classify(Plane{{3, 0, 4}, 5.5}, c), Side::Front);
}

TEST(ClassifyCapsule, StartEqualToEndIsABall) {
  testing::Random random(16);
  for (int trial = 0; trial < 1000; ++trial) {
    const Vec3 center = random.vector(-5, 5);
    const double radius = random.uniform(0, 3);
    const Plane plane = randomPlane(random);
    const Range capsule = bisectedRange(plane, Capsule{center, center, radius});
    const Range ball = bisectedRange(plane, Sphere{center, radius});
    EXPECT_EQ(capsule.lo, ball.lo);
    EXPECT_EQ(capsule.hi, ball.hi);
  }
  EXPECT_EQ(classify(kTilted, Capsule{{1, 2, 3}, {1, 2, 3}, 0}), Side::Intersecting);
  EXPECT_EQ(classify(kTilted, Capsule{{4, 6, 15}, {4, 6, 15}, 12.5}), Side::Front);
}

TEST(ClassifyCapsule, MatchesEndBallSampling) {
  testing::Random random(17);
  constexpr int kSteps = 150;
  for (int trial = 0; trial < 40; ++trial) {
    const Capsule c{random.vector(-5, 5), random.vector(-5, 5), random.uniform(0, 3)};
    const Plane plane = randomPlane(random);
    auto points = ellipsoidSurface(c.start, {c.radius, 0, 0}, {0, c.radius, 0}, {0, 0, c.radius}, kSteps);
    const auto other = ellipsoidSurface(c.end, {c.radius, 0, 0}, {0, c.radius, 0}, {0, 0, c.radius}, kSteps);
    points.insert(points.end(), other.begin(), other.end());
    const double gap = 2 * length(plane.normal) * c.radius * (M_PI / kSteps) * (M_PI / kSteps);
    expectCoversSamples(bisectedRange(plane, c), sampledRange(plane, points), gap, 1e-11);
  }
}

// ---- frustum-style culling ----

enum class Visibility { Inside, Outside, Partial };

// The tri-state cull of a box against planes whose normals point inwards: outside as soon as it is behind one,
// inside when in front of all, otherwise partial.
template <class Box>
Visibility cull(const std::array<Plane, 6>& planes, const Box& box, double epsilon = 0) {
  bool inside = true;
  for (const Plane& plane : planes) {
    const Side side = classify(plane, box, {epsilon});
    if (side == Side::Back) return Visibility::Outside;
    inside = inside && side == Side::Front;
  }
  return inside ? Visibility::Inside : Visibility::Partial;
}

// A camera at the origin looking down -z with a 90 degree field of view: |x| <= -z, |y| <= -z, -100 <= z <= -1.
const std::array<Plane, 6> kView = {Plane{{-1, 0, -1}, 0}, Plane{{1, 0, -1}, 0},  Plane{{0, -1, -1}, 0},
                                    Plane{{0, 1, -1}, 0},  Plane{{0, 0, -1}, -1}, Plane{{0, 0, 1}, 100}};

TEST(ClassifyFrustumStyle, CullsBoxesInThreeStates) {
  EXPECT_EQ(cull(kView, Aabb{{-1, -1, -5}, {1, 1, -3}}), Visibility::Inside);
  EXPECT_EQ(cull(kView, Aabb{{-1, -1, 1}, {1, 1, 3}}), Visibility::Outside);              // behind the camera
  EXPECT_EQ(cull(kView, Aabb{{50, -1, -10}, {60, 1, -5}}), Visibility::Outside);          // off to the right
  EXPECT_EQ(cull(kView, Aabb{{-1, -1, -200}, {1, 1, -150}}), Visibility::Outside);        // beyond the far plane
  EXPECT_EQ(cull(kView, Aabb{{-1, -1, -2}, {1, 1, 0}}), Visibility::Partial);             // across the near plane
  EXPECT_EQ(cull(kView, Aabb{{-10, -10, -200}, {10, 10, -50}}), Visibility::Partial);     // across the far plane
  EXPECT_EQ(cull(kView, Aabb{{-200, -200, -99}, {200, 200, -98}}), Visibility::Partial);  // wider than the view
}

TEST(ClassifyFrustumStyle, TouchingAPlaneIsPartial) {
  // x in [5, 6], z in [-5, -4]: -x - z reaches 0 only at the corner (5, y, -5), on the right plane.
  EXPECT_EQ(cull(kView, Aabb{{5, -1, -5}, {6, 1, -4}}), Visibility::Partial);
  EXPECT_EQ(cull(kView, Aabb{{5.25, -1, -5}, {6, 1, -4}}), Visibility::Outside);
  // Touching the near plane z = -1 from inside.
  EXPECT_EQ(cull(kView, Aabb{{-0.5, -0.5, -3}, {0.5, 0.5, -1}}), Visibility::Partial);
  EXPECT_EQ(cull(kView, Aabb{{-0.5, -0.5, -3}, {0.5, 0.5, -1.5}}), Visibility::Inside);
}

TEST(ClassifyFrustumStyle, EpsilonKeepsBoxesNearThePlanes) {
  // Beyond the far plane by 0.5 in distance (the far plane's normal is unit).
  const Aabb beyond{{-1, -1, -101}, {1, 1, -100.5}};
  EXPECT_EQ(cull(kView, beyond), Visibility::Outside);
  EXPECT_EQ(cull(kView, beyond, 0.5), Visibility::Partial);
  EXPECT_EQ(cull(kView, beyond, 0.49), Visibility::Outside);
  // Inside the near plane by 0.5: still inside with a margin of 0.49, partial with one of 0.5.
  const Aabb close{{-0.5, -0.5, -3}, {0.5, 0.5, -1.5}};
  EXPECT_EQ(cull(kView, close, 0.49), Visibility::Inside);
  EXPECT_EQ(cull(kView, close, 0.5), Visibility::Partial);
}

TEST(ClassifyFrustumStyle, CullsOrientedBoxes) {
  const double s = std::sqrt(0.5);
  const Mat3 turned = fromColumns({s, 0, s}, {0, 1, 0}, {-s, 0, s});  // 45 degrees about y
  EXPECT_EQ(cull(kView, Obb{{0, 0, -10}, {1, 1, 1}, turned}), Visibility::Inside);
  EXPECT_EQ(cull(kView, Obb{{0, 0, 10}, {1, 1, 1}, turned}), Visibility::Outside);
  EXPECT_EQ(cull(kView, Obb{{0, 0, -1.5}, {1, 1, 1}, turned}), Visibility::Partial);
}

}  // namespace
}  // namespace c3d
