// The exact decisions through the wasm build (so the Emscripten compile is checked too, not only g++): each answer
// is compared with a reference in exact dyadic arithmetic written here with BigInt (a double is exactly m * 2^e),
// on cases placed on the boundary up to rounding and their one-ulp neighbours.
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { mulberry32 } from '../../bench/random.mjs';

let c3d;
beforeAll(async () => { c3d = await init(); });

// An exact value m * 2^e (m a BigInt).
const view = new DataView(new ArrayBuffer(8));
function exact(x) {
  if (x === 0) return { m: 0n, e: 0 };
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const exponent = Number((bits >> 52n) & 0x7ffn);
  let m = bits & ((1n << 52n) - 1n);
  if (exponent !== 0) m |= 1n << 52n;
  const e = (exponent === 0 ? 1 : exponent) - 1075;
  return { m: bits >> 63n ? -m : m, e };
}
const add = (a, b) => {
  if (a.m === 0n) return b;
  if (b.m === 0n) return a;
  const e = Math.min(a.e, b.e);
  return { m: (a.m << BigInt(a.e - e)) + (b.m << BigInt(b.e - e)), e };
};
const neg = (a) => ({ m: -a.m, e: a.e });
const sub = (a, b) => add(a, neg(b));
const mul = (a, b) => ({ m: a.m * b.m, e: a.e + b.e });
const sgn = (a) => (a.m > 0n ? 1 : a.m < 0n ? -1 : 0);
const V = (p) => [exact(p.x), exact(p.y), exact(p.z)];
const dot = (a, b) => add(add(mul(a[0], b[0]), mul(a[1], b[1])), mul(a[2], b[2]));
const minus = (a, b) => [sub(a[0], b[0]), sub(a[1], b[1]), sub(a[2], b[2])];
const cross = (a, b) => [sub(mul(a[1], b[2]), mul(a[2], b[1])), sub(mul(a[2], b[0]), mul(a[0], b[2])),
  sub(mul(a[0], b[1]), mul(a[1], b[0]))];

// From 0 the nearest number a shape accepts is ±2^-126 (the range of shape numbers, README "Range").
const SMALLEST = 2 ** -126;
const nudge = (x, random) => {
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const up = (x >= 0) === (random() < 0.5);
  if (x === 0) return (random() < 0.5 ? 1 : -1) * SMALLEST;
  view.setBigUint64(0, up ? bits + 1n : bits - 1n);
  return view.getFloat64(0);
};

// The double one ulp away from x, up or down (from 0: the smallest magnitude a shape accepts).
const step = (x, up) => {
  if (x === 0) return up ? SMALLEST : -SMALLEST;
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  view.setBigUint64(0, (x > 0) === up ? bits + 1n : bits - 1n);
  return view.getFloat64(0);
};

// Exact fractions n / d (dyadic n, d with d > 0) compared: a <= b.
const atMost = (a, b) => sgn(sub(mul(a.n, b.d), mul(b.n, a.d))) <= 0;
const fraction = (n, d) => (sgn(d) < 0 ? { n: neg(n), d: neg(d) } : { n, d });

// Whether the ray o + t d, t in [0, M], meets the box, or with solid false (from inside) leaves it by M: the slab
// intervals as exact fractions.
function referenceBoxHit(origin, direction, box, maxDistance, solid) {
  if (maxDistance < 0) return false;  // no t in [0, maxDistance]
  const o = V(origin), d = V(direction), lo = V(box.min), hi = V(box.max);
  let enter = null, exit = null;
  for (let k = 0; k < 3; k += 1) {
    if (sgn(d[k]) === 0) {
      if (sgn(sub(o[k], lo[k])) < 0 || sgn(sub(hi[k], o[k])) < 0) return false;
      continue;
    }
    const a = fraction(sub(lo[k], o[k]), d[k]), b = fraction(sub(hi[k], o[k]), d[k]);
    const [first, last] = atMost(a, b) ? [a, b] : [b, a];
    if (enter === null || !atMost(first, enter)) enter = first;
    if (exit === null || atMost(last, exit)) exit = last;
  }
  const zero = { n: exact(0), d: exact(1) }, limit = { n: exact(maxDistance), d: exact(1) };
  if (!atMost(enter, exit) || !atMost(zero, exit)) return false;
  const inside = !atMost(zero, enter) && !atMost(exit, zero);
  if (inside && !solid) return atMost(exit, limit);
  return atMost(enter, limit) || inside;
}

