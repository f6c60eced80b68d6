// The range of shape numbers (validation.h): validation refuses a number outside it by name, in every field of every
// shape type; and at the range's edges every query still returns finite numbers, checked against values derived by
// hand (the reported cases of subnormal normals, directions and triangles, moved to the edge of the range).
#include <cmath>
#include <cstring>

#include "collide3d/dispatch/shape_visit.h"
#include "collide3d/dispatch/tables.h"
#include "collide3d/math/orthonormal_basis.h"
#include "test_support.h"

namespace c3d {
namespace {

constexpr double kSmall = 0x1p-126, kLarge = 0x1p126;

// Every number slot of every shape type (a rotation's entries included), set in turn to each bad value, is refused
// and named; set to the range's edges it is not refused for its range (the shape's own rules may still refuse it).
TEST(Range, EveryNumberOfEveryShapeIsChecked) {
  for (int t = 0; t < kShapeTypeCount; ++t) {
    const auto type = static_cast<ShapeType>(t);
    withShapeType(type, [&](auto tag) {
      using Shape = typename decltype(tag)::type;
      const testing::Buffer valid = encodedBuffer(Shape{});
      const int size = encodedSize(type);
      for (int slot = 0; slot < size; ++slot) {
        for (const double bad : {1e-310, -0x1p-127, 0x1p127, -1.7e308}) {
          testing::Buffer shape = valid;
          shape[slot] = bad;
          Problem problem;
          const bool accepted = validateEncoded(type, shape.data(), problem);
          EXPECT_FALSE(accepted) << shapeName(type) << " slot " << slot << " = " << bad;
          EXPECT_NE(std::strstr(problem.message.text, "must be 0 or of magnitude 2^-126 to 2^126"), nullptr)
              << shapeName(type) << " slot " << slot << ": " << problem.field.text << " " << problem.message.text;
          EXPECT_GT(std::strlen(problem.field.text), 0u);
        }
        for (const double edge : {kSmall, -kLarge}) {
          testing::Buffer shape = valid;
          shape[slot] = edge;
          Problem problem;
          validateEncoded(type, shape.data(), problem);
          EXPECT_EQ(std::strstr(problem.message.text, "magnitude"), nullptr) << shapeName(type) << " slot " << slot;
        }
      }
      return 0;
    });
  }
}

TEST(Range, TheMessageNamesTheFieldAndShowsTheValue) {
  Problem problem;
  const testing::Buffer ray = encodedBuffer(Ray{{0, 0, 5}, {0, 0, -1e-310}});
  EXPECT_FALSE(validateEncoded(ShapeType::Ray, ray.data(), problem));
  EXPECT_STREQ(problem.field.text, "direction.z");
  EXPECT_STREQ(problem.message.text, "must be 0 or of magnitude 2^-126 to 2^126 (1.2e-38 to 8.5e37) (got -1e-310)");
  Frustum frustum;
  for (Plane& p : frustum.planes) p = {{0, 0, 1}, 1};
  frustum.planes[4].constant = 1e300;
  const testing::Buffer f = encodedBuffer(frustum);
  EXPECT_FALSE(validateEncoded(ShapeType::Frustum, f.data(), problem));
  EXPECT_STREQ(problem.field.text, "planes[4].constant");
}

template <class A, class B>
ClosestPoints closest(const A& a, const B& b) {
  return closestPointsTable().at(A::kType, B::kType)(encodedBuffer(a).data(), encodedBuffer(b).data());
}
template <class A, class B>
std::optional<RaycastHit> cast(const A& a, const B& b) {
  return raycastTable().at(A::kType, B::kType)(encodedBuffer(a).data(), encodedBuffer(b).data(), RaycastOptions{});
}

TEST(Range, QueriesAtTheEdgesReturnFiniteExactValues) {
  // The plane z = 2 with the smallest normal: a point at z = 5 is 3 away; a unit ball moving by (0, 0, -8) from
  // z = 5 touches it when its centre reaches z = 3, a quarter of the way.
  const Plane tiny{{0, 0, kSmall}, -2 * kSmall};
  EXPECT_EQ(closest(Point{{0, 0, 5}}, tiny).distance, 3);
  const auto swept = sweepTable().at(ShapeType::Sphere, ShapeType::Plane)(
      encodedBuffer(Sphere{{0, 0, 5}, 1}).data(), Vec3{0, 0, -8}, encodedBuffer(tiny).data());
  ASSERT_TRUE(swept.has_value());
  EXPECT_EQ(swept->t, 0.25);
  EXPECT_TRUE(testing::near(swept->point, {0, 0, 2}));
  // The plane z = 1 with the largest normal, hit from z = 5 going down: t = 4.
  const auto hit = cast(Ray{{0, 0, 5}, {0, 0, -1}}, Plane{{0, 0, kLarge}, -kLarge});
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->t, 4);
  // A ray with the smallest direction reaches the unit ball's top after t = 4 / 2^-126 = 2^128.
  const auto slow = cast(Ray{{0, 0, 5}, {0, 0, -kSmall}}, Sphere{{0, 0, 0}, 1});
  ASSERT_TRUE(slow.has_value());
  EXPECT_EQ(slow->t, 0x1p128);
  EXPECT_TRUE(testing::near(slow->point, {0, 0, 1}));
  EXPECT_TRUE(testing::near(slow->normal, {0, 0, 1}));
  // The triangle 0, (0, 0, s), (s, s, s) at the smallest scale s: the point (s, 0, 0) is nearest to its edge from 0
  // to (s, s, s), at (s, s, s) / 3, sqrt(2/3) s away; its corner 0 is on it.
  const double s = kSmall;
  const Triangle small{{0, 0, 0}, {0, 0, s}, {s, s, s}};
  const ClosestPoints nearEdge = closest(Point{{s, 0, 0}}, small);
  EXPECT_NEAR(nearEdge.distance / s, std::sqrt(2.0 / 3), 1e-15);
  EXPECT_TRUE(testing::near(nearEdge.pointB * (1 / s), {1.0 / 3, 1.0 / 3, 1.0 / 3}, 1e-15));
  EXPECT_EQ(closest(Point{{0, 0, 0}}, small).distance, 0);
  // A basis around the smallest vector is the standard one around x.
  const OrthonormalBasis basis = orthonormalBasis({kSmall, 0, 0});
  EXPECT_TRUE(testing::near(basis.w, {1, 0, 0}, 0));
  EXPECT_NEAR(dot(basis.u, basis.v), 0, 1e-15);
  EXPECT_NEAR(length(basis.u), 1, 1e-15);
  EXPECT_NEAR(length(basis.v), 1, 1e-15);
  EXPECT_TRUE(testing::near(cross(basis.u, basis.v), basis.w, 1e-15));
}

}  // namespace
}  // namespace c3d
