/**
 * Faults, measured: the built server (child process, SQLite in a temp DATA_DIR seeded by the seed
 * CLI with a 100,000-lead Skyline company) under three trials. Each trial runs on its own copy of
 * the seeded DATA_DIR. Named runs only: `npm run bench -- reliability` (bench/run.mjs).
 *
 * 1. Mixed run (RELIABILITY_SECONDS, default 300): at once and open-loop (lib/trafficLoad.mjs: each
 *    kind at a steady rate whatever the answers, latency from the due time), list pages (pageSize
 *    10, several tabs and pages), searches as the widget sends them (All Contacts, pageSize 1000,
 *    search), the four inline edits (PUT /leads/source|activity|property/{id}, POST
 *    /leads/workflow/{id}), adds (POST /leads/store, unique e-mails and phones), deletes (each lead
 *    once; edits and deletes touch disjoint leads, so a 404 or 409 there is a bug, not a race), and
 *    one 100,000-row CSV import (header from GET /leads/import/sample, unique e-mails) sent at 20%
 *    of the run. Failed = any non-2xx, network error, timeout or cut body. Afterwards the server is
 *    stopped with SIGTERM (exit 0 expected) and the file checked (lib/sqliteIntegrity.mjs): the
 *    company's leads must equal before + imported + added − deleted.
 * 2. SIGKILL during an import: a reference import on a scratch copy gives the bytes its write
 *    transaction puts in the WAL (W); then imports are killed 1.5 s after sending and once the WAL
 *    has grown by 50% and by 90% of W (each must still be unanswered at the kill, and one kill at
 *    least must come after 1 MB of WAL: the import was writing), the server restarted on the same
 *    DATA_DIR, its total compared, then stopped and the file checked (integrity_check,
 *    foreign_key_check, the FTS5 integrity-check of leads_search, lead_counts, no imported row).
 *    Finally the same file is imported whole on that database: every row must go in.
 * 3. SIGTERM under load: list pages (100/s) and searches (5/s) flowing and a 100,000-row import
 *    sent; 1.5 s after the import went out, SIGTERM. Every request in flight at the signal must end
 *    with a whole 2xx or 503 answer; requests sent after it may also be refused (nothing listens any
 *    more), never reset or cut; the import must answer 200 with every row; the process must exit 0
 *    within its grace (SHUTDOWN_GRACE_MS, read from server/src/server.ts); the file is checked after.
 *    A reset on a reused idle keep-alive socket before any answer (the server closed it as the
 *    request went out, unread) is sent again once on a new connection, as browsers do; such races
 *    have their own row, and the retry's outcome is judged as above (lib/trafficLoad.mjs).
 *
 * BENCH_DB=postgres runs the trials on PostgreSQL (rows marked `reliability (PostgreSQL)`): the
 * seeded database (`estatedesk_reliability_bench` beside BENCH_PG_URL's server) is copied as a
 * template for each trial, checked with lib/postgresBench.mjs `checkPostgres` instead of the file
 * checks, and the SIGKILL points are 1.5 s, then half and 90% of the rows committed (the import
 * commits in batches) instead of WAL bytes; after each kill the bench waits for the
 * killed import's lease to lapse (server/src/plugins/cost-limits.ts, one import at a time per
 * person, counted in the database there). On both engines no import may be left
 * unfinished (`lead_imports` empty) after a stop.
 *
 * A failed criterion marks its row `failed` (bench/run.mjs exits non-zero). Knobs:
 * RELIABILITY_SECONDS, RELIABILITY_LEADS, RELIABILITY_IMPORT_ROWS; for a closer look:
 * RELIABILITY_TRIALS (mixed,kill,term), RELIABILITY_SEEDED_DIR (start from a DATA_DIR seeded
 * before), RELIABILITY_DUMP_DIR (request records and server output), RELIABILITY_LOG_LEVEL,
 * RELIABILITY_SERVER_DIST (another build of the server), RELIABILITY_KEEP_DIR=1.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { importCsv, postImport, sampleHeader } from './lib/importCsv.mjs';
import { dropDatabase, recreateDatabase, settle } from './lib/postgresBench.mjs';
import { reliabilityStores } from './lib/reliabilityStores.mjs';
import { api, epochNow, root, seedLeads, signIn, startServer } from './lib/serverProcess.mjs';
import { summarize, trafficLoad } from './lib/trafficLoad.mjs';

const SECONDS = Number(process.env.RELIABILITY_SECONDS ?? 300);
const LEADS = Number(process.env.RELIABILITY_LEADS ?? 100_000);
const IMPORT_ROWS = Number(process.env.RELIABILITY_IMPORT_ROWS ?? 100_000);
const KEEP = process.env.RELIABILITY_KEEP_DIR === '1';
/** Which trials: any of mixed, kill, term (default all). */
const TRIALS = (process.env.RELIABILITY_TRIALS || 'mixed,kill,term').split(',').map((t) => t.trim());
/** A directory to write each trial's request records and server output into (for a closer look). */
const DUMP_DIR = process.env.RELIABILITY_DUMP_DIR || '';
const LOG_LEVEL = process.env.RELIABILITY_LOG_LEVEL || 'warn';
/** A DATA_DIR already seeded with RELIABILITY_LEADS leads to start from (only copied, never changed). */
const SEEDED_DIR = process.env.RELIABILITY_SEEDED_DIR || '';
/** Another build of the server to run, server.js and seed-cli.js (default server/dist). */
const SERVER_DIST = process.env.RELIABILITY_SERVER_DIST || undefined;
/** The server's shutdown grace, read from server/src/server.ts so the target follows it. */
const SHUTDOWN_GRACE_MS = (() => {
  const source = readFileSync(join(root, 'server/src/server.ts'), 'utf8');
  const match = /const SHUTDOWN_GRACE_MS = ([\d_]+);/.exec(source);
  if (!match) throw new Error('SHUTDOWN_GRACE_MS not found in server/src/server.ts');
  return Number(match[1].replace(/_/g, ''));
})();
/**
 * PostgreSQL: how long a killed process's import lease keeps its person from importing again
 * (server/src/plugins/cost-limits.ts LEASE_MS: leases live in the database there, not in memory).
 */
