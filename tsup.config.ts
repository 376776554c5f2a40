import { defineConfig, type Options } from 'tsup';
import { build as esbuild } from 'esbuild';
import { rollup } from 'rollup';
import { minify } from 'terser';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { chunkGroups, preloadManifest } from './scripts/chunkGraph';
import { directImports } from './scripts/directImports';
import { reactOnPreact } from './scripts/reactOnPreact';

/**
 * Three builds of one source tree:
 * - `dist/`: the npm library — ESM, declarations, one entry per widget, every dependency external
 *   (React is a peer dependency), nothing run at import time.
 * - `dist-loader/`: the script-tag files — a tiny classic loader, and an ESM runtime with React
 *   bundled whose widgets are lazy chunks, so a page downloads only what it mounts. Besides
 *   `loader.js` / `runtime.js` come exact-version copies (`loader-<version>.js`, which loads
 *   `runtime-<version>.js` with its SRI hash) and `integrity.json` with the sha384 of every file.
 *   esbuild splits the code into a staging folder; Rollup then joins its many small chunks into a
 *   few files (scripts/chunkGraph.ts, `chunkGroups`) and terser minifies them.
 * - `dist-app/`: the standalone full-admin page served at `/`.
 * - `examples/react-host/dist/`: the React host example, built against the npm entry.
 */
const VERSION: string = JSON.parse(readFileSync('package.json', 'utf8')).version;

const widgetEntries = existsSync('src/widgets')
  ? Object.fromEntries(
      readdirSync('src/widgets', { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(`src/widgets/${d.name}/index.ts`))
        .map((d) => [`widgets/${d.name}/index`, `src/widgets/${d.name}/index.ts`]),
    )
  : {};

// Lazy widget chunks stay apart only when imports name the defining files, not the barrels.
const BARRELS = ['src/ui/index.ts', 'src/contract/index.ts', 'src/core/index.ts', 'src/runtime/index.ts'];

/** esbuild's split output for `dist-loader/`, before Rollup joins its chunks. */
const LOADER_STAGE = 'node_modules/.cache/estatedesk/dist-loader-esbuild';
/** The same for the full app's page (`dist-app/`). */
const APP_STAGE = 'node_modules/.cache/estatedesk/dist-app-esbuild';

const browser: Options = {
  platform: 'browser',
  target: 'es2020',
  format: ['esm'],
  splitting: true,
  minify: true,
  treeshake: true,
  sourcemap: false,
  noExternal: [/.*/],
  define: { 'process.env.NODE_ENV': '"production"', __ESTATEDESK_VERSION__: JSON.stringify(VERSION) },
  esbuildOptions(options) {
    options.legalComments = 'none';
    options.chunkNames = 'chunks/[name]-[hash]';
  },
};

/** Puts `"use client";` first in every JavaScript file under `dir` (once). */
function markClientModules(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) markClientModules(path);
    else if (entry.name.endsWith('.js')) {
      const code = readFileSync(path, 'utf8');
      if (!code.startsWith('"use client";')) writeFileSync(path, `"use client";\n${code}`);
    }
  }
}

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
    define: { __ESTATEDESK_VERSION__: JSON.stringify(VERSION) },
    // Every module is client code (hooks, effects): Next.js App Router imports it from server
    // components only across this boundary. Written after the build: tsup's Rollup tree-shaking
    // pass drops a `banner`.
    onSuccess: async () => markClientModules('dist'),
  },
  {
    ...browser,
    entry: { runtime: 'src/entries/scriptTag.ts' },
    outDir: LOADER_STAGE,
    clean: true,
    // Rollup tree-shakes and terser minifies once the chunks are joined; minified input compresses worse.
    minify: false,
    treeshake: false,
    // React's API from Preact on every host page; the npm package keeps the host's React.
    esbuildPlugins: [directImports(BARRELS), reactOnPreact()],
    // METAFILE=1 npx tsup writes dist-loader/metafile-esm.json (what each of esbuild's chunks holds)
    // and dist-loader/chunk-files.json (which of those chunks each final file joins).
    metafile: Boolean(process.env.METAFILE),
    // The loader is built after the runtime so that it can name the runtime's exact version and hash.
    onSuccess: async () => {
      await joinChunks(LOADER_STAGE, 'dist-loader', 'runtime');
      await finishScriptTagBuild('dist-loader');
    },
  },
  {
    ...browser,
    entry: { app: 'src/entries/standalone/main.tsx' },
    outDir: APP_STAGE,
    clean: true,
    // Joined and minified as the script tag's files are (docs/decisions/0007-script-tag-build.md):
    // esbuild split the sign-in screen into 47 files, and over HTTP/1.1's six connections a phone
    // waits a round trip for every six of them.
    minify: false,
    treeshake: false,
    esbuildPlugins: [directImports(BARRELS), reactOnPreact()],
    onSuccess: async () => {
      await joinChunks(APP_STAGE, 'dist-app', 'app');
      copyFileSync('src/entries/standalone/index.html', 'dist-app/index.html');
    },
  },
  {
    ...browser,
    entry: { app: 'examples/react-host/src/main.tsx' },
    outDir: 'examples/react-host/dist',
    clean: true,
    esbuildPlugins: [directImports(BARRELS)],
    esbuildOptions(options, context) {
      browser.esbuildOptions?.(options, context);
      // The example imports the package by name, as an integrator would; here that is this source
      // tree, on the host app's own React (19), not the script tag's Preact.
      options.alias = { ...options.alias, estatedesk: './src/index.ts' };
    },
  },
]);

