import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'client',
          environment: 'happy-dom',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/e2e/**', '**/node_modules/**'],
        },
      },
    ],
  },
});
