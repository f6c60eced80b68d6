// The query matrix through the package: c3d.supported has every cell the library promises (every pair of solids in
// intersects, distance, closestPoints, contact and sweep; every caster against every solid; a plane and a frustum
// against every solid; a sweep onto a plane), and on random pairs of solids the answers agree with each other:
// distance is 0 exactly when intersects is true, contact is null exactly when it is false, both argument orders
// agree, and a sweep starts at t = 0 exactly when the shapes meet.
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { mulberry32 } from '../../bench/random.mjs';
import { randomShapes, v } from './helpers.js';

const SOLIDS = ['point', 'segment', 'triangle', 'sphere', 'capsule', 'cylinder', 'cone', 'ellipsoid', 'aabb', 'obb',
  'convex'];

let c3d;
beforeAll(async () => {
  c3d = await init();
});

function promisedCells() {
  const cells = [];
  for (const a of SOLIDS) {
    for (const b of SOLIDS) {
      for (const query of ['intersects', 'distance', 'closestPoints', 'contact', 'sweep']) cells.push([query, a, b]);
    }
    for (const caster of ['ray', 'line', 'segment']) cells.push(['raycast', caster, a]);
    cells.push(['intersects', 'plane', a], ['intersects', a, 'plane'], ['classify', 'plane', a]);
    cells.push(['intersects', 'frustum', a], ['intersects', a, 'frustum'], ['sweep', a, 'plane']);
  }
  return cells;
}

describe('the query matrix', () => {
  it('has every promised cell in c3d.supported', () => {
    const have = new Set(c3d.supported.map(({ query, a, b }) => `${query} ${a} ${b}`));
    const missing = promisedCells().map((cell) => cell.join(' ')).filter((cell) => !have.has(cell));
    expect(missing).toEqual([]);
  });
});

describe('the agreement rules', () => {
  it.each(SOLIDS)('hold for %s against every solid', (first) => {
    const random = mulberry32(SOLIDS.indexOf(first) + 18);
    const make = randomShapes(random);
    let meetings = 0, total = 0;
    for (const second of SOLIDS) {
      for (let trial = 0; trial < 60; ++trial) {
        const a = make[first](), b = make[second]();
        const meets = c3d.intersects(a, b);
        const context = `${JSON.stringify(a)} and ${JSON.stringify(b)}`;
        expect(c3d.intersects(b, a), context).toBe(meets);
        expect(c3d.distance(a, b) === 0, context).toBe(meets);
        expect(c3d.closestPoints(b, a).distance === 0, context).toBe(meets);
        expect(c3d.contact(a, b) !== null, context).toBe(meets);
        expect(c3d.contact(b, a) !== null, context).toBe(meets);
        const start = c3d.sweep(a, v(0.5, -0.25, 0.125), b);
        expect(start?.t === 0, context).toBe(meets);
        meetings += meets ? 1 : 0;
        total += 1;
      }
    }
    // Both kinds of case occur for every row (points and segments meet little).
    expect(meetings).toBeGreaterThan(total / 50);
    expect(meetings).toBeLessThan(total * 0.9);
  });
});
