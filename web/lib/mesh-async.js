// TriangleMesh.buildAsync: the build in a worker thread, so that the calling thread never freezes. The arrays are
// copied to the worker (worker.js), which loads this package through its own init() with the module this thread
// compiled, builds, reports the build's progress, and sends the mesh back serialized, its one buffer
// transferred; this side makes the mesh from it, checked, without a build. The calling thread's share is copying the
// arrays out and the serialized mesh in.
// A finished build's worker is kept for the next build for a few seconds: starting one costs tens of milliseconds, and
// an idle one holds its grown wasm memory. Builds at the same time get one worker each, so aborting one ends its worker
// (and all its memory) without touching the others.
// Browsers run it as a module Web Worker, created the way bundlers recognise; node runs it in worker_threads.
import { typeError } from './errors.js';
import { INDEX_ARRAYS, POSITION_ARRAYS } from './mesh.js';
import { startWorker } from './worker-thread.js';

const KEEP_IDLE_MS = 5000;

let idle;  // { thread, timer }: the kept worker

function takeKept() {
  if (idle === undefined) return undefined;
  const { thread, timer } = idle;
  clearTimeout(timer);
  idle = undefined;
  return thread.alive ? thread : undefined;
}

function keep(thread) {
  if (!thread.alive) return;
  if (idle !== undefined) takeKept()?.end();
  thread.busy(false);
  const timer = setTimeout(() => {
    if (idle?.thread === thread) idle = undefined;
    thread.end();
  }, KEEP_IDLE_MS);
  timer.unref?.();  // node: a kept worker does not keep the process alive
  idle = { thread, timer };
}

// The worker's error as the error it was, its message naming buildAsync.
function rebuiltError(fn, { name, message }) {
  const text = message.replace(/^collide3d\.TriangleMesh: /, `collide3d.${fn}: `);
  return name === 'RangeError' ? new RangeError(text) : name === 'TypeError' ? new TypeError(text) : new Error(text);
}

// `make(data)`: the mesh from the serialized data the worker sends.
export async function buildAsync(shared, make, positions, index, opts) {
  const fn = 'TriangleMesh.buildAsync';
  const o = shared.options(opts, fn);
  const onProgress = o === undefined ? undefined : o.onProgress, signal = o === undefined ? undefined : o.signal;
  if (onProgress !== undefined && typeof onProgress !== 'function') throw typeError(fn, 'opts.onProgress', 'a function', onProgress);
  if (signal !== undefined && !(signal instanceof AbortSignal)) throw typeError(fn, 'opts.signal', 'an AbortSignal', signal);
  signal?.throwIfAborted();
  // Copies of the arrays (the worker takes them; the caller's stay as they are). Posting a view would copy its whole
  // buffer, however little of it the view covers. The worker checks the numbers, as the constructor does.
  const copy = (arg, array, [Types, expected]) => {
    const checked = shared.batchArray(fn, arg, array, Types, expected);
    return new checked.Type(shared.valuesOf(checked));
  };
  const vertices = copy('positions', positions, POSITION_ARRAYS);
  const corners = index === undefined || index === null ? undefined : copy('index', index, INDEX_ARRAYS);
  const thread = takeKept() ?? await startWorker(shared.compiled);
  if (thread === undefined) throw new Error(`collide3d.${fn}: this environment has neither Web Workers nor worker_threads`);
  if (signal?.aborted) {
    thread.end();
    throw signal.reason;
  }
  return new Promise((resolve, reject) => {
    let settled = false;
    // `reuse`: whether the worker is fit for another build (it finished this one).
    const settle = (reuse) => {
      if (settled) return false;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      if (reuse) keep(thread); else thread.end();
      return true;
    };
    const fail = (error) => settle(false) && reject(error);
    function onAbort() {
      fail(signal.reason);
    }
    thread.listen((message) => {
      if (settled) return;
      if (message.progress !== undefined) {
        try {
          onProgress?.(message.progress);
        } catch (error) {
          fail(error);
        }
        return;
      }
      if (message.error !== undefined) {
        if (settle(true)) reject(rebuiltError(fn, message.error));
        return;
      }
      let mesh;
      try {
        mesh = make(message.data);
      } catch (error) {
        if (settle(true)) reject(error);
        return;
      }
      if (settle(true)) resolve(mesh);
    }, (why) => fail(new Error(`collide3d.${fn}: the build worker failed (${why})`)));
    signal?.addEventListener('abort', onAbort, { once: true });
    thread.busy(true);
    thread.post({ op: 'build', positions: vertices, index: corners }, corners === undefined ? [vertices.buffer] : [vertices.buffer, corners.buffer]);
  });
}
