// TriangleMesh: a mesh held in the wasm heap with a BVH over its triangles (cpp/collide3d/mesh). The JS object keeps
// only the mesh's address; its numbers are written straight into the mesh's own heap arrays, queries go through the
// scratch area like the single queries. dispose() frees it; a mesh that is garbage-collected undisposed is freed
// then too. A built mesh serializes to one ArrayBuffer and is made again from it without a build (mesh-format.js), which
// is how buildAsync brings a mesh built in a worker back (mesh-async.js).
import { rangeError, typeError, unsupportedPair } from './errors.js';
import { encodeAffine, encodeVector } from './boundary.js';
import { heapOwnerClass } from './heap-owner.js';
import { defineMeshFormat } from './mesh-format.js';
import { buildAsync } from './mesh-async.js';
import { defineMeshTraceReader } from './trace.js';

// The arrays a mesh is made from (the constructor's, buildAsync's): [types, what the error says is expected].
export const POSITION_ARRAYS = [[Float32Array, Float64Array], 'a Float32Array or Float64Array'];
export const INDEX_ARRAYS = [[Uint32Array, Uint16Array, Uint8Array], 'a Uint32Array, Uint16Array or Uint8Array'];
// The constructor's first argument when it takes a mesh the module made (deserialize): never a user's.
const MADE = Symbol('collide3d.TriangleMesh.made');

// Checks vertex positions (x, y, z per vertex, POSITION_ARRAYS) before any is written into a structure in the heap:
// returns their values, or throws naming the first that is not a finite number. `shared`: index.js's helpers.
export function positionsChecker(shared) {
  return function checkPositions(fn, positions, vertexCount) {
    // Type and length read through the built-ins (heap-array.js's batchArray): a Proxy or a subclass cannot lie.
    const array = shared.batchArray(fn, 'positions', positions, ...POSITION_ARRAYS);
    const values = shared.valuesOf(array), length = array.length;
    if (vertexCount !== undefined && length !== 3 * vertexCount) {
      throw rangeError(fn, 'positions.length', `must be ${3 * vertexCount}, 3 per vertex (got ${length})`);
    }
    if (length % 3 !== 0) throw rangeError(fn, 'positions.length', `must be a multiple of 3 (got ${length})`);
    for (let k = 0; k < length; ++k) {
      if (!Number.isFinite(values[k])) throw rangeError(fn, `positions[${k}]`, `must be a finite number (got ${values[k]})`);
    }
    return values;
  };
}

