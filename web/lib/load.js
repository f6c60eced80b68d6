// Instantiates the wasm module. The glue fetches collide3d.wasm from beside itself, by
// new URL('collide3d.wasm', import.meta.url) (which Vite and webpack follow, copying the file into the build),
// compiling it as it streams; or from where options.locateFile(name, directory) says; or takes options.wasmBinary
// (its bytes). Node's fetch cannot read file: URLs or paths: there the bytes are read here and given as wasmBinary.
import createCollide3dModule from './wasm/collide3d.mjs';

const NAME = 'collide3d.wasm';
// A variable and the two comments keep bundlers from resolving node's module for the browser.
const FS = 'node:fs/promises';
const inNode = typeof process === 'object' && typeof process.versions?.node === 'string';

async function readBytes(where) {
  const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ FS);
  return readFile(/^file:/.test(where) ? new URL(where) : where);
}

// The glue is given a copy of the options (it keeps and extends the object), with locateFile's answer as a string
// (the glue calls string methods on it; a URL object is welcome here).
export async function loadModule({ locateFile, ...options }) {
  const locate = locateFile === undefined ? undefined : (name, directory) => String(locateFile(name, directory));
  if (!inNode || options.wasmBinary !== undefined) return createCollide3dModule({ ...options, locateFile: locate });
  const directory = `${import.meta.url.slice(0, import.meta.url.lastIndexOf('/'))}/wasm/`;
  const where = locate === undefined ? directory + NAME : locate(NAME, directory);
  if (/^https?:/.test(where)) return createCollide3dModule({ ...options, locateFile: () => where });
  return createCollide3dModule({ ...options, wasmBinary: await readBytes(where) });
}
