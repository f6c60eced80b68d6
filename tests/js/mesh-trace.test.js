// TriangleMesh.traceRaycast through the package: its hit is raycast's, and brute force's over every triangle; what
// it records is what a first-hit search through a tree does, checked from outside (the root first, holding every
// vertex; every box entered met by the ray; the leaves entered holding exactly the triangles tested, the hit among
// them; far fewer tested than there are); the tree's listing by depth; errors; the heap flat over many traces.
import * as THREE from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { mulberry32 } from '../../bench/random.mjs';

let c3d, module, geometry, mesh;
beforeAll(async () => {
  c3d = await init();
  module = c3d[Symbol.for('collide3d.module')];
  geometry = new THREE.TorusKnotGeometry(1.6, 0.55, 250, 20);  // 10,000 triangles
  mesh = new c3d.TriangleMesh(geometry.attributes.position.array, geometry.index.array);
});

const positions = () => geometry.attributes.position.array;
const triangleOf = (k) => {
  const index = geometry.index.array, p = positions();
  const corner = (c) => ({ x: p[3 * index[3 * k + c]], y: p[3 * index[3 * k + c] + 1], z: p[3 * index[3 * k + c] + 2] });
  return { type: 'triangle', a: corner(0), b: corner(1), c: corner(2) };
};
const contains = (box, p) => ['x', 'y', 'z'].every((k) => box.min[k] <= p[k] && p[k] <= box.max[k]);
const grown = (box, by) => ({ type: 'aabb', min: { x: box.min.x - by, y: box.min.y - by, z: box.min.z - by },
  max: { x: box.max.x + by, y: box.max.y + by, z: box.max.z + by } });

// Rays from a sphere of radius 5 around the knot towards points near its middle: most hit.
function rays(count) {
  const random = mulberry32(41);
  return Array.from({ length: count }, () => {
    const from = new THREE.Vector3(random() - 0.5, random() - 0.5, random() - 0.5).setLength(5);
    const to = new THREE.Vector3(random() * 3 - 1.5, random() * 3 - 1.5, random() - 0.5);
    return { type: 'ray', origin: from, direction: to.sub(from) };
  });
}

describe('TriangleMesh.traceRaycast', () => {
  it('gives raycast\'s hit, and records the search as a first-hit search through a tree goes', () => {
    let hits = 0, tested = 0;
    const roots = [];
    for (const ray of rays(150)) {
      const trace = mesh.traceRaycast(ray);
      expect(trace.hit).toEqual(mesh.raycast(ray));
      const [root] = trace.entered;
      expect(root.depth).toBe(0);
      roots.push(root);
      for (const box of trace.entered) expect(c3d.intersects(ray, grown(box, 1e-9))).toBe(true);
      const leaves = trace.entered.filter((box) => box.triangles > 0);
      expect(leaves.reduce((sum, box) => sum + box.triangles, 0)).toBe(trace.tested.length);
      for (const t of trace.tested) {
        const { a, b, c } = triangleOf(t);
        expect(leaves.some((leaf) => [a, b, c].every((p) => contains(leaf, p)))).toBe(true);
      }
      if (trace.hit !== null) {
        hits += 1;
        expect(trace.tested).toContain(trace.hit.triangleIndex);
      }
      tested += trace.tested.length;
    }
    // The root is one box for every ray, holding every vertex.
    for (const root of roots) expect(root).toEqual(roots[0]);
    for (let k = 0; k < positions().length; k += 3) {
      expect(contains(roots[0], { x: positions()[k], y: positions()[k + 1], z: positions()[k + 2] })).toBe(true);
    }
    expect(hits).toBeGreaterThan(100);
    // A tree's worth: on average under 1 % of the 10,000 triangles tested per ray.
    expect(tested / 150).toBeLessThan(100);
  });

  it('finds the hit testing every triangle would', () => {
    for (const ray of rays(20)) {
      let best = null;
      for (let k = 0; k < mesh.triangleCount; ++k) {
        const hit = c3d.raycast(ray, triangleOf(k));
        if (hit !== null && (best === null || hit.t < best.t)) best = { t: hit.t, triangleIndex: k };
      }
      const { hit } = mesh.traceRaycast(ray);
      expect(hit === null ? null : { t: hit.t, triangleIndex: hit.triangleIndex }).toEqual(best);
    }
  });

  it('lists the tree to the depth asked, each box after its parent and inside it', () => {
    const [ray] = rays(1);
    let last = 0;
    for (const depth of [0, 1, 2, 3, 4]) {
      const { tree } = mesh.traceRaycast(ray, { depth });
      expect(tree[0].depth).toBe(0);
      expect(Math.max(...tree.map((box) => box.depth))).toBeLessThanOrEqual(depth);
      tree.slice(1).forEach((box, k) => {
        const parent = tree.slice(0, k + 1).some((p) => p.depth === box.depth - 1 && contains(p, box.min) && contains(p, box.max));
        expect(parent).toBe(true);
      });
      expect(tree.length).toBeGreaterThan(last);
      last = tree.length;
    }
    expect(mesh.traceRaycast(ray, { depth: 0 }).tree).toHaveLength(1);
    // To full depth the leaves hold every triangle once.
    const leaves = mesh.traceRaycast(ray, { depth: 60 }).tree.filter((box) => box.triangles > 0);
    expect(leaves.reduce((sum, box) => sum + box.triangles, 0)).toBe(10000);
  });

  it('refuses bad options and casters, naming them', () => {
    const [ray] = rays(1);
    const fn = 'collide3d.TriangleMesh.traceRaycast';
    expect(() => mesh.traceRaycast(ray, { depth: 61 })).toThrow(new RangeError(`${fn}: opts.depth must be from 0 to 60 (got 61)`));
    expect(() => mesh.traceRaycast(ray, { depth: -1 })).toThrow(new RangeError(`${fn}: opts.depth must be from 0 to 60 (got -1)`));
    expect(() => mesh.traceRaycast(ray, { depth: 2.5 })).toThrow(new TypeError(`${fn}: opts.depth must be an integer (got 2.5)`));
    expect(() => mesh.traceRaycast(ray, { hits: 'all' })).toThrow(new TypeError(`${fn}: opts.hits must be 'first' (got "all")`));
    expect(() => mesh.traceRaycast({ type: 'sphere', center: { x: 0, y: 0, z: 0 }, radius: 1 }))
      .toThrow(new TypeError(`${fn}: caster.type must be 'ray', 'line' or 'segment' (got "sphere")`));
    const gone = new c3d.TriangleMesh(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]));
    gone.dispose();
    expect(() => gone.traceRaycast(ray)).toThrow(`${fn}: the mesh was disposed`);
  });

  it('keeps the heap flat over 20,000 traces', () => {
    const some = rays(8);
    mesh.traceRaycast(some[0], { depth: 4 });
    const bytes = module.heapBytesInUse();
    for (let i = 0; i < 20000; ++i) mesh.traceRaycast(some[i % 8], { depth: i % 5 });
    expect(module.heapBytesInUse()).toBe(bytes);
  });
});
