// Characters walking a terrain (bench/terrain.mjs: a height field of 1M triangles with thin walls; 80k in the quick
// run): 1,000 capsules (radius 0.4 m, 1.8 m tall, upright) start on the ground at random places and walk for a second
// at 60 Hz (half a second, 100 of them, in the quick run), each at its own pace (1.5–5 m/s) along a heading that turns slowly, under gravity (9.81 m/s²,
// the vertical speed reset when the move ends grounded). Character steps per second (one move of one character) of:
// - collide3d: c3d.moveAndSlide(capsule, motion, mesh, options);
// - Rapier: KinematicCharacterController.computeColliderMovement on a capsule collider per character (collision
//   groups keep the characters out of each other's way: only the terrain is an obstacle), then setTranslation.
// Both get the same wanted motions and the same settings as far as their options match: up +y, 45° the steepest
// walkable slope (Rapier: maxSlopeClimbAngle and minSlopeSlideAngle), steps up to 0.3 m (Rapier's autostep also wants
// 0.2 m of free floor beyond the step), snapping to the ground within 0.3 m, a gap of 0.01 m kept from surfaces
// (collide3d's skinWidth, Rapier's offset). Each keeps its own vertical speed from its own grounded answer, so their
// paths part where they treat a slope or a step differently; the table says how far, how often each stood on the
// ground, and whether any character ended inside the terrain (collide3d's exact intersects on the final capsules).
// Usage: node bench/move-and-slide.mjs [--quick] [--json out.json]
import RAPIER from '@dimforge/rapier3d-compat';
import { writeFileSync } from 'node:fs';
import { init } from '../web/lib/index.js';
import { medianEach } from './median.mjs';
import { mulberry32 } from './random.mjs';
import { makeTerrain } from './terrain.mjs';

const quick = process.argv.includes('--quick');
const jsonAt = process.argv.indexOf('--json');
const [SIDE, WALLS] = quick ? [201, 40] : [708, 150];
const CHARACTERS = quick ? 100 : 1_000;
const FRAMES = quick ? 30 : 60;
const RUNS = quick ? 1 : 3;
const DT = 1 / 60, GRAVITY = 9.81;
const RADIUS = 0.4, HALF_SEGMENT = 0.5;  // 1.8 m tall
const SETTINGS = { maxSlope: Math.PI / 4, stepHeight: 0.3, snapToGround: 0.3, skinWidth: 0.01 };
const STEP_MIN_WIDTH = 0.2;

const c3d = await init();
await RAPIER.init();
const terrain = makeTerrain(SIDE, WALLS);
const mesh = new c3d.TriangleMesh(terrain.positions, terrain.index);
const random = mulberry32(1000);
const groundAt = (x, z) => 1000 - mesh.raycast({ type: 'ray', origin: { x, y: 1000, z }, direction: { x: 0, y: -1, z: 0 } }).t;
const capsuleAt = (x, bottom, z) => ({
  type: 'capsule', start: { x, y: bottom + RADIUS, z }, end: { x, y: bottom + RADIUS + 2 * HALF_SEGMENT, z }, radius: RADIUS,
});

// Where each character starts (its capsule's bottom 0.02 m above the ground, raised until it touches nothing), and the
// horizontal motion it wants each frame: walks[c][2 f], walks[c][2 f + 1].
const starts = [], walks = [];
for (let c = 0; c < CHARACTERS; ++c) {
  const limit = terrain.half - 10, x = (2 * random() - 1) * limit, z = (2 * random() - 1) * limit;
  let bottom = groundAt(x, z) + 0.02;
  while (mesh.intersects(capsuleAt(x, bottom, z))) bottom += 0.02;
  starts.push({ x, y: bottom + RADIUS + HALF_SEGMENT, z });
  const pace = 1.5 + 3.5 * random(), heading = 2 * Math.PI * random(), turn = (random() - 0.5) * 2, phase = 6 * random();
  const walk = new Float64Array(2 * FRAMES);
  for (let f = 0; f < FRAMES; ++f) {
    const angle = heading + turn * Math.sin(phase + f * DT);
    walk[2 * f] = Math.cos(angle) * pace * DT;
    walk[2 * f + 1] = Math.sin(angle) * pace * DT;
  }
  walks.push(walk);
}

// A pass running every character for every frame through `move(c, motion)` (which returns whether it ended grounded),
// after `reset()`; it returns { groundedShare }.
function simulation(reset, move) {
  const vy = new Float64Array(CHARACTERS), motion = { x: 0, y: 0, z: 0 };
  return () => {
    reset();
    vy.fill(0);
    let grounded = 0;
    for (let f = 0; f < FRAMES; ++f) {
      for (let c = 0; c < CHARACTERS; ++c) {
        vy[c] -= GRAVITY * DT;
        motion.x = walks[c][2 * f];
        motion.y = vy[c] * DT;
        motion.z = walks[c][2 * f + 1];
        if (move(c, motion)) {
          vy[c] = 0;
          ++grounded;
        }
      }
    }
    return { groundedShare: grounded / (CHARACTERS * FRAMES) };
  };
}

