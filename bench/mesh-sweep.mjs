// Capsule sweeps against a terrain (bench/terrain.mjs: a height field of 80k triangles, and of 1M in the full run, with
// thin walls standing on it; the full run also moves the 80k one 1 km from the origin, to show what the coordinates'
// size costs). Character-sized capsules (radius 0.3–0.5 m, 1.5–2 m tall, upright) start clear of the mesh (0–0.25 m
// above the ground, raised until collide3d says they touch nothing) and move one to four frames' worth at 60 Hz:
// 1–7 m/s along the ground while falling at up to 6 m/s, or, one sweep in seven, towards a wall from 0–0.6 m away.
// Sweeps per second, all on the same capsules and motions:
// - collide3d: TriangleMesh.sweep(capsule, velocity), and its C++ natively (build/native/c3d_sweep_bench) as the
//   machine's limit;
// - Rapier: World.castShape on a TriMesh collider, its Capsule (along its local y) turned onto the segment and placed at
//   its middle; targetDistance 0, maxToi 1 (the velocity is the whole motion), stopAtPenetration true;
// - three-mesh-bvh has no sweep: the one a user writes on MeshBVH.shapecast, nodes visited in the order the moving
//   capsule's bounding box enters them (slab test over time) and skipped once a nearer hit is known, each triangle's
//   time of impact by conservative advancement (Mirtich 1996, "Impulse-based Dynamic Simulation of Rigid Body
//   Systems", PhD thesis): under a translation at constant velocity the distance between two convex sets is convex in
//   time, so Newton steps on it (ExtendedTriangle.closestPointToSegment, the rate from the closest points' direction)
//   never pass the first contact; stopped 1e-9 m short of it.
// The answers are compared with collide3d's: the sweeps only one side says hit, the distance travelled to the contact
// (t times the motion's length), and how far from the mesh the capsule still is where each says it first touches.
// Rapier computes in float32: its answers are expected near, not equal.
// Usage: node bench/mesh-sweep.mjs [--quick] [--json out.json]
import * as THREE from 'three';
import { MeshBVH, SAH, INTERSECTED, NOT_INTERSECTED } from 'three-mesh-bvh';
import RAPIER from '@dimforge/rapier3d-compat';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { init } from '../web/lib/index.js';
import { median, medianEach } from './median.mjs';
import { mulberry32 } from './random.mjs';
import { makeTerrain } from './terrain.mjs';

const quick = process.argv.includes('--quick');
const jsonAt = process.argv.indexOf('--json');
// Vertices along an edge, walls, and where the centre is (x = z; the same terrain moved 1 km away shows what the
// coordinates' size costs).
const TERRAINS = quick ? [[201, 40, 0]] : [[201, 40, 0], [201, 40, 1000], [708, 150, 0]];
const SWEEPS = quick ? 2_000 : 20_000;
const RUNS = quick ? 1 : 3;
const NATIVE = new URL('../build/native/c3d_sweep_bench', import.meta.url).pathname;

const c3d = await init();
await RAPIER.init();

