/**
 * What writing a change's activity event costs (docs/activity.md: "Writing an event is one indexed
 * insert in a transaction the change already needed"; claim: it adds ≤ 0.3 ms of server CPU to a
 * mutation), on SQLite, or on PostgreSQL with BENCH_DB=postgres.
 *
 * How: the same server sources (server/src) are bundled twice by esbuild with the options tsup
 * uses for server/dist (node_modules/.cache/estatedesk/activity-write/): as they are, and with the
 * events module's repository (server/src/modules/events/repository.ts, the only code that inserts
 * into `activity_events`) replaced by an `insertEvent` that does nothing. Only this bench's own
 * bundle has that replacement: nothing in server/ changes, and no setting of a real server can skip
 * the event. Both builds run as server processes side by side on the same data (SQLite: two copies
 * of one seeded DATA_DIR; PostgreSQL: one database), and each changes lead statuses through
 * POST /api/v1/leads/workflow/{id} one request at a time (always to another status, so every change
 * writes its `lead.status_changed` event in the real build): after a warm-up, BENCH_BLOCKS pairs of
 * blocks (default 8; A then B, then B then A, so a drift of the machine cancels), BENCH_MUTATIONS
 * status changes per build in all (default 4,000).
 *
 * Measured: each server process's user + system CPU from /proc over its blocks, and on PostgreSQL
 * also the CPU of the PostgreSQL backends serving the bench database (found in pg_stat_activity
 * before and after each block; the WAL writer and checkpointer are not counted: shared by whatever
 * else the machine's PostgreSQL serves). The event's cost per mutation is the difference of the
 * two builds' CPU per mutation (target ≤ 0.3 ms); the rows also give the smallest and largest
 * difference of a block pair, which shows how much of it is noise. Building the event's row
 * (eventWriter in record.ts: an object and a small JSON.stringify) still runs in both builds, a
 * few microseconds left out of the difference. Wall time per mutation is given for the record.
 *
 * Knobs: BENCH_DB (sqlite | postgres), BENCH_PG_URL (default estatedesk_activity_bench on
 * 127.0.0.1 as the estatedesk role; its name must contain "bench": it is dropped and re-created), BENCH_LEADS (default 20,000), BENCH_MUTATIONS,
 * BENCH_BLOCKS. `npm run bench -- activity-write` runs it alone.
 */
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { benchDatabase, dropDatabase, recreateDatabase, settle } from './lib/postgresBench.mjs';
import { api, cpuMs, root, seedLeads, signIn, startServer } from './lib/serverProcess.mjs';

const ENGINE = (process.env.BENCH_DB || 'sqlite').toLowerCase();
if (ENGINE !== 'sqlite' && ENGINE !== 'postgres') throw new Error(`BENCH_DB must be sqlite or postgres, got "${process.env.BENCH_DB}"`);
const POSTGRES = ENGINE === 'postgres';
const LEADS = Number(process.env.BENCH_LEADS ?? 20_000);
const MUTATIONS = Number(process.env.BENCH_MUTATIONS ?? 4000);
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 8);
const WARMUP = 300;
/** Leads the status changes go round (a page of All Contacts). */
const LEAD_POOL = 200;
const NAME = POSTGRES ? 'activity write (PostgreSQL)' : 'activity write';
/** Its own database by default, so a leads bench running at the same time keeps its own. */
const DEFAULT_PG_URL = 'postgres://estatedesk:estatedesk@127.0.0.1:5432/estatedesk_activity_bench';
const round = (n, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The events module's repository as the "without" build has it. */
const NO_EVENT = 'export async function insertEvent() {}\n';

/** Bundles server/src into `dir`, as server/tsup.config.ts does; `withoutEvent` swaps in NO_EVENT. */
async function buildServer(dir, withoutEvent) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const serverSrc = join(root, 'server/src');
  const skipEvent = {
    name: 'bench-no-event',
    setup(b) {
      b.onResolve({ filter: /^\.\/repository$/ }, (args) =>
        args.importer === join(serverSrc, 'modules/events/record.ts') ? { path: 'events-repository', namespace: 'bench-no-event' } : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'bench-no-event' }, () => ({ contents: NO_EVENT, loader: 'js' }));
    },
  };
  await build({
    entryPoints: { server: join(serverSrc, 'server.ts'), 'import-worker': join(serverSrc, 'modules/leads/import/worker.ts') },
    outdir: dir,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    bundle: true,
    splitting: true,
    packages: 'external',
    tsconfig: join(root, 'server/tsconfig.json'),
    alias: { '@contract/openapi': join(root, 'src/contract/openapi.ts'), '@contract': join(root, 'src/contract/index.ts') },
    plugins: withoutEvent ? [skipEvent] : [],
    logLevel: 'silent',
  });
}

