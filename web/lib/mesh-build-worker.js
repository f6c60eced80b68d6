// The worker behind TriangleMesh.buildAsync (mesh-async.js): loads the package through its own init(), builds each
// mesh posted to it, posts the build's progress, then the mesh serialized with its buffer transferred (or the error
// that refused the arrays). One build at a time; it stays for the next. Runs as a module Web Worker and in node's
// worker_threads; no top-level await, so bundlers may also build it as a classic worker.
import init from './index.js';

const ready = init();  // compiling the module while the arrays are on their way

function serve(post) {
  return async ({ positions, index }) => {
    try {
      const { TriangleMesh } = await ready;
      const mesh = new TriangleMesh(positions, index, { onProgress: (fraction) => post({ progress: fraction }) });
      try {
        const data = mesh.serialize();
        post({ data }, [data.buffer]);
      } finally {
        mesh.dispose();
      }
    } catch (error) {
      post({ error: { name: error.name, message: error.message } });
    }
  };
}

if (typeof self === 'object' && typeof self.postMessage === 'function') {
  const build = serve((message, transfer) => self.postMessage(message, transfer));
  self.onmessage = (event) => build(event.data);
} else {
  const name = 'node:worker_threads';  // by a name bundlers leave alone
  import(/* @vite-ignore */ /* webpackIgnore: true */ name).then(({ parentPort }) => {
    const build = serve((message, transfer) => parentPort.postMessage(message, transfer));
    parentPort.on('message', build);
  });
}
