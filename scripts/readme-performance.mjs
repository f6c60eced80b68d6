// The README's benchmark tables, from one run's results (build/bench/results.json, written by `npm run bench`), so
// that every table the Performance section and the worker pool's section show comes from the same run.
// `node scripts/readme-performance.mjs [results.json]` prints them; `--write` replaces each table of README.md (found
// by its header line) with this run's. The prose around them quotes figures by hand: reread it after a write.
import { readFileSync, writeFileSync } from 'node:fs';

const fixed = (x, digits = 1) => (x === undefined ? '–' : x.toFixed(digits));
const grouped = (x) => Math.round(x).toLocaleString('en-US');
const percent = (x) => `${(100 * x).toFixed(1)} %`;
const wholePercent = (x) => `${Math.round(100 * x)} %`;
// A rate in thousands: 3 significant figures below 100k ("68.6k"), whole thousands above ("1024k"); plain below 10k.
const rate = (x) => (x === undefined ? '–' : x >= 1e5 ? `${Math.round(x / 1e3)}k` : x >= 1e4 ? `${(x / 1e3).toFixed(1)}k`
  : grouped(x));
// Counts in a workload's name ("10000 boxes") with thousands separators.
const named = (text) => text.replace(/\d{4,}/g, (n) => grouped(Number(n)));
const row = (cells) => `| ${cells.join(' | ')} |`;

function singleQueries(rows) {
  const main = [
    '| query (1,000,000 pairs, median of 5) | hit rate | three.js ns | collide3d ns | / three.js | per-pair entry ns | / three.js | batch ns | / three.js | batch in heap ns | / three.js | native batch ns |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => row([r.workload, percent(r.hitRate), fixed(r.threeNs), fixed(r.c3dNs), fixed(r.ratio, 2),
      fixed(r.entryNs), fixed(r.entryRatio, 2), fixed(r.batchNs), fixed(r.batchRatio, 2), fixed(r.heapBatchNs),
      fixed(r.heapBatchRatio, 2), fixed(r.nativeBatchNs)])),
  ];
  const apart = [
    '| query, hits or misses (pairs) | three.js ns | collide3d ns | / three.js | batch in heap ns | / three.js |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.flatMap((r) => [['hits', r.hits], ['misses', r.misses]].map(([label, part]) =>
      row([`${r.workload}, ${label} (${grouped(part.pairs)})`, fixed(part.threeNs), fixed(part.c3dNs),
        fixed(part.c3dNs / part.threeNs, 2), fixed(part.heapBatchNs), fixed(part.heapBatchNs / part.threeNs, 2)]))),
  ];
  return [main, apart];
}

const culling = (rows) => [[
  '| workload (100,000 items) | three.js ns/item | collide3d ns/item | collide3d / three.js |',
  '|---|---:|---:|---:|',
  ...rows.map((r) => row([r.workload, fixed(r.threeNs), fixed(r.c3dNs), fixed(r.ratio, 2)])),
]];

function broadphase(rows) {
  const label = (name) => named(name).replace('AabbTree.pairs()', '`AabbTree.pairs()`')
    .replace(/AabbTree: move (.*) \(update\), then pairs\(\)/, '`AabbTree`: move $1, then `pairs()`');
  const pairs = rows.filter((r) => r.peerMs !== undefined), filled = rows.filter((r) => r.loopMs !== undefined);
  return [[
    '| workload | box-intersect ms | collide3d ms | collide3d / box-intersect |',
    '|---|---:|---:|---:|',
    ...pairs.map((r) => row([label(r.workload), fixed(r.peerMs), fixed(r.c3dMs), fixed(r.ratio, 2)])),
  ], [
    '| filling an `AabbTree` | `insert` per box ms | `insertMany` ms | `insertMany` / `insert`s |',
    '|---|---:|---:|---:|',
    ...filled.map((r) => row([named(r.workload.replace('AabbTree filled with ', '')), fixed(r.loopMs), fixed(r.manyMs),
      fixed(r.ratio, 2)])),
  ]];
}