// `shared`: what index.js's API shares with it (the module, the scratch area and its helpers).
export function defineTriangleMesh(shared) {
  const { module, A, OUT, status: STATUS, vec, layout, RAYCAST_SLOTS } = shared;
  const HIT_MODES = shared.enumOf('hitModes');
  const HIT = layout('meshHit', 'hit:raycastHit triangleIndex:index');
  const SWEEP = layout('meshSweepHit', 'hit:sweepHit triangleIndex:index');
  const SWEEP_HIT = layout('sweepHit', 't:number point:vec3 normal:vec3');
  const POINT = layout('meshPoint', 'point:vec3 distance:number triangleIndex:index');
  const PAIR = layout('meshPairPoints', 'pointA:vec3 pointB:vec3 distance:number triangleIndexA:index triangleIndexB:index');
  const CONTACT = layout('meshContact', 'contact:contact triangleIndex:index');
  const CLOSEST = layout('meshClosestPoints', 'points:closestPoints triangleIndex:index');
  const POINTS = layout('closestPoints', 'pointA:vec3 pointB:vec3 distance:number');
  const MIN_DEPTH = shared.OPT + layout('contactsOptions', 'minDepth:number').minDepth;
  const checkPositions = positionsChecker(shared);

  const RAY_HIT = layout('raycastHit', 't:number point:vec3 normal:vec3 u:number v:number frontFace:bool');

  // A mesh hit at f[o...]: a triangle's raycast hit (with its barycentrics) and the triangle.
  function hitAt(f, o) {
    const h = o + HIT.hit;
    return {
      t: f[h + RAY_HIT.t] + 0, point: vec(f, h + RAY_HIT.point), normal: vec(f, h + RAY_HIT.normal),
      u: f[h + RAY_HIT.u] + 0, v: f[h + RAY_HIT.v] + 0, frontFace: f[h + RAY_HIT.frontFace] === 1,
      triangleIndex: f[o + HIT.triangleIndex],
    };
  }

  // Mesh raycast options, read and checked (their getters run here): { mode, maxDistance, backfaceCulling }.
  function meshOptions(opts, fn, modes) {
    const o = shared.options(opts, fn);
    const { maxDistance, backfaceCulling } = shared.raycastOptions(o, fn);
    let mode = 0;
    const hits = o === undefined ? undefined : o.hits;
    if (hits !== undefined) {
      mode = modes.indexOf(hits);
      if (mode < 0) throw typeError(fn, 'opts.hits', modes.map((m) => `'${m}'`).join(' or '), hits);
    }
    return { hits: modes[mode], mode: HIT_MODES[modes[mode]], maxDistance, backfaceCulling };
  }
  // raycastBatch's options: hits 'first' or 'any'.
  const batchOptions = (opts, fn) => meshOptions(opts, fn, ['first', 'any']);
  // traceRaycast's depth option: the depth of the tree's boxes to list, an integer from 0 to MAX_TREE_DEPTH (default 3).
  const MAX_TREE_DEPTH = 60;
  function treeDepthOption(opts, fn) {
    const o = shared.options(opts, fn);
    const depth = o === undefined ? undefined : o.depth;
    if (depth === undefined) return 3;
    if (!Number.isInteger(depth)) throw typeError(fn, 'opts.depth', 'an integer', depth);
    if (depth < 0 || depth > MAX_TREE_DEPTH) throw rangeError(fn, 'opts.depth', `must be from 0 to ${MAX_TREE_DEPTH} (got ${depth})`);
    return depth;
  }
  const readMeshTrace = defineMeshTraceReader(shared, hitAt);

  // contacts' options: { minDepth }, a number >= 0 (default 0, touching included).
  function minDepthOption(opts, fn) {
    const o = shared.options(opts, fn);
    const minDepth = o === undefined ? undefined : o.minDepth;
    if (minDepth === undefined) return 0;
    if (typeof minDepth !== 'number' || !Number.isFinite(minDepth)) throw typeError(fn, 'opts.minDepth', 'a finite number', minDepth);
    if (minDepth < 0) throw rangeError(fn, 'opts.minDepth', `must be >= 0 (got ${minDepth})`);
    return minDepth;
  }
  function writeOptions(f, { maxDistance, backfaceCulling }) {
    f[RAYCAST_SLOTS[0]] = maxDistance;
    f[RAYCAST_SLOTS[1]] = backfaceCulling ? 1 : 0;
    f[RAYCAST_SLOTS[2]] = 1;
  }

  const { HeapOwner, addressOf, isOwner } = heapOwnerClass((address) => module.meshDestroy(address), 'mesh', shared.beginCall);
  const format = defineMeshFormat(shared);

  // The constructor's options: { onProgress }, a function called with the fraction of triangles placed in the BVH.
  function progressOption(fn, opts) {
    const o = shared.options(opts, fn);
    const onProgress = o === undefined ? undefined : o.onProgress;
    if (onProgress !== undefined && typeof onProgress !== 'function') {
      throw typeError(fn, 'opts.onProgress', 'a function', onProgress);
    }
    return onProgress;
  }

  let isMesh;  // whether a value is a TriangleMesh (made by this module), by its private field

  // Mesh against mesh: checks `other` and writes `matrix` into argument A (encodeAffine), then runs bound(address,
  // other's address) and returns its status.
  function runOnMesh(fn, mesh, other, matrix, bound) {
    addressOf(mesh, fn);
    if (!isMesh(other)) throw typeError(fn, 'other', 'a TriangleMesh', other);
    addressOf(other, fn, 'other');
    const f = shared.io();
    const call = shared.beginCall();
    encodeAffine(f, A, matrix, fn, 'matrix');
    shared.checkCall(call, fn, f);
    // Read after the matrix: a getter in it may have disposed either mesh.
    return bound(addressOf(mesh, fn), addressOf(other, fn, 'other'));
  }

  class TriangleMesh extends HeapOwner {
    #vertexCount;
    #triangleCount;

    static {
      isMesh = (value) => value !== null && typeof value === 'object' && #vertexCount in value;
    }

    /**
     * positions: x, y, z per vertex (a three.js BufferGeometry's position array); index: three vertex numbers per
     * triangle, or none (then every three vertices are a triangle). opts.onProgress(fraction) is called during the
     * build (about 64 times, from the build itself: for a worker of one's own); an exception from it stops the build
     * and is thrown here.
     */
    constructor(positions, index, opts) {
      if (positions === MADE) {
        super(index.address, 'TriangleMesh.deserialize');
        this.#vertexCount = index.vertexCount;
        this.#triangleCount = index.triangleCount;
        return;
      }
      const fn = 'TriangleMesh';
      const onProgress = progressOption(fn, opts);
      const vertices = checkPositions(fn, positions);
      const vertexCount = vertices.length / 3;
      const indexed = index !== undefined && index !== null;
      const corners = indexed
        ? shared.valuesOf(shared.batchArray(fn, 'index', index, ...INDEX_ARRAYS))
        : undefined;
      const cornerCount = indexed ? corners.length : vertexCount;
      if (cornerCount % 3 !== 0) {
        const what = indexed ? 'index.length' : 'positions.length';
        throw rangeError(fn, what, `must be a multiple of ${indexed ? 3 : 9} (got ${indexed ? corners.length : vertices.length})`);
      }
      const tooBig = () => rangeError(fn, 'positions', `(${cornerCount / 3} triangles) needs more than the wasm heap can give`);
      shared.beginCall();  // creating and building grow the heap, detaching views a query's getter was writing
      const address = module.meshCreate(vertexCount, cornerCount / 3, indexed ? 1 : 0);
      if (address === 0) throw tooBig();
      // The callback runs inside the build: it must not throw through the module, so its exception stops the build
      // and is thrown once the build has returned.
      let thrown;
      const report = onProgress && ((fraction) => {
        try {
          onProgress(fraction);
          return true;
        } catch (error) {
          thrown = { error };
          return false;
        }
      });
      let bad;
      try {
        new Float32Array(module.HEAPU8.buffer, module.meshPositions(address), vertices.length).set(vertices);
        if (indexed) new Uint32Array(module.HEAPU8.buffer, module.meshCorners(address), corners.length).set(corners);
        bad = module.meshBuild(address, report);
      } catch (error) {
        module.meshDestroy(address);
        throw error;
      }
      if (thrown !== undefined) {
        module.meshDestroy(address);
        throw thrown.error;
      }
      if (bad === STATUS.heapFull) {
        module.meshDestroy(address);
        throw tooBig();
      }
      if (bad >= 0) {
        module.meshDestroy(address);
        throw rangeError(fn, `index[${bad}]`, `must be < ${vertexCount}, the vertex count (got ${corners[bad]})`);
      }
      super(address, fn);
      this.#vertexCount = vertexCount;
      this.#triangleCount = cornerCount / 3;
    }

    /**
     * A mesh from what serialize() returned (or its buffer, or a Uint8Array of its bytes), without building its BVH.
     * Everything is checked: a damaged or foreign image throws a RangeError naming the field.
     */
    static deserialize(data) {
      return new TriangleMesh(MADE, format.deserialize('TriangleMesh.deserialize', data));
    }

    /**
     * Builds the mesh in a worker (mesh-async.js) and resolves to it; the calling thread only copies the arrays out
     * and the serialized mesh in. opts: onProgress(fraction), signal (an AbortSignal).
     */
    static buildAsync(positions, index, opts) {
      return buildAsync(shared, (data) => new TriangleMesh(MADE, format.deserialize('TriangleMesh.buildAsync', data)),
        positions, index, opts);
    }

    /**
     * The mesh as one ArrayBuffer (`buffer`: transfer it, store it) with views of its sections and the format's
     * version; TriangleMesh.deserialize() makes the mesh again from it.
     */
    serialize() {
      return format.serialize('TriangleMesh.serialize', addressOf(this, 'TriangleMesh.serialize'));
    }

    get vertexCount() { return this.#vertexCount; }
    get triangleCount() { return this.#triangleCount; }
    /** Bytes of the wasm heap the mesh holds: its positions, index, triangle ids and BVH nodes. */
    get byteLength() { return module.meshBytes(addressOf(this, 'TriangleMesh.byteLength')); }

    /** The first hit (least t; ties: the lowest triangleIndex), any one hit, or every hit (by t) with hits: 'all'. */
    raycast(caster, opts) {
      const fn = 'TriangleMesh.raycast';
      addressOf(this, fn);
      let mode;
      const found = shared.runOnShape(fn, 'caster', caster, (code) => module.meshRaycast(addressOf(this, fn), code, mode),
        shared.notACaster(fn), (f) => {
          const o = meshOptions(opts, fn, ['first', 'any', 'all']);
          writeOptions(f, o);  // a getter above that called collide3d is caught before the query runs
          mode = o.mode;
        });
      if (mode === HIT_MODES.all) {
        const numbers = new Float64Array(module.HEAPU8.buffer, module.hitsAddress(), found * HIT.size);
        const hits = [];
        for (let k = 0; k < found; ++k) hits.push(hitAt(numbers, k * HIT.size));
        module.releaseHits();
        return hits;
      }
      return found === 0 ? null : hitAt(shared.io(), OUT);
    }

    /**
     * The first hit, as raycast gives it, and how the search found it: the tree's boxes it entered (the root first),
     * the triangles it tested, and the tree's boxes down to opts.depth (a teaching and tuning aid).
     */
    traceRaycast(caster, opts) {
      const fn = 'TriangleMesh.traceRaycast';
      addressOf(this, fn);
      let depth;
      shared.runOnShape(fn, 'caster', caster, (code) => module.meshRaycastTrace(addressOf(this, fn), code, depth),
        shared.notACaster(fn), (f) => {
          writeOptions(f, meshOptions(opts, fn, ['first']));
          depth = treeDepthOption(opts, fn);
        });
      return readMeshTrace();
    }

    /**
     * Many rays at once: `rays` holds origin x, y, z, direction x, y, z per ray. Writes each ray's first (or any)
     * hit into out.t (Infinity for a miss) and out.triangleIndex (-1), and returns `out`.
     */
    raycastBatch(rays, opts, out) {
      const fn = 'TriangleMesh.raycastBatch';
      addressOf(this, fn);
      const input = shared.numbersOf(fn, 'rays', rays, 6);
      const count = input.length / 6;
      const expected = '{t: Float64Array, triangleIndex: Int32Array}';
      if (out !== undefined && (out === null || typeof out !== 'object')) throw typeError(fn, 'out', expected, out);
      // Each field read once: the checked arrays are the ones written.
      const t = out === undefined ? undefined : out.t, index = out === undefined ? undefined : out.triangleIndex;
      if (out !== undefined && (t === undefined || index === undefined)) throw typeError(fn, 'out', expected, out);
      const distances = shared.outputOf(fn, 'out.t', t, Float64Array, count, 'ray', [input]);
      const triangles = shared.outputOf(fn, 'out.triangleIndex', index, Int32Array, count, 'ray', [input, distances]);
      const options = batchOptions(opts, fn);
      const call = shared.beginCall();
      const address = addressOf(this, fn);  // read after the arguments: a getter among them may have disposed the mesh
      const heap = shared.place([input], [distances, triangles]);
      shared.checkCall(call, fn);
      writeOptions(shared.io(), options);
      const [from, tAt, indexAt] = heap.addresses;
      const status = module.meshRaycastBatch(address, from, count, input.Type === Float64Array ? 1 : 0, options.mode,
        tAt, indexAt);
      if (status === STATUS.invalidB) throw shared.badItem(fn, 'rays', 'ray', input);
      heap.copyOut();
      return out ?? { t: distances.data, triangleIndex: triangles.data };
    }

    /** Whether the mesh's surface meets the shape (of any type). */
    intersects(shape) {
      const fn = 'TriangleMesh.intersects';
      addressOf(this, fn);
      return shared.runOnShape(fn, 'shape', shape, (code) => module.meshIntersects(addressOf(this, fn), code),
        (type) => unsupportedPair(fn, 'TriangleMesh', type)) === 1;
    }

    /**
     * The first contact of `moving` (a point, segment, sphere, capsule, aabb or obb) translated by t * velocity,
     * t in [0, 1]: { t, point, normal, triangleIndex } (least t; ties: the lowest triangleIndex), as
     * c3d.sweep(moving, velocity, triangle) over every triangle would find it; null when it touches none.
     */
    sweep(moving, velocity) {
      const fn = 'TriangleMesh.sweep';
      addressOf(this, fn);
      const v = new Float64Array(3);
      encodeVector(v, 0, velocity, fn, 'velocity', '');
      const found = shared.runOnShape(fn, 'moving', moving,
        (code) => module.meshSweep(addressOf(this, fn), code, v[0], v[1], v[2]),
        (type) => unsupportedPair(fn, type, 'TriangleMesh'));
      if (found === 0) return null;
      const f = shared.io(), o = OUT + SWEEP.hit;
      return {
        t: f[o + SWEEP_HIT.t] + 0, point: vec(f, o + SWEEP_HIT.point), normal: vec(f, o + SWEEP_HIT.normal),
        triangleIndex: f[OUT + SWEEP.triangleIndex],
      };
    }

    /** The mesh's point nearest to `point` (ties: the lowest triangleIndex); null for a mesh without triangles. */
    closestPoint(point) {
      const fn = 'TriangleMesh.closestPoint';
      addressOf(this, fn);
      const f = shared.io();
      const call = shared.beginCall();
      encodeVector(f, A, point, fn, 'point', '');
      shared.checkCall(call, fn, f);
      if (module.meshClosestPoint(addressOf(this, fn)) === 0) return null;
      return { point: vec(f, OUT + POINT.point), distance: f[OUT + POINT.distance] + 0, triangleIndex: f[OUT + POINT.triangleIndex] };
    }

    /**
     * Whether any triangle meets any triangle of `other` placed by `matrix` (other's coordinates into this mesh's:
     * 16 numbers column-major or a Matrix4, affine; the identity when omitted), decided exactly on other's vertices
     * as the matrix maps them to doubles.
     */
    intersectsMesh(other, matrix) {
      const fn = 'TriangleMesh.intersectsMesh';
      return runOnMesh(fn, this, other, matrix, (a, b) => module.meshIntersectsMesh(a, b)) === 1;
    }

    /**
     * The closest points of this mesh (pointA) and of `other` placed by `matrix` (pointB, in this mesh's frame), their
     * distance, 0 exactly when intersectsMesh is true, and triangles (ties: the lowest triangleIndexA, then
     * triangleIndexB); null when either mesh has no triangles.
     */
    closestPointsToMesh(other, matrix) {
      const fn = 'TriangleMesh.closestPointsToMesh';
      if (runOnMesh(fn, this, other, matrix, (a, b) => module.meshClosestPointsToMesh(a, b)) === 0) return null;
      const f = shared.io();
      return {
        pointA: vec(f, OUT + PAIR.pointA), pointB: vec(f, OUT + PAIR.pointB), distance: f[OUT + PAIR.distance] + 0,
        triangleIndexA: f[OUT + PAIR.triangleIndexA], triangleIndexB: f[OUT + PAIR.triangleIndexB],
      };
    }

    /**
     * Every triangle a sphere, capsule, aabb or obb touches or penetrates, by triangleIndex, each as
     * { normal, depth, point, triangleIndex }: moving the shape by depth * normal (normal: unit, from the triangle
     * towards the shape) leaves it just touching that triangle; `point` is the triangle's point deepest inside the
     * shape. opts.minDepth leaves out shallower contacts (default 0: touching ones count).
     */
    contacts(shape, opts) {
      const fn = 'TriangleMesh.contacts';
      addressOf(this, fn);
      const found = shared.runOnShape(fn, 'shape', shape, (code) => module.meshContacts(addressOf(this, fn), code),
        (type) => unsupportedPair(fn, 'TriangleMesh', type), (f) => {
          f[MIN_DEPTH] = minDepthOption(opts, fn);  // a getter here that called collide3d is caught before the query runs
        });
      try {
        const numbers = new Float64Array(module.HEAPU8.buffer, module.hitsAddress(), found * CONTACT.size);
        const contacts = [];
        for (let o = 0; o < numbers.length; o += CONTACT.size) {
          const { normal, depth, pointA: point } = shared.contactAt(numbers, o + CONTACT.contact);
          contacts.push({ normal, depth, point, triangleIndex: numbers[o + CONTACT.triangleIndex] });
        }
        return contacts;
      } finally {
        module.releaseHits();
      }
    }

    /**
     * The closest points of the mesh's surface and a shape (a point, segment, triangle, sphere, capsule, aabb or obb):
     * { pointA (on the mesh), pointB (on the shape), distance, triangleIndex } (ties: the lowest triangleIndex;
     * distance 0 and pointA = pointB where they meet); null for a mesh without triangles.
     */
    closestPoints(shape) {
      const fn = 'TriangleMesh.closestPoints';
      addressOf(this, fn);
      const found = shared.runOnShape(fn, 'shape', shape, (code) => module.meshClosestPoints(addressOf(this, fn), code),
        (type) => unsupportedPair(fn, 'TriangleMesh', type));
      if (found === 0) return null;
      const f = shared.io(), o = OUT + CLOSEST.points;
      return {
        pointA: vec(f, o + POINTS.pointA), pointB: vec(f, o + POINTS.pointB), distance: f[o + POINTS.distance] + 0,
        triangleIndex: f[OUT + CLOSEST.triangleIndex],
      };
    }

    /** New positions for the same vertices (after an animation, a morph): the BVH's boxes follow, without a rebuild. */
    refit(positions) {
      const fn = 'TriangleMesh.refit';
      addressOf(this, fn);
      const vertices = checkPositions(fn, positions, this.#vertexCount);
      const address = addressOf(this, fn);
      new Float32Array(module.HEAPU8.buffer, module.meshPositions(address), vertices.length).set(vertices);
      module.meshRefit(address);
    }
  }
  // The class, and the address of one of its live objects (0 for anything else), for calls that take several.
  // raycastBatchOptions: raycastBatch's options read and checked, for a pool's copies of a mesh (worker-pool.js).
  return {
    TriangleMesh, addressIfOwned: (x, fn, what) => (isOwner(x) ? addressOf(x, fn, what) : 0),
    raycastBatchOptions: batchOptions,
  };
}
