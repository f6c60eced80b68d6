// Single-pair queries through the public JS API, one call per pair, next to three.js's equivalent method on the
// same pre-generated random inputs: collide3d is passed the very same three.js objects, tagged with their `type`
// (three.js field names are collide3d's), after three.js has been timed on them untagged.
// Prints ns/query, the ratio collide3d / three.js (< 1 is faster) for the generic call and the per-pair entry, and checks both agree on every answer.
// The batch columns run the same pairs in one call, their items in Float32Arrays (copied into the wasm heap by the
// call) and in HeapArrays (read in place). Every number is a float32, so all of them pose the same pairs. For
// ray–triangle, collide3d's C++ runs the batch natively on the same numbers too (build/native/c3d_batch_bench,
// g++ -O3 -march=native): the machine's limit; and a plain SIMD Möller–Trumbore in wasm (float32, no error bounds:
// bench/plain-moller-trumbore.mjs) on the same items: what the textbook arithmetic alone costs.
// Usage: node bench/single-queries.mjs [--quick] [--json out.json] [--only text] (--only: the workloads whose name
// holds the text, e.g. --only sphere)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { init } from '../web/lib/index.js';
import { plainMollerTrumbore } from './plain-moller-trumbore.mjs';
import { singleQueries } from './workloads/single-queries.js';

const quick = process.argv.includes('--quick');
const jsonAt = process.argv.indexOf('--json');
const PAIRS = quick ? 20_000 : 1_000_000;
const RUNS = quick ? 3 : 5;

const c3d = await init();

const NATIVE = new URL('../build/native/c3d_batch_bench', import.meta.url).pathname;

const { WORKLOADS, pack, inHeap, time, timeBatch } = singleQueries(c3d, RUNS);

// The ray–triangle batch natively on the same numbers: { ns, hits }, or undefined without the native build.
function nativeBatch(rays, triangles) {
  if (!existsSync(NATIVE)) return undefined;
  const file = join(mkdtempSync(join(tmpdir(), 'collide3d-batch-')), 'input.bin');
  writeFileSync(file, Buffer.concat([new Uint32Array([PAIRS, RUNS]), rays, triangles]
    .map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength))));
  const result = JSON.parse(execFileSync(NATIVE, [file], { encoding: 'utf8' }));
  return { ns: result.nsPerPair, hits: result.hits };
}

// The plain SIMD kernel on the same items: { ns, hits, differing } (differing: pairs whose hit or miss is not the
// exact answer `t`, raycastBatch's), or undefined without its build.
function plainBatch(rays, triangles, t) {
  const kernel = plainMollerTrumbore(rays, triangles, PAIRS);
  if (kernel === undefined) return undefined;
  const { ns, hits } = timeBatch(() => kernel.cast(), undefined, undefined, kernel.answers(), PAIRS);
  const plain = kernel.answers();
  const differing = t.reduce((n, x, i) => n + ((x === Infinity) !== (plain[i] === Infinity) ? 1 : 0), 0);
  return { ns, hits, differing };
}

// Where three.js and collide3d answer a pair differently and the workload has an exact referee (w.exact): how many
// such pairs, and how many of them each gets wrong.
function refereed(w, threeA, threeB, taggedA, taggedB) {
  const verdict = { pairs: 0, threeWrong: 0, c3dWrong: 0 };
  threeA.forEach((a, i) => {
    const three = w.three(a, threeB[i]), ours = w.c3d(taggedA[i], taggedB[i]);
    if (three === ours) return;
    const exact = w.exact(a, threeB[i]);
    verdict.pairs += 1;
    verdict.threeWrong += three !== exact ? 1 : 0;
    verdict.c3dWrong += ours !== exact ? 1 : 0;
  });
  return verdict;
}

const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? process.argv[onlyAt + 1] : null;
const rows = [];
// Timings over the pairs three.js answers with a hit (a true intersects), and over the others, for the single calls
// and the batch in the heap: the filters answer most misses before the call enters wasm, so the two differ.
function split(w, threeA, threeB, taggedA, taggedB, OutType) {
  const hit = threeA.map((a, i) => w.three(a, threeB[i]));
  const part = (want) => {
    const index = hit.flatMap((h, i) => (h === want ? [i] : []));
    if (index.length === 0) return undefined;
    const pick = (list) => index.map((i) => list[i]);
    const heapA = inHeap(pack(pick(taggedA))), heapB = inHeap(pack(pick(taggedB)));
    const heapOut = new c3d.HeapArray(OutType, index.length);
    const heap = timeBatch(w.batch, heapA, heapB, heapOut, index.length);
    [heapA.items, heapB.items, heapOut].forEach((h) => h.dispose());
    return { pairs: index.length, threeNs: time(w.three, pick(threeA), pick(threeB)).ns,
      c3dNs: time(w.c3d, pick(taggedA), pick(taggedB)).ns, heapBatchNs: heap.ns };
  };
  return { hits: part(true), misses: part(false) };
}

