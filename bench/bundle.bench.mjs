/**
 * Gzip sizes of what browsers download: the script-tag loader, the runtime, each lazy chunk, the
 * standalone admin page, and the whole suite. Budgets come from the embedding issue.
 */
import { gzipSync } from 'node:zlib';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const gz = (path) => gzipSync(readFileSync(path), { level: 9 }).length;

function files(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.js') ? [path] : [];
  });
}

export default async function bundleSizes() {
  const rows = [];
  const loaderDir = join(root, 'dist-loader');
  const loader = join(loaderDir, 'loader.js');
  if (existsSync(loader)) rows.push({ benchmark: 'bundle', metric: 'loader (gzip)', value: kb(gz(loader)), unit: 'KB', target: '≤ 3' });
  const runtime = join(loaderDir, 'runtime.js');
  if (existsSync(runtime)) rows.push({ benchmark: 'bundle', metric: 'runtime entry (gzip)', value: kb(gz(runtime)), unit: 'KB' });
  const chunks = files(join(loaderDir, 'chunks'));
  for (const chunk of chunks) {
    rows.push({ benchmark: 'bundle', metric: `chunk ${chunk.slice(loaderDir.length + 1)}`, value: kb(gz(chunk)), unit: 'KB' });
  }
  const suite = files(loaderDir).reduce((sum, f) => sum + gz(f), 0);
  rows.push({ benchmark: 'bundle', metric: 'whole script-tag suite (gzip)', value: kb(suite), unit: 'KB', target: '≤ 200' });
  const app = files(join(root, 'dist-app')).reduce((sum, f) => sum + gz(f), 0);
  rows.push({ benchmark: 'bundle', metric: 'standalone admin page JS (gzip)', value: kb(app), unit: 'KB' });
  return rows;
}