// The sweeps: { capsule (collide3d's shape), velocity, length (of the velocity), kind: 'ground' | 'wall' }.
function makeSweeps(terrain, mesh, count) {
  const random = mulberry32(2026);
  const between = (lo, hi) => lo + (hi - lo) * random();
  const groundAt = (x, z) => {
    const hit = mesh.raycast({ type: 'ray', origin: { x, y: 1000, z }, direction: { x: 0, y: -1, z: 0 } });
    return 1000 - hit.t;
  };
  const sweeps = [];
  while (sweeps.length < count) {
    const radius = between(0.3, 0.5), tall = between(1.5, 2), frames = 1 + Math.floor(4 * random());
    const dt = frames / 60;
    let x, z, vx, vz;
    const toWall = random() < 1 / 7;
    if (toWall) {
      // A point beside a wall, moving towards it at up to 60° from its normal.
      const wall = terrain.walls[Math.floor(random() * terrain.walls.length)];
      const along = between(0.1, 0.9), side = random() < 0.5 ? -1 : 1, gap = radius + between(0, 0.6);
      const ux = wall.to[0] - wall.from[0], uz = wall.to[1] - wall.from[1], length = Math.hypot(ux, uz);
      const nx = (-uz / length) * side, nz = (ux / length) * side;
      x = terrain.offset + wall.from[0] + along * ux + gap * nx;
      z = terrain.offset + wall.from[1] + along * uz + gap * nz;
      const turn = between(-Math.PI / 3, Math.PI / 3), speed = between(1, 7) * dt;
      vx = -(nx * Math.cos(turn) - nz * Math.sin(turn)) * speed;
      vz = -(nx * Math.sin(turn) + nz * Math.cos(turn)) * speed;
    } else {
      const limit = terrain.half - 5, heading = 2 * Math.PI * random(), speed = between(1, 7) * dt;
      x = terrain.offset + between(-limit, limit);
      z = terrain.offset + between(-limit, limit);
      vx = Math.cos(heading) * speed;
      vz = Math.sin(heading) * speed;
    }
    const velocity = { x: vx, y: between(-6, 0.5) * dt, z: vz };
    let bottom = groundAt(x, z) + between(0, 0.25);
    const capsule = () => ({ type: 'capsule', start: { x, y: bottom + radius, z }, end: { x, y: bottom + tall - radius, z }, radius });
    while (mesh.intersects(capsule())) bottom += 0.02;
    sweeps.push({ capsule: capsule(), velocity, length: Math.hypot(velocity.x, velocity.y, velocity.z), kind: toWall ? 'wall' : 'ground' });
  }
  return sweeps;
}

// Runs each of `sweepers` (i => a t in [0, 1], or Infinity for a miss) on every sweep, taking turns so that a change
// in the machine's load slows them alike: for each, the median sweeps/s and the answers.
function throughputs(count, sweepers) {
  const answers = Object.values(sweepers).map(() => new Float64Array(count));
  const runs = medianEach(RUNS, Object.values(sweepers).map((sweep, k) => () => {
    for (let i = 0; i < count; ++i) answers[k][i] = sweep(i);
  }));
  return Object.fromEntries(Object.keys(sweepers).map((name, k) => [name,
    { perSecond: (count / runs[k].ms) * 1000, t: answers[k] }]));
}

// The same sweeps by collide3d's C++ natively (g++ -O3 -march=native, build/native/c3d_sweep_bench), when built:
// { buildMs, sweepsPerSecond, hits }.
function native({ positions, index, triangles }, sweeps) {
  if (!existsSync(NATIVE)) return undefined;
  const numbers = new Float64Array(10 * sweeps.length);
  sweeps.forEach(({ capsule: { start: a, end: b, radius }, velocity: v }, i) =>
    numbers.set([a.x, a.y, a.z, b.x, b.y, b.z, radius, v.x, v.y, v.z], 10 * i));
  const file = join(mkdtempSync(join(tmpdir(), 'collide3d-sweep-')), 'input.bin');
  const header = new Uint32Array([positions.length / 3, triangles, sweeps.length, RUNS]);
  writeFileSync(file, Buffer.concat([header, positions, index, numbers]
    .map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength))));
  return JSON.parse(execFileSync(NATIVE, [file], { encoding: 'utf8' }));
}

// Rapier's inputs for the sweeps: its capsule's pose and shape.
function rapierInputs(sweeps) {
  const up = new THREE.Vector3(0, 1, 0), axis = new THREE.Vector3(), turn = new THREE.Quaternion();
  return sweeps.map(({ capsule: { start, end, radius }, velocity }) => {
    axis.set(end.x - start.x, end.y - start.y, end.z - start.z);
    const halfHeight = axis.length() / 2;
    turn.setFromUnitVectors(up, axis.normalize());
    return {
      position: { x: (start.x + end.x) / 2, y: (start.y + end.y) / 2, z: (start.z + end.z) / 2 },
      rotation: { x: turn.x, y: turn.y, z: turn.z, w: turn.w },
      velocity, shape: new RAPIER.Capsule(halfHeight, radius),
    };
  });
}

