// The float filters ahead of the single queries (web/lib/filters.js) against the exact queries, reached through the
// batch API (which has no JS filter): on random pairs, and on pairs moved onto their boundary by bisection down to
// adjacent doubles, so both sides of touching and grazing are posed. A filter may only answer what the exact query
// answers; it must also decide most random pairs, or it would be a cost without a use. tests/js/exact.test.js poses
// hand-made boundary cases to the same public calls against BigInt references.
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { FILTERED_PAIRS, FILTERS, UNDECIDED } from '../../web/lib/filters.js';
import { defineFilterSwitches } from '../../web/lib/pair-entries.js';
import { encodeShape } from '../../web/lib/boundary.js';
import { mulberry32 } from '../../bench/random.mjs';

const { intersectsFilter, raycastFilter } = defineFilterSwitches(FILTERS);
let c3d;
beforeAll(async () => { c3d = await init(); });

const random = mulberry32(2026);
const range = (lo, hi) => lo + (hi - lo) * random();
const vec = (s = 10) => ({ x: range(-s, s), y: range(-s, s), z: range(-s, s) });
const plus = (p, v, k = 1) => ({ x: p.x + k * v.x, y: p.y + k * v.y, z: p.z + k * v.z });

// Each type: a random shape, its encoded numbers (the batch items), and a copy moved by v.
const TYPES = {
  sphere: {
    make: () => ({ type: 'sphere', center: vec(), radius: range(0, 4) }),
    numbers: (s) => [s.center.x, s.center.y, s.center.z, s.radius],
    moved: (s, v) => ({ ...s, center: plus(s.center, v) }),
  },
  aabb: {
    make: () => {
      const min = vec(), size = vec(3);
      return { type: 'aabb', min, max: plus(min, { x: Math.abs(size.x), y: Math.abs(size.y), z: Math.abs(size.z) }) };
    },
    numbers: (b) => [b.min.x, b.min.y, b.min.z, b.max.x, b.max.y, b.max.z],
    moved: (b, v) => ({ ...b, min: plus(b.min, v), max: plus(b.max, v) }),
  },
  plane: {
    make: () => ({ type: 'plane', normal: vec(2), constant: range(-5, 5) }),
    numbers: (p) => [p.normal.x, p.normal.y, p.normal.z, p.constant],
    moved: (p, v) => ({ ...p, constant: p.constant - (p.normal.x * v.x + p.normal.y * v.y + p.normal.z * v.z) }),
  },
  segment: {
    make: () => {
      const start = vec();
      return { type: 'segment', start, end: plus(start, vec(4)) };
    },
    numbers: (s) => [s.start.x, s.start.y, s.start.z, s.end.x, s.end.y, s.end.z],
    moved: (s, v) => ({ ...s, start: plus(s.start, v), end: plus(s.end, v) }),
  },
  triangle: {
    make: () => {
      const c = vec();
      return { type: 'triangle', a: plus(c, vec(3)), b: plus(c, vec(3)), c: plus(c, vec(3)) };
    },
    numbers: (t) => [t.a.x, t.a.y, t.a.z, t.b.x, t.b.y, t.b.z, t.c.x, t.c.y, t.c.z],
    moved: (t, v) => ({ ...t, a: plus(t.a, v), b: plus(t.b, v), c: plus(t.c, v) }),
  },
  ray: {
    make: () => ({ type: 'ray', origin: vec(), direction: vec(1) }),
    numbers: (r) => [r.origin.x, r.origin.y, r.origin.z, r.direction.x, r.direction.y, r.direction.z],
    moved: (r, v) => ({ ...r, origin: plus(r.origin, v) }),
  },
};
// A point of each shape (a plane's nearest to the origin).
function pointOf(s) {
  const mid = (p, q) => ({ x: (p.x + q.x) / 2, y: (p.y + q.y) / 2, z: (p.z + q.z) / 2 });
  switch (s.type) {
    case 'sphere': return s.center;
    case 'aabb': return mid(s.min, s.max);
    case 'segment': return mid(s.start, s.end);
    case 'triangle': return mid(s.a, mid(s.b, s.c));
    case 'ray': return s.origin;
    default: {
      const n = s.normal, k = -s.constant / (n.x * n.x + n.y * n.y + n.z * n.z);
      return { x: k * n.x, y: k * n.y, z: k * n.z };
    }
  }
}
const side = (s) => ({ type: s.type, items: new Float64Array(TYPES[s.type].numbers(s)) });