function meshRaycast(rows) {
  const meshes = rows.filter((r) => !r.camera);
  const triangles = (r) => `${grouped(r.triangles)} triangles`;
  const rays = (r) => (r.camera ? `camera ${r.workload.match(/camera (\S+)/)[1]}` : `${grouped(r.rays)} random`);
  return [[
    '| mesh | build ms: three-mesh-bvh SAH / CENTER | Rapier | collide3d | native | collide3d / CENTER |',
    '|---|---:|---:|---:|---:|---:|',
    ...meshes.map(({ buildMs: b, ...r }) => row([triangles(r), `${Math.round(b.threeMeshBvhSah)} / ${Math.round(b.threeMeshBvhCenter)}`,
      Math.round(b.rapier), Math.round(b.c3d), Math.round(b.native), fixed(b.c3d / b.threeMeshBvhCenter, 2)])),
  ], [
    '| mesh, rays | first hit, rays/s: three-mesh-bvh | Rapier | three.js brute force | collide3d | collide3d `raycastBatch` | native | collide3d / three-mesh-bvh | `raycastBatch` / three-mesh-bvh |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(({ firstRaysPerSecond: f, ...r }) => row([`${triangles(r)}, ${rays(r)}`, rate(f.threeMeshBvh), rate(f.rapier),
      rate(f.threeBruteForce), rate(f.c3d), rate(f.c3dBatch), rate(f.native), fixed(f.c3d / f.threeMeshBvh, 2),
      fixed(f.c3dBatch / f.threeMeshBvh, 2)])),
  ], [
    '| mesh | every hit, rays/s: three-mesh-bvh | collide3d | native | collide3d / three-mesh-bvh |',
    '|---|---:|---:|---:|---:|',
    ...meshes.map(({ allRaysPerSecond: a, ...r }) => row([triangles(r), rate(a.threeMeshBvh), rate(a.c3d), rate(a.native),
      fixed(a.c3d / a.threeMeshBvh, 2)])),
  ]];
}

function threeRaycast(rows) {
  const [torusFirst, torusAll, instanced, scene] = rows;
  const best = (r, ours, peers) => fixed(r.rates[ours] / Math.max(...peers.map((p) => r.rates[p])), 2);
  return [[
    '| workload | hit rate | collide3d rays/s | three-mesh-bvh | three-mesh-bvh `ObjectBVH` | three.js | collide3d / best peer |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...[[torusFirst, 'torus, 420k triangles, `firstHitOnly`'], [torusAll, 'torus, 420k triangles, every hit']].map(([r, name]) =>
      row([name, wholePercent(r.hitRate), rate(r.rates.collide3d), rate(r.rates['three-mesh-bvh']), '–',
        rate(r.rates['three.js']), best(r, 'collide3d', ['three-mesh-bvh'])])),
    row(['`InstancedMesh`, 10,000 instances, `firstHitOnly`', wholePercent(instanced.hitRate),
      rate(instanced.rates.collide3d), '(wrong answers)', rate(instanced.rates['three-mesh-bvh ObjectBVH']),
      rate(instanced.rates['three.js']), best(instanced, 'collide3d', ['three-mesh-bvh ObjectBVH', 'three.js'])]),
    row(['scene of 10,000 meshes (`SceneIndex`), `firstHitOnly`', wholePercent(scene.hitRate),
      rate(scene.rates['collide3d SceneIndex']), '–', rate(scene.rates['three-mesh-bvh ObjectBVH']),
      `${rate(scene.rates['three.js intersectObjects, three-mesh-bvh meshes'])} (\`intersectObjects\`)`,
      best(scene, 'collide3d SceneIndex', ['three-mesh-bvh ObjectBVH', 'three.js intersectObjects, three-mesh-bvh meshes'])]),
  ]];
}

const pointsLines = (rows) => [[
  '| object | tree build ms | three.js rays/s | collide3d rays/s | / three.js | rays hitting | hits per ray |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...rows.map((r) => row([named(r.workload).replace(/^(\w+)/, '`$1`'), Math.round(r.buildMs), grouped(r.threeRaysPerSecond),
    grouped(r.c3dRaysPerSecond), Math.round(r.ratio), wholePercent(r.hitRate), fixed(r.hitsPerRay)])),
]];

function meshPair(rows) {
  const place = (r) => r.workload.split(',')[0].replace(/^(near|apart) \((.*)\)$/, '$2');  // "0.05 further"
  const distance = (d) => (d === 0 ? '0' : d.toPrecision(4));
  const figure = (x) => (x >= 100 ? grouped(x) : x.toPrecision(3));
  return [[
    '| placement | distance | intersects: three-mesh-bvh | collide3d | / three-mesh-bvh | closest points: three-mesh-bvh | collide3d | / three-mesh-bvh |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(({ intersects: i, closestPoints: c, ...r }) => row([place(r), distance(r.c3dDistance),
      figure(i.peerPerSecond), figure(i.c3dPerSecond), figure(i.ratio), figure(c.peerPerSecond), figure(c.c3dPerSecond),
      figure(c.ratio)])),
  ]];
}

