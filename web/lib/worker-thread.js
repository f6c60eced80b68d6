// A worker thread running worker.js, behind one interface for browsers and node: a module Web Worker (created the way
// bundlers recognise, so they emit worker.js with the package) or a node worker_threads Worker. Used by
// TriangleMesh.buildAsync (mesh-async.js) and WorkerPool (worker-pool.js).

const WORKER_FILE = './worker.js';

// node's worker_threads, imported in node only, by a name bundlers leave alone (a browser build must not carry it).
function nodeThreads() {
  const name = 'node:worker_threads';
  return import(/* @vite-ignore */ /* webpackIgnore: true */ name);
}

// A started worker, given the compiled module (WebAssembly.Module) to instantiate as its first message: post(message,
// transfer); listen(onMessage, onFailure), the handlers from now on; busy(on), whether it keeps node's process
// alive; end(); alive, false once it failed or ended. Undefined where there are neither Web Workers nor
// worker_threads.
export async function startWorker(compiled) {
  const thread = await started();
  if (thread === undefined) return undefined;
  try {
    thread.post({ op: 'load', compiled });
  } catch {
    // A module that cannot be posted (a DataCloneError): the worker loads collide3d.wasm itself.
    try {
      thread.post({ op: 'load' });
    } catch (error) {
      thread.end();
      throw error;
    }
  }
  return thread;
}

async function started() {
  if (typeof Worker === 'function') {
    const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    const thread = {
      alive: true,
      post: (message, transfer) => worker.postMessage(message, transfer),
      listen(onMessage, onFailure) {
        worker.onmessage = (event) => onMessage(event.data);
        worker.onerror = (event) => {
          event.preventDefault();
          thread.alive = false;
          onFailure(event.message || 'it could not be loaded');
        };
        worker.onmessageerror = () => onFailure('its message could not be read');
      },
      busy() {},
      end() {
        thread.alive = false;
        worker.terminate();
      },
    };
    return thread;
  }
  if (typeof process !== 'object' || typeof process.versions?.node !== 'string') return undefined;
  const { Worker: NodeWorker } = await nodeThreads();
  const worker = new NodeWorker(new URL(WORKER_FILE, import.meta.url));
  const thread = {
    alive: true,
    post: (message, transfer) => worker.postMessage(message, transfer),
    listen(onMessage, onFailure) {
      worker.removeAllListeners();
      worker.on('message', onMessage);
      worker.on('error', (error) => onFailure(error.message));
      worker.on('exit', (code) => {
        thread.alive = false;
        onFailure(`it exited with code ${code}`);
      });
    },
    busy: (on) => (on ? worker.ref() : worker.unref()),
    end() {
      thread.alive = false;
      worker.terminate();
    },
  };
  return thread;
}

// The number of threads the machine runs at once: navigator.hardwareConcurrency, or node's os.availableParallelism().
export async function hardwareThreads() {
  if (typeof navigator === 'object' && Number.isInteger(navigator.hardwareConcurrency)) return navigator.hardwareConcurrency;
  if (typeof process !== 'object' || typeof process.versions?.node !== 'string') return 1;
  const name = 'node:os';
  const os = await import(/* @vite-ignore */ /* webpackIgnore: true */ name);
  return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
}
