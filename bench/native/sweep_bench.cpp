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
  bench::MeshInput input;
  if (!bench::readMeshInput(argc, argv, 10, bytes, input)) return 2;
  double buildMs = 0;
  const std::unique_ptr<TriangleMesh> mesh = bench::buildMesh(input, buildMs);
  const uint32_t runs = input.runs;
  std::vector<std::array<double, kEncodedShapeSize>> capsules(input.queries);
  for (uint32_t i = 0; i < input.queries; ++i) {
    const double* s = &input.numbers[10 * size_t{i}];
    capsules[i] = encodedBuffer(Capsule{{s[0], s[1], s[2]}, {s[3], s[4], s[5]}, s[6]});
  }
  uint32_t hits = 0;
  const double sweepMs = medianMs(runs, [&] {
    hits = 0;
    for (uint32_t i = 0; i < input.queries; ++i) {
      const double* v = &input.numbers[10 * size_t{i} + 7];
      hits += mesh->sweep(ShapeType::Capsule, capsules[i].data(), {v[0], v[1], v[2]}).has_value();
    }
  });
  std::printf("{\"buildMs\": %.3f, \"sweepsPerSecond\": %.1f, \"hits\": %u}\n", buildMs, input.queries / sweepMs * 1000, hits);
  return 0;
}
