// moveAndSlide as a game drives it, frame after frame, in small levels built for each behaviour the character must
// have: standing still on flat ground and walkable slopes, sliding down steep ones, climbing steps, stopping at thin
// walls whatever the speed, crossing the seams of a tessellated floor, and stopping in corners and creases. Every
// frame also checks that the shape never meets a surface (it keeps a skin away), by the exact intersects table.
#include <gtest/gtest.h>

#include <cmath>
#include <utility>
#include <vector>

#include "collide3d/character/move_and_slide.h"
#include "mesh_data.h"
#include "test_support.h"

namespace c3d::testing {
namespace {

constexpr double kRadius = 0.3, kHeight = 1.0;  // a capsule character: its feet at `feet`, its top kHeight above
constexpr double kSkin = 0.003;                 // 1% of the radius

Capsule character(Vec3 feet, double radius = kRadius, double height = kHeight) {
  return {feet + Vec3{0, radius, 0}, feet + Vec3{0, height - radius, 0}, radius};
}
Vec3 feetOf(const Capsule& c) { return c.start - Vec3{0, c.radius, 0}; }

// A level built of quads (two triangles each, a, b, c and a, c, d), not indexed.
struct Level {
  MeshData data;
  void quad(Vec3 a, Vec3 b, Vec3 c, Vec3 d) {
    for (Vec3 p : {a, b, c, a, c, d}) data.positions.insert(data.positions.end(), {float(p.x), float(p.y), float(p.z)});
  }
  // A floor at height y over [x0, x1] x [z0, z1], in cells of `cell`: every inner edge is a seam.
  void floor(double y, double x0, double x1, double z0, double z1, double cell) {
    for (double x = x0; x < x1; x += cell) {
      for (double z = z0; z < z1; z += cell) quad({x, y, z}, {x, y, z + cell}, {x + cell, y, z + cell}, {x + cell, y, z});
    }
  }
};

CharacterOptions options() {
  CharacterOptions o;
  o.skinWidth = kSkin;
  return o;
}

// Whether the shape meets any triangle of the level, exactly.
template <class Shape>
bool meetsLevel(const Shape& shape, const MeshData& level) {
  const IntersectsFn meets = intersectsTable().at(Shape::kType, ShapeType::Triangle);
  for (size_t t = 0; t < level.triangles(); ++t) {
    if (meets(encodedBuffer(shape).data(), encodedBuffer(level.triangle(t)).data())) return true;
  }
  return false;
}

// A character in a level, moved frame by frame.
template <class Shape>
struct Walker {
  const MeshData& level;
  std::unique_ptr<TriangleMesh> mesh = build(level);
  CollisionWorld world;
  Shape shape;
  CharacterOptions o = options();
  CharacterMove last;
  bool checked = true;  // whether each frame checks the shape against every triangle

  Walker(const MeshData& l, Shape s) : level(l), shape(s) { EXPECT_TRUE(world.add(mesh.get())); }

