// The character placed by hand on each part of the level (character-level.js, rebuilt here in node) and moved one
// step: the page's answer is moveAndSlide's in node on the same mesh, and what it says about the ground is what the
// level's geometry gives by hand. Each step sets every parameter the step depends on, with the simulation stopped,
// so nothing moves between the step and its check.
import { expect } from 'vitest';
import { level } from '../../../web/demo/src/scenes/character-level.js';
import { RADIUS, presets } from '../../../web/demo/src/scenes/character.js';

const { positions, indices } = level();
const HALF = 0.55, FOOT = HALF + RADIUS;  // the capsule's half axis; its centre's height over the ground when standing
const still = { play: false, walk: 0, heading: 180, vy: -0.333, maxSlope: 45, stepHeight: 0.3, snapToGround: 0.2 };
const centreOf = ({ start, end }) => ({ x: (start.x + end.x) / 2, y: (start.y + end.y) / 2, z: (start.z + end.z) / 2 });

/** The page's move is moveAndSlide's for the page's inputs, and the readout shows it; returns it. */
export function expectAsLibrary({ result, readout, c3d }) {
  const mesh = new c3d.TriangleMesh(positions, indices);
  const { shape, motion, options } = result.inputs;
  const r = c3d.moveAndSlide(shape, motion, mesh, options);
  // The trace ahead: the move of `ahead` seconds at this velocity, traced in node on the same inputs.
  const plainContact = (c) => c && { point: c.point, normal: c.normal, triangleIndex: c.triangleIndex };
  const ahead = ['x', 'y', 'z'].every((k) => result.inputs.ahead[k] === 0) ? []
    : c3d.traceMoveAndSlide(shape, result.inputs.ahead, mesh, options).steps;
  expect(result.ahead).toEqual(ahead.map((step) => ({ ...step, contact: plainContact(step.contact) })));
  ahead.slice(0, 8).forEach((step, k) => expect(readout[`sweep ${k + 1}`]).toMatch(new RegExp(`^${step.part}: `)));
  mesh.dispose();
  const { moved } = result;
  expect(moved).toEqual({ shape: r.shape, translation: r.translation, grounded: r.grounded, groundNormal: r.groundNormal,
    contacts: r.contacts.map(({ point, normal, triangleIndex }) => ({ point, normal, triangleIndex })) });
  expect(readout.grounded).toBe(r.grounded ? 'yes' : 'no');
  expect(readout.contacts).toBe(String(r.contacts.length));
  expect(readout.touching).toBe(result.touching.join(', ') || '–');
  const shown = readout.position.slice(1, -1).split(', ').map(Number);
  const centre = centreOf(r.shape);
  shown.forEach((x, i) => expect(Math.abs(x - [centre.x, centre.y, centre.z][i])).toBeLessThanOrEqual(5e-4));
  return moved;
}

const near = (v, w, digits = 9) => ['x', 'y', 'z'].forEach((k) => expect(v[k]).toBeCloseTo(w[k], digits));

