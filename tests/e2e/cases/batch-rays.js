// The scanner's rays (the scene's own scannerRays, on the page's placement) cast in node by raycastBatch against the
// same targets give the same nearest-hit counts; a narrow fan straight at the ball hits only it, one turned away
// hits nothing.
import * as THREE from 'three';
import { expect } from 'vitest';
import { TARGETS, nearestHits, scannerRays } from '../../../web/demo/src/scenes/batch-rays.js';

function sameAsNode({ result, readout, c3d }) {
  const { rays: count, spread, position, quaternion } = result.inputs;
  const rays = scannerRays(Number(count), spread, new THREE.Vector3(...position), new THREE.Quaternion(...quaternion));
  const answers = {};
  for (const [name, target] of Object.entries(TARGETS)) {
    // One ray at a time with raycast: a second formulation of the batch's answers.
    answers[name] = Float64Array.from({ length: rays.length / 6 }, (_, i) => {
      const hit = c3d.raycast({ type: 'ray', origin: { x: rays[6 * i], y: rays[6 * i + 1], z: rays[6 * i + 2] },
        direction: { x: rays[6 * i + 3], y: rays[6 * i + 4], z: rays[6 * i + 5] } }, target);
      return hit === null ? Infinity : hit.t;
    });
  }
  const hits = nearestHits(answers);
  const counts = Object.keys(TARGETS).map((_, k) => hits.filter((hit) => hit.target === k).length);
  expect(result.counts).toEqual(counts);
  expect(readout.rays).toBe(String(rays.length / 6));
  return counts;
}

export default [
  {
    // The default fan over all three targets: some rays hit each, nearest first.
    set: { scanner: [3, 1.5, 6, -8, 20, 0], rays: '4096', spread: 60 },
    check(context) {
      const counts = sameAsNode(context);
      for (const n of counts) expect(n).toBeGreaterThan(50);
    },
  },
  {
    // From straight in front of the ball's centre, a fan of 5°: at 8 units its rays spread at most 0.35 from the
    // axis, well inside the radius 1.3, so every ray's nearest hit is the ball.
    set: { scanner: [-1.8, 0.8, 7, 0, 0, 0], rays: '1024', spread: 5 },
    check(context) {
      expect(sameAsNode(context)).toEqual([1024, 0, 0]);
      expect(context.readout).toMatchObject({ hit: '1024 (100 %)', 'nearest: sphere': '1024' });
    },
  },
  {
    // Turned to look along +z, away from everything: no hits.
    set: { scanner: [-1.8, 0.8, 7, 0, 180, 0] },
    check(context) {
      expect(sameAsNode(context)).toEqual([0, 0, 0]);
      expect(context.readout.hit).toBe('0 (0 %)');
    },
  },
];
