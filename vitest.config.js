import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/js/**/*.test.js', 'tests/e2e/**/*.test.js'],
    testTimeout: 60_000,
  },
});