const meshSweep = (rows) => [[
  '| capsule sweeps | hit rate | collide3d sweeps/s | Rapier | three-mesh-bvh | native | collide3d / Rapier | / three-mesh-bvh |',
  '|---|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(({ sweepsPerSecond: s, ...r }) => row([named(r.workload.replace(/, \d+ capsule sweeps$/, '')),
    percent(r.hitRate), rate(s.c3d), rate(s.rapier), rate(s.threeMeshBvh), rate(s.native), fixed(s.c3d / s.rapier, 2),
    fixed(s.c3d / s.threeMeshBvh, 2)])),
]];

const moveAndSlide = (rows) => [[
  '| characters | collide3d steps/s | Rapier | collide3d / Rapier | grounded: collide3d / Rapier | ended inside the terrain |',
  '|---|---:|---:|---:|---:|---:|',
  ...rows.map((r) => row([named(r.workload), rate(r.stepsPerSecond.c3d), rate(r.stepsPerSecond.rapier),
    fixed(r.stepsPerSecond.c3d / r.stepsPerSecond.rapier, 2),
    `${percent(r.groundedShare.c3d)} / ${percent(r.groundedShare.rapier)}`, `${r.endedInside.c3d} / ${r.endedInside.rapier}`])),
]];

const convexPairs = (rows) => [[
  '| pairs | Rapier | collide3d | collide3d / Rapier | overlapping |',
  '|---|---:|---:|---:|---:|',
  ...rows.map((r) => row([r.workload, grouped(r.peerNs), grouped(r.c3dNs), fixed(r.ratio, 2),
    wholePercent(r.overlapping / 10000)])),
]];

function threads({ rows }) {
  const order = ['first hits', 'ray–cylinder', 'allPairs', 'ray–sphere', 'cullSpheres', 'ray–triangle', 'box–box'];
  const sorted = order.map((start) => rows.find((r) => r.workload.startsWith(start)));
  const label = (name) => named(name.replace('1000000-triangle', '1M-triangle').replace(/1000000 (pairs|spheres)/, '1M $1'));
  return [[
    '| batch | hits | calling thread ms | pool of 1 ms | pool of 2 ms | × with 2 |',
    '|---|---:|---:|---:|---:|---:|',
    ...sorted.map((r) => row([label(r.workload), r.rateOf === 'hits' ? percent(r.hitRate) : `${r.hitRate.toFixed(2)} ${r.rateOf}`,
      fixed(r.callingMs), fixed(r.poolMs[1]), fixed(r.poolMs[2]), fixed(r.callingMs / r.poolMs[2], 2)])),
  ]];
}

const TABLES = {
  'single-queries': singleQueries, culling, broadphase, 'mesh-raycast': meshRaycast, 'three-raycast': threeRaycast,
  'points-lines': pointsLines, 'mesh-pair': meshPair, 'mesh-sweep': meshSweep, 'move-and-slide': moveAndSlide,
  'convex-pairs': convexPairs, threads,
};

export function readmeTables(results) {
  return Object.entries(TABLES).flatMap(([name, tables]) => tables(results.workloads[name]));
}

// README.md with each table replaced by the one whose header line it starts with.
export function withTables(readme, tables) {
  const lines = readme.split('\n');
  for (const table of tables) {
    const at = lines.indexOf(table[0]);
    if (at < 0) throw new Error(`README.md has no table headed ${table[0]}`);
    let end = at;
    while (end < lines.length && lines[end].startsWith('|')) end += 1;
    lines.splice(at, end - at, ...table);
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'build/bench/results.json';
  const results = JSON.parse(readFileSync(path, 'utf8'));
  const tables = readmeTables(results);
  if (process.argv.includes('--write')) {
    const readme = new URL('../README.md', import.meta.url);
    writeFileSync(readme, withTables(readFileSync(readme, 'utf8'), tables));
    console.log(`README.md: ${tables.length} tables from the run of ${results.date} on ${results.commit.slice(0, 7)}`);
  } else {
    console.log(tables.map((t) => t.join('\n')).join('\n\n'));
  }
}
