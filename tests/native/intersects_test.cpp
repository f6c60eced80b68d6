// intersects(a, b) for the boolean kernels: sphere-sphere, aabb-aabb, obb-obb, triangle-triangle, plane-shape,
// frustum-shape and caster-shape (intersectsByCast). Every shape is a closed set, so touching counts (README).
// Expected values are derived by hand (see the comments) or by independent oracles written here: exact int64
// predicates for triangles and segments, a small linear program for oriented boxes, support points for planes,
// closest points for balls and boxes, and sample points for the conservative frustum cull.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <string>
#include <vector>

#include "collide3d/queries/intersects/intersects_aabb_aabb.h"
#include "collide3d/queries/intersects/intersects_caster_shape.h"
#include "collide3d/queries/intersects/intersects_frustum_shape.h"
#include "collide3d/queries/intersects/intersects_obb_obb.h"
#include "collide3d/queries/intersects/intersects_plane_shape.h"
#include "collide3d/queries/intersects/intersects_sphere_sphere.h"
#include "collide3d/queries/intersects/intersects_triangle_triangle.h"
#include "test_support.h"

namespace c3d {
namespace {

using testing::Random;

// ---------------------------------------------------------------------------------------------------------------
// Helpers

constexpr double kTiny = 0x1p-20;  // a dyadic gap: sums and products with small integers stay exact
double up(double x) { return std::nextafter(x, kInfinity); }
double down(double x) { return std::nextafter(x, -kInfinity); }

std::string str(Vec3 v) {
  char text[96];
  std::snprintf(text, sizeof text, "(%.17g, %.17g, %.17g)", v.x, v.y, v.z);
  return text;
}
std::string str(const Triangle& t) { return "{" + str(t.a) + ", " + str(t.b) + ", " + str(t.c) + "}"; }
std::string str(const Obb& box) {
  std::string s = "{center " + str(box.center) + ", halfSize " + str(box.halfSize) + ", columns";
  for (int i = 0; i < 3; ++i) s += " " + str(box.rotation.column(i));
  return s + "}";
}

Mat3 columns(Vec3 x, Vec3 y, Vec3 z) {
  Mat3 r;
  const Vec3 column[3] = {x, y, z};
  for (int i = 0; i < 3; ++i) r.m[3 * i] = column[i].x, r.m[3 * i + 1] = column[i].y, r.m[3 * i + 2] = column[i].z;
  return r;
}
Mat3 product(const Mat3& a, const Mat3& b) { return columns(a * b.column(0), a * b.column(1), a * b.column(2)); }

// All 48 signed permutation matrices (the rotations and reflections by multiples of 90°): exact in floating point.
std::vector<Mat3> allSignedPermutations() {
  std::vector<Mat3> result;
  int axis[3] = {0, 1, 2};
  do {
    for (int signs = 0; signs < 8; ++signs) {
      Mat3 r;
      for (double& m : r.m) m = 0;
      for (int column = 0; column < 3; ++column) r.m[3 * column + axis[column]] = (signs >> column & 1) ? -1.0 : 1.0;
      result.push_back(r);
    }
  } while (std::next_permutation(axis, axis + 3));
  return result;
}

// The random cases where a kernel disagrees with an oracle: how many, and the first one in full.
struct Disagreements {
  int count = 0;
  std::string first;
  void add(const std::string& description) {
    if (count++ == 0) first = description;
  }
};

// intersects(a, b) and intersects(b, a) both equal `expected`.
template <class A, class B>
::testing::AssertionResult bothOrders(const A& a, const B& b, bool expected) {
  const bool ab = intersects(a, b), ba = intersects(b, a);
  if (ab == expected && ba == expected) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "intersects(a, b) = " << ab << ", intersects(b, a) = " << ba
                                       << ", expected " << expected;
}

// ---------------------------------------------------------------------------------------------------------------
// Sphere-sphere

TEST(IntersectsSphereSphere, TouchingExternallyAndInternally) {
  // |(2, 3, 6)| = 7 = 3 + 4: externally tangent; integer data, so the squared comparison 49 <= 49 is exact.
  EXPECT_TRUE(bothOrders(Sphere{{0, 0, 0}, 3}, Sphere{{2, 3, 6}, 4}, true));
  EXPECT_TRUE(bothOrders(Sphere{{1, 1, 1}, 2}, Sphere{{6, 1, 1}, 3}, true));  // distance 5 = 2 + 3
  EXPECT_TRUE(bothOrders(Sphere{{0, 0, 0}, 3}, Sphere{{1, 0, 0}, 2}, true));  // internally tangent: 1 = 3 - 2
}

TEST(IntersectsSphereSphere, SeparatedByOneUlp) {
  // Centre distance up(5) = 5 + 2^-50: squared 25 + 10 * 2^-50 rounds to at least 25 + 2^-47 > 25 = (2 + 3)^2.
  EXPECT_TRUE(bothOrders(Sphere{{0, 0, 0}, 2}, Sphere{{up(5), 0, 0}, 3}, false));
  EXPECT_TRUE(bothOrders(Sphere{{0, 0, 0}, 2}, Sphere{{-up(5), 0, 0}, 3}, false));
  // Radius down(5) = 5 - 2^-50 against a point at distance 5: (5 - 2^-50)^2 rounds below 25.
  EXPECT_TRUE(bothOrders(Sphere{{0, 0, 0}, down(5)}, Sphere{{0, 5, 0}, 0}, false));
  EXPECT_TRUE(bothOrders(Sphere{{0, 0, 0}, 5}, Sphere{{0, 5, 0}, 0}, true));
}

TEST(IntersectsSphereSphere, OverlapContainmentAndPoints) {
  EXPECT_TRUE(bothOrders(Sphere{{0, 0, 0}, 2}, Sphere{{3, 0, 0}, 2}, true));       // overlapping
  EXPECT_TRUE(bothOrders(Sphere{{0, 0, 0}, 10}, Sphere{{1, 2, 3}, 1}, true));      // one inside the other
  EXPECT_TRUE(bothOrders(Sphere{{0, 0, 0}, 2}, Sphere{{3, 0, 0}, 0.5}, false));    // 3 > 2.5
  EXPECT_TRUE(bothOrders(Sphere{{0, 0, 0}, 5}, Sphere{{3, 4, 0}, 0}, true));       // a point on the surface
  EXPECT_TRUE(bothOrders(Sphere{{0, 0, 0}, 5}, Sphere{{3, 4, 1}, 0}, false));      // a point just outside
  EXPECT_TRUE(bothOrders(Sphere{{1, 2, 3}, 0}, Sphere{{1, 2, 3}, 0}, true));       // two equal points
  EXPECT_TRUE(bothOrders(Sphere{{1, 2, 3}, 0}, Sphere{{1, 2, up(3)}, 0}, false));  // two distinct points
}

// ---------------------------------------------------------------------------------------------------------------
// Aabb-aabb

// The box mapped by a signed permutation (exact: it only moves and negates coordinates).
Aabb permuted(const Mat3& p, const Aabb& box) {
  const Vec3 a = p * box.min, b = p * box.max;
  return {{std::fmin(a.x, b.x), std::fmin(a.y, b.y), std::fmin(a.z, b.z)},
          {std::fmax(a.x, b.x), std::fmax(a.y, b.y), std::fmax(a.z, b.z)}};
}

// Checks a pair in both argument orders, and in every one of the 48 orientations of the axes.
::testing::AssertionResult aabbsEverywhere(const Aabb& a, const Aabb& b, bool expected) {
  for (const Mat3& p : allSignedPermutations()) {
    ::testing::AssertionResult result = bothOrders(permuted(p, a), permuted(p, b), expected);
    if (!result) return result << " with axes turned to " << str(p.column(0)) << str(p.column(1)) << str(p.column(2));
  }
  return ::testing::AssertionSuccess();
}

TEST(IntersectsAabbAabb, SharingAFaceAnEdgeOrACorner) {
  const Aabb unit{{0, 0, 0}, {1, 1, 1}};
  EXPECT_TRUE(aabbsEverywhere(unit, {{1, 0, 0}, {2, 1, 1}}, true));          // the face x = 1
  EXPECT_TRUE(aabbsEverywhere(unit, {{1, 0.25, 0.5}, {3, 0.5, 2}}, true));   // part of that face
  EXPECT_TRUE(aabbsEverywhere(unit, {{1, 1, 0}, {2, 2, 1}}, true));          // the edge x = y = 1
  EXPECT_TRUE(aabbsEverywhere(unit, {{1, 1, 1}, {2, 2, 2}}, true));          // the corner (1, 1, 1)
  EXPECT_TRUE(aabbsEverywhere(unit, {{1, 1, 1}, {1, 1, 1}}, true));          // a point box at that corner
}

TEST(IntersectsAabbAabb, SeparatedByOneUlp) {
  const Aabb unit{{0, 0, 0}, {1, 1, 1}};
  EXPECT_TRUE(aabbsEverywhere(unit, {{up(1), 0, 0}, {2, 1, 1}}, false));
  EXPECT_TRUE(aabbsEverywhere(unit, {{up(1), up(1), 0}, {2, 2, 1}}, false));
  EXPECT_TRUE(aabbsEverywhere(unit, {{1, 1, up(1)}, {2, 2, 2}}, false));
  EXPECT_TRUE(aabbsEverywhere(unit, {{-1, 0, 0}, {down(0), 1, 1}}, false));  // max.x is the largest double below 0
}

TEST(IntersectsAabbAabb, ContainmentOverlapAndFlatBoxes) {
  const Aabb unit{{0, 0, 0}, {1, 1, 1}};
  EXPECT_TRUE(aabbsEverywhere(unit, {{0.25, 0.25, 0.25}, {0.5, 0.5, 0.5}}, true));  // contained
  EXPECT_TRUE(aabbsEverywhere(unit, {{-1, -1, -1}, {2, 2, 2}}, true));              // containing
  EXPECT_TRUE(aabbsEverywhere(unit, {{0.5, -1, 0.5}, {0.5, 2, 0.5}}, true));        // a segment box through it
  EXPECT_TRUE(aabbsEverywhere(unit, {{-1, -1, 0.5}, {2, 2, 0.5}}, true));           // a flat box slicing it
  EXPECT_TRUE(aabbsEverywhere(unit, {{-1, -1, 2}, {2, 2, 2}}, false));              // a flat box above it
  EXPECT_TRUE(aabbsEverywhere(unit, {{2, 0, 0}, {3, 1, 1}}, false));                // one apart on x only
}

// ---------------------------------------------------------------------------------------------------------------
// Obb-obb

// An oriented box whose rotation is a signed permutation is exactly the axis-aligned box centre +- |R| halfSize.
// Two such boxes meet iff these intervals overlap on every axis: closed intervals, or open ones when `strict`.
bool permutedBoxesOverlap(const Obb& a, const Obb& b, bool strict) {
  for (int axis = 0; axis < 3; ++axis) {
    double extentA = 0, extentB = 0;
    for (int j = 0; j < 3; ++j) {
      extentA += std::fabs(component(a.rotation.column(j), axis)) * component(a.halfSize, j);
      extentB += std::fabs(component(b.rotation.column(j), axis)) * component(b.halfSize, j);
    }
    const double ca = component(a.center, axis), cb = component(b.center, axis);
    const double gap = std::fmax(cb - extentB - (ca + extentA), ca - extentA - (cb + extentB));
    if (strict ? gap >= 0 : gap > 0) return false;
  }
  return true;
}

TEST(IntersectsObbObb, FaceToFaceTouchingWithQuarterTurnRotations) {
  // A has world extents |R_A| (1, 2, 3); B, rotated by each of the 48 signed permutations, is placed with its
  // -x face on A's +x face: centre x = extentA.x + extentB.x, all exact integers. One ulp further it is separated.
  Random random(3);
  for (const Mat3& rb : allSignedPermutations()) {
    const Mat3 ra = random.signedPermutation();
    const Obb a{{0, 0, 0}, {1, 2, 3}, ra};
    const Vec3 extentA = abs(ra.column(0)) * 1 + abs(ra.column(1)) * 2 + abs(ra.column(2)) * 3;
    const Vec3 extentB = abs(rb.column(0)) * 2 + abs(rb.column(1)) * 1 + abs(rb.column(2)) * 1;
    const double touching = extentA.x + extentB.x;
    EXPECT_TRUE(bothOrders(a, Obb{{touching, 0.5, -0.5}, {2, 1, 1}, rb}, true)) << str(ra.column(0));
    EXPECT_TRUE(bothOrders(a, Obb{{up(touching), 0.5, -0.5}, {2, 1, 1}, rb}, false)) << str(ra.column(0));
    EXPECT_TRUE(bothOrders(a, Obb{{-touching, 0, 0}, {2, 1, 1}, rb}, true));
    EXPECT_TRUE(bothOrders(a, Obb{{-up(touching), 0, 0}, {2, 1, 1}, rb}, false));
  }
}

TEST(IntersectsObbObb, QuarterTurnRotationsAgainstAxisAlignedBoxes) {
  // Random integer centres and half sizes (zero included: flat boxes, segments, points) with signed-permutation
  // rotations: every quantity is exact, so face, edge and corner contacts are decided exactly.
  Random random(5);
  int touching = 0, intersecting = 0;
  for (int i = 0; i < 20000; ++i) {
    const Obb a{random.integerVector(-3, 3), random.integerVector(0, 2), random.signedPermutation()};
    const Obb b{random.integerVector(-3, 3), random.integerVector(0, 2), random.signedPermutation()};
    const bool expected = permutedBoxesOverlap(a, b, false);
    intersecting += expected;
    touching += expected && !permutedBoxesOverlap(a, b, true);
    ASSERT_TRUE(bothOrders(a, b, expected)) << str(a) << " vs " << str(b);
  }
  std::printf("[          ] %d of 20000 pairs intersect, %d of them only touching\n", intersecting, touching);
}

TEST(IntersectsObbObb, SeparatedOnlyByAnEdgeCrossEdgeAxis) {
  // A: the unit cube (half size 1) turned 45° about z, so its cross-section is a diamond with a vertical edge
  //    {(sqrt2, 0, z) : |z| <= 1}.
  // B: the same cube turned 45° about y and centred at (2 sqrt2 + g, 0, 0); its vertex (-1, *, -1) in local terms
  //    is at x offset -sqrt2, giving the horizontal edge {(sqrt2 + g, y, 0) : |y| <= 1}.
  // The two edges are perpendicular and pass at distance g along x = z x y, an edge-cross-edge axis. Every face
  // axis overlaps by a wide margin (e.g. along A's (1,1,0)/sqrt2: 2 + g/sqrt2 vs 1 + (1 + 1/sqrt2); along z:
  // 0 vs 1 + sqrt2), so for 0 < g < 0.7 only the cross axis separates them; for g < 0 the edges interpenetrate.
  const double h = std::sqrt(0.5);
  const Mat3 aboutZ = columns({h, h, 0}, {-h, h, 0}, {0, 0, 1});
  const Mat3 aboutY = columns({h, 0, -h}, {0, 1, 0}, {h, 0, h});
  const Obb a{{0, 0, 0}, {1, 1, 1}, aboutZ};
  for (double g : {1e-9, 1e-6, 1e-3, 0.1, 0.5}) {
    EXPECT_TRUE(bothOrders(a, Obb{{2 * std::sqrt(2.0) + g, 0, 0}, {1, 1, 1}, aboutY}, false)) << "g = " << g;
    EXPECT_TRUE(bothOrders(a, Obb{{2 * std::sqrt(2.0) - g, 0, 0}, {1, 1, 1}, aboutY}, true)) << "g = -" << g;
  }
  // The same configuration carried by random rigid motions, with gaps well above rounding.
  Random random(13);
  for (int i = 0; i < 2000; ++i) {
    const Mat3 q = random.rotation();
    const Vec3 shift = random.vector(-5, 5);
    for (double g : {1e-6, -1e-6, 0.3, -0.3}) {
      const Obb a2{shift, {1, 1, 1}, product(q, aboutZ)};
      const Obb b2{shift + q * Vec3{2 * std::sqrt(2.0) + g, 0, 0}, {1, 1, 1}, product(q, aboutY)};
      ASSERT_TRUE(bothOrders(a2, b2, g < 0)) << "g = " << g << ": " << str(a2) << " vs " << str(b2);
    }
  }
}

TEST(IntersectsObbObb, ParallelEdgesSameOrQuarterTurnedRotation) {
  // B's rotation is A's times a signed permutation, so every edge of B is parallel to an edge of A (the nine cross
  // products are 0 or +-A's axes). In A's frame B is then the axis-aligned box offset +- |P| halfB, and the boxes
  // meet iff |offset_i| <= halfA_i + (|P| halfB)_i on every axis. The offset is placed 1e-9 inside or outside.
  Random random(17);
  const std::vector<Mat3> permutations = allSignedPermutations();
  for (int i = 0; i < 5000; ++i) {
    const Mat3 ra = random.rotation();
    const Mat3 p = i % 2 == 0 ? Mat3{} : permutations[random.integer(0, 47)];
    const Obb a{random.vector(-2, 2), random.vector(0.1, 2), ra};
    const Vec3 halfB = random.vector(0.1, 2);
    const Vec3 reach = a.halfSize + abs(p.column(0)) * halfB.x + abs(p.column(1)) * halfB.y +
                       abs(p.column(2)) * halfB.z;
    const int axis = random.integer(0, 2);
    const double sign = random.integer(0, 1) ? 1.0 : -1.0;
    for (double margin : {-1e-9, 1e-9}) {
      Vec3 offset = random.vector(-1, 1);  // inside the reach on the other axes
      offset = {offset.x * reach.x * 0.9, offset.y * reach.y * 0.9, offset.z * reach.z * 0.9};
      const double along = sign * (component(reach, axis) + margin);
      offset = {axis == 0 ? along : offset.x, axis == 1 ? along : offset.y, axis == 2 ? along : offset.z};
      const Obb b{a.center + ra * offset, halfB, product(ra, p)};
      ASSERT_TRUE(bothOrders(a, b, margin < 0)) << "margin " << margin << ": " << str(a) << " vs " << str(b);
    }
  }
}

// The oracle for oriented boxes: the largest t such that some point lies at least t inside all 12 face planes of
// both boxes (n.x + t <= n.c + h for n = +-each axis). This is a linear program in (x, t); its optimum is at a vertex,
// where 4 of the constraints are tight, so it is found by solving every 4 x 4 system and keeping the best feasible
// solution. The boxes meet iff the optimum is >= 0, and its magnitude is the margin of that decision. (No
// separating-axis reasoning is involved.)
double commonDepth(const Obb& a, const Obb& b) {
  double row[12][5];  // n.x, n.y, n.z, 1 | right-hand side
  int count = 0;
  for (const Obb* box : {&a, &b}) {
    for (int i = 0; i < 3; ++i) {
      const Vec3 n = box->rotation.column(i);
      const double c = dot(n, box->center), h = component(box->halfSize, i);
      for (double s : {1.0, -1.0}) {
        const double r[5] = {s * n.x, s * n.y, s * n.z, 1, s * c + h};
        std::copy(r, r + 5, row[count++]);
      }
    }
  }
  double best = -kInfinity;
  int pick[4];
  for (pick[0] = 0; pick[0] < 12; ++pick[0]) {
    for (pick[1] = pick[0] + 1; pick[1] < 12; ++pick[1]) {
      for (pick[2] = pick[1] + 1; pick[2] < 12; ++pick[2]) {
        for (pick[3] = pick[2] + 1; pick[3] < 12; ++pick[3]) {
          double m[4][5];
          for (int r = 0; r < 4; ++r) std::copy(row[pick[r]], row[pick[r]] + 5, m[r]);
          bool singular = false;
          for (int col = 0; col < 4 && !singular; ++col) {  // Gaussian elimination with partial pivoting
            int pivot = col;
            for (int r = col + 1; r < 4; ++r) {
              if (std::fabs(m[r][col]) > std::fabs(m[pivot][col])) pivot = r;
            }
            if (std::fabs(m[pivot][col]) < 1e-6) singular = true;
            std::swap(m[col], m[pivot]);
            for (int r = 0; r < 4 && !singular; ++r) {
              if (r == col) continue;
              const double f = m[r][col] / m[col][col];
              for (int k = col; k < 5; ++k) m[r][k] -= f * m[col][k];
            }
          }
          if (singular) continue;
          double x[4];
          for (int r = 0; r < 4; ++r) x[r] = m[r][4] / m[r][r];
          bool feasible = true;
          for (int r = 0; r < 12 && feasible; ++r) {
            feasible = row[r][0] * x[0] + row[r][1] * x[1] + row[r][2] * x[2] + x[3] <= row[r][4] + 1e-11;
          }
          if (feasible) best = std::fmax(best, x[3]);
        }
      }
    }
  }
  return best;
}

Obb randomBox(Random& random, double spread) {
  return {random.vector(-spread, spread), random.vector(0.05, 1.5), random.rotation()};
}

TEST(IntersectsObbObb, RandomAgainstLinearProgram) {
  Random random(19);
  constexpr int kCases = 10000;
  constexpr double kMargin = 1e-10;
  int skipped = 0, intersecting = 0;
  for (int i = 0; i < kCases; ++i) {
    const Obb a = randomBox(random, 2), b = randomBox(random, 2);
    const double depth = commonDepth(a, b);
    ASSERT_GT(depth, -kInfinity);
    if (std::fabs(depth) < kMargin) {
      ++skipped;
      continue;
    }
    intersecting += depth > 0;
    ASSERT_TRUE(bothOrders(a, b, depth > 0)) << "depth " << depth << ": " << str(a) << " vs " << str(b);
  }
  std::printf("[          ] %d of %d intersect; %d skipped within %g of touching\n", intersecting, kCases, skipped,
              kMargin);
  EXPECT_LT(skipped, kCases / 100);
}

// B (with A's centre) slid along `direction` to just inside or outside contact with A: the depth is concave in the
// distance travelled, so bisection finds the contact distance s0, and B is placed at s0 + delta.
Obb placedNear(const Obb& a, const Obb& b, Vec3 direction, double delta) {
  auto at = [&](double s) { return Obb{a.center + direction * s, b.halfSize, b.rotation}; };
  double inside = 0, outside = length(a.halfSize) + length(b.halfSize) + 0.1;
  for (int step = 0; step < 40; ++step) {
    const double mid = 0.5 * (inside + outside);
    if (commonDepth(a, at(mid)) >= 0) {
      inside = mid;
    } else {
      outside = mid;
    }
  }
  return at(inside + delta);
}

// Random boxes placed at +-delta from contact along random directions, delta log-uniform in [1e-8, 1e-2]: face,
// edge and corner contacts of every kind, just inside and just outside. `turn` gives B's rotation from A's.
template <class Turn>
void expectNearContactsAgreeWithLinearProgram(unsigned seed, double margin, Turn turn) {
  Random random(seed);
  constexpr int kCases = 250;
  int skipped = 0;
  for (int i = 0; i < kCases; ++i) {
    const Obb a = randomBox(random, 1);
    const Obb b{a.center, random.vector(0.05, 1.5), turn(random, a.rotation)};
    const Vec3 direction = normalizedOr(random.vector(-1, 1), {1, 0, 0});
    const double delta = std::pow(10.0, random.uniform(-8, -2)) * (random.integer(0, 1) ? 1 : -1);
    const Obb placed = placedNear(a, b, direction, delta);
    const double depth = commonDepth(a, placed);
    if (std::fabs(depth) < margin) {
      ++skipped;
      continue;
    }
    ASSERT_TRUE(bothOrders(a, placed, depth > 0)) << "depth " << depth << ": " << str(a) << " vs " << str(placed);
  }
  std::printf("[          ] %d of %d near-contact cases skipped within %g of touching\n", skipped, kCases, margin);
  EXPECT_LT(skipped, kCases / 10);
}

TEST(IntersectsObbObb, NearContactAgainstLinearProgram) {
  expectNearContactsAgreeWithLinearProgram(23, 1e-10, [](Random& random, const Mat3&) { return random.rotation(); });
}

TEST(IntersectsObbObb, NearlyParallelEdgesNearContactAgainstLinearProgram) {
  // B turned from A by 1e-13 to 1e-7 radians about a random axis: every edge of B is nearly parallel to one of A,
  // where the kernel skips cross axes below a sine of 1e-9 and relies on the face axes. It documents an error of
  // about 1e-9 of the boxes' size there, so the margin is 1e-8.
  expectNearContactsAgreeWithLinearProgram(29, 1e-8, [](Random& random, const Mat3& ra) {
    const Vec3 u = normalizedOr(random.vector(-1, 1), {0, 0, 1});
    const double s = std::sin(std::pow(10.0, random.uniform(-13, -7))), c = std::sqrt(1 - s * s);
    auto turn = [&](Vec3 v) { return v * c + cross(u, v) * s + u * (dot(u, v) * (1 - c)); };  // Rodrigues
    return columns(turn(ra.column(0)), turn(ra.column(1)), turn(ra.column(2)));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Triangle-triangle: hand cases

// Exact invertible affine maps p -> M p + s with small integer M. They preserve every incidence, and on the small
// integer and dyadic coordinates used here they are computed without rounding. The shears tilt the coordinate
// planes of the hand cases into general planes.
struct AffineMap {
  Mat3 m;
  Vec3 shift;
};
const std::vector<AffineMap>& exactMaps() {
  static const std::vector<AffineMap> maps = [] {
    Random random(11);
    std::vector<AffineMap> result{{Mat3{}, {0, 0, 0}}};
    for (int i = 0; i < 3; ++i) result.push_back({random.signedPermutation(), random.integerVector(-3, 3)});
    result.push_back({columns({1, -1, 0}, {0, 1, -1}, {0, 0, 1}), {1, 2, -1}});  // det 1
    result.push_back({columns({1, 1, 1}, {0, 1, 2}, {1, 0, 2}), {-2, 0, 1}});    // det 1
    return result;
  }();
  return maps;
}
Triangle mapped(const AffineMap& f, const Triangle& t) {
  return {f.m * t.a + f.shift, f.m * t.b + f.shift, f.m * t.c + f.shift};
}

std::array<Triangle, 6> vertexOrders(const Triangle& t) {
  return {{{t.a, t.b, t.c}, {t.b, t.c, t.a}, {t.c, t.a, t.b}, {t.a, t.c, t.b}, {t.c, t.b, t.a}, {t.b, t.a, t.c}}};
}

// intersects(t1, t2) == expected for all 6 x 6 vertex orders, both argument orders, and under every exact map.
::testing::AssertionResult triangles(const Triangle& t1, const Triangle& t2, bool expected) {
  int wrong = 0;
  std::string first;
  for (const AffineMap& f : exactMaps()) {
    for (const Triangle& a : vertexOrders(mapped(f, t1))) {
      for (const Triangle& b : vertexOrders(mapped(f, t2))) {
        for (const bool swapped : {false, true}) {
          const bool got = swapped ? intersects(b, a) : intersects(a, b);
          if (got == expected) continue;
          if (wrong++ == 0) first = swapped ? str(b) + " vs " + str(a) : str(a) + " vs " + str(b);
        }
      }
    }
  }
  if (wrong == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << wrong << " of " << 72 * exactMaps().size() << " orders/maps gave "
                                       << !expected << ", first: " << first;
}

// The reference triangle of the hand cases: the right triangle with legs 4 on the x and y axes, in z = 0.
const Triangle kBase{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}};

TEST(IntersectsTriangleTriangle, Crossing) {
  // Plane x = 1; its edge (1,1,-1)-(1,1,1) pierces the base at (1,1,0), inside it.
  EXPECT_TRUE(triangles(kBase, {{1, 1, -1}, {1, 1, 1}, {1, 3, 1}}, true));
  // Plane y = 1, cutting z = 0 in x in [-1/4, 17/4] (from the apex (2,1,3)), which covers the base's chord
  // x in [0, 3]: each triangle pierces the other.
  EXPECT_TRUE(triangles(kBase, {{-1, 1, -1}, {5, 1, -1}, {2, 1, 3}}, true));
  // Plane x = 5 crosses z = 0 on the line x = 5, which misses the base (x <= 4).
  EXPECT_TRUE(triangles(kBase, {{5, 0, -1}, {5, 0, 1}, {5, 1, 0}}, false));
  // Plane x + y = 10 crosses z = 0 beyond the hypotenuse x + y = 4.
  EXPECT_TRUE(triangles(kBase, {{5, 5, -1}, {5, 5, 1}, {6, 4, 0}}, false));
}

TEST(IntersectsTriangleTriangle, TouchingAtAVertexOnTheOthersFaceOrEdge) {
  // Only the vertex (1,1,0) is in z = 0, and it is inside the base; the other two are above.
  EXPECT_TRUE(triangles(kBase, {{1, 1, 0}, {1, 1, 2}, {2, 1, 2}}, true));
  EXPECT_TRUE(triangles(kBase, {{1, 1, kTiny}, {1, 1, 2}, {2, 1, 2}}, false));
  // The vertex (2,0,0) lies on the base's edge y = 0; the opposite edge crosses z = 0 at (2,-1,0), outside.
  EXPECT_TRUE(triangles(kBase, {{2, 0, 0}, {2, -1, 1}, {2, -1, -1}}, true));
  EXPECT_TRUE(triangles(kBase, {{2, -kTiny, 0}, {2, -1, 1}, {2, -1, -1}}, false));
}

TEST(IntersectsTriangleTriangle, VertexToVertex) {
  EXPECT_TRUE(triangles(kBase, {{0, 0, 0}, {-1, 0, 1}, {0, -1, 1}}, true));  // only the origin is shared
  EXPECT_TRUE(triangles(kBase, {{4, 0, 0}, {5, 1, 1}, {5, -1, 1}}, true));   // only (4,0,0)
  EXPECT_TRUE(triangles(kBase, {{4 + kTiny, 0, 0}, {5, 1, 1}, {5, -1, 1}}, false));
  EXPECT_TRUE(triangles(kBase, {{4, 0, kTiny}, {5, 1, 1}, {5, -1, 1}}, false));
}

TEST(IntersectsTriangleTriangle, EdgeCrossingEdge) {
  // The vertical edge (2,2,-1)-(2,2,1) crosses the hypotenuse at (2,2,0); the plane x = y meets the base in the
  // chord (0,0,0)-(2,2,0) and the other triangle in (2,2,0)-(3,3,0): they share exactly (2,2,0).
  EXPECT_TRUE(triangles(kBase, {{2, 2, -1}, {2, 2, 1}, {3, 3, 0}}, true));
  EXPECT_TRUE(triangles(kBase, {{2 + kTiny, 2 + kTiny, -1}, {2 + kTiny, 2 + kTiny, 1}, {3, 3, 0}}, false));
  // A tilted triangle whose edge (2,-1,1)-(2,1,-1) crosses the base's edge y = 0 at (2,0,0): it meets z = 0 in the
  // chord (2,0,0)-(2.5,-1.5,0) (the other crossing is at the middle of (2,-1,1)-(3,-2,-1)), outside but for (2,0,0).
  EXPECT_TRUE(triangles(kBase, {{2, -1, 1}, {2, 1, -1}, {3, -2, -1}}, true));
  EXPECT_TRUE(triangles(kBase, {{2, -1 - kTiny, 1}, {2, 1 - kTiny, -1}, {3, -2 - kTiny, -1}}, false));
  // An edge lying in z = 0 that crosses the base's edge y = 0 at (1,0,0) and runs on into the base.
  EXPECT_TRUE(triangles(kBase, {{1, -1, 0}, {1, 1, 0}, {1, 0, -1}}, true));
  EXPECT_TRUE(triangles(kBase, {{1, -1, 0}, {1, -kTiny, 0}, {1, 0, -1}}, false));
}

TEST(IntersectsTriangleTriangle, SharingAnEdge) {
  EXPECT_TRUE(triangles(kBase, {{4, 0, 0}, {0, 4, 0}, {2, 2, 3}}, true));  // hinged, not coplanar
  EXPECT_TRUE(triangles(kBase, {{4, 0, 0}, {0, 4, 0}, {4, 4, 0}}, true));  // coplanar, on the other side
  EXPECT_TRUE(triangles(kBase, {{0, 0, 0}, {4, 0, 0}, {0, 4, 0}}, true));  // identical
}

TEST(IntersectsTriangleTriangle, Coplanar) {
  EXPECT_TRUE(triangles(kBase, {{1, 1, 0}, {5, 1, 0}, {1, 5, 0}}, true));    // overlapping, a vertex inside
  EXPECT_TRUE(triangles(kBase, {{2, -1, 0}, {-1, 2, 0}, {3, 3, 0}}, true));  // star: edges cross, no vertex inside
  EXPECT_TRUE(triangles(kBase, {{1, 1, 0}, {2, 1, 0}, {1, 2, 0}}, true));    // one inside the other
  EXPECT_TRUE(triangles(kBase, {{4, 0, 0}, {6, 1, 0}, {6, -1, 0}}, true));   // touching at a vertex
  EXPECT_TRUE(triangles(kBase, {{4 + kTiny, 0, 0}, {6, 1, 0}, {6, -1, 0}}, false));
  EXPECT_TRUE(triangles(kBase, {{2, 0, 0}, {1, -2, 0}, {3, -2, 0}}, true));  // a vertex on an edge
  EXPECT_TRUE(triangles(kBase, {{2, -kTiny, 0}, {1, -2, 0}, {3, -2, 0}}, false));
  EXPECT_TRUE(triangles(kBase, {{1, 0, 0}, {3, 0, 0}, {2, -2, 0}}, true));   // along part of an edge
  EXPECT_TRUE(triangles(kBase, {{2, 2, 0}, {5, 2, 0}, {2, 5, 0}}, true));    // a vertex on the hypotenuse
  EXPECT_TRUE(triangles(kBase, {{2 + kTiny, 2, 0}, {5, 2, 0}, {2, 5, 0}}, false));
  EXPECT_TRUE(triangles(kBase, {{3, 3, 0}, {5, 3, 0}, {3, 5, 0}}, false));   // disjoint
  EXPECT_TRUE(triangles(kBase, {{-1, -1, 0}, {-3, -1, 0}, {-1, -3, 0}}, false));
}

TEST(IntersectsTriangleTriangle, ParallelPlanes) {
  EXPECT_TRUE(triangles(kBase, {{0, 0, 1}, {4, 0, 1}, {0, 4, 1}}, false));
  EXPECT_TRUE(triangles(kBase, {{0, 0, kTiny}, {4, 0, kTiny}, {0, 4, kTiny}}, false));
  EXPECT_TRUE(triangles(kBase, {{-1, -1, -kTiny}, {9, -1, -kTiny}, {-1, 9, -kTiny}}, false));
}

TEST(IntersectsTriangleTriangle, ZeroAreaAgainstTriangle) {
  // Segments (collinear vertices; the middle one listed last).
  EXPECT_TRUE(triangles(kBase, {{1, 1, -1}, {1, 1, 1}, {1, 1, 0}}, true));    // piercing the interior
  EXPECT_TRUE(triangles(kBase, {{1, 1, 0}, {1, 1, 2}, {1, 1, 1}}, true));     // ending on the face
  EXPECT_TRUE(triangles(kBase, {{1, 1, kTiny}, {1, 1, 2}, {1, 1, 1}}, false));
  EXPECT_TRUE(triangles(kBase, {{2, 0, 0}, {2, -2, 2}, {2, -1, 1}}, true));   // ending on an edge
  EXPECT_TRUE(triangles(kBase, {{5, 5, -1}, {5, 5, 1}, {5, 5, 0}}, false));   // passing outside
  EXPECT_TRUE(triangles(kBase, {{-1, 1, 0}, {5, 1, 0}, {2, 1, 0}}, true));    // in the plane, across
  EXPECT_TRUE(triangles(kBase, {{-2, 6, 0}, {2, 2, 0}, {0, 4, 0}}, true));    // in the plane, along the hypotenuse
  EXPECT_TRUE(triangles(kBase, {{4, 0, 0}, {6, -2, 0}, {5, -1, 0}}, true));   // in the plane, from a vertex
  EXPECT_TRUE(triangles(kBase, {{4 + kTiny, 0, 0}, {6, 0, 0}, {5, 0, 0}}, false));
  EXPECT_TRUE(triangles(kBase, {{-1, 5, 0}, {5, 5, 0}, {2, 5, 0}}, false));   // in the plane, outside
  EXPECT_TRUE(triangles(kBase, {{0, 1, 0}, {0, 1, 0}, {0, 3, 0}}, true));     // two equal vertices, on an edge
  // Points (three equal vertices).
  EXPECT_TRUE(triangles(kBase, {{1, 1, 0}, {1, 1, 0}, {1, 1, 0}}, true));     // inside
  EXPECT_TRUE(triangles(kBase, {{4, 0, 0}, {4, 0, 0}, {4, 0, 0}}, true));     // a vertex
  EXPECT_TRUE(triangles(kBase, {{2, 2, 0}, {2, 2, 0}, {2, 2, 0}}, true));     // on the hypotenuse
  EXPECT_TRUE(triangles(kBase, {{1, 1, 1}, {1, 1, 1}, {1, 1, 1}}, false));    // above
  EXPECT_TRUE(triangles(kBase, {{3, 3, 0}, {3, 3, 0}, {3, 3, 0}}, false));    // in the plane, outside
}

TEST(IntersectsTriangleTriangle, ZeroAreaAgainstZeroArea) {
  const Triangle diagonal{{0, 0, 0}, {2, 2, 0}, {1, 1, 0}};  // the segment (0,0,0)-(2,2,0)
  EXPECT_TRUE(triangles(diagonal, {{0, 2, 0}, {2, 0, 0}, {1, 1, 0}}, true));    // crossing at (1,1,0)
  EXPECT_TRUE(triangles(diagonal, {{0, 2, 1}, {2, 0, 1}, {1, 1, 1}}, false));   // skew
  EXPECT_TRUE(triangles(diagonal, {{1, 1, 0}, {-1, 3, 0}, {0, 2, 0}}, true));   // T-junction at (1,1,0)
  EXPECT_TRUE(triangles(diagonal, {{0, 1, 0}, {2, 3, 0}, {1, 2, 0}}, false));   // parallel
  EXPECT_TRUE(triangles(diagonal, {{1, 1, 0}, {3, 3, 0}, {2, 2, 0}}, true));    // collinear, overlapping
  EXPECT_TRUE(triangles(diagonal, {{2, 2, 0}, {4, 4, 0}, {3, 3, 0}}, true));    // collinear, end to end
  EXPECT_TRUE(triangles(diagonal, {{3, 3, 0}, {5, 5, 0}, {4, 4, 0}}, false));   // collinear, apart
  EXPECT_TRUE(triangles(diagonal, {{1, 1, 0}, {1, 1, 0}, {1, 1, 0}}, true));    // a point on it
  EXPECT_TRUE(triangles(diagonal, {{2, 2, 0}, {2, 2, 0}, {2, 2, 0}}, true));    // a point at its end
  EXPECT_TRUE(triangles(diagonal, {{3, 3, 0}, {3, 3, 0}, {3, 3, 0}}, false));   // a point on its line, beyond
  EXPECT_TRUE(triangles(diagonal, {{1, 1, 1}, {1, 1, 1}, {1, 1, 1}}, false));   // a point off it
  const Triangle point{{1, 2, 3}, {1, 2, 3}, {1, 2, 3}};
  EXPECT_TRUE(triangles(point, point, true));
  EXPECT_TRUE(triangles(point, {{1, 2, 4}, {1, 2, 4}, {1, 2, 4}}, false));
}

// ---------------------------------------------------------------------------------------------------------------
// Triangle-triangle: the exact oracle

// Closed triangles, segments and points with int64 coordinates, decided by exact integer orientation determinants.
namespace integer {

using Int = std::int64_t;
struct P {
  Int x, y, z;
};
P operator-(P a, P b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
bool operator==(P a, P b) { return a.x == b.x && a.y == b.y && a.z == b.z; }
Int dot(P a, P b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
P cross(P a, P b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
bool isZero(P a) { return a.x == 0 && a.y == 0 && a.z == 0; }
int sgn(Int v) { return (v > 0) - (v < 0); }
Int orient3d(P a, P b, P c, P d) { return dot(cross(b - a, c - a), d - a); }

// 2D coordinates after dropping an axis along which the plane's normal is non-zero (so no area collapses).
struct Q {
  Int x, y;
};
int keptAxis(P normal) { return normal.x != 0 ? 0 : normal.y != 0 ? 1 : 2; }
Q drop(P p, int axis) { return axis == 0 ? Q{p.y, p.z} : axis == 1 ? Q{p.z, p.x} : Q{p.x, p.y}; }
Int orient2d(Q a, Q b, Q c) { return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x); }

bool onSegment(P p, P a, P b) {  // a != b
  return isZero(cross(b - a, p - a)) && dot(p - a, b - a) >= 0 && dot(p - b, a - b) >= 0;
}

bool inTriangle(P p, P a, P b, P c) {  // a, b, c not collinear
  if (orient3d(a, b, c, p) != 0) return false;
  const int axis = keptAxis(cross(b - a, c - a));
  const Q q = drop(p, axis), qa = drop(a, axis), qb = drop(b, axis), qc = drop(c, axis);
  const int s0 = sgn(orient2d(qa, qb, q)), s1 = sgn(orient2d(qb, qc, q)), s2 = sgn(orient2d(qc, qa, q));
  return (s0 >= 0 && s1 >= 0 && s2 >= 0) || (s0 <= 0 && s1 <= 0 && s2 <= 0);
}

bool segmentsMeet(P a, P b, P c, P d) {  // a != b, c != d
  if (orient3d(a, b, c, d) != 0) return false;
  const P u = b - a, v = d - c, n = cross(u, v);
  if (isZero(n)) {  // parallel: they meet iff collinear with overlapping extents along u
    if (!isZero(cross(u, c - a))) return false;
    const Int tc = dot(c - a, u), td = dot(d - a, u);
    return std::max(std::min(tc, td), Int{0}) <= std::min(std::max(tc, td), dot(u, u));
  }
  // Coplanar and not parallel: each segment's ends are on opposite closed sides of the other's line.
  const int axis = keptAxis(n);
  const Q qa = drop(a, axis), qb = drop(b, axis), qc = drop(c, axis), qd = drop(d, axis);
  return sgn(orient2d(qa, qb, qc)) * sgn(orient2d(qa, qb, qd)) <= 0 &&
         sgn(orient2d(qc, qd, qa)) * sgn(orient2d(qc, qd, qb)) <= 0;
}

bool segmentMeetsTriangle(P a, P b, const P (&t)[3]) {  // a != b, t not collinear
  const int sa = sgn(orient3d(t[0], t[1], t[2], a)), sb = sgn(orient3d(t[0], t[1], t[2], b));
  if (sa * sb > 0) return false;
  if (sa == 0 && sb == 0) {
    if (inTriangle(a, t[0], t[1], t[2]) || inTriangle(b, t[0], t[1], t[2])) return true;
    for (int i = 0; i < 3; ++i) {
      if (segmentsMeet(a, b, t[i], t[(i + 1) % 3])) return true;
    }
    return false;
  }
  if (sa == 0) return inTriangle(a, t[0], t[1], t[2]);
  if (sb == 0) return inTriangle(b, t[0], t[1], t[2]);
  // a and b strictly on opposite sides: the line ab crosses the closed triangle iff it passes on one closed side
  // of all three edges.
  const int v0 = sgn(orient3d(a, b, t[0], t[1])), v1 = sgn(orient3d(a, b, t[1], t[2]));
  const int v2 = sgn(orient3d(a, b, t[2], t[0]));
  return (v0 >= 0 && v1 >= 0 && v2 >= 0) || (v0 <= 0 && v1 <= 0 && v2 <= 0);
}

bool trianglesMeet(const P (&s)[3], const P (&t)[3]) {  // neither collinear
  bool coplanar = true;
  for (const P& p : t) coplanar = coplanar && orient3d(s[0], s[1], s[2], p) == 0;
  if (coplanar) {
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) {
        if (segmentsMeet(s[i], s[(i + 1) % 3], t[j], t[(j + 1) % 3])) return true;
      }
    }
    return inTriangle(s[0], t[0], t[1], t[2]) || inTriangle(t[0], s[0], s[1], s[2]);
  }
  // Not coplanar: the common part lies on the planes' common line, and each end of it lies on an edge of one of
  // the triangles; so they meet iff an edge of one meets the other.
  for (int i = 0; i < 3; ++i) {
    if (segmentMeetsTriangle(s[i], s[(i + 1) % 3], t) || segmentMeetsTriangle(t[i], t[(i + 1) % 3], s)) return true;
  }
  return false;
}

// A triangle as what it covers: 3 vertices (with area), a segment between the two farthest vertices, or a point.
struct Simplex {
  int count;
  P v[3];
};
Simplex reduce(P a, P b, P c) {
  if (!isZero(cross(b - a, c - a))) return {3, {a, b, c}};
  if (a == b && b == c) return {1, {a, a, a}};
  const Int ab = dot(b - a, b - a), bc = dot(c - b, c - b), ca = dot(a - c, a - c);
  if (ab >= bc && ab >= ca) return {2, {a, b, b}};
  if (bc >= ca) return {2, {b, c, c}};
  return {2, {c, a, a}};
}

bool meet(const Simplex& s, const Simplex& t) {
  if (s.count > t.count) return meet(t, s);
  const P(&tv)[3] = t.v;
  switch (s.count * 3 + t.count) {
    case 4: return s.v[0] == tv[0];
    case 5: return onSegment(s.v[0], tv[0], tv[1]);
    case 6: return inTriangle(s.v[0], tv[0], tv[1], tv[2]);
    case 8: return segmentsMeet(s.v[0], s.v[1], tv[0], tv[1]);
    case 9: return segmentMeetsTriangle(s.v[0], s.v[1], tv);
    default: return trianglesMeet(s.v, tv);
  }
}

Vec3 toVec3(P p) { return {double(p.x), double(p.y), double(p.z)}; }

}  // namespace integer

integer::P randomPoint(Random& random, int lo, int hi) {
  return {random.integer(lo, hi), random.integer(lo, hi), random.integer(lo, hi)};
}

// Random pairs of small-integer triangles, drawn so that coplanar, touching and degenerate pairs are frequent:
// kind 0 unconstrained, 1 both in one (generally tilted) plane, 2 sharing one or two vertices, 3 one or both
// collinear or a point, 4 one in a plane z = k with the other's vertices at heights k - 1, k, k + 1.
void randomTrianglePair(Random& random, int kind, integer::P (&s)[3], integer::P (&t)[3]) {
  for (int i = 0; i < 3; ++i) s[i] = randomPoint(random, -3, 3), t[i] = randomPoint(random, -3, 3);
  if (kind == 1) {
    integer::P origin, e1, e2;
    do {
      origin = randomPoint(random, -1, 1), e1 = randomPoint(random, -1, 1), e2 = randomPoint(random, -1, 1);
    } while (isZero(cross(e1, e2)));
    auto inPlane = [&] {
      const integer::Int u = random.integer(-2, 2), v = random.integer(-2, 2);
      return integer::P{origin.x + u * e1.x + v * e2.x, origin.y + u * e1.y + v * e2.y, origin.z + u * e1.z + v * e2.z};
    };
    for (int i = 0; i < 3; ++i) s[i] = inPlane(), t[i] = inPlane();
  } else if (kind == 2) {
    const int shared = random.integer(1, 2);
    for (int i = 0; i < shared; ++i) t[random.integer(0, 2)] = s[random.integer(0, 2)];
  } else if (kind == 3) {
    auto collinear = [&](integer::P (&v)[3]) {
      const integer::P base = randomPoint(random, -2, 2), step = randomPoint(random, -1, 1);
      for (integer::P& p : v) {
        const integer::Int k = random.integer(-2, 2);
        p = {base.x + k * step.x, base.y + k * step.y, base.z + k * step.z};
      }
    };
    const int which = random.integer(0, 2);
    if (which != 1) collinear(s);
    if (which != 0) collinear(t);
  } else if (kind == 4) {
    const integer::Int k = random.integer(-1, 1);
    for (int i = 0; i < 3; ++i) s[i].z = k, t[i].z = k + random.integer(-1, 1);
  }
}

TEST(IntersectsTriangleTriangle, RandomSmallIntegerAgainstExactOracle) {
  Random random(29);
  constexpr int kCases = 200000;
  int intersecting = 0, degenerate = 0, coplanar = 0;
  Disagreements wrong;
  for (int i = 0; i < kCases; ++i) {
    integer::P s[3], t[3];
    randomTrianglePair(random, i % 5, s, t);
    const integer::Simplex ss = integer::reduce(s[0], s[1], s[2]), ts = integer::reduce(t[0], t[1], t[2]);
    const bool expected = integer::meet(ss, ts);
    intersecting += expected;
    degenerate += ss.count < 3 || ts.count < 3;
    coplanar += ss.count == 3 && ts.count == 3 && integer::orient3d(s[0], s[1], s[2], t[0]) == 0 &&
                integer::orient3d(s[0], s[1], s[2], t[1]) == 0 && integer::orient3d(s[0], s[1], s[2], t[2]) == 0;
    const Triangle a{toVec3(s[0]), toVec3(s[1]), toVec3(s[2])}, b{toVec3(t[0]), toVec3(t[1]), toVec3(t[2])};
    const bool ab = intersects(a, b), ba = intersects(b, a);
    if (ab != expected || ba != expected) {
      wrong.add(str(a) + " vs " + str(b) + ": expected " + (expected ? "true" : "false") + ", intersects(a, b) = " +
                (ab ? "true" : "false") + ", intersects(b, a) = " + (ba ? "true" : "false"));
    }
  }
  std::printf("[          ] %d pairs: %d intersecting, %d with a zero-area triangle, %d coplanar\n", kCases,
              intersecting, degenerate, coplanar);
  EXPECT_EQ(wrong.count, 0) << "first disagreement: " << wrong.first;
}

// ---------------------------------------------------------------------------------------------------------------
// Plane-shape

// z = 2, written with a unit and with a scaled normal: every answer must be the same.
const Plane kPlanes[] = {{{0, 0, 1}, -2}, {{0, 0, 3}, -6}};

TEST(IntersectsPlaneShape, Point) {
  for (const Plane& plane : kPlanes) {
    EXPECT_TRUE(intersects(plane, Point{{5, -7, 2}}));
    EXPECT_FALSE(intersects(plane, Point{{5, -7, up(2)}}));
    EXPECT_FALSE(intersects(plane, Point{{5, -7, down(2)}}));
  }
}

TEST(IntersectsPlaneShape, Segment) {
  for (const Plane& plane : kPlanes) {
    EXPECT_TRUE(intersects(plane, Segment{{0, 0, 0}, {1, 1, 4}}));           // crossing
    EXPECT_TRUE(intersects(plane, Segment{{0, 0, 0}, {1, 1, 2}}));           // ending on it
    EXPECT_FALSE(intersects(plane, Segment{{0, 0, 0}, {1, 1, down(2)}}));    // ending one ulp short
    EXPECT_TRUE(intersects(plane, Segment{{0, 0, 2}, {5, 1, 2}}));           // lying in it
    EXPECT_TRUE(intersects(plane, Segment{{3, 3, 2}, {3, 3, 2}}));           // a zero-length segment on it
    EXPECT_FALSE(intersects(plane, Segment{{0, 0, 3}, {5, 1, 9}}));          // above
  }
}

TEST(IntersectsPlaneShape, Triangle) {
  for (const Plane& plane : kPlanes) {
    EXPECT_TRUE(intersects(plane, Triangle{{0, 0, 0}, {1, 0, 4}, {0, 1, 3}}));         // crossing
    EXPECT_TRUE(intersects(plane, Triangle{{0, 0, 2}, {1, 0, 4}, {0, 1, 3}}));         // a vertex on it
    EXPECT_FALSE(intersects(plane, Triangle{{0, 0, up(2)}, {1, 0, 4}, {0, 1, 3}}));
    EXPECT_TRUE(intersects(plane, Triangle{{0, 0, 2}, {1, 0, 2}, {0, 1, 0}}));         // an edge on it
    EXPECT_TRUE(intersects(plane, Triangle{{0, 0, 2}, {1, 0, 2}, {0, 1, 2}}));         // lying in it
    EXPECT_TRUE(intersects(plane, Triangle{{0, 0, 1}, {0, 0, 2}, {0, 0, 3}}));         // zero area, crossing
    EXPECT_FALSE(intersects(plane, Triangle{{0, 0, -1}, {5, 0, -1}, {0, 5, down(2)}}));
  }
}

TEST(IntersectsPlaneShape, Sphere) {
  // 3y + 4z = 10: |n| = 5 exactly, at distance 2 from the origin.
  const Plane tilted{{0, 3, 4}, -10};
  EXPECT_TRUE(intersects(tilted, Sphere{{0, 0, 0}, 2}));          // tangent: -10 + 2 * 5 = 0
  EXPECT_FALSE(intersects(tilted, Sphere{{0, 0, 0}, down(2)}));   // (2 - 2^-52) * 5 rounds below 10
  EXPECT_TRUE(intersects(tilted, Sphere{{0, 0, 0}, 3}));
  EXPECT_TRUE(intersects(tilted, Sphere{{0, 6, 8}, 8}));          // on the other side: 18 + 32 - 10 = 40 = 8 * 5
  EXPECT_FALSE(intersects(tilted, Sphere{{0, 6, 8}, 7.5}));
  for (const Plane& plane : kPlanes) {
    EXPECT_TRUE(intersects(plane, Sphere{{1, 2, 5}, 3}));        // tangent from above
    EXPECT_TRUE(intersects(plane, Sphere{{1, 2, 2}, 0}));        // a point on the plane
    EXPECT_FALSE(intersects(plane, Sphere{{1, 2, -1}, down(3)}));
  }
}

TEST(IntersectsPlaneShape, Ellipsoid) {
  // Radii (1, 2, 3) on the axes: its extent along z is 3.
  const Ellipsoid aligned{{0, 0, 0}, {1, 2, 3}, Mat3{}};
  EXPECT_TRUE(intersects(Plane{{0, 0, 1}, -3}, aligned));
  EXPECT_FALSE(intersects(Plane{{0, 0, 1}, -up(3)}, aligned));
  EXPECT_TRUE(intersects(Plane{{0, 0, -2}, -6}, aligned));  // z = -3, reversed and scaled normal
  EXPECT_TRUE(intersects(Plane{{0, 1, 0}, 2}, aligned));    // y = -2
  // Local (x, y, z) along world (y, z, x): the extents along world x, y, z become 3, 1, 2.
  const Ellipsoid turned{{1, 0, 0}, {1, 2, 3}, columns({0, 1, 0}, {0, 0, 1}, {1, 0, 0})};
  EXPECT_TRUE(intersects(Plane{{1, 0, 0}, -4}, turned));
  EXPECT_FALSE(intersects(Plane{{1, 0, 0}, -up(4)}, turned));
  EXPECT_TRUE(intersects(Plane{{0, 0, 1}, -2}, turned));
  EXPECT_FALSE(intersects(Plane{{0, 0, 1}, -up(2)}, turned));
  // Turned 45° about z with radii (1, 7, 1): along x the extent is sqrt((1^2 + 7^2) / 2) = 5.
  const double h = std::sqrt(0.5);
  const Ellipsoid diagonal{{0, 0, 0}, {1, 7, 1}, columns({h, h, 0}, {-h, h, 0}, {0, 0, 1})};
  EXPECT_TRUE(intersects(Plane{{1, 0, 0}, -4.999}, diagonal));
  EXPECT_FALSE(intersects(Plane{{1, 0, 0}, -5.001}, diagonal));
  // Flat (a disc of radius 2 in z = 0): touching planes through its rim.
  const Ellipsoid disc{{0, 0, 0}, {2, 2, 0}, Mat3{}};
  EXPECT_TRUE(intersects(Plane{{1, 0, 0}, -2}, disc));
  EXPECT_TRUE(intersects(Plane{{0, 0, 1}, 0}, disc));
  EXPECT_FALSE(intersects(Plane{{0, 0, 1}, -kTiny}, disc));
}

TEST(IntersectsPlaneShape, Aabb) {
  const Aabb unit{{0, 0, 0}, {1, 1, 1}};
  EXPECT_TRUE(intersects(Plane{{1, 1, 1}, -3}, unit));         // through the corner (1, 1, 1) only
  EXPECT_FALSE(intersects(Plane{{1, 1, 1}, -up(3)}, unit));
  EXPECT_TRUE(intersects(Plane{{-1, -1, -1}, 0}, unit));       // through the corner (0, 0, 0) only
  EXPECT_FALSE(intersects(Plane{{-1, -1, -1}, -kTiny}, unit));
  EXPECT_TRUE(intersects(Plane{{1, 1, 0}, -2}, unit));         // along the edge x = y = 1
  EXPECT_TRUE(intersects(Plane{{2, 0, 0}, -2}, unit));         // the face x = 1
  EXPECT_TRUE(intersects(Plane{{1, -1, 0}, 0}, unit));         // the diagonal x = y, through the middle
  EXPECT_TRUE(intersects(Plane{{0, 0, 1}, -5}, Aabb{{1, 1, 5}, {1, 1, 5}}));  // a point box on the plane
}

TEST(IntersectsPlaneShape, Obb) {
  // Local (x, y, z) along world (y, z, x): the extents along world x, y, z are 3, 1, 2 around the centre (1, 1, 1).
  const Obb turned{{1, 1, 1}, {1, 2, 3}, columns({0, 1, 0}, {0, 0, 1}, {1, 0, 0})};
  EXPECT_TRUE(intersects(Plane{{1, 0, 0}, -4}, turned));
  EXPECT_FALSE(intersects(Plane{{1, 0, 0}, -up(4)}, turned));
  EXPECT_TRUE(intersects(Plane{{0, 1, 0}, 0}, turned));    // y = 0 = 1 - 1
  EXPECT_TRUE(intersects(Plane{{0, 0, 1}, 1}, turned));    // z = -1 = 1 - 2
  EXPECT_FALSE(intersects(Plane{{0, 0, 1}, 1 + kTiny}, turned));
  EXPECT_TRUE(intersects(Plane{{1, 1, 1}, -9}, turned));   // the corner (4, 2, 3)
  EXPECT_FALSE(intersects(Plane{{1, 1, 1}, -up(9)}, turned));
  // The unit cube turned 45° about z reaches x = sqrt2.
  const double h = std::sqrt(0.5);
  const Obb diamond{{0, 0, 0}, {1, 1, 1}, columns({h, h, 0}, {-h, h, 0}, {0, 0, 1})};
  EXPECT_TRUE(intersects(Plane{{1, 0, 0}, -1.414}, diamond));
  EXPECT_FALSE(intersects(Plane{{1, 0, 0}, -1.415}, diamond));
}

TEST(IntersectsPlaneShape, Cylinder) {
  const Cylinder c{{0, 0, 0}, {0, 0, 4}, 1};
  EXPECT_TRUE(intersects(Plane{{0, 0, 1}, -4}, c));           // the end cap
  EXPECT_FALSE(intersects(Plane{{0, 0, 1}, -up(4)}, c));
  EXPECT_TRUE(intersects(Plane{{0, 0, 1}, 0}, c));            // the start cap
  EXPECT_TRUE(intersects(Plane{{1, 0, 0}, -1}, c));           // along the side
  EXPECT_FALSE(intersects(Plane{{1, 0, 0}, -up(1)}, c));
  // 3x + 4z + 3 = 0 touches the start rim at (-1, 0, 0) only: n x e = (0, -12, 0), so the cap disc reaches
  // r |n x e| / |e| = 3 below the axis values 0 (start) and 16 (end): the range is [-3, 19] + 3 = [0, 22].
  EXPECT_TRUE(intersects(Plane{{3, 0, 4}, 3}, c));
  EXPECT_FALSE(intersects(Plane{{3, 0, 4}, up(3)}, c));
  EXPECT_TRUE(intersects(Plane{{3, 0, 4}, -19}, c));          // the end rim at (1, 0, 4)
  const Cylinder needle{{0, 0, 0}, {0, 0, 4}, 0};             // radius 0: the segment
  EXPECT_TRUE(intersects(Plane{{1, 0, 0}, 0}, needle));
  EXPECT_FALSE(intersects(Plane{{1, 0, 0}, -kTiny}, needle));
}

TEST(IntersectsPlaneShape, Capsule) {
  const Capsule c{{0, 0, 0}, {0, 0, 4}, 1};
  EXPECT_TRUE(intersects(Plane{{0, 0, 1}, -5}, c));           // the end cap's pole
  EXPECT_FALSE(intersects(Plane{{0, 0, 1}, -up(5)}, c));
  EXPECT_TRUE(intersects(Plane{{0, 0, 2}, 2}, c));            // z = -1: the start cap's pole
  EXPECT_TRUE(intersects(Plane{{1, 0, 0}, -1}, c));           // along the side
  EXPECT_FALSE(intersects(Plane{{1, 0, 0}, -up(1)}, c));
  // 3y + 4z = 21 is tangent to the end ball: 4 * 4 = 16 at the end point, plus radius 1 times |n| = 5.
  EXPECT_TRUE(intersects(Plane{{0, 3, 4}, -21}, c));
  EXPECT_FALSE(intersects(Plane{{0, 3, 4}, -up(21)}, c));
}

// Support points, written independently of the kernels' support distances: the plane function over a convex shape
// ranges between its values at the extreme points in the directions -n and +n.
struct Range {
  double lo, hi;
};
Range rangeOver(const Plane& plane, std::initializer_list<Vec3> points) {
  Range r{kInfinity, -kInfinity};
  for (Vec3 p : points) {
    r.lo = std::fmin(r.lo, scaledDistance(plane, p));
    r.hi = std::fmax(r.hi, scaledDistance(plane, p));
  }
  return r;
}
Vec3 ellipsoidSupport(const Ellipsoid& e, Vec3 d) {  // maximises d.x: centre + R diag(r) u with u along diag(r) R^T d
  const Vec3 local = transposeTimes(e.rotation, d);
  const Vec3 scaled{e.radii.x * local.x, e.radii.y * local.y, e.radii.z * local.z};
  const Vec3 u = normalizedOr(scaled, {0, 0, 0});
  return e.center + e.rotation * Vec3{e.radii.x * u.x, e.radii.y * u.y, e.radii.z * u.z};
}
Vec3 cylinderSupport(const Cylinder& c, Vec3 d) {  // the farther end, then the rim point towards d's radial part
  const Vec3 e = c.end - c.start;
  const Vec3 radial = d - e * (dot(d, e) / dot(e, e));
  return (dot(d, e) >= 0 ? c.end : c.start) + normalizedOr(radial, {0, 0, 0}) * c.radius;
}
std::vector<Vec3> obbCorners(const Obb& box) {
  std::vector<Vec3> corners;
  for (int i = 0; i < 8; ++i) {
    const Vec3 local{i & 1 ? box.halfSize.x : -box.halfSize.x, i & 2 ? box.halfSize.y : -box.halfSize.y,
                     i & 4 ? box.halfSize.z : -box.halfSize.z};
    corners.push_back(box.center + box.rotation * local);
  }
  return corners;
}

TEST(IntersectsPlaneShape, RandomAgainstSupportPoints) {
  Random random(31);
  constexpr double kMargin = 1e-9;
  int skipped = 0;
  for (int i = 0; i < 20000; ++i) {
    const Plane plane{random.vector(-1, 1), random.uniform(-2, 2)};
    const Vec3 n = plane.normal;
    const Vec3 un = n * (1 / length(n));
    const Vec3 c = random.vector(-2, 2), d = random.vector(-1, 1);
    const double r = random.uniform(0, 1.5);
    const Ellipsoid ellipsoid{c, random.vector(0, 1.5), random.rotation()};
    const Obb obb{c, random.vector(0, 1.5), random.rotation()};
    const Cylinder cylinder{c, c + d, r};
    const Capsule capsule{c, c + d, r};
    const Triangle triangle{c, c + d, c + random.vector(-1, 1)};
    const std::vector<Vec3> corners = obbCorners(obb);
    const Aabb aabb{c - abs(d), c + abs(d)};
    struct Case {
      const char* name;
      Range range;
      bool got;
    } cases[] = {
        {"point", rangeOver(plane, {c}), intersects(plane, Point{c})},
        {"segment", rangeOver(plane, {c, c + d}), intersects(plane, Segment{c, c + d})},
        {"triangle", rangeOver(plane, {triangle.a, triangle.b, triangle.c}), intersects(plane, triangle)},
        {"sphere", rangeOver(plane, {c - un * r, c + un * r}), intersects(plane, Sphere{c, r})},
        {"ellipsoid", rangeOver(plane, {ellipsoidSupport(ellipsoid, -n), ellipsoidSupport(ellipsoid, n)}),
         intersects(plane, ellipsoid)},
        {"aabb", rangeOver(plane, {aabb.min, aabb.max, {aabb.min.x, aabb.min.y, aabb.max.z},
                                   {aabb.min.x, aabb.max.y, aabb.min.z}, {aabb.max.x, aabb.min.y, aabb.min.z},
                                   {aabb.min.x, aabb.max.y, aabb.max.z}, {aabb.max.x, aabb.min.y, aabb.max.z},
                                   {aabb.max.x, aabb.max.y, aabb.min.z}}),
         intersects(plane, aabb)},
        {"obb", rangeOver(plane, {corners[0], corners[1], corners[2], corners[3], corners[4], corners[5], corners[6],
                                  corners[7]}),
         intersects(plane, obb)},
        {"cylinder", rangeOver(plane, {cylinderSupport(cylinder, -n), cylinderSupport(cylinder, n)}),
         intersects(plane, cylinder)},
        {"capsule", rangeOver(plane, {c - un * r, c + un * r, c + d - un * r, c + d + un * r}),
         intersects(plane, capsule)},
    };
    for (const Case& k : cases) {
      if (std::fabs(k.range.lo) < kMargin || std::fabs(k.range.hi) < kMargin) {
        ++skipped;
        continue;
      }
      ASSERT_EQ(k.got, k.range.lo < 0 && k.range.hi > 0) << k.name << " case " << i << ": range [" << k.range.lo
                                                          << ", " << k.range.hi << "]";
    }
  }
  EXPECT_LT(skipped, 10);
}

// ---------------------------------------------------------------------------------------------------------------
// Frustum-shape

// Apex at the origin looking down -z with a 90° field of view: inside when |x| <= -z, |y| <= -z and 1 <= -z <= 10.
// Normals point inwards (three.js): -x - z >= 0, x - z >= 0, -y - z >= 0, y - z >= 0, -z - 1 >= 0, z + 10 >= 0.
const Frustum kPerspective{{{{{-1, 0, -1}, 0}, {{1, 0, -1}, 0}, {{0, -1, -1}, 0}, {{0, 1, -1}, 0}, {{0, 0, -1}, -1},
                             {{0, 0, 1}, 10}}}};
// The cube [-1, 1]^3 as a frustum.
const Frustum kCube{{{{{1, 0, 0}, 1}, {{-1, 0, 0}, 1}, {{0, 1, 0}, 1}, {{0, -1, 0}, 1}, {{0, 0, 1}, 1},
                      {{0, 0, -1}, 1}}}};

bool insideFrustum(const Frustum& f, Vec3 p) {
  for (const Plane& plane : f.planes) {
    if (dot(plane.normal, p) + plane.constant < 0) return false;
  }
  return true;
}

TEST(IntersectsFrustumShape, PointsAreExact) {
  EXPECT_TRUE(intersects(kPerspective, Point{{0, 0, -5}}));
  EXPECT_TRUE(intersects(kPerspective, Point{{5, 0, -5}}));          // on a side plane
  EXPECT_FALSE(intersects(kPerspective, Point{{up(5), 0, -5}}));
  EXPECT_TRUE(intersects(kPerspective, Point{{10, -10, -10}}));      // a far corner
  EXPECT_FALSE(intersects(kPerspective, Point{{10, -10, down(-10)}}));
  EXPECT_TRUE(intersects(kPerspective, Point{{1, 1, -1}}));          // a near corner
  EXPECT_FALSE(intersects(kPerspective, Point{{0, 0, -0.5}}));       // before the near plane
  EXPECT_FALSE(intersects(kPerspective, Point{{0, 0, 1}}));          // behind the apex
  Random random(37);
  for (int i = 0; i < 20000; ++i) {
    const Vec3 p = random.integerVector(-12, 2);
    ASSERT_EQ(intersects(kPerspective, Point{p}), insideFrustum(kPerspective, p)) << str(p);
  }
}

TEST(IntersectsFrustumShape, TouchingSpheresAndBoxes) {
  EXPECT_TRUE(intersects(kCube, Sphere{{3, 0, 0}, 2}));              // touching the face x = 1
  EXPECT_FALSE(intersects(kCube, Sphere{{3, 0, 0}, down(2)}));
  EXPECT_TRUE(intersects(kCube, Sphere{{0, 0, 0}, 0.5}));            // inside
  EXPECT_TRUE(intersects(kCube, Sphere{{0, 0, 0}, 50}));             // containing it
  EXPECT_TRUE(intersects(kCube, Aabb{{1, 1, 1}, {2, 2, 2}}));        // sharing a corner
  EXPECT_FALSE(intersects(kCube, Aabb{{up(1), 1, 1}, {2, 2, 2}}));
  EXPECT_TRUE(intersects(kPerspective, Sphere{{0, 0, 0}, 1}));       // touching the near plane at (0,0,-1)
  EXPECT_FALSE(intersects(kPerspective, Sphere{{0, 0, 0}, down(1)}));
  EXPECT_TRUE(intersects(kPerspective, Aabb{{-1, -1, -12}, {1, 1, -10}}));  // touching the far plane
  EXPECT_FALSE(intersects(kPerspective, Aabb{{-1, -1, -12}, {1, 1, down(-10)}}));
}

TEST(IntersectsFrustumShape, ConservativeBeyondACornerAsDocumented) {
  // The cube's edge x = y = 1: the ball at (2, 2, 0) of radius 1.2 is sqrt2 ~ 1.414 > 1.2 from it, so outside;
  // but it reaches 0.2 past each of the planes x = 1 and y = 1, so no single plane culls it.
  EXPECT_TRUE(intersects(kCube, Sphere{{2, 2, 0}, 1.2}));
  // The perspective frustum's far edge x = -z = 10: the ball at (11.5, 0, -11) of radius 1.2 is
  // sqrt(1.5^2 + 1^2) ~ 1.80 from it (its projections onto both planes fall outside the frustum, so the edge is the
  // nearest part), yet it is only 0.35 behind the side plane and 1 behind the far plane.
  EXPECT_TRUE(intersects(kPerspective, Sphere{{11.5, 0, -11}, 1.2}));
  // A box beyond that edge: x in [10.5, 12], z in [-12, -9]. Every point with z >= -10 (in front of the far plane)
  // has x >= 10.5 > -z, so it is outside; but its corner (10.5, *, -12) is inside the side plane and its face
  // z = -9 inside the far plane.
  EXPECT_TRUE(intersects(kPerspective, Aabb{{10.5, -1, -12}, {12, 1, -9}}));
  // Clearly outside beyond one plane: culled.
  EXPECT_FALSE(intersects(kPerspective, Sphere{{20, 0, -5}, 1}));
  EXPECT_FALSE(intersects(kPerspective, Aabb{{10.5, -1, -12}, {12, 1, -10.5}}));
}

TEST(IntersectsFrustumShape, ReportedOutsideIsTrulyOutside) {
  // Sample points of each shape (exact membership by the frustum's definition): whenever one is inside the frustum,
  // the shape must be reported intersecting. For the cube, the exact answer is also known: a box overlaps it iff
  // the intervals overlap, and a ball iff its centre's clamped distance is at most the radius.
  Random random(41);
  int conservative = 0;
  for (int i = 0; i < 5000; ++i) {
    const Sphere sphere{{random.uniform(-14, 14), random.uniform(-14, 14), random.uniform(-14, 3)},
                        random.uniform(0, 3)};
    const Vec3 lo{random.uniform(-14, 14), random.uniform(-14, 14), random.uniform(-14, 3)};
    const Aabb box{lo, lo + random.vector(0, 4)};
    const bool sphereHit = intersects(kPerspective, sphere), boxHit = intersects(kPerspective, box);
    bool sphereSample = false, boxSample = false;
    for (double scale : {sphere.radius, 0.5 * sphere.radius}) {  // Fibonacci points on two concentric spheres
      for (int k = 0; k < 128; ++k) {
        const double z = 1 - (k + 0.5) / 64, ring = std::sqrt(1 - z * z), angle = k * 2.399963229728653;
        const Vec3 direction{ring * std::cos(angle), ring * std::sin(angle), z};
        sphereSample = sphereSample || insideFrustum(kPerspective, sphere.center + direction * scale);
      }
    }
    for (int k = 0; k < 125; ++k) {  // a 5 x 5 x 5 grid including the corners
      const Vec3 t{k % 5 / 4.0, k / 5 % 5 / 4.0, k / 25 / 4.0}, size = box.max - box.min;
      boxSample = boxSample || insideFrustum(kPerspective, box.min + Vec3{t.x * size.x, t.y * size.y, t.z * size.z});
    }
    if (sphereSample) {
      ASSERT_TRUE(sphereHit) << "sphere " << str(sphere.center) << " r " << sphere.radius;
    }
    if (boxSample) {
      ASSERT_TRUE(boxHit) << "box " << str(box.min) << " " << str(box.max);
    }
    conservative += (sphereHit && !sphereSample) + (boxHit && !boxSample);

    const Sphere small{random.vector(-3, 3), random.uniform(0, 2)};
    const Vec3 nearest{std::clamp(small.center.x, -1.0, 1.0), std::clamp(small.center.y, -1.0, 1.0),
                       std::clamp(small.center.z, -1.0, 1.0)};
    const double distance = length(small.center - nearest);
    if (!intersects(kCube, small)) {
      ASSERT_GT(distance, small.radius) << str(small.center) << " r " << small.radius;
    }
    if (distance < small.radius - 1e-12) {
      ASSERT_TRUE(intersects(kCube, small)) << str(small.center) << " r " << small.radius;
    }
    const Vec3 boxLo = random.vector(-3, 2);
    const Aabb smallBox{boxLo, boxLo + random.vector(0, 1)};
    const bool overlaps = smallBox.min.x <= 1 && smallBox.max.x >= -1 && smallBox.min.y <= 1 &&
                          smallBox.max.y >= -1 && smallBox.min.z <= 1 && smallBox.max.z >= -1;
    ASSERT_EQ(intersects(kCube, smallBox), overlaps) << str(smallBox.min) << " " << str(smallBox.max);
  }
  std::printf("[          ] %d of 10000 shapes reported intersecting with no sample point inside\n", conservative);
}

// ---------------------------------------------------------------------------------------------------------------
// Caster-shape (intersectsByCast)

TEST(IntersectsByCast, Sphere) {
  const Sphere s{{0, 0, 0}, 5};
  EXPECT_TRUE(intersectsByCast(Segment{{0, 0, 10}, {0, 0, 5}}, s));          // ending on the surface
  EXPECT_FALSE(intersectsByCast(Segment{{0, 0, 10}, {0, 0, 5 + kTiny}}, s));
  EXPECT_TRUE(intersectsByCast(Segment{{-1, 0, 0}, {1, 0, 0}}, s));          // wholly inside
  EXPECT_TRUE(intersectsByCast(Segment{{3, 4, 0}, {3, 4, 0}}, s));           // a point on the surface
  EXPECT_FALSE(intersectsByCast(Segment{{0, 0, 6}, {0, 0, 6}}, s));          // a point outside
  EXPECT_FALSE(intersectsByCast(Segment{{0, 0, 100}, {0, 0, 100}}, s));      // a point far outside
  EXPECT_TRUE(intersectsByCast(Ray{{-10, 5, 0}, {1, 0, 0}}, s));             // grazing at (0, 5, 0)
  EXPECT_FALSE(intersectsByCast(Ray{{0, 0, 10}, {0, 0, 1}}, s));             // pointing away
  EXPECT_TRUE(intersectsByCast(Line{{0, 0, 10}, {0, 0, 1}}, s));             // ... but the line passes through
  EXPECT_TRUE(intersectsByCast(Ray{{1, 1, 1}, {1, 0, 0}}, s));               // starting inside
  EXPECT_TRUE(intersectsByCast(Segment{{3, 4, 0}, {3, 4, 0}}, Sphere{{3, 4, 0}, 0}));  // two points
}

TEST(IntersectsByCast, AabbAndObb) {
  const Aabb unit{{0, 0, 0}, {1, 1, 1}};
  EXPECT_TRUE(intersectsByCast(Ray{{-1, 0.5, 1}, {1, 0, 0}}, unit));         // along the top face
  EXPECT_FALSE(intersectsByCast(Ray{{-1, 0.5, up(1)}, {1, 0, 0}}, unit));
  EXPECT_TRUE(intersectsByCast(Line{{-1, 1, 1}, {1, 0, 0}}, unit));          // along an edge
  EXPECT_TRUE(intersectsByCast(Segment{{2, 2, 2}, {1, 1, 1}}, unit));        // ending on the corner
  EXPECT_FALSE(intersectsByCast(Segment{{2, 2, 2}, {1 + kTiny, 1, 1}}, unit));
  EXPECT_TRUE(intersectsByCast(Segment{{1, 0.5, 0.5}, {1, 0.5, 0.5}}, unit));  // a point on a face
  EXPECT_FALSE(intersectsByCast(Segment{{2, 0.5, 0.5}, {2, 0.5, 0.5}}, unit));
  EXPECT_FALSE(intersectsByCast(Ray{{2, 2, 2}, {1, 1, 1}}, unit));           // pointing away
  // Local (x, y, z) along world (y, z, x): the box is [0, 6] x [-1, 1] x [-2, 2].
  const Obb turned{{3, 0, 0}, {1, 2, 3}, columns({0, 1, 0}, {0, 0, 1}, {1, 0, 0})};
  EXPECT_TRUE(intersectsByCast(Segment{{-1, 0, 0}, {0, 0, 0}}, turned));
  EXPECT_FALSE(intersectsByCast(Segment{{-1, 0, 0}, {-kTiny, 0, 0}}, turned));
  EXPECT_TRUE(intersectsByCast(Ray{{3, 5, 2}, {0, -1, 0}}, turned));         // along the face z = 2
  EXPECT_FALSE(intersectsByCast(Ray{{3, 5, 2 + kTiny}, {0, -1, 0}}, turned));
  const double h = std::sqrt(0.5);
  const Obb diamond{{0, 0, 0}, {1, 1, 1}, columns({h, h, 0}, {-h, h, 0}, {0, 0, 1})};  // reaches x = sqrt2
  EXPECT_TRUE(intersectsByCast(Segment{{3, 0, 0}, {1.414, 0, 0}}, diamond));
  EXPECT_FALSE(intersectsByCast(Segment{{3, 0, 0}, {1.415, 0, 0}}, diamond));
}

TEST(IntersectsByCast, TriangleAndPlane) {
  EXPECT_TRUE(intersectsByCast(Segment{{1, 1, 1}, {1, 1, 0}}, kBase));         // ending on the face
  EXPECT_FALSE(intersectsByCast(Segment{{1, 1, 1}, {1, 1, kTiny}}, kBase));
  EXPECT_TRUE(intersectsByCast(Ray{{4, 0, 1}, {0, 0, -1}}, kBase));            // through a vertex
  EXPECT_TRUE(intersectsByCast(Segment{{-1, 1, 0}, {5, 1, 0}}, kBase));        // in the plane, across
  EXPECT_TRUE(intersectsByCast(Ray{{3, -1, 0}, {1, 1, 0}}, kBase));            // in the plane, only the vertex (4,0,0)
  EXPECT_FALSE(intersectsByCast(Segment{{3, -1, 0}, {3.5, -0.5, 0}}, kBase));  // ... stopping short of it
  EXPECT_TRUE(intersectsByCast(Segment{{1, 1, 0}, {1, 1, 0}}, kBase));         // a point in it
  EXPECT_FALSE(intersectsByCast(Segment{{1, 1, 1}, {1, 1, 1}}, kBase));
  const Plane z2{{0, 0, 1}, -2};
  EXPECT_TRUE(intersectsByCast(Segment{{0, 0, 0}, {0, 0, 2}}, z2));
  EXPECT_FALSE(intersectsByCast(Segment{{0, 0, 0}, {0, 0, down(2)}}, z2));
  EXPECT_TRUE(intersectsByCast(Ray{{0, 0, 2}, {1, 0, 0}}, z2));                // lying in it
  EXPECT_FALSE(intersectsByCast(Ray{{0, 0, 1}, {1, 0, 0}}, z2));               // parallel below it
  EXPECT_FALSE(intersectsByCast(Ray{{0, 0, 1}, {0, 0, -1}}, z2));              // moving away
  EXPECT_TRUE(intersectsByCast(Line{{0, 0, 1}, {0, 0, -1}}, z2));
}

TEST(IntersectsByCast, Cylinder) {
  const Cylinder c{{0, 0, 0}, {0, 0, 4}, 1};
  EXPECT_TRUE(intersectsByCast(Segment{{0, 0, 5}, {0, 0, 4}}, c));             // ending on the end cap
  EXPECT_FALSE(intersectsByCast(Segment{{0, 0, 5}, {0, 0, 4 + kTiny}}, c));
  EXPECT_TRUE(intersectsByCast(Segment{{2, 0, 2}, {1, 0, 2}}, c));             // ending on the side
  EXPECT_FALSE(intersectsByCast(Segment{{2, 0, 2}, {1 + kTiny, 0, 2}}, c));
  EXPECT_TRUE(intersectsByCast(Line{{1, 0, -5}, {0, 0, 1}}, c));               // along the side
  EXPECT_FALSE(intersectsByCast(Line{{up(1), 0, -5}, {0, 0, 1}}, c));          // |n|^2 = 16 (1 + 2^-51) > 16
  EXPECT_TRUE(intersectsByCast(Ray{{-3, 0, 4}, {1, 0, 0}}, c));                // across the end cap's plane
  EXPECT_TRUE(intersectsByCast(Segment{{0.5, 0, 1}, {0.5, 0, 1}}, c));         // a point inside
  EXPECT_FALSE(intersectsByCast(Segment{{0.5, 0, 5}, {0.5, 0, 5}}, c));        // a point beyond the cap
}

TEST(IntersectsByCast, RandomSegmentsAgainstExactTriangleOracle) {
  // Small-integer segments (zero length included) against small-integer triangles (zero area included): the
  // exact oracle above decides.
  Random random(43);
  int intersecting = 0;
  Disagreements wrong;
  for (int i = 0; i < 100000; ++i) {
    integer::P s[3], t[3];
    randomTrianglePair(random, i % 5, s, t);
    if (i % 7 == 0) s[1] = s[0];
    const integer::Simplex segment = s[0] == s[1] ? integer::Simplex{1, {s[0], s[0], s[0]}}
                                                : integer::Simplex{2, {s[0], s[1], s[1]}};
    const bool expected = integer::meet(segment, integer::reduce(t[0], t[1], t[2]));
    intersecting += expected;
    const Segment caster{toVec3(s[0]), toVec3(s[1])};
    const Triangle target{toVec3(t[0]), toVec3(t[1]), toVec3(t[2])};
    if (intersectsByCast(caster, target) != expected) {
      wrong.add("segment " + str(caster.start) + "-" + str(caster.end) + " vs " + str(target) + ": expected " +
                (expected ? "true" : "false"));
    }
  }
  std::printf("[          ] 100000 segment-triangle pairs, %d intersecting\n", intersecting);
  EXPECT_EQ(wrong.count, 0) << "first disagreement: " << wrong.first;
}

TEST(IntersectsByCast, RandomSegmentsAgainstBalls) {
  // A segment (one in ten of zero length) meets a ball iff its point closest to the centre is within the radius.
  Random random(47);
  constexpr double kMargin = 1e-9;
  int skipped = 0;
  Disagreements wrong;
  for (int i = 0; i < 20000; ++i) {
    const Vec3 a = random.vector(-3, 3), b = i % 10 == 0 ? a : random.vector(-3, 3);
    const Sphere ball{random.vector(-2, 2), random.uniform(0, 2)};
    const Vec3 e = b - a;
    const double t = lengthSquared(e) > 0 ? std::clamp(dot(ball.center - a, e) / lengthSquared(e), 0.0, 1.0) : 0;
    const double gap = length(a + e * t - ball.center) - ball.radius;
    if (std::fabs(gap) < kMargin) {
      ++skipped;
    } else if (intersectsByCast(Segment{a, b}, ball) != (gap < 0)) {
      wrong.add("segment " + str(a) + "-" + str(b) + " vs ball " + str(ball.center) + " r " +
                std::to_string(ball.radius) + ": expected " + (gap < 0 ? "true" : "false"));
    }
  }
  EXPECT_LT(skipped, 10);
  EXPECT_EQ(wrong.count, 0) << "first disagreement: " << wrong.first;
}

TEST(IntersectsByCast, RandomSegmentsAgainstBoxes) {
  // A segment (one in ten of zero length) meets a box iff its distance to the box is 0. Along the segment the
  // distance to the box (to the clamped point) is convex in t, so ternary search finds its minimum.
  Random random(53);
  constexpr double kMargin = 1e-9;
  int skipped = 0;
  Disagreements wrong;
  for (int i = 0; i < 20000; ++i) {
    const Vec3 a = random.vector(-3, 3), b = i % 10 == 0 ? a : random.vector(-3, 3);
    const Vec3 lo = random.vector(-2, 2);
    const Aabb box{lo, lo + random.vector(0, 2)};
    auto distance = [&](double t) {
      const Vec3 p = a + (b - a) * t;
      const Vec3 q{std::clamp(p.x, box.min.x, box.max.x), std::clamp(p.y, box.min.y, box.max.y),
                   std::clamp(p.z, box.min.z, box.max.z)};
      return length(p - q);
    };
    double from = 0, to = 1;  // always brackets a minimiser
    for (int step = 0; step < 100; ++step) {
      const double m1 = from + (to - from) / 3, m2 = to - (to - from) / 3;
      if (distance(m1) <= distance(m2)) {
        to = m2;
      } else {
        from = m1;
      }
    }
    const double gap = std::fmin(std::fmin(distance(from), distance(to)), distance(0.5 * (from + to)));
    if (gap > 0 && gap < kMargin) {
      ++skipped;
    } else if (intersectsByCast(Segment{a, b}, box) != (gap == 0)) {
      wrong.add("segment " + str(a) + "-" + str(b) + " vs box " + str(box.min) + "-" + str(box.max) + ": expected " +
                (gap == 0 ? "true" : "false"));
    }
  }
  EXPECT_LT(skipped, 20);
  EXPECT_EQ(wrong.count, 0) << "first disagreement: " << wrong.first;
}

}  // namespace
}  // namespace c3d
