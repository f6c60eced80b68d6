// collide3d/inline: the same API and init as 'collide3d', with collide3d.wasm inside the JavaScript (base64), for a
// page without a bundler or a CDN: no second file to serve or locate. Options naming a source (wasmBinary,
// wasmModule, locateFile) take it from there instead. Both entries share one instance.
import { init as initModule } from './index.js';
import base64 from './wasm/collide3d-wasm.js';

function decode(text) {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

let ready;

// Decodes the bytes on the first call only (later calls return the same instance, as index.js's init does).
export function init(options = {}) {
  if (ready === undefined) {
    const named = options.wasmBinary !== undefined || options.wasmModule !== undefined || options.locateFile !== undefined;
    ready = initModule(named ? options : { ...options, wasmBinary: decode(base64) });
    ready.catch(() => {
      ready = undefined;  // let a later call try again
    });
  }
  return ready;
}

export default init;
