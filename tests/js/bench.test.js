// The benchmarks run (in their quick size) so they never rot, and collide3d answers every pair exactly as three.js
// does on their random inputs. Timings are printed by `npm run bench`, never asserted.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { readmeTables, withTables } from '../../scripts/readme-performance.mjs';

// `npm run bench -- --quick`'s runner, once: the JSON file it writes of every workload's rows.
let results;
beforeAll(() => {
  const out = join(mkdtempSync(join(tmpdir(), 'collide3d-bench-')), 'results.json');
  const root = new URL('../..', import.meta.url).pathname;
  execFileSync('node', ['bench/run.mjs', '--quick', '--json', out], { cwd: root, stdio: 'ignore' });
  results = JSON.parse(readFileSync(out, 'utf8'));
}, 300_000);

it('bench/run.mjs --quick writes one file with every workload, the commit it measured and the machine', () => {
  expect(Object.keys(results.workloads)).toEqual(['single-queries', 'culling', 'broadphase', 'mesh-raycast', 'three-raycast',
    'points-lines', 'mesh-pair', 'mesh-sweep', 'move-and-slide', 'convex-pairs', 'threads']);
  expect(results.quick).toBe(true);
  expect(results.commit).toMatch(/^[0-9a-f]{40}$/);
  expect(results.native.length).toBeGreaterThan(10);
  for (const { time, unit } of results.native) {
    expect(time).toBeGreaterThan(0);
    expect(unit).toBe('ns');
  }
});

it('bench --quick runs every workload, single calls (generic and per-pair) and batch calls, and agrees with three.js on every answer', () => {
  const rows = results.workloads['single-queries'];
  expect(rows.map((r) => r.workload)).toEqual(['ray–triangle raycast', 'ray–sphere raycast', 'ray–box raycast',
    'ray–plane raycast', 'sphere–plane intersects', 'sphere–sphere intersects', 'box–box intersects',
    'box–plane intersects', 'triangle–box intersects', 'segment–plane intersects']);
  for (const row of rows) {
    expect(row.c3dHits, row.workload).toBe(row.threeHits);
    expect(row.entryHits, row.workload).toBe(row.threeHits);
    expect(row.entryNs, row.workload).toBeGreaterThan(0);
    expect(row.batchHits, row.workload).toBe(row.threeHits);
    expect(row.heapBatchHits, row.workload).toBe(row.threeHits);
    if (row.nativeBatchHits !== undefined) expect(row.nativeBatchHits, row.workload).toBe(row.threeHits);
    expect(row.threeHits, row.workload).toBeGreaterThan(0);
    expect(row.hitRate, row.workload).toBe(row.threeHits / row.pairs);
    // Hits and misses timed apart, over the pairs three.js answers each way.
    expect(row.hits.pairs + row.misses.pairs, row.workload).toBe(row.pairs);
    expect(row.hits.pairs, row.workload).toBe(row.threeHits);
    for (const part of [row.hits, row.misses]) {
      for (const ns of [part.threeNs, part.c3dNs, part.heapBatchNs]) expect(ns, row.workload).toBeGreaterThan(0);
    }
  }
  // The plain SIMD Möller–Trumbore (float32, no error bounds) on the ray–triangle items: timed, and answering all but
  // a few pairs (its rounding) as the exact query does.
  const [triangles] = rows, { plain } = triangles;
  expect(plain.ns).toBeGreaterThan(0);
  expect(plain.differing).toBeLessThanOrEqual(0.001 * triangles.pairs);
  expect(Math.abs(plain.hits - triangles.heapBatchHits)).toBeLessThanOrEqual(plain.differing);
  // Rays aimed as in real scenes: every raycast workload hits on at least a tenth of its pairs.
  for (const row of rows.filter((r) => r.workload.includes('raycast'))) expect(row.hitRate, row.workload).toBeGreaterThan(0.1);
});

it('bench/broadphase.mjs --quick runs and agrees with box-intersect on every pair count, and fills trees both ways', () => {
  const rows = results.workloads['broadphase'];
  expect(rows.map((r) => r.workload)).toEqual(['all pairs among 10000 boxes', 'AabbTree.pairs(), 10000 boxes',
    'AabbTree: move 10000 boxes (update), then pairs()', 'AabbTree filled with 10000 boxes']);
  for (const row of rows.slice(0, 3)) {
    expect(row.c3dPairs, row.workload).toBe(row.peerPairs);
    expect(row.peerPairs, row.workload).toBeGreaterThan(0);
  }
  // The tree filled box by box and the one filled at once find the same pairs.
  const [filled] = rows.slice(3);
  expect(filled.manyPairs).toBe(filled.loopPairs);
  expect(filled.loopPairs).toBeGreaterThan(0);
});

