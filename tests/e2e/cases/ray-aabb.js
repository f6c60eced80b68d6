// The box [-1, 1]^3 and rays along coordinate directions and a diagonal: slab intervals and hits by hand, each hit
// also as collide3d answers in node.
import { expect } from 'vitest';
import { presets } from '../../../web/demo/src/scenes/ray-aabb.js';

const box = { type: 'aabb', min: { x: -1, y: -1, z: -1 }, max: { x: 1, y: 1, z: 1 } };
const unit = { box: [0, 0, 0], hx: 1, hy: 1, hz: 1 };

function sameAsLibrary({ result, c3d }) {
  expect(result.inputs.box).toEqual(box);
  expect(result.hit).toEqual(c3d.raycast(result.inputs.ray, result.inputs.box));
}

// The oriented box [-1, 1]^3 turned 45° about z: its section at z = 0 is the square |x| + |y| <= √2.
function obbAsLibrary({ result, c3d }) {
  const { box: obb, ray } = result.inputs;
  expect(obb).toMatchObject({ type: 'obb', center: { x: 0, y: 0, z: 0 }, halfSize: { x: 1, y: 1, z: 1 } });
  const c = Math.SQRT1_2;
  [c, c, 0, -c, c, 0, 0, 0, 1].forEach((entry, k) => expect(obb.rotation[k]).toBeCloseTo(entry, 15));
  expect(result.hit).toEqual(c3d.raycast(ray, obb));
}

export default [
  {
    // Along +x at height 0.5: the x slab from t = 2 to 4; y and z hold for every t (parallel, inside).
    set: { ...unit, origin: [-3, 0.5, 0], target: [0, 0.5, 0] },
    check(context) {
      sameAsLibrary(context);
      expect(context.readout).toMatchObject({ hit: 'yes', t: '2', point: '(-1.000, 0.500, 0.000)', normal: '(-1.000, 0.000, 0.000)',
        'x slab': 't ∈ [2, 4]', 'y slab': 'every t', 'z slab': 'every t', 'inside all three': 't ∈ [2, 4]',
        'enters through': 'the x slab' });
    },
  },
  {
    // Parallel to x at height 1.5: the y slab never holds, so the ray misses whatever x does.
    set: { origin: [-3, 1.5, 0], target: [0, 1.5, 0] },
    check(context) {
      sameAsLibrary(context);
      expect(context.result.hit).toBeNull();
      expect(context.readout).toMatchObject({ hit: 'none', 'y slab': 'never', 'inside all three': 'never' });
    },
  },
  {
    // From (-3, -3, 0) along (1, 1, 0)/√2: x and y both hold from t = 2√2 to 4√2, so it enters through the edge
    // x = y = -1 at t = 2.828: an edge hit counts.
    set: { origin: [-3, -3, 0], target: [0, 0, 0] },
    check(context) {
      sameAsLibrary(context);
      expect(context.readout).toMatchObject({ hit: 'yes', t: '2.828', point: '(-1.000, -1.000, 0.000)',
        'x slab': 't ∈ [2.828, 5.657]', 'y slab': 't ∈ [2.828, 5.657]', 'enters through': 'the x and y slabs (an edge or corner)' });
    },
  },
  {
    // From inside: every slab's interval holds t = 0.
    set: { origin: [0.25, 0, 0], target: [3, 0, 0] },
    check(context) {
      sameAsLibrary(context);
      expect(context.readout).toMatchObject({ hit: 'yes', t: '0', 'enters through': 'starts inside', 'x slab': 't ∈ [-1.25, 0.75]' });
    },
  },
  {
    // The box turned 45° about z, a ray along +x through its centre: it meets the corner edge at x = -√2, t = 3 - √2,
    // where the box's own x and y slabs both start (the ray carried into its frame runs along (1, -1, 0)/√2).
    set: { kind: 'obb', box: [0, 0, 0, 0, 0, 45], origin: [-3, 0, 0], target: [0, 0, 0] },
    check(context) {
      obbAsLibrary(context);
      expect(context.readout).toMatchObject({ hit: 'yes', t: '1.586', point: '(-1.414, 0.000, 0.000)',
        'its x slab': 't ∈ [1.586, 4.414]', 'its y slab': 't ∈ [1.586, 4.414]', 'its z slab': 'every t' });
    },
  },
  {
    // At height 1.3 the turned box reaches x = -(√2 - 1.3): a hit at t = 3 - (√2 - 1.3) = 2.886 ...
    set: { origin: [-3, 1.3, 0], target: [0, 1.3, 0] },
    check(context) {
      obbAsLibrary(context);
      expect(context.readout).toMatchObject({ hit: 'yes', t: '2.886', point: '(-0.114, 1.300, 0.000)' });
    },
  },
  {
    // ... where the same box unturned (an AABB, which ignores the handle's rotation) is missed: 1.3 is above its top.
    set: { kind: 'aabb' },
    check(context) {
      sameAsLibrary(context);
      expect(context.readout).toMatchObject({ hit: 'none', 'y slab': 'never' });
    },
  },
  {
    // Sliding along the top face y = 1 from x = -3: it touches the box from t = 2 (touching counts); three.js agrees.
    set: presets['along the top face'],
    check(context) {
      sameAsLibrary(context);
      expect(context.readout).toMatchObject({ hit: 'yes', 'three.js': 'hit at t = 2', t: '2', point: '(-1.000, 1.000, 0.000)' });
    },
  },
  {
    // Through the corner (-1, -1, -1) along (1, 1, 1)/√3: t = 2√3 = 3.464, all three slabs starting together.
    set: presets['through a corner'],
    check(context) {
      sameAsLibrary(context);
      expect(context.readout).toMatchObject({ hit: 'yes', 'three.js': 'hit at t = 3.464', t: '3.464', point: '(-1.000, -1.000, -1.000)' });
    },
  },
  {
    // A thousandth above the top face: the y slab never holds; a miss for both.
    set: presets['a thousandth above the top'],
    check(context) {
      sameAsLibrary(context);
      expect(context.readout).toMatchObject({ hit: 'none', 'three.js': 'no hit', 'y slab': 'never' });
    },
  },
  {
    // The turned box of the OBB steps against three.js's OBB addon: through the corner edge at t = 3 - √2.
    set: { kind: 'obb', box: [0, 0, 0, 0, 0, 45], origin: [-3, 0, 0], target: [0, 0, 0] },
    check(context) {
      obbAsLibrary(context);
      expect(context.readout).toMatchObject({ t: '1.586', 'three.js': 'hit at t = 1.586' });
    },
  },
];
