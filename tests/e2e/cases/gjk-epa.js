// Two boxes apart by 0.6, then overlapping by 0.4 (box half sizes 1.2, 0.6, 0.8: the sweep targets'), a capsule and
// a sphere (their cores a segment and a point, 3 apart), and a cone against a hull: the readout by hand, and every
// step count, stop and answer as collide3d's gjkTrace gives them in node on the page's inputs.
import { expect } from 'vitest';

function expectAsLibrary({ result, c3d }) {
  const { a, b } = result.inputs;
  const trace = c3d.gjkTrace(a, b);
  expect(result.gjkSteps).toBe(trace.steps.length);
  expect(result.epaSteps).toBe(trace.epa?.steps.length ?? 0);
  expect(result.stop).toBe(trace.stop);
  expect(result.coreDistance).toBe(trace.distance);
  expect(result.contact).toEqual(trace.contact);
  expect(result.intersects).toBe(c3d.intersects(a, b));
  expect(result.distance).toBe(c3d.distance(a, b));
}

const level = [0, 0, 0];
export default [
  {
    // Box faces x = -1.8 and x = -1.2 face each other: 0.6 apart, GJK's last |v| and lower bound both.
    set: { kindA: 'obb', kindB: 'obb', a: [-3, 0, 0, ...level], b: [0, 0.2, 0.1, ...level], step: 40 },
    check(context) {
      expectAsLibrary(context);
      const { readout, result } = context;
      expect(readout).toMatchObject({ intersects: 'no', distance: '0.6', '|v| (upper)': '0.6', 'lower bound': '0.6',
        cores: '0.6 apart, radii 0 + 0', step: `GJK ${result.gjkSteps - 1} of ${result.gjkSteps - 1}` });
      expect(['converged', 'repeated']).toContain(readout.stopped);
      expect(result.epaSteps).toBe(0);
    },
  },
  {
    set: { step: 0 },  // the start: one point, the difference of the boxes' first corners
    check(context) {
      expectAsLibrary(context);
      expect(context.readout).toMatchObject({ step: `GJK 0 of ${context.result.gjkSteps - 1}`, simplex: 'point', support: 'start' });
    },
  },
  {
    // Centres 2 apart in x: overlapping by 2.4 - 2 = 0.4 in x (1 in y, 1.5 in z), so EPA's depth is 0.4 along +x.
    set: { b: [-1, 0.2, 0.1, ...level], step: 40 },
    check(context) {
      expectAsLibrary(context);
      const { readout, result } = context;
      expect(result.epaSteps).toBeGreaterThan(0);
      expect(readout).toMatchObject({ intersects: 'yes', distance: '0', 'contact depth': '0.4', normal: '(1.000, 0.000, 0.000)',
        step: `EPA ${result.epaSteps} of ${result.epaSteps}`, cores: '0 apart, radii 0 + 0' });
    },
  },
  {
    // The capsule's segment runs from (-3, -1, 0) to (-3, 1, 0), the sphere's centre is the origin: cores 3 apart,
    // shapes 3 - 0.6 - 1 = 1.4.
    set: { kindA: 'capsule', kindB: 'sphere', a: [-3, 0, 0, ...level], b: [0, 0, 0, ...level] },
    check(context) {
      expectAsLibrary(context);
      expect(context.readout).toMatchObject({ intersects: 'no', distance: '1.4', cores: '3 apart, radii 0.6 + 1' });
    },
  },
  {
    set: { kindA: 'cone', kindB: 'convex', a: [-2, 0, 0, 10, 20, 30], b: [0, 0.3, 0, 40, 0, 0] },
    check: expectAsLibrary,
  },
];