  void frame(Vec3 motion) {
    last = moveAndSlide(shape, motion, world, o);
    shape = translated(shape, last.translation);
    if (checked) {
      EXPECT_FALSE(meetsLevel(shape, level));
    }
  }
};

// Frames of `motion` after which `position(shape)` has stayed within 1e-12 of where it was, and the shape grounded
// or not as `grounded` says.
template <class Shape, class Position>
void staysPut(Walker<Shape>& walker, Vec3 motion, int frames, Position&& position, bool grounded) {
  const Vec3 settled = position(walker.shape);
  walker.checked = false;
  for (int i = 0; i < frames; ++i) {
    walker.frame(motion);
    ASSERT_EQ(walker.last.grounded, grounded) << "frame " << i;
    ASSERT_TRUE(near(position(walker.shape), settled)) << "frame " << i;
  }
  walker.checked = true;
  walker.frame(motion);
}

Vec3 lowerCentre(const Capsule& c) { return c.start; }

TEST(MoveAndSlide, StandsStillOnFlatGroundForTenThousandFrames) {
  Level level;
  level.floor(0, -4, 4, -4, 4, 1);
  Walker<Capsule> walker(level.data, character({0.25, 0.1, 0.5}));
  for (int i = 0; i < 3; ++i) walker.frame({0, -0.05, 0});
  EXPECT_NEAR(feetOf(walker.shape).y, kSkin, 1e-12);
  EXPECT_EQ(feetOf(walker.shape).x, 0.25);
  EXPECT_EQ(feetOf(walker.shape).z, 0.5);
  staysPut(walker, {0, -0.05, 0}, 10000, lowerCentre, true);
  EXPECT_TRUE(near(walker.last.groundNormal, {0, 1, 0}));
}

// A slope rising towards -x at `degrees` from level, through the origin, large enough to stand and slide on.
MeshData slope(double degrees) {
  const double a = degrees * M_PI / 180, c = std::cos(a), s = std::sin(a);
  Level level;
  // Points along the slope's downhill direction (c, -s, 0) and across it (0, 0, 1).
  for (int i = -8; i < 8; ++i) {
    for (int k = -4; k < 4; ++k) {
      const auto at = [&](double u, double w) { return Vec3{u * c, -u * s, w}; };
      level.quad(at(i, k), at(i, k + 1), at(i + 1, k + 1), at(i + 1, k));
    }
  }
  return level.data;
}

// The capsule's lower ball centre's height above the slope's plane, along its normal.
double clearance(const Capsule& c, double degrees) {
  const double a = degrees * M_PI / 180;
  return dot(c.start, {std::sin(a), std::cos(a), 0});
}

TEST(MoveAndSlide, StandsStillOnAWalkableSlope) {
  const MeshData level = slope(30);
  Walker<Capsule> walker(level, character({0.3, 0.2, 0.1}));
  for (int i = 0; i < 5; ++i) walker.frame({0, -0.1, 0});
  EXPECT_NEAR(clearance(walker.shape, 30), kRadius + kSkin, 1e-7);  // the slope's vertices are floats
  staysPut(walker, {0, -0.1, 0}, 10000, lowerCentre, true);
  EXPECT_TRUE(near(walker.last.groundNormal, {std::sin(M_PI / 6), std::cos(M_PI / 6), 0}, 1e-6));
}

// With steps or without: a steep face, or the seam of two, is no edge of walkable ground to stand on.
TEST(MoveAndSlide, SlidesDownASteepSlope) {
  const MeshData level = slope(60);
  for (const double stepHeight : {0.0, 0.3}) {
    SCOPED_TRACE(::testing::Message() << "stepHeight " << stepHeight);
    Walker<Capsule> walker(level, character({-1, 2.5, 0.1}));
    walker.o.stepHeight = stepHeight;
    double x = walker.shape.start.x, y = walker.shape.start.y;
    int sliding = 0;
    for (int i = 0; i < 60; ++i) {
      walker.frame({0, -0.1, 0});
      EXPECT_FALSE(walker.last.grounded);
      EXPECT_GE(clearance(walker.shape, 60), kRadius);
      EXPECT_LE(walker.shape.start.y, y);
      if (walker.shape.start.x > x) ++sliding;
      x = walker.shape.start.x, y = walker.shape.start.y;
      EXPECT_EQ(walker.shape.start.z, 0.1);
    }
    EXPECT_GE(sliding, 55);  // every frame after landing on the slope moves downhill (+x)
    // Each frame's 0.1 down, turned along the slope: 0.1 sin 60 of it goes along, 0.1 sin^2 60 down.
    EXPECT_LT(y, 2.5 - 50 * 0.1 * 0.75);
  }
}

TEST(MoveAndSlide, WalksUpAWalkableSlopeAtTheSamePaceAcross) {
  const MeshData level = slope(30);
  Walker<Capsule> walker(level, character({2, -1, 0}));
  for (int i = 0; i < 5; ++i) walker.frame({0, -0.1, 0});
  for (int i = 0; i < 40; ++i) {
    const Vec3 before = walker.shape.start;
    walker.frame({-0.05, -0.1, 0});  // uphill
    EXPECT_NEAR(walker.shape.start.x - before.x, -0.05, 1e-12);
    EXPECT_NEAR(walker.shape.start.y - before.y, 0.05 * std::tan(M_PI / 6), 1e-7);
    EXPECT_TRUE(walker.last.grounded);
  }
}

// Stairs along +x: a floor at 0 up to x = 2, then `count` steps of `rise` and `run`, then a landing.
MeshData stairs(double rise, double run, int count) {
  Level level;
  level.floor(0, -2, 2, -2, 2, 1);
  for (int k = 0; k <= count; ++k) {
    const double x = 2 + k * run, y = k * rise, top = y + rise;
    if (k == count) {
      level.floor(y, x, x + 4, -2, 2, 1);
      break;
    }
    level.quad({x, y, -2}, {x, top, -2}, {x, top, 2}, {x, y, 2});  // the riser, facing -x
    level.quad({x, top, -2}, {x, top, 2}, {x + run, top, 2}, {x + run, top, -2});
  }
  return level.data;
}

TEST(MoveAndSlide, ClimbsStepsUpToStepHeight) {
  const MeshData level = stairs(0.2, 0.5, 4);
  Walker<Capsule> walker(level, character({0, kSkin, 0}));
  walker.o.stepHeight = 0.25;
  walker.o.snapToGround = 0.25;
  for (int i = 0; i < 120; ++i) walker.frame({0.05, -0.1, 0});
  EXPECT_TRUE(walker.last.grounded);
  EXPECT_GT(feetOf(walker.shape).x, 4.5);  // past the stairs, whose top is at x = 4
  EXPECT_NEAR(feetOf(walker.shape).y, double(0.8f) + kSkin, 1e-12);  // the landing is at 0.8 rounded to float
}

// The demo's character: a capsule of radius 0.35, 1.8 tall, its feet at `feet`, with the default skin (1% of the
// radius), stepHeight 0.3 and snapToGround 0.2.
struct DemoWalker : Walker<Capsule> {
  static constexpr double kSkin = 0.0035;
  DemoWalker(const MeshData& level, Vec3 feet) : Walker(level, character(feet, 0.35, 1.8)) {
    o.skinWidth = kSkin;
    o.stepHeight = 0.3;
    o.snapToGround = 0.2;
  }
};

// Stairs walked up and down by the demo's character at 4 m/s and 1 m/s, 60 frames a second, pushed down by the 1/180
// the demo adds on the ground: stairs as buildings have them (rise 0.2, going 0.3, a tread too narrow for the
// capsule's round bottom, which rests on edges only) and the demo level's (rise 0.25, going 0.4). No frame moves
// further across than it asks (beyond rounding: coordinates below 10 round by 2e-15, and 1e-12 is hundreds of those),
// and none stops short: the sweep stops at a riser's edge and the step spends the rest, so every frame walks its full
// pace and the stairs take the frames of the same distance on the flat (the goal is half a frame's walk from a whole
// number of frames). It stands on the ground every frame (else the demo's fall speed would build up), rolling over
// the edges up and down, and never meets a triangle.
TEST(MoveAndSlide, WalksUpAndDownStairsAtItsWalkingPace) {
  constexpr int kSteps = 12;
  for (const auto& [rise, going] : {std::pair{0.2, 0.3}, std::pair{0.25, 0.4}}) {
    const MeshData level = stairs(rise, going, kSteps);
    const double top = double(float(kSteps * rise));
    const double length = 2 + kSteps * going + 1;  // from x = 0 on the floor to a metre onto the landing
    for (const bool up : {true, false}) {
      for (const double pace : {4.0 / 60, 1.0 / 60}) {
        SCOPED_TRACE(::testing::Message() << "rise " << rise << (up ? ", up" : ", down") << ", pace " << pace);
        const double from = up ? 0 : length, direction = up ? 1 : -1;
        DemoWalker walker(level, {from, (up ? 0 : top) + DemoWalker::kSkin, 0});
        const int flat = int(std::ceil(length / pace));  // the frames the same distance takes on the flat
        const double goal = (flat - 0.5) * pace;
        int frames = 0;
        while (direction * (feetOf(walker.shape).x - from) < goal && frames < 2 * flat) {
          const Vec3 before = walker.shape.start;
          walker.frame({direction * pace, -1.0 / 180, 0});
          ++frames;
          const Vec3 moved = walker.shape.start - before;
          ASSERT_LE(std::hypot(moved.x, moved.z), pace + 1e-12) << "frame " << frames;
          ASSERT_TRUE(walker.last.grounded) << "frame " << frames;
        }
        EXPECT_EQ(frames, flat);
        // On the landing or the floor, within a skin: walking over a convex edge keeps the skin from the edge, not
        // from what is beyond it.
        const double ground = up ? top : 0;
        EXPECT_GT(feetOf(walker.shape).y, ground);
        EXPECT_LE(feetOf(walker.shape).y, ground + DemoWalker::kSkin + 1e-12);
      }
    }
  }
}

// Stopped anywhere on those stairs (after each frame of its first steps at 4 m/s: on a tread, rolling over an edge,
// between two edges), the character stays put and grounded under the demo's push down.
TEST(MoveAndSlide, StandsStillAnywhereOnStairs) {
  for (const auto& [rise, going] : {std::pair{0.2, 0.3}, std::pair{0.25, 0.4}}) {
    const MeshData level = stairs(rise, going, 4);
    for (int stop = 24; stop < 40; ++stop) {
      SCOPED_TRACE(::testing::Message() << "rise " << rise << ", stopped after " << stop);
      DemoWalker walker(level, {0, DemoWalker::kSkin, 0});
      walker.checked = false;
      for (int i = 0; i < stop; ++i) walker.frame({4.0 / 60, -1.0 / 180, 0});
      staysPut(walker, {0, -1.0 / 180, 0}, 1000, lowerCentre, true);
    }
  }
}

TEST(MoveAndSlide, StepsHigherThanStepHeightBlock) {
  const MeshData level = stairs(0.2, 0.5, 4);
  Walker<Capsule> walker(level, character({0, kSkin, 0}));
  // The capsule's round bottom meets the riser's top edge, 0.1 + kSkin below its centre: lifted by 0.1 it still
  // meets it, where the edge is too steep to stand on.
  walker.o.stepHeight = 0.1;
  for (int i = 0; i < 60; ++i) walker.frame({0.05, -0.1, 0});
  const double touching = 2 - std::sqrt(kRadius * kRadius - (0.1 + kSkin) * (0.1 + kSkin));
  EXPECT_LT(feetOf(walker.shape).x, touching);
  EXPECT_GT(feetOf(walker.shape).x, touching - 3 * kSkin);
  EXPECT_NEAR(feetOf(walker.shape).y, kSkin, 1e-12);
  staysPut(walker, {0.05, -0.1, 0}, 1000, lowerCentre, true);
}

// A wall of zero thickness in the plane x = 1, two triangles reaching past any motion the test makes.
MeshData thinWall() {
  Level level;
  level.quad({1, -1e7, -1e7}, {1, 1e7, -1e7}, {1, 1e7, 1e7}, {1, -1e7, 1e7});
  return level.data;
}

TEST(MoveAndSlide, NeverPassesAThinWallAtAnySpeed) {
  const MeshData level = thinWall();
  Random random(17);
  for (int run = 0; run < cases(200); ++run) {
    Walker<Capsule> walker(level, character(Vec3{random.uniform(-3, 0.5), random.uniform(-3, 3), random.uniform(-3, 3)}));
    walker.o.up = random.vector(-1, 1);
    const double speed = std::pow(10.0, random.uniform(-3, 5));
    for (int i = 0; i < 5; ++i) {
      const Vec3 motion = Vec3{random.uniform(0.1, 1), random.uniform(-1, 1), random.uniform(-1, 1)} * speed;
      walker.frame(motion);
      ASSERT_LT(walker.shape.start.x, 1 - kRadius) << "run " << run << " speed " << speed;
      ASSERT_LT(walker.shape.end.x, 1 - kRadius);
    }
  }
}

TEST(MoveAndSlide, CrossesTheSeamsOfATessellatedFloorAtFullPace) {
  Level level;
  level.floor(0, -5, 5, -5, 5, 0.25);
  Walker<Capsule> walker(level.data, character({-4.5, kSkin, -4.4}));
  const Vec3 pace{0.0731, 0, 0.0537};
  for (int i = 0; i < 100; ++i) {
    const Vec3 before = walker.shape.start;
    walker.frame(pace + Vec3{0, -0.1, 0});
    ASSERT_TRUE(near(walker.shape.start - before, pace, 1e-12)) << "frame " << i;
    ASSERT_TRUE(walker.last.grounded);
  }
}

TEST(MoveAndSlide, StopsCleanlyInAConcaveCorner) {
  Level level;
  level.floor(0, -4, 4, -4, 4, 1);
  level.quad({1, 0, -4}, {1, 3, -4}, {1, 3, 4}, {1, 0, 4});  // a wall facing -x
  level.quad({-4, 0, 1}, {4, 0, 1}, {4, 3, 1}, {-4, 3, 1});  // a wall facing -z
  Walker<Capsule> walker(level.data, character({0, kSkin, 0}));
  for (int i = 0; i < 40; ++i) walker.frame({0.07, -0.1, 0.05});
  EXPECT_NEAR(walker.shape.start.x, 1 - kRadius - kSkin, 1e-9);
  EXPECT_NEAR(walker.shape.start.z, 1 - kRadius - kSkin, 1e-9);
  staysPut(walker, {0.07, -0.1, 0.05}, 1000, lowerCentre, true);
}

TEST(MoveAndSlide, ComesToRestInTheCreaseOfTwoSteepSlopes) {
  // A V valley along z: slopes of 60 degrees on either side of x = 0.
  Level level;
  const double s = std::tan(M_PI / 3);
  level.quad({0, 0, -4}, {0, 0, 4}, {3, 3 * s, 4}, {3, 3 * s, -4});
  level.quad({0, 0, 4}, {0, 0, -4}, {-3, 3 * s, -4}, {-3, 3 * s, 4});
  Walker<Sphere> walker(level.data, Sphere{{0.8, 3, 0}, 0.5});
  walker.o.skinWidth = 0.005;
  for (int i = 0; i < 100; ++i) walker.frame({0, -0.1, 0});
  EXPECT_NEAR(walker.shape.center.x, 0, 1e-9);  // at the bottom of the V, the skin from both slopes
  EXPECT_NEAR(walker.shape.center.y, (0.5 + 0.005) / std::sin(M_PI / 6), 1e-6);  // float vertices
  staysPut(walker, {0, -0.1, 0}, 1000, [](const Sphere& s) { return s.center; }, false);
}

Mat3 aboutY(double angle) {
  const double c = std::cos(angle), s = std::sin(angle);
  return Mat3{{c, 0, -s, 0, 1, 0, s, 0, c}};
}

TEST(MoveAndSlide, BoxesStandAndStopAtWalls) {
  Level level;
  level.floor(0, -4, 4, -4, 4, 0.5);
  level.quad({1, 0, -4}, {1, 3, -4}, {1, 3, 4}, {1, 0, 4});
  Walker<Aabb> box(level.data, Aabb{{-0.5, 0.2, -0.5}, {0.5, 1.2, 0.5}});
  box.o.skinWidth = 0.005;
  for (int i = 0; i < 60; ++i) box.frame({0.05, -0.1, 0});
  EXPECT_TRUE(box.last.grounded);
  EXPECT_NEAR(box.shape.min.y, 0.005, 1e-12);
  EXPECT_NEAR(box.shape.max.x, 1 - 0.005, 1e-12);

  Walker<Obb> turned(level.data, Obb{{0, 1, 0}, {0.5, 0.5, 0.5}, aboutY(M_PI / 4)});
  turned.o.skinWidth = 0.005;
  for (int i = 0; i < 60; ++i) turned.frame({0.05, -0.1, 0});
  EXPECT_TRUE(turned.last.grounded);
  EXPECT_NEAR(turned.shape.center.y, 0.5 + 0.005, 1e-12);
  EXPECT_NEAR(turned.shape.center.x, 1 - 0.5 * std::sqrt(2.0) - 0.005, 1e-12);  // its edge a skin from the wall
}

TEST(MoveAndSlide, TreeBoxesAreSolidObstaclesBesideMeshes) {
  Level level;
  level.floor(0, -4, 4, -4, 4, 1);
  auto mesh = build(level.data);
  DynamicTree tree(0.1);
  ASSERT_TRUE(tree.reserveForInsert());
  const uint32_t crate = tree.insert(Aabb{{1, 0, -1}, {2, 0.5, 1}});
  ASSERT_TRUE(tree.reserveForInsert());
  tree.insert(Aabb{{5, 0, -1}, {6, 3, 1}});
  CollisionWorld world;
  ASSERT_TRUE(world.add(mesh.get()) && world.add(&tree));
  CharacterOptions o = options();
  Capsule c = character({0, kSkin, 0});
  CharacterMove move = moveAndSlide(c, {2, 0, 0}, world, o);
  EXPECT_NEAR(move.translation.x, 1 - kRadius - kSkin, 1e-12);  // stopped by the crate, a skin short
  ASSERT_GE(move.contactCount, 1);
  EXPECT_EQ(move.contacts[0].source, 1u);
  EXPECT_EQ(move.contacts[0].element, crate);
  EXPECT_TRUE(near(move.contacts[0].hit.normal, {-1, 0, 0}));
  // With steps up to 0.6 the crate is a step: the character ends on top of it.
  o.stepHeight = 0.6;
  move = moveAndSlide(c, {1.5, 0, 0}, world, o);
  EXPECT_NEAR(move.translation.y, 0.5, 1e-12);
  EXPECT_NEAR(move.translation.x, 1.5, 1e-12);
  EXPECT_TRUE(move.grounded);
}

// The trace of a move (traceMoveAndSlide): each sweep in order, each starting where the one before ended, from no
// translation to the move's; the move itself the same with and without it.
void expectChained(const SlideTrace& trace, const CharacterMove& move) {
  ASSERT_GE(trace.count, 1);
  EXPECT_TRUE(near(trace.steps[0].from, {0, 0, 0}, 0));
  for (int i = 1; i < trace.count; ++i) EXPECT_TRUE(near(trace.steps[i].from, trace.steps[i - 1].to, 0)) << "step " << i;
  EXPECT_TRUE(near(trace.steps[trace.count - 1].to, move.translation, 0));
}

TEST(SlideTrace, WalkingIntoAWallStopsASkinShortThenFollowsIt) {
  Level level;
  level.floor(0, -4, 4, -4, 4, 1);
  level.quad({1, 0, -4}, {1, 3, -4}, {1, 3, 4}, {1, 0, 4});  // a wall facing -x
  auto mesh = build(level.data);
  CollisionWorld world;
  ASSERT_TRUE(world.add(mesh.get()));
  SlideTrace trace;
  const CharacterMove move = moveAndSlide(character({0, kSkin, 0}), {2, 0, 1}, world, options(), &trace);
  ASSERT_EQ(trace.count, 3);
  // By hand: the capsule (radius 0.3) reaches the wall when its axis is at x = 0.7, and stops a skin short, at
  // x = 0.697: 0.3485 of the motion. The rest, (1.303, 0, 0.6515), loses its part into the wall.
  const SlideStep& hit = trace.steps[0];
  EXPECT_EQ(hit.part, int(SlidePart::Walk));
  EXPECT_TRUE(hit.met);
  EXPECT_TRUE(near(hit.to, {0.697, 0, 0.3485}, 1e-12));
  EXPECT_TRUE(near(hit.contact.hit.normal, {-1, 0, 0}));
  EXPECT_TRUE(near(hit.next, {0, 0, 0.6515}, 1e-12));
  // Then along the wall, meeting nothing, to z = 1.
  const SlideStep& along = trace.steps[1];
  EXPECT_EQ(along.part, int(SlidePart::Walk));
  EXPECT_FALSE(along.met);
  EXPECT_TRUE(near(along.to, {0.697, 0, 1}, 1e-12));
  EXPECT_TRUE(near(along.next, {0, 0, 0}, 0));
  // Then the look for the ground, which finds the floor a skin below, and does not move it.
  const SlideStep& ground = trace.steps[2];
  EXPECT_EQ(ground.part, int(SlidePart::Ground));
  EXPECT_TRUE(ground.met);
  EXPECT_TRUE(near(ground.contact.hit.normal, {0, 1, 0}));
  EXPECT_TRUE(near(ground.from, ground.to, 0));
  expectChained(trace, move);
}

TEST(SlideTrace, AStepIsTheWalkBlockedByTheRiserThenTheStepOntoTheTread) {
  const MeshData level = stairs(0.2, 0.5, 4);
  auto mesh = build(level);
  CollisionWorld world;
  ASSERT_TRUE(world.add(mesh.get()));
  CharacterOptions o = options();
  o.stepHeight = 0.25;
  SlideTrace trace;
  // A box (flat sides, so the riser's face is what it meets) whose front face is 0.25 before the first riser (x = 2),
  // its bottom a skin above the floor: walking 0.4 stops a skin short of the riser, 0.15 and a skin left to spend.
  const Aabb box{{1.25, kSkin, -0.25}, {1.75, kSkin + 1, 0.25}};
  const CharacterMove move = moveAndSlide(box, {0.4, 0, 0}, world, o, &trace);
  ASSERT_GE(trace.count, 2);
  EXPECT_EQ(trace.steps[0].part, int(SlidePart::Walk));
  EXPECT_TRUE(trace.steps[0].met);
  EXPECT_TRUE(near(trace.steps[0].contact.hit.normal, {-1, 0, 0}));
  EXPECT_NEAR(trace.steps[0].to.x, 0.25 - kSkin, 1e-12);
  EXPECT_TRUE(near(trace.steps[0].next, {0.15 + kSkin, 0, 0}, 1e-12));  // what the step is to spend
  const SlideStep& step = trace.steps[1];
  EXPECT_EQ(step.part, int(SlidePart::Step));
  EXPECT_TRUE(step.met);
  EXPECT_TRUE(near(step.contact.hit.normal, {0, 1, 0}));
  EXPECT_NEAR(step.to.y - step.from.y, double(0.2f), 1e-12);  // lifted 0.25, across, dropped onto the tread (floats)
  EXPECT_NEAR(step.to.x, 0.4, 1e-12);  // and across no further than asked
  EXPECT_TRUE(move.grounded);
  expectChained(trace, move);
}

TEST(SlideTrace, AFallEndsOnTheGroundItLandsOn) {
  Level level;
  level.floor(0, -4, 4, -4, 4, 1);
  auto mesh = build(level.data);
  CollisionWorld world;
  ASSERT_TRUE(world.add(mesh.get()));
  SlideTrace trace;
  const CharacterMove move = moveAndSlide(character({0, 1, 0}), {0, -3, 0}, world, options(), &trace);
  ASSERT_EQ(trace.count, 1);
  EXPECT_EQ(trace.steps[0].part, int(SlidePart::Fall));
  EXPECT_TRUE(trace.steps[0].met);
  EXPECT_NEAR(trace.steps[0].to.y, -1 + kSkin, 1e-12);  // the feet a skin above the floor
  EXPECT_TRUE(near(trace.steps[0].next, {0, 0, 0}, 0));
  EXPECT_TRUE(move.grounded);
  expectChained(trace, move);
}

// Random moves through a corner, stairs and a crease, with up to 32 iterations: the move is bit for bit the one made
// without a trace, the trace chains and stays within its room. Red if a sweep goes unrecorded.
TEST(SlideTrace, ChangesNothingAndChainsEveryMove) {
  Level level;
  level.floor(0, -4, 4, -4, 4, 1);
  level.quad({1, 0, -4}, {1, 3, -4}, {1, 3, 4}, {1, 0, 4});
  level.quad({-4, 0, 1}, {4, 0, 1}, {4, 3, 1}, {-4, 3, 1});
  level.quad({-4, 0, -2}, {-4, 0.3, -2}, {1, 0.3, -2}, {1, 0, -2});  // a riser facing +z... and its tread
  level.quad({-4, 0.3, -2}, {-4, 0.3, -4}, {1, 0.3, -4}, {1, 0.3, -2});
  auto mesh = build(level.data);
  CollisionWorld world;
  ASSERT_TRUE(world.add(mesh.get()));
  Random random(41);
  for (int run = 0; run < cases(300); ++run) {
    CharacterOptions o = options();
    o.maxIterations = 1 + run % CharacterMove::kMaxIterations;
    o.stepHeight = run % 2 == 0 ? 0.35 : 0;
    o.snapToGround = run % 3 == 0 ? 0.3 : 0;
    const double lift = run % 4 < 2 ? 0 : random.uniform(0, 0.5);  // on the floor (so it may step), or above it
    const Capsule c = character({random.uniform(-3, 0.6), kSkin + lift, random.uniform(-1.5, 0.6)});
    if (meetsLevel(c, level.data)) continue;
    const Vec3 motion{random.uniform(-3, 3), random.uniform(-2, 1), random.uniform(-3, 3)};
    SlideTrace trace;
    const CharacterMove traced = moveAndSlide(c, motion, world, o, &trace);
    const CharacterMove plain = moveAndSlide(c, motion, world, o);
    ASSERT_TRUE(near(traced.translation, plain.translation, 0)) << "run " << run;
    ASSERT_EQ(traced.grounded, plain.grounded);
    ASSERT_EQ(traced.contactCount, plain.contactCount);
    ASSERT_LE(trace.count, SlideTrace::kMaxSteps);
    if (trace.count == 0) {
      EXPECT_TRUE(near(traced.translation, {0, 0, 0}, 0));
      continue;
    }
    expectChained(trace, traced);
  }
}

}  // namespace
}  // namespace c3d::testing
