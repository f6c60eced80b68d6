// Picking three.js scenes through raycaster.intersectObject(s): collide3d/three's drop-in against three-mesh-bvh's
// (same call shapes) and three.js's own raycast, on three workloads:
// - three-mesh-bvh's own benchmark geometry, TorusGeometry(5, 5, 700, 300) (420k triangles), with and without
//   firstHitOnly, and the build (three-mesh-bvh's default CENTER strategy);
// - an InstancedMesh of 10,000 instances (three-mesh-bvh's drop-in visits every instance; its ObjectBVH indexes them);
// - a scene of 10,000 meshes: collide3d's SceneIndex against three-mesh-bvh's ObjectBVH, and
//   raycaster.intersectObjects over every mesh with three-mesh-bvh's trees.
// Rays start on a sphere around the scene and aim at random points inside its bounds; each row states the share of
// rays that hit. Every row checks that the peers report the same number of hits and the same nearest distances.
// Usage: node bench/three-raycast.mjs [--quick] [--json out.json]
import * as THREE from 'three';
import * as BVH from 'three-mesh-bvh';
import { writeFileSync } from 'node:fs';
import { init } from '../web/lib/index.js';
import { SceneIndex, acceleratedRaycast, computeBoundsTree } from '../web/lib/three/index.js';
import { median } from './median.mjs';
import { mulberry32 } from './random.mjs';

const quick = process.argv.includes('--quick');
const jsonAt = process.argv.indexOf('--json');
const RUNS = quick ? 1 : 3;
const RAYS = quick ? 300 : 5_000;
const THREE_RAYS = quick ? 3 : 20;  // three.js's own raycast visits every triangle or instance
const COUNT = quick ? 1_000 : 10_000;  // instances, scene meshes

await init();
const random = mulberry32(16);

// Rays from a sphere of radius `radius` around the origin towards random points of `box`.
function makeRays(count, radius, box) {
  const rays = [];
  const size = box.getSize(new THREE.Vector3());
  for (let i = 0; i < count; ++i) {
    const from = new THREE.Vector3();
    do from.set(2 * random() - 1, 2 * random() - 1, 2 * random() - 1); while (from.lengthSq() > 1 || from.lengthSq() < 1e-6);
    from.normalize().multiplyScalar(radius);
    const to = new THREE.Vector3(random(), random(), random()).multiply(size).add(box.min);
    rays.push(new THREE.Ray(from, to.sub(from).normalize()));
  }
  return rays;
}

// Rays/s of `cast(raycaster)` over the rays (the median of RUNS), the hits, and each ray's nearest distance.
function throughput(rays, firstHitOnly, cast) {
  const raycaster = new THREE.Raycaster();
  raycaster.firstHitOnly = firstHitOnly;
  const nearest = new Float64Array(rays.length);
  const { ms, result } = median(RUNS, () => {
    let hits = 0;
    rays.forEach((ray, i) => {
      raycaster.ray.copy(ray);
      const found = cast(raycaster);
      nearest[i] = found.length === 0 ? Infinity : found.reduce((d, h) => Math.min(d, h.distance), Infinity);
      hits += found.length;
    });
    return hits;
  });
  return { raysPerSecond: rays.length / ms * 1000, hits: result, nearest };
}

// How many rays' nearest distances differ between two peers by more than 1e-9 (relative).
const disagreements = (a, b, count = Math.min(a.length, b.length)) => {
  let n = 0;
  for (let i = 0; i < count; ++i) if (!(Math.abs(a[i] - b[i]) <= 1e-9 * (1 + a[i])) && a[i] !== b[i]) ++n;
  return n;
};

const rows = [];
function row(workload, rays, peers) {
  const out = { workload, rays: rays.length, rates: {}, hits: {}, hitRate: 0, disagreements: {} };
  let reference;
  for (const [name, [firstHitOnly, cast, count = rays.length]] of Object.entries(peers)) {
    const result = throughput(rays.slice(0, count), firstHitOnly, cast);
    out.rates[name] = result.raysPerSecond;
    out.hits[name] = result.hits;
    if (name.startsWith('collide3d')) {
      reference = result.nearest;
      out.hitRate = result.nearest.filter((d) => d !== Infinity).length / rays.length;
    } else if (reference !== undefined) {
      out.disagreements[name] = disagreements(reference, result.nearest, count);
    }
  }
  rows.push(out);
}

// three-mesh-bvh's benchmark torus.
const torus = new THREE.TorusGeometry(5, 5, quick ? 70 : 700, quick ? 30 : 300);
const torusBvh = torus.clone();
const material = new THREE.MeshBasicMaterial({ side: THREE.DoubleSide });
const ours = new THREE.Mesh(torus, material), theirs = new THREE.Mesh(torusBvh, material), plain = new THREE.Mesh(torus, material);
ours.raycast = acceleratedRaycast;
theirs.raycast = BVH.acceleratedRaycast;
const build = {
  threeMeshBvhCenter: median(RUNS, () => { torusBvh.boundsTree = new BVH.MeshBVH(torusBvh, { strategy: BVH.CENTER }); }).ms,
  c3d: median(RUNS, () => computeBoundsTree.call(torus)).ms,
};
const triangles = torus.index.count / 3;
torus.computeBoundingBox();
const torusRays = makeRays(RAYS, 20, torus.boundingBox);
for (const first of [true, false]) {
  row(`torus ${triangles / 1000}k triangles${first ? ', firstHitOnly' : ''}`, torusRays, {
    'collide3d': [first, (r) => r.intersectObject(ours)],
    'three-mesh-bvh': [first, (r) => r.intersectObject(theirs)],
    'three.js': [first, (r) => r.intersectObject(plain), THREE_RAYS],
  });
}
rows[0].buildMs = build;

