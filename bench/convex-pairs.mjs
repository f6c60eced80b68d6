// GJK distance and EPA contact per pair of convex solids, collide3d against Rapier (parry, in its wasm build) on the
// same pairs in one run: oriented boxes, a capsule against a box, two 32-point convex hulls, a capsule against a
// hull. Pairs are placed at random in a cube sized so that about half of them overlap (the rate is printed). Each
// side gets the same numbers, prepared once as its users would: collide3d plain objects and ConvexHull objects
// (hulled once), Rapier colliders in a world (shape, translation and rotation set once; contactCollider per query,
// with a large prediction for the distance and 0 for the contact). The overlap decisions must agree (distance 0
// against a contact at or below 0) but for pairs within 1e-9 of touching.
// Usage: node bench/convex-pairs.mjs [--quick] [--json out.json]
import RAPIER from '@dimforge/rapier3d-compat';
import { writeFileSync } from 'node:fs';
import { init } from '../web/lib/index.js';
import { medianEach } from './median.mjs';
import { mulberry32 } from './random.mjs';

const quick = process.argv.includes('--quick');
const jsonAt = process.argv.indexOf('--json');
const PAIRS = quick ? 1_000 : 10_000;
const RUNS = quick ? 1 : 5;

await RAPIER.init();
const c3d = await init();
const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
const random = mulberry32(18);
const u = (lo, hi) => lo + (hi - lo) * random();

// A random unit quaternion (Shoemake 1992) and its rotation matrix, column-major as collide3d takes it.
function orientation() {
  const u1 = random(), u2 = 2 * Math.PI * random(), u3 = 2 * Math.PI * random();
  const a = Math.sqrt(1 - u1), b = Math.sqrt(u1);
  const q = { x: a * Math.cos(u2), y: b * Math.sin(u3), z: b * Math.cos(u3), w: a * Math.sin(u2) };
  const { x, y, z, w } = q;
  const m = [1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y),
    2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x),
    2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)];
  return { q, m };
}
const rotate = (m, p) => ({ x: m[0] * p.x + m[3] * p.y + m[6] * p.z, y: m[1] * p.x + m[4] * p.y + m[7] * p.z,
  z: m[2] * p.x + m[5] * p.y + m[8] * p.z });
let spread = 1;
const place = () => ({ x: u(-spread, spread), y: u(-spread, spread), z: u(-spread, spread) });
const collider = (desc, position, rotation) => world.createCollider(desc.setTranslation(position.x, position.y, position.z)
  .setRotation(rotation));

// Each maker gives one solid both ways: { c3d: shape, rapier: Collider }.
const makers = {
  box() {
    const half = { x: u(0.3, 1), y: u(0.3, 1), z: u(0.3, 1) }, center = place(), { q, m } = orientation();
    return { c3d: { type: 'obb', center, halfSize: half, rotation: m },
      rapier: collider(RAPIER.ColliderDesc.cuboid(half.x, half.y, half.z), center, q) };
  },
  capsule() {
    // Rapier's capsule runs along its local y axis, half height h: its ends are the rotated (0, ±h, 0).
    const h = u(0.3, 1), r = u(0.2, 0.6), center = place(), { q, m } = orientation();
    const axis = rotate(m, { x: 0, y: h, z: 0 });
    const at = (s) => ({ x: center.x + s * axis.x, y: center.y + s * axis.y, z: center.z + s * axis.z });
    return { c3d: { type: 'capsule', start: at(-1), end: at(1), radius: r },
      rapier: collider(RAPIER.ColliderDesc.capsule(h, r), center, q) };
  },
  // 32 points in a ball of radius 0.8 about the origin (float32, as Rapier keeps them), placed and turned: the
  // collide3d hull is of the placed points (as a user's would be), Rapier's of the local ones with the pose.
  hull() {
    const local = new Float32Array(96);
    for (let i = 0; i < 32; ++i) {
      let p;
      do p = [u(-1, 1), u(-1, 1), u(-1, 1)]; while (Math.hypot(...p) > 1);
      local.set(p.map((c) => 0.8 * c), 3 * i);
    }
    const center = place(), { q, m } = orientation();
    const placed = [];
    for (let i = 0; i < 32; ++i) {
      const p = rotate(m, { x: local[3 * i], y: local[3 * i + 1], z: local[3 * i + 2] });
      placed.push({ x: p.x + center.x, y: p.y + center.y, z: p.z + center.z });
    }
    return { c3d: new c3d.ConvexHull(placed), rapier: collider(RAPIER.ColliderDesc.convexHull(local), center, q) };
  },
};

function workload(name, first, second, within) {
  spread = within;
  const pairs = Array.from({ length: PAIRS }, () => [makers[first](), makers[second]()]);
  const ours = {
    distance: () => pairs.map(([a, b]) => c3d.distance(a.c3d, b.c3d)),
    contact: () => pairs.map(([a, b]) => c3d.contact(a.c3d, b.c3d)),
  };
  const theirs = (prediction) => () => pairs.map(([a, b]) => a.rapier.contactCollider(b.rapier, prediction));
  const [distanceOurs, distanceTheirs, contactOurs, contactTheirs] =
    medianEach(RUNS, [ours.distance, theirs(1e3), ours.contact, theirs(0)]);
  let overlapping = 0, disagree = 0;
  distanceOurs.result.forEach((d, i) => {
    const theirsDistance = distanceTheirs.result[i]?.distance ?? Infinity;
    overlapping += d === 0 ? 1 : 0;
    if ((d === 0) !== (theirsDistance <= 0) && Math.abs(theirsDistance) > 1e-9) disagree += 1;
  });
  for (const [a, b] of pairs) {
    for (const side of [a, b]) {
      side.c3d.dispose?.();
      world.removeCollider(side.rapier, false);
    }
  }
  const ns = (ms) => (ms * 1e6) / PAIRS;
  return [
    { workload: `${name}: distance (GJK)`, peerNs: ns(distanceTheirs.ms), c3dNs: ns(distanceOurs.ms), overlapping, disagree },
    { workload: `${name}: contact (EPA)`, peerNs: ns(contactTheirs.ms), c3dNs: ns(contactOurs.ms), overlapping, disagree },
  ].map((row) => ({ ...row, ratio: row.c3dNs / row.peerNs }));
}

const rows = [workload('box–box', 'box', 'box', 1.3), workload('capsule–box', 'capsule', 'box', 1.1),
  workload('hull32–hull32', 'hull', 'hull', 1.1), workload('capsule–hull32', 'capsule', 'hull', 1)].flat();

console.log(`\n| pairs (${PAIRS}, median of ${RUNS}) | Rapier ns/pair | collide3d ns/pair | collide3d / Rapier | overlapping | disagreeing |`);
console.log('|---|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(`| ${r.workload} | ${r.peerNs.toFixed(0)} | ${r.c3dNs.toFixed(0)} | ${r.ratio.toFixed(2)} | ${(100 * r.overlapping / PAIRS).toFixed(0)} % | ${r.disagree} |`);
}
if (jsonAt > 0) writeFileSync(process.argv[jsonAt + 1], JSON.stringify(rows, null, 2));
