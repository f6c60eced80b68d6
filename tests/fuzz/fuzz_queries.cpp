// libFuzzer harness over every query kind: two shapes of any types drawn from the bytes (fuzz_input.h), validated
// as the bindings validate them, then every dispatch-table entry for the pair called, with drawn options. Under
// AddressSanitizer and UndefinedBehaviorSanitizer it finds memory errors and undefined behaviour (overflowing
// conversions, shifts, misaligned reads); it also traps on answers the API rules out: intersects differing with the
// argument order, a NaN in a returned number, a hit outside the caster's range, a negative distance or depth, a
// GJK trace whose answer differs from GJK's, a batch raycast's or intersects' SIMD lanes answering other than the
// single query.
// Run: scripts/fuzz.sh (a long run), or the short bounded run inside npm test.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <utility>

#include "collide3d/batch/intersects_lanes.h"
#include "collide3d/batch/raycast_lanes.h"
#include "collide3d/dispatch/solids.h"
#include "collide3d/dispatch/tables.h"
#include "collide3d/queries/trace/gjk_trace.h"
#include "fuzz_input.h"

namespace c3d {
namespace {

// Prints the pair and the rule it broke, then stops the run (libFuzzer keeps the input).
void require(bool holds, const char* rule, ShapeType a, ShapeType b, const double* sa, const double* sb) {
  if (holds) return;
  std::fprintf(stderr, "broken: %s\n", rule);
  for (const auto& [type, shape] : {std::pair{a, sa}, std::pair{b, sb}}) {
    std::fprintf(stderr, "%s:", shapeName(type));
    for (int k = 0; k < encodedSize(type); ++k) std::fprintf(stderr, " %.17g", shape[k]);
    std::fprintf(stderr, "\n");
  }
  __builtin_trap();
}

bool finite(Vec3 v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }
bool notNan(Vec3 v) { return !std::isnan(v.x) && !std::isnan(v.y) && !std::isnan(v.z); }

constexpr size_t kBlock = 4;  // pairs in a batch block: a whole block of lanes of either width

// kBlock copies of a shape as batch items of type T, in `storage`; `held` false when one of its numbers is not a T.
template <class T>
struct Block {
  T storage[kBlock * kEncodedShapeSize];
  EncodedItems items;  // points into storage: a Block is never copied
  bool held = true;

  Block(const Block&) = delete;

