// collide3d/inline: the same API as 'collide3d', with the wasm inlined.
export * from './index.js';
export { default } from './index.js';
