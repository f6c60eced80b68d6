// The demo site: a Vite app that imports `collide3d` by its package name, as an app installed from npm would.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const lib = (file) => fileURLToPath(new URL(`../lib/${file}`, import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  resolve: {
    alias: [
      { find: /^collide3d\/three$/, replacement: lib('three.js') },
      { find: /^collide3d$/, replacement: lib('index.js') },
    ],
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: { host: '127.0.0.1', port: 5173 },
});