/** The CPU (ms) so far of the PostgreSQL backends serving `database`, by pid (the bench's own connection left out). */
async function backendCpu(client, database) {
  const { rows } = await client.query(
    `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
    [database],
  );
  return new Map(rows.map((r) => [r.pid, cpuMs(r.pid)]));
}

/** One build's server, signed in, with the leads it moves and each one's status now. */
async function prepare(server) {
  const { token, workflows } = await signIn(server.url);
  const page = await api(server.url, `/leads/list/workflow/${workflows.get('All Contacts')}?pageSize=${LEAD_POOL}&pageNumber=1`, { token });
  const won = workflows.get('Won');
  const lost = workflows.get('Lost');
  if (!won || !lost) throw new Error('the demo company has no Won and Lost statuses');
  const leads = page.data.data.map((l) => ({ id: l.id, lost: l.workflow === 'Lost' }));
  let next = 0;
  return {
    server,
    /** The id of the company's newest `lead.status_changed` event (null: none), to check each build does what it says. */
    async newestEvent() {
      const log = await api(server.url, '/activity?action=lead.status_changed&pageSize=1', { token });
      return log.data.data[0]?.id ?? null;
    },
    /** `count` status changes, one at a time; each to the status the lead does not have. */
    async mutate(count) {
      for (let i = 0; i < count; i++) {
        const lead = leads[next++ % leads.length];
        await api(server.url, `/leads/workflow/${lead.id}`, { method: 'POST', token, body: JSON.stringify({ workflowId: lead.lost ? won : lost }) });
        lead.lost = !lead.lost;
      }
    },
  };
}

export default async function activityWriteBench() {
  const rows = [];
  const row = (metric, value, unit, target) => rows.push({ benchmark: NAME, metric, value, unit, ...(target ? { target } : {}) });
  const cache = join(root, 'node_modules/.cache/estatedesk/activity-write');
  await buildServer(join(cache, 'with-event'), false);
  await buildServer(join(cache, 'without-event'), true);

  const base = mkdtempSync(join(tmpdir(), 'ed-bench-activity-write-'));
  const pgTarget = POSTGRES ? benchDatabase(process.env.BENCH_PG_URL || DEFAULT_PG_URL) : null;
  const servers = [];
  let client;
  try {
    const seeded = join(base, 'seeded');
    if (POSTGRES) {
      await recreateDatabase(pgTarget);
      const seed = spawnSync(process.execPath, [join(root, 'server/dist/seed-cli.js'), '--leads', String(LEADS), '--company', 'skyline'], {
        cwd: join(root, 'server'),
        env: { ...process.env, DATA_DIR: seeded, DATABASE_URL: pgTarget.url },
        encoding: 'utf8',
      });
      if (seed.status !== 0) throw new Error(`seed failed (${seed.status}): ${seed.stderr}`);
      await settle(pgTarget);
      client = new pg.Client({ connectionString: pgTarget.url });
      await client.connect();
    } else {
      seedLeads(seeded, LEADS);
    }
    // SQLite: a copy each (same rows, same JWT secret); PostgreSQL: one database, the folder holds only the secret.
    const dirs = ['with-event', 'without-event'].map((variant) => {
      if (POSTGRES) return seeded;
      const dir = join(base, variant);
      cpSync(seeded, dir, { recursive: true });
      return dir;
    });
    const env = POSTGRES ? { DATABASE_URL: pgTarget.url } : {};
    servers.push(await startServer(dirs[0], { env, dist: join(cache, 'with-event') }));
    servers.push(await startServer(dirs[1], { env, dist: join(cache, 'without-event') }));
    const [withEvent, withoutEvent] = await Promise.all(servers.map(prepare));

    // Warm-up (JIT, caches, the pool's connections), not counted.
    await withEvent.mutate(WARMUP);
    await withoutEvent.mutate(WARMUP);

    const perBlock = Math.max(1, Math.round(MUTATIONS / BLOCKS));
    const totals = new Map([withEvent, withoutEvent].map((v) => [v, { server: 0, backends: 0, wall: 0, count: 0 }]));
    const pairs = [];
    const measure = async (variant) => {
      const newest = await variant.newestEvent();
      const pgBefore = client ? await backendCpu(client, pgTarget.name) : new Map();
      const before = cpuMs(variant.server.pid);
      const started = performance.now();
      await variant.mutate(perBlock);
      const wall = performance.now() - started;
      const server = cpuMs(variant.server.pid) - before;
      let backends = 0;
      if (client) for (const [pid, ms] of await backendCpu(client, pgTarget.name)) backends += ms - (pgBefore.get(pid) ?? 0);
      // Outside the CPU window: the real build wrote events, the bench build none.
      const wrote = (await variant.newestEvent()) !== newest;
      if (wrote !== (variant === withEvent)) throw new Error(`the ${variant === withEvent ? 'real' : 'bench'} build ${wrote ? 'wrote' : 'wrote no'} status events`);
      const total = totals.get(variant);
      total.server += server;
      total.backends += backends;
      total.wall += wall;
      total.count += perBlock;
      return (server + backends) / perBlock;
    };
    for (let block = 0; block < BLOCKS; block++) {
      const order = block % 2 === 0 ? [withEvent, withoutEvent] : [withoutEvent, withEvent];
      const perMutation = new Map();
      for (const variant of order) perMutation.set(variant, await measure(variant));
      pairs.push(perMutation.get(withEvent) - perMutation.get(withoutEvent));
    }

    const a = totals.get(withEvent);
    const b = totals.get(withoutEvent);
    const cpu = (t) => (t.server + t.backends) / t.count;
    const where = POSTGRES ? 'server + PostgreSQL backend' : 'server';
    row(`${where} CPU per status change, event written (${a.count} changes)`, round(cpu(a)), 'ms');
    row(`${where} CPU per status change, event insert skipped (bench build)`, round(cpu(b)), 'ms');
    row("event write's CPU per mutation (difference)", round(cpu(a) - cpu(b)), 'ms', '≤ 0.3');
    row(`the difference over ${BLOCKS} block pairs: smallest / largest`, `${round(Math.min(...pairs))} / ${round(Math.max(...pairs))}`, 'ms');
    if (POSTGRES) {
      row('of the difference: server process', round(a.server / a.count - b.server / b.count), 'ms');
      row('of the difference: PostgreSQL backends', round(a.backends / a.count - b.backends / b.count), 'ms');
    }
    row('wall time per status change, event written / skipped', `${round(a.wall / a.count, 2)} / ${round(b.wall / b.count, 2)}`, 'ms');
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await client?.end();
    if (pgTarget) await dropDatabase(pgTarget);
    rmSync(base, { recursive: true, force: true });
  }
  return rows;
}

if (process.argv[1] === new URL(import.meta.url).pathname) console.table(await activityWriteBench());