export default [
  {
    // 1 cm above the floor, pressed down: it lands and stands, on ground whose normal is straight up.
    set: { ...still, character: [0.5, FOOT + 0.01, 7.5] },
    check(context) {
      const moved = expectAsLibrary(context);
      expect(context.result.inputs.shape).toEqual({ type: 'capsule', start: { x: 0.5, y: 0.36, z: 7.5 },
        end: { x: 0.5, y: 1.46, z: 7.5 }, radius: RADIUS });
      expect(moved.grounded).toBe(true);
      near(moved.groundNormal, { x: 0, y: 1, z: 0 });
      const lowest = centreOf(moved.shape).y - FOOT;
      expect(lowest).toBeGreaterThanOrEqual(0);
      expect(lowest).toBeLessThan(0.01);
      expect(context.readout).toMatchObject({ grounded: 'yes', slope: '0.0°', touching: 'floor' });
    },
  },
  {
    // On the gentle ramp at x = -7, z = -1, where its plane (normal (0, 3, 1) / √10) is 1 high: a ball of radius r
    // rests on it with its centre r √10 / 3 above that, and the capsule's centre is HALF higher. Started 1 cm above.
    set: { ...still, character: [-7, 1 + RADIUS * Math.sqrt(10) / 3 + HALF + 0.01, -1] },
    check(context) {
      const moved = expectAsLibrary(context);
      expect(moved.grounded).toBe(true);
      near(moved.groundNormal, { x: 0, y: 3 / Math.sqrt(10), z: 1 / Math.sqrt(10) });
      expect(Math.abs(moved.translation.z)).toBeLessThan(1e-9);  // it stays put: no sliding down a walkable slope
      expect(context.readout).toMatchObject({ grounded: 'yes', slope: '18.4°', touching: 'gentle ramp' });
    },
  },
  {
    // On the steep ramp (3 up for 2 along, normal (0, 2, 3) / √13, 56.3° > 45°) at z = 1, where it is 1.5 high:
    // touching it, it is not grounded, and it slides down, towards +z.
    set: { ...still, character: [-2.5, 1.5 + RADIUS * Math.sqrt(13) / 2 + HALF + 0.001, 1] },
    check(context) {
      const moved = expectAsLibrary(context);
      expect(moved.grounded).toBe(false);
      expect(moved.groundNormal).toBeNull();
      expect(moved.contacts.length).toBeGreaterThan(0);
      near(moved.contacts[0].normal, { x: 0, y: 2 / Math.sqrt(13), z: 3 / Math.sqrt(13) });
      expect(moved.translation.y).toBeLessThan(0);
      expect(moved.translation.z).toBeGreaterThan(0);
      expect(context.readout).toMatchObject({ grounded: 'no', 'ground normal': '–', touching: 'steep ramp' });
    },
  },
  {
    // Dropped into the crease (slopes of normal (±12, 10, 0) / √244 meeting at x = -7, 50° steep) 1 mm above where it
    // rests on both: its ball then sits r √244 / 10 above the bottom line, the capsule's centre HALF higher, and a
    // skin from each slope (skin √244 / 10 higher). It comes to rest there, not grounded (both too steep).
    set: { ...still, character: [-7, (RADIUS + 0.0035) * Math.sqrt(244) / 10 + HALF + 0.001, 7.5] },
    check(context) {
      const moved = expectAsLibrary(context);
      expect(moved.grounded).toBe(false);
      const centre = centreOf(moved.shape);
      expect(centre.x).toBeCloseTo(-7, 9);
      expect(centre.y).toBeCloseTo((RADIUS + 0.0035) * Math.sqrt(244) / 10 + HALF, 6);
      expect(context.result.touching).toEqual(['crease']);
      expect(moved.contacts.length).toBe(2);
    },
  },
  {
    // Walking at the thin wall z = 5 from 3 cm in front of where it touches: it stops touching it, not through it.
    set: { ...still, character: [6, FOOT, 5 + RADIUS + 0.03], walk: 1, heading: 180 },
    check(context) {
      const moved = expectAsLibrary(context);
      expect(context.result.inputs.motion.z).toBeCloseTo(-4 / 60, 12);
      const z = centreOf(moved.shape).z;
      expect(z).toBeGreaterThanOrEqual(5 + RADIUS);
      expect(z).toBeLessThan(5 + RADIUS + 0.01);
      expect(context.result.touching).toContain('thin walls');
    },
  },
  {
    // The hard cases' traces ahead, walking 4 m/s with the simulation stopped, 1 cm above the floor (so not
    // grounded: no step is tried, nothing snaps). Into the thin wall at z = 5 from z = 7 for 1 s: the capsule
    // (radius 0.35) stops a skin (0.0035) short, its centre at z = 5.3535, 1.6465 along; the rest of the walk goes
    // straight into the wall and is spent; then the fall of 0.333 lands it a skin above the floor, 0.0065 down.
    set: presets['into a thin wall'],
    check(context) {
      expectAsLibrary(context);
      const [walk, fall] = context.result.ahead;
      expect(context.result.ahead).toHaveLength(2);
      near(walk.to, { x: 0, y: 0, z: -1.6465 });
      near(walk.contact.normal, { x: 0, y: 0, z: 1 });
      near(walk.next, { x: 0, y: 0, z: 0 });
      near(fall.to, { x: 0, y: -0.0065, z: -1.6465 });
      expect(context.readout).toMatchObject({ 'sweep 1': 'walk: met thin walls, stop', 'sweep 2': 'fall: met floor, stop' });
    },
  },
  {
    // Along the angled wall (from (-4, 7) to (-1, 10): the line z = x + 11, its normal (1, 0, -1) / √2 towards the
    // start), walking -x along z = 8.5 for 1.5 s: stopped a skin from it, where (x - 8.5 + 11) / √2 = 0.3535, so
    // x = -2.5 + 0.3535 √2, after 2.5 + 0.3535 √2 of the 6 m; the rest, L, loses its part into the wall and goes
    // on along it as (-L / 2, 0, -L / 2).
    set: presets['along the angled wall'],
    check(context) {
      expectAsLibrary(context);
      const [first] = context.result.ahead;
      const stop = -3 + 0.3535 * Math.SQRT2, rest = 6 + stop;  // stop: the translation along x, negative
      near(first.to, { x: stop, y: 0, z: 0 });
      near(first.contact.normal, { x: Math.SQRT1_2, y: 0, z: -Math.SQRT1_2 });
      near(first.next, { x: -rest / 2, y: 0, z: -rest / 2 });
      expect(context.readout['sweep 1']).toMatch(/^walk: met thin walls, on \(/);
    },
  },
  {
    // Into the corner: it meets both of its walls, and stops in the apex with nothing left to go on with.
    set: presets['into the corner'],
    check(context) {
      expectAsLibrary(context);
      const walks = context.result.ahead.filter((step) => step.part === 'walk');
      const normals = new Set(walks.filter((step) => step.contact).map((step) => step.contact.normal.x > 0));
      expect(normals).toEqual(new Set([true, false]));  // the wall facing +x and the one facing -x
      near(walks.at(-1).next, { x: 0, y: 0, z: 0 });
    },
  },
  {
    // Up the stairs, standing on the floor a skin above it (so steps are tried), a metre ahead: a walk blocked by the
    // first riser's edge, then a step up onto it, its edge under the round bottom (the tread, 0.4 deep, is narrower
    // than the capsule), which spends the rest of the walk: a metre along in all, higher than the floor and no higher
    // than the first tread.
    set: presets['up the stairs'],
    check(context) {
      expectAsLibrary(context);
      const { ahead } = context.result;
      expect(ahead.map((s) => s.part).slice(0, 2)).toEqual(['walk', 'step']);
      expect(ahead[0].contact.triangleIndex).toBeGreaterThanOrEqual(0);
      expect(ahead[1].to.z).toBeCloseTo(-1, 12);
      expect(ahead[1].to.y).toBeGreaterThan(0.1);
      expect(ahead[1].to.y).toBeLessThanOrEqual(0.25);
      expect(context.readout).toMatchObject({ 'sweep 1': 'walk: met stairs, on (0.00, 0.00, -0.14)' });
      expect(context.readout['sweep 2']).toMatch(/^step: met stairs, /);
    },
  },
  {
    // And from behind (the wall has no thickness and two sides).
    set: { character: [6, 0.9, 4.62], heading: 0 },  // as in the URL, where it is the last configuration
    check(context) {
      const moved = expectAsLibrary(context);
      const z = centreOf(moved.shape).z;
      expect(z).toBeLessThanOrEqual(5 - RADIUS);
      expect(z).toBeGreaterThan(5 - RADIUS - 0.01);
      expect(context.result.touching).toContain('thin walls');
    },
  },
];