const sri = (path: string): string => `sha384-${createHash('sha384').update(readFileSync(path)).digest('base64')}`;

function jsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? jsFiles(path) : path.endsWith('.js') ? [path] : [];
  });
}

/**
 * Re-bundles esbuild's split output with Rollup into the groups `chunkGroups` gives, and minifies
 * every file with terser (two compress passes; top-level names mangled, property names never).
 */
async function joinChunks(stage: string, dir: string, name: string): Promise<void> {
  const entry = resolve(stage, `${name}.js`);
  const groups = chunkGroups(entry, { signIn: 'sign-in', small: 16384 });
  const bundle = await rollup({
    input: { [name]: entry },
    // Rollup does not tree-shake inside try blocks by default (for feature detection that relies on
    // builtins throwing), which also keeps every field of objects whose fields are passed on from
    // there: all of MESSAGES, for one. Nothing here detects features that way; with this on, what
    // goes is message texts and a TOAST field no widget reads, and unused arguments in React DOM.
    treeshake: { tryCatchDeoptimization: false },
    onwarn(warning, warn) {
      // esbuild's chunks import each other in cycles (a lazy chunk's helpers live beside the runtime).
      if (warning.code !== 'CIRCULAR_DEPENDENCY') warn(warning);
    },
  });
  rmSync(dir, { recursive: true, force: true });
  const { output } = await bundle.write({
    dir,
    format: 'es',
    entryFileNames: '[name].js',
    // esbuild's names carry its own hash (`LeadsBoard-QQ5RACMI`); keep the name, hash the final content.
    chunkFileNames: (chunk) => `chunks/${chunk.name.replace(/-[A-Z0-9]{8}$/, '')}-[hash].js`,
    manualChunks: (id) => groups.get(id),
    plugins: [
      {
        name: 'terser',
        async renderChunk(code) {
          const result = await minify(code, {
            module: true,
            ecma: 2020,
            compress: { passes: 2 },
            mangle: true,
            format: { comments: false },
          });
          return { code: result.code!, map: null };
        },
      },
    ],
  });
  await bundle.close();
  // A chunk importing the entry would load a second copy of it (the loader loads the runtime as
  // `runtime-<version>.js`, the page loads `app.js` once).
  const importsEntry = output.filter((o) => o.type === 'chunk' && o.imports.includes(`${name}.js`));
  if (importsEntry.length) throw new Error(`chunks import the entry ${name}.js: ${importsEntry.map((o) => o.fileName).join(', ')}`);
  if (existsSync(join(stage, 'metafile-esm.json'))) {
    copyFileSync(join(stage, 'metafile-esm.json'), join(dir, 'metafile-esm.json'));
    const files = Object.fromEntries(
      output.flatMap((o) => (o.type === 'chunk' ? [[o.fileName, Object.keys(o.modules).map((m) => relative(stage, m))]] : [])),
    );
    writeFileSync(join(dir, 'chunk-files.json'), `${JSON.stringify(files, null, 2)}\n`);
  }
}

async function finishScriptTagBuild(dir: string): Promise<void> {
  const runtimeFile = `runtime-${VERSION}.js`;
  copyFileSync(join(dir, 'runtime.js'), join(dir, runtimeFile));
  await esbuild({
    entryPoints: ['src/embed/loader.ts'],
    outfile: join(dir, 'loader.js'),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2018',
    minify: true,
    legalComments: 'none',
    define: {
      __RUNTIME_FILE__: JSON.stringify(runtimeFile),
      __RUNTIME_INTEGRITY__: JSON.stringify(sri(join(dir, runtimeFile))),
      __PRELOAD__: JSON.stringify(preloadManifest(join(dir, 'runtime.js'))),
    },
  });
  copyFileSync(join(dir, 'loader.js'), join(dir, `loader-${VERSION}.js`));
  const files = Object.fromEntries(jsFiles(dir).sort().map((path) => [relative(dir, path), sri(path)]));
  writeFileSync(join(dir, 'integrity.json'), `${JSON.stringify({ version: VERSION, algorithm: 'sha384', files }, null, 2)}\n`);
}
