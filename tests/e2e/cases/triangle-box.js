// The triangle flat in the xy plane (corners (-2, -1.5), (2, -1.5), (0, 2)), then boxes above it, touching it, cut
// by it, and just past its long edge, where only an edge axis separates them; rotated boxes against the library.
import { expect } from 'vitest';
import { presets } from '../../../web/demo/src/scenes/triangle-box.js';

export default [
  {
    set: { triangle: [0, 0, 0, 0, 0, 0], box: [0, 0, 3, 0, 0, 0], hx: 1, hy: 1, hz: 1, aligned: true },
    check({ result, readout, c3d }) {
      // The box spans z in [2, 4], the triangle lies at z = 0.
      expect(result.inputs.box).toEqual({ type: 'aabb', min: { x: -1, y: -1, z: 2 }, max: { x: 1, y: 1, z: 4 } });
      expect(result.intersects).toBe(false);
      expect(c3d.intersects(result.inputs.triangle, result.inputs.box)).toBe(false);
      expect(readout).toMatchObject({ intersects: 'no', box: 'AABB' });
      // The axes by hand: z (the box's and the triangle's normal) finds the gap 2, and so does every cross product
      // of x or y with an edge in z = 0, which is along z; x and y overlap (-3, -2.5); x × ab is zero.
      expect(readout).toMatchObject({ 'separating axes': '7 of 13', widest: 'box z: 2', 'box x': '-3', 'box y': '-2.5',
        'triangle normal': '2', 'x × ab': '—', 'y × bc': '2' });
    },
  },
  {
    set: { box: [0, 0, 1, 0, 0, 0] },
    check({ result, readout }) {
      // Now z in [0, 2]: the box's bottom face touches the triangle's interior, which counts.
      expect(result.intersects).toBe(true);
      expect(readout.intersects).toBe('yes');
    },
  },
  {
    set: { box: [1.5, 0.55, 0, 0, 0, 0], hx: 0.2, hy: 0.2, hz: 0.2 },
    check({ result, readout }) {
      // Past the long edge from (2, -1.5) to (0, 2): even its nearest corner (1.3, 0.35) lies outside that edge
      // (−2 (0.35 + 1.5) − 3.5 (1.3 − 2) = −1.25 < 0), but the box overlaps the triangle along x, y, z and the
      // normal: only the edge axis separates them. On z × bc = (-3.5, -2, 0) / 4.031 the triangle spans
      // [-0.992, 2.481] and the box -1.575 ± 0.273: a gap of 0.31.
      expect(result.intersects).toBe(false);
      expect(readout).toMatchObject({ 'separating axes': '1 of 13', widest: 'z × bc: 0.31' });
    },
  },
  {
    set: { box: [1, 0.55, 0, 0, 0, 0] },
    check({ result }) {
      // 0.5 further in: the corner (0.8, 0.35) is inside the triangle (left of that edge: −2 (0.35 + 1.5) − 3.5 (0.8 − 2) = 0.5 > 0).
      expect(result.intersects).toBe(true);
    },
  },
  {
    set: { triangle: [0, 0, 0, -60, 0, 20], box: [1.4, 1.2, 0.6, 25, 30, 0], hx: 0.6, hy: 0.5, hz: 0.4, aligned: false },
    check({ result, readout, c3d }) {
      expect(result.inputs.box.type).toBe('obb');
      expect(result.intersects).toBe(c3d.intersects(result.inputs.triangle, result.inputs.box));
      expect(readout.box).toBe('OBB');
    },
  },
  {
    set: { box: [0.2, 3.5, 2.5, 10, 70, 5] },
    check({ result, c3d }) {
      expect(result.intersects).toBe(c3d.intersects(result.inputs.triangle, result.inputs.box));
    },
  },
  {
    // The hard cases: the triangle in the plane z = 0.4 of the box's top face, covering it: they meet (the face
    // axis z has gap 0); a thousandth higher they are apart by 0.001 along z. three.js's Box3 agrees on both.
    set: presets['flat on the top face'],
    check({ result, readout, c3d }) {
      expect(result.intersects).toBe(c3d.intersects(result.inputs.triangle, result.inputs.box));
      expect(readout).toMatchObject({ intersects: 'yes', 'three.js': 'intersects' });
    },
  },
  {
    set: presets['a thousandth above the top face'],
    check({ result, readout, c3d }) {
      expect(result.intersects).toBe(c3d.intersects(result.inputs.triangle, result.inputs.box));
      expect(readout).toMatchObject({ intersects: 'no', 'three.js': 'apart' });
      expect(Math.max(...result.gaps.map((axis) => axis.gap))).toBeCloseTo(0.001, 9);
    },
  },
];
