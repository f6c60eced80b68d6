// Native timings of the same queries `npm run bench` times through the JS API, on 2^20 pre-generated random pairs:
// the kernel called directly, and the full encoded path the wasm module runs per call (validate both arguments,
// look up the table, decode, run). The difference between these and the JS figures is the cost of the boundary.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "collide3d/dispatch/tables.h"
#include "collide3d/queries/intersects/intersects_aabb_aabb.h"
#include "collide3d/queries/intersects/intersects_plane_shape.h"
#include "collide3d/queries/intersects/intersects_sphere_sphere.h"
#include "collide3d/queries/raycast/raycast.h"

namespace c3d {
namespace {

constexpr int kPairs = 1 << 20;
constexpr int kStride = 16;  // doubles per encoded shape: the shapes timed here encode in at most 9

struct Inputs {
  std::mt19937 engine{12345};
  double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(engine); }
  Vec3 point() { return {uniform(-10, 10), uniform(-10, 10), uniform(-10, 10)}; }
  Vec3 direction() {
    const Vec3 d{uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)};
    return d * (1 / length(d));
  }
  Ray ray() { return {point(), direction()}; }
  Triangle triangle() {
    const Vec3 c = point();
    return {c + point() * 0.3, c + point() * 0.3, c + point() * 0.3};
  }
  Sphere sphere() { return {point(), uniform(0.5, 4)}; }
  Aabb box() {
    const Vec3 a = point(), size = abs(point() * 0.3);
    return {a, a + size};
  }
  Plane plane() { return {direction(), uniform(-5, 5)}; }
};

template <class A, class B, class MakeA, class MakeB>
void pairs(std::vector<A>& as, std::vector<B>& bs, MakeA makeA, MakeB makeB) {
  Inputs in;
  as.reserve(kPairs), bs.reserve(kPairs);
  for (int i = 0; i < kPairs; ++i) as.push_back(makeA(in)), bs.push_back(makeB(in));
}

// The kernel alone.
template <class A, class B, class Run>
void direct(benchmark::State& state, const std::vector<A>& as, const std::vector<B>& bs, Run run) {
  int i = 0, hits = 0;
  for (auto _ : state) {
    hits += run(as[i], bs[i]) ? 1 : 0;
    i = (i + 1) & (kPairs - 1);
  }
  benchmark::DoNotOptimize(hits);
}

// What the wasm module does per call: encoded arguments, validation, table lookup.
template <class A, class B, class Run>
void encodedPath(benchmark::State& state, const std::vector<A>& as, const std::vector<B>& bs, Run run) {
  std::vector<double> encodedA(kPairs * kStride), encodedB(kPairs * kStride);
  for (int i = 0; i < kPairs; ++i) encode(as[i], &encodedA[i * kStride]), encode(bs[i], &encodedB[i * kStride]);
  Problem problem;
  int i = 0, hits = 0;
  for (auto _ : state) {
    const double* a = &encodedA[i * kStride];
    const double* b = &encodedB[i * kStride];
    if (validateEncoded(A::kType, a, problem) && validateEncoded(B::kType, b, problem)) hits += run(a, b) ? 1 : 0;
    i = (i + 1) & (kPairs - 1);
  }
  benchmark::DoNotOptimize(hits);
}

// Times one pair: state.range(0) == 0 runs the kernel directly, 1 the encoded path through `entry`.
template <class A, class B, class Direct, class Entry>
void timePair(benchmark::State& state, A (Inputs::*makeA)(), B (Inputs::*makeB)(), Direct kernel, Entry entry) {
  static std::vector<A> as;
  static std::vector<B> bs;
  if (as.empty()) pairs(as, bs, [makeA](Inputs& in) { return (in.*makeA)(); }, [makeB](Inputs& in) { return (in.*makeB)(); });
  if (state.range(0) == 0) {
    direct(state, as, bs, kernel);
  } else {
    encodedPath(state, as, bs, entry);
  }
}

void RayTriangle(benchmark::State& state) {
  const RaycastFn fn = raycastTable().at(ShapeType::Ray, ShapeType::Triangle);
  timePair(state, &Inputs::ray, &Inputs::triangle,
           [](const Ray& r, const Triangle& t) { return raycast(toCaster(r), t, {}).has_value(); },
           [fn](const double* a, const double* b) { return fn(a, b, {}).has_value(); });
}

