// WorkerPool: the batch queries split across worker threads (worker.js, each with its own instance of the module), so
// that a long batch runs on every core and the calling thread stays free. A batch is cut into parts, a few per worker
// so that a worker done early takes another; a part's numbers are copied to a worker, answered by the same call as on
// the calling thread, and its answers copied into one array: the answers are those of the single-threaded call, number
// for number. A mesh is shared once (serialized, made again in every worker) and then cast against as often as wanted.
// Copying is the price: each number crosses to a worker and each answer back, so a pool pays where a query costs more
// than that (rays against a mesh, raycasts against shapes beyond planes and spheres); the README gives the figures.
import { rangeError, typeError } from './errors.js';
import { SHAPE_TYPES, decodeShape, encodeShape, itemError } from './boundary.js';
import { hardwareThreads, startWorker } from './worker-thread.js';

const PARTS_PER_WORKER = 8;
// Rays against a mesh in one part a worker: a mesh's raycastBatch orders its rays to keep the tree in the cache
// (ray_order.h), which pays the more rays a part holds (1M-triangle knot, 200,000 rays, 2 workers: 1.39x the calling
// thread in 16 parts, 1.61x in 4, 1.77x in 2).
const MESH_PARTS_PER_WORKER = 1;
const SMALLEST_PART = 1024;  // items: a smaller batch is cut into fewer parts
const IN_FLIGHT = 1;  // parts a worker holds at once: one, so that the last parts go to whichever worker is free
const MAX_WORKERS = 256;

