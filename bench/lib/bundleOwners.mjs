/**
 * Who owns the bytes a page downloads: the script-tag runtime bundled again by esbuild (minified,
 * split, with a metafile), the chunks a given set of widgets needs, and each input's minified
 * bytes summed per owner — an npm package (preact, zod, …) or a folder of
 * ours (src/core, src/ui, src/widgets/leads-board, …). The shares are of minified bytes; the bench
 * scales them to the measured gzip size of the real files, so a row reads "about this many KB gz".
 */
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('../..', import.meta.url).pathname;
const cache = join(root, 'node_modules/.cache/estatedesk/owners');
const BARRELS = ['src/ui/index.ts', 'src/contract/index.ts', 'src/core/index.ts', 'src/runtime/index.ts'];

/** One of the build's own plugins (scripts/*.ts), compiled for this run. */
async function buildPlugin(name) {
  mkdirSync(cache, { recursive: true });
  const out = join(cache, `${name}.mjs`);
  await build({ entryPoints: [join(root, `scripts/${name}.ts`)], outfile: out, format: 'esm', platform: 'node', bundle: true, packages: 'external', logLevel: 'silent' });
  return (await import(pathToFileURL(out).href))[name];
}

/** `react-dom`, `@tanstack/table-core`, `src/widgets/leads-board`, `src/core`, … */
export function ownerOf(input) {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (pkg) return pkg[1];
  const ours = /^src\/(widgets\/[^/]+|[^/]+)/.exec(input);
  return ours ? `src/${ours[1]}` : input;
}

/**
 * Minified bytes per owner of what a page with `widgets` mounted downloads (the runtime, its static
 * chunks, and each widget's lazy chunk with its static imports).
 * @example await bundleOwners(['leads-board', 'sign-in']) // { preact: 40000, 'src/core': 21000, … }
 */
export async function bundleOwners(widgets, owner = ownerOf) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['src/entries/scriptTag.ts'],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    write: false,
    outdir: cache,
    metafile: true,
    // The script-tag build's plugins (tsup.config.ts): barrels rewritten, React's API from Preact.
    plugins: [(await buildPlugin('directImports'))(BARRELS), (await buildPlugin('reactOnPreact'))()],
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"', __ESTATEDESK_VERSION__: '"bench"' },
    logLevel: 'silent',
  });
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((o) => outputs[o].entryPoint === 'src/entries/scriptTag.ts');
  const needed = new Set();
  const walk = (file, kinds) => {
    if (needed.has(file)) return;
    needed.add(file);
    for (const imp of outputs[file].imports) if (kinds.includes(imp.kind) && outputs[imp.path]) walk(imp.path, ['import-statement']);
  };
  walk(entry, ['import-statement']);
  // A widget's lazy chunk is the dynamic import whose output holds its declared component.
  const lazyOf = (name) => {
    const component = { 'leads-board': 'LeadsBoard.tsx', 'sign-in': 'LoginScreen.tsx', dashboard: 'Dashboard.tsx' }[name];
    return Object.keys(outputs).find((o) => Object.keys(outputs[o].inputs).some((i) => i.endsWith(`/${component}`)));
  };
  for (const name of widgets) {
    const chunk = lazyOf(name);
    if (chunk) walk(chunk, ['import-statement']);
  }
  const owners = {};
  for (const file of needed) {
    for (const [input, { bytesInOutput }] of Object.entries(outputs[file].inputs)) {
      const name = owner(input);
      owners[name] = (owners[name] ?? 0) + bytesInOutput;
    }
  }
  return owners;
}
