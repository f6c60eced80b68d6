import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/js/**/*.test.js', 'tests/e2e/**/*.test.js'],
    testTimeout: 60_000,
    // Hooks that fill the heap (heap-full.test.js's ballast) grow the wasm memory by gigabytes: slow on a busy machine.
    hookTimeout: 60_000,
  },
});