const IMPORT_LEASE_MS = (() => {
  const match = /export const LEASE_MS = ([\d_]+);/.exec(readFileSync(join(root, 'server/src/plugins/cost-limits.ts'), 'utf8'));
  return match ? Number(match[1].replace(/_/g, '')) : 60_000;
})();
const SEARCHES = ['sharma', 'zoya', 'ananya.rao', 'kulkarni', 'priya.n', '98450', '+91 7', 'mysuru', 'pune', 'walk-in', 'iyer1', 'deshmukh'];
const SOURCES = ['Website', 'Ads campaign', 'Walk-in', 'Referral', 'Other'];
/** Calls per second of each kind in the mixed run. */
/** One session searches 5 times a second here, past the default per-minute cost limit (cost.bench.mjs measures the limits). */
const NO_SEARCH_LIMIT = { LIMIT_SEARCHES_PER_MINUTE: '1000000' };
const RATES = { list: 100, search: 5, 'edit source': 5, 'edit activity': 5, 'edit property': 5, 'edit status': 5, add: 5, delete: 5 };

const ENGINE = (process.env.BENCH_DB || 'sqlite').toLowerCase();
if (ENGINE !== 'sqlite' && ENGINE !== 'postgres') throw new Error(`BENCH_DB must be sqlite or postgres, got "${process.env.BENCH_DB}"`);
const POSTGRES = ENGINE === 'postgres';
const BENCH = POSTGRES ? 'reliability (PostgreSQL)' : 'reliability';
const round = (n, digits = 1) => (Number.isFinite(n) ? Math.round(n * 10 ** digits) / 10 ** digits : n);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (text) => process.stderr.write(`  reliability: ${text}\n`);
const { removeDir, walBytes, mb, pgTarget, copyStore, removeStore, checkStore, newestLeadId, leadsAfter, seedPostgres } = reliabilityStores({ postgres: POSTGRES, keep: KEEP, env: NO_SEARCH_LIMIT });

/** Writes a trial's records and the server's output into DUMP_DIR, when set. */
function dump(name, records, output) {
  if (!DUMP_DIR) return;
  mkdirSync(DUMP_DIR, { recursive: true });
  writeFileSync(join(DUMP_DIR, `${name}.records.json`), JSON.stringify(records));
  writeFileSync(join(DUMP_DIR, `${name}.server.log`), output);
}

/** Error lines the server logged (pino level 50+), for the report. */
const serverErrors = (output) => output.split('\n').filter((line) => /"level":(50|60)/.test(line));

/** The company's total as the All Contacts tab reports it. */
async function companyTotal(url, session) {
  const page = await api(url, `/leads/list/workflow/${session.workflows.get('All Contacts')}?pageSize=1&pageNumber=1`, { token: session.token });
  return page.data.total;
}

/** Ids of the company's newest `count` leads (All Contacts, pages of 1,000). */
async function leadIds(url, session, count) {
  const ids = [];
  for (let page = 1; ids.length < count; page++) {
    const body = await api(url, `/leads/list/workflow/${session.workflows.get('All Contacts')}?pageSize=1000&pageNumber=${page}`, { token: session.token });
    if (body.data.data.length === 0) break;
    ids.push(...body.data.data.map((lead) => lead.id));
  }
  if (ids.length < count) throw new Error(`only ${ids.length} leads to work on, ${count} needed`);
  return ids.slice(0, count);
}

