// The demo's torus knot (rebuilt here in node from the scene's own geometry function) and rays through it: the
// page's hits are those of a TriangleMesh built in node on the same arrays.
import { expect } from 'vitest';
import { knot } from '../../../web/demo/src/scenes/mesh-raycast.js';

// The hits a node-side mesh gives for the page's inputs.
function expected(c3d, { ray, detail, options }) {
  const geometry = knot(detail);
  const mesh = new c3d.TriangleMesh(geometry.attributes.position.array, geometry.index.array);
  const found = mesh.raycast(ray, options);
  mesh.dispose();
  return options.hits === 'all' ? found : found === null ? [] : [found];
}

// The trace's counts a node-side mesh gives, as the page shows them; and, independently, the tree's size by depth:
// the boxes drawn to depth d number those to depth d - 1 plus their children.
function expectTraceAsInNode(c3d, { result, readout }) {
  const { ray, detail, options, depth } = result.inputs;
  const geometry = knot(detail);
  const mesh = new c3d.TriangleMesh(geometry.attributes.position.array, geometry.index.array);
  const trace = mesh.traceRaycast(ray, { backfaceCulling: options.backfaceCulling, depth });
  mesh.dispose();
  const leaves = trace.entered.filter((box) => box.triangles > 0).length;
  expect(result.counts).toEqual({ entered: trace.entered.length, leaves, tested: trace.tested.length, tree: trace.tree.length });
  expect(readout['first hit: boxes entered']).toBe(`${trace.entered.length - leaves} nodes, ${leaves} leaves`);
  expect(readout['triangles tested']).toBe(`${trace.tested.length} of ${readout.triangles}`);
  expect(readout['boxes drawn']).toBe(`${trace.tree.length} (depth ≤ ${depth})`);
  // The tree spares the work: far fewer triangles tested than the mesh has.
  expect(trace.tested.length).toBeLessThan(Number(readout.triangles) / 10);
}

export default [
  {
    set: { detail: '1k', origin: [2.35, 0.05, 6], target: [2.35, 0.05, 0], hits: 'first', backfaceCulling: false },
    check({ result, readout, c3d }) {
      expect(result.inputs.ray).toEqual({ type: 'ray', origin: { x: 2.35, y: 0.05, z: 6 }, direction: { x: 0, y: 0, z: -1 } });
      expect(result.hits).toEqual(expected(c3d, result.inputs));
      expect(readout.triangles).toBe('1000');
      expect(readout.hits).toBe('1');
      // Straight down onto the tube around the knot's curve at (2.4, 0, 0) (radius 0.55): its top is near z = 0.55.
      expect(Number(readout.t)).toBeGreaterThan(5.3);
      expect(Number(readout.t)).toBeLessThan(5.6);
    },
  },
  {
    set: { hits: 'all' },
    check({ result, readout, c3d }) {
      expect(result.hits).toEqual(expected(c3d, result.inputs));
      // A closed surface: a ray from outside that goes on past it crosses it an even number of times.
      expect(result.hits.length % 2).toBe(0);
      expect(result.hits.length).toBeGreaterThanOrEqual(2);
      expect(readout.hits).toBe(String(result.hits.length));
    },
  },
  {
    set: { detail: '100k', origin: [-1.5, 3.5, 4.5], target: [0.5, 0.6, 0], backfaceCulling: true },
    check({ result, readout, c3d }) {
      expect(result.hits).toEqual(expected(c3d, result.inputs));
      expect(readout.triangles).toBe('100000');
      // Back-face culling keeps only the entries into the tube, which face the ray.
      expect(result.hits.every((hit) => hit.frontFace)).toBe(true);
    },
  },
  {
    set: { origin: [8, 8, 8], target: [9, 9, 9], hits: 'first' },
    check({ result, readout }) {
      expect(result.hits).toEqual([]);
      expect(readout.hits).toBe('0');
    },
  },
  {
    // The tree to depth 0 is its root alone; to depth 1 the root and its (up to four) children.
    set: { detail: '10k', hits: 'first', backfaceCulling: false, depth: 0, origin: [-1.5, 3.5, 4.5], target: [0.5, 0.6, 0] },
    check(context) {
      expectTraceAsInNode(context.c3d, context);
      expect(context.readout['boxes drawn']).toBe('1 (depth ≤ 0)');
    },
  },
  {
    set: { depth: 1 },
    check(context) {
      expectTraceAsInNode(context.c3d, context);
      expect(context.result.counts.tree).toBeGreaterThanOrEqual(3);
      expect(context.result.counts.tree).toBeLessThanOrEqual(5);
    },
  },
  {
    set: { depth: 4, detail: '100k' },
    check(context) { expectTraceAsInNode(context.c3d, context); },
  },
];
