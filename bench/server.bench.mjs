/**
 * API load: sign-in and profile latency (p50, p99) and requests per second under autocannon,
 * beside a bare Fastify hello-world on the same machine, and their ratio. 127.0.0.1 only.
 *
 * Needs the built server (`npm run -w server build`; `npm run bench` builds first). Each server
 * runs in a worker thread so autocannon (main thread) does not share its event loop. The API
 * runs on a temp SQLite database with the demo data, full argon2id cost, and rate limits raised
 * out of the way. BENCH_SECONDS sets each run's length (default 5).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const HOST = '127.0.0.1';
const ACCOUNT = { username: 'agent@skyline.test', password: 'Agent@123' };

async function serveInWorker() {
  const { kind, dataDir } = workerData;
  let app;
  if (kind === 'hello') {
    const { default: Fastify } = await import('fastify');
    app = Fastify({ logger: false });
    app.get('/', async () => ({ hello: 'world' }));
  } else {
    const { buildApp } = await import(new URL('../server/dist/app.js', import.meta.url).href);
    const lots = { max: 1e9, windowMs: 60_000 };
    app = buildApp({
      logger: false,
      config: { dataDir, jwtSecret: new TextEncoder().encode('bench-secret-bench-secret-bench-secret-0123') },
      rateLimits: { signIn: { ip: lots, account: lots } },
    });
  }
  await app.listen({ host: HOST, port: 0 });
  parentPort.postMessage({ port: app.server.address().port });
  parentPort.on('message', async (message) => {
    if (message === 'close') {
      await app.close();
      parentPort.postMessage('closed');
    }
  });
}

function startWorker(kind, dataDir) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { kind, dataDir } });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', ({ port }) =>
      resolve({
        url: `http://${HOST}:${port}`,
        stop: () =>
          new Promise((done) => {
            worker.once('message', () => worker.terminate().then(done, done));
            worker.postMessage('close');
          }),
      }),
    );
  });
}

async function load(autocannon, options) {
  // A short warm-up so JIT and connection set-up do not count.
  await autocannon({ ...options, duration: 1 });
  const result = await autocannon({ ...options, duration: SECONDS, connections: CONNECTIONS });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

async function main() {
  const { default: autocannon } = await import('autocannon');
  const dataDir = mkdtempSync(join(tmpdir(), 'ed-bench-'));
  const rows = [];
  const row = (metric, value, unit, target) => rows.push({ benchmark: 'server', metric, value, unit, ...(target ? { target } : {}) });
  try {
    const hello = await startWorker('hello');
    const helloRun = await load(autocannon, { url: `${hello.url}/` });
    await hello.stop();

    const api = await startWorker('api', dataDir);
    const signInRequest = {
      url: `${api.url}/api/v1/auth`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ACCOUNT),
    };
    const signedIn = await fetch(signInRequest.url, signInRequest);
    if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.status} ${await signedIn.text()}`);
    const { data } = await signedIn.json();
    const signIn = await load(autocannon, signInRequest);
    const profile = await load(autocannon, {
      url: `${api.url}/api/v1/users/profile`,
      headers: { authorization: `Bearer ${data.token}` },
    });
    await api.stop();

    row('hello-world latency p50', helloRun.p50, 'ms');
    row('hello-world latency p99', helloRun.p99, 'ms');
    row('hello-world throughput', Math.round(helloRun.rps), 'req/s');
    row('sign-in latency p50 (argon2id)', signIn.p50, 'ms');
    row('sign-in latency p99 (argon2id)', signIn.p99, 'ms');
    row('sign-in throughput', Math.round(signIn.rps), 'req/s');
    row('profile latency p50', profile.p50, 'ms');
    row('profile latency p99', profile.p99, 'ms');
    row('profile throughput', Math.round(profile.rps), 'req/s');
    row('profile req/s ÷ hello-world req/s', Math.round((profile.rps / helloRun.rps) * 1000) / 1000, 'ratio');
    row('sign-in req/s ÷ hello-world req/s', Math.round((signIn.rps / helloRun.rps) * 10000) / 10000, 'ratio');
    row('failed requests (non-2xx, errors, timeouts)', helloRun.failed + signIn.failed + profile.failed, 'count', '0');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

if (!isMainThread && workerData?.kind) {
  serveInWorker().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

/** Rows `{ benchmark, metric, value, unit, target? }` for bench/run.mjs. */
export default async function serverBenchmark() {
  return main();
}
