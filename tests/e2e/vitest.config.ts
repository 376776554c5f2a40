import { defineConfig } from 'vitest/config';

/**
 * End-to-end tests: the built reference server (fresh data folder, demo seed) and Debian's
 * Chromium driven by playwright-core. Run after `npm run build`.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/support/globalSetup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One Chromium at a time: this machine has two cores and the server needs one.
    fileParallelism: false,
  },
});
