import { defineConfig } from 'vitest/config';

// Browser tests: the built extension in real Chromium. One file at a time (one browser each).
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // A loaded 2-core machine (CI) can be slower than the default 1 s for a re-render or a save.
    expect: { poll: { timeout: 5_000 } },
  },
});