it('bench/culling.mjs --quick runs and agrees with three.js on every visible count', () => {
  const rows = results.workloads['culling'];
  expect(rows.map((r) => r.workload)).toEqual(['frustum culling, spheres', 'frustum culling, boxes']);
  for (const row of rows) {
    expect(row.c3dVisible, row.workload).toBe(row.threeVisible);
    expect(row.threeVisible, row.workload).toBeGreaterThan(0);
  }
});

it('bench/mesh-raycast.mjs --quick runs and agrees with three-mesh-bvh and three.js on every hit, Rapier on nearly all', () => {
  const rows = results.workloads['mesh-raycast'];
  expect(rows.map((r) => r.workload)).toEqual(['10000 triangles, 5000 rays', '10000 triangles, camera 64×48 rays']);
  const [row, camera] = rows;
  // The camera's rays: every first hit as three-mesh-bvh's, single calls and the batch alike.
  expect(camera.mismatches).toEqual([]);
  for (const hits of [camera.firstHits.c3d, camera.firstHits.c3dBatch]) expect(hits).toBe(camera.firstHits.threeMeshBvh);
  expect(camera.firstHits.c3d / camera.rays).toBeGreaterThan(0.2);
  // Rapier computes in float32 and now and then reports a farther triangle than the exact first hit (by more than
  // the 1e-5 the check allows): the bench leaves out the rays where exact arithmetic proves it so (rapierWrong);
  // any other difference is a mismatch, allowed on at most 0.1 % of the rays.
  const rapier = row.mismatches.filter((m) => m.startsWith('rapier: '));
  expect(row.mismatches.filter((m) => !rapier.includes(m))).toEqual([]);
  for (const m of rapier) expect(Number(/^rapier: (\d+) of/.exec(m)[1])).toBeLessThanOrEqual(5);
  for (const hits of [row.firstHits.rapier, row.firstHits.c3d, row.firstHits.c3dBatch]) expect(hits).toBe(row.firstHits.threeMeshBvh);
  expect(row.firstHits.threeMeshBvh).toBeGreaterThan(1000);
  expect(row.allHits.c3d).toBe(row.allHits.threeMeshBvh);
});

it('bench/three-raycast.mjs --quick runs, and the drop-in agrees with three.js and three-mesh-bvh on every nearest hit', () => {
  const rows = results.workloads['three-raycast'];
  expect(rows.map((r) => r.workload)).toEqual(['torus 4.2k triangles, firstHitOnly', 'torus 4.2k triangles',
    'InstancedMesh, 1k instances, firstHitOnly', 'scene of 1k meshes, firstHitOnly']);
  for (const row of rows) {
    for (const [peer, count] of Object.entries(row.disagreements)) {
      // three-mesh-bvh's drop-in raycasts an InstancedMesh's geometry once, at the object, not at its instances.
      if (peer === 'three-mesh-bvh' && row.workload.startsWith('InstancedMesh')) expect(count, peer).toBeGreaterThan(0);
      else expect(count, `${row.workload}: ${peer}`).toBe(0);
    }
    expect(row.hitRate, row.workload).toBeGreaterThan(0.05);
  }
  expect(rows[1].hits.collide3d).toBe(rows[1].hits['three-mesh-bvh']);
});

it('bench/points-lines.mjs --quick runs and gives three.js\'s intersections on every ray three.js casts', () => {
  const rows = results.workloads['points-lines'];
  expect(rows.map((r) => r.workload)).toEqual(['Points, 100000 points', 'LineSegments, 10000 segments']);
  for (const row of rows) {
    expect(row.mismatches, row.workload).toBe(0);
    expect(row.hitRate, row.workload).toBeGreaterThan(0.05);
  }
});