void RaySphere(benchmark::State& state) {
  const RaycastFn fn = raycastTable().at(ShapeType::Ray, ShapeType::Sphere);
  timePair(state, &Inputs::ray, &Inputs::sphere,
           [](const Ray& r, const Sphere& s) { return raycast(toCaster(r), s, {}).has_value(); },
           [fn](const double* a, const double* b) { return fn(a, b, {}).has_value(); });
}

void SpherePlane(benchmark::State& state) {
  timePair(state, &Inputs::sphere, &Inputs::plane, [](const Sphere& s, const Plane& p) { return intersects(p, s); },
           intersectsTable().at(ShapeType::Sphere, ShapeType::Plane));
}

void SphereSphere(benchmark::State& state) {
  timePair(state, &Inputs::sphere, &Inputs::sphere, [](const Sphere& a, const Sphere& b) { return intersects(a, b); },
           intersectsTable().at(ShapeType::Sphere, ShapeType::Sphere));
}

void BoxBox(benchmark::State& state) {
  timePair(state, &Inputs::box, &Inputs::box, [](const Aabb& a, const Aabb& b) { return intersects(a, b); },
           intersectsTable().at(ShapeType::Aabb, ShapeType::Aabb));
}

// The filter's price (exact/filtered_sign.h) on random inputs, for the predicates behind the queries above:
// argument 0 evaluates the polynomial in plain doubles (no exactness), 1 through exact::filteredValues (exact
// signs: the same value plus an error bound, and the exact path where that cannot decide, which random inputs
// almost never need). Same lambda, same inputs, same run.
template <class Predicate, class Make>
void filterPrice(benchmark::State& state, const Predicate& predicate, Make make) {
  using Args = decltype(make(std::declval<Inputs&>()));
  static std::vector<Args> inputs;
  if (inputs.empty()) {
    Inputs in;
    for (int i = 0; i < kPairs; ++i) inputs.push_back(make(in));
  }
  const bool filtered = state.range(0) == 1;
  int i = 0;
  double sum = 0;
  for (auto _ : state) {
    sum += std::apply(
        [&](const auto&... args) {
          if (filtered) {
            double total = 0;
            for (double value : exact::filteredValues(predicate, args...)) total += value;
            return total;
          }
          return std::apply([](const auto&... value) { return (0.0 + ... + value); },
                            exact::detail::asTuple(predicate(exact::lift<double>(args)...)));
        },
        inputs[i]);
    i = (i + 1) & (kPairs - 1);
  }
  benchmark::DoNotOptimize(sum);
}

void FilterOrient3d(benchmark::State& state) {
  filterPrice(state, kSignedVolume, [](Inputs& in) { return std::make_tuple(in.point(), in.point(), in.point(), in.point()); });
}

void FilterMollerTrumbore(benchmark::State& state) {
  filterPrice(state, moller_trumbore::kDeterminants<false, false>, [](Inputs& in) {
    const Ray r = in.ray();
    const Triangle t = in.triangle();
    return std::make_tuple(r.origin, r.direction, 0.0, t.a, t.b, t.c);
  });
}

void FilterBallsMeet(benchmark::State& state) {
  filterPrice(state, kBallsGap, [](Inputs& in) {
    const Sphere a = in.sphere(), b = in.sphere();
    return std::make_tuple(a.center, a.radius, b.center, b.radius);
  });
}

// Argument 0: the kernel called directly; 1: the encoded, validated path of a wasm call.
BENCHMARK(RayTriangle)->Arg(0)->Arg(1);
BENCHMARK(RaySphere)->Arg(0)->Arg(1);
BENCHMARK(SpherePlane)->Arg(0)->Arg(1);
BENCHMARK(SphereSphere)->Arg(0)->Arg(1);
BENCHMARK(BoxBox)->Arg(0)->Arg(1);
// Argument 0: plain doubles; 1: filtered, exact signs.
BENCHMARK(FilterOrient3d)->Arg(0)->Arg(1);
BENCHMARK(FilterMollerTrumbore)->Arg(0)->Arg(1);
BENCHMARK(FilterBallsMeet)->Arg(0)->Arg(1);

}  // namespace
}  // namespace c3d

BENCHMARK_MAIN();
