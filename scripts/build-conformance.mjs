/**
 * Bundles the conformance command (src/conformance/cli.ts) into dist/conformance.js, the
 * package's `estatedesk-conformance` bin: Node 20, ESM, zod left to the package's dependency.
 * Run by `npm run build` after tsup (whose clean would remove it).
 */
import { chmodSync } from 'node:fs';
import { build } from 'esbuild';

const outfile = 'dist/conformance.js';
await build({
  entryPoints: ['src/conformance/cli.ts'],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  outfile,
  banner: { js: '#!/usr/bin/env node' },
  external: ['zod'],
  legalComments: 'none',
  logLevel: 'warning',
});
chmodSync(outfile, 0o755);
console.log(`${outfile}: estatedesk-conformance`);
