import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

const CLIENT_TESTS = ['tests/**/*.test.{ts,tsx}'];
const NOT_CLIENT = ['tests/e2e/**', 'tests/cluster/**', '**/node_modules/**'];

/**
 * Client test files that replace or reload modules (`vi.mock`, `vi.doMock`, `vi.resetModules`):
 * they need modules of their own, so they run isolated. Found by reading the files, so a new one
 * needs no list kept by hand.
 */
function filesReplacingModules(dir = 'tests'): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'e2e' && entry.name !== 'cluster') found.push(...filesReplacingModules(path));
    } else if (/\.test\.tsx?$/.test(entry.name) && /\bvi\.(mock|doMock|resetModules)\(/.test(readFileSync(path, 'utf8'))) {
      found.push(path);
    }
  }
  return found;
}
const isolated = filesReplacingModules();

const client = {
  environment: 'happy-dom',
  // A ceiling, not a speed goal: typing through a form takes a few seconds on a busy machine.
  testTimeout: 15_000,
} as const;

export default defineConfig({
  test: {
    // Two files at a time on two cores (vitest would take one): 156 -> 108 s for the client
    // suite, much of a file's time being its happy-dom set-up and imports.
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...client,
          name: 'client',
          include: CLIENT_TESTS,
          exclude: [...NOT_CLIENT, ...isolated],
          // A worker imports the suite's modules once for all its files (101 -> 47 s for the
          // client suite). Each file renders into a clean document and resets the stores it uses.
          isolate: false,
        },
      },
      {
        test: { ...client, name: 'client-isolated', include: isolated },
      },
    ],
  },
});