// 10,000 instances of a small knot, spread through a cube.
const knot = new THREE.TorusKnotGeometry(0.5, 0.15, 48, 8);
const knotBvh = knot.clone();
computeBoundsTree.call(knot);
knotBvh.boundsTree = new BVH.MeshBVH(knotBvh);
const matrix = new THREE.Matrix4();
const spread = (object) => {
  for (let i = 0; i < COUNT; ++i) {
    matrix.makeRotationFromEuler(new THREE.Euler(6 * random(), 6 * random(), 6 * random()))
      .setPosition(100 * random() - 50, 100 * random() - 50, 100 * random() - 50);
    object.setMatrixAt(i, matrix);
  }
  return object;
};
const instancedOurs = spread(new THREE.InstancedMesh(knot, material, COUNT));
const instancedTheirs = new THREE.InstancedMesh(knotBvh, material, COUNT);
instancedTheirs.instanceMatrix.copy(instancedOurs.instanceMatrix);
const instancedPlain = new THREE.InstancedMesh(knot, material, COUNT);
instancedPlain.instanceMatrix.copy(instancedOurs.instanceMatrix);
for (const object of [instancedOurs, instancedTheirs, instancedPlain]) object.computeBoundingSphere();
instancedOurs.raycast = acceleratedRaycast;
instancedTheirs.raycast = BVH.acceleratedRaycast;
const instancesIndex = new BVH.ObjectBVH(instancedTheirs);
const cube = new THREE.Box3(new THREE.Vector3(-50, -50, -50), new THREE.Vector3(50, 50, 50));
const instanceRays = makeRays(RAYS, 120, cube);
row(`InstancedMesh, ${COUNT / 1000}k instances, firstHitOnly`, instanceRays, {
  'collide3d': [true, (r) => r.intersectObject(instancedOurs)],
  'three-mesh-bvh': [true, (r) => r.intersectObject(instancedTheirs), quick ? RAYS : RAYS / 10],
  'three-mesh-bvh ObjectBVH': [true, (r) => instancesIndex.raycast(r, [])],
  'three.js': [true, (r) => r.intersectObject(instancedPlain), THREE_RAYS],
});

// A scene of 10,000 meshes of the same knot.
const sceneOurs = new THREE.Scene(), sceneTheirs = new THREE.Scene();
for (let i = 0; i < COUNT; ++i) {
  instancedOurs.getMatrixAt(i, matrix);
  const a = new THREE.Mesh(knot, material), b = new THREE.Mesh(knotBvh, material);
  matrix.decompose(a.position, a.quaternion, a.scale);
  matrix.decompose(b.position, b.quaternion, b.scale);
  a.raycast = acceleratedRaycast;
  b.raycast = BVH.acceleratedRaycast;
  sceneOurs.add(a);
  sceneTheirs.add(b);
}
sceneOurs.updateMatrixWorld(true);
sceneTheirs.updateMatrixWorld(true);
const sceneBuild = {
  c3d: median(RUNS, () => new SceneIndex(sceneOurs).dispose()).ms,
  threeMeshBvhObjectBvh: median(RUNS, () => new BVH.ObjectBVH(sceneTheirs)).ms,
};
const sceneIndex = new SceneIndex(sceneOurs);
const objectsIndex = new BVH.ObjectBVH(sceneTheirs);
row(`scene of ${COUNT / 1000}k meshes, firstHitOnly`, instanceRays, {
  'collide3d SceneIndex': [true, (r) => sceneIndex.intersectObjects(r)],
  'three-mesh-bvh ObjectBVH': [true, (r) => objectsIndex.raycast(r, [])],
  'three.js intersectObjects, three-mesh-bvh meshes': [true, (r) => r.intersectObjects(sceneTheirs.children), quick ? RAYS : RAYS / 10],
});
rows[rows.length - 1].buildMs = sceneBuild;

const k = (x) => (x === undefined ? '–' : x >= 1e5 ? `${(x / 1000).toFixed(0)}k` : x.toFixed(0));
console.log(`\n| workload (median of ${RUNS}) | rays/s: collide3d | peers | collide3d / best peer | hit rate | nearest-hit disagreements |`);
console.log('|---|---:|---|---:|---:|---|');
for (const r of rows) {
  const [ourName, ...peerNames] = Object.keys(r.rates);
  const best = Math.max(...peerNames.filter((n) => !n.startsWith('three.js')).map((n) => r.rates[n]));
  const peers = peerNames.map((n) => `${n} ${k(r.rates[n])}`).join('; ');
  const disagree = Object.entries(r.disagreements).map(([n, d]) => `${n}: ${d}`).join('; ');
  console.log(`| ${r.workload} | ${k(r.rates[ourName])} | ${peers} | ${(r.rates[ourName] / best).toFixed(2)} | ${(100 * r.hitRate).toFixed(0)} % | ${disagree} |`);
}
console.log(`\nBuild, ms: torus ${triangles / 1000}k: collide3d ${build.c3d.toFixed(0)}, three-mesh-bvh CENTER ` +
  `${build.threeMeshBvhCenter.toFixed(0)}; scene index of ${COUNT / 1000}k meshes: collide3d ${sceneBuild.c3d.toFixed(1)}, ` +
  `three-mesh-bvh ObjectBVH ${sceneBuild.threeMeshBvhObjectBvh.toFixed(1)}`);
if (jsonAt > 0) writeFileSync(process.argv[jsonAt + 1], JSON.stringify(rows, null, 2));
