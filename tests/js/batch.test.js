// intersectsBatch and raycastBatch: every pair gets exactly what one intersects/raycast call gives on the same
// numbers, for the pairs of the benchmark's workloads and shapes with rotations and plane lists, in float32 and
// float64, one side broadcast; options pass through; packItems; bad input; memory.
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { mulberry32 } from '../../bench/random.mjs';

let c3d;
beforeAll(async () => { c3d = await init(); });

const vec = (n, o) => ({ x: n[o], y: n[o + 1], z: n[o + 2] });
// A shape from its encoded numbers (the order of its fields), as the batch API reads them.
const DECODE = {
  ray: (n) => ({ type: 'ray', origin: vec(n, 0), direction: vec(n, 3) }),
  segment: (n) => ({ type: 'segment', start: vec(n, 0), end: vec(n, 3) }),
  triangle: (n) => ({ type: 'triangle', a: vec(n, 0), b: vec(n, 3), c: vec(n, 6) }),
  sphere: (n) => ({ type: 'sphere', center: vec(n, 0), radius: n[3] }),
  aabb: (n) => ({ type: 'aabb', min: vec(n, 0), max: vec(n, 3) }),
  plane: (n) => ({ type: 'plane', normal: vec(n, 0), constant: n[3] }),
  obb: (n) => ({ type: 'obb', center: vec(n, 0), halfSize: vec(n, 3), rotation: Array.from(n.subarray(6, 15)) }),
  frustum: (n) => ({ type: 'frustum', planes: [0, 1, 2, 3, 4, 5].map((k) => ({ normal: vec(n, 4 * k), constant: n[4 * k + 3] })) }),
};

// Random items of a type: coordinates in [-5, 5], sizes positive, integers half the time (touching cases).
function items(random, type, count, Type) {
  const size = { ray: 6, segment: 6, triangle: 9, sphere: 4, aabb: 6, plane: 4, obb: 15, frustum: 24 }[type];
  const out = new Type(size * count);
  const r = (integer) => (integer ? Math.floor(11 * random()) - 5 : 10 * random() - 5);
  for (let i = 0; i < count; ++i) {
    const integer = random() < 0.5;
    const n = Array.from({ length: size }, () => r(integer));
    if (type === 'sphere') n[3] = Math.abs(n[3]);
    if (type === 'aabb') for (let k = 0; k < 3; ++k) n[k + 3] = n[k] + Math.abs(n[k + 3]);
    if (type === 'obb') {
      for (let k = 3; k < 6; ++k) n[k] = Math.abs(n[k]);
      const a = 2 * Math.PI * random(), c = Math.cos(a), s = Math.sin(a);
      n.splice(6, 9, c, s, 0, -s, c, 0, 0, 0, 1);
    }
    if (type === 'frustum') {  // an axis-aligned box as six inward planes
      const lo = [r(integer), r(integer), r(integer)], hi = lo.map((x) => x + 1 + 3 * random());
      n.splice(0, 24, 1, 0, 0, -lo[0], -1, 0, 0, hi[0], 0, 1, 0, -lo[1], 0, -1, 0, hi[1], 0, 0, 1, -lo[2], 0, 0, -1, hi[2]);
    }
    if ((type === 'ray' || type === 'plane') && n[3] === 0 && n[4] === 0 && n[5 - (type === 'plane' ? 3 : 0)] === 0) n[3] = 1;
    if (type === 'plane' && n[0] === 0 && n[1] === 0 && n[2] === 0) n[0] = 1;
    out.set(n, size * i);
  }
  return { type, items: out, size };
}

const shapes = (side) => Array.from({ length: side.items.length / side.size }, (_, i) =>
  DECODE[side.type](side.items.subarray(side.size * i, side.size * (i + 1))));

