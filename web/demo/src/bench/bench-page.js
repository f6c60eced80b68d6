// The benchmark page (bench.html): the workloads of `npm run bench` (bench/workloads/, shared with the node
// scripts) run in the visitor's browser, collide3d beside three.js, three-mesh-bvh and box-intersect, each row with
// the times, the ratio and whether every implementation answered alike. `?quick` runs small sizes (the browser
// test), `?run` starts at once. window.collide3dBench exposes the rows.
import * as THREE from 'three';
import { MeshBVH, SAH } from 'three-mesh-bvh';
import init from 'collide3d';
import { singleQueries } from '../../../../bench/workloads/single-queries.js';
import { culling } from '../../../../bench/workloads/culling.js';
import { broadphaseRows } from '../../../../bench/workloads/broadphase.js';
import { disagreement, firstHitCasts, makeRays, throughput } from '../../../../bench/workloads/mesh-raycast.js';
import { median } from '../../../../bench/median.mjs';
import { mulberry32 } from '../../../../bench/random.mjs';

const search = new URLSearchParams(location.search);
const quick = search.has('quick');
const SIZE = quick
  ? { pairs: 4_000, runs: 1, rays: 2_000, everyTriangleRays: 50, items: 4_000, boxes: 2_000 }
  : { pairs: 200_000, runs: 3, rays: 50_000, everyTriangleRays: 300, items: 100_000, boxes: 20_000 };

const status = document.getElementById('status'), results = document.getElementById('results');
document.getElementById('machine').textContent =
  `${navigator.hardwareConcurrency ?? '?'} logical cores · ${navigator.userAgent}`;
const rows = [];
const nextFrame = () => new Promise((resolve) => setTimeout(resolve, 0));
const figure = (x, digits = 1) => (x === undefined ? '–' : x.toLocaleString('en-US', { maximumFractionDigits: digits }));

// A section of the results: a heading and a table whose rows arrive as they are measured.
function section(title, note, columns) {
  const element = document.createElement('section');
  element.innerHTML = `<h2></h2><p></p><table><thead><tr></tr></thead><tbody></tbody></table>`;
  element.querySelector('h2').textContent = title;
  element.querySelector('p').textContent = note;
  element.querySelector('tr').append(...columns.map((name) => Object.assign(document.createElement('th'), { textContent: name })));
  results.append(element);
  return (row, cells) => {
    rows.push({ section: title, ...row });
    const tr = document.createElement('tr');
    tr.className = row.agree ? '' : 'mismatch';
    tr.append(...[...cells, row.agree ? 'same' : `differ${row.note ? `: ${row.note}` : ''}`]
      .map((text) => Object.assign(document.createElement('td'), { textContent: text })));
    element.querySelector('tbody').append(tr);
  };
}

async function singles(c3d) {
  const add = section('Single queries', `${SIZE.pairs.toLocaleString('en-US')} random pairs per query, ns per pair (median of ${SIZE.runs}); speed-up: three.js's time over collide3d's batch in the heap (below 1: slower).`,
    ['query', 'hit rate', 'three.js', 'collide3d, one call per pair', 'collide3d batch in the heap', 'speed-up', 'answers']);
  const { WORKLOADS, pack, inHeap, time, timeBatch } = singleQueries(c3d, SIZE.runs);
  for (const w of WORKLOADS) {
    const pairs = Array.from({ length: SIZE.pairs }, w.make);
    const threeA = pairs.map((p) => p[0]), threeB = pairs.map((p) => p[1]);
    const three = time(w.three, threeA, threeB);
    const taggedA = threeA.map(w.tags[0]), taggedB = threeB.map(w.tags[1]);
    const ours = time(w.c3d, taggedA, taggedB);
    const heapA = inHeap(pack(taggedA)), heapB = inHeap(pack(taggedB));
    const out = new c3d.HeapArray(w.name.includes('raycast') ? Float64Array : Uint8Array, SIZE.pairs);
    const batch = timeBatch(w.batch, heapA, heapB, out, SIZE.pairs);
    [heapA.items, heapB.items, out].forEach((heap) => heap.dispose());
    const agree = three.hits === ours.hits && ours.hits === batch.hits;
    add({ workload: w.name, peer: 'three.js', peerTime: three.ns, c3dTime: ours.ns, batchTime: batch.ns, agree,
      note: `hits ${three.hits} / ${ours.hits} / ${batch.hits}` },
    [w.name, `${figure((100 * three.hits) / SIZE.pairs)} %`, figure(three.ns), figure(ours.ns), figure(batch.ns), `${figure(three.ns / batch.ns)}×`]);
    await nextFrame();
  }
}

