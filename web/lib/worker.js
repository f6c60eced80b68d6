// The package's worker thread: loads the package through its own init(), instantiating the module the thread that
// started it compiled (its first message, { op: 'load', compiled }: worker-thread.js), and answers two kinds of
// message, one at a time, in order:
// - { op: 'build', positions, index } from TriangleMesh.buildAsync (mesh-async.js): builds the mesh, posts the build's
//   progress, then the mesh serialized with its buffer transferred (or the error that refused the arrays);
// - { op, id, ... } from a WorkerPool (worker-pool.js): one part of a batch query, answered by the package's own
//   call, or a mesh to keep (share) or drop (unshare); the answer goes back as { id, answer } with its buffers
//   transferred, or { id, error }.
// Runs as a module Web Worker and in node's worker_threads; no top-level await, so bundlers may also build it as a
// classic worker.
import init from './index.js';
import { ITEM_PROBLEM } from './boundary.js';

let ready;  // the API, once the first message has given the module
const meshes = new Map();  // the meshes pools shared with this worker, by their key

// An error as data the other side can rebuild: its class, message and, for a bad batch item, where the module found it.
const asData = (error) => ({ name: error.name, message: error.message, problem: error[ITEM_PROBLEM] });

function build(c3d, { positions, index }, post) {
  try {
    const mesh = new c3d.TriangleMesh(positions, index, { onProgress: (fraction) => post({ progress: fraction }) });
    try {
      const data = mesh.serialize();
      post({ data }, [data.buffer]);
    } finally {
      mesh.dispose();
    }
  } catch (error) {
    post({ error: asData(error) });
  }
}

// A pool's requests: each returns its answer (typed arrays, or an object of them).
const requests = {
  ready: () => true,
  share(c3d, { key, data }) {
    meshes.set(key, c3d.TriangleMesh.deserialize(data));
    return true;
  },
  unshare(c3d, { key }) {
    meshes.get(key)?.dispose();
    return meshes.delete(key);
  },
  raycastBatch: (c3d, { casters, targets, opts }) => c3d.raycastBatch(casters, targets, opts),
  intersectsBatch: (c3d, { a, b }) => c3d.intersectsBatch(a, b),
  cullSpheres: (c3d, { frustum, items }) => c3d.cullSpheres(frustum, items),
  cullBoxes: (c3d, { frustum, items }) => c3d.cullBoxes(frustum, items),
  meshRaycastBatch: (c3d, { key, rays, opts }) => meshes.get(key).raycastBatch(rays, opts),
  allPairs: (c3d, { boxes, part, parts }) => c3d.allPairs(boxes, { part, parts }),
};

const buffersOf = (answer) => (ArrayBuffer.isView(answer) ? [answer.buffer]
  : typeof answer === 'object' ? Object.values(answer).map((array) => array.buffer) : []);

function serve(post) {
  return async (message) => {
    if (message === null || typeof message !== 'object') return;  // what a browser gives for a message it could not read
    if (message.op === 'load') {
      ready = init(message.compiled === undefined ? {} : { wasmModule: message.compiled });
      ready.catch(() => {});  // told to each message that needs it
      return;
    }
    let c3d;
    try {
      c3d = await (ready ??= init());  // a 'load' that could not be read (a messageerror): the file, as without one
    } catch (error) {
      post(message.op === 'build' ? { error: asData(error) } : { id: message.id, error: asData(error) });
      return;
    }
    if (message.op === 'build') {
      build(c3d, message, post);
      return;
    }
    try {
      const answer = requests[message.op](c3d, message);
      post({ id: message.id, answer }, buffersOf(answer));
    } catch (error) {
      post({ id: message.id, error: asData(error) });
    }
  };
}

if (typeof self === 'object' && typeof self.postMessage === 'function') {
  const handle = serve((message, transfer) => self.postMessage(message, transfer));
  self.onmessage = (event) => handle(event.data);
} else {
  const name = 'node:worker_threads';  // by a name bundlers leave alone
  import(/* @vite-ignore */ /* webpackIgnore: true */ name).then(({ parentPort }) => {
    const handle = serve((message, transfer) => parentPort.postMessage(message, transfer));
    parentPort.on('message', handle);
  });
}
