#!/usr/bin/env bash
# Builds the same C++ sources two ways: natively (tests) into build/native, and with Emscripten into the ES module
# web/lib/wasm/collide3d.mjs that the npm package ships. CMakeLists.txt says why each flag is there.
# Usage: scripts/build.sh [all|native|wasm|profile]
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs   # Debian's emcc needs it to find acorn

what="${1:-all}"
if [ "$what" = all ] || [ "$what" = native ]; then
  cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build/native -j"$(nproc)"
fi
if [ "$what" = all ] || [ "$what" = wasm ]; then
  # Skipping emcmake: it sets an emulator flag node 20 rejects; the toolchain file is what matters.
  cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_TOOLCHAIN_FILE=/usr/share/emscripten/cmake/Modules/Platform/Emscripten.cmake >/dev/null
  cmake --build build/wasm -j"$(nproc)"
fi
# A copy of the package in build/profile/lib whose wasm keeps its function names (for node --cpu-prof), built apart
# so that it never stands in for the package's own module.
if [ "$what" = profile ]; then
  mkdir -p build/profile/lib
  for entry in web/lib/*; do [ "$entry" = web/lib/wasm ] || cp -r "$entry" build/profile/lib/; done
  cmake -S . -B build/profile/wasm -DCMAKE_BUILD_TYPE=Release -DCMAKE_EXE_LINKER_FLAGS=--profiling-funcs \
    -DC3D_WASM_DIR="$PWD/build/profile/lib/wasm" \
    -DCMAKE_TOOLCHAIN_FILE=/usr/share/emscripten/cmake/Modules/Platform/Emscripten.cmake >/dev/null
  cmake --build build/profile/wasm -j"$(nproc)" --target c3d_wasm
fi