// collide3d: the characters' capsules, moved by the library.
const options = { up: { x: 0, y: 1, z: 0 }, ...SETTINGS };
let shapes;
const ours = simulation(
  () => (shapes = starts.map((p) => capsuleAt(p.x, p.y - HALF_SEGMENT - RADIUS, p.z))),
  (c, motion) => {
    const r = c3d.moveAndSlide(shapes[c], motion, mesh, options);
    shapes[c] = r.shape;
    return r.grounded;
  });
// Rapier: the terrain and a capsule collider per character in one world; one controller moves them all.
const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
world.createCollider(RAPIER.ColliderDesc.trimesh(terrain.positions, terrain.index));
world.step();  // the world's queries see a collider from the step after it was added
const CHARACTER_GROUPS = (0x0002 << 16) | 0x0001;  // member of group 2, meets group 1 only (the terrain is in every group)
const colliders = starts.map((p) => world.createCollider(
  RAPIER.ColliderDesc.capsule(HALF_SEGMENT, RADIUS).setTranslation(p.x, p.y, p.z).setCollisionGroups(CHARACTER_GROUPS)));
const controller = world.createCharacterController(SETTINGS.skinWidth);
controller.setUp({ x: 0, y: 1, z: 0 });
controller.setMaxSlopeClimbAngle(SETTINGS.maxSlope);
controller.setMinSlopeSlideAngle(SETTINGS.maxSlope);
controller.enableAutostep(SETTINGS.stepHeight, STEP_MIN_WIDTH, false);
controller.enableSnapToGround(SETTINGS.snapToGround);
const centres = starts.map((p) => ({ ...p }));
const theirs = simulation(
  () => starts.forEach((p, c) => {
    Object.assign(centres[c], p);
    colliders[c].setTranslation(p);
  }),
  (c, motion) => {
    controller.computeColliderMovement(colliders[c], motion, undefined, CHARACTER_GROUPS);
    const moved = controller.computedMovement(), p = centres[c];
    p.x += moved.x;
    p.y += moved.y;
    p.z += moved.z;
    colliders[c].setTranslation(p);
    return controller.computedGrounded();
  });
// The two take turns, so that a change in the machine's load slows both alike.
const [c3dRun, rapierRun] = medianEach(RUNS, [ours, theirs]);
const c3dCentres = shapes.map(({ start, end }) => ({ x: (start.x + end.x) / 2, y: (start.y + end.y) / 2, z: (start.z + end.z) / 2 }));

// Where the two left the characters, and whether any ended inside the terrain.
const apart = c3dCentres.map((p, c) => Math.hypot(p.x - centres[c].x, p.y - centres[c].y, p.z - centres[c].z)).sort((a, b) => a - b);
const inside = (list) => list.filter((p) => mesh.intersects(capsuleAt(p.x, p.y - HALF_SEGMENT - RADIUS, p.z))).length;
const row = {
  workload: `${CHARACTERS} capsules, ${FRAMES} frames, ${terrain.triangles} triangles`,
  characters: CHARACTERS, frames: FRAMES, triangles: terrain.triangles,
  stepsPerSecond: { c3d: (CHARACTERS * FRAMES) / c3dRun.ms * 1000, rapier: (CHARACTERS * FRAMES) / rapierRun.ms * 1000 },
  groundedShare: { c3d: c3dRun.result.groundedShare, rapier: rapierRun.result.groundedShare },
  endedInside: { c3d: inside(c3dCentres), rapier: inside(centres) },
  apart: { median: apart[apart.length >> 1], p90: apart[Math.floor(0.9 * (apart.length - 1))], max: apart[apart.length - 1] },
};
mesh.dispose();
world.free();

const k = (x) => `${(x / 1000).toFixed(1)}k`;
console.log(`\n| characters (median of ${RUNS}) | steps/s: collide3d moveAndSlide | Rapier character controller | collide3d / Rapier | grounded: collide3d / Rapier | ended inside the terrain | apart at the end: median / 90 % / max (m) |`);
console.log('|---|---:|---:|---:|---:|---:|---:|');
const s = row.stepsPerSecond, g = row.groundedShare, a = row.apart;
console.log(`| ${row.workload} | ${k(s.c3d)} | ${k(s.rapier)} | ${(s.c3d / s.rapier).toFixed(2)} | ${(100 * g.c3d).toFixed(1)} % / ${(100 * g.rapier).toFixed(1)} % | ${row.endedInside.c3d} / ${row.endedInside.rapier} | ${a.median.toFixed(3)} / ${a.p90.toFixed(3)} / ${a.max.toFixed(3)} |`);
if (jsonAt > 0) writeFileSync(process.argv[jsonAt + 1], JSON.stringify([row], null, 2));