async function meshRaycasts(c3d) {
  const add = section('Mesh raycasts', `A torus knot of 10,000 triangles, ${SIZE.rays.toLocaleString('en-US')} rays from around it (most hit), first hits: rays per second (median of ${SIZE.runs}); three.js's own raycast tests every triangle, so it gets ${SIZE.everyTriangleRays} rays.`,
    ['implementation', 'rays/s', 'speed-up of collide3d\'s batch', 'answers']);
  const geometry = new THREE.TorusKnotGeometry(1, 0.4, 100, 50);
  const rays = makeRays(mulberry32(2024), SIZE.rays);
  const sah = new MeshBVH(geometry, { strategy: SAH });  // reorders the geometry's index: built before the mesh
  const mesh = new c3d.TriangleMesh(geometry.attributes.position.array, geometry.index.array);
  const casts = firstHitCasts(rays, geometry, sah, mesh);
  const ours = throughput(SIZE.rays, casts.c3d, SIZE.runs);
  const out = { t: new Float64Array(SIZE.rays), triangleIndex: new Int32Array(SIZE.rays) };
  const batchMs = median(SIZE.runs, () => mesh.raycastBatch(rays, undefined, out)).ms;
  const batch = SIZE.rays / batchMs * 1000;
  const peers = [['three-mesh-bvh (SAH)', SIZE.rays, casts.sah], ['three.js Mesh.raycast', SIZE.everyTriangleRays, casts.everyTriangle]];
  for (const [name, count, cast] of peers) {
    const theirs = throughput(count, cast, SIZE.runs);
    const note = disagreement(name, theirs.t, ours.t, count);
    add({ workload: name, peer: name, peerTime: 1 / theirs.raysPerSecond, c3dTime: 1 / ours.raysPerSecond, agree: note === '', note },
      [name, figure(theirs.raysPerSecond, 0), `${figure(batch / theirs.raysPerSecond)}×`]);
    await nextFrame();
  }
  const note = disagreement('raycastBatch', out.t, ours.t, SIZE.rays);
  add({ workload: 'collide3d', c3dTime: 1 / ours.raysPerSecond, batchTime: 1 / batch, agree: note === '', note },
    ['collide3d, one call per ray / raycastBatch', `${figure(ours.raysPerSecond, 0)} / ${figure(batch, 0)}`,
      `hit rate ${figure((100 * ours.hits) / SIZE.rays)} %`]);
  mesh.dispose();
  sah.geometry.dispose();
}

async function frustumCulling(c3d) {
  const add = section('Frustum culling', `${SIZE.items.toLocaleString('en-US')} spheres or boxes, ns per object (median of ${SIZE.runs}).`,
    ['objects', 'three.js Frustum', 'collide3d cullSpheres / cullBoxes', 'speed-up', 'answers']);
  const { workloads, time } = culling(c3d, SIZE.items, SIZE.runs);
  for (const [name, threeWay, c3dWay] of workloads) {
    const three = time(threeWay), ours = time(c3dWay);
    add({ workload: name, peer: 'three.js', peerTime: three.ns, c3dTime: ours.ns, agree: three.visible === ours.visible,
      note: `visible ${three.visible} / ${ours.visible}` }, [name, figure(three.ns), figure(ours.ns), `${figure(three.ns / ours.ns)}×`]);
    await nextFrame();
  }
}

async function broadphase(c3d) {
  const add = section('Broadphase', `Every overlapping pair among ${SIZE.boxes.toLocaleString('en-US')} random boxes, ms (median of ${SIZE.runs}).`,
    ['workload', 'box-intersect', 'collide3d', 'speed-up', 'answers']);
  for (const row of broadphaseRows(c3d, SIZE.boxes, SIZE.runs, mulberry32(77))) {
    add({ workload: row.workload, peer: 'box-intersect', peerTime: row.peerMs, c3dTime: row.c3dMs, agree: row.peerPairs === row.c3dPairs,
      note: `pairs ${row.peerPairs} / ${row.c3dPairs}` }, [row.workload, figure(row.peerMs, 2), figure(row.c3dMs, 2), `${figure(row.peerMs / row.c3dMs)}×`]);
  }
}

async function run() {
  const start = document.getElementById('start');
  start.disabled = true;
  results.replaceChildren();
  rows.length = 0;
  const c3d = await init();
  for (const [label, part] of [['single queries', singles], ['mesh raycasts', meshRaycasts], ['culling', frustumCulling], ['broadphase', broadphase]]) {
    status.textContent = `Running: ${label}…`;
    await nextFrame();
    await part(c3d);
  }
  status.textContent = rows.every((row) => row.agree) ? 'Done: every implementation gave the same answers.' : 'Done: some answers differ (marked).';
  start.disabled = false;
  document.body.dataset.done = 'true';
}

document.getElementById('start').addEventListener('click', run);
window.collide3dBench = { rows: () => rows };
document.body.dataset.ready = 'true';
if (search.has('run')) run();
