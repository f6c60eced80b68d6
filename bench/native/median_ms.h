// The timing rule of the native benchmarks that bench/*.mjs run on their own numbers: the median of several calls.
#pragma once
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

namespace c3d::bench {

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
