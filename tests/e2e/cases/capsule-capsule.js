// Segments along the axes (exact nearest points), then capsules of radius 0.6 on them: the readout by hand, and
// every answer as collide3d gives it in node on the page's inputs.
import { expect } from 'vitest';
import { expectSeparationAsLibrary } from './shared/expectations.js';

export default [
  {
    // A along x from 0 to 2, B upright at x = y = 1 from z = 0: nearest (1, 0, 0) and (1, 1, 0), 1 apart; the lines'
    // nearest points are the same (s = 0.5, t = 0).
    set: { a0: [0, 0, 0], a1: [2, 0, 0], b0: [1, 1, 0], b1: [1, 1, 2], radius: 0 },
    check({ result, readout, c3d }) {
      expect(result.inputs.a).toEqual({ type: 'segment', start: { x: 0, y: 0, z: 0 }, end: { x: 2, y: 0, z: 0 } });
      expectSeparationAsLibrary(result, c3d);
      expect(readout).toMatchObject({ intersects: 'no', distance: '1', 'closest on A': '(1.000, 0.000, 0.000)',
        'closest on B': '(1.000, 1.000, 0.000)', 's on A': '0.5', 't on B': '0', lines: 's = 0.5, t = 0' });
    },
  },
  {
    // B raised to start at z = 1: the lines still meet nearest at t = -0.5, clamped to B's start (1, 1, 1), whose
    // nearest point on A is (1, 0, 0): √2 apart.
    set: { b0: [1, 1, 1], b1: [1, 1, 3] },
    check({ result, readout, c3d }) {
      expectSeparationAsLibrary(result, c3d);
      expect(readout).toMatchObject({ distance: '1.414', 's on A': '0.5', 't on B': '0', lines: 's = 0.5, t = -0.5' });
    },
  },
  {
    // Crossing at (1, 0, 0): touching segments meet, distance 0.
    set: { b0: [1, -1, 0], b1: [1, 1, 0] },
    check({ result, readout, c3d }) {
      expectSeparationAsLibrary(result, c3d);
      expect(readout).toMatchObject({ intersects: 'yes', distance: '0', 'segments apart': '0' });
    },
  },
  {
    // Parallel, 1 apart: the lines have no single nearest pair.
    set: { b0: [1, 1, 0], b1: [3, 1, 0] },
    check({ result, readout, c3d }) {
      expectSeparationAsLibrary(result, c3d);
      expect(readout).toMatchObject({ distance: '1', lines: 'parallel' });
    },
  },
  {
    // Capsules of radius 0.6 on the first pair: segments 1 apart, so they overlap by 0.2, pushed apart along +y.
    set: { b0: [1, 1, 0], b1: [1, 1, 2], radius: 0.6 },
    check({ result, readout, c3d }) {
      expect(result.inputs.b.type).toBe('capsule');
      expectSeparationAsLibrary(result, c3d);
      expect(readout).toMatchObject({ intersects: 'yes', distance: '0', depth: '0.2', normal: '(0.000, 1.000, 0.000)',
        'segments apart': '1' });
    },
  },
];
