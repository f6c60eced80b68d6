// The demo site: a Vite app that imports `collide3d` by its package name, as an app installed from npm would.
// Two pages: the landing page (index.html) and the scene page (scene.html?scene=<id>). Relative URLs throughout,
// so the built site works from any static host or sub-folder.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: './',
  // box-intersect (the broadphase scene's peer) was written for browserify: it pools its arrays on node's `global`
  // (the browser's is globalThis) and asks node's `buffer` (the npm package of the same API stands in).
  define: { global: 'globalThis' },
  resolve: {
    alias: [
      { find: /^collide3d\/three$/, replacement: here('../lib/three/index.js') },
      { find: /^collide3d$/, replacement: here('../lib/index.js') },
      { find: /^buffer$/, replacement: 'buffer/' },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rollupOptions: { input: { index: here('index.html'), scene: here('scene.html'), playground: here('playground.html'),
      bench: here('bench.html') } },
  },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
});
