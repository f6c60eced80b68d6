// The capsule sweeps of bench/mesh-sweep.mjs, natively on the same numbers: the machine's limit for the wasm build,
// and what a profiler (callgrind) can look into. Reads the file the script writes (vertex, triangle, sweep and run
// counts as uint32; float32 positions; uint32 index; per sweep ten float64: the capsule's start, end and radius, then
// the velocity) and prints JSON: build ms, sweeps/s (median of the runs) and the hit count.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "collide3d/mesh/triangle_mesh.h"
#include "collide3d/shapes/capsule.h"
#include "bench_io.h"

int main(int argc, char** argv) {
  using namespace c3d;
  using bench::medianMs;
  std::vector<char> bytes;
  if (!bench::readInput(argc, argv, bytes)) return 2;
  uint32_t counts[4];
  if (bytes.size() < sizeof counts) return 2;
  std::copy_n(bytes.data(), sizeof counts, reinterpret_cast<char*>(counts));
  const uint32_t vertices = counts[0], triangles = counts[1], sweeps = counts[2], runs = counts[3];
  const char* positions = bytes.data() + sizeof counts;
  const char* index = positions + 12 * size_t{vertices};
  if (bytes.size() != sizeof counts + 12 * size_t{vertices} + 12 * size_t{triangles} + 80 * size_t{sweeps}) return 2;
  std::vector<double> numbers(10 * size_t{sweeps});
  std::copy_n(index + 12 * size_t{triangles}, 80 * size_t{sweeps}, reinterpret_cast<char*>(numbers.data()));

  std::unique_ptr<TriangleMesh> mesh;
  const double buildMs = medianMs(runs, [&] {
    mesh = std::make_unique<TriangleMesh>();
    if (!mesh->allocate(vertices, triangles, true)) std::abort();
    std::copy_n(positions, 12 * size_t{vertices}, reinterpret_cast<char*>(mesh->positions()));
    std::copy_n(index, 12 * size_t{triangles}, reinterpret_cast<char*>(mesh->corners()));
    if (!mesh->build()) std::abort();
  });
  std::vector<std::array<double, kEncodedShapeSize>> capsules(sweeps);
  for (uint32_t i = 0; i < sweeps; ++i) {
    const double* s = &numbers[10 * size_t{i}];
    capsules[i] = encodedBuffer(Capsule{{s[0], s[1], s[2]}, {s[3], s[4], s[5]}, s[6]});
  }
  uint32_t hits = 0;
  const double sweepMs = medianMs(runs, [&] {
    hits = 0;
    for (uint32_t i = 0; i < sweeps; ++i) {
      const double* v = &numbers[10 * size_t{i} + 7];
      hits += mesh->sweep(ShapeType::Capsule, capsules[i].data(), {v[0], v[1], v[2]}).has_value();
    }
  });
  std::printf("{\"buildMs\": %.3f, \"sweepsPerSecond\": %.1f, \"hits\": %u}\n", buildMs, sweeps / sweepMs * 1000, hits);
  return 0;
}