// The sweep a three-mesh-bvh user writes (see the top of the file): t in [0, 1] or Infinity.
function threeMeshBvhSweeper(bvh) {
  const segment = new THREE.Line3(), moved = new THREE.Line3();
  const onTriangle = new THREE.Vector3(), onSegment = new THREE.Vector3(), v = new THREE.Vector3();
  const lo = new THREE.Vector3(), hi = new THREE.Vector3();
  let radius = 0, best = Infinity;
  // The time the capsule's box, moving by v, first overlaps `box` (Ericson, Real-Time Collision Detection, 5.5.8,
  // per axis); Infinity if not for t in [0, 1] before the best time found.
  const entry = (box) => {
    let enter = 0, leave = Math.min(best, 1);
    for (const axis of ['x', 'y', 'z']) {
      const speed = v[axis], a = box.min[axis] - hi[axis], b = box.max[axis] - lo[axis];  // overlap: a <= t v <= b
      if (speed === 0) {
        if (a > 0 || b < 0) return Infinity;
      } else {
        const t0 = (speed > 0 ? a : b) / speed, t1 = (speed > 0 ? b : a) / speed;
        enter = Math.max(enter, t0);
        leave = Math.min(leave, t1);
      }
    }
    return enter <= leave ? enter : Infinity;
  };
  const callbacks = {
    boundsTraverseOrder: entry,
    intersectsBounds: (box, isLeaf, score) => (score < best ? INTERSECTED : NOT_INTERSECTED),
    intersectsTriangle(triangle) {
      let t = 0;
      for (let step = 0; step < 100 && t <= 1 && t < best; ++step) {
        moved.start.copy(segment.start).addScaledVector(v, t);
        moved.end.copy(segment.end).addScaledVector(v, t);
        const gap = triangle.closestPointToSegment(moved, onTriangle, onSegment) - radius;
        if (gap <= 1e-9) {
          best = t;
          return false;
        }
        // The rate the gap closes at: the velocity along the direction from the triangle to the segment.
        const closing = -v.dot(onSegment.sub(onTriangle)) / (gap + radius);
        if (!(closing > 0)) return false;  // moving away: the distance never shrinks again
        t += gap / closing;
      }
      return false;
    },
  };
  return ({ capsule, velocity }) => {
    const { start, end } = capsule;
    radius = capsule.radius;
    best = Infinity;
    segment.start.set(start.x, start.y, start.z);
    segment.end.set(end.x, end.y, end.z);
    v.set(velocity.x, velocity.y, velocity.z);
    lo.copy(segment.start).min(segment.end).subScalar(radius);
    hi.copy(segment.start).max(segment.end).addScalar(radius);
    bvh.shapecast(callbacks);
    return best;
  };
}

// The capsule of a sweep moved by t times its velocity.
function placed({ capsule: { start, end, radius }, velocity: v }, t) {
  const at = (p) => ({ x: p.x + t * v.x, y: p.y + t * v.y, z: p.z + t * v.z });
  return { type: 'capsule', start: at(start), end: at(end), radius };
}

// How far a peer's answers `t` are from collide3d's `reference`: the sweeps only one of them says hit; over the sweeps
// both hit, the largest and 99th-percentile difference in the distance travelled to the contact (m); and how far from
// touching the mesh the capsule is where the peer says it first touches (m; collide3d's closestPoints).
function agreement(reference, t, sweeps, mesh) {
  let onlyC3d = 0, onlyPeer = 0, clearance = 0;
  const gaps = [];
  for (let i = 0; i < sweeps.length; ++i) {
    const a = reference[i], b = t[i];
    if (b !== Infinity) clearance = Math.max(clearance, mesh.closestPoints(placed(sweeps[i], b)).distance);
    if (a === Infinity && b !== Infinity) ++onlyPeer;
    else if (a !== Infinity && b === Infinity) ++onlyC3d;
    else if (a !== Infinity) gaps.push(Math.abs(a - b) * sweeps[i].length);
  }
  gaps.sort((x, y) => x - y);
  return { onlyC3d, onlyPeer, maxGap: gaps.length ? gaps[gaps.length - 1] : 0,
    p99Gap: gaps.length ? gaps[Math.floor(0.99 * (gaps.length - 1))] : 0, clearance };
}

