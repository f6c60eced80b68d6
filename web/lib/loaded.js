// The API of the module init() loaded, for callers that cannot await it: collide3d/three's functions are installed
// on three.js prototypes and called synchronously by three.js.
let loaded;

export function setLoaded(api) {
  loaded = api;
}

/** The loaded API; `fn` names the caller in the error thrown before init() has resolved. */
export function loadedApi(fn) {
  if (loaded === undefined) throw new Error(`${fn}: collide3d is not loaded yet; await init() from 'collide3d' first`);
  return loaded;
}
