#!/usr/bin/env node
/**
 * `npm run bench`: builds once, runs every `bench/*.bench.mjs` (each default-exports an async
 * function returning rows `{ benchmark, metric, value, unit, target? }`) and prints one table.
 * Benchmarks measure; they never fail the test suite. Pass names to run a subset:
 * `npm run bench -- bundle server`. Benchmarks in ON_REQUEST run only when named; a row marked
 * `failed: true` (a reliability criterion missed) makes this command exit non-zero.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const dir = new URL('.', import.meta.url);
const only = process.argv.slice(2);
/** Long runs (minutes): fault trials `npm run bench -- reliability`, processes behind haproxy `npm run bench -- scale`. */
const ON_REQUEST = new Set(['reliability.bench.mjs', 'scale.bench.mjs']);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => (only.length === 0 ? !ON_REQUEST.has(f) : only.some((o) => f.startsWith(o))))
  .sort();

if (!process.env.BENCH_SKIP_BUILD) {
  const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: new URL('..', import.meta.url).pathname });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const rows = [];
for (const file of files) {
  process.stderr.write(`running ${file}…\n`);
  try {
    const mod = await import(new URL(file, dir).href);
    rows.push(...(await mod.default()));
  } catch (error) {
    rows.push({ benchmark: file, metric: 'error', value: String(error?.message ?? error), unit: '' });
  }
}

const cols = ['benchmark', 'metric', 'value', 'unit', 'target'];
const text = (row, col) => (row[col] == null ? '' : typeof row[col] === 'number' ? fmt(row[col]) : String(row[col]));
function fmt(n) {
  return Number.isInteger(n) ? String(n) : n.toFixed(n < 10 ? 2 : 1);
}
const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => text(r, c).length)));
const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
console.log(line(cols));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of rows) console.log(line(cols.map((c) => text(row, c))));
const failed = rows.filter((row) => row.failed);
if (failed.length) {
  console.error(`\n${failed.length} failed: ${failed.map((row) => `${row.benchmark}: ${row.metric}`).join('; ')}`);
  process.exitCode = 1;
}
