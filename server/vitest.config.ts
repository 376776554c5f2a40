import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Two projects run the same test files: `sqlite` (a temp-file database per test file) and
 * `postgres` (a fresh database per test file on the server named by PG_TEST_URL; the run fails
 * when PG_TEST_URL is unset, it never skips).
 */
export default defineConfig({
  // The contract as server/src imports it (also in tsconfig.json `paths` and tsup.config.ts);
  // `@contract/openapi` (the API description's builder) first, or `@contract` would take it.
  resolve: {
    alias: [
      { find: '@contract/openapi', replacement: fileURLToPath(new URL('../src/contract/openapi.ts', import.meta.url)) },
      { find: '@contract', replacement: fileURLToPath(new URL('../src/contract/index.ts', import.meta.url)) },
    ],
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two files at a time even on two cores: a file spends much of its time waiting on its
    // database (PostgreSQL's own processes, SQLite's disk), and the whole run took 375 s with one
    // worker against 225–240 s with two on the 2-core CI machine's kind.
    maxWorkers: 2,
    // A worker imports the app's modules once for all its files, not once per file: importing
    // them was 79 s of the SQLite project's 137 s (80 s in all with this). Files share no state
    // but module-level caches keyed by their own database; a test that needs a module replaced
    // passes its replacement to buildApp (BuildAppOptions) instead of mocking the module.
    isolate: false,
    projects: [
      {
        extends: true,
        test: { name: 'sqlite', include: ['test/**/*.test.ts'], env: { ED_TEST_DB: 'sqlite' } },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['test/**/*.test.ts'],
          env: { ED_TEST_DB: 'postgres' },
          globalSetup: ['test/setup/postgres.global.ts'],
        },
      },
    ],
  },
});
