// Loading: init() resolves once to one frozen API object, with the module's shape schemas matching the JS encoders.
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import init, { init as namedInit } from '../../web/lib/index.js';
import { SHAPE_TYPES } from '../../web/lib/boundary.js';

describe('init', () => {
  it('returns the same instance on every call, from the default and the named export', async () => {
    const a = await init();
    const b = await namedInit();
    expect(a).toBe(b);
    expect(Object.isFrozen(a)).toBe(true);
    expect(Object.keys(a).sort()).toEqual(
      ['AabbTree', 'ConvexHull', 'HeapArray', 'SegmentTree', 'TriangleMesh', 'allPairs', 'classify', 'closestPoints', 'contact', 'createWorkerPool', 'cullBoxes', 'cullSpheres', 'distance', 'gjkTrace',
        'intersection', 'intersects', 'intersectsBatch', 'intersectsOf', 'moveAndSlide', 'orthonormalBasis', 'packItems', 'raycast',
        'raycastBatch', 'raycastOf', 'separatingAxis',
        'supported', 'sweep', 'traceMoveAndSlide']);
  });

  it('knows every shape type of the README table', async () => {
    await init();
    expect(SHAPE_TYPES).toEqual(['point', 'ray', 'line', 'segment', 'plane', 'triangle', 'sphere', 'ellipsoid',
      'aabb', 'obb', 'cylinder', 'capsule', 'frustum', 'cone', 'convex']);
  });

  it('lists the supported pairs of every query', async () => {
    const c3d = await init();
    const has = (query, a, b) => c3d.supported.some((p) => p.query === query && p.a === a && p.b === b);
    expect(has('raycast', 'ray', 'triangle')).toBe(true);
    expect(has('intersects', 'plane', 'sphere')).toBe(true);
    expect(has('intersects', 'sphere', 'plane')).toBe(true);
    expect(has('sweep', 'sphere', 'plane')).toBe(true);
    expect(has('raycast', 'ray', 'ellipsoid')).toBe(true);
    expect(has('raycast', 'ray', 'frustum')).toBe(false);
  });

  it('initialises in a worker thread as well', async () => {
    const worker = new Worker(new URL('./fixtures/query-worker.mjs', import.meta.url));
    const t = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(t).toBe(3); // from z = 5 down to the sphere's top at z = 2
  });
});
