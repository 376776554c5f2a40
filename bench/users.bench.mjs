/**
 * Users and roles lists (the budget: p99 ≤ 10 ms at 500 req/s): the built server as a
 * child process on a temp DATA_DIR (SQLite, demo data), Skyline grown to a mid-size agency first
 * (BENCH_PEOPLE invited people, default 60, spread over BENCH_ROLES extra roles, default 12, each
 * with a few permissions), then GET /api/v1/users and GET /api/v1/acl/role as the Skyline admin,
 * each at a steady 500 req/s from the open-loop generator (lib/openLoad.mjs: latency from each
 * request's due time, so stalls count) for BENCH_SECONDS (default 5) after a 2 s warm-up.
 *
 * Needs the built server (`npm run bench` builds first).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLoad } from './lib/openLoad.mjs';
import { api, startServer, SKYLINE_ADMIN } from './lib/serverProcess.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 60);
const ROLES = Number(process.env.BENCH_ROLES ?? 12);
const RATE = 500;
const TARGET_P99_MS = 10;
const SOME_PERMISSIONS = ['lead-create', 'lead-edit', 'property-create', 'property-edit', 'agent-read', 'role-read'];

/** Extra roles and invited people in Skyline, through the API as an admin would add them. */
async function growSkyline(url, token) {
  const json = (payload) => ({ method: 'POST', token, body: JSON.stringify(payload) });
  const roleNames = [];
  for (let i = 0; i < ROLES; i++) {
    const name = `Bench Role ${i + 1}`;
    const chosen = Object.fromEntries(SOME_PERMISSIONS.filter((_, j) => (i + j) % 3 === 0).map((p) => [p, 1]));
    await api(url, '/acl/role', json({ name, ...chosen }));
    roleNames.push(name);
  }
  for (let i = 0; i < PEOPLE; i++) {
    await api(url, '/users', json({ first_name: `Bench ${i + 1}`, email: `bench${i + 1}@skyline.test`, password: 'Bench@123', role: roleNames[i % roleNames.length] }));
  }
}

export default async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), 'ed-bench-users-'));
  // Growing the agency invites BENCH_PEOPLE people at once: past the default hourly invitation limit.
  const server = await startServer(dataDir, { env: { LIMIT_INVITATIONS_PER_HOUR: '1000000' } });
  try {
    const { data: session } = await api(server.url, '/auth', { method: 'POST', body: JSON.stringify(SKYLINE_ADMIN) });
    await growSkyline(server.url, session.token);
    const headers = { authorization: `Bearer ${session.token}` };
    const users = (await api(server.url, '/users', { token: session.token })).data.users.length;
    const roles = (await api(server.url, '/acl/role', { token: session.token })).data.length;

    const rows = [];
    for (const [label, path, count] of [
      [`users list (${users} people)`, '/api/v1/users', users],
      [`roles list (${roles} roles)`, '/api/v1/acl/role', roles],
    ]) {
      if (!count) throw new Error(`${path} answered no rows`);
      const load = await openLoad({ url: server.url, requests: [{ method: 'GET', path, headers }], rate: RATE, seconds: SECONDS });
      rows.push(
        { benchmark: 'users and roles', metric: `${label} p50 at ${RATE} req/s`, value: load.p50, unit: 'ms' },
        { benchmark: 'users and roles', metric: `${label} p99 at ${RATE} req/s`, value: load.p99, unit: 'ms', target: `≤ ${TARGET_P99_MS}` },
        { benchmark: 'users and roles', metric: `${label} achieved rate (failed: ${load.failed})`, value: load.achievedRate, unit: 'req/s' },
        { benchmark: 'users and roles', metric: `${label} send lag p99`, value: load.sendLagP99, unit: 'ms' },
      );
    }
    return rows;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