// A filter's answer on the two shapes encoded as the JS entry encodes them.
const buffer = new Float64Array(64);
const encoded = (filter, a, b) =>
  filter(buffer, encodeShape(buffer, 0, a, 'test', 'a'), 0, encodeShape(buffer, 32, b, 'test', 'b'), 32);

// The exact answers, by the batch API: intersects, or whether the ray hits.
const QUERIES = {
  intersects: {
    exact: (a, b) => c3d.intersectsBatch(side(a), side(b))[0] === 1,
    filtered: (a, b) => encoded(intersectsFilter, a, b),  // 1, 0 or UNDECIDED
    publicCall: (a, b) => c3d.intersects(a, b),
    entryCall: (a, b) => c3d.intersectsOf(a.type, b.type)(a, b),
  },
  raycast: {
    exact: (a, b) => c3d.raycastBatch(side(a), side(b))[0] !== Infinity,
    filtered: (a, b) => encoded(raycastFilter, a, b),  // 0 (proves misses only) or UNDECIDED
    publicCall: (a, b) => c3d.raycast(a, b) !== null,
    entryCall: (a, b) => c3d.raycastOf(a.type, b.type)(a, b) !== null,
  },
};

// A copy of a shape with every number moved by up to one unit in its last place: pairs within rounding of the
// boundary, not only on either side of it.
const ulp = (x) => (x === 0 ? 2 ** -1074 : 2 ** (Math.floor(Math.log2(Math.abs(x))) - 52));
const nudge = (x) => x + Math.round(range(-1, 1)) * ulp(x);
function nudged(shape) {
  const copy = (value) => (typeof value === 'number' ? nudge(value) : typeof value === 'object' ?
    Object.fromEntries(Object.entries(value).map(([key, v]) => [key, copy(v)])) : value);
  return copy(shape);
}

// Moves b along v until the exact answer changes, then bisects to two adjacent doubles: the pairs on either side of
// the boundary. Undefined when the answer does not change over the range.
function boundaryPairs(exact, a, b, v) {
  const at = (k) => TYPES[b.type].moved(b, { x: k * v.x, y: k * v.y, z: k * v.z });
  let lo = -3, hi = 3;
  const answerLo = exact(a, at(lo));
  let found = false;
  for (let k = 1; k <= 64 && !found; ++k) {
    const x = -3 + (6 * k) / 64;
    if (exact(a, at(x)) !== answerLo) hi = x, found = true;
    else lo = x;
  }
  if (!found) return undefined;
  for (let step = 0; step < 80; ++step) {
    const mid = (lo + hi) / 2;
    if (mid === lo || mid === hi) break;
    if (exact(a, at(mid)) === answerLo) lo = mid;
    else hi = mid;
  }
  return [[a, at(lo)], [a, at(hi)]];
}

// A random pair that meets somewhere along the motion of boundaryPairs: b moved towards a (intersects), or a ray
// aimed near b, which is moved across the ray or along it (raycast); returns [a, b, v].
function approaching(query, typeA, typeB) {
  const a = TYPES[typeA].make(), b = TYPES[typeB].make();
  if (query === 'intersects') return [a, b, plus(plus(pointOf(a), pointOf(b), -1), vec(0.3))];
  const ray = { ...a, direction: plus(plus(pointOf(b), a.origin, -1), vec(0.5)) };
  // Across the ray (grazing), or along it (the target reaching the origin: t = 0).
  return [ray, b, random() < 0.5 ? vec(3) : ray.direction];
}

