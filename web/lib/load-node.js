// Instantiates the wasm module in node, whose fetch cannot read file: URLs: the bytes are read here and given to the
// glue as wasmBinary. options.locateFile(name, directory), when given, says where the file is: a path, a file: URL,
// or an http(s) URL (fetched). Browsers and bundlers take load.js instead (package.json "imports": #load).
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import createCollide3dModule from './wasm/collide3d.mjs';

const NAME = 'collide3d.wasm';

async function bytesAt(where) {
  const url = new URL(where, pathToFileURL(`${process.cwd()}/`));
  if (url.protocol === 'file:') return readFile(url);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`collide3d.init: fetching ${url} gave HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

export async function loadModule(options) {
  if (options.wasmBinary !== undefined) return createCollide3dModule({ ...options });
  const { locateFile, ...rest } = options;
  const directory = new URL('./wasm/', import.meta.url).href;
  const where = locateFile === undefined ? directory + NAME : String(locateFile(NAME, directory));
  return createCollide3dModule({ ...rest, wasmBinary: await bytesAt(where) });
}