// `shared`: the API's helpers; `batches`: batch.js's (sidesOf, raycastBatchOptions); `meshes`: mesh.js's
// (addressIfOwned, raycastBatchOptions).
export function defineWorkerPool(shared, batches, meshes) {
  const { sizes } = shared;
  // Pools' shared meshes that were garbage-collected undisposed: their copies in the workers are dropped then.
  const forgotten = new FinalizationRegistry(({ pool, key }) => unshare(pool, key));
  // The pool's own steps, for PooledMesh and createWorkerPool (not methods a user sees).
  let castAt, unshare, readiness;

  // Where a part's bad number or item lies in the whole batch: `place(problem, input)` of the part, for a `problem`
  // (where the worker found it) in `input`, one of the call's arrays ({ path, array, stride, split }; split false for
  // a side of one shape sent whole with every part). For a part of the batch's items from `from` on:
  const placeFrom = (from) => (problem, input) => {
    const start = input.split ? from : 0;
    return problem.at + (problem.isNumber ? start * input.stride : start);
  };

  // An error a worker sent back ({ name, message, problem }), told again for the pool's call `fn`: a bad item is named
  // by its place in the whole batch (`inputs`: the call's arrays; `place`: its part's), anything else keeps its class
  // and wording.
  function rebuilt(fn, { name, message, problem }, inputs, place) {
    const input = problem === undefined ? undefined : inputs.find((i) => i.path === problem.path);
    if (input !== undefined) {
      return itemError(fn, problem.path, problem.type, shared.valuesOf(input.array), { ...problem, at: place(problem, input) });
    }
    const text = message.replace(/^collide3d\.[\w.]+: /, `collide3d.${fn}: `);
    return name === 'RangeError' ? new RangeError(text) : name === 'TypeError' ? new TypeError(text) : new Error(text);
  }

  // Of the parts' errors ({ error, place }), the one the whole batch in one call reports: the module checks its arrays
  // in order (`inputs`), each first for a number out of range anywhere, then item by item; any other error comes first.
  function firstOf(failures, inputs) {
    const rank = ({ error: { problem }, place }) => {
      const side = problem === undefined ? -1 : inputs.findIndex((i) => i.path === problem.path);
      return side < 0 ? [-1, 0, 0] : [side, problem.isNumber ? 0 : 1, place(problem, inputs[side])];
    };
    const before = (a, b) => {
      const [p, q] = [rank(a), rank(b)];
      return p[0] !== q[0] ? p[0] < q[0] : p[1] !== q[1] ? p[1] < q[1] : p[2] < q[2];
    };
    return failures.reduce((best, f) => (before(f, best) ? f : best));
  }

  class WorkerPool {
    #threads;  // [{ thread, inFlight }]
    #waiting = new Map();  // request id -> { resolve, reject, worker }
    #queue = [];  // requests for any worker: { message, transfer, resolve, reject }
    #nextId = 0;
    #nextKey = 0;
    #ended;  // why the pool cannot be used (a string), once disposed or broken

    static {
      castAt = (pool, ...args) => pool.#castAt(...args);
      unshare = (pool, key) => pool.#unshare(key);
      readiness = (pool) => pool.#threads.map((worker) => pool.#request('createWorkerPool', { op: 'ready' }, [], worker));
    }

    constructor(threads) {
      this.#threads = threads.map((thread) => ({ thread, inFlight: 0 }));
      for (const worker of this.#threads) {
        worker.thread.listen((message) => this.#answered(message),
          (why) => this.#end(`a worker failed (${why})`));
      }
    }

    /** The number of worker threads. */
    get workers() {
      return this.#threads.length;
    }

    #answered({ id, answer, error }) {
      const request = this.#waiting.get(id);
      if (request === undefined) return;
      this.#waiting.delete(id);
      const worker = request.worker;
      if (--worker.inFlight === 0) worker.thread.busy(false);
      if (error === undefined) request.resolve(answer); else request.reject(error);
      this.#pump();
    }

    #post(worker, { message, transfer, resolve, reject }) {
      const id = this.#nextId++;
      this.#waiting.set(id, { resolve, reject, worker });
      if (worker.inFlight++ === 0) worker.thread.busy(true);
      worker.thread.post({ ...message, id }, transfer);
    }

    // Queued requests to the workers with the fewest in flight.
    #pump() {
      while (this.#queue.length > 0) {
        const worker = this.#threads.reduce((a, b) => (b.inFlight < a.inFlight ? b : a));
        if (worker.inFlight >= IN_FLIGHT) return;
        this.#post(worker, this.#queue.shift());
      }
    }

    // The answer to `message` from the next free worker, or from `worker` when given (a message every worker takes).
    #request(fn, message, transfer = [], worker = undefined) {
      if (this.#ended !== undefined) return Promise.reject(new Error(`collide3d.${fn}: ${this.#ended}`));
      return new Promise((resolve, reject) => {
        const request = { message, transfer, resolve, reject };
        if (worker !== undefined) this.#post(worker, request);
        else {
          this.#queue.push(request);
          this.#pump();
        }
      });
    }

    #end(why) {
      if (this.#ended !== undefined) return;
      this.#ended = why;
      for (const { thread } of this.#threads) thread.end();
      const error = { name: 'Error', message: `collide3d.WorkerPool: ${why}` };
      for (const request of [...this.#waiting.values(), ...this.#queue]) request.reject(error);
      this.#waiting.clear();
      this.#queue.length = 0;
    }

    /** Ends the workers (and their copies of shared meshes); calls waiting for an answer reject. */
    dispose() {
      this.#end('the pool was disposed');
    }

    // Answers `parts` ({ message, transfer, into(answer), place }: a part's message and the arrays to transfer, where
    // its answer goes, where its items are in the batch) on the workers. `inputs`: the call's arrays, in the order the
    // module checks them (firstOf). Resolves once every part is in; rejects with the batch's first error.
    async #answer(fn, parts, inputs) {
      const answers = parts.map(({ message, transfer, into, place }) => this.#request(fn, message, transfer)
        .then(into, (error) => Promise.reject({ error, place })));
      // Every part settles first, so that no answer lands after the call returned.
      const failures = (await Promise.allSettled(answers)).filter((s) => s.status === 'rejected').map((s) => s.reason);
      if (failures.length === 0) return;
      const { error, place } = firstOf(failures, inputs);
      throw rebuilt(fn, error, inputs, place);
    }

    // Answers a batch of `count` items cut into ranges: part(from, to) makes a range's message and the arrays to
    // transfer, `into(answer, from)` copies its answer into place.
    #split(fn, count, part, into, inputs, perWorker = PARTS_PER_WORKER) {
      const parts = Math.max(1, Math.min(Math.ceil(count / SMALLEST_PART), this.workers * perWorker));
      const starts = Array.from({ length: parts + 1 }, (_, k) => Math.round((k * count) / parts));
      // An empty batch is a part too: a side of one shape is checked all the same.
      return this.#answer(fn, starts.slice(0, parts).map((from, k) => ({
        ...part(from, starts[k + 1]), into: (answer) => into(answer, from), place: placeFrom(from),
      })), inputs);
    }

    /** raycastBatch split across the workers: each pair's hit t (Infinity for none), as c3d.raycastBatch. */
    async raycastBatch(casters, targets, opts) {
      const fn = 'WorkerPool.raycastBatch';
      const options = batches.raycastBatchOptions(opts, fn);
      const [A, B, pairs] = batches.sidesOf(fn, ['casters', 'targets'], casters, targets);
      const out = new Float64Array(pairs);
      await this.#pairs(fn, A, B, pairs, (a, b) => ({ op: 'raycastBatch', casters: a, targets: b, opts: options }), out);
      return out;
    }

    /** intersectsBatch split across the workers: 1 or 0 per pair, as c3d.intersectsBatch. */
    async intersectsBatch(a, b) {
      const fn = 'WorkerPool.intersectsBatch';
      const [A, B, pairs] = batches.sidesOf(fn, ['a', 'b'], a, b);
      const out = new Uint8Array(pairs);
      await this.#pairs(fn, A, B, pairs, (partA, partB) => ({ op: 'intersectsBatch', a: partA, b: partB }), out);
      return out;
    }

    // A pair batch's parts: each side cut alike, a side of one shape sent whole with every part.
    #pairs(fn, A, B, pairs, message, out) {
      const sideOf = (side, from, to) => {
        const [first, last] = side.count === 1 ? [0, 1] : [from, to];
        return { type: side.type, items: shared.copyRange(side.array, first * sizes[side.type], last * sizes[side.type]) };
      };
      const inputs = [A, B].map((side) => ({
        path: `${side.arg}.items`, array: side.array, stride: sizes[side.type], split: side.count !== 1 || pairs === 1,
      }));
      return this.#split(fn, pairs, (from, to) => {
        const a = sideOf(A, from, to), b = sideOf(B, from, to);
        return { message: message(a, b), transfer: [a.items.buffer, b.items.buffer] };
      }, (answer, from) => out.set(answer, from), inputs);
    }

    // cullSpheres / cullBoxes split across the workers: the frustum read once here and sent to each as numbers.
    async #cull(fn, op, type, arg, frustum, items) {
      const stride = sizes[type];
      const input = shared.numbersOf(fn, arg, items, stride);
      const f = new Float64Array(sizes.frustum);
      const code = encodeShape(f, 0, frustum, fn, 'frustum');
      if (SHAPE_TYPES[code] !== 'frustum') throw typeError(fn, 'frustum.type', '"frustum"', SHAPE_TYPES[code]);
      const plain = decodeShape('frustum', f, 0);
      const count = input.length / stride, out = new Uint8Array(count);
      await this.#split(fn, count, (from, to) => {
        const part = shared.copyRange(input, from * stride, to * stride);
        return { message: { op, frustum: plain, items: part }, transfer: [part.buffer] };
      }, (answer, from) => out.set(answer, from), [{ path: arg, array: input, stride, split: true }]);
      return out;
    }

    /** cullSpheres split across the workers: 1 per sphere inside or meeting the frustum, as c3d.cullSpheres. */
    cullSpheres(frustum, spheres) {
      return this.#cull('WorkerPool.cullSpheres', 'cullSpheres', 'sphere', 'spheres', frustum, spheres);
    }

    /** cullBoxes split across the workers: 1 per box inside or meeting the frustum, as c3d.cullBoxes. */
    cullBoxes(frustum, boxes) {
      return this.#cull('WorkerPool.cullBoxes', 'cullBoxes', 'aabb', 'boxes', frustum, boxes);
    }

    /**
     * allPairs split across the workers: every overlapping pair i, j (i < j) among the boxes, as c3d.allPairs (in
     * another order): each worker takes all the boxes and finds its share of the pairs (allPairs' opts.part).
     */
    async allPairs(boxes) {
      const fn = 'WorkerPool.allPairs';
      const input = shared.numbersOf(fn, 'boxes', boxes, 6);
      const parts = Math.max(1, Math.min(this.workers, Math.floor(input.length / 6 / SMALLEST_PART)));
      // A copy of the boxes for each worker, transferred (a copy costs a tenth of what posting one to clone does).
      const found = [];
      const shares = Array.from({ length: parts }, (_, part) => {
        const values = shared.copyRange(input, 0, input.length);
        return {
          message: { op: 'allPairs', boxes: values, part, parts }, transfer: [values.buffer],
          into: (pairs) => found.push(pairs), place: (problem) => problem.at,  // each worker has every box
        };
      });
      await this.#answer(fn, shares, [{ path: 'boxes', array: input, stride: 6, split: true }]);
      const out = new Uint32Array(found.reduce((n, pairs) => n + pairs.length, 0));
      found.reduce((at, pairs) => (out.set(pairs, at), at + pairs.length), 0);
      return out;
    }

    /**
     * A copy of `mesh` in every worker (made from mesh.serialize(), as it is now), to cast rays against with
     * raycastBatch; dispose() the copy when done (the mesh itself stays as it was).
     */
    async share(mesh) {
      const fn = 'WorkerPool.share';
      if (meshes.addressIfOwned(mesh, fn) === 0) throw typeError(fn, 'mesh', 'a TriangleMesh of this instance', mesh);
      const { buffer } = mesh.serialize();
      const key = this.#nextKey++;
      // Each worker gets its own copy of the buffer (the last takes this one).
      await Promise.all(this.#threads.map((worker, k) => {
        const data = k === this.#threads.length - 1 ? buffer : buffer.slice(0);
        return this.#request(fn, { op: 'share', key, data }, [data], worker);
      })).catch((error) => {
        this.#unshare(key);
        throw rebuilt(fn, error, []);
      });
      const pooled = new PooledMesh(this, key, mesh.triangleCount);
      forgotten.register(pooled, { pool: this, key }, pooled);
      return pooled;
    }

    // Drops the workers' copies of a shared mesh (PooledMesh.dispose, or its handle collected undisposed).
    #unshare(key) {
      if (this.#ended !== undefined) return;
      for (const worker of this.#threads) this.#request('PooledMesh.dispose', { op: 'unshare', key }, [], worker).catch(() => {});
    }

    // A pooled mesh's raycastBatch: the rays cut into parts.
    async #castAt(fn, key, rays, opts) {
      const input = shared.numbersOf(fn, 'rays', rays, 6);
      const { hits, maxDistance, backfaceCulling } = meshes.raycastBatchOptions(opts, fn);
      const count = input.length / 6;
      const t = new Float64Array(count), triangleIndex = new Int32Array(count);
      await this.#split(fn, count, (from, to) => {
        const part = shared.copyRange(input, 6 * from, 6 * to);
        return { message: { op: 'meshRaycastBatch', key, rays: part, opts: { hits, maxDistance, backfaceCulling } }, transfer: [part.buffer] };
      }, (answer, from) => {
        t.set(answer.t, from);
        triangleIndex.set(answer.triangleIndex, from);
      }, [{ path: 'rays', array: input, stride: 6, split: true }], MESH_PARTS_PER_WORKER);
      return { t, triangleIndex };
    }
  }

  // A mesh shared with a pool's workers (WorkerPool.share).
  class PooledMesh {
    #pool;
    #key;
    #triangleCount;

    constructor(pool, key, triangleCount) {
      this.#pool = pool;
      this.#key = key;
      this.#triangleCount = triangleCount;
    }

    get triangleCount() {
      return this.#triangleCount;
    }

    /**
     * TriangleMesh.raycastBatch split across the pool's workers: { t, triangleIndex }, each ray's first (or any) hit
     * (Infinity and -1 for a miss).
     */
    raycastBatch(rays, opts) {
      const fn = 'PooledMesh.raycastBatch';
      if (this.#pool === undefined) return Promise.reject(new Error(`collide3d.${fn}: the mesh was disposed`));
      return castAt(this.#pool, fn, this.#key, rays, opts);
    }

    /** Drops the workers' copies. Calling it again does nothing. */
    dispose() {
      if (this.#pool === undefined) return;
      forgotten.unregister(this);
      unshare(this.#pool, this.#key);
      this.#pool = undefined;
    }
  }

  /**
   * A pool of `workers` threads (default: as many as the machine runs at once), each with the module loaded; resolves
   * once every worker is ready.
   */
  async function createWorkerPool(opts) {
    const fn = 'createWorkerPool';
    const o = shared.options(opts, fn);
    let count = o === undefined ? undefined : o.workers;
    if (count !== undefined && (!Number.isInteger(count) || count < 1 || count > MAX_WORKERS)) {
      if (typeof count !== 'number') throw typeError(fn, 'opts.workers', 'an integer', count);
      throw rangeError(fn, 'opts.workers', `must be an integer from 1 to ${MAX_WORKERS} (got ${count})`);
    }
    count ??= Math.min(await hardwareThreads(), MAX_WORKERS);
    const threads = [];
    try {
      for (let k = 0; k < count; ++k) {
        const thread = await startWorker(shared.compiled);
        if (thread === undefined) throw new Error(`collide3d.${fn}: this environment has neither Web Workers nor worker_threads`);
        threads.push(thread);
      }
    } catch (error) {
      threads.forEach((thread) => thread.end());
      throw error;
    }
    const pool = new WorkerPool(threads);
    try {
      await Promise.all(readiness(pool));
    } catch (error) {
      pool.dispose();
      throw rebuilt(fn, error, []);
    }
    return pool;
  }

  return createWorkerPool;
}