/** Stops the server with SIGTERM; returns { code, signal, ms } (SIGKILL after 30 s as a last resort). */
async function stopServer(server) {
  const sentAt = server.signal('SIGTERM');
  const exit = await Promise.race([server.exited, sleep(30_000).then(() => null)]);
  if (!exit) {
    server.signal('SIGKILL');
    const killed = await server.exited;
    return { ...killed, ms: killed.at - sentAt, hung: true };
  }
  return { ...exit, ms: exit.at - sentAt };
}

// ---------------------------------------------------------------------------------------------
// 1. Mixed run
// ---------------------------------------------------------------------------------------------

async function mixedRun(pristine, row) {
  const store = await copyStore(pristine, 'mixed');
  let server;
  let load;
  try {
    server = await startServer(store.dataDir, { logLevel: LOG_LEVEL, dist: SERVER_DIST, env: store.env });
    const session = await signIn(server.url, undefined);
    const headers = { authorization: `Bearer ${session.token}` };
    const wf = session.workflows;
    const statuses = [...wf].filter(([name]) => name !== 'All Contacts').map(([, id]) => id);
    const before = await companyTotal(server.url, session);
    const header = await sampleHeader(server.url, session.token);
    const csv = importCsv(header, IMPORT_ROWS, { tag: 'mixed', phoneLead: '6', workflow: 'Open' });

    // Deletes take each lead once, from the first part of the newest leads; edits the rest.
    const deletes = Math.ceil(RATES.delete * SECONDS) + 50;
    const ids = await leadIds(server.url, session, deletes + 5000);
    const deleteIds = ids.slice(0, deletes);
    const editIds = ids.slice(deletes);
    const pick = (i) => editIds[(i * 7919) % editIds.length];
    const json = (method, path, body) => ({ method, path: `/api/v1${path}`, headers, body: JSON.stringify(body) });
    const times = (n, make) => Array.from({ length: n }, (_, i) => make(i));
    const need = (kind) => Math.ceil(RATES[kind] * SECONDS) + 50;
    const all = wf.get('All Contacts');
    const listPaths = [
      `/leads/list/workflow/${all}?pageSize=10&pageNumber=1`,
      `/leads/list/workflow/${wf.get('Open')}?pageSize=10&pageNumber=1`,
      `/leads/list/workflow/${wf.get('Won')}?pageSize=10&pageNumber=3`,
      `/leads/list/workflow/${wf.get('Lost')}?pageSize=10&pageNumber=2`,
      `/leads/list/workflow/${all}?pageSize=10&pageNumber=50`,
    ];
    const kinds = [
      { name: 'list', requests: listPaths.map((path) => ({ method: 'GET', path: `/api/v1${path}`, headers })) },
      {
        name: 'search',
        requests: SEARCHES.map((term) => ({ method: 'GET', path: `/api/v1/leads/list/workflow/${all}?pageSize=1000&pageNumber=1&search=${encodeURIComponent(term)}`, headers })),
      },
      { name: 'edit source', requests: times(997, (i) => json('PUT', `/leads/source/${pick(i)}`, { lead_source: SOURCES[i % SOURCES.length] })) },
      { name: 'edit activity', requests: times(997, (i) => json('PUT', `/leads/activity/${pick(i + 1)}`, { activities: (i % 4) + 1 })) },
      { name: 'edit property', requests: times(997, (i) => json('PUT', `/leads/property/${pick(i + 2)}`, { property_type: (i % 9) + 1 })) },
      { name: 'edit status', requests: times(997, (i) => json('POST', `/leads/workflow/${pick(i + 3)}`, { workflowId: statuses[i % statuses.length] })) },
      {
        name: 'add',
        requests: times(need('add'), (i) =>
          json('POST', '/leads/store', {
            first_name: `Rel${i}`,
            last_name: 'Added',
            name: `Rel${i} Added`,
            email: `reliability.add.${i}@store.example`,
            phone: `5${String(i).padStart(9, '0')}`,
            city: 'Pune',
            lead_source: SOURCES[i % SOURCES.length],
            property_type: (i % 9) + 1,
            workflow_id: statuses[i % statuses.length],
            activities: (i % 4) + 1,
          }),
        ),
      },
      { name: 'delete', requests: deleteIds.map((id) => ({ method: 'DELETE', path: `/api/v1/leads/${id}`, headers })) },
    ].map((kind) => ({ ...kind, rate: RATES[kind.name] }));
    if (kinds.find((k) => k.name === 'delete').requests.length < need('delete') - 50) throw new Error('not enough leads to delete');

    log(`mixed run: ${SECONDS} s on ${before} leads, import of ${IMPORT_ROWS} rows at ${round(SECONDS * 0.2, 0)} s`);
    const loadAverage = [loadavg()[0]];
    const sampler = setInterval(() => loadAverage.push(loadavg()[0]), 10_000);
    load = trafficLoad({ url: server.url, kinds, seconds: SECONDS });
    const t0 = await load.started;
    await sleep(Math.max(0, t0 + SECONDS * 200 - epochNow()));
    const importStart = epochNow();
    const imported = await postImport(server.url, session.token, csv).catch((error) => ({ status: 0, error: error.cause?.code ?? error.message, ms: epochNow() - importStart }));
    const importEnd = epochNow();
    log(`mixed run: import answered ${imported.status} after ${round(imported.ms / 1000, 2)} s`);
    const records = await load.done;
    clearInterval(sampler);
    load = null;
    const peak = server.memory().peakMb;

    const summary = summarize(records);
    const after = await companyTotal(server.url, session);
    const stopped = await stopServer(server);
    const errors = serverErrors(server.output());
    dump('mixed', records, server.output());
    const check = await checkStore(store, { companyId: session.companyId, emailLike: 'reliability.mixed.%' });

    const byKind = Object.fromEntries(summary.map((k) => [k.kind, k]));
    let failedTotal = 0;
    for (const kind of kinds) {
      const k = byKind[kind.name] ?? { count: 0, failed: 0, failures: {}, p50: NaN, p99: NaN, max: NaN };
      failedTotal += k.failed;
      const why = Object.entries(k.failures).map(([reason, n]) => `${n}× ${reason}`).join(', ');
      row(
        `mixed ${SECONDS} s: ${kind.name} (${kind.rate}/s) count / failed / p50 / p99 / max ms`,
        `${k.count} / ${k.failed}${why ? ` (${why})` : ''}${k.retried ? ` [${k.retried} retried after a keep-alive close race]` : ''} / ${round(k.p50)} / ${round(k.p99)} / ${round(k.max, 0)}`,
        '',
        'failed 0',
        k.failed > 0 || k.count === 0,
      );
    }
    // Requests that were open while the import ran waited for its write transaction.
    const during = records.filter((r) => r.due < importEnd && r.end > importStart);
    const outside = summarize(records.filter((r) => !(r.due < importEnd && r.end > importStart)));
    const outsideList = outside.find((k) => k.kind === 'list');
    row(`mixed: import of ${IMPORT_ROWS.toLocaleString('en-IN')} rows under the load: status / imported / time`, `${imported.status} / ${imported.body?.data?.data?.imported ?? imported.error ?? '?'} / ${round(imported.ms / 1000, 2)} s`, '', `200 / ${IMPORT_ROWS}`, imported.status !== 200 || imported.body?.data?.data?.imported !== IMPORT_ROWS);
    row('mixed: requests open while the import ran (count / longest ms)', `${during.length} / ${round(Math.max(0, ...during.map((r) => r.end - r.due)), 0)}`, '');
    // What others see while an import writes: list pages, and every single-lead write (the import
    // commits in batches so they go in between).
    const EDITS = new Set(['edit source', 'edit activity', 'edit property', 'edit status', 'add', 'delete']);
    const duringList = summarize(during.filter((r) => r.kind === 'list'))[0];
    const duringEdits = summarize(during.filter((r) => EDITS.has(r.kind)).map((r) => ({ ...r, kind: 'edits' })))[0];
    if (duringList) row(`mixed: list pages during the import: count / p50 / p99 ms`, `${duringList.count} / ${round(duringList.p50)} / ${round(duringList.p99)}`, '', 'p99 ≤ 50');
    if (duringEdits) row(`mixed: edits, adds and deletes during the import: count / p50 / p99 ms`, `${duringEdits.count} / ${round(duringEdits.p50)} / ${round(duringEdits.p99)}`, '', 'p99 ≤ 200');
    if (outsideList) row('mixed: list p50 / p99 of requests not overlapping the import', `${round(outsideList.p50)} / ${round(outsideList.p99)}`, 'ms');
    const added = byKind.add?.ok ?? 0;
    const deleted = byKind.delete?.ok ?? 0;
    const expected = before + (imported.body?.data?.data?.imported ?? 0) + added - deleted;
    row('mixed: company leads before → after (API total; file count)', `${before} → ${after}; ${check.companyLeads}`, 'leads', `${expected} (before + imported + added − deleted)`, after !== expected || check.companyLeads !== expected);
    row('mixed: database after the run (integrity_check, foreign keys, FTS, lead_counts)', check.ok ? 'ok' : check.problems.join('; '), '', 'ok', !check.ok);
    row('mixed: server exit after SIGTERM (code, time)', `${stopped.code ?? stopped.signal}, ${round(stopped.ms, 0)} ms`, '', `0 within ${SHUTDOWN_GRACE_MS} ms`, stopped.code !== 0 || stopped.ms > SHUTDOWN_GRACE_MS);
    row('mixed: server error log lines', errors.length ? `${errors.length}: ${errors[0].slice(0, 300)}` : 0, '', '0', errors.length > 0);
    row('mixed: failed requests, all kinds', failedTotal, 'count', '0', failedTotal > 0);
    row('mixed: server peak memory (VmHWM)', Math.round(peak), 'MB');
    row('mixed: load average (1 min) during the run: min / max', `${round(Math.min(...loadAverage), 2)} / ${round(Math.max(...loadAverage), 2)}`, '');
  } finally {
    load?.stop();
    await load?.done.catch(() => {});
    if (server && server.child.exitCode === null && server.child.signalCode === null) await stopServer(server);
    await removeStore(store);
  }
}

