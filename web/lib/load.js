// Instantiates the wasm module in browsers, workers and bundlers. The glue fetches collide3d.wasm from beside itself,
// by new URL('collide3d.wasm', import.meta.url) (which Vite, webpack and Parcel follow, copying the file into the
// build), compiling it as it streams; or from where options.locateFile(name, directory) says; or takes
// options.wasmBinary (its bytes). Node takes load-node.js instead (package.json "imports": #load).
import createCollide3dModule from './wasm/collide3d.mjs';

// A copy: the glue keeps and extends the object it is given.
export const loadModule = (options) => createCollide3dModule({ ...options });
