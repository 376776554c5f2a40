import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsup';

/** Where `@contract` points (also in tsconfig.json `paths` and vitest.config.ts). */
const CONTRACT = fileURLToPath(new URL('../src/contract/index.ts', import.meta.url));
/** The API description's builder, `@contract/openapi`: only the server and the build's write-openapi use it. */
const CONTRACT_OPENAPI = fileURLToPath(new URL('../src/contract/openapi.ts', import.meta.url));

// The contract (`@contract`, ../src/contract) is bundled in; everything in node_modules stays external.
// import-worker: the leads import's reader thread, loaded by leads/import/thread.ts as ./import-worker.js
// next to the bundle's chunks (all entries and chunks land flat in dist/).
export default defineConfig({
  entry: {
    server: 'src/server.ts',
    app: 'src/app.ts',
    'seed-cli': 'src/seed-cli.ts',
    'media-copy': 'src/media-copy.ts',
    'import-worker': 'src/modules/leads/import/worker.ts',
    'write-openapi': 'src/write-openapi.ts',
  },
  outDir: 'dist',
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  splitting: true,
  dts: false,
  tsconfig: 'tsconfig.json',
  esbuildOptions(options) {
    options.alias = { ...options.alias, '@contract/openapi': CONTRACT_OPENAPI, '@contract': CONTRACT };
  },
});
