#!/usr/bin/env bash
# Long fuzzing runs: builds the sanitizer tree (clang, ASan + UBSan + libFuzzer) and runs each harness in
# tests/fuzz for the given seconds (default 600) on both cores, growing its corpus in build/fuzz-corpus/<harness>.
# A finding stops that harness and leaves the input as build/crash-* (or leak-*, timeout-*); replay it with
#   build/sanitize/c3d_fuzz_<harness> build/crash-…
# and add it to tests/fuzz/corpus/<harness> once fixed, so every later run replays it.
# Usage: npm run fuzz [-- seconds]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"
bash scripts/setup.sh
cmake -S . -B build/sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DC3D_SANITIZE=ON -DCMAKE_CXX_COMPILER=clang++ >/dev/null
cmake --build build/sanitize -j"$(nproc)"
for source in tests/fuzz/fuzz_*.cpp; do
  harness=$(basename "$source" .cpp); harness=${harness#fuzz_}
  mkdir -p "build/fuzz-corpus/$harness" "tests/fuzz/corpus/$harness"
  echo "fuzz $harness: ${seconds} s"
  "build/sanitize/c3d_fuzz_$harness" -max_total_time="$seconds" -fork="$(nproc)" \
    -print_final_stats=1 -artifact_prefix=build/ "build/fuzz-corpus/$harness" "tests/fuzz/corpus/$harness"
done
