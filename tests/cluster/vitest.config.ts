import { defineConfig } from 'vitest/config';

/**
 * The cluster test: two built server processes (server/dist) on one PostgreSQL database and a
 * local S3-compatible bucket, behind Debian's haproxy. Run after `npm run build`, with PG_TEST_URL
 * set (the test command sets it) and haproxy installed.
 */
export default defineConfig({
  test: {
    name: 'cluster',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/cluster/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