describe('exact decisions in the wasm build', () => {
  it('sphere against plane, on and around tangency, with non-unit normals', () => {
    const random = mulberry32(71);
    const sides = { front: 0, back: 0, intersecting: 0 };
    for (let i = 0; i < 3000; i += 1) {
      const n = { x: random() * 2 - 1, y: random() * 2 - 1, z: random() * 2 - 1 };
      const length = Math.hypot(n.x, n.y, n.z);
      const plane = { type: 'plane', normal: { x: n.x * 7, y: n.y * 7, z: n.z * 7 }, constant: random() - 0.5 };
      const radius = random() * 2;
      const side = i % 3 - 1;
      // A centre at signed distance side * r from the plane (rounded), maybe moved by an ulp.
      const p = { x: random() * 4 - 2, y: random() * 4 - 2, z: random() * 4 - 2 };
      const s = (plane.normal.x * p.x + plane.normal.y * p.y + plane.normal.z * p.z + plane.constant) / (7 * length);
      const k = side * radius - s;
      const center = { x: p.x + n.x / length * k, y: p.y + n.y / length * k, z: p.z + n.z / length * k };
      if (i % 2) center.y = nudge(center.y, random);
      const sphere = { type: 'sphere', center, radius };
      const sd = add(dot(V(plane.normal), V(center)), exact(plane.constant));
      const reach = mul(mul(exact(radius), exact(radius)), dot(V(plane.normal), V(plane.normal)));
      const expected = sgn(sub(mul(sd, sd), reach)) <= 0 ? 'intersecting' : sgn(sd) > 0 ? 'front' : 'back';
      sides[expected] += 1;
      expect(c3d.classify(plane, sphere)).toBe(expected);
      expect(c3d.intersects(plane, sphere)).toBe(expected === 'intersecting');
    }
    expect(Math.min(sides.front, sides.back, sides.intersecting)).toBeGreaterThan(300);
  });

  it('rays through triangles\' edges and vertices hit exactly when the edge orientations say so', () => {
    const random = mulberry32(73);
    let hits = 0;
    const point = () => ({ x: random() * 2 - 1, y: random() * 2 - 1, z: random() * 2 - 1 });
    for (let i = 0; i < 3000; i += 1) {
      const tri = { type: 'triangle', a: point(), b: point(), c: point() };
      const origin = { x: random() * 6 - 3, y: random() * 6 - 3, z: random() * 6 - 3 };
      const [from, to] = [[tri.a, tri.b], [tri.b, tri.c], [tri.c, tri.a]][i % 3];
      const s = i % 4 === 0 ? 0 : random();
      const target = { x: from.x + (to.x - from.x) * s, y: from.y + (to.y - from.y) * s, z: from.z + (to.z - from.z) * s };
      if (i % 2) target.x = nudge(target.x, random);
      const segment = { type: 'segment', start: origin, end: target };
      // Plücker-style: the line meets the closed triangle iff it sees its edges turning one way (or along one);
      // the segment reaches it iff the plane crossing is within [0, 1].
      const o = V(origin), d = minus(V(target), o), a = V(tri.a), b = V(tri.b), c = V(tri.c);
      const s0 = sgn(dot(d, cross(minus(a, o), minus(b, o))));
      const s1 = sgn(dot(d, cross(minus(b, o), minus(c, o))));
      const s2 = sgn(dot(d, cross(minus(c, o), minus(a, o))));
      const normal = cross(minus(b, a), minus(c, a));
      const rate = sgn(dot(normal, d));
      if (rate === 0) continue;
      const along = dot(normal, minus(a, o));  // t * (n.d)
      const t0 = sgn(along) * rate >= 0;  // t >= 0
      const t1 = sgn(sub(dot(normal, d), along)) * rate >= 0;  // t <= 1
      const expected = !((s0 > 0 || s1 > 0 || s2 > 0) && (s0 < 0 || s1 < 0 || s2 < 0)) && t0 && t1;
      hits += expected;
      expect(c3d.raycast(segment, tri) !== null).toBe(expected);
    }
    expect(hits).toBeGreaterThan(300);
  });

  it('rays against boxes with maxDistance at the entry or the exit, an ulp either side', () => {
    const random = mulberry32(79);
    const counts = { hit: 0, miss: 0 };
    const point = (scale) => ({ x: (random() * 2 - 1) * scale, y: (random() * 2 - 1) * scale, z: (random() * 2 - 1) * scale });
    for (let i = 0; i < 2000; i += 1) {
      const a = point(1), b = point(1);
      const box = { type: 'aabb', min: { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), z: Math.min(a.z, b.z) },
        max: { x: Math.max(a.x, b.x), y: Math.max(a.y, b.y), z: Math.max(a.z, b.z) } };
      const solid = i % 2 === 0;
      // From outside towards a corner or a face point, or (not solid) from inside towards anywhere.
      const lerp = (s) => ({ x: box.min.x + (box.max.x - box.min.x) * s(), y: box.min.y + (box.max.y - box.min.y) * s(),
        z: box.min.z + (box.max.z - box.min.z) * s() });
      const origin = solid ? point(3) : lerp(() => 0.1 + 0.8 * random());
      const target = lerp(() => (random() < 0.5 ? Math.round(random()) : random()));
      const direction = { x: target.x - origin.x, y: target.y - origin.y, z: target.z - origin.z };
      const ray = { type: 'ray', origin, direction };
      const free = c3d.raycast(ray, box, { solid });
      if (free === null) continue;
      for (const maxDistance of [step(free.t, false), free.t, step(free.t, true)]) {
        const expected = referenceBoxHit(origin, direction, box, maxDistance, solid);
        expect(c3d.raycast(ray, box, { solid, maxDistance }) !== null).toBe(expected);
        counts[expected ? 'hit' : 'miss'] += 1;
      }
    }
    expect(Math.min(counts.hit, counts.miss)).toBeGreaterThan(500);
  });

  // Issue 15's capsules, whose nearly parallel axes come 9.1998681079113744e-9 (GMP) inside the sum of the radii,
  // and a ball resting on a triangle's face, then lifted by 2^-50: distance is 0 exactly when they meet.
  it('nearly parallel capsules that overlap by 9.2e-9 meet, and a ball on a face touches', () => {
    const a = { type: 'capsule', start: { x: -0.5908061033810739, y: 0.5471697554871018, z: 0.2354273401384792 },
      end: { x: 0.26319354860313693, y: 1.281707262996377, z: 1.0798227154336184 }, radius: 0.16388415507225795 };
    const b = { type: 'capsule', start: { x: -0.7780839877290421, y: 0.6701278595178992, z: 0.46196557509865027 },
      end: { x: 0.36341256222323526, y: 1.6519456104332069, z: 1.59062456999134 }, radius: 0.14277812413818397 };
    expect(c3d.intersects(a, b)).toBe(true);
    expect(c3d.intersects(b, a)).toBe(true);
    expect(c3d.distance(a, b)).toBe(0);
    expect(Math.abs(c3d.contact(a, b).depth - 9.1998681079113744e-9)).toBeLessThan(1e-15);
    const triangle = { type: 'triangle', a: { x: -2, y: -1.5, z: 0 }, b: { x: 2, y: -1.5, z: 0 },
      c: { x: 0, y: 2, z: 0 } };
    for (const [z, meet] of [[1, true], [1 + 2 ** -50, false]]) {
      const ball = { type: 'sphere', center: { x: 0.3, y: 0.1, z }, radius: 1 };
      expect(c3d.intersects(ball, triangle)).toBe(meet);
      expect(c3d.distance(ball, triangle) === 0).toBe(meet);
      expect(c3d.distance(ball, triangle)).toBeGreaterThanOrEqual(0);
    }
  });
});
