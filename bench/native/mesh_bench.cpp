// The mesh workload of bench/mesh-raycast.mjs, natively on the same numbers: the machine's limit for the wasm
// build. Reads the file the script writes (vertex, triangle, ray and run counts as uint32; float32 positions; uint32
// index; float64 rays as origin, direction) and prints JSON: build ms, first-hit and every-hit rays/s (median of the
// runs), and the hit counts.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "collide3d/mesh/triangle_mesh.h"
#include "bench_io.h"

int main(int argc, char** argv) {
  using namespace c3d;
  using bench::medianMs;
  std::vector<char> bytes;
  bench::MeshInput input;
  if (!bench::readMeshInput(argc, argv, 6, bytes, input)) return 2;
  double buildMs = 0;
  const std::unique_ptr<TriangleMesh> mesh = bench::buildMesh(input, buildMs);
  const uint32_t runs = input.runs;
  auto caster = [&](uint32_t i) {
    const double* r = &input.numbers[6 * size_t{i}];
    return toCaster(Ray{{r[0], r[1], r[2]}, {r[3], r[4], r[5]}});
  };
  uint32_t firstHits = 0, allHits = 0;
  const double firstMs = medianMs(runs, [&] {
    firstHits = 0;
    for (uint32_t i = 0; i < input.queries; ++i) firstHits += mesh->raycast(caster(i), {}, HitMode::First).has_value();
  });
  std::vector<MeshHit> all;
  const double allMs = medianMs(runs, [&] {
    allHits = 0;
    for (uint32_t i = 0; i < input.queries; ++i) {
      all.clear();
      if (!mesh->raycastAll(caster(i), {}, all)) std::abort();
      allHits += static_cast<uint32_t>(all.size());
    }
  });
  std::printf("{\"buildMs\": %.3f, \"firstRaysPerSecond\": %.1f, \"firstHits\": %u, \"allRaysPerSecond\": %.1f, "
              "\"allHits\": %u}\n",
              buildMs, input.queries / firstMs * 1000, firstHits, input.queries / allMs * 1000, allHits);
  return 0;
}
