// Triangle against AABB and OBB (intersects_triangle_box.h) against an exact reference by another route: the
// triangle, as a polygon, clipped by the box's six half-spaces in GMP rationals (Sutherland & Hodgman 1974); they
// meet exactly when something is left. Inputs: integer triangles and boxes on a small grid (vertices on faces,
// edges through edges and corners, degenerate triangles), and boxes under random rotations touched at a corner or
// face point up to an ulp. Both argument orders go through the intersects table.
#include <cmath>
#include <vector>

#include "collide3d/dispatch/tables.h"
#include "collide3d/dispatch/encoded.h"
#include "exact_reference.h"
#include "test_support.h"

namespace c3d {
namespace {

using testing::Q3;
using testing::Random;

// The part of a convex polygon where n.x <= d (Sutherland–Hodgman, one closed half-space).
std::vector<Q3> clip(const std::vector<Q3>& polygon, const Q3& n, const mpq_class& d) {
  std::vector<Q3> out;
  for (size_t k = 0; k < polygon.size(); ++k) {
    const Q3& p = polygon[k];
    const Q3& q = polygon[(k + 1) % polygon.size()];
    const mpq_class fp = testing::dotQ(n, p) - d, fq = testing::dotQ(n, q) - d;
    if (fp <= 0) out.push_back(p);
    if ((fp < 0 && fq > 0) || (fp > 0 && fq < 0)) out.push_back(p + (q - p) * (fp / (fp - fq)));
  }
  return out;
}

// Whether the triangle survives clipping by every half-space (n, d): n.x <= d.
bool survives(const Triangle& t, const std::vector<std::pair<Q3, mpq_class>>& halfSpaces) {
  std::vector<Q3> polygon = {testing::q(t.a), testing::q(t.b), testing::q(t.c)};
  for (const auto& [n, d] : halfSpaces) {
    polygon = clip(polygon, n, d);
    if (polygon.empty()) return false;
  }
  return true;
}

bool referenceMeets(const Triangle& t, const Aabb& box) {
  std::vector<std::pair<Q3, mpq_class>> halfSpaces;
  for (int i = 0; i < 3; ++i) {
    Q3 n{0, 0, 0};
    (i == 0 ? n.x : i == 1 ? n.y : n.z) = 1;
    halfSpaces.push_back({n, mpq_class(component(box.max, i))});
    halfSpaces.push_back({n * mpq_class(-1), -mpq_class(component(box.min, i))});
  }
  return survives(t, halfSpaces);
}

// The parallelepiped c + sum s_i h_i a_i, |s_i| <= 1: |n_i.(x - c)| <= h_i |n_i.a_i| with n_i = a_j x a_k.
bool referenceMeets(const Triangle& t, const Obb& box) {
  std::vector<std::pair<Q3, mpq_class>> halfSpaces;
  const Q3 c = testing::q(box.center);
  for (int i = 0; i < 3; ++i) {
    const Q3 n = testing::crossQ(testing::q(box.rotation.column((i + 1) % 3)), testing::q(box.rotation.column((i + 2) % 3)));
    const mpq_class reach = mpq_class(component(box.halfSize, i)) * abs(testing::dotQ(n, testing::q(box.rotation.column(i))));
    halfSpaces.push_back({n, testing::dotQ(n, c) + reach});
    halfSpaces.push_back({n * mpq_class(-1), reach - testing::dotQ(n, c)});
  }
  return survives(t, halfSpaces);
}

// Both argument orders through the table, as intersects() runs them.
template <class Box>
void expectAgrees(const Triangle& t, const Box& box, int& meets) {
  const bool expected = referenceMeets(t, box);
  const auto tri = encodedBuffer(t), b = encodedBuffer(box);
  ASSERT_EQ(intersectsTable().at(ShapeType::Triangle, Box::kType)(tri.data(), b.data()), expected);
  ASSERT_EQ(intersectsTable().at(Box::kType, ShapeType::Triangle)(b.data(), tri.data()), expected);
  meets += expected;
}

// A triangle of grid points; a quarter are degenerate (two equal vertices, or collinear).
Triangle gridTriangle(Random& random) {
  Triangle t{random.integerVector(-3, 3), random.integerVector(-3, 3), random.integerVector(-3, 3)};
  switch (random.integer(0, 7)) {
    case 0: t.c = t.b; break;
    case 1: t.c = t.a + (t.b - t.a) * 2; break;
    default: break;
  }
  return t;
}

TEST(IntersectsTriangleBox, GridTrianglesAgainstGridBoxesAgreeWithExactClipping) {
  Random random(91);
  int meets = 0;
  const int count = testing::cases(20000);
  for (int i = 0; i < count; ++i) {
    const Vec3 lo = random.integerVector(-2, 1);
    const Aabb box{lo, lo + random.integerVector(0, 2)};  // flat boxes too
    ASSERT_NO_FATAL_FAILURE(expectAgrees(gridTriangle(random), box, meets));
    // The same box as an OBB under a signed permutation (exact), about a grid or half-grid centre.
    const Obb obb{random.integerVector(-2, 2) * 0.5, random.integerVector(0, 2) * 0.5, random.signedPermutation()};
    ASSERT_NO_FATAL_FAILURE(expectAgrees(gridTriangle(random), obb, meets));
  }
  EXPECT_GT(meets, count / 4);
  EXPECT_LT(meets, 2 * count - count / 4);
}

TEST(IntersectsTriangleBox, TrianglesTouchingRotatedBoxesUpToAnUlpAgreeWithExactClipping) {
  Random random(92);
  int meets = 0;
  const int count = testing::cases(8000);
  for (int i = 0; i < count; ++i) {
    const double scale = std::ldexp(1.0, random.integer(-20, 20));
    const Obb box{random.vector(-1, 1) * scale, abs(random.vector(0.1, 1)) * scale, random.rotation()};
    // A point of the box's boundary (a corner, or a face's point), rounded, then nudged by an ulp or not.
    Vec3 s = random.vector(-1, 1);
    const int face = random.integer(0, 2);
    (face == 0 ? s.x : face == 1 ? s.y : s.z) = random.integer(0, 1) ? 1 : -1;
    if (i % 3 == 0) s = {s.x < 0 ? -1.0 : 1.0, s.y < 0 ? -1.0 : 1.0, s.z < 0 ? -1.0 : 1.0};
    Vec3 p = box.center;
    for (int k = 0; k < 3; ++k) p = p + box.rotation.column(k) * (component(s, k) * component(box.halfSize, k));
    if (i % 2 == 0) p.x = std::nextafter(p.x, random.integer(0, 1) ? INFINITY : -INFINITY);
    // The triangle reaches p from outside: its other vertices lie beyond the face.
    const Vec3 out = box.rotation.column(face) * (component(s, face) * scale);
    const Triangle t{p, p + out + random.vector(-0.5, 0.5) * scale, p + out + random.vector(-0.5, 0.5) * scale};
    ASSERT_NO_FATAL_FAILURE(expectAgrees(t, box, meets));
    // The same against the axis-aligned box the point touches.
    const Aabb aabb{p, p + abs(random.vector(0.1, 1)) * scale};
    const Triangle u{t.a, t.a - abs(random.vector(0, 1)) * scale, t.a - abs(random.vector(0, 1)) * scale};
    ASSERT_NO_FATAL_FAILURE(expectAgrees(i % 2 == 0 ? u : Triangle{u.a, u.b, {u.c.x, u.c.y, u.a.z + scale}}, aabb, meets));
  }
  EXPECT_GT(meets, count / 4);
  EXPECT_LT(meets, 2 * count - count / 4);
}

}  // namespace
}  // namespace c3d