  Block(ShapeType type, const double* shape)
      : items{type, storage, sizeof(T) == sizeof(double), kBlock, encodedSize(type)} {
    for (size_t i = 0; i < kBlock; ++i) {
      for (int k = 0; k < items.size; ++k) {
        storage[i * items.size + k] = static_cast<T>(shape[k]);
        held = held && storage[i * items.size + k] == shape[k];
      }
    }
  }
};

// The pair as a block of four in a batch raycast's fast path (raycast_lanes.h), in doubles and, when every number is
// a float, in floats: each t the single query's, bit for bit.
template <class T>
void batchRaycast(ShapeType a, ShapeType b, const double* sa, const double* sb, const RaycastOptions& options,
                  RaycastFn single) {
  const Block<T> casters(a, sa), targets(b, sb);
  if (!casters.held || !targets.held) return;
  double t[kBlock];
  const int hits = raycastByLanes(casters.items, targets.items, kBlock, options, single, t);
  if (hits < 0) return;  // no fast path for the pair
  const auto hit = single(sa, sb, options);
  const double expected = hit ? hit->t + 0.0 : kInfinity;
  for (const double found : t) {
    require(std::memcmp(&found, &expected, sizeof expected) == 0, "the batch's lanes give the single query's t", a, b,
            sa, sb);
  }
  require(hits == static_cast<int>(kBlock) * hit.has_value(), "the batch counts its hits", a, b, sa, sb);
}

// The pair as a block of four in a batch intersects' fast path (intersects_lanes.h), likewise: the single query's
// answer in every lane.
template <class T>
void batchIntersects(ShapeType a, ShapeType b, const double* sa, const double* sb, IntersectsFn single) {
  const Block<T> first(a, sa), second(b, sb);
  if (!first.held || !second.held) return;
  uint8_t met[kBlock];
  if (!intersectsByLanes(first.items, second.items, kBlock, single, met)) return;  // no fast path for the pair
  const bool expected = single(sa, sb);
  for (const uint8_t found : met) {
    require(found == expected, "the batch's lanes give the single query's intersects", a, b, sa, sb);
  }
}

void queryPair(fuzz::Input& in, ShapeType a, ShapeType b, const double* sa, const double* sb) {
  const auto check = [&](bool holds, const char* rule) { require(holds, rule, a, b, sa, sb); };
  if (const IntersectsFn fn = intersectsTable().at(a, b)) {
    const bool meets = fn(sa, sb);
    if (const IntersectsFn back = intersectsTable().at(b, a)) check(back(sb, sa) == meets, "intersects is symmetric");
    batchIntersects<double>(a, b, sa, sb, fn);
    batchIntersects<float>(a, b, sa, sb, fn);
  }
  if (const RaycastFn fn = raycastTable().at(a, b)) {
    RaycastOptions options;
    if (in.choice(2)) options.maxDistance = std::fabs(in.number());
    options.backfaceCulling = in.choice(2);
    options.solid = in.choice(2);
    if (const auto hit = fn(sa, sb, options)) {
      check(hit->t >= (a == ShapeType::Line ? -kInfinity : 0) && hit->t <= options.maxDistance, "raycast t in range");
      check(notNan(hit->point) && notNan(hit->normal), "raycast hit is a number");
    }
    batchRaycast<double>(a, b, sa, sb, options, fn);
    batchRaycast<float>(a, b, sa, sb, options, fn);
  }
  if (const ClassifyFn fn = classifyTable().at(a, b)) fn(sa, sb, ClassifyOptions{std::fabs(in.number())});
  if (const IntersectionFn fn = intersectionTable().at(a, b)) fn(sa, sb);
  if (const SweepFn fn = sweepTable().at(a, b)) {
    if (const auto hit = fn(sa, in.vector(), sb)) check(hit->t >= 0 && hit->t <= 1, "sweep t in [0, 1]");
  }
  if (const ClosestPointsFn fn = closestPointsTable().at(a, b)) {
    const ClosestPoints near = fn(sa, sb);
    check(near.distance >= 0, "distance >= 0, not NaN");
    if (const IntersectsFn meets = intersectsTable().at(a, b)) {
      check((near.distance == 0) == meets(sa, sb), "distance 0 exactly when intersects");
    }
  }
  if (const ContactFn fn = contactTable().at(a, b)) {
    if (const auto touch = fn(sa, sb)) check(touch->depth >= 0 && finite(touch->normal), "contact depth >= 0, finite normal");
  }
  if (const SeparatingAxisFn fn = separatingAxisTable().at(a, b)) fn(sa, sb);
  if (isSolid(a) && isSolid(b)) {  // the GJK/EPA trace: the same answer as the unwatched GJK
    GjkTrace trace;
    const ConvexCore ca = coreOf({a, sa}), cb = coreOf({b, sb});
    if (traceGjk(ca, cb, trace)) check(trace.near.distance == gjk(ca, cb).distance, "the trace's GJK is the query's");
  }
}

}  // namespace
}  // namespace c3d

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace c3d;
  fuzz::Input in(data, size);
  const auto a = static_cast<ShapeType>(in.choice(kShapeTypeCount));
  const auto b = static_cast<ShapeType>(in.choice(kShapeTypeCount));
  const auto sa = in.shape(a), sb = in.shape(b);
  Problem problem;
  if (!validateEncoded(a, sa.data(), problem) || !validateEncoded(b, sb.data(), problem)) return 0;
  queryPair(in, a, b, sa.data(), sb.data());
  return 0;
}
