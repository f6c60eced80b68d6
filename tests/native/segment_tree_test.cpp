// SegmentTree against brute force: for random point clouds, line strips and segment pairs (indexed or not), the
// primitives within a radius of random rays, lines and segments, measured by an independent reference (in long
// double: a point's distance to the caster in closed form, a segment's by ternary search along it of that convex
// distance). Every primitive within the radius must be found, and none beyond it by more than the tolerance
// segment_tree.h states; nearly parallel segments and degenerate inputs included.
#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <utility>
#include <vector>

#include "collide3d/mesh/segment_tree.h"
#include "test_support.h"

namespace c3d {
namespace {

using testing::Random;
using Real = long double;

struct Data {
  std::vector<float> positions;
  std::vector<uint32_t> index;  // empty: not indexed
  SegmentKind kind = SegmentKind::Points;

  size_t length() const { return index.empty() ? positions.size() / 3 : index.size(); }
  uint32_t vertexAt(size_t k) const { return index.empty() ? uint32_t(k) : index[k]; }
  Vec3 vertex(size_t k) const {
    const float* p = &positions[3 * size_t{vertexAt(k)}];
    return {p[0], p[1], p[2]};
  }
  // Primitive i's ends (equal for a point), by the definition of SegmentKind.
  std::pair<Vec3, Vec3> ends(size_t i) const {
    switch (kind) {
      case SegmentKind::Points: return {vertex(i), vertex(i)};
      case SegmentKind::Strip: return {vertex(i), vertex(i + 1)};
      default: return {vertex(2 * i), vertex(2 * i + 1)};
    }
  }
};

std::unique_ptr<SegmentTree> build(const Data& data) {
  auto tree = std::make_unique<SegmentTree>();
  EXPECT_TRUE(tree->allocate(data.positions.size() / 3, data.length(), !data.index.empty()));
  std::copy(data.positions.begin(), data.positions.end(), tree->positions());
  std::copy(data.index.begin(), data.index.end(), tree->sequence());
  EXPECT_EQ(tree->firstBadVertex(), -1);
  EXPECT_TRUE(tree->build(data.kind));
  EXPECT_EQ(tree->size(), SegmentTree::primitiveCount(data.kind, data.length()));
  return tree;
}

struct RealVec {
  Real x, y, z;
};
RealVec real(Vec3 v) { return {v.x, v.y, v.z}; }
RealVec operator-(RealVec a, RealVec b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
RealVec operator+(RealVec a, RealVec b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
RealVec operator*(Real s, RealVec a) { return {s * a.x, s * a.y, s * a.z}; }
Real dot(RealVec a, RealVec b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

// The distance from p to the caster's points with t in [caster.tMin, hi].
Real toCaster(const Caster& caster, Real hi, RealVec p) {
  const RealVec o = real(caster.origin), d = real(caster.direction);
  const Real dd = dot(d, d);
  Real t = dd > 0 ? dot(p - o, d) / dd : 0;
  t = std::clamp<Real>(t, caster.tMin, hi);
  const RealVec gap = o + t * d - p;
  return std::sqrt(dot(gap, gap));
}

Real reference(const Caster& caster, Real hi, Vec3 a, Vec3 b) {
  const RealVec ra = real(a), e = real(b) - real(a);
  if (a == b) return toCaster(caster, hi, ra);
  Real lo = 0, up = 1;
  for (int step = 0; step < 110; ++step) {  // (2/3)^110 < 1e-19
    const Real m1 = lo + (up - lo) / 3, m2 = up - (up - lo) / 3;
    if (toCaster(caster, hi, ra + m1 * e) <= toCaster(caster, hi, ra + m2 * e)) {
      up = m2;
    } else {
      lo = m1;
    }
  }
  return std::min({toCaster(caster, hi, ra), toCaster(caster, hi, ra + e), toCaster(caster, hi, ra + lo * e)});
}

// Checks the tree's answer for one caster against the reference, primitive by primitive.
void expectNear(const Data& data, const SegmentTree& tree, const Caster& caster, double hi, double radius) {
  std::vector<uint32_t> found;
  ASSERT_TRUE(tree.near(caster, hi, radius, found));
  ASSERT_TRUE(std::is_sorted(found.begin(), found.end()));
  ASSERT_TRUE(std::adjacent_find(found.begin(), found.end()) == found.end());
  double extent = std::max({std::fabs(caster.origin.x), std::fabs(caster.origin.y), std::fabs(caster.origin.z)});
  for (float x : data.positions) extent = std::max(extent, double(std::fabs(x)));
  const Real allowed = radius + 1.01 * SegmentTree::kTolerance * (extent + radius) + 1e-300;
  size_t next = 0;
  for (size_t i = 0; i < tree.size(); ++i) {
    const auto [a, b] = data.ends(i);
    const Real distance = reference(caster, hi, a, b);
    const bool isFound = next < found.size() && found[next] == i;
    next += isFound;
    if (distance <= radius) {
      EXPECT_TRUE(isFound) << "primitive " << i << " at " << double(distance) << " <= " << radius;
    }
    if (isFound) {
      EXPECT_LE(distance, allowed) << "primitive " << i << " found beyond the radius " << radius;
    }
  }
  EXPECT_EQ(next, found.size());
}

Vec3 unit(Vec3 v) { return (1 / length(v)) * v; }

Caster randomCaster(Random& random, double spread) {
  const Vec3 origin = random.vector(-spread, spread), other = random.vector(-spread, spread);
  switch (random.integer(0, 2)) {
    case 0: return toCaster(Ray{origin, other - origin});
    case 1: return toCaster(Line{origin, other - origin});
    default: return toCaster(Segment{origin, other});
  }
}

double randomHi(Random& random, const Caster& caster) {
  if (caster.hasEnd) return 1;
  return random.integer(0, 1) ? kInfinity : random.uniform(0, 2);
}

constexpr double kRadii[] = {0, 0.05, 0.4, 3};

void randomPositions(Random& random, Data& data, int vertices) {
  for (int v = 0; v < vertices; ++v) {
    const Vec3 p = random.integer(0, 3) == 0 ? random.vector(-1, 1) : random.vector(-8, 8);
    data.positions.insert(data.positions.end(), {float(p.x), float(p.y), float(p.z)});
  }
}

TEST(SegmentTree, PointCloudsMatchBruteForce) {
  Random random(61);
  for (int round = 0; round < testing::cases(12); ++round) {
    Data data;
    randomPositions(random, data, random.integer(1, 600));
    if (round % 2) {
      for (int k = 0; k < 400; ++k) data.index.push_back(uint32_t(random.integer(0, int(data.positions.size() / 3) - 1)));
    }
    const auto tree = build(data);
    for (int c = 0; c < 40; ++c) {
      const Caster caster = randomCaster(random, 10);
      expectNear(data, *tree, caster, randomHi(random, caster), kRadii[c % 4]);
    }
  }
}

TEST(SegmentTree, StripsAndPairsMatchBruteForce) {
  Random random(62);
  for (int round = 0; round < testing::cases(16); ++round) {
    Data data;
    data.kind = round % 2 ? SegmentKind::Strip : SegmentKind::Pairs;
    randomPositions(random, data, random.integer(0, 300));
    if (round % 4 >= 2 && !data.positions.empty()) {
      for (int k = 0; k < 301; ++k) data.index.push_back(uint32_t(random.integer(0, int(data.positions.size() / 3) - 1)));
    }
    const auto tree = build(data);
    for (int c = 0; c < 20; ++c) {
      const Caster caster = randomCaster(random, 10);
      expectNear(data, *tree, caster, randomHi(random, caster), kRadii[c % 4]);
    }
  }
}

// Segments almost parallel to the caster (angles down to 1e-12), at a distance near the radius, overlapping the
// caster's range or beyond either end of it: where the line's distance and the ends' trade places.
TEST(SegmentTree, NearlyParallelSegmentsMatchBruteForce) {
  Random random(63);
  for (int round = 0; round < testing::cases(40); ++round) {
    const Caster caster = randomCaster(random, 4);
    const double hi = randomHi(random, caster);
    const double radius = kRadii[1 + round % 3];
    const Vec3 d = caster.direction;
    const Vec3 side = unit(cross(d, random.vector(-1, 1)));
    Data data;
    data.kind = SegmentKind::Pairs;
    for (int s = 0; s < 60; ++s) {
      const double tilt = std::pow(10.0, -random.uniform(1, 12));
      const Vec3 slope = d + tilt * length(d) * unit(cross(d, random.vector(-1, 1)));
      const double at = random.uniform(-1, 2), span = random.uniform(0.1, 1.5);
      const Vec3 a = caster.origin + at * d + radius * random.uniform(0.9, 1.1) * side;
      const Vec3 b = a + span * slope;
      data.positions.insert(data.positions.end(), {float(a.x), float(a.y), float(a.z), float(b.x), float(b.y), float(b.z)});
    }
    const auto tree = build(data);
    expectNear(data, *tree, caster, hi, radius);
  }
}

TEST(SegmentTree, PrimitiveNumbersFollowTheKind) {
  // Four vertices on the x axis at 0, 10, 20, 30; a ray along y through x = 10 within 1.
  const Data base{{0, 0, 0, 10, 0, 0, 20, 0, 0, 30, 0, 0}, {}, SegmentKind::Points};
  const Caster ray = toCaster(Ray{{10.5, -5, 0}, {0, 1, 0}});
  auto idsOf = [&](Data data) {
    const auto tree = build(data);
    std::vector<uint32_t> found;
    EXPECT_TRUE(tree->near(ray, kInfinity, 1, found));
    return found;
  };
  EXPECT_EQ(idsOf(base), (std::vector<uint32_t>{1}));
  Data strip = base;
  strip.kind = SegmentKind::Strip;  // segments 0-10, 10-20, 20-30
  EXPECT_EQ(idsOf(strip), (std::vector<uint32_t>{0, 1}));
  Data pairs = base;
  pairs.kind = SegmentKind::Pairs;  // segments 0-10, 20-30
  EXPECT_EQ(idsOf(pairs), (std::vector<uint32_t>{0}));
  Data indexed = pairs;
  indexed.index = {3, 2, 1, 2, 0};  // segments 30-20, 10-20; the odd last vertex unused
  EXPECT_EQ(idsOf(indexed), (std::vector<uint32_t>{1}));
  // A maxDistance that stops short of the points.
  const auto tree = build(base);
  std::vector<uint32_t> found;
  EXPECT_TRUE(tree->near(ray, 3.9, 1, found));
  EXPECT_TRUE(found.empty());
  EXPECT_TRUE(tree->near(ray, 4.5, 1, found));
  EXPECT_EQ(found, (std::vector<uint32_t>{1}));
}

TEST(SegmentTree, DegenerateInputs) {
  Random random(64);
  // No primitives: no vertices, one vertex of a strip, one vertex of pairs.
  for (const SegmentKind kind : {SegmentKind::Points, SegmentKind::Strip, SegmentKind::Pairs}) {
    Data data{{}, {}, kind};
    if (kind != SegmentKind::Points) data.positions = {1, 2, 3};
    const auto tree = build(data);
    EXPECT_EQ(tree->size(), 0u);
    std::vector<uint32_t> found;
    EXPECT_TRUE(tree->near(toCaster(Ray{{0, 0, 0}, {1, 0, 0}}), kInfinity, 1e30, found));
    EXPECT_TRUE(found.empty());
  }
  // Zero-length segments and casters, and every vertex in one place.
  Data data{{}, {}, SegmentKind::Strip};
  for (int k = 0; k < 50; ++k) data.positions.insert(data.positions.end(), {1, 1, 1});
  const auto tree = build(data);
  for (int c = 0; c < 20; ++c) {
    const Vec3 p = random.vector(0, 2);
    expectNear(data, *tree, toCaster(Segment{p, p}), 1, kRadii[c % 4]);
    expectNear(data, *tree, toCaster(Ray{p, random.vector(-1, 1)}), kInfinity, kRadii[c % 4]);
  }
}

TEST(SegmentTree, VertexNumbersBeyondTheVerticesAreFound) {
  SegmentTree tree;
  ASSERT_TRUE(tree.allocate(2, 4, true));
  const uint32_t sequence[] = {0, 1, 1, 2};
  std::copy(sequence, sequence + 4, tree.sequence());
  EXPECT_EQ(tree.firstBadVertex(), 3);
  SegmentTree unindexed;
  ASSERT_TRUE(unindexed.allocate(2, 3, false));
  EXPECT_EQ(unindexed.firstBadVertex(), 2);
}

}  // namespace
}  // namespace c3d
