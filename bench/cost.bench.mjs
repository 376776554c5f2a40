/**
 * Cost limits at 100,000 leads (targets: GET /health p99 ≤ 50 ms and a leads list page p99 ≤ 50
 * ms while one person does the worst they are allowed): Skyline seeded with BENCH_LEADS leads (seed
 * CLI, default 100,000; temp DATA_DIR, SQLite), the built server as a child process, then for
 * BENCH_SECONDS (default 20, after the generators' 2 s warm-up):
 * - measured, from lib/openLoad.mjs (open loop, latency from each request's due time, so a stall
 *   counts): GET /api/v1/health at 100 req/s, and the Skyline admin's All Contacts page (10 rows)
 *   at 100 req/s;
 * - meanwhile the demo agent, from this process: BENCH_COST_PARALLEL (default 4) export loops and
 *   as many loops of 1,000-row searches, each sending its next call as soon as the last one
 *   answered, waiting only when refused (429: the Retry-After, at most 250 ms — a client that
 *   honours it fully sends less), and one import of BENCH_IMPORT_ROWS rows (default 100,000) at
 *   the start. The rows say how many of each the server took and refused.
 *
 * Needs the built server (`npm run bench` builds first); BENCH_SERVER_DIST runs another build.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importCsv, postImport, sampleHeader } from './lib/importCsv.mjs';
import { openLoad } from './lib/openLoad.mjs';
import { SERVER_DIST, seedLeads, signIn, startServer } from './lib/serverProcess.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const PARALLEL = Number(process.env.BENCH_COST_PARALLEL ?? 4);
const DIST = process.env.BENCH_SERVER_DIST || SERVER_DIST;
const RATE = 100;
const WARMUP_S = 2;
const TARGET_MS = 50;
const NAME = 'cost limits';
const AGENT = { username: 'agent@skyline.test', password: 'Agent@123' };
/** Broad and narrow searches: names, a city, phone and e-mail fragments. */
const SEARCHES = ['a', 'sharma', 'pune', '+91 7', 'gmail', 'rao', '98', 'walk-in'];
const MOST_WAIT_MS = 250;

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Calls `send` again and again until `stop()` is true: counts answers by status, and after a 429
 * waits its Retry-After (at most MOST_WAIT_MS).
 */
async function flood(send, stop, counts) {
  for (let i = 0; !stop(); i++) {
    let res;
    try {
      res = await send(i);
      await res.arrayBuffer();
    } catch {
      counts.errors += 1;
      await pause(MOST_WAIT_MS);
      continue;
    }
    if (res.status === 429) {
      counts.refused += 1;
      await pause(Math.min(MOST_WAIT_MS, Number(res.headers.get('retry-after') ?? 1) * 1000));
    } else if (res.ok) {
      counts.done += 1;
    } else {
      counts.errors += 1;
    }
  }
}

export default async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), 'ed-bench-cost-'));
  const seedSeconds = seedLeads(dataDir, LEADS, { dist: DIST });
  const server = await startServer(dataDir, { dist: DIST });
  try {
    const admin = await signIn(server.url);
    const agent = await signIn(server.url, AGENT);
    const all = admin.workflows.get('All Contacts');
    const csv = importCsv(await sampleHeader(server.url, admin.token), IMPORT_ROWS, { tag: 'cost', phoneLead: '5', workflow: 'Open' });
    const auth = { authorization: `Bearer ${agent.token}` };
    const api = `${server.url}/api/v1`;

    let stopped = false;
    const stop = () => stopped;
    const exports = { done: 0, refused: 0, errors: 0 };
    const searches = { done: 0, refused: 0, errors: 0 };
    const attack = Promise.all([
      ...Array.from({ length: PARALLEL }, () => flood(() => fetch(`${api}/leads/export/workflow/${all}`, { headers: auth }), stop, exports)),
      ...Array.from({ length: PARALLEL }, (_, loop) =>
        flood((i) => fetch(`${api}/leads/list/workflow/${all}?pageSize=1000&search=${encodeURIComponent(SEARCHES[(loop + i) % SEARCHES.length])}`, { headers: auth }), stop, searches),
      ),
      postImport(server.url, agent.token, csv, 'cost.csv'),
    ]);

    const measured = { seconds: SECONDS, warmup: WARMUP_S, rate: RATE };
    const [health, list] = await Promise.all([
      openLoad({ url: server.url, requests: [{ method: 'GET', path: '/api/v1/health' }], ...measured }),
      openLoad({
        url: server.url,
        requests: [{ method: 'GET', path: `/api/v1/leads/list/workflow/${all}?pageSize=10&pageNumber=1`, headers: { authorization: `Bearer ${admin.token}` } }],
        ...measured,
      }),
    ]);
    stopped = true;
    const imported = (await attack).at(-1);

    const during = `while one agent floods (${PARALLEL} export + ${PARALLEL} search loops, a ${IMPORT_ROWS}-row import)`;
    return [
      { benchmark: NAME, metric: `seeded ${LEADS} leads (s)`, value: Math.round(seedSeconds * 10) / 10, unit: 's' },
      { benchmark: NAME, metric: `GET /health p50 ${during}`, value: health.p50, unit: 'ms' },
      { benchmark: NAME, metric: `GET /health p99 at ${RATE} req/s (failed: ${health.failed})`, value: health.p99, unit: 'ms', target: `≤ ${TARGET_MS}` },
      { benchmark: NAME, metric: 'GET /health max', value: health.max, unit: 'ms' },
      { benchmark: NAME, metric: `list page (10 rows, another person) p50 ${during}`, value: list.p50, unit: 'ms' },
      { benchmark: NAME, metric: `list page p99 at ${RATE} req/s (failed: ${list.failed})`, value: list.p99, unit: 'ms', target: `≤ ${TARGET_MS}` },
      { benchmark: NAME, metric: 'list page max', value: list.max, unit: 'ms' },
      { benchmark: NAME, metric: 'load generators\' send lag p99 (health / list: a busy machine shows here)', value: `${health.sendLagP99} / ${list.sendLagP99}`, unit: 'ms' },
      { benchmark: NAME, metric: `agent's exports taken (refused 429: ${exports.refused}, other failures: ${exports.errors})`, value: exports.done, unit: 'calls' },
      { benchmark: NAME, metric: `agent's 1,000-row searches taken (refused 429: ${searches.refused}, other failures: ${searches.errors})`, value: searches.done, unit: 'calls' },
      { benchmark: NAME, metric: `agent's ${IMPORT_ROWS}-row import (answered ${imported.status})`, value: Math.round(imported.ms), unit: 'ms' },
    ];
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Run on its own: `node bench/cost.bench.mjs` (after a build).
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await run()) console.log(`${row.metric}: ${row.value} ${row.unit}${row.target ? ` (target ${row.target})` : ''}`);
}
