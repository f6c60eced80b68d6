// GJK distance and EPA contact per pair of convex solids, collide3d against Rapier's shape API (parry, in its wasm
// build) on the same pairs in one run: oriented boxes, capsule against box, and (once shapes allow) hulls. Pairs are
// placed at random in a cube sized so that about half of them overlap (the hit rate is printed). Each side gets the
// same numbers: collide3d plain objects, Rapier its shapes with positions and quaternions. The overlap decisions
// must agree (distance 0 against a contact at or below 0) but for pairs within 1e-9 of touching.
// Usage: node bench/convex-pairs.mjs [--quick] [--json out.json]
import RAPIER from '@dimforge/rapier3d-compat';
import { writeFileSync } from 'node:fs';
import { init } from '../web/lib/index.js';
import { medianEach } from './median.mjs';
import { mulberry32 } from './random.mjs';

const quick = process.argv.includes('--quick');
const jsonAt = process.argv.indexOf('--json');
const PAIRS = quick ? 2_000 : 20_000;
const RUNS = quick ? 1 : 5;

await RAPIER.init();
const c3d = await init();
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
const place = () => ({ x: u(-1.6, 1.6), y: u(-1.6, 1.6), z: u(-1.6, 1.6) });

// Each maker gives one solid both ways: { c3d: shape, rapier: Shape, position, rotation }.
const makers = {
  box() {
    const half = { x: u(0.3, 1), y: u(0.3, 1), z: u(0.3, 1) }, center = place(), { q, m } = orientation();
    return { c3d: { type: 'obb', center, halfSize: half, rotation: m },
      rapier: new RAPIER.Cuboid(half.x, half.y, half.z), position: center, rotation: q };
  },
  capsule() {
    // Rapier's capsule runs along its local y axis, half height h: its ends are the rotated (0, ±h, 0).
    const h = u(0.3, 1), r = u(0.2, 0.6), center = place(), { q, m } = orientation();
    const axis = rotate(m, { x: 0, y: h, z: 0 });
    const at = (s) => ({ x: center.x + s * axis.x, y: center.y + s * axis.y, z: center.z + s * axis.z });
    return { c3d: { type: 'capsule', start: at(-1), end: at(1), radius: r },
      rapier: new RAPIER.Capsule(h, r), position: center, rotation: q };
  },
};

function workload(name, first, second) {
  const pairs = Array.from({ length: PAIRS }, () => [makers[first](), makers[second]()]);
  const ours = {
    distance: () => pairs.map(([a, b]) => c3d.distance(a.c3d, b.c3d)),
    contact: () => pairs.map(([a, b]) => c3d.contact(a.c3d, b.c3d)),
  };
  const theirs = (prediction) => () => pairs.map(([a, b]) =>
    a.rapier.contactShape(a.position, a.rotation, b.rapier, b.position, b.rotation, prediction));
  const [distanceOurs, distanceTheirs, contactOurs, contactTheirs] =
    medianEach(RUNS, [ours.distance, theirs(1e3), ours.contact, theirs(0)]);
  let overlapping = 0, disagree = 0;
  distanceOurs.result.forEach((d, i) => {
    const theirsDistance = distanceTheirs.result[i]?.distance ?? Infinity;
    overlapping += d === 0 ? 1 : 0;
    if ((d === 0) !== (theirsDistance <= 0) && Math.abs(theirsDistance) > 1e-9) disagree += 1;
  });
  const ns = (ms) => (ms * 1e6) / PAIRS;
  return [
    { workload: `${name}: distance (GJK)`, peerNs: ns(distanceTheirs.ms), c3dNs: ns(distanceOurs.ms), overlapping, disagree },
    { workload: `${name}: contact (EPA)`, peerNs: ns(contactTheirs.ms), c3dNs: ns(contactOurs.ms), overlapping, disagree },
  ].map((row) => ({ ...row, ratio: row.c3dNs / row.peerNs }));
}

const rows = [workload('box–box', 'box', 'box'), workload('capsule–box', 'capsule', 'box')].flat();

console.log(`\n| pairs (${PAIRS}, median of ${RUNS}) | Rapier ns/pair | collide3d ns/pair | collide3d / Rapier | overlapping | disagreeing |`);
console.log('|---|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(`| ${r.workload} | ${r.peerNs.toFixed(0)} | ${r.c3dNs.toFixed(0)} | ${r.ratio.toFixed(2)} | ${(100 * r.overlapping / PAIRS).toFixed(0)} % | ${r.disagree} |`);
}
if (jsonAt > 0) writeFileSync(process.argv[jsonAt + 1], JSON.stringify(rows, null, 2));
