// SegmentTree: points or line segments in the wasm heap with a BVH over them (cpp/collide3d/mesh/segment_tree.h),
// answering which lie within a radius of a ray, line or segment: picking points and lines as three.js does with its
// raycaster's thresholds. The JS object keeps only the tree's address; its numbers are written straight into the
// tree's own heap arrays. dispose() frees it; a tree that is garbage-collected undisposed is freed then too.
import { rangeError, typeError } from './errors.js';
import { heapOwnerClass } from './heap-owner.js';
import { INDEX_ARRAYS, positionsChecker } from './mesh.js';

// Primitive kinds by their SegmentKind codes: a point per vertex, a strip of segments, a segment per vertex pair.

// `shared`: what index.js's API shares with it (the module, the scratch area and its helpers).
export function defineSegmentTree(shared) {
  const { module, OPT, status: STATUS } = shared;
  const NEAR = shared.layout('nearOptions', 'maxDistance:number radius:number');
  const KINDS = shared.enumOf('segmentKinds');
  const checkPositions = positionsChecker(shared);
  const { HeapOwner, addressOf } = heapOwnerClass((address) => module.segmentTreeDestroy(address), 'tree',
    shared.beginCall);

  class SegmentTree extends HeapOwner {
    #kind;

    /**
     * positions: x, y, z per vertex; opts.index: vertex numbers (else the vertices in order); opts.kind: 'points'
     * (each vertex a point), 'line' (each vertex and the next a segment) or 'lineSegments' (the default: vertices
     * 2k and 2k + 1 a segment), as three.js's Points, Line and LineSegments draw them.
     */
    constructor(positions, opts) {
      const fn = 'SegmentTree';
      const vertices = checkPositions(fn, positions);
      const o = shared.options(opts, fn);
      const given = o === undefined ? undefined : o.kind;
      const kind = given === undefined ? 'lineSegments' : given;
      if (typeof kind !== 'string' || !Object.hasOwn(KINDS, kind)) throw typeError(fn, 'opts.kind', "'points', 'line' or 'lineSegments'", given);
      const index = o === undefined ? undefined : o.index;
      const indexed = index !== undefined && index !== null;
      const sequence = indexed
        ? shared.valuesOf(shared.batchArray(fn, 'opts.index', index, ...INDEX_ARRAYS))
        : undefined;
      const vertexCount = vertices.length / 3, length = indexed ? sequence.length : vertexCount;
      const tooBig = () => rangeError(fn, 'positions', `(${vertexCount} vertices) needs more than the wasm heap can give`);
      shared.beginCall();  // creating and building grow the heap, detaching views a query's getter was writing
      const address = module.segmentTreeCreate(vertexCount, length, indexed ? 1 : 0);
      if (address === 0) throw tooBig();
      let bad;
      try {
        new Float32Array(module.HEAPU8.buffer, module.segmentTreePositions(address), vertices.length).set(vertices);
        if (indexed) new Uint32Array(module.HEAPU8.buffer, module.segmentTreeSequence(address), length).set(sequence);
        bad = module.segmentTreeBuild(address, KINDS[kind]);
      } catch (error) {
        module.segmentTreeDestroy(address);
        throw error;
      }
      if (bad === STATUS.heapFull) {
        module.segmentTreeDestroy(address);
        throw tooBig();
      }
      if (bad >= 0) {
        module.segmentTreeDestroy(address);
        throw rangeError(fn, `opts.index[${bad}]`, `must be < ${vertexCount}, the vertex count (got ${sequence[bad]})`);
      }
      super(address, fn);
      this.#kind = kind;
    }

    get kind() { return this.#kind; }
    /** How many points or segments the tree holds. */
    get size() { return module.segmentTreeSize(addressOf(this, 'SegmentTree.size')); }
    /** Bytes of the wasm heap the tree holds: its primitives' coordinates and ids, and the BVH's nodes. */
    get byteLength() { return module.segmentTreeBytes(addressOf(this, 'SegmentTree.byteLength')); }

    /**
     * The numbers (ascending) of the points or segments within `radius` of the caster (a ray, line or segment; with
     * opts.maxDistance, its points up to that t only), up to a tolerance of 2^-20 of the coordinates' magnitude:
     * every one within the radius is found, none beyond the radius and that tolerance.
     */
    near(caster, radius, opts) {
      const fn = 'SegmentTree.near';
      addressOf(this, fn);
      const found = shared.runOnShape(fn, 'caster', caster, (code) => module.segmentTreeNear(addressOf(this, fn), code),
        shared.notACaster(fn), (f) => {
          if (typeof radius !== 'number' || !Number.isFinite(radius)) throw typeError(fn, 'radius', 'a finite number', radius);
          if (radius < 0) throw rangeError(fn, 'radius', `must be >= 0 (got ${radius})`);
          const o = shared.options(opts, fn);
          const limit = o === undefined ? undefined : o.maxDistance;
          if (limit !== undefined && (typeof limit !== 'number' || Number.isNaN(limit))) {
            throw typeError(fn, 'opts.maxDistance', 'a number', limit);
          }
          f[OPT + NEAR.maxDistance] = limit === undefined ? Infinity : limit;
          f[OPT + NEAR.radius] = radius;
        });
      return shared.takeFound(found, fn, 'caster');
    }
  }
  return SegmentTree;
}