it('bench/mesh-pair.mjs --quick runs and agrees with three-mesh-bvh on whether the knots meet and on their distance', () => {
  const rows = results.workloads['mesh-pair'];
  expect(rows.map((r) => r.workload)).toEqual(['crossing', 'touching', 'near (0.05 further)', 'apart (1 further)']
    .map((placement) => `${placement}, 1536 and 768 triangles`));
  const [crossing, touching, ...apart] = rows;
  expect([crossing.c3dMeets, crossing.peerMeets, crossing.c3dDistance, crossing.peerDistance]).toEqual([true, true, 0, 0]);
  // At the touching placement three-mesh-bvh's float tolerances decide: both distances are all but 0.
  expect(touching.c3dMeets).toBe(true);
  expect(touching.peerDistance).toBeLessThan(1e-6);
  for (const row of apart) {
    expect([row.c3dMeets, row.peerMeets], row.workload).toEqual([false, false]);
    expect(Math.abs(row.c3dDistance - row.peerDistance), row.workload).toBeLessThan(1e-9);
    expect(row.c3dDistance, row.workload).toBeGreaterThan(0.01);
  }
  for (const row of rows) {
    for (const ns of [row.intersects.c3dPerSecond, row.intersects.peerPerSecond, row.closestPoints.c3dPerSecond,
      row.closestPoints.peerPerSecond]) expect(ns, row.workload).toBeGreaterThan(0);
  }
});

it('bench/mesh-sweep.mjs --quick runs and agrees with the three-mesh-bvh sweep on every answer, Rapier on nearly all', () => {
  const rows = results.workloads['mesh-sweep'];
  expect(rows.map((r) => r.workload)).toEqual(['80080 triangles, 2000 capsule sweeps']);
  const [row] = rows;
  // Sweeps as in a game: about half meet the ground or a wall within the frame; some of them start beside a wall.
  expect(row.hitRate).toBeGreaterThan(0.3);
  expect(row.hitRate).toBeLessThan(0.8);
  expect(row.wallSweeps).toBeGreaterThan(100);
  if (row.hits.native !== undefined) expect(row.hits.native).toBe(row.hits.c3d);
  // collide3d's capsule placed at its t touches the mesh (to rounding).
  expect(row.agreement.c3d.clearance).toBeLessThan(1e-12);
  // Conservative advancement stops 1e-9 m short of the contact: the same hits, the same distances to 1e-6 m.
  const peer = row.agreement.threeMeshBvh;
  expect([peer.onlyC3d, peer.onlyPeer]).toEqual([0, 0]);
  expect(row.hits.threeMeshBvh).toBe(row.hits.c3d);
  expect(peer.maxGap).toBeLessThan(1e-6);
  // Rapier computes in float32: it may see a hit where the capsule passes a fraction of a millimetre clear, or stop a
  // little early where it grazes a surface, but never more than 5 mm from the surface.
  const rapier = row.agreement.rapier;
  expect(rapier.onlyC3d + rapier.onlyPeer).toBeLessThanOrEqual(5);
  expect(rapier.clearance).toBeLessThan(5e-3);
  for (const peer of ['c3d', 'rapier', 'threeMeshBvh']) expect(row.sweepsPerSecond[peer], peer).toBeGreaterThan(0);
});

it('bench/move-and-slide.mjs --quick runs, no collide3d character ends inside the terrain, and Rapier\'s walk much the same', () => {
  const rows = results.workloads['move-and-slide'];
  expect(rows.map((r) => r.workload)).toEqual(['100 capsules, 30 frames, 80080 triangles']);
  const [row] = rows;
  expect(row.endedInside.c3d).toBe(0);
  // Most steps end on walkable ground (the rest: falling at the start, sliding down slopes steeper than 45°).
  expect(row.groundedShare.c3d).toBeGreaterThan(0.6);
  expect(row.groundedShare.rapier).toBeGreaterThan(0.6);
  // Same motions, same settings: half the characters end within 0.25 m of where Rapier's do.
  expect(row.apart.median).toBeLessThan(0.25);
  for (const peer of ['c3d', 'rapier']) expect(row.stepsPerSecond[peer], peer).toBeGreaterThan(0);
});

