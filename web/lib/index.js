// collide3d: the public JavaScript entry. init() loads the wasm module once and gives the API over it (api.js).
// See README.md for the semantics.
import { loadModule } from './load.js';
import { createApi } from './api.js';
import { setLoaded } from './loaded.js';

let ready;

// Compiles and instantiates the wasm module once; later calls return the same instance.
// `options` may set `wasmBinary` (the bytes of collide3d.wasm), `wasmModule` (it compiled: a WebAssembly.Module) or
// `locateFile(name, directory)` (where to find it); without them the module loads collide3d.wasm from beside its
// glue (load.js).
export function init(options = {}) {
  if (ready === undefined) {
    ready = loadModule(options).then(({ module, compiled }) => {
      const api = createApi(module, compiled);
      setLoaded(api);
      return api;
    });
    ready.catch(() => {
      ready = undefined;  // let a later call try again
    });
  }
  return ready;
}

export default init;
