// What the native benchmarks that bench/*.mjs run on their own numbers share: reading the input file the script
// wrote, and the timing rule, the median of several calls.
#pragma once
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <vector>

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

}  // namespace c3d::bench
