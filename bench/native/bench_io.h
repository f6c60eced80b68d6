// What the native benchmarks that bench/*.mjs run on their own numbers share: reading the input file the script
// wrote (a mesh and the queries' numbers), building the mesh, and the timing rule, the median of several calls.
#pragma once
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <memory>
#include <vector>

#include "collide3d/mesh/triangle_mesh.h"

namespace c3d::bench {

// The bytes of the file named by the one command-line argument into `bytes`; false (usage printed) without it.
inline bool readInput(int argc, char** argv, std::vector<char>& bytes) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s input.bin\n", argv[0]);
    return false;
  }
  std::ifstream in(argv[1], std::ios::binary);
  bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return true;
}

// The median of `runs` timed calls of `pass`, in ms.
template <class Pass>
double medianMs(uint32_t runs, Pass&& pass) {
  std::vector<double> samples;
  for (uint32_t run = 0; run < runs; ++run) {
    const auto start = std::chrono::steady_clock::now();
    pass();
    samples.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(samples.begin(), samples.end());
  return samples[samples.size() / 2];
}

// A mesh workload's file: vertex, triangle, query and run counts as uint32; float32 positions; uint32 index; then
// `numbersPerQuery` float64 per query.
struct MeshInput {
  uint32_t vertices = 0, triangles = 0, queries = 0, runs = 0;
  const char* positions = nullptr;
  const char* index = nullptr;
  std::vector<double> numbers;
};

// The file named by the one command-line argument, read into `bytes` and `input`; false when it is missing or its
// size does not match its counts.
inline bool readMeshInput(int argc, char** argv, int numbersPerQuery, std::vector<char>& bytes, MeshInput& input) {
  if (!readInput(argc, argv, bytes)) return false;
  uint32_t counts[4];
  if (bytes.size() < sizeof counts) return false;
  std::copy_n(bytes.data(), sizeof counts, reinterpret_cast<char*>(counts));
  input.vertices = counts[0], input.triangles = counts[1], input.queries = counts[2], input.runs = counts[3];
  const size_t numberBytes = 8 * size_t(numbersPerQuery) * input.queries;
  if (bytes.size() != sizeof counts + 12 * size_t{input.vertices} + 12 * size_t{input.triangles} + numberBytes) return false;
  input.positions = bytes.data() + sizeof counts;
  input.index = input.positions + 12 * size_t{input.vertices};
  input.numbers.resize(numberBytes / 8);
  std::copy_n(input.index + 12 * size_t{input.triangles}, numberBytes, reinterpret_cast<char*>(input.numbers.data()));
  return true;
}

// The input's mesh, built `runs` times; the median build time in ms into `buildMs`.
inline std::unique_ptr<TriangleMesh> buildMesh(const MeshInput& input, double& buildMs) {
  std::unique_ptr<TriangleMesh> mesh;
  buildMs = medianMs(input.runs, [&] {
    mesh = std::make_unique<TriangleMesh>();
    if (!mesh->allocate(input.vertices, input.triangles, true)) std::abort();
    std::copy_n(input.positions, 12 * size_t{input.vertices}, reinterpret_cast<char*>(mesh->positions()));
    std::copy_n(input.index, 12 * size_t{input.triangles}, reinterpret_cast<char*>(mesh->corners()));
    if (!mesh->build()) std::abort();
  });
  return mesh;
}

}  // namespace c3d::bench
