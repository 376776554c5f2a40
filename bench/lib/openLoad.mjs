/**
 * Open-loop, constant-rate HTTP load: request i is due at t0 + i/rate, whatever happened to the
 * requests before it, and its latency runs from that intended time to the end of the response body.
 *
 * Why not autocannon's `overallRate`: it sends each connection's share of a second back to back and
 * then idles until the next second, so "1,000 req/s" arrives as bursts and the latency it reports is
 * that of a burst queue. Closed-loop tools also hide a slow server (coordinated omission): a client
 * that waits for a response sends less while the server stalls, and the stall never shows in the
 * numbers. Here nothing waits for a response before the next request goes out, and a late send
 * (the generator itself falling behind) counts in the latency too; the send lag is reported on its
 * own so a result says whether the load was really delivered evenly.
 *
 * `openLoad(options)` runs the generator in a child process (this same file, forked, JSON over
 * IPC), so its CPU and event loop are its own: the caller's work (and its GC) cannot delay sends.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

const CHILD = '--open-load-child';

/**
 * @param {object} options
 * @param {string} options.url            base URL, e.g. http://127.0.0.1:3000
 * @param {{ method: string, path: string, headers?: object }[]} options.requests  sent in turn
 * @param {number} options.rate           requests per second offered
 * @param {number} options.seconds        measured seconds (after the warm-up)
 * @param {number} [options.warmup=2]     seconds at the same rate that do not count
 * @param {number} [options.maxSockets=64] keep-alive pool; big enough that a socket is always free
 * @param {number} [options.timeoutMs=10000] a request still open after this counts as failed
 * @returns {Promise<{ p50, p90, p99, max, offeredRate, achievedRate, sent, completed, failed, sendLagP99, maxInFlight }>}
 *   measured requests only; latencies (ms, one decimal) are of the 2xx responses (`completed`);
 *   `failed` counts non-2xx, errors and timeouts; `maxInFlight` above maxSockets means the pool
 *   queued (still counted in the latency, which starts at the due time).
 */
export function openLoad(options) {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [CHILD], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let result;
    child.once('error', reject);
    child.on('message', (message) => {
      if (message.error) reject(new Error(`openLoad: ${message.error}`));
      else result = message.result;
    });
    child.once('exit', (code) => (result ? resolve(result) : reject(new Error(`openLoad: generator exited with code ${code} and no result`))));
    child.send(options);
  });
}

/** Nearest-rank quantile of an ascending array. */
const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] : NaN);
const ms = (n) => Math.round(n * 10) / 10;

/** The generator itself: runs in the child. */
function generate({ url, requests, rate, seconds, warmup = 2, maxSockets = 64, timeoutMs = 10_000 }) {
  const { hostname, port } = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  const interval = 1000 / rate;
  const warmupCount = Math.round(warmup * rate);
  const total = warmupCount + Math.round(seconds * rate);
  const t0 = performance.now() + 20;
  const due = (i) => t0 + i * interval;
  const measuredFrom = due(warmupCount);

  // Only requests i >= warmupCount are recorded.
  const latencies = [];
  const sendLags = [];
  let sent = 0;
  let completed = 0;
  let failed = 0;
  let lastEnd = measuredFrom;
  let next = 0; // index of the next request to send
  let open = 0; // requests sent and not yet finished
  let maxInFlight = 0;
  let finished = false;

  return new Promise((resolve) => {
    const finish = () => {
      if (finished || next < total || open > 0) return;
      finished = true;
      agent.destroy();
      latencies.sort((a, b) => a - b);
      sendLags.sort((a, b) => a - b);
      resolve({
        p50: ms(quantile(latencies, 0.5)),
        p90: ms(quantile(latencies, 0.9)),
        p99: ms(quantile(latencies, 0.99)),
        max: ms(latencies.at(-1) ?? NaN),
        offeredRate: rate,
        // Responses per second over the measured window, stretched if the last ones came late.
        achievedRate: Math.round((completed / Math.max(seconds * 1000, lastEnd - measuredFrom)) * 1000 * 10) / 10,
        sent,
        completed,
        failed,
        sendLagP99: ms(quantile(sendLags, 0.99)),
        maxInFlight,
      });
    };

    const send = (i) => {
      const intended = due(i);
      const counted = i >= warmupCount;
      const spec = requests[i % requests.length];
      let done = false;
      const end = (ok) => {
        if (done) return;
        done = true;
        open--;
        if (counted) {
          const now = performance.now();
          if (ok) {
            completed++;
            latencies.push(now - intended);
          } else failed++;
          lastEnd = Math.max(lastEnd, now);
        }
        pump(); // a response is also a chance to send what has come due (finer than the timer)
        finish();
      };
      open++;
      maxInFlight = Math.max(maxInFlight, open);
      const req = http.request({ agent, hostname, port, method: spec.method, path: spec.path, headers: spec.headers }, (res) => {
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        res.on('data', () => {}); // read and drop the body; the latency ends with it
        res.once('end', () => end(ok));
        res.once('error', () => end(false));
      });
      req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
      req.once('error', () => end(false));
      req.end();
      if (counted) {
        sent++;
        sendLags.push(performance.now() - intended);
      }
    };

    // Sends every request whose intended time has come. Called by the timer below and after each
    // response, never blocking on one.
    function pump() {
      const now = performance.now();
      while (next < total && due(next) <= now) send(next++);
    }

    // The clock: Node timers have 1 ms granularity (and fire at best on time, usually a bit
    // late), so each wake sends everything due, however many that is; a late wake is caught up at
    // once and its lateness shows in sendLagP99. A spin (setImmediate) would be finer but would
    // burn a whole core that, on a small machine, the server under test needs.
    function tick() {
      pump();
      if (next < total) setTimeout(tick, Math.max(0, Math.floor(due(next) - performance.now())));
      else finish();
    }
    setTimeout(tick, Math.max(0, Math.floor(t0 - performance.now())));
  });
}

if (process.argv[2] === CHILD && process.send) {
  process.once('message', async (options) => {
    try {
      const result = await generate(options);
      process.send({ result }, () => process.disconnect());
    } catch (error) {
      process.send({ error: String(error?.stack ?? error) }, () => process.disconnect());
    }
  });
}