const PAIRS = [
  ['intersects', 'sphere', 'sphere'], ['intersects', 'sphere', 'plane'], ['intersects', 'aabb', 'aabb'],
  ['intersects', 'aabb', 'plane'], ['intersects', 'segment', 'plane'], ['raycast', 'ray', 'triangle'],
  ['raycast', 'ray', 'sphere'], ['raycast', 'ray', 'aabb'], ['raycast', 'ray', 'plane'],
];

describe('the float filters of the single queries', () => {
  it.each(PAIRS)('%s(%s, %s): every answer the exact one, most random pairs decided by the filter', (query, typeA, typeB) => {
    const { exact, filtered, publicCall, entryCall } = QUERIES[query];
    const symmetric = query === 'intersects';
    const check = (a, b) => {
      const answer = exact(a, b);
      const proven = filtered(a, b);
      if (proven !== UNDECIDED) expect(proven === 1, `${JSON.stringify(a)} ${JSON.stringify(b)}`).toBe(answer);
      expect(publicCall(a, b)).toBe(answer);
      expect(entryCall(a, b)).toBe(answer);
      if (symmetric) {
        const reversed = filtered(b, a);
        if (reversed !== UNDECIDED) expect(reversed === 1).toBe(answer);
        expect(publicCall(b, a)).toBe(answer);
        expect(entryCall(b, a)).toBe(answer);
      }
      return { answer, proven };
    };
    // Random pairs: the filter decides nearly all (for raycasts: the misses).
    let decided = 0, decidable = 0;
    for (let i = 0; i < 2000; ++i) {
      const { answer, proven } = check(TYPES[typeA].make(), TYPES[typeB].make());
      if (query === 'intersects' || !answer) ++decidable;
      if (proven !== UNDECIDED) ++decided;
    }
    expect(decidable).toBeGreaterThan(200);
    expect(decided / decidable).toBeGreaterThan(0.99);
    // Pairs bisected onto the boundary, and nudged around it: both answers occur, and each is the exact one.
    let posed = 0, met = 0;
    for (let i = 0; i < 400; ++i) {
      const pairs = boundaryPairs(exact, ...approaching(query, typeA, typeB));
      if (pairs === undefined) continue;
      for (const [a, b] of pairs) {
        met += check(a, b).answer ? 1 : 0;
        ++posed;
        for (let k = 0; k < 8; ++k) check(nudged(a), nudged(b));
      }
    }
    expect(posed).toBeGreaterThan(100);
    expect(met).toBe(posed / 2);
  });

  // scripts/pair-entries.mjs writes the generic calls' switches on the codes from FILTERED_PAIRS: they must run the
  // filter it names on every pair (each way round as named), and none on a pair it leaves out.
  it.each(Object.keys(QUERIES))('%s: the switch runs the filter FILTERED_PAIRS names, on every pair', (query) => {
    const types = Object.keys(TYPES);
    let listed = 0;
    for (const typeA of types) {
      for (const typeB of types) {
        const named = FILTERED_PAIRS[query][`${typeA} ${typeB}`];
        listed += named === undefined ? 0 : 1;
        for (let i = 0; i < 50; ++i) {
          const a = TYPES[typeA].make(), b = TYPES[typeB].make();
          const switched = QUERIES[query].filtered(a, b);
          if (named === undefined) {
            expect(switched, `${typeA} ${typeB}`).toBe(UNDECIDED);
            continue;
          }
          const [name, swapped] = named.split(' ');
          const [first, second] = swapped === undefined ? [0, 32] : [32, 0];
          const direct = FILTERS[name](buffer, first, second);
          const table = query === 'raycast' ? (FILTERS.nonZero(buffer, 3) && direct ? 0 : UNDECIDED) : direct;
          expect(table, `${typeA} ${typeB}`).toBe(switched);
        }
      }
    }
    expect(listed).toBe(Object.keys(FILTERED_PAIRS[query]).length);
  });

  // A ray whose direction is zero is invalid: the module reports it, so no filter may answer it first, even one whose
  // proof would hold (a box the ray's origin lies outside of on some axis, moving "along" it).
  it('leave a ray with a zero direction to the module, which refuses it', () => {
    const ray = { type: 'ray', origin: { x: 50, y: 50, z: 50 }, direction: { x: 0, y: 0, z: 0 } };
    const targets = Object.keys(FILTERED_PAIRS.raycast).map((pair) => TYPES[pair.split(' ')[1]].make());
    expect(targets.some((t) => t.type === 'aabb')).toBe(true);
    for (const target of targets) {
      expect(encoded(raycastFilter, ray, target), target.type).toBe(UNDECIDED);
      for (const call of [QUERIES.raycast.publicCall, QUERIES.raycast.entryCall]) {
        expect(() => call(ray, target), target.type).toThrow(/caster\.direction/);
      }
    }
  });

  it('do not prove a miss for a ray leaving a sphere from a point within rounding of its surface', () => {
    // The origin is the centre plus the radius along a random unit vector, rounded: just inside, on or just
    // outside the ball, and the ray points outwards. From inside or on the surface it hits at t = 0, so "outside
    // and moving away" must be proven with the bound on m·m - r^2, not read off its rounded sign. Centres near 0
    // make the origin's rounding as small as the rounding of m·m - r^2 itself.
    let inside = 0;
    for (let i = 0; i < 4000; ++i) {
      const center = vec(1e-3), radius = range(0.5, 4), u = vec(1);
      const k = radius / Math.hypot(u.x, u.y, u.z);
      const ray = { type: 'ray', origin: plus(center, u, k), direction: plus(u, vec(0.2)) };
      const ball = { type: 'sphere', center, radius };
      const answer = QUERIES.raycast.exact(ray, ball);
      inside += answer ? 1 : 0;
      if (answer) expect(encoded(raycastFilter, ray, ball)).toBe(UNDECIDED);
      expect(c3d.raycast(ray, ball) !== null).toBe(answer);
    }
    expect(inside).toBeGreaterThan(400);
  });

  it('leave every bad field to the full path, whose errors are unchanged', () => {
    const v = (x, y, z) => ({ x, y, z });
    const ball = { type: 'sphere', center: v(0, 0, 0), radius: 1 };
    const error = (f) => { try { f(); } catch (e) { return `${e.constructor.name}: ${e.message}`; } return 'no error'; };
    expect(error(() => c3d.intersects({ ...ball, radius: -1 }, ball)))
      .toBe('RangeError: collide3d.intersects: a.radius must be >= 0 (got -1)');
    expect(error(() => c3d.intersects(ball, { ...ball, center: v(0, '5', 0) })))
      .toBe('TypeError: collide3d.intersects: b.center.y must be a finite number (got "5")');
    expect(error(() => c3d.intersects(ball, { ...ball, center: null })))
      .toBe('TypeError: collide3d.intersects: b.center must be a vector {x, y, z} (got null)');
    expect(error(() => c3d.intersects({ type: 'aabb', min: v(0, 0, 0), max: v(1, Infinity, 1) }, { type: 'aabb', min: v(5, 5, 5), max: v(6, 6, 6) })))
      .toBe('TypeError: collide3d.intersects: a.max.y must be a finite number (got Infinity)');
    expect(error(() => c3d.intersects({ type: 'plane', normal: v(0, 0, 0), constant: 1 }, ball)))
      .toBe('RangeError: collide3d.intersects: a.normal must be non-zero (got {x: 0, y: 0, z: 0})');
    expect(error(() => c3d.raycast({ type: 'ray', origin: v(5, 5, 5), direction: v(0, 0, 0) }, ball)))
      .toBe('RangeError: collide3d.raycast: caster.direction must be non-zero (got {x: 0, y: 0, z: 0})');
    expect(error(() => c3d.raycast({ type: 'ray', origin: v(5, 5, 5), direction: v(1, 0, 0) }, ball, { maxDistance: 'far' })))
      .toBe('TypeError: collide3d.raycast: opts.maxDistance must be a number (got "far")');
    // A numeric string is not a number even where the arithmetic would have decided.
    expect(error(() => c3d.intersects({ ...ball, radius: '1' }, { ...ball, center: v(100, 0, 0) })))
      .toBe('TypeError: collide3d.intersects: a.radius must be a finite number (got "1")');
  });
});
