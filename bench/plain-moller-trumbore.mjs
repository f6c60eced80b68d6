// The plain SIMD ray–triangle kernel (bench/wasm/moller_trumbore.cpp, built into build/wasm/bench by
// scripts/build.sh) over a fixed set of pairs: what raycastBatch's exactness costs against WebAssembly doing the
// textbook arithmetic alone on the same items. Undefined without that build.
import { existsSync, readFileSync } from 'node:fs';

const WASM = new URL('../build/wasm/bench/plain_moller_trumbore.wasm', import.meta.url);

// rays (6 floats an item) and triangles (9), as raycastBatch takes them, copied into the kernel's memory once:
// cast() casts every pair there and returns the hit count; answers() views the t of each pair (Infinity for a miss)
// as a Float64Array over that memory.
export function plainMollerTrumbore(rays, triangles, pairs) {
  if (!existsSync(WASM)) return undefined;
  const module = new WebAssembly.Module(readFileSync(WASM));
  const imports = { env: { emscripten_notify_memory_growth: () => {} } };
  const { exports } = new WebAssembly.Instance(module, imports);
  exports._initialize();
  const padded = 4 * Math.ceil(pairs / 4) + 1;  // the kernel reads whole groups of 4, and 3 floats past an item
  const at = (bytes) => {
    const address = exports.malloc(bytes);
    if (address === 0) throw new Error('plain Möller–Trumbore: out of memory');
    return address;
  };
  const rayAt = at(24 * padded), triangleAt = at(36 * padded), tAt = at(8 * padded);
  new Float32Array(exports.memory.buffer, rayAt, 6 * pairs).set(rays.subarray(0, 6 * pairs));
  new Float32Array(exports.memory.buffer, triangleAt, 9 * pairs).set(triangles.subarray(0, 9 * pairs));
  return {
    answers: () => new Float64Array(exports.memory.buffer, tAt, pairs),
    cast: () => exports.mollerTrumbore(rayAt, triangleAt, tAt, pairs),
  };
}
