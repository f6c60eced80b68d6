// Compiles and instantiates the wasm module: collide3d.wasm beside the glue (its wasmFile(), the URL bundlers
// follow), compiled as it streams; or the file options.locateFile(name, directory) names; or
// options.wasmBinary; or options.wasmModule, compiled already. Node reads files itself. The compiled module is kept
// for worker threads to instantiate: nothing fetched or compiled again.
import createCollide3dModule, { wasmFile } from './wasm/collide3d.mjs';
import { typeError } from './errors.js';

const NAME = 'collide3d.wasm';
// A variable and the two comments keep bundlers from resolving node's module for the browser.
const FS = 'node:fs/promises';
const inNode = typeof process === 'object' && typeof process.versions?.node === 'string';

async function readBytes(where) {
  const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ FS);
  return readFile(/^file:/.test(where) ? new URL(where) : where);
}

// The module compiled from the file at `url`: as it streams where the server says application/wasm, else from its
// bytes, fetched again.
async function compileFrom(url) {
  const fetched = () => fetch(url, { credentials: 'same-origin' });
  if (typeof WebAssembly.compileStreaming === 'function') {
    try {
      return await WebAssembly.compileStreaming(fetched());
    } catch {
      // a server's other MIME type: from the bytes below
    }
  }
  const response = await fetched();
  if (!response.ok) throw new Error(`collide3d: could not load ${url} (HTTP ${response.status})`);
  return WebAssembly.compile(await response.arrayBuffer());
}

// The compiled module the options ask for.
async function compiledModule({ locateFile, wasmBinary, wasmModule }) {
  if (wasmModule !== undefined) {
    if (!(wasmModule instanceof WebAssembly.Module)) throw typeError('init', 'options.wasmModule', 'a WebAssembly.Module', wasmModule);
    return wasmModule;
  }
  if (wasmBinary !== undefined) return WebAssembly.compile(wasmBinary);
  // locateFile gets the URL of the file's folder; its answer may be a URL object.
  const file = wasmFile();
  const where = locateFile === undefined ? file : String(locateFile(NAME, file.slice(0, file.lastIndexOf('/') + 1)));
  if (inNode && !/^https?:/.test(where)) return WebAssembly.compile(await readBytes(where));
  return compileFrom(where);
}

// { module, compiled }: the Emscripten module and its WebAssembly.Module. The glue gets a copy of the other options
// (it extends the object) and instantiates `compiled` through its instantiateWasm hook; a failure there or in the
// start-up receive() runs (constructors, options.preRun) rejects here (the glue would wait for ever).
export async function loadModule({ locateFile, wasmBinary, wasmModule, ...options }) {
  const compiled = await compiledModule({ locateFile, wasmBinary, wasmModule });
  let failed;
  const failure = new Promise((resolve, reject) => { failed = reject; });
  const instantiateWasm = (imports, receive) => {
    WebAssembly.instantiate(compiled, imports).then((instance) => receive(instance, compiled)).catch(failed);
    return {};
  };
  const module = await Promise.race([createCollide3dModule({ ...options, instantiateWasm }), failure]);
  return { module, compiled };
}
