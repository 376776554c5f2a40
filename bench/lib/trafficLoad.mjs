/**
 * Mixed open-loop HTTP traffic with a record of every request, for reliability runs: several kinds
 * of call (list, search, edits, ...), each at its own constant rate — request j of a kind is due at
 * t0 + j/rate whether or not earlier ones answered (as lib/openLoad.mjs, so a stall shows as
 * latency instead of as fewer requests) — until `seconds` pass or the caller says stop.
 *
 * Every request is recorded: when it was due, sent and ended (wall clock, ms, comparable with the
 * caller's `epochNow()`), its status, the error code of a network failure (ECONNRESET,
 * ECONNREFUSED, "timeout", ...), whether the body arrived whole (all of Content-Length, and JSON
 * that parses when it says JSON), when it got a socket and (a new one) when that connected, whether
 * that socket was a reused keep-alive one, and whether the request was retried: a reset on a reused
 * socket before any answer byte is tried once more, on a new connection (the server closed that
 * idle connection as the request went out, so it never read it; browsers retry these themselves),
 * and the retry's outcome is the record's. The caller classifies (`summarize` below does it for a
 * plain run).
 *
 * Runs in a child process (this file, forked; JSON over IPC) so the caller's own work cannot
 * delay sends.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

const CHILD = '--traffic-load-child';

/** Record fields, in order (records travel as arrays). */
export const FIELDS = ['kind', 'due', 'sent', 'end', 'status', 'error', 'complete', 'reused', 'retried', 'socketAt', 'connectAt'];

/**
 * @param {object} options
 * @param {string} options.url
 * @param {{ name: string, rate: number, requests: { method: string, path: string, headers?: object, body?: string }[] }[]} options.kinds
 *   requests of a kind are sent in turn (cycled when there are fewer than needed)
 * @param {number} [options.seconds=Infinity]  sending stops after this, or at `stop()`
 * @param {number} [options.maxSockets=256]
 * @param {number} [options.timeoutMs=30000]  a request still open after this is destroyed ("timeout")
 * @returns {{ started: Promise<number>, stop: () => void, done: Promise<object[]> }}
 *   `started` resolves with t0 (epoch ms); `done` with the records as objects (FIELDS), once every
 *   sent request has ended.
 */
export function trafficLoad(options) {
  const child = fork(fileURLToPath(import.meta.url), [CHILD], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let startedResolve;
  const started = new Promise((resolve) => (startedResolve = resolve));
  const done = new Promise((resolve, reject) => {
    let records = null;
    child.once('error', reject);
    child.on('message', (message) => {
      if (message.started) startedResolve(message.started);
      else if (message.error) reject(new Error(`trafficLoad: ${message.error}`));
      else if (message.records) records = message.records.map((r) => Object.fromEntries(FIELDS.map((f, i) => [f, r[i]])));
    });
    child.once('exit', (code) => (records ? resolve(records) : reject(new Error(`trafficLoad: generator exited with code ${code} and no records`))));
  });
  child.send({ type: 'start', options });
  return {
    started,
    stop: () => {
      if (child.connected) child.send({ type: 'stop' });
    },
    done,
  };
}

/** Nearest-rank quantile of an ascending array. */
export const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] : NaN);

/**
 * Per kind: count, ok (2xx), expected 4xx, failed (any other status, a network error, a timeout, an
 * incomplete body), retried (see above; counted, and judged by the retry's outcome), and latency
 * quantiles from the due time of the answered ones (2xx and expected 4xx).
 * @param {object[]} records
 * @param {Record<string, number[]>} expected4xx  kind → statuses that are a right answer there
 */
export function summarize(records, expected4xx = {}) {
  const kinds = new Map();
  for (const r of records) {
    let k = kinds.get(r.kind);
    if (!k) kinds.set(r.kind, (k = { kind: r.kind, count: 0, ok: 0, expected4xx: 0, failed: 0, retried: 0, failures: {}, latencies: [] }));
    k.count++;
    if (r.retried) k.retried++;
    const ok = r.complete && r.status >= 200 && r.status < 300;
    const expected = r.complete && (expected4xx[r.kind] ?? []).includes(r.status);
    if (ok) k.ok++;
    else if (expected) k.expected4xx++;
    else {
      k.failed++;
      const why = r.error ?? (r.status ? `HTTP ${r.status}${r.complete ? '' : ' (body cut)'}` : 'no answer');
      k.failures[why] = (k.failures[why] ?? 0) + 1;
    }
    if (ok || expected) k.latencies.push(r.end - r.due);
  }
  return [...kinds.values()].map((k) => {
    const { latencies, ...rest } = k;
    const sorted = latencies.sort((a, b) => a - b);
    return { ...rest, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted.at(-1) ?? NaN };
  });
}