// ---------------------------------------------------------------------------------------------
// 2. SIGKILL during an import
// ---------------------------------------------------------------------------------------------

/** Stops a restarted server and checks the file; returns { stopped, check }. */
async function stopAndCheck(server, store, companyId, tag) {
  const stopped = await stopServer(server);
  const check = await checkStore(store, { companyId, emailLike: `reliability.${tag}.%` });
  return { stopped, check };
}

async function killDuringImport(pristine, row) {
  // Reference: the import's time (SQLite: and the WAL bytes it writes) with nothing else running.
  const scratch = await copyStore(pristine, 'ref');
  let referenceWal;
  try {
    const server = await startServer(scratch.dataDir, { logLevel: LOG_LEVEL, dist: SERVER_DIST, env: scratch.env });
    try {
      const session = await signIn(server.url);
      const csv = importCsv(await sampleHeader(server.url, session.token), IMPORT_ROWS, { tag: 'kill', phoneLead: '6', workflow: 'Open' });
      const wal0 = walBytes(scratch.dataDir);
      const ref = await postImport(server.url, session.token, csv);
      if (ref.status !== 200 || ref.body?.data?.data?.imported !== IMPORT_ROWS) throw new Error(`reference import: ${ref.status} ${JSON.stringify(ref.body).slice(0, 300)}`);
      referenceWal = walBytes(scratch.dataDir) - wal0;
      row(`SIGKILL: reference import (${IMPORT_ROWS.toLocaleString('en-IN')} rows, nothing else running): time${POSTGRES ? '' : ' / WAL written'}`, `${round(ref.ms / 1000, 2)} s${POSTGRES ? '' : ` / ${mb(referenceWal)} MB`}`, '');
    } finally {
      await stopServer(server);
    }
  } finally {
    await removeStore(scratch);
  }

  const store = await copyStore(pristine, 'kill');
  const start = () => startServer(store.dataDir, { logLevel: LOG_LEVEL, dist: SERVER_DIST, env: store.env });
  let server;
  try {
    server = await start();
    let session = await signIn(server.url);
    const companyId = session.companyId;
    const before = await companyTotal(server.url, session);
    const csv = importCsv(await sampleHeader(server.url, session.token), IMPORT_ROWS, { tag: 'kill', phoneLead: '6', workflow: 'Open' });
    // A time, and then progress: SQLite, the share of the reference's WAL bytes written (its speed
    // varies with the machine's load; its bytes do not); PostgreSQL, shares of the reference's time.
    const points = POSTGRES
      ? [
          { label: '1.5 s after sending', ms: 1500 },
          { label: 'half the rows committed', committed: IMPORT_ROWS * 0.5 },
          { label: '90% of the rows committed', committed: IMPORT_ROWS * 0.9 },
        ]
      : [
          { label: '1.5 s after sending', ms: 1500 },
          { label: "half the reference's WAL written", wal: referenceWal * 0.5 },
          { label: "90% of the reference's WAL written", wal: referenceWal * 0.9 },
        ];
    let largestWrite = 0;
    let mostCommitted = 0;
    for (const point of points) {
      const wal0 = walBytes(store.dataDir);
      // PostgreSQL: the import's leads are the ones with larger ids than any lead now.
      const idsFrom = POSTGRES ? await newestLeadId(store) : 0;
      const sentAt = epochNow();
      let answered = null;
      const pending = postImport(server.url, session.token, csv).then(
        (result) => (answered = result),
        (error) => (answered = { status: 0, error: error.cause?.code ?? error.message }),
      );
      const giveUp = sentAt + 120_000;
      while (!answered && epochNow() < giveUp) {
        if (point.ms != null) {
          if (epochNow() - sentAt >= point.ms) break;
        } else if (point.committed != null) {
          if ((await leadsAfter(store, idsFrom)) >= point.committed) break;
        } else if (walBytes(store.dataDir) - wal0 >= point.wal) break;
        await sleep(5);
      }
      // The import commits batch by batch: what it had committed is what the restart must take back.
      const committed = POSTGRES ? await leadsAfter(store, idsFrom) : null;
      const answeredBefore = answered && answered.status !== 0;
      const walGrowth = walBytes(store.dataDir) - wal0;
      const killedAt = server.signal('SIGKILL');
      largestWrite = Math.max(largestWrite, walGrowth);
      mostCommitted = Math.max(mostCommitted, committed ?? 0);
      const exit = await server.exited;
      await pending;
      const written = POSTGRES ? `${committed} leads committed` : `WAL +${mb(walGrowth)} MB`;
      log(`SIGKILL at ${round((killedAt - sentAt) / 1000, 2)} s (${point.label}): ${written}, import ${answeredBefore ? `answered ${answered.status} first` : `cut (${answered?.error})`}`);

      const restartAt = epochNow();
      server = await start();
      const restartMs = epochNow() - restartAt;
      session = await signIn(server.url);
      const total = await companyTotal(server.url, session);
      const { stopped, check } = await stopAndCheck(server, store, companyId, 'kill');
      const whole = check.ok && total === before && check.companyLeads === before && check.matching === 0;
      row(
        `SIGKILL at ${round((killedAt - sentAt) / 1000, 2)} s into the import (${point.label}; ${written}): leads before → after restart (API; database); imported rows left`,
        `${before} → ${total}; ${check.companyLeads}; ${check.matching}`,
        '',
        `${before}; 0 left`,
        answeredBefore || exit.signal !== 'SIGKILL' || total !== before || check.companyLeads !== before || check.matching !== 0,
      );
      if (answeredBefore) row(`SIGKILL (${point.label}): the import answered before the kill`, `${answered.status}`, '', 'cut by the kill', true);
      row(
        POSTGRES
          ? `SIGKILL (${point.label}): database after restart (lead_counts, no unfinished import)`
          : `SIGKILL (${point.label}): database after restart (integrity_check, foreign_key_check, leads_search integrity-check, lead_counts, no unfinished import)`,
        check.ok ? 'ok' : check.problems.join('; '),
        '',
        'ok',
        !check.ok,
      );
      row(`SIGKILL (${point.label}): restart to healthy / later SIGTERM exit`, `${round(restartMs, 0)} ms / ${stopped.code ?? stopped.signal}`, '', 'exit 0', stopped.code !== 0);
      if (!whole) log(`SIGKILL (${point.label}): ${check.problems.join('; ')}`);
      if (POSTGRES) {
        // The killed import's lease (one import at a time per person) lapses only after a while.
        log(`waiting ${round(IMPORT_LEASE_MS / 1000, 0)} s for the killed import's lease to lapse`);
        await sleep(IMPORT_LEASE_MS + 1000);
      }
      server = await start();
      session = await signIn(server.url);
    }

    // At least one kill must have landed while the import was writing its rows.
    if (POSTGRES && mostCommitted === 0) row('SIGKILL: no kill landed while the import was writing (no lead of it committed at any kill)', 0, 'leads', '≥ 1', true);
    if (!POSTGRES && largestWrite < 1024 * 1024) row('SIGKILL: no kill landed while the import was writing (WAL growth under 1 MB at every kill)', mb(largestWrite), 'MB', '≥ 1', true);

    // The killed imports left nothing: the same file goes in whole.
    const full = await postImport(server.url, session.token, csv);
    const total = await companyTotal(server.url, session);
    const { stopped, check } = await stopAndCheck(server, store, companyId, 'kill');
    server = null;
    row(
      'SIGKILL: the same file imported after the kills: status / imported / leads after (API; database)',
      `${full.status} / ${full.body?.data?.data?.imported} / ${total}; ${check.companyLeads}`,
      '',
      `200 / ${IMPORT_ROWS} / ${before + IMPORT_ROWS}`,
      full.status !== 200 || full.body?.data?.data?.imported !== IMPORT_ROWS || total !== before + IMPORT_ROWS || check.companyLeads !== before + IMPORT_ROWS,
    );
    row('SIGKILL: database after that import', check.ok ? 'ok' : check.problems.join('; '), '', 'ok', !check.ok || stopped.code !== 0);
  } finally {
    if (server && server.child.exitCode === null && server.child.signalCode === null) await stopServer(server);
    await removeStore(store);
  }
}

