// collide3d.wasm beside the glue, as bundlers recognise it (CMakeLists.txt: --extern-post-js).
export const wasmFile = () => new URL('collide3d.wasm', import.meta.url).href;
