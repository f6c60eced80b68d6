// Casters against a point and a segment (raycast_point_segment.h), through the raycast table: hits derived by hand,
// misses by one ulp decided exactly, the normal against the caster, and no triangle weights reported.
#include <cmath>

#include "collide3d/dispatch/tables.h"
#include "test_support.h"

namespace c3d {
namespace {

using testing::near;

template <class CasterShape, class Target>
std::optional<RaycastHit> cast(const CasterShape& caster, const Target& target, RaycastOptions options = {}) {
  return raycastTable().at(CasterShape::kType, Target::kType)(encodedBuffer(caster).data(),
                                                              encodedBuffer(target).data(), options);
}

TEST(RaycastPoint, HitsAPointOnTheCasterAtItsParameter) {
  const auto hit = cast(Ray{{0, 0, 0}, {2, 0, 0}}, Point{{3, 0, 0}});
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->t, 1.5);  // the ray's own parameter: 3 = 0 + 1.5 * 2
  EXPECT_TRUE(near(hit->point, {3, 0, 0}, 0));
  EXPECT_TRUE(near(hit->normal, {-1, 0, 0}, 0));
  EXPECT_FALSE(hit->hasBarycentric);
  const auto along = cast(Segment{{1, 1, 1}, {4, 4, 4}}, Point{{2, 2, 2}});
  ASSERT_TRUE(along);
  EXPECT_DOUBLE_EQ(along->t, 1.0 / 3);
  const auto line = cast(Line{{0, 0, 0}, {1, 0, 0}}, Point{{-2, 0, 0}});
  ASSERT_TRUE(line);
  EXPECT_EQ(line->t, -2);  // a line reaches behind its origin
}

TEST(RaycastPoint, OneUlpOffTheCasterOrBehindItMisses) {
  EXPECT_TRUE(cast(Ray{{0, 0, 0}, {1, 1, 1}}, Point{{1, 1, 1}}));
  EXPECT_FALSE(cast(Ray{{0, 0, 0}, {1, 1, 1}}, Point{{1, 1, std::nextafter(1.0, 2.0)}}));
  EXPECT_FALSE(cast(Ray{{0, 0, 0}, {1, 0, 0}}, Point{{-1, 0, 0}}));
  EXPECT_FALSE(cast(Segment{{0, 0, 0}, {1, 0, 0}}, Point{{std::nextafter(1.0, 2.0), 0, 0}}));
  EXPECT_TRUE(cast(Segment{{0, 0, 0}, {1, 0, 0}}, Point{{1, 0, 0}}));  // the segment's end counts
  RaycastOptions shorter;
  shorter.maxDistance = 2.5;
  EXPECT_FALSE(cast(Ray{{0, 0, 0}, {1, 0, 0}}, Point{{3, 0, 0}}, shorter));
}

TEST(RaycastSegment, CrossingHitsWhereTheyMeetAndAlongHitsTheNearEnd) {
  const auto across = cast(Ray{{0, 0, 0}, {1, 0, 0}}, Segment{{3, -1, 0}, {3, 1, 0}});
  ASSERT_TRUE(across);
  EXPECT_EQ(across->t, 3);
  EXPECT_TRUE(near(across->normal, {-1, 0, 0}, 0));
  const auto along = cast(Ray{{0, 0, 0}, {1, 0, 0}}, Segment{{5, 0, 0}, {2, 0, 0}});
  ASSERT_TRUE(along);
  EXPECT_EQ(along->t, 2);  // the first of its points on the ray, whichever end it is given as
  EXPECT_TRUE(near(along->point, {2, 0, 0}, 0));
  const auto inside = cast(Ray{{3, 0, 0}, {1, 0, 0}}, Segment{{2, 0, 0}, {5, 0, 0}});
  ASSERT_TRUE(inside);
  EXPECT_EQ(inside->t, 0);  // starting on it
  // Skew by one ulp: exactly apart.
  EXPECT_FALSE(cast(Ray{{0, 0, 0}, {1, 0, 0}}, Segment{{3, -1, std::nextafter(0.0, 1.0)}, {3, 1, std::nextafter(0.0, 1.0)}}));
  EXPECT_TRUE(cast(Ray{{0, 0, 0}, {1, 0, 0}}, Segment{{3, -1, -1}, {3, 1, 1}}));
}

TEST(RaycastSegment, BackfaceCullingDoesNotApply) {
  RaycastOptions culling;
  culling.backfaceCulling = true;
  EXPECT_TRUE(cast(Ray{{0, 0, 0}, {1, 0, 0}}, Segment{{3, -1, 0}, {3, 1, 0}}, culling));
  EXPECT_TRUE(cast(Ray{{0, 0, 0}, {1, 0, 0}}, Point{{3, 0, 0}}, culling));
}

// The regression that the solid pairs' test found: an AABB's center and half size round (min + max is not exact), so
// the box test now reads its min and max as given. A flat OBB centred exactly on the AABB's min corner meets it.
TEST(AabbObb, ACornerSharedExactlyMeets) {
  const Aabb box{{-0x1.8cp-1, -0x1.84p-2, -0x1.ep-4}, {-0x1.8febfd7977e21p-2, 0x1.5420903ecd0d4p-2, 0x1.04dd910f28419p-1}};
  Mat3 r;
  const double m[9] = {-0x1.09d321eff69dcp-1, 0x1.b5107241fa18ep-1, -0x1.55b00bcdb7846p-5, 0x1.9ed266feefa6ep-1, 0x1.e77bbc55f1c28p-2,
                       -0x1.5e2e828c9fb11p-2, -0x1.1698b99b45a23p-2, -0x1.b0d464c481a72p-3, -0x1.e0a8307262a9cp-1};
  for (int i = 0; i < 9; ++i) r.m[i] = m[i];
  const Obb flat{box.min, {0x1.b975ff14f8278p-2, 0x1.81b3a8d4c4c35p-2, 0}, r};
  const auto meets = [](const auto& a, const auto& b) {
    using A = std::decay_t<decltype(a)>;
    using B = std::decay_t<decltype(b)>;
    return intersectsTable().at(A::kType, B::kType)(encodedBuffer(a).data(), encodedBuffer(b).data());
  };
  EXPECT_TRUE(meets(box, flat));
  EXPECT_TRUE(meets(flat, box));
  EXPECT_FALSE(separatingAxisTable().at(ShapeType::Aabb, ShapeType::Obb)(encodedBuffer(box).data(),
                                                                          encodedBuffer(flat).data()));
  // Moved off the corner along -x by one ulp of its coordinate, past the box's face x = min.x (the flat box's own
  // reach along x is |r00| hx + |r10| hy > 0, so it still overlaps: the touch needs the move past that reach).
  const double reach = std::fabs(r.m[0]) * flat.halfSize.x + std::fabs(r.m[3]) * flat.halfSize.y;
  Obb off = flat;
  off.center.x = box.min.x - reach * 2;
  EXPECT_FALSE(meets(box, off));
}

}  // namespace
}  // namespace c3d