// ---------------------------------------------------------------------------------------------
// 3. SIGTERM under load
// ---------------------------------------------------------------------------------------------

async function termUnderLoad(pristine, row) {
  const store = await copyStore(pristine, 'term');
  let server;
  let load;
  try {
    server = await startServer(store.dataDir, { logLevel: LOG_LEVEL, dist: SERVER_DIST, env: store.env });
    const session = await signIn(server.url);
    const before = await companyTotal(server.url, session);
    const csv = importCsv(await sampleHeader(server.url, session.token), IMPORT_ROWS, { tag: 'term', phoneLead: '6', workflow: 'Open' });
    const headers = { authorization: `Bearer ${session.token}` };
    const wf = session.workflows;
    const all = wf.get('All Contacts');
    const kinds = [
      {
        name: 'list',
        rate: 100,
        requests: [`${all}?pageSize=10&pageNumber=1`, `${wf.get('Open')}?pageSize=10&pageNumber=1`, `${all}?pageSize=10&pageNumber=50`].map((q) => ({ method: 'GET', path: `/api/v1/leads/list/workflow/${q}`, headers })),
      },
      {
        name: 'search',
        rate: 5,
        requests: SEARCHES.map((term) => ({ method: 'GET', path: `/api/v1/leads/list/workflow/${all}?pageSize=1000&pageNumber=1&search=${encodeURIComponent(term)}`, headers })),
      },
    ];
    load = trafficLoad({ url: server.url, kinds });
    await load.started;
    await sleep(3000);
    const importSent = epochNow();
    let importResult = null;
    const importing = postImport(server.url, session.token, csv).then(
      (result) => (importResult = { ...result, at: epochNow() }),
      (error) => (importResult = { status: 0, error: error.cause?.code ?? error.message, at: epochNow() }),
    );
    await sleep(1500);
    const importAnsweredFirst = importResult !== null;
    const termAt = server.signal('SIGTERM');
    const exit = await Promise.race([server.exited, sleep(SHUTDOWN_GRACE_MS + 30_000).then(() => null)]);
    const exitMs = exit ? exit.at - termAt : Infinity;
    if (!exit) server.signal('SIGKILL');
    await server.exited;
    await importing;
    await sleep(1000); // requests sent after the exit: refused
    load.stop();
    const records = await load.done;
    load = null;
    const errors = serverErrors(server.output());
    dump('term', { termAt, importSent, importResult: importResult && { ...importResult, body: undefined }, exit, records }, server.output());

    const inFlight = records.filter((r) => r.sent < termAt && r.end >= termAt);
    const afterTerm = records.filter((r) => r.sent >= termAt);
    const wholeAnswer = (r) => r.complete && ((r.status >= 200 && r.status < 300) || r.status === 503);
    const badInFlight = inFlight.filter((r) => !wholeAnswer(r));
    const refused = afterTerm.filter((r) => r.error === 'ECONNREFUSED');
    const badAfter = afterTerm.filter((r) => !wholeAnswer(r) && r.error !== 'ECONNREFUSED');
    const badBefore = records.filter((r) => r.end < termAt && !(r.complete && r.status >= 200 && r.status < 300));
    const describe = (list) => {
      const reasons = {};
      for (const r of list) {
        const why = `${r.error ?? `HTTP ${r.status}${r.complete ? '' : ' cut'}`}${r.reused ? ' (reused socket)' : ''}`;
        reasons[why] = (reasons[why] ?? 0) + 1;
      }
      return Object.entries(reasons).map(([why, n]) => `${n}× ${why}`).join(', ');
    };
    const count = (list, pred) => list.filter(pred).length;
    row('SIGTERM: import running at the signal', importAnsweredFirst ? `no: it answered ${importResult.status} first` : `yes (sent ${round((termAt - importSent) / 1000, 2)} s before)`, '', 'yes', importAnsweredFirst);
    row(
      'SIGTERM: requests in flight at the signal: count / 2xx / 503 / other',
      `${inFlight.length} / ${count(inFlight, (r) => r.complete && r.status >= 200 && r.status < 300)} / ${count(inFlight, (r) => r.complete && r.status === 503)} / ${badInFlight.length}${badInFlight.length ? ` (${describe(badInFlight)})` : ''}`,
      '',
      'other 0',
      badInFlight.length > 0 || inFlight.length === 0,
    );
    row(
      'SIGTERM: requests sent after the signal: count / 2xx / 503 / refused (nothing listening) / other',
      `${afterTerm.length} / ${count(afterTerm, (r) => r.complete && r.status >= 200 && r.status < 300)} / ${count(afterTerm, (r) => r.complete && r.status === 503)} / ${refused.length} / ${badAfter.length}${badAfter.length ? ` (${describe(badAfter)})` : ''}`,
      '',
      'other 0',
      badAfter.length > 0,
    );
    const retried = records.filter((r) => r.retried);
    row(
      'SIGTERM: keep-alive close races: reset on a reused idle socket before any answer (never read by the server), tried once more as browsers do; judged above by the retry',
      retried.length ? `${retried.length} (retries: ${describe(retried)})` : 0,
      'count',
    );
    row('SIGTERM: failed requests before the signal', badBefore.length ? `${badBefore.length} (${describe(badBefore)})` : 0, '', '0', badBefore.length > 0);
    const importOk = importResult?.status === 200 && importResult.body?.data?.data?.imported === IMPORT_ROWS;
    row(
      'SIGTERM: the import in flight: status / imported / answered after the signal',
      `${importResult?.status}${importResult?.error ? ` (${importResult.error})` : ''} / ${importResult?.body?.data?.data?.imported ?? '-'} / ${importResult ? `${round((importResult.at - termAt) / 1000, 2)} s` : '-'}`,
      '',
      `200 / ${IMPORT_ROWS}`,
      !importOk,
    );
    row('SIGTERM: process exit: code / time after the signal', `${exit ? exit.code ?? exit.signal : 'none (killed)'} / ${round(exitMs, 0)} ms`, '', `0 within ${SHUTDOWN_GRACE_MS} ms`, !exit || exit.code !== 0 || exitMs > SHUTDOWN_GRACE_MS);
    row('SIGTERM: server error log lines', errors.length ? `${errors.length}: ${errors[0].slice(0, 300)}` : 0, '', '0', errors.length > 0);
    const check = await checkStore(store, { companyId: session.companyId, emailLike: 'reliability.term.%' });
    const expected = before + (importOk ? IMPORT_ROWS : 0);
    row('SIGTERM: database after the exit: checks / company leads', `${check.ok ? 'ok' : check.problems.join('; ')} / ${check.companyLeads}`, '', `ok / ${expected}`, !check.ok || check.companyLeads !== expected);
  } finally {
    load?.stop();
    await load?.done.catch(() => {});
    if (server && server.child.exitCode === null && server.child.signalCode === null) await stopServer(server);
    await removeStore(store);
  }
}

