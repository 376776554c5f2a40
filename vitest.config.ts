import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at a time on two cores (vitest would take one): 156 -> 108 s for the client
    // suite, much of a file's time being its happy-dom set-up and imports.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'client',
          environment: 'happy-dom',
          // A ceiling, not a speed goal: typing through a form takes a few seconds on a busy machine.
          testTimeout: 15_000,
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/e2e/**', 'tests/cluster/**', '**/node_modules/**'],
        },
      },
    ],
  },
});