const INTERSECTS = [['sphere', 'plane'], ['sphere', 'sphere'], ['aabb', 'aabb'], ['aabb', 'plane'], ['segment', 'plane'],
  ['obb', 'obb'], ['frustum', 'sphere'], ['triangle', 'triangle'], ['aabb', 'obb']];
const RAYCASTS = [['ray', 'triangle'], ['ray', 'sphere'], ['ray', 'aabb'], ['ray', 'plane'], ['segment', 'triangle'],
  ['ray', 'obb']];

describe('intersectsBatch and raycastBatch', () => {
  it('give every pair what one intersects call gives, in float32 and float64', () => {
    const random = mulberry32(41);
    for (const [ta, tb] of INTERSECTS) {
      for (const Type of [Float32Array, Float64Array]) {
        const a = items(random, ta, 400, Type), b = items(random, tb, 400, Type);
        const answers = c3d.intersectsBatch(a, b);
        const sa = shapes(a), sb = shapes(b);
        const expected = sa.map((s, i) => (c3d.intersects(s, sb[i]) ? 1 : 0));
        expect([...answers], `${ta}–${tb}`).toEqual(expected);
        const met = expected.filter((x) => x === 1).length;
        expect(met, `${ta}–${tb}`).toBeGreaterThan(0);
        expect(met, `${ta}–${tb}`).toBeLessThan(400);
      }
    }
  });

  it('give every pair what one raycast call gives, options included', () => {
    const random = mulberry32(42);
    for (const [ta, tb] of RAYCASTS) {
      for (const opts of [undefined, { maxDistance: 1.5 }, { backfaceCulling: true }, { solid: false }]) {
        const a = items(random, ta, 400, random() < 0.5 ? Float32Array : Float64Array);
        const b = items(random, tb, 400, random() < 0.5 ? Float32Array : Float64Array);
        const answers = c3d.raycastBatch(a, b, opts);
        const sb = shapes(b);
        const expected = shapes(a).map((s, i) => c3d.raycast(s, sb[i], opts)?.t ?? Infinity);
        expect([...answers], `${ta}–${tb}`).toEqual(expected);
        expect(expected.some((t) => t !== Infinity), `${ta}–${tb}`).toBe(true);
      }
    }
  });

  it('cast rays, lines and segments at triangles (the SIMD path) as one raycast call does, near edges included', () => {
    // Numbers float32 holds exactly, so that every storage form poses the same pairs. A third of the casters aim at
    // a point of an edge, which rounding moves off it by about an ulp: the float filter must leave those to the
    // exact query. 401 pairs: the lanes' tail runs too.
    const random = mulberry32(45);
    const f = Math.fround, r = (lo, hi) => lo + (hi - lo) * random();
    for (const caster of ['ray', 'line', 'segment']) {
      const casters = [], triangles = [];
      for (let i = 0; i < 401; ++i) {
        const c = [r(-5, 5), r(-5, 5), r(-5, 5)], size = 10 ** r(-2, 0.5);
        const v = [0, 1, 2].map(() => c.map((x) => x + r(-size, size)));
        triangles.push(...v.flat().map(f));
        // Towards v[k] + s (v[k+1] - v[k]) + t (v[k+2] - v[k]): on an edge, near the triangle, or anywhere.
        const k = Math.floor(3 * random()), aim = Math.floor(3 * random());
        const [s, t] = aim === 0 ? [random(), 0] : [r(-0.1, 1), r(-0.1, 0.5)];
        const towards = aim === 2 ? [r(-5, 5), r(-5, 5), r(-5, 5)]
          : [0, 1, 2].map((d) => v[k][d] + s * (v[(k + 1) % 3][d] - v[k][d]) + t * (v[(k + 2) % 3][d] - v[k][d]));
        const origin = [r(-8, 8), r(-8, 8), r(-8, 8)];
        const reach = r(0.7, 1.5);  // segments: some end short of the triangle
        const p = origin.map((o, d) => (caster === 'segment' ? o + (towards[d] - o) * reach : towards[d] - o));
        casters.push(...origin.map(f), ...p.map(f));
      }
      const decode = { ray: DECODE.ray, segment: DECODE.segment, line: (n) => ({ ...DECODE.ray(n), type: 'line' }) }[caster];
      const single = Array.from({ length: 401 }, (_, i) => [decode(casters.slice(6 * i, 6 * i + 6)),
        DECODE.triangle(triangles.slice(9 * i, 9 * i + 9))]);
      for (const opts of [undefined, { backfaceCulling: true }, { maxDistance: 4 }]) {
        const expected = single.map(([a, b]) => c3d.raycast(a, b, opts)?.t ?? Infinity);
        expect(expected.filter((t) => t !== Infinity).length, caster).toBeGreaterThan(opts === undefined ? 80 : 10);
        for (const TypeA of [Float32Array, Float64Array]) {
          for (const TypeB of [Float32Array, Float64Array]) {
            const answers = c3d.raycastBatch({ type: caster, items: new TypeA(casters) }, { type: 'triangle', items: new TypeB(triangles) }, opts);
            expect([...answers], `${caster} ${TypeA.name} ${TypeB.name}`).toEqual(expected);
          }
        }
      }
    }
  });

  it('pair a side of one shape with every shape of the other, and write into a given array', () => {
    const random = mulberry32(43);
    const one = items(random, 'sphere', 1, Float64Array), many = items(random, 'aabb', 300, Float32Array);
    const expected = shapes(many).map((box) => (c3d.intersects(shapes(one)[0], box) ? 1 : 0));
    expect([...c3d.intersectsBatch(one, many)]).toEqual(expected);
    const out = new Uint8Array(300);
    expect(c3d.intersectsBatch(many, one, out)).toBe(out);
    expect([...out]).toEqual(expected);
    expect(c3d.raycastBatch({ type: 'ray', items: new Float64Array(0) }, { type: 'plane', items: new Float64Array(0) }).length).toBe(0);
  });

  it('rejects bad input with errors naming the argument, the item and the value', () => {
    const s = { type: 'sphere', items: new Float64Array([0, 0, 0, 1, 1, 0, 0, 1]) };
    expect(() => c3d.intersectsBatch(null, s)).toThrow(new TypeError('collide3d.intersectsBatch: a must be { type, items } (got null)'));
    expect(() => c3d.intersectsBatch({ type: 'cube', items: s.items }, s)).toThrow(TypeError);
    expect(() => c3d.intersectsBatch({ type: 'sphere', items: [0, 0, 0, 1] }, s)).toThrow(new TypeError('collide3d.intersectsBatch: a.items must be a Float32Array or Float64Array, or a HeapArray of one (got an array of length 4)'));
    expect(() => c3d.intersectsBatch({ type: 'sphere', items: new Float32Array(5) }, s)).toThrow(new RangeError('collide3d.intersectsBatch: a.items.length must be a multiple of 4, the numbers of one sphere (got 5)'));
    expect(() => c3d.intersectsBatch({ type: 'sphere', items: new Float32Array(12) }, s)).toThrow(new RangeError('collide3d.intersectsBatch: b.items must hold 1 or 3 shapes, as many as a (got 2)'));
    expect(() => c3d.intersectsBatch(s, s, new Uint8Array(3))).toThrow(new RangeError('collide3d.intersectsBatch: out.length must be 2, one per pair (got 3)'));
    expect(() => c3d.raycastBatch({ type: 'ray', items: new Float64Array(6) }, s, undefined, new Float32Array(2))).toThrow(TypeError);
    expect(() => c3d.intersectsBatch(s, { type: 'sphere', items: new Float32Array([0, 0, 0, 1, 0, NaN, 0, 1]) })).toThrow(new RangeError('collide3d.intersectsBatch: b.items[5] must be a finite number (got NaN)'));
    expect(() => c3d.intersectsBatch(s, { type: 'sphere', items: new Float64Array([0, 0, 0, 1, 0, 0, 0, -2]) })).toThrow(new RangeError('collide3d.intersectsBatch: b.items, sphere 1: radius must be >= 0 (got -2)'));
    expect(() => c3d.raycastBatch({ type: 'ray', items: new Float64Array([0, 0, 0, 0, 0, 0]) }, s)).toThrow(new RangeError('collide3d.raycastBatch: casters.items, ray 0: direction must be non-zero (got {x: 0, y: 0, z: 0})'));
    expect(() => c3d.raycastBatch(s, s)).toThrow(new Error('collide3d.raycastBatch: the pair (sphere, sphere) is not supported'));
    expect(() => c3d.intersectsBatch(s, { type: 'convex', items: new Float64Array(2) })).toThrow(/collide3d.intersectsBatch: b.type must be one of 'point', .*'cone' \(got "convex"\)/);
    expect(() => c3d.raycastBatch({ type: 'ray', items: new Float64Array(6) }, s, { maxDistance: 'far' })).toThrow(TypeError);
    expect([...c3d.intersectsBatch(s, s)]).toEqual([1, 1]);  // still answering
  });

  it('packItems writes shapes as the items they came from (read back by this test\'s own decoding), and names bad ones', () => {
    const random = mulberry32(45);
    for (const type of Object.keys(DECODE)) {
      for (const Type of [Float64Array, Float32Array]) {
        const side = items(random, type, 20, Type);
        const packed = c3d.packItems(shapes(side), Type);
        expect(packed.type).toBe(type);
        expect(packed.items).toEqual(side.items);  // float32 numbers read back exactly
      }
    }
    const ball = { type: 'sphere', center: { x: 0, y: 0, z: 0 }, radius: 1 };
    expect(c3d.packItems([ball]).items).toBeInstanceOf(Float64Array);
    expect(c3d.packItems([{ ...ball, radius: 0.1 }], Float32Array).items).toEqual(new Float32Array([0, 0, 0, 0.1]));
    const fn = 'collide3d.packItems';
    expect(() => c3d.packItems(ball)).toThrow(new TypeError(`${fn}: shapes must be an array of shapes (got an object)`));
    expect(() => c3d.packItems([])).toThrow(new RangeError(`${fn}: shapes must hold at least one shape`));
    expect(() => c3d.packItems([ball], Int32Array)).toThrow(TypeError);
    expect(() => c3d.packItems([{ type: 'convex', points: [] }])).toThrow(new TypeError(`${fn}: shapes[0].type must be a shape type batches take (not convex) (got "convex")`));
    expect(() => c3d.packItems([ball, { type: 'aabb' }])).toThrow(new TypeError(`${fn}: shapes[1].type must be 'sphere', as shapes[0] (got "aabb")`));
    expect(() => c3d.packItems([ball, { ...ball, center: { x: 0, y: NaN, z: 0 } }])).toThrow(new TypeError(`${fn}: shapes[1].center.y must be a finite number (got NaN)`));
    // The rest is the batch call's: a negative radius packs, and the batch names it.
    const bad = c3d.packItems([ball, { ...ball, radius: -2 }]);
    expect(() => c3d.intersectsBatch(bad, bad)).toThrow(new RangeError('collide3d.intersectsBatch: a.items, sphere 1: radius must be >= 0 (got -2)'));
  });

  it('keeps the heap flat over many calls', () => {
    const module = c3d[Symbol.for('collide3d.module')];
    const random = mulberry32(44);
    const a = items(random, 'ray', 2000, Float32Array), b = items(random, 'triangle', 2000, Float64Array);
    const out = new Float64Array(2000);
    c3d.raycastBatch(a, b, undefined, out);
    const bytes = module.heapBytesInUse();
    for (let k = 0; k < 2000; ++k) c3d.raycastBatch(a, b, undefined, out);
    expect(module.heapBytesInUse()).toBe(bytes);
  });
});
