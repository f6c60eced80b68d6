// Inputs the fuzzers (tests/fuzz) found wrong, each with its answer derived by hand; the fuzzers replay the same
// inputs from tests/fuzz/corpus on every run.
#include <cmath>

#include "collide3d/dispatch/tables.h"
#include "test_support.h"

namespace c3d {
namespace {

// A segment lying in the plane of a sliver (two corners an ulp apart), along z = -4 towards x = -4: the sliver
// between the lines z = x (through a and c) and z = 4 + (1 + ε/8)(x - 4) (through a and b, ε = 9e-16) holds the
// segment's points from x = -4 on, so it is entered at x = -4, t = 3.1875 / 3.1875000000000004. The rounded face
// normal was 0: the hit was reported at t = 0 with a NaN normal.
TEST(FuzzFindings, SegmentInTheZeroRoundedPlaneOfASliver) {
  const Segment s{{-7.1875, -4, -4}, {-3.9999999999999996, -4, -4}};
  const Triangle t{{4, -4, 4}, {-4, -4, -4.0000000000000009}, {-4, -4, -4}};
  const auto hit = raycastTable().at(ShapeType::Segment, ShapeType::Triangle)(encodedBuffer(s).data(),
                                                                             encodedBuffer(t).data(), {});
  ASSERT_TRUE(hit.has_value());
  EXPECT_NEAR(hit->t, 3.1875 / 3.1875000000000004, 1e-15);
  EXPECT_TRUE(testing::near(hit->point, {-4, -4, -4}, 1e-14));
  EXPECT_TRUE(testing::near(hit->normal, {0, 1, 0}, 0));  // (b - a) x (c - a) = (0, 8ε, 0)
}

// A ball far out along the normal through corner c of a triangle: n = (b - a) x (c - a) = (0, 16, -16), so the
// centre (0, s, -s) projects onto c = (0, 0, 0), the nearest point, at distance s√2. Beyond s = 1e17 the rounded
// barycentric weights all cancelled to 0, and the nearest point came out 0/0 = NaN (the fuzzer drew s = 1e20, the
// radius 1e20): far points now take the weights exactly.
TEST(FuzzFindings, BallFarAlongTheNormalOfATriangle) {
  const Triangle t{{2, -4, -4}, {-4, 0, 0}, {0, 0, 0}};
  for (const double s : {1e10, 1e17, 1e20, 1e30}) {
    const Sphere ball{{0, s, -s}, s};
    const ClosestPoints near = closestPointsTable().at(ShapeType::Triangle, ShapeType::Sphere)(
        encodedBuffer(t).data(), encodedBuffer(ball).data());
    EXPECT_EQ(near.pointA, (Vec3{0, 0, 0})) << s;
    EXPECT_NEAR(near.distance, (std::sqrt(2.0) - 1) * s, 1e-15 * s) << s;
  }
}

// A segment ending on a zero-area triangle (the segment from p = (x, -x, x) to -p, x = 9.99...): the segment from
// (-x, x, -8) to (8, -8, 8) runs in the plane y = -x of that line and meets it at its own end t = 1, the point
// (8, -8, 8) = (8/x) p. intersects said so exactly, but the rounded parameter of that end came out just beyond 1 and
// segmentSpanIn clipped it away: closestPoints reported the two apart (the least positive distance).
TEST(FuzzFindings, SegmentEndingOnAZeroAreaTriangle) {
  const double x = 9.9960327101500468;
  const Triangle t{{x, -x, x}, {-x, x, -x}, {x, -x, x}};
  const Segment s{{-x, x, -8}, {8, -8, 8}};
  EXPECT_TRUE(intersectsTable().at(ShapeType::Triangle, ShapeType::Segment)(encodedBuffer(t).data(),
                                                                            encodedBuffer(s).data()));
  for (const Segment& either : {s, Segment{s.end, s.start}}) {
    const ClosestPoints near = closestPointsTable().at(ShapeType::Segment, ShapeType::Triangle)(
        encodedBuffer(either).data(), encodedBuffer(t).data());
    EXPECT_EQ(near.distance, 0);
    EXPECT_EQ(near.pointA, (Vec3{8, -8, 8}));
  }
}

}  // namespace
}  // namespace c3d
