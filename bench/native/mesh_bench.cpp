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
  if (!bench::readInput(argc, argv, bytes)) return 2;
  uint32_t counts[4];
  if (bytes.size() < sizeof counts) return 2;
  std::copy_n(bytes.data(), sizeof counts, reinterpret_cast<char*>(counts));
  const uint32_t vertices = counts[0], triangles = counts[1], rays = counts[2], runs = counts[3];
  const char* at = bytes.data() + sizeof counts;
  if (bytes.size() != sizeof counts + 12 * size_t{vertices} + 12 * size_t{triangles} + 48 * size_t{rays}) return 2;
  const char* positions = at;
  const char* index = positions + 12 * size_t{vertices};
  std::vector<double> rayNumbers(6 * size_t{rays});
  std::copy_n(index + 12 * size_t{triangles}, 48 * size_t{rays}, reinterpret_cast<char*>(rayNumbers.data()));

  std::unique_ptr<TriangleMesh> mesh;
  const double buildMs = medianMs(runs, [&] {
    mesh = std::make_unique<TriangleMesh>();
    if (!mesh->allocate(vertices, triangles, true)) std::abort();
    std::copy_n(positions, 12 * size_t{vertices}, reinterpret_cast<char*>(mesh->positions()));
    std::copy_n(index, 12 * size_t{triangles}, reinterpret_cast<char*>(mesh->corners()));
    if (!mesh->build()) std::abort();
  });
  auto caster = [&](uint32_t i) {
    const double* r = &rayNumbers[6 * size_t{i}];
    return toCaster(Ray{{r[0], r[1], r[2]}, {r[3], r[4], r[5]}});
  };
  uint32_t firstHits = 0, allHits = 0;
  const double firstMs = medianMs(runs, [&] {
    firstHits = 0;
    for (uint32_t i = 0; i < rays; ++i) firstHits += mesh->raycast(caster(i), {}, HitMode::First).has_value();
  });
  std::vector<MeshHit> all;
  const double allMs = medianMs(runs, [&] {
    allHits = 0;
    for (uint32_t i = 0; i < rays; ++i) {
      all.clear();
      if (!mesh->raycastAll(caster(i), {}, all)) std::abort();
      allHits += static_cast<uint32_t>(all.size());
    }
  });
  std::printf("{\"buildMs\": %.3f, \"firstRaysPerSecond\": %.1f, \"firstHits\": %u, \"allRaysPerSecond\": %.1f, "
              "\"allHits\": %u}\n",
              buildMs, rays / firstMs * 1000, firstHits, rays / allMs * 1000, allHits);
  return 0;
}