it('bench/convex-pairs.mjs --quick runs, and collide3d and Rapier agree on which pairs overlap', () => {
  const rows = results.workloads['convex-pairs'];
  expect(rows.map((r) => r.workload)).toEqual(['box–box: distance (GJK)', 'box–box: contact (EPA)',
    'capsule–box: distance (GJK)', 'capsule–box: contact (EPA)', 'hull32–hull32: distance (GJK)',
    'hull32–hull32: contact (EPA)', 'capsule–hull32: distance (GJK)', 'capsule–hull32: contact (EPA)']);
  for (const row of rows) {
    // Both kinds of pair occur, and a disagreement is a pair touching to within rounding (at most a few in 1,000).
    expect(row.overlapping / 1000, row.workload).toBeGreaterThan(0.2);
    expect(row.overlapping / 1000, row.workload).toBeLessThan(0.8);
    expect(row.disagree, row.workload).toBeLessThanOrEqual(3);
    expect(row.c3dNs > 0 && row.peerNs > 0, row.workload).toBe(true);
  }
});

it('bench/threads.mjs --quick runs, and every pool answers as the calling thread, number for number', () => {
  const { rows, shareMs } = results.workloads.threads;
  expect(rows.map((r) => r.workload.replace(/\d+/g, 'N'))).toEqual(['first hits on a N-triangle knot, N rays',
    'ray–sphere raycastBatch, N pairs', 'ray–cylinder raycastBatch, N pairs', 'ray–triangle raycastBatch, N pairs',
    'box–box intersectsBatch, N pairs', 'allPairs, N boxes', 'cullSpheres, N spheres']);
  for (const row of rows) {
    expect(row.agree, row.workload).toBe(true);
    expect(row.hitRate, row.workload).toBeGreaterThan(0.1);  // a share of hits, or pairs a box
    expect(row.hitRate, row.workload).toBeLessThan(0.97);
    expect(Object.keys(row.poolMs)).toContain('2');
  }
  expect(shareMs.length).toBeGreaterThanOrEqual(2);
});

it('scripts/readme-performance.mjs writes every table of a run into the README, each where its header is', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const tables = readmeTables(results);
  expect(tables.length).toBe(15);
  const written = withTables(readme, tables);
  for (const table of tables) expect(written).toContain(table.join('\n'));
  // The quick run's single-query rows, with their figures, replace the README's rows.
  const [first] = results.workloads['single-queries'];
  expect(written).toContain(`| ray–triangle raycast | ${(100 * first.hitRate).toFixed(1)} % | ${first.threeNs.toFixed(1)} |`);
  // A table replaced whole: writing the same tables again changes nothing.
  expect(withTables(written, tables)).toBe(written);
});

it('the ray–sphere referee of bench/single-queries.mjs decides as exact arithmetic does', async () => {
  const { init } = await import('../../web/lib/index.js');
  const { singleQueries } = await import('../../bench/workloads/single-queries.js');
  const THREE = await import('three');
  const c3d = await init();
  const w = singleQueries(c3d, 1).WORKLOADS.find((x) => x.name === 'ray–sphere raycast');
  // By hand: tangent at the unit sphere's side (touching), one float32 ulp beyond it, moving away from outside,
  // starting inside moving away, and starting on the surface moving away.
  const ray = (o, d) => new THREE.Ray(new THREE.Vector3(...o), new THREE.Vector3(...d));
  const ball = new THREE.Sphere(new THREE.Vector3(0, 0, 0), 1);
  const beyond = 1 + 2 ** -23;
  expect([ray([0, 1, -5], [0, 0, 1]), ray([0, beyond, -5], [0, 0, 1]), ray([0, 0, -5], [0, 0, -1]),
    ray([0, 0, 0.5], [0, 0, 1]), ray([0, 0, 1], [0, 0, 1])].map((r) => w.exact(r, ball))).toEqual([true, false, false, true, true]);
  // And collide3d's exact answer on the bench's own pairs.
  for (let i = 0; i < 20000; ++i) {
    const [r, s] = w.make();
    expect(w.exact(r, s), `pair ${i}`).toBe(w.c3d(Object.assign(r, { type: 'ray' }), Object.assign(s, { type: 'sphere' })));
  }
});

