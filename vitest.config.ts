import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
