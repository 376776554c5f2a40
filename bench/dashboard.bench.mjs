/**
 * Dashboard summary at 100,000 leads (the budget: p99 ≤ 20 ms at 500 req/s): Skyline seeded with
 * BENCH_LEADS leads (seed CLI, default 100,000; temp DATA_DIR, SQLite), the built server as a
 * child process, then GET /api/v1/dashboard/summary as the Skyline admin:
 * - a full recount (the company's cache dropped first by a change, as any lead write does): p50
 *   and p95 of BENCH_ROUNDS (default 20) one at a time;
 * - at a steady 500 req/s from the open-loop generator (lib/openLoad.mjs: latency from each
 *   request's due time, so stalls count) for BENCH_SECONDS (default 5) after a 2 s warm-up, twice:
 *   the summary alone (served from the per-company cache between changes), and with a change of
 *   the company's data every second mixed in (a DELETE /users/sessions/others, which like any
 *   successful write drops the cache: one full recount a second, the worst a busy agency sees);
 * - the server's CPU time per request (from /proc), the row that still means something while
 *   other work shares the cores.
 *
 * BENCH_DB=postgres runs it on PostgreSQL (rows marked `dashboard summary (PostgreSQL)`): the
 * database of BENCH_PG_URL (default estatedesk_dashboard_bench on 127.0.0.1 as the `estatedesk`
 * role — its own name, so it never drops another bench's database; the name must contain "bench")
 * is re-created, seeded by the seed CLI, VACUUM (ANALYZE)d, served and dropped at the end.
 *
 * Needs the built server (`npm run bench` builds first); BENCH_SERVER_DIST runs another build.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLoad } from './lib/openLoad.mjs';
import { benchDatabase, dropDatabase, recreateDatabase, settle } from './lib/postgresBench.mjs';
import { api, cpuMs, root, seedLeads, SERVER_DIST, SKYLINE_ADMIN, startServer } from './lib/serverProcess.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const DIST = process.env.BENCH_SERVER_DIST || SERVER_DIST;
const RATE = 500;
const TARGET_P99_MS = 20;
const ENGINE = (process.env.BENCH_DB || 'sqlite').toLowerCase();
if (ENGINE !== 'sqlite' && ENGINE !== 'postgres') throw new Error(`BENCH_DB must be sqlite or postgres, got "${process.env.BENCH_DB}"`);
const POSTGRES = ENGINE === 'postgres';
const PG_URL = process.env.BENCH_PG_URL || 'postgres://estatedesk:estatedesk@127.0.0.1:5432/estatedesk_dashboard_bench';
const NAME = POSTGRES ? 'dashboard summary (PostgreSQL)' : 'dashboard summary';

/** The demo data plus LEADS leads in Skyline, on PostgreSQL; returns the seconds it took. */
function seedPostgres(dataDir, target) {
  const start = performance.now();
  const seeded = spawnSync(process.execPath, [join(DIST, 'seed-cli.js'), '--leads', String(LEADS), '--company', 'skyline'], {
    cwd: join(root, 'server'),
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: target.url },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seed failed (${seeded.status}): ${seeded.stderr}`);
  return (performance.now() - start) / 1000;
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
};
const round = (n, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export default async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), 'ed-bench-dashboard-'));
  const pgTarget = POSTGRES ? benchDatabase(PG_URL) : null;
  if (pgTarget) await recreateDatabase(pgTarget);
  const seedSeconds = pgTarget ? seedPostgres(dataDir, pgTarget) : seedLeads(dataDir, LEADS, { dist: DIST });
  if (pgTarget) await settle(pgTarget);
  const server = await startServer(dataDir, { dist: DIST, env: pgTarget ? { DATABASE_URL: pgTarget.url } : {} });
  try {
    const { data: session } = await api(server.url, '/auth', { method: 'POST', body: JSON.stringify(SKYLINE_ADMIN) });
    const token = session.token;
    const headers = { authorization: `Bearer ${token}` };
    const summary = async () => (await api(server.url, '/dashboard/summary', { token })).data;
    const change = () => api(server.url, '/users/sessions/others', { method: 'DELETE', token });

    const first = await summary();
    const total = first.leads.total.value;
    if (total < LEADS) throw new Error(`the summary counts ${total} leads, fewer than the ${LEADS} seeded`);

    // Full recounts, one at a time.
    const recounts = [];
    for (let i = 0; i < ROUNDS; i++) {
      await change();
      const started = performance.now();
      const again = await summary();
      recounts.push(performance.now() - started);
      if (again.leads.total.value !== total) throw new Error('the lead total moved during the bench');
    }

    const rows = [
      { benchmark: NAME, metric: `seeded ${LEADS} leads (s)`, value: round(seedSeconds, 1), unit: 's' },
      { benchmark: NAME, metric: `full recount of ${total} leads p50 (one at a time)`, value: round(quantile(recounts, 0.5)), unit: 'ms' },
      { benchmark: NAME, metric: `full recount of ${total} leads p95 (one at a time)`, value: round(quantile(recounts, 0.95)), unit: 'ms' },
    ];
    const get = { method: 'GET', path: '/api/v1/dashboard/summary', headers };
    const write = { method: 'DELETE', path: '/api/v1/users/sessions/others', headers };
    for (const [label, requests] of [
      ['summary', [get]],
      // One change in every RATE requests: once a second.
      ['summary + a change every second', [write, ...Array.from({ length: RATE - 1 }, () => get)]],
    ]) {
      const cpuBefore = cpuMs(server.pid);
      const load = await openLoad({ url: server.url, requests, rate: RATE, seconds: SECONDS });
      const cpuPerRequest = (cpuMs(server.pid) - cpuBefore) / (load.sent + RATE * 2);
      rows.push(
        { benchmark: NAME, metric: `${label} p50 at ${RATE} req/s`, value: load.p50, unit: 'ms' },
        { benchmark: NAME, metric: `${label} p99 at ${RATE} req/s`, value: load.p99, unit: 'ms', target: `≤ ${TARGET_P99_MS}` },
        { benchmark: NAME, metric: `${label} achieved rate (failed: ${load.failed})`, value: load.achievedRate, unit: 'req/s' },
        { benchmark: NAME, metric: `${label} send lag p99`, value: load.sendLagP99, unit: 'ms' },
        { benchmark: NAME, metric: `${label} server CPU per request`, value: round(cpuPerRequest, 3), unit: 'ms' },
      );
    }
    return rows;
  } finally {
    await server.stop();
    if (pgTarget) await dropDatabase(pgTarget).catch((error) => process.stderr.write(`dashboard bench: could not drop ${pgTarget.name}: ${error.message}\n`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Run on its own: `node bench/dashboard.bench.mjs` (after a build).
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await run()) console.log(`${row.metric}: ${row.value} ${row.unit}${row.target ? ` (target ${row.target})` : ''}`);
}
