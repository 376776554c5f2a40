/**
 * The built server (server/dist/server.js) as a child process on a free 127.0.0.1 port, for
 * benchmarks that must signal, kill and restart it: its exit (code, signal, when) is a promise,
 * its output is kept, and `pid` is its own process id (never a group or a name).
 *
 * Also the seed CLI (`seedLeads`) and a small JSON client (`api`, `signIn`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const root = new URL('../..', import.meta.url).pathname;
export const HOST = '127.0.0.1';
/** The seeded Skyline company's admin (demo data). */
export const SKYLINE_ADMIN = { username: 'admin@skyline.test', password: 'Admin@123' };

/** The kernel's clock ticks per second, in which /proc counts CPU time (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/**
 * User + system CPU time a process has used so far, in ms, from /proc/<pid>/stat; 0 once it is
 * gone. The row that still means something while other work shares the cores.
 */
export function cpuMs(pid) {
  try {
    // Fields after the command name (which may hold spaces, hence from the last ')'): utime is
    // the 12th, stime the 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').at(-1).trim().split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1000;
  } catch {
    return 0;
  }
}

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes. */
export const epochNow = () => performance.timeOrigin + performance.now();

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** The server's build output (server.js, seed-cli.js). */
export const SERVER_DIST = join(root, 'server/dist');

/** Seeds the demo data plus `leads` leads in Skyline into dataDir (SQLite); returns the seconds it took. */
export function seedLeads(dataDir, leads, { dist = SERVER_DIST } = {}) {
  const start = performance.now();
  const seeded = spawnSync(process.execPath, [join(dist, 'seed-cli.js'), '--leads', String(leads), '--company', 'skyline'], {
    cwd: join(root, 'server'),
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seed failed (${seeded.status}): ${seeded.stderr}`);
  return (performance.now() - start) / 1000;
}

/**
 * Starts the server on dataDir and waits for /api/v1/health. `dist`: another build of the
 * server to run (default server/dist).
 * @returns {Promise<{ url, pid, child, exited: Promise<{ code, signal, at }>, output: () => string,
 *   memory: () => { peakMb, rssMb }, signal: (name) => number, stop: () => Promise<{ code, signal, at }> }>}
 *   `signal` sends a signal to this process alone and returns the send time (epochNow).
 */
export async function startServer(dataDir, { logLevel = 'warn', env = {}, dist = SERVER_DIST } = {}) {
  const port = await freePort();
  const url = `http://${HOST}:${port}`;
  let output = '';
  const child = spawn(process.execPath, [join(dist, 'server.js')], {
    cwd: join(root, 'server'),
    // glibc's settings as `npm start` sets them (server/package.json, whose README says why).
    env: { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', ...process.env, PORT: String(port), HOST, DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: '', LOG_LEVEL: logLevel, PUBLIC_URL: url, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, at: epochNow() })));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited (${child.exitCode ?? child.signalCode}): ${output}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not healthy after 120 s: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid,
    child,
    exited,
    output: () => output,
    memory() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
      return { peakMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
    },
    signal(name) {
      const at = epochNow();
      child.kill(name);
      return at;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** One JSON call; throws with the status and body on a non-2xx answer. */
export async function api(url, path, { token, ...init } = {}) {
  const res = await fetch(`${url}/api/v1${path}`, {
    ...init,
    headers: { ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers },
  });
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${typeof body === 'string' ? body.slice(0, 300) : JSON.stringify(body).slice(0, 300)}`);
  return body;
}

/** Signs the Skyline admin in; returns { token, companyId, workflows: Map name → id }. */
export async function signIn(url, who = SKYLINE_ADMIN) {
  const { data: session } = await api(url, '/auth', { method: 'POST', body: JSON.stringify(who) });
  const { data: workflows } = await api(url, '/workflow/list', { token: session.token });
  return { token: session.token, companyId: session.company_id, workflows: new Map(workflows.map((w) => [w.name, w.id])) };
}