for (const w of WORKLOADS.filter((w) => only === null || w.name.includes(only))) {
  const pairs = Array.from({ length: PAIRS }, w.make);
  const threeA = pairs.map((p) => p[0]), threeB = pairs.map((p) => p[1]);
  const three = time(w.three, threeA, threeB);
  const taggedA = threeA.map(w.tags[0]), taggedB = threeB.map(w.tags[1]);
  const ours = time(w.c3d, taggedA, taggedB);
  const entry = time(w.entry, taggedA, taggedB);
  const packedA = pack(taggedA), packedB = pack(taggedB);
  const OutType = w.name.includes('raycast') ? Float64Array : Uint8Array;
  const batchOut = new OutType(PAIRS);
  const batch = timeBatch(w.batch, packedA, packedB, batchOut, PAIRS);
  const heapA = inHeap(packedA), heapB = inHeap(packedB), heapOut = new c3d.HeapArray(OutType, PAIRS);
  const heap = timeBatch(w.batch, heapA, heapB, heapOut, PAIRS);
  [heapA.items, heapB.items, heapOut].forEach((h) => h.dispose());
  const native = w.name === 'ray–triangle raycast' ? nativeBatch(packedA.items, packedB.items) : undefined;
  const plain = w.name === 'ray–triangle raycast' ? plainBatch(packedA.items, packedB.items, batchOut) : undefined;
  const referee = w.exact === undefined ? undefined : refereed(w, threeA, threeB, taggedA, taggedB);
  const { hits, misses } = split(w, threeA, threeB, taggedA, taggedB, OutType);
  rows.push({ workload: w.name, pairs: PAIRS, hitRate: three.hits / PAIRS, threeNs: three.ns, c3dNs: ours.ns,
    ratio: ours.ns / three.ns, entryNs: entry.ns, entryRatio: entry.ns / three.ns, entryHits: entry.hits, batchNs: batch.ns, batchRatio: batch.ns / three.ns, heapBatchNs: heap.ns,
    heapBatchRatio: heap.ns / three.ns, nativeBatchNs: native?.ns, plain, threeHits: three.hits, c3dHits: ours.hits,
    batchHits: batch.hits, heapBatchHits: heap.hits, nativeBatchHits: native?.hits, hits, misses, referee });
}

const fmt = (x) => (x === undefined ? '–' : x.toFixed(1));
const pct = (x) => `${(100 * x).toFixed(1)} %`;
console.log(`\n| query (${PAIRS} random pairs, median of ${RUNS}) | hit rate | three.js ns | collide3d ns | collide3d / three.js | per-pair entry ns | entry / three.js | batch ns | batch / three.js | batch in heap ns | in heap / three.js | native batch ns | hits (three / collide3d / entry / batch / in heap / native) |`);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
for (const r of rows) {
  const hits = [r.threeHits, r.c3dHits, r.entryHits, r.batchHits, r.heapBatchHits, r.nativeBatchHits].filter((x) => x !== undefined);
  // three.js may differ from the rest only where an exact referee shows three.js wrong and collide3d right.
  const ours = hits.slice(1), v = r.referee;
  const refereed = v !== undefined && v.pairs > 0 && v.c3dWrong === 0 && v.threeWrong === v.pairs &&
    ours.every((x) => x === ours[0]);
  const agree = hits.every((x) => x === hits[0]) ? ''
    : refereed ? ` (three.js wrong on ${v.pairs} pair${v.pairs > 1 ? 's' : ''} by exact arithmetic)` : ' **MISMATCH**';
  console.log(`| ${r.workload} | ${pct(r.hitRate)} | ${fmt(r.threeNs)} | ${fmt(r.c3dNs)} | ${r.ratio.toFixed(2)} | ${fmt(r.entryNs)} | ${r.entryRatio.toFixed(2)} | ${fmt(r.batchNs)} | ${r.batchRatio.toFixed(2)} | ${fmt(r.heapBatchNs)} | ${r.heapBatchRatio.toFixed(2)} | ${fmt(r.nativeBatchNs)} | ${hits.join(' / ')}${agree} |`);
}
for (const r of rows.filter((row) => row.plain !== undefined)) {
  console.log(`\n${r.workload}: raycastBatch in heap ${fmt(r.heapBatchNs)} ns a pair, a plain SIMD Möller–Trumbore ` +
    `(float32, no error bounds) ${fmt(r.plain.ns)} ns: ${(r.heapBatchNs / r.plain.ns).toFixed(2)}× (its hits ` +
    `${r.plain.hits}, ${r.plain.differing} pair${r.plain.differing === 1 ? '' : 's'} answered otherwise than exactly)`);
}
const ratio = (part, key) => (part ? (part[key] / part.threeNs).toFixed(2) : '–');
console.log('\n| query: hits / misses | three.js ns | collide3d ns | collide3d / three.js | batch in heap ns | in heap / three.js |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const r of rows) {
  for (const [label, part] of [['hits', r.hits], ['misses', r.misses]]) {
    console.log(`| ${r.workload}, ${label} (${part?.pairs ?? 0}) | ${fmt(part?.threeNs)} | ${fmt(part?.c3dNs)} | ${ratio(part, 'c3dNs')} | ${fmt(part?.heapBatchNs)} | ${ratio(part, 'heapBatchNs')} |`);
  }
}
if (jsonAt > 0) writeFileSync(process.argv[jsonAt + 1], JSON.stringify(rows, null, 2));