/** The generator itself: runs in the child. */
function generate({ url, kinds, seconds = Infinity, maxSockets = 256, timeoutMs = 30_000 }, stopSignal) {
  const { hostname, port } = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets, scheduling: 'fifo' });
  const fresh = new http.Agent({ keepAlive: false });
  const now = () => performance.timeOrigin + performance.now();
  const t0 = now() + 20;
  const endAt = t0 + seconds * 1000;
  // Kinds start a fraction of their interval apart, so they do not all fall due together.
  const plans = kinds.map((kind, index) => ({ ...kind, index, interval: 1000 / kind.rate, offset: (index / kinds.length) * (1000 / kind.rate), next: 0 }));
  const due = (plan) => t0 + plan.offset + plan.next * plan.interval;
  const records = [];
  let open = 0;
  let stopped = false;
  let resolveDone;
  const finished = new Promise((resolve) => (resolveDone = resolve));

  const finish = () => {
    if (stopped && open === 0) {
      agent.destroy();
      fresh.destroy();
      resolveDone(records);
    }
  };

  function send(plan) {
    const spec = plan.requests[plan.next % plan.requests.length];
    const record = [plan.name, due(plan), now(), null, 0, null, false, false, false, null, null];
    plan.next++;
    open++;
    let ended = false;
    const end = (status, error, complete) => {
      if (ended) return;
      ended = true;
      open--;
      record[3] = now();
      record[4] = status;
      record[5] = error;
      record[6] = complete;
      records.push(record);
      pump();
      finish();
    };
    attempt(spec, record, end, false);
  }

  /**
   * One try of a request. A reset on a reused keep-alive socket before any answer (the server
   * closed that idle connection as the request went out: it never read it) is tried once more,
   * as browsers do and Node's documentation advises; the record keeps that it was retried.
   */
  function attempt(spec, record, end, isRetry) {
    const headers = { ...spec.headers };
    if (spec.body != null) {
      headers['content-type'] ??= 'application/json';
      headers['content-length'] = Buffer.byteLength(spec.body);
    }
    let answered = false;
    // The retry goes out on a new connection: the other idle sockets may be closing too.
    const req = http.request({ agent: isRetry ? fresh : agent, hostname, port, method: spec.method, path: spec.path, headers }, (res) => {
      answered = true;
      const chunks = [];
      let bytes = 0;
      res.on('data', (chunk) => {
        bytes += chunk.length;
        chunks.push(chunk);
      });
      res.once('end', () => {
        const length = res.headers['content-length'];
        let complete = length == null || Number(length) === bytes;
        if (complete && /json/.test(res.headers['content-type'] ?? '')) {
          try {
            JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            complete = false;
          }
        }
        end(res.statusCode, null, complete);
      });
      res.once('error', (error) => end(res.statusCode, error.code ?? error.message, false));
      res.once('close', () => end(res.statusCode, 'response closed early', false));
    });
    req.once('socket', (socket) => {
      if (isRetry) return;
      record[7] = req.reusedSocket;
      record[9] = now();
      if (socket.connecting) socket.once('connect', () => (record[10] = now()));
    });
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })));
    req.once('error', (error) => {
      if (!answered && !isRetry && req.reusedSocket && error.code === 'ECONNRESET') {
        record[8] = true;
        attempt(spec, record, end, true);
        return;
      }
      end(0, error.code ?? error.message, false);
    });
    req.end(spec.body ?? undefined);
  }

  function pump() {
    if (stopped) return;
    const t = now();
    if (t >= endAt) {
      stopped = true;
      finish();
      return;
    }
    for (const plan of plans) while (due(plan) <= t && due(plan) < endAt) send(plan);
  }

  function tick() {
    pump();
    if (stopped) return;
    const nextDue = Math.min(endAt, ...plans.map(due));
    setTimeout(tick, Math.max(0, Math.floor(nextDue - now())));
  }

  stopSignal.then(() => {
    stopped = true;
    finish();
  });
  setTimeout(tick, 20);
  return { t0, finished };
}

if (process.argv[2] === CHILD && process.send) {
  let stop;
  const stopSignal = new Promise((resolve) => (stop = resolve));
  process.on('message', async (message) => {
    if (message.type === 'stop') {
      stop();
      return;
    }
    try {
      const { t0, finished } = generate(message.options, stopSignal);
      process.send({ started: t0 });
      const records = await finished;
      process.send({ records }, () => process.disconnect());
    } catch (error) {
      process.send({ error: String(error?.stack ?? error) }, () => process.disconnect());
    }
  });
}
