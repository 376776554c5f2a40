/**
 * Gzip sizes of what browsers download, from the built files and their import graph: the
 * script-tag loader, the runtime (its entry and every chunk it imports statically), each widget's
 * own chunks (its lazy chunk and what that imports, less what the runtime already brought), what a
 * page downloads to show the leads board alone, the whole script-tag suite, the standalone admin
 * page and the React host example. Budgets are the embedding targets (README.md, "Performance").
 */
import { gzipSync } from 'node:zlib';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { bundleOwners } from './lib/bundleOwners.mjs';

const root = new URL('..', import.meta.url).pathname;
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const gz = (path) => gzipSync(readFileSync(path), { level: 9 }).length;
const sum = (paths) => [...paths].reduce((total, p) => total + gz(p), 0);

function files(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.js') ? [path] : [];
  });
}

const STATIC = /(?:\bfrom|\bimport)\s*['"](\.{1,2}\/[^'"]+\.js)['"]/g;
const DYNAMIC = /\bimport\(\s*['"](\.{1,2}\/[^'"]+\.js)['"]\s*\)/g;
const refs = (file, pattern) => [...readFileSync(file, 'utf8').matchAll(pattern)].map((m) => resolve(dirname(file), m[1]));

/** A file and everything it imports statically, transitively. */
function closure(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const dep of refs(file, STATIC)) closure(dep, seen);
  return seen;
}

/**
 * Registry name → lazy chunk, read from the widget declarations (`name:"x",…import('./Y.js')`) in
 * the runtime and the chunks it imports statically (the catalog may sit in a shared chunk).
 */
function widgetChunks(files) {
  const out = {};
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/name:\s*"([a-z0-9-]+)"[^}]*?import\(\s*['"](\.{1,2}\/[^'"]+\.js)['"]\s*\)/g)) {
      out[m[1]] ??= resolve(dirname(file), m[2]);
    }
  }
  return out;
}

export default async function bundleSizes() {
  const rows = [];
  const row = (metric, bytes, target) => rows.push({ benchmark: 'bundle', metric, value: kb(bytes), unit: 'KB gz', ...(target ? { target } : {}) });
  const dir = join(root, 'dist-loader');
  const loader = join(dir, 'loader.js');
  const runtime = join(dir, 'runtime.js');
  if (!existsSync(loader) || !existsSync(runtime)) return [{ benchmark: 'bundle', metric: 'error', value: 'dist-loader is not built', unit: '' }];

  row('loader.js', gz(loader), '≤ 3');
  const base = closure(runtime);
  row('runtime.js entry', gz(runtime));
  row(`runtime with its static chunks (${base.size} files)`, sum(base));

  const widgets = widgetChunks([...base]);
  let leadsAlone = null;
  for (const [name, chunk] of Object.entries(widgets)) {
    const own = [...closure(chunk)].filter((f) => !base.has(f));
    const lazy = new Set([...own].flatMap((f) => refs(f, DYNAMIC)));
    row(`widget ${name}: own chunks (${own.length} files${lazy.size ? `, +${lazy.size} loaded on use` : ''})`, sum(own));
    if (name === 'leads-board') leadsAlone = new Set([loader, ...base, ...own]);
  }
  if (leadsAlone) {
    row(`leads board alone: loader + runtime + its chunks (${leadsAlone.size} files)`, sum(leadsAlone));
    // Each file is compressed on its own; this shows what the split itself costs.
    const joined = gzipSync(Buffer.concat([...leadsAlone].map((f) => readFileSync(f))), { level: 9 }).length;
    row('  … the same bytes as one gzip stream (cost of the split)', joined);
    const signIn = widgets['sign-in'];
    if (signIn) {
      // Signed out, the sign-in form stands in the board's place and the board's own chunks come
      // once the person starts signing in (the loader and WidgetFrame; tests/e2e/embed-crm.e2e.ts
      // checks that a visitor who does not is not sent them).
      const signedOut = sum(new Set([loader, ...base, ...closure(signIn)]));
      const withBoard = sum(new Set([...leadsAlone, ...closure(signIn)]));
      row('  … signed out: loader + runtime + the sign-in form in its place', signedOut, '≤ 120');
      row('  … signed out, once signing in begins (+ the board)', withBoard);
      // Every kilobyte has an owner: shares of the minified inputs, scaled to the gzip size above.
      const owners = await bundleOwners(['sign-in']);
      const total = Object.values(owners).reduce((a, b) => a + b, 0);
      const ranked = Object.entries(owners).sort((a, b) => b[1] - a[1]);
      const shown = ranked.filter(([, bytes]) => bytes / total >= 0.005);
      for (const [owner, bytes] of shown) row(`    signed out, owned by ${owner} (≈)`, (signedOut * bytes) / total);
      const rest = ranked.slice(shown.length).reduce((a, [, b]) => a + b, 0);
      row(`    signed out, owned by ${ranked.length - shown.length} others (≈)`, (signedOut * rest) / total);
    }
    row('  … signed in: loader + runtime + the board', sum(leadsAlone), '≤ 112');
  }
  // Exact-version copies (`loader-0.1.0.js`, `runtime-0.1.0.js`) are the same bytes under another name.
  const suite = files(dir).filter((f) => !/-\d+\.\d+\.\d+[^/]*\.js$/.test(relative(dir, f)));
  row(`whole script-tag suite (${suite.length} files)`, sum(suite), '≤ 200');
  const app = files(join(root, 'dist-app'));
  if (app.length) row('standalone admin page (dist-app)', sum(app));
  const host = join(root, 'examples/react-host/dist/app.js');
  if (existsSync(host)) row('react-host example: entry + static chunks', sum(closure(host)));
  return rows;
}
