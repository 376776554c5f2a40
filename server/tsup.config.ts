import { defineConfig } from 'tsup';

// The contract (../src/contract) is bundled in; everything in node_modules stays external.
export default defineConfig({
  entry: { server: 'src/server.ts', app: 'src/app.ts', 'seed-cli': 'src/seed-cli.ts' },
  outDir: 'dist',
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  splitting: true,
  dts: false,
  tsconfig: 'tsconfig.json',
});
