import { defineConfig, type Options } from 'tsup';
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';

/**
 * Three builds of one source tree:
 * - `dist/`: the npm library — ESM, declarations, one entry per widget, every dependency external
 *   (React is a peer dependency), nothing run at import time.
 * - `dist-loader/`: the script-tag files — a tiny classic loader, and an ESM runtime with React
 *   bundled whose widgets are lazy chunks, so a page downloads only what it mounts.
 * - `dist-app/`: the standalone full-admin page served at `/`.
 */
const widgetEntries = existsSync('src/widgets')
  ? Object.fromEntries(
      readdirSync('src/widgets', { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(`src/widgets/${d.name}/index.ts`))
        .map((d) => [`widgets/${d.name}/index`, `src/widgets/${d.name}/index.ts`]),
    )
  : {};

const browser: Options = {
  platform: 'browser',
  target: 'es2020',
  format: ['esm'],
  splitting: true,
  minify: true,
  treeshake: true,
  sourcemap: false,
  noExternal: [/.*/],
  define: { 'process.env.NODE_ENV': '"production"' },
  esbuildOptions(options) {
    options.legalComments = 'none';
    options.chunkNames = 'chunks/[name]-[hash]';
    // frappe-charts' "browser" field points at a UMD build that esbuild can only wrap as CommonJS;
    // its ES module build tree-shakes and exposes `Chart` as a named export.
    options.alias = { 'frappe-charts': 'frappe-charts/dist/frappe-charts.min.esm.js' };
  },
};

export default defineConfig([
  {
    entry: { index: 'src/index.ts', 'contract/index': 'src/contract/index.ts', ...widgetEntries },
    outDir: 'dist',
    format: ['esm'],
    platform: 'neutral',
    target: 'es2020',
    dts: true,
    splitting: true,
    clean: true,
    treeshake: true,
    external: ['react', 'react-dom', 'react/jsx-runtime'],
  },
  {
    ...browser,
    entry: { loader: 'src/embed/loader.ts' },
    outDir: 'dist-loader',
    format: ['iife'],
    splitting: false,
    outExtension: () => ({ js: '.js' }),
    clean: true,
  },
  {
    ...browser,
    entry: { runtime: 'src/embed/runtime.ts' },
    outDir: 'dist-loader',
    clean: false,
  },
  {
    ...browser,
    entry: { app: 'src/app/main.tsx' },
    outDir: 'dist-app',
    clean: true,
    onSuccess: async () => {
      mkdirSync('dist-app', { recursive: true });
      copyFileSync('src/app/index.html', 'dist-app/index.html');
    },
  },
]);
