// batch/intersects_lanes.h: the SIMD fast paths of the batch intersects give, pair by pair, the single query's answer
// for sphere–sphere, sphere–plane, box–plane, segment–plane, box–box and triangle–box, in both argument orders,
// float and double items, one-item sides and pair counts that are not a multiple of the lanes; on random pairs, on
// integer pairs that touch exactly, and on pairs that touch up to rounding (where only a correct bound tells what may
// be proven).
#include <cmath>
#include <vector>

#include "collide3d/batch/intersects_lanes.h"
#include "test_support.h"

namespace c3d {
namespace {

using testing::Random;

struct Side {
  ShapeType type;
  int size;
  std::vector<double> numbers;
  size_t count() const { return numbers.size() / size; }
};

template <class T>
EncodedItems itemsOf(const Side& side, std::vector<T>& storage) {
  storage.assign(side.numbers.begin(), side.numbers.end());
  return {side.type, storage.data(), sizeof(T) == 8, side.count(), side.size};
}

template <class TA, class TB>
void expectSameAsSingleQueries(const Side& a, const Side& b, int& met) {
  std::vector<TA> storageA;
  std::vector<TB> storageB;
  const EncodedItems itemsA = itemsOf(a, storageA);
  const EncodedItems itemsB = itemsOf(b, storageB);
  const size_t pairs = std::max(itemsA.count, itemsB.count);
  const IntersectsFn meets = intersectsTable().at(a.type, b.type);
  std::vector<uint8_t> answers(pairs, 7);
  ASSERT_TRUE(intersectsByLanes(itemsA, itemsB, pairs, meets, answers.data()));
  forEachPair(itemsA, itemsB, pairs, [&](size_t i, const double* p, const double* q) {
    ASSERT_EQ(answers[i], meets(p, q) ? 1 : 0) << shapeName(a.type) << "–" << shapeName(b.type) << " pair " << i;
    met += answers[i];
  });
}

// Every storage form and both argument orders.
void expectAllFormsAgree(const Side& a, const Side& b, int& met) {
  expectSameAsSingleQueries<float, float>(a, b, met);
  expectSameAsSingleQueries<float, double>(a, b, met);
  expectSameAsSingleQueries<double, float>(a, b, met);
  expectSameAsSingleQueries<double, double>(a, b, met);
  expectSameAsSingleQueries<double, double>(b, a, met);
  expectSameAsSingleQueries<float, float>(b, a, met);
}

double toFloat(double x) { return static_cast<float>(x); }
void push(Side& side, std::initializer_list<double> numbers) {
  for (const double x : numbers) side.numbers.push_back(toFloat(x));
}
void pushVector(Side& side, Vec3 v) { push(side, {v.x, v.y, v.z}); }

// A plane through `p` (rounded to float: so p is off it by about an ulp), with a random normal; or integer.
void pushPlaneThrough(Random& random, Side& planes, Vec3 p, bool integer) {
  const Vec3 n = integer ? random.integerVector(-2, 2) + Vec3{0, 0, 0.5} : random.vector(-1, 1);
  pushVector(planes, n);
  push(planes, {-dot(n, p)});
}

TEST(BatchIntersectsLanes, EveryFastPathMatchesTheSingleQuery) {
  Random random(81);
  const int count = testing::cases(2003);
  constexpr ShapeType kA[] = {ShapeType::Sphere, ShapeType::Sphere,  ShapeType::Aabb,    ShapeType::Segment,
                              ShapeType::Aabb,   ShapeType::Triangle};
  constexpr ShapeType kB[] = {ShapeType::Sphere, ShapeType::Plane, ShapeType::Plane,
                              ShapeType::Plane,  ShapeType::Aabb,  ShapeType::Aabb};
  for (int kind = 0; kind < 6; ++kind) {
    Side a{kA[kind], encodedSize(kA[kind]), {}}, b{kB[kind], encodedSize(kB[kind]), {}};
    for (int i = 0; i < count; ++i) {
      const bool integer = i % 3 == 0, touching = i % 3 == 1;  // touching: up to rounding
      auto point = [&] { return integer ? random.integerVector(-3, 3) : random.vector(-3, 3); };
      auto size = [&] { return integer ? double(random.integer(0, 2)) : random.uniform(0, 2); };
      const Vec3 c = point();
      switch (kind) {
        case 0: {  // sphere–sphere: the second at the radii's sum in a random direction when touching
          const double r = size(), s = size();
          const Vec3 u = random.vector(-1, 1);
          const Vec3 d = touching ? u * ((r + s) / std::sqrt(dot(u, u))) : integer ? Vec3{r + s, 0, 0} : point() * 0.5;
          pushVector(a, c), push(a, {r}), pushVector(b, c + d), push(b, {s});
          break;
        }
        case 1: {  // sphere–plane: tangent (up to rounding) when touching, through the top when integer
          const double r = size();
          pushVector(a, c), push(a, {r});
          if (touching) {
            const Vec3 n = random.vector(-1, 1);
            pushVector(b, n);
            push(b, {-dot(n, c) - r * std::sqrt(dot(n, n))});
          } else {
            pushPlaneThrough(random, b, integer ? c + Vec3{0, 0, r} : point(), integer);
          }
          break;
        }
        case 2: {  // box–plane: through a corner when touching
          const Vec3 hi = c + Vec3{size(), size(), size()};
          pushVector(a, c), pushVector(a, hi);
          pushPlaneThrough(random, b, touching || integer ? (random.integer(0, 1) ? c : hi) : point(), integer);
          break;
        }
        case 3: {  // segment–plane: through an end when touching
          const Vec3 end = point();
          pushVector(a, c), pushVector(a, end);
          pushPlaneThrough(random, b, touching || integer ? (random.integer(0, 1) ? c : end) : point(), integer);
          break;
        }
        case 4: {  // box–box: sharing a face when integer
          const Vec3 hi = c + Vec3{size(), size(), size()};
          const Vec3 lo = integer ? Vec3{hi.x, c.y, c.z} : point();
          pushVector(a, c), pushVector(a, hi), pushVector(b, lo), pushVector(b, lo + Vec3{size(), size(), size()});
          break;
        }
        default: {  // triangle–box: integer corners (touching faces, edges and corners exactly), or random; when
                    // touching, a corner on the face x = max.x, or the triangle's plane through the box's max corner
                    // (its normal's components positive, so the box lies behind it), both up to rounding
          const Vec3 hi = c + Vec3{size(), size(), size()};
          pushVector(b, c), pushVector(b, hi);
          const Vec3 centre = (c + hi) * 0.5;
          Vec3 corner[3];
          for (Vec3& v : corner) v = integer ? random.integerVector(-4, 4) : centre + random.vector(-2.5, 2.5);
          if (touching && random.integer(0, 1) == 0) {
            corner[0].x = hi.x;
            corner[1].x = hi.x + random.uniform(0, 1), corner[2].x = hi.x + random.uniform(0, 1);
          } else if (touching) {
            const Vec3 n = random.vector(0.2, 1);
            const Vec3 u = normalizedOr(cross(n, random.vector(-1, 1)), Vec3{1, 0, 0});
            const Vec3 w = normalizedOr(cross(n, u), Vec3{0, 1, 0});
            for (Vec3& v : corner) v = hi + u * random.uniform(-1, 1) + w * random.uniform(-1, 1);
          }
          for (const Vec3& v : corner) pushVector(a, v);
        }
      }
    }
    int met = 0;
    expectAllFormsAgree(a, b, met);
    const int total = 6 * count;
    EXPECT_GT(met, total / 10) << kind;
    EXPECT_LT(met, total - total / 10) << kind;
    // One item against many, both ways.
    Side one{a.type, a.size, {a.numbers.begin(), a.numbers.begin() + a.size}};
    met = 0;
    expectAllFormsAgree(one, b, met);
    EXPECT_GT(met, 0) << kind;
  }
}

}  // namespace
}  // namespace c3d