const rows = [];
for (const [side, wallCount, offset] of TERRAINS) {
  const terrain = makeTerrain(side, wallCount, offset);
  const { positions, index } = terrain;
  const builds = {};
  let mesh, collider, bvh;
  builds.c3d = median(RUNS, () => {
    if (mesh) mesh.dispose();
    mesh = new c3d.TriangleMesh(positions, index);
  }).ms;
  const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
  builds.rapier = median(RUNS, () => {
    if (collider) world.removeCollider(collider, false);
    collider = world.createCollider(RAPIER.ColliderDesc.trimesh(positions, index));
  }).ms;
  world.step();  // the world's queries see a collider from the step after it was added
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3));
  geometry.setIndex(new THREE.BufferAttribute(index.slice(), 1));  // three-mesh-bvh reorders the index as it builds
  builds.threeMeshBvh = median(RUNS, () => (bvh = new MeshBVH(geometry, { strategy: SAH }))).ms;

  const sweeps = makeSweeps(terrain, mesh, SWEEPS);
  const rapier = rapierInputs(sweeps);
  const threeSweep = threeMeshBvhSweeper(bvh);
  const results = throughputs(SWEEPS, {
    c3d: (i) => {
      const hit = mesh.sweep(sweeps[i].capsule, sweeps[i].velocity);
      return hit ? hit.t : Infinity;
    },
    rapier: (i) => {
      const r = rapier[i];
      const hit = world.castShape(r.position, r.rotation, r.velocity, r.shape, 0, 1, true);
      return hit ? hit.time_of_impact : Infinity;
    },
    threeMeshBvh: (i) => threeSweep(sweeps[i]),
  });
  const machine = native(terrain, sweeps);
  const hits = (t) => t.filter((x) => x !== Infinity).length;
  const kinds = (kind) => sweeps.filter((s) => s.kind === kind).length;
  rows.push({
    workload: `${terrain.triangles} triangles${offset ? `, ${offset / 1000} km from the origin` : ''}, ${SWEEPS} capsule sweeps`,
    triangles: terrain.triangles, sweeps: SWEEPS, wallSweeps: kinds('wall'), steepShare: terrain.steepShare,
    buildMs: { ...builds, native: machine?.buildMs },
    sweepsPerSecond: { ...Object.fromEntries(Object.entries(results).map(([name, r]) => [name, r.perSecond])),
      native: machine?.sweepsPerSecond },
    hits: { ...Object.fromEntries(Object.entries(results).map(([name, r]) => [name, hits(r.t)])), native: machine?.hits },
    hitRate: hits(results.c3d.t) / SWEEPS,
    agreement: Object.fromEntries(Object.entries(results).map(([name, r]) => [name, agreement(results.c3d.t, r.t, sweeps, mesh)])),
  });
  mesh.dispose();
  world.free();
}

const k = (x) => (x === undefined ? '–' : `${(x / 1000).toFixed(x < 10_000 ? 1 : 0)}k`);
const m = (x) => x.toExponential(1);
console.log(`\n| capsule sweeps (median of ${RUNS}) | hit rate | sweeps/s: collide3d | Rapier castShape | three-mesh-bvh shapecast | native | collide3d / Rapier | collide3d / three-mesh-bvh | build ms: collide3d / Rapier / three-mesh-bvh |`);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  const s = r.sweepsPerSecond, b = r.buildMs;
  console.log(`| ${r.workload} | ${(100 * r.hitRate).toFixed(1)} % | ${k(s.c3d)} | ${k(s.rapier)} | ${k(s.threeMeshBvh)} | ${k(s.native)} | ${(s.c3d / s.rapier).toFixed(2)} | ${(s.c3d / s.threeMeshBvh).toFixed(2)} | ${b.c3d.toFixed(0)} / ${b.rapier.toFixed(0)} / ${b.threeMeshBvh.toFixed(0)} |`);
}
console.log('\n| answers against collide3d\'s | by | hits | hits only collide3d / only the peer finds | distance to contact, largest difference (m) | 99th percentile (m) | largest gap left at the contact found (m) |');
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const r of rows) {
  for (const [peer, name] of [['c3d', 'collide3d'], ['rapier', 'Rapier'], ['threeMeshBvh', 'three-mesh-bvh']]) {
    const a = r.agreement[peer];
    const native = peer === 'c3d' && r.hits.native !== undefined ? ` (native: ${r.hits.native})` : '';
    console.log(`| ${r.workload} | ${name} | ${r.hits[peer]}${native} | ${a.onlyC3d} / ${a.onlyPeer} | ${m(a.maxGap)} | ${m(a.p99Gap)} | ${m(a.clearance)} |`);
  }
}
if (jsonAt > 0) writeFileSync(process.argv[jsonAt + 1], JSON.stringify(rows, null, 2));
