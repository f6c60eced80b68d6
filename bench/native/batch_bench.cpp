// The batch ray–triangle workload of bench/single-queries.mjs, natively on the same numbers: the machine's limit for
// the wasm build's raycastBatch. Reads the file the script writes (pair and run counts as uint32; float32 rays as
// origin, direction; float32 triangles as a, b, c) and runs what raycastBatch runs on them: both sides' items
// checked, then every pair answered (batch/raycast_lanes.h). Prints JSON: ns per pair (median of the runs) and
// the hit count.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "collide3d/batch/raycast_lanes.h"
#include "collide3d/dispatch/tables.h"
#include "bench_io.h"

int main(int argc, char** argv) {
  using namespace c3d;
  std::vector<char> bytes;
  if (!bench::readInput(argc, argv, bytes)) return 2;
  uint32_t counts[2];
  if (bytes.size() < sizeof counts) return 2;
  std::copy_n(bytes.data(), sizeof counts, reinterpret_cast<char*>(counts));
  const uint32_t pairs = counts[0], runs = counts[1];
  if (bytes.size() != sizeof counts + 60 * size_t{pairs}) return 2;
  std::vector<float> rays(6 * size_t{pairs}), triangles(9 * size_t{pairs});
  std::copy_n(bytes.data() + sizeof counts, 24 * size_t{pairs}, reinterpret_cast<char*>(rays.data()));
  std::copy_n(bytes.data() + sizeof counts + 24 * size_t{pairs}, 36 * size_t{pairs},
              reinterpret_cast<char*>(triangles.data()));

  const EncodedItems casters{ShapeType::Ray, rays.data(), false, pairs, encodedSize(ShapeType::Ray)};
  const EncodedItems targets{ShapeType::Triangle, triangles.data(), false, pairs, encodedSize(ShapeType::Triangle)};
  const RaycastFn cast = raycastTable().at(ShapeType::Ray, ShapeType::Triangle);
  std::vector<double> t(pairs);
  int hits = 0;
  Problem problem;
  const double ms = bench::medianMs(runs, [&] {
    if (firstProblem(casters, problem).found() || firstProblem(targets, problem).found()) std::abort();
    hits = raycastByLanes(casters, targets, pairs, {}, cast, t.data());
  });
  std::printf("{\"nsPerPair\": %.3f, \"hits\": %d}\n", ms * 1e6 / pairs, hits);
}
