// Building a 1M-triangle mesh without freezing the page: the constructor's time on the calling thread against what
// TriangleMesh.buildAsync leaves there (its synchronous start, the longest stall of the event loop during the build,
// and the making of the mesh from the worker's bytes), serialize and deserialize throughput, and the cost of
// progress reports. Run: node bench/mesh-async.mjs (after the wasm build).
import * as THREE from 'three';
import { init } from '../web/lib/index.js';

const c3d = await init();
const geometry = new THREE.TorusKnotGeometry(1, 0.4, 2000, 250);  // 1,000,000 triangles
const positions = geometry.attributes.position.array, index = geometry.index.array;
const runs = 6;
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const ms = (x) => `${x.toFixed(1)} ms`;

function time(run) {
  const start = performance.now();
  const result = run();
  return [performance.now() - start, result];
}

// The longest gap between turns of the event loop while `work` runs (setImmediate turns as often as it can).
async function longestStall(work) {
  let last = performance.now(), longest = 0, running = true;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const result = await work();
  await new Promise((resolve) => setImmediate(resolve));  // the turn that ran the last step is counted too
  running = false;
  return [longest, result];
}

const built = [], withProgress = [], serialized = [], deserialized = [], starts = [], stalls = [], totals = [];
let bytes = 0;
for (let r = 0; r < runs; ++r) {
  // With and without progress reports, in turn first (the second build finds the heap grown).
  const [reported, other] = r % 2 === 0 ? time(() => new c3d.TriangleMesh(positions, index, { onProgress: () => {} })) : [];
  const [build, mesh] = time(() => new c3d.TriangleMesh(positions, index));
  built.push(build);
  const [reportedLast, otherLast] = r % 2 === 1 ? time(() => new c3d.TriangleMesh(positions, index, { onProgress: () => {} })) : [];
  withProgress.push(reported ?? reportedLast);
  (other ?? otherLast).dispose();
  const [write, data] = time(() => mesh.serialize());
  serialized.push(write);
  bytes = data.buffer.byteLength;
  const [read, copy] = time(() => c3d.TriangleMesh.deserialize(data));
  deserialized.push(read);
  copy.dispose();
  mesh.dispose();
  const begun = performance.now();
  const [stall, asyncMesh] = await longestStall(() => {
    const [start, promise] = time(() => c3d.TriangleMesh.buildAsync(positions, index));
    starts.push(start);
    return promise;
  });
  totals.push(performance.now() - begun);
  stalls.push(stall);
  asyncMesh.dispose();
}
const mb = bytes / 1e6;
console.log(`1M-triangle TorusKnotGeometry (${positions.length / 3} vertices), median of ${runs}:`);
console.log(`  constructor on the calling thread: ${ms(median(built))} (with onProgress: ${ms(median(withProgress))})`);
console.log(`  buildAsync: ${ms(median(totals))} in all; on the calling thread: ${ms(median(starts))} to start ` +
  `(copying the arrays), longest stall ${ms(median(stalls))}`);
console.log(`  serialize ${ms(median(serialized))} (${(mb / median(serialized) * 1000).toFixed(0)} MB/s), ` +
  `deserialize ${ms(median(deserialized))} (${(mb / median(deserialized) * 1000).toFixed(0)} MB/s) of ${mb.toFixed(1)} MB`);
process.exit(0);
