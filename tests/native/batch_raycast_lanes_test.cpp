// batch/raycast_lanes.h: the SIMD fast paths of the batch raycast against triangles, spheres, planes and AABBs
// give, pair by pair, the single query's t bit for bit, for rays, lines and segments, float and double items,
// one-item sides, every option; on random pairs (the filter settles nearly all), on casters through the shared edges
// and vertices of an integer grid (the filter can settle none of those hits), through boxes' corners, edges and
// faces, grazing a sphere or nearly parallel to a plane up to rounding, and on coordinates so small or large that
// float products underflow or overflow.
#include <cmath>
#include <cstring>
#include <vector>

#include "collide3d/batch/raycast_lanes.h"
#include "test_support.h"

namespace c3d {
namespace {

using testing::Random;

// Pairs as encoded numbers: casters (origin, then direction or end) and targets (triangles a, b, c; spheres
// center, radius; planes normal, constant).
struct Pairs {
  ShapeType caster;
  std::vector<double> casters, triangles;
  ShapeType target = ShapeType::Triangle;
};

template <class T>
std::vector<T> as(const std::vector<double>& numbers) {
  return std::vector<T>(numbers.begin(), numbers.end());
}

// The exact query as the batch calls it, counting the pairs the lanes leave to it.
struct ExactCalls {
  static inline RaycastFn query = nullptr;
  static inline int count = 0;
  static std::optional<RaycastHit> cast(const double* caster, const double* target, const RaycastOptions& options) {
    ++count;
    return query(caster, target, options);
  }
};

// The batch fast path against one exact single query per pair, with items stored as TA / TB.
template <class TA, class TB>
void expectSameAsSingleQueries(const Pairs& pairs, const RaycastOptions& options, int& hits) {
  const std::vector<TA> a = as<TA>(pairs.casters);
  const std::vector<TB> b = as<TB>(pairs.triangles);
  const EncodedItems casters{pairs.caster, a.data(), sizeof(TA) == 8, a.size() / 6, 6};
  const int size = encodedSize(pairs.target);
  const EncodedItems triangles{pairs.target, b.data(), sizeof(TB) == 8, b.size() / size, size};
  const size_t count = std::max(casters.count, triangles.count);
  const RaycastFn cast = raycastTable().at(pairs.caster, pairs.target);
  std::vector<double> t(count, -1.0);
  ExactCalls::query = cast;
  const int found = raycastByLanes(casters, triangles, count, options, &ExactCalls::cast, t.data());
  int expectedHits = 0;
  forEachPair(casters, triangles, count, [&](size_t i, const double* p, const double* q) {
    const auto hit = cast(p, q, options);
    const double expected = hit ? hit->t + 0.0 : kInfinity;
    expectedHits += hit.has_value();
    ASSERT_EQ(std::memcmp(&t[i], &expected, sizeof(double)), 0) << "pair " << i << ": " << t[i] << " vs " << expected;
  });
  EXPECT_EQ(found, expectedHits);
  hits += found;
}

// Each storage combination, with and without culling and a maxDistance (and solid or not).
void expectAllFormsAgree(const Pairs& pairs, int& hits) {
  for (const bool culling : {false, true}) {
    for (const double maxDistance : {kInfinity, 3.0}) {
      RaycastOptions options;
      options.backfaceCulling = culling;
      options.maxDistance = maxDistance;
      options.solid = !culling;
      expectSameAsSingleQueries<float, float>(pairs, options, hits);
      expectSameAsSingleQueries<float, double>(pairs, options, hits);
      expectSameAsSingleQueries<double, float>(pairs, options, hits);
      expectSameAsSingleQueries<double, double>(pairs, options, hits);
    }
  }
}

// As expectAllFormsAgree, and the lanes settle all but `exactShare` of the pairs, hits included.
void expectLanesSettleMost(const Pairs& pairs, double exactShare, int& hits) {
  ExactCalls::count = 0;
  const int before = hits;
  expectAllFormsAgree(pairs, hits);
  const double pairsRun = 16.0 * (pairs.casters.size() / 6);  // 16 forms
  EXPECT_GT(hits - before, pairsRun / 16) << "hits run too: " << hits - before << " of " << pairsRun;
  EXPECT_LT(ExactCalls::count, exactShare * pairsRun) << ExactCalls::count << " of " << pairsRun << " pairs exact";
}

// Numbers that float holds exactly, so every storage form poses the same pairs.
double toFloat(double x) { return static_cast<float>(x); }

void pushCaster(Pairs& pairs, Vec3 origin, Vec3 towards, double length) {
  const Vec3 p = pairs.caster == ShapeType::Segment ? origin + (towards - origin) * length : towards - origin;
  for (const double x : {origin.x, origin.y, origin.z, p.x, p.y, p.z}) pairs.casters.push_back(toFloat(x));
}

void pushTriangle(Pairs& pairs, Vec3 a, Vec3 b, Vec3 c) {
  for (const Vec3 v : {a, b, c}) {
    for (const double x : {v.x, v.y, v.z}) pairs.triangles.push_back(toFloat(x));
  }
}

void pushNumbers(Pairs& pairs, std::initializer_list<double> numbers) {
  for (const double x : numbers) pairs.triangles.push_back(toFloat(x));
}

constexpr ShapeType kCasters[] = {ShapeType::Ray, ShapeType::Line, ShapeType::Segment};

// A unit vector perpendicular to u (u non-zero).
Vec3 perpendicular(Random& random, Vec3 u) {
  Vec3 n = cross(u, random.vector(-1, 1));
  if (isZero(n)) n = cross(u, Vec3{1, 0, 0});
  return n * (1 / std::sqrt(dot(n, n)));
}

// Every sign the lanes claim to prove is the exact sign (exact::filteredValues gives exact signs), for Möller–
// Trumbore's determinants, on inputs of every exponent the lane type holds (subnormals, ±0, values whose products
// overflow), of mixed scales within one pair, and on casters aimed at a triangle's edge.
template <class V>
void expectProvenSignsExact(Random& random, int exponentLow, int exponentHigh, int& proven) {
  using E = exact::LaneElement<V>;
  constexpr size_t kCount = lanes::kLanes<V>;
  for (int round = 0; round < testing::cases(4000); ++round) {
    E numbers[15][kCount];
    const int scale = random.integer(exponentLow, exponentHigh);
    for (size_t lane = 0; lane < kCount; ++lane) {
      const int mode = random.integer(0, 2);
      for (int k = 0; k < 15; ++k) {
        const int exponent = mode == 0 ? random.integer(exponentLow, exponentHigh) : scale;  // mixed, or one scale
        double x = std::ldexp(random.uniform(-1, 1), exponent);
        if (random.integer(0, 19) == 0) x = random.integer(0, 1) ? 0.0 : -0.0;
        numbers[k][lane] = static_cast<E>(x);
      }
      if (mode == 2) {  // aimed at a point of edge ab: direction = a + w (b - a) - origin, rounded
        const double w = random.uniform(0, 1);
        for (int c = 0; c < 3; ++c) {
          const double a = numbers[6 + c][lane], b = numbers[9 + c][lane];
          numbers[3 + c][lane] = static_cast<E>(a + w * (b - a) - double(numbers[c][lane]));
        }
      }
    }
    auto field = [&](int k) {
      V v{};
      for (size_t lane = 0; lane < kCount; ++lane) v[lane] = numbers[k][lane];
      return v;
    };
    auto vec = [&](int k) { return exact::V3<V>{field(k), field(k + 1), field(k + 2)}; };
    const auto m = exact::filteredLanes<V>(moller_trumbore::kDeterminants<false, false>, vec(0), vec(3), V{}, vec(6),
                                           vec(9), vec(12));
    for (size_t lane = 0; lane < kCount; ++lane) {
      auto at = [&](int k) { return Vec3{double(numbers[k][lane]), double(numbers[k + 1][lane]), double(numbers[k + 2][lane])}; };
      const auto exact = exact::filteredValues(moller_trumbore::kDeterminants<false, false>, at(0), at(3), 0.0, at(6),
                                               at(9), at(12));
      for (size_t k = 0; k < exact.size(); ++k) {
        if (m[k].positive()[lane] != 0) {
          ASSERT_GT(exact[k], 0) << "round " << round << " value " << k;
        }
        if (m[k].negative()[lane] != 0) {
          ASSERT_LT(exact[k], 0) << "round " << round << " value " << k;
        }
        proven += (m[k].positive()[lane] | m[k].negative()[lane]) != 0;
      }
    }
  }
}

TEST(BatchRaycastTriangles, EveryProvenSignIsTheExactSign) {
  Random random(77);
  int proven = 0;
  expectProvenSignsExact<simd::f32x4>(random, -150, 127, proven);  // float: subnormals to near FLT_MAX
  expectProvenSignsExact<simd::f64x2>(random, -1074, 1023, proven);
  EXPECT_GT(proven, testing::cases(4000) * 4);
}

TEST(BatchRaycastTriangles, RandomPairsMatchTheSingleQuery) {
  Random random(71);
  for (const ShapeType caster : kCasters) {
    Pairs pairs{caster, {}, {}};
    const int count = testing::cases(4003);  // not a multiple of the lanes: the tail runs too
    for (int i = 0; i < count; ++i) {
      const Vec3 centre = random.vector(-5, 5);
      const double size = std::pow(10.0, random.uniform(-2, 0.5));
      const Vec3 a = centre + random.vector(-size, size), b = centre + random.vector(-size, size),
                 c = centre + random.vector(-size, size);
      pushTriangle(pairs, a, b, c);
      // A third aimed at a point of the triangle's plane near it (weights a little beyond [0, 1]), so that hits and
      // near misses are common; a third at a point of an edge, which rounding to float moves off it by about an
      // ulp: the determinants are then tiny, where only a correct error bound tells what the filter may prove.
      const double u = random.uniform(-0.1, 1), v = random.uniform(-0.1, 1 - u), w = random.uniform(0, 1);
      const Vec3 corners[] = {a, b, c};
      const int edge = random.integer(0, 2);
      const Vec3 onEdge = corners[edge] + (corners[(edge + 1) % 3] - corners[edge]) * w;
      const int aim = random.integer(0, 2);
      const Vec3 towards = aim == 0 ? a + (b - a) * u + (c - a) * v : aim == 1 ? onEdge : random.vector(-5, 5);
      pushCaster(pairs, random.vector(-8, 8), towards, random.uniform(0.3, 1.5));
    }
    int hits = 0;
    expectAllFormsAgree(pairs, hits);
    EXPECT_GT(hits, count);  // hits and misses both run
  }
}

TEST(BatchRaycastSpheres, RandomAndGrazingCastersMatchTheSingleQuery) {
  // A third grazing the sphere (aimed along a tangent through a point of its surface, which rounding moves by about
  // an ulp: the discriminant is then tiny), a third starting inside or on it, a third anywhere.
  Random random(75);
  for (const ShapeType caster : kCasters) {
    Pairs pairs{caster, {}, {}, ShapeType::Sphere};
    const int count = testing::cases(4003);
    for (int i = 0; i < count; ++i) {
      const Vec3 centre = random.vector(-5, 5);
      const double radius = std::pow(10.0, random.uniform(-2, 0.5)) * (i % 50 == 0 ? 0 : 1);
      pushNumbers(pairs, {centre.x, centre.y, centre.z, radius});
      const Vec3 d = random.vector(-1, 1);
      const int aim = random.integer(0, 2);
      if (aim == 0) {
        const Vec3 touch = centre + perpendicular(random, d) * radius;
        pushCaster(pairs, touch - d * random.uniform(0.5, 3), touch, random.uniform(0.3, 1.5));
      } else if (aim == 1) {
        const Vec3 origin = centre + random.vector(-radius, radius);
        pushCaster(pairs, origin, origin + d, random.uniform(0.3, 1.5));
      } else {
        pushCaster(pairs, random.vector(-8, 8), random.vector(-5, 5), random.uniform(0.3, 1.5));
      }
    }
    int hits = 0;
    expectAllFormsAgree(pairs, hits);
    EXPECT_GT(hits, count);
  }
}

TEST(BatchRaycastPlanes, RandomAndNearlyParallelCastersMatchTheSingleQuery) {
  // A third from a point of the plane (off it by about an ulp after rounding), a third nearly parallel to it, a
  // third anywhere; some planes integer, with casters from integer points.
  Random random(76);
  for (const ShapeType caster : kCasters) {
    Pairs pairs{caster, {}, {}, ShapeType::Plane};
    const int count = testing::cases(4003);
    for (int i = 0; i < count; ++i) {
      const bool integer = i % 4 == 0;
      const Vec3 n = integer ? random.integerVector(-2, 2) + Vec3{0, 0.5, 0} : random.vector(-1, 1);
      const Vec3 on = integer ? random.integerVector(-3, 3) : random.vector(-5, 5);
      pushNumbers(pairs, {n.x, n.y, n.z, -dot(n, on)});
      const Vec3 along = perpendicular(random, n);
      const int aim = random.integer(0, 2);
      if (aim == 0) {
        pushCaster(pairs, on + along * random.uniform(-2, 2), on + random.vector(-3, 3), random.uniform(0.3, 1.5));
      } else if (aim == 1) {
        const Vec3 origin = on + random.vector(-1, 1);
        pushCaster(pairs, origin, origin + along + n * random.uniform(-1e-6, 1e-6), random.uniform(0.3, 1.5));
      } else {
        pushCaster(pairs, integer ? random.integerVector(-5, 5) : random.vector(-8, 8), on + random.vector(-3, 3),
                   random.uniform(0.3, 1.5));
      }
    }
    int hits = 0;
    expectAllFormsAgree(pairs, hits);
    EXPECT_GT(hits, count);
  }
}

TEST(BatchRaycastBoxes, CastersThroughCornersEdgesAndFacesMatchTheSingleQuery) {
  // Integer boxes and casters from integer points aimed at a corner, an edge's midpoint or a face's centre (hits on
  // the boundary, where entry equals exit), running along a face (a zero direction component), or anywhere; and
  // random boxes with casters aimed near a corner, off it by rounding.
  Random random(78);
  for (const ShapeType caster : kCasters) {
    Pairs pairs{caster, {}, {}, ShapeType::Aabb};
    const int count = testing::cases(4003);
    for (int i = 0; i < count; ++i) {
      const bool integer = i % 2 == 0;
      const Vec3 lo = integer ? random.integerVector(-3, 2) : random.vector(-3, 2);
      const Vec3 hi = lo + (integer ? random.integerVector(0, 2) : random.vector(0, 2));
      pushNumbers(pairs, {lo.x, lo.y, lo.z, hi.x, hi.y, hi.z});
      const Vec3 corner{random.integer(0, 1) ? lo.x : hi.x, random.integer(0, 1) ? lo.y : hi.y,
                        random.integer(0, 1) ? lo.z : hi.z};
      const Vec3 targets[] = {corner, (corner + lo) * 0.5, (lo + hi) * 0.5, random.vector(-4, 4)};
      const Vec3 origin = integer ? random.integerVector(-5, 5) : random.vector(-6, 6);
      Vec3 towards = targets[random.integer(0, 3)];
      if (random.integer(0, 7) == 0) towards.z = origin.z;  // along a face's plane
      pushCaster(pairs, origin, towards, random.integer(0, 1) ? 1.0 : random.uniform(0.3, 1.5));
    }
    int hits = 0;
    expectAllFormsAgree(pairs, hits);
    EXPECT_GT(hits, count);
  }
}

TEST(BatchRaycastBoxes, CornersAtTinyAndHugeParametersMatchTheSingleQuery) {
  // Rays and lines aimed at a corner of an integer box (where a caster that grazes it enters as it leaves), the box and
  // origin scaled by 2^-110 or 2^40 and the direction stretched (every number a normal float): the slab parameters
  // fall among float's subnormals (2.5 units of the least, each axis's off by its direction's rounding, so that the
  // rounded entry and exit land a unit apart either way), underflow (2^-230) or overflow (2^160) in float lanes; the
  // lanes must prove nothing wrong there, pair by pair against the exact query. Also unscaled, as a control.
  Random random(80);
  for (const auto& [scale, stretch] : {std::pair{0x1p-110, 0x1p149 / 2.5}, std::pair{0x1p-110, 0x1p230},
                                       std::pair{0x1p40, 0x1p-160}, std::pair{1.0, 1.0}}) {
    for (const ShapeType caster : {ShapeType::Ray, ShapeType::Line}) {
      Pairs pairs{caster, {}, {}, ShapeType::Aabb};
      for (int i = 0; i < testing::cases(1001); ++i) {
        const Vec3 lo = random.integerVector(-3, 2), hi = lo + random.integerVector(1, 2);
        pushNumbers(pairs, {lo.x * scale, lo.y * scale, lo.z * scale, hi.x * scale, hi.y * scale, hi.z * scale});
        const Vec3 corner{random.integer(0, 1) ? lo.x : hi.x, random.integer(0, 1) ? lo.y : hi.y,
                          random.integer(0, 1) ? lo.z : hi.z};
        const Vec3 origin = random.integerVector(-6, 6), d = (corner - origin) * (scale * stretch);
        for (const double x : {origin.x * scale, origin.y * scale, origin.z * scale, d.x, d.y, d.z}) {
          pairs.casters.push_back(toFloat(x));
        }
      }
      SCOPED_TRACE(::testing::Message() << "scale " << scale << ", caster " << int(caster));
      int hits = 0;
      expectAllFormsAgree(pairs, hits);
      EXPECT_GT(hits, 0);
    }
  }
}

TEST(BatchRaycastTriangles, CastersThroughSharedEdgesAndVerticesMatchTheSingleQuery) {
  // Unit squares of an integer height field, two triangles each, and casters from integer points aimed at a vertex
  // or an edge's midpoint: each hit lies on an edge or a vertex, where the float filter proves nothing.
  Random random(72);
  for (const ShapeType caster : kCasters) {
    Pairs pairs{caster, {}, {}};
    const int count = testing::cases(2001);
    for (int i = 0; i < count; ++i) {
      const Vec3 a{0, 0, double(random.integer(-2, 2))}, b{1, 0, double(random.integer(-2, 2))},
          c{1, 1, double(random.integer(-2, 2))};
      if (random.integer(0, 1) == 0) {
        pushTriangle(pairs, a, b, c);
      } else {
        pushTriangle(pairs, a, c, b);
      }
      const Vec3 targets[] = {a, b, c, (a + b) * 0.5, (b + c) * 0.5, (a + c) * 0.5};
      const Vec3 origin{double(random.integer(-3, 3)), double(random.integer(-3, 3)), double(random.integer(3, 6))};
      pushCaster(pairs, origin, targets[random.integer(0, 5)], random.integer(0, 1) == 0 ? 1.0 : 2.0);
    }
    int hits = 0;
    expectAllFormsAgree(pairs, hits);
    EXPECT_GT(hits, count);
  }
}

TEST(BatchRaycastTriangles, OneItemSidesPairWithEveryItem) {
  Random random(73);
  Pairs manyRays{ShapeType::Ray, {}, {}}, manyTriangles{ShapeType::Ray, {}, {}};
  pushTriangle(manyRays, {-1, -1, 0}, {2, -1, 0}, {-1, 2, 0});
  pushCaster(manyTriangles, {0.25, 0.25, 5}, {0.25, 0.25, 0}, 1);
  const auto flat = [](Vec3 v) { return Vec3{v.x, v.y, 0}; };
  for (int i = 0; i < 103; ++i) {
    pushCaster(manyRays, random.vector(-2, 2) + Vec3{0, 0, 4}, flat(random.vector(-2, 2)), 1);
    const Vec3 centre = flat(random.vector(-1, 1));
    pushTriangle(manyTriangles, centre + random.vector(-1, 1), centre + random.vector(-1, 1), centre + random.vector(-1, 1));
  }
  int hits = 0;
  expectAllFormsAgree(manyRays, hits);
  expectAllFormsAgree(manyTriangles, hits);
  EXPECT_GT(hits, 103);
}

TEST(BatchRaycastTriangles, TinyAndHugeCoordinatesMatchTheSingleQuery) {
  // Scaled by 2^-40 to 2^-46 float products land among the subnormal numbers (the determinants are cubic), by
  // 2^-60 they underflow to 0; by 2^45 and 2^60 (still finite floats) they overflow. Casters aim at points of an
  // edge, so the determinants are tiny: the filter must prove nothing wrong, pair by pair against the exact query.
  Random random(74);
  for (const double scale : {0x1p-60, 0x1p-46, 0x1p-44, 0x1p-42, 0x1p-40, 0x1p45, 0x1p60}) {
    Pairs pairs{ShapeType::Ray, {}, {}};
    for (int i = 0; i < testing::cases(801); ++i) {
      const Vec3 centre = random.vector(-1, 1);
      const Vec3 a = centre + random.vector(-1, 1), b = centre + random.vector(-1, 1);
      pushTriangle(pairs, a * scale, b * scale, (centre + random.vector(-1, 1)) * scale);
      pushCaster(pairs, random.vector(-3, 3) * scale, (a + (b - a) * random.uniform(0, 1)) * scale, 1);
    }
    int hits = 0;
    expectAllFormsAgree(pairs, hits);
    EXPECT_GT(hits, 0) << "scale " << scale;
  }
}

TEST(BatchRaycastLanes, SettleNearlyEveryPairOfATypicalBatchHitsIncluded) {
  // Casters from random points towards random points about the target (a tenth to all of them hit), as a scene's
  // rays meet its triangles, planes, boxes and spheres: the lanes answer the hits too, the spheres' refined roots
  // included, leaving the exact query only the tail after the last whole block and the pairs the filter cannot settle.
  Random random(79);
  for (const ShapeType target : {ShapeType::Triangle, ShapeType::Plane, ShapeType::Aabb, ShapeType::Sphere}) {
    for (const ShapeType caster : kCasters) {
      Pairs pairs{caster, {}, {}, target};
      for (int i = 0; i < testing::cases(4003); ++i) {
        const Vec3 centre = random.vector(-5, 5);
        Vec3 aim = centre + random.vector(-1, 1);
        if (target == ShapeType::Triangle) {
          const Vec3 a = centre + random.vector(-1, 1), b = centre + random.vector(-1, 1), c = centre + random.vector(-1, 1);
          pushTriangle(pairs, a, b, c);
          aim = a + (b - a) * random.uniform(-0.5, 1) + (c - a) * random.uniform(-0.5, 1);
        } else if (target == ShapeType::Aabb) {
          const Vec3 lo = centre - random.vector(0, 1), hi = centre + random.vector(0, 1);
          pushNumbers(pairs, {lo.x, lo.y, lo.z, hi.x, hi.y, hi.z});
        } else if (target == ShapeType::Sphere) {
          pushNumbers(pairs, {centre.x, centre.y, centre.z, random.uniform(0.3, 1.5)});
        } else {
          const Vec3 n = random.vector(-1, 1);
          pushNumbers(pairs, {n.x, n.y, n.z, -dot(n, centre)});
        }
        pushCaster(pairs, random.vector(-8, 8), aim, random.uniform(0.5, 1.5));
      }
      SCOPED_TRACE(::testing::Message() << "target " << int(target) << ", caster " << int(caster));
      int hits = 0;
      expectLanesSettleMost(pairs, 0.001, hits);
    }
  }
}

}  // namespace
}  // namespace c3d
