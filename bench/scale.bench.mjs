/**
 * Scale: the leads list and a mixed read/write load through haproxy in front of 1, 2 and 4 server
 * processes on one PostgreSQL with 100,000 leads (`npm run bench -- scale`; on request only, about
 * four minutes). Each load runs flat out (autocannon, 32 connections) for SECONDS; the rows give
 * throughput, p99, and the CPU each request cost — the server processes' and PostgreSQL's backends'
 * own CPU time (from /proc) over the requests answered — which is what sizes a bigger machine.
 * Memory at rest is each process's RSS after start and one sign-in.
 *
 * BENCH_PG_URL names the database (its name must contain "bench"; it is dropped and re-created).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHaproxy } from './lib/haproxy.mjs';
import { benchDatabase, dropDatabase, recreateDatabase, settle } from './lib/postgresBench.mjs';
import { api, cpuMs, root, SKYLINE_ADMIN, startServer } from './lib/serverProcess.mjs';

const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PROCESS_COUNTS = [1, 2, 4];
const CONNECTIONS = 32;
const DEFAULT_URL = 'postgres://estatedesk:estatedesk@127.0.0.1:5432/estatedesk_scale_bench';

/** Every PostgreSQL server process (backends included): the database's own CPU. */
function postgresPids() {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    });
}

/** CPU of the servers and of PostgreSQL while `work` runs. */
async function measured(serverPids, work) {
  const before = { servers: serverPids.map(cpuMs), pg: new Map(postgresPids().map((pid) => [pid, cpuMs(pid)])) };
  const result = await work();
  const servers = serverPids.reduce((sum, pid, i) => sum + cpuMs(pid) - before.servers[i], 0);
  // Backends start and end with connections: count each from its first sight.
  const pg = postgresPids().reduce((sum, pid) => sum + cpuMs(pid) - (before.pg.get(pid) ?? 0), 0);
  return { ...result, serverCpuMs: servers, pgCpuMs: pg };
}

async function flatOut(autocannon, options) {
  await autocannon({ ...options, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: SECONDS });
  const answered = result.requests.total;
  const failed = result.non2xx + result.errors + result.timeouts;
  return { rps: answered / SECONDS, p99: result.latency.p99, answered, failed };
}

export default async function scale() {
  const { default: autocannon } = await import('autocannon');
  const target = benchDatabase(process.env.BENCH_PG_URL || DEFAULT_URL);
  const rows = [];
  const row = (metric, value, unit, targetText) => rows.push({ benchmark: 'scale (PostgreSQL, haproxy)', metric, value, unit, ...(targetText ? { target: targetText } : {}) });
  const folders = [];
  try {
    await recreateDatabase(target);
    const seedFolder = mkdtempSync(join(tmpdir(), 'ed-bench-scale-'));
    folders.push(seedFolder);
    const seeded = spawnSync(process.execPath, [join(root, 'server/dist/seed-cli.js'), '--leads', String(LEADS), '--company', 'skyline'], {
      cwd: join(root, 'server'),
      env: { ...process.env, DATA_DIR: seedFolder, DATABASE_URL: target.url },
      encoding: 'utf8',
    });
    if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
    await settle(target);
    const env = { DATABASE_URL: target.url, JWT_SECRET: randomBytes(32).toString('hex'), TRUST_PROXY: '1', LIMIT_SEARCHES_PER_MINUTE: '1000000' };

    for (const count of PROCESS_COUNTS) {
      const servers = [];
      let proxy;
      try {
        for (let i = 0; i < count; i++) {
          const folder = mkdtempSync(join(tmpdir(), 'ed-bench-scale-'));
          folders.push(folder);
          servers.push(await startServer(folder, { env }));
        }
        proxy = await startHaproxy(servers.map((server, i) => ({ name: `p${i + 1}`, url: server.url })));
        const { data: session } = await api(proxy.url, '/auth', { method: 'POST', body: JSON.stringify(SKYLINE_ADMIN) });
        const { data: workflows } = await api(proxy.url, '/workflow/list', { token: session.token });
        const id = (name) => workflows.find((w) => w.name === name).id;
        if (count === 1) row(`memory of a process at rest (${LEADS.toLocaleString('en-IN')} leads, after one sign-in)`, Math.round(servers[0].memory().rssMb), 'MB', '≤ 150');

        const headers = { authorization: `Bearer ${session.token}` };
        const pages = [
          `/api/v1/leads/list/workflow/${id('All Contacts')}?pageSize=10&pageNumber=1`,
          `/api/v1/leads/list/workflow/${id('Open')}?pageSize=10&pageNumber=1`,
          `/api/v1/leads/list/workflow/${id('Won')}?pageSize=10&pageNumber=3`,
        ].map((path) => ({ method: 'GET', path, headers }));
        const pids = servers.map((server) => server.pid);
        const list = await measured(pids, () => flatOut(autocannon, { url: proxy.url, requests: pages }));

        // Mixed: nine list pages for one new lead (a person's day is mostly reading).
        let made = 0;
        const create = {
          method: 'POST',
          path: '/api/v1/leads/store',
          headers: { ...headers, 'content-type': 'application/json' },
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              first_name: 'Scale',
              last_name: `Lead${(made += 1)}`,
              email: `scale.${count}.${made}.${process.pid}@bench.test`,
              phone: `+91 8${String(made).padStart(9, '0')}`,
              lead_source: 'Website',
              property_type: 1,
              workflow_id: id('Open'),
              activities: 1,
            }),
          }),
        };
        const mixedRequests = [...pages, ...pages, pages[0], pages[1], create, { ...pages[2] }];
        const mixed = await measured(pids, () => flatOut(autocannon, { url: proxy.url, requests: mixedRequests }));

        const label = `${count} process${count > 1 ? 'es' : ''}`;
        for (const [name, result] of [
          ['leads list', list],
          ['mixed (1 write in 10)', mixed],
        ]) {
          row(`${label}: ${name} throughput, flat out`, Math.round(result.rps), 'req/s');
          row(`${label}: ${name} p99, flat out`, result.p99, 'ms');
          row(`${label}: ${name} CPU per request, servers + PostgreSQL`, `${(result.serverCpuMs / result.answered).toFixed(2)} + ${(result.pgCpuMs / result.answered).toFixed(2)}`, 'ms');
          if (result.failed) row(`${label}: ${name} requests not answered 2xx`, result.failed, 'requests');
        }
      } finally {
        await proxy?.stop();
        await Promise.all(servers.map((server) => server.stop()));
      }
    }
  } finally {
    await dropDatabase(target).catch(() => undefined);
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }
  return rows;
}