/** Rows `{ benchmark, metric, value, unit, target?, failed? }` for bench/run.mjs; `failed` rows make it exit non-zero. */
/** Rows `{ benchmark, metric, value, unit, target?, failed? }` for bench/run.mjs; `failed` rows make it exit non-zero. */
export default async function reliabilityBenchmark() {
  const rows = [];
  const row = (metric, value, unit, target, failed = false) => rows.push({ benchmark: BENCH, metric, value, unit, ...(target ? { target: failed ? `${target} — FAILED` : target } : {}), ...(failed ? { failed: true } : {}) });
  const pristine = { dataDir: SEEDED_DIR || mkdtempSync(join(tmpdir(), 'ed-bench-rel-seed-')), target: POSTGRES ? pgTarget('') : null };
  try {
    if (!SEEDED_DIR || POSTGRES) {
      log(`seeding ${LEADS} leads…`);
      try {
        if (pristine.target) {
          await recreateDatabase(pristine.target);
          row(`seed ${LEADS.toLocaleString('en-IN')} leads (PostgreSQL)`, round(seedPostgres(pristine.dataDir, pristine.target, LEADS, SERVER_DIST), 1), 's');
          await settle(pristine.target);
        } else {
          row(`seed ${LEADS.toLocaleString('en-IN')} leads (SQLite)`, round(seedLeads(pristine.dataDir, LEADS, { dist: SERVER_DIST }), 1), 's');
        }
      } catch (error) {
        row('seed: error', String(error?.message ?? error).slice(0, 600), '', 'none', true);
        return rows;
      }
    }
    row('machine: cores / load average (1, 5, 15 min) at the start', `${(await import('node:os')).availableParallelism()} / ${loadavg().map((n) => round(n, 2)).join(', ')}`, '');
    for (const [key, name, trial] of [
      ['mixed', 'mixed run', mixedRun],
      ['kill', 'SIGKILL during an import', killDuringImport],
      ['term', 'SIGTERM under load', termUnderLoad],
    ]) {
      if (!TRIALS.includes(key)) continue;
      log(`${name}…`);
      try {
        await trial(pristine, row);
      } catch (error) {
        row(`${name}: error`, String(error?.stack ?? error).slice(0, 600), '', 'none', true);
      }
    }
  } finally {
    if (!SEEDED_DIR) removeDir(pristine.dataDir);
    if (pristine.target && !KEEP) await dropDatabase(pristine.target).catch((error) => log(`could not drop ${pristine.target.name}: ${error.message}`));
  }
  return rows;
}
