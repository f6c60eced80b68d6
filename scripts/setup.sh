#!/usr/bin/env bash
# Installs what the build needs on a fresh Debian machine: the C++ toolchain, Emscripten and Chromium from apt, and the npm
# dependencies pinned in package-lock.json. Each step is skipped when already satisfied, so it is cheap to re-run.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v em++ >/dev/null || need+=(emscripten)
command -v cmake >/dev/null || need+=(cmake)
command -v g++ >/dev/null || need+=(g++)
[ -d /usr/src/googletest ] || [ -f /usr/include/gtest/gtest.h ] || need+=(libgtest-dev googletest)
[ -f /usr/include/benchmark/benchmark.h ] || need+=(libbenchmark-dev)
[ -f /usr/include/gmpxx.h ] || need+=(libgmp-dev)  # exact rationals for the native tests' reference
command -v clang++ >/dev/null || need+=(clang)  # the sanitizer tree and libFuzzer (scripts/test.mjs)
compgen -G '/usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a' >/dev/null || need+=(libclang-rt-14-dev)
[ -x /usr/bin/chromium ] || need+=(chromium)  # the demo's browser tests (tests/e2e) drive it with playwright-core
if [ ${#need[@]} -gt 0 ]; then
  echo "setup: installing ${need[*]} (apt)"
  if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

# npm ci when node_modules is missing or older than the lock file.
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: npm ci"
  npm ci --no-audit --no-fund --loglevel=error
fi
