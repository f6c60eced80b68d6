// Checks the sweep scenes' case files share (scenes/sweep-scene.js): the page's hit is collide3d's for the page's
// inputs, the readout shows it, the target list is every sweep target c3d.supported has for the moving shape, and,
// where the pair has an exact intersects(), the time is the first contact: the shape moved by t * velocity touches
// the target and at no earlier time meets it (after a miss, at no time).
import { expect } from 'vitest';
import { TARGETS } from '../../../../web/demo/src/scenes/sweep-targets.js';

const plus = (p, d) => ({ x: p.x + d.x, y: p.y + d.y, z: p.z + d.z });

// The shape translated by d.
function moved(shape, d) {
  switch (shape.type) {
    case 'sphere': case 'obb': return { ...shape, center: plus(shape.center, d) };
    case 'capsule': return { ...shape, start: plus(shape.start, d), end: plus(shape.end, d) };
    case 'aabb': return { ...shape, min: plus(shape.min, d), max: plus(shape.max, d) };
    default: throw new Error(`no motion for ${shape.type}`);
  }
}

// How much of the motion is left out either side of t when probing it (velocities here are a few units long, so
// about 1e-8 units, far above t's rounding and far below the scene's sizes).
const PROBE = 1e-9;
const SAMPLES = 128;

/** Whether the first-contact check ran (intersects answers the pair); checks it when it does. */
export function expectFirstContact(c3d, { moving, velocity, target }, hit) {
  const exact = c3d.supported.some(({ query, a, b }) => query === 'intersects' && a === moving.type && b === target.type);
  if (!exact) return false;
  const meetsAt = (s) => c3d.intersects(moved(moving, { x: velocity.x * s, y: velocity.y * s, z: velocity.z * s }), target);
  // The GJK ray cast (curved targets) stops at or before the contact, within about 1e-7 of the motion.
  const probe = ['cylinder', 'cone', 'ellipsoid'].includes(target.type) ? 1e-6 : PROBE;
  const last = hit === null ? 1 : hit.t - PROBE;
  for (let k = 0; k <= SAMPLES && last >= 0; k += 1) expect(meetsAt(last * k / SAMPLES), `at ${last * k / SAMPLES}`).toBe(false);
  if (hit !== null) expect(meetsAt(Math.min(1, hit.t + probe))).toBe(true);
  return true;
}

/**
 * The grown target drawn (sweep-scene.js): the moving shape's centre, which moves along the velocity, lies on its
 * surface at the time of impact and outside it before; so the centre's path, tested by collide3d's distance against
 * the drawn hull and radius, agrees with the sweep's time (a second formulation of it). The hull is exact where no
 * side is curved; a curved side's samples lie on it, so the drawn hull lies inside the true one and the centre is at
 * least the radius from it.
 */
function expectObstacle(c3d, { inputs, obstacle }, hit, readout) {
  const { moving, velocity, target } = inputs;
  const centre = moving.type === 'capsule'
    ? { x: (moving.start.x + moving.end.x) / 2, y: (moving.start.y + moving.end.y) / 2, z: (moving.start.z + moving.end.z) / 2 }
    : moving.center ?? { x: (moving.min.x + moving.max.x) / 2, y: (moving.min.y + moving.max.y) / 2, z: (moving.min.z + moving.max.z) / 2 };
  const at = (s) => plus(centre, { x: velocity.x * s, y: velocity.y * s, z: velocity.z * s });
  if (hit !== null) {
    const shown = readout['centre then'].slice(1, -1).split(', ').map(Number);
    const then = at(hit.t);
    shown.forEach((x, i) => expect(Math.abs(x - [then.x, then.y, then.z][i])).toBeLessThanOrEqual(5e-4));
  }
  if (obstacle === null) return;
  if (target.type === 'plane') {
    // The centre then is on the moved plane; before, on its far side from the target.
    const height = (p) => obstacle.normal.x * p.x + obstacle.normal.y * p.y + obstacle.normal.z * p.z + obstacle.constant;
    if (hit !== null && hit.t > 0) expect(Math.abs(height(at(hit.t)))).toBeLessThanOrEqual(1e-9);
    return;
  }
  const curved = ['cylinder', 'cone', 'ellipsoid'].includes(target.type);
  const hull = { type: 'convex', points: obstacle.points };
  const gap = (shape) => c3d.distance(shape, hull) - obstacle.radius;
  const before = hit === null ? 1 : hit.t;
  if (before > 0) expect(gap({ type: 'segment', start: at(0), end: at(before * (1 - 1e-9)) })).toBeGreaterThan(-1e-9);
  if (hit !== null && hit.t > 0) {
    const onSurface = gap({ type: 'point', position: at(hit.t) });
    expect(onSurface).toBeGreaterThan(-1e-6);
    if (!curved) expect(onSurface).toBeLessThanOrEqual(1e-6);
  }
}

/** Everything the page shows is collide3d's answer; returns the hit. */
export function expectSweepAsLibrary({ result, readout, c3d }) {
  const { moving, velocity, target } = result.inputs;
  const sweepTargets = c3d.supported.filter(({ query, a }) => query === 'sweep' && a === moving.type).map(({ b }) => b);
  expect([...TARGETS].sort()).toEqual(sweepTargets.sort());
  const hit = c3d.sweep(moving, velocity, target);
  expect(result.hit).toEqual(hit);
  expect(readout.target).toBe(target.type);
  expect(readout.contact).toBe(hit === null ? 'no contact' : hit.t === 0 ? 'already touching' : 'while moving');
  if (hit !== null) {
    expect(Math.abs(Number(readout.t) - hit.t)).toBeLessThanOrEqual(5e-4);
    const shown = (text) => text.slice(1, -1).split(', ').map(Number);
    for (const [row, v] of [['point', hit.point], ['normal', hit.normal]]) {
      shown(readout[row]).forEach((x, i) => expect(Math.abs(x - [v.x, v.y, v.z][i])).toBeLessThanOrEqual(5e-4));
    }
  }
  expectFirstContact(c3d, result.inputs, hit);
  expectObstacle(c3d, result, hit, readout);
  return hit;
}

/**
 * The digits a sweep against a curved target (cylinder, cone, ellipsoid) is good to: the GJK ray cast stops at or
 * before the contact, within about 1e-7 of the motion on a curved side (sweep_gjk.h).
 */
export const CURVED = 6;
/**
 * And its normal, where a face comes down on the round side: GJK's direction there is less accurate than its
 * distance (sweep.h), the simplex mixing support points along the arc. Measured on sweep-aabb's cylinder case: 3.9e-7
 * off with the brute-force sub-simplex step, 8.5e-7 with signed volumes.
 */
export const CURVED_NORMAL = 5;

/** The hit is at time t (to `digits` decimals) with the normal given, and its point is `point` (each coordinate
 * given as a number, or as [min, max] where a face touches and any point of the contact will do). */
export function expectHit(hit, { t, normal, point, digits = 12, normalDigits = digits }) {
  expect(hit).not.toBeNull();
  expect(hit.t).toBeCloseTo(t, digits);
  for (const k of ['x', 'y', 'z']) {
    expect(hit.normal[k]).toBeCloseTo(normal[k] ?? 0, normalDigits);
    const want = point[k] ?? 0;
    if (Array.isArray(want)) {
      expect(hit.point[k]).toBeGreaterThanOrEqual(want[0] - 1e-12);
      expect(hit.point[k]).toBeLessThanOrEqual(want[1] + 1e-12);
    } else {
      expect(hit.point[k]).toBeCloseTo(want, digits);
    }
  }
}