it('the ray–triangle referee of bench/mesh-raycast.mjs decides as exact arithmetic does', async () => {
  const { exactRayTriangle, makeRays, refereeFirstHits } = await import('../../bench/workloads/mesh-raycast.js');
  const { init } = await import('../../web/lib/index.js');
  const { mulberry32 } = await import('../../bench/random.mjs');
  const THREE = await import('three');
  // By hand, a ray down the z axis onto the unit right triangle in z = 0, met at t = 2: nearer than 3, not nearer
  // than 2 itself, nearer than the next double after 2; on its long edge (x + y = 1) and one ulp beyond it; from below
  // (moving away); lying in its plane (undecided); a number no integer times 2^-200 (undecided); from below, moving up
  // (the plane's normal the other way round), nearer than 3 and not than 2.
  const triangle = [[0, 0, 0], [1, 0, 0], [0, 1, 0]], down = [0, 0, -1];
  const decide = (o, d, than) => exactRayTriangle(o, d, ...triangle, than);
  expect([decide([0.25, 0.25, 2], down, 3), decide([0.25, 0.25, 2], down, 2), decide([0.25, 0.25, 2], down, 2 + 2 ** -51),
    decide([0.5, 0.5, 2], down, 3), decide([0.5, 0.5 + 2 ** -53, 2], down, 3), decide([0.25, 0.25, -2], down, 3),
    decide([0.25, 0.25, 0], [1, 0, 0], 3), decide([2 ** -160 * (1 + 2 ** -52), 0.25, 2], down, 3),
    decide([0.25, 0.25, -2], [0, 0, 1], 3), decide([0.25, 0.25, -2], [0, 0, 1], 2)]).toEqual([-1, 1, -1, -1, 1, 1, 0, 0, -1, 1]);
  // On a knot: collide3d's first hit's triangle is met nearer than a hair beyond its t, and not nearer than a hair
  // before it; so the referee proves wrong a peer that reports farther distances, or nearer ones.
  const c3d = await init();
  const geometry = new THREE.TorusKnotGeometry(1, 0.4, 40, 8);
  const positions = geometry.attributes.position.array, index = geometry.index.array;
  const mesh = new c3d.TriangleMesh(positions, index);
  const rays = makeRays(mulberry32(7), 400);
  const caster = { type: 'ray', origin: new THREE.Vector3(), direction: new THREE.Vector3() };
  const hits = Array.from({ length: 400 }, (_, i) => {
    caster.origin.fromArray(rays, 6 * i);
    caster.direction.fromArray(rays, 6 * i + 3);
    return mesh.raycast(caster);
  });
  mesh.dispose();
  const corner = (k, j) => Array.from(positions.subarray(3 * index[3 * k + j], 3 * index[3 * k + j] + 3));
  const hitRays = hits.flatMap((hit, i) => (hit === null ? [] : [i]));
  expect(hitRays.length).toBeGreaterThan(300);
  for (const i of hitRays) {
    const o = Array.from(rays.subarray(6 * i, 6 * i + 3)), d = Array.from(rays.subarray(6 * i + 3, 6 * i + 6));
    const k = hits[i].triangleIndex, t = hits[i].t;
    expect(exactRayTriangle(o, d, corner(k, 0), corner(k, 1), corner(k, 2), t * (1 + 1e-12)), `ray ${i}`).toBe(-1);
    expect(exactRayTriangle(o, d, corner(k, 0), corner(k, 1), corner(k, 2), t * (1 - 1e-12)), `ray ${i}`).toBe(1);
  }
  const all = Array.from({ length: 400 }, (_, i) => i), hitOf = (i) => hits[i]?.triangleIndex ?? -1;
  const farther = Float64Array.from(hits, (hit) => (hit === null ? Infinity : hit.t * 1.01));
  const ours = Float64Array.from(hits, (hit) => (hit === null ? Infinity : hit.t));
  const nearer = Float64Array.from(hits, (hit) => (hit === null ? Infinity : hit.t * 0.99));
  const count = index.length / 3;
  expect(refereeFirstHits(all, rays, farther, ours, hitOf, count, corner)).toEqual(hitRays);
  // A peer's nearer distance is wrong when no triangle is met before it: so on every ray that hits (the knot's
  // surface is closed, so the first hit is the ray's entry), and on none where the peer's is collide3d's own t,
  // moved past the first hit's triangle (a hit 1 % beyond it: the triangle itself is met nearer).
  expect(refereeFirstHits(all, rays, nearer, ours, hitOf, count, corner)).toEqual(hitRays);
  const beyond = Float64Array.from(hits, (hit) => (hit === null ? Infinity : hit.t * 1.02));
  expect(refereeFirstHits(all, rays, ours, beyond, hitOf, count, corner)).toEqual([]);
});
