/**
 * Live updates (docs/activity.md): one server process (SQLite, the demo data plus BENCH_LEADS
 * leads) with BENCH_STREAMS (default 500) live-update streams open, from a child process of their
 * own so this one's timing is not theirs.
 *
 * - fan-out: a lead's status is changed BENCH_ROUNDS times; each round's time runs from the change's
 *   answer to the moment the last of the streams has the event (target: all within 1 s);
 * - the leads list (10 rows, All Contacts) at 200 req/s with the streams open and without them
 *   (target: the list's p99 still holds);
 * - the server's CPU per status change (write, its event, its fan-out), for the record.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLoad } from './lib/openLoad.mjs';
import { api, cpuMs, seedLeads, signIn, startServer } from './lib/serverProcess.mjs';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const LEADS = Number(process.env.BENCH_LEADS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

/** The stream holder: opens `count` streams, tells when all are open, and reports each event's arrival times. */
async function holdStreams() {
  const { url, token, count } = JSON.parse(process.argv[2]);
  const arrivals = new Map();
  let open = 0;
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${url}/api/v1/activity/stream`, { headers: { authorization: `Bearer ${token}` } });
    open++;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        for (const match of buffer.matchAll(/^id: (\d+)$/gm)) {
          const id = Number(match[1]);
          const list = arrivals.get(id) ?? [];
          list.push(performance.timeOrigin + performance.now());
          arrivals.set(id, list);
        }
        buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
      }
    })();
  }
  process.send({ open });
  process.on('message', (message) => {
    if (message.type === 'arrivals') process.send({ id: message.id, times: arrivals.get(message.id) ?? [] });
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export default async function run() {
  const dir = mkdtempSync(join(tmpdir(), 'estatedesk-activity-bench-'));
  const rows = [];
  const row = (metric, value, unit, target) => rows.push({ benchmark: 'activity', metric, value, unit, target });
  seedLeads(dir, LEADS);
  const server = await startServer(dir);
  let holder;
  try {
    const { token, workflows } = await signIn(server.url);
    const list = { method: 'GET', path: `/api/v1/leads/list/workflow/${workflows.get('All Contacts')}?pageSize=10&pageNumber=1`, headers: { authorization: `Bearer ${token}` } };
    const quiet = await openLoad({ url: server.url, requests: [list], rate: 200, seconds: SECONDS });
    row('leads list p99 at 200 req/s, no streams', quiet.p99, 'ms');

    holder = fork(new URL(import.meta.url).pathname, [JSON.stringify({ url: server.url, token, count: STREAMS })], { stdio: 'inherit' });
    const opened = await new Promise((resolve) => holder.once('message', resolve));
    row('streams open', opened.open, '', `${STREAMS}`);

    const page = await api(server.url, `/leads/list/workflow/${workflows.get('All Contacts')}?pageSize=${ROUNDS}&pageNumber=1`, { token });
    const spreads = [];
    const cpuBefore = cpuMs(server.pid);
    for (let round = 0; round < ROUNDS; round++) {
      const lead = page.data.data[round];
      // Always another status than the lead's: a change to the same one writes no event.
      const status = lead.workflow === 'Lost' ? workflows.get('Won') : workflows.get('Lost');
      await api(server.url, `/leads/workflow/${lead.id}`, { method: 'POST', token, body: JSON.stringify({ workflowId: status }) });
      const answered = performance.timeOrigin + performance.now();
      // The event's id: the newest of the lead's in the audit log.
      const log = await api(server.url, `/activity?record_type=lead&record_id=${lead.id}&pageSize=1`, { token });
      const id = log.data.data[0].id;
      let times = [];
      const until = Date.now() + 5_000;
      while (times.length < STREAMS && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        holder.send({ type: 'arrivals', id });
        times = (await new Promise((resolve) => holder.once('message', resolve))).times;
      }
      spreads.push(times.length < STREAMS ? Number.POSITIVE_INFINITY : Math.max(...times) - answered);
    }
    const cpuPerChange = (cpuMs(server.pid) - cpuBefore) / ROUNDS;
    const sorted = [...spreads].sort((a, b) => a - b);
    row(`fan-out to ${STREAMS} streams, last arrival after the answer: p50`, Math.round(percentile(sorted, 50)), 'ms');
    row(`fan-out to ${STREAMS} streams, last arrival after the answer: worst of ${ROUNDS}`, Math.round(sorted.at(-1)), 'ms', '≤ 1000');
    row('server CPU per status change with the streams open (incl. its audit read)', Math.round(cpuPerChange * 10) / 10, 'ms');

    const busy = await openLoad({ url: server.url, requests: [list], rate: 200, seconds: SECONDS });
    row(`leads list p99 at 200 req/s, ${STREAMS} streams open`, busy.p99, 'ms', '≤ the same without');
  } finally {
    holder?.kill();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

if (process.argv[1] === new URL(import.meta.url).pathname && process.argv[2]) {
  await holdStreams();
} else if (process.argv[1] === new URL(import.meta.url).pathname) {
  console.table(await run());
}
