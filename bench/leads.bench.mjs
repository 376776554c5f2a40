/**
 * Leads at 100,000 (docs/performance.md, "Leads at 100,000"): a company seeded with BENCH_LEADS
 * leads (seed CLI, temp DATA_DIR, SQLite; or PostgreSQL with BENCH_DB=postgres, see below), then
 * - the list page: p50/p99 at a steady 1,000 req/s from our own open-loop generator (lib/openLoad.mjs,
 *   its own process: requests due every 1 ms whether or not earlier ones answered, latency from
 *   the due time, so a stall or a late send counts; autocannon's rate mode sent bursts), and the
 *   most req/s flat out under autocannon;
 * - search: p50/p95 of the API as the widget calls it (pageSize 1000), and of the indexed query
 *   beside a scan of the same rows (count + first 1,000), on the database itself;
 * - import of a 100,000-row CSV through the API: rows/s and the server's peak memory (VmHWM);
 * - in Chromium: navigation to the first rows, and a typed search to the updated rows.
 *
 * Needs the built app and server (`npm run bench` builds first). The server runs as a child
 * process on 127.0.0.1 (its own event loop and memory figures); the load runs (autocannon, and the
 * open-loop generator after a 2 s warm-up) are bounded by BENCH_SECONDS (default 5). Knobs:
 * BENCH_LEADS (default 100,000; 1,000,000 for the large-company figures), BENCH_IMPORT_ROWS,
 * BENCH_SKIP_BROWSER=1 (no Chromium rows).
 *
 * BENCH_DB=postgres runs the same measurements on PostgreSQL (rows marked `leads (PostgreSQL)`):
 * the database of BENCH_PG_URL (default postgres://estatedesk:estatedesk@127.0.0.1:5432/
 * estatedesk_bench; its name must contain "bench") is dropped and re-created through the
 * `postgres` database, seeded by the seed CLI with DATABASE_URL (the temp DATA_DIR then only holds
 * the JWT secret and uploads), VACUUM (ANALYZE)d, served by the server with DATABASE_URL, and
 * dropped at the end. The search on the database itself is then the server's condition (LIKE on
 * the stored `search_doc` under its pg_trgm index) beside strpos on every row of the company
 * (lib/postgresBench.mjs). The import's memory row is the server process's only: PostgreSQL's own
 * processes are not counted.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLoad } from './lib/openLoad.mjs';
import { containsPattern, searchRounds } from './lib/searchRounds.mjs';
import { benchDatabase, DEFAULT_PG_URL, dropDatabase, postgresSearch, recreateDatabase, settle } from './lib/postgresBench.mjs';

const root = new URL('..', import.meta.url).pathname;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const HOST = '127.0.0.1';
/** 'sqlite' (default) or 'postgres'. */
const ENGINE = (process.env.BENCH_DB || 'sqlite').toLowerCase();
if (ENGINE !== 'sqlite' && ENGINE !== 'postgres') throw new Error(`BENCH_DB must be sqlite or postgres, got "${process.env.BENCH_DB}"`);
const POSTGRES = ENGINE === 'postgres';
const ADMIN = { username: 'admin@skyline.test', password: 'Admin@123' };
/** What people type: names, e-mail and phone fragments, a city, a source. */
const SEARCHES = ['sharma', 'zoya', 'ananya.rao', 'kulkarni', 'priya.n', '98450', '+91 7', 'mysuru', 'pune', 'walk-in', 'iyer1', 'deshmukh'];

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
};
const round = (n, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** The built server as a child process on a free loopback port (SQLite in dataDir, or PostgreSQL at databaseUrl). */
async function startServer(dataDir, databaseUrl = '') {
  const port = await freePort();
  const url = `http://${HOST}:${port}`;
  let output = '';
  const child = spawn(process.execPath, [join(root, 'server/dist/server.js')], {
    cwd: join(root, 'server'),
    // The search rows time one person's 144 searches back to back: past the default per-minute
    // cost limit (cost.bench.mjs measures the limits).
    // glibc's settings as `npm start` sets them (server/package.json), as lib/serverProcess.mjs does:
    // the import's memory row is the server's as it runs in production.
    env: { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', ...process.env, PORT: String(port), HOST, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SMTP_URL: '', LOG_LEVEL: 'warn', PUBLIC_URL: url, LIMIT_SEARCHES_PER_MINUTE: '1000000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server not healthy: ${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid,
    /** Peak and current resident memory of the server process, in MB (Linux /proc). */
    memory() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
      return { peakMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
    },
    resetPeak() {
      // Writing 5 to clear_refs resets VmHWM (Linux 4.0+); ignored where not allowed.
      try {
        spawnSync('sh', ['-c', `echo 5 > /proc/${child.pid}/clear_refs`]);
      } catch {
        // keep the old peak
      }
    },
    stop: () =>
      new Promise((done) => {
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}

async function api(url, path, { token, ...init } = {}) {
  const res = await fetch(`${url}/api/v1${path}`, {
    ...init,
    headers: { ...(init.body && typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers },
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function load(autocannon, options) {
  // Warm-up (JIT, page cache) that does not count.
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ connections: 10, ...options, duration: SECONDS });
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, failed: result.non2xx + result.errors + result.timeouts };
}

/** The same search two ways on the database file: the trigram index and a plain LIKE scan. */
async function databaseSearch(file, companyId) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file, { readonly: true });
  const doc = `(trim(first_name || ' ' || coalesce(last_name, '')) || char(31) || coalesce(email, '') || char(31) || coalesce(phone, '') || char(31) || coalesce(city, '') || char(31) || coalesce(lead_source, ''))`;
  // The server's own statements for an All Contacts search (server/src/modules/leads/
  // list.repository.ts): the FTS query holds the company's token (search.ts `ftsQuery`, rebuilt
  // below), so only the index is read for the ids and the total; the page's rows are read by id.
  const matching = `leads_search s WHERE s.leads_search MATCH ?`;
  const indexed = {
    count: db.prepare(`SELECT count(*) AS n FROM ${matching}`),
    page: db.prepare(`SELECT l.* FROM (SELECT s.rowid AS id FROM ${matching} ORDER BY s.rowid DESC LIMIT 1000) AS p CROSS JOIN leads l ON l.id = p.id ORDER BY p.id DESC`),
  };
  const token = String.fromCodePoint(0xe000 + (Math.floor(companyId / 40_960_000) % 6400), 0xe000 + (Math.floor(companyId / 6400) % 6400), 0xe000 + (companyId % 6400));
  const ftsQuery = (t) => `company : "${token}" AND {name email phone city lead_source} : ${phrase(t)}`;
  const scan = {
    count: db.prepare(`SELECT count(*) AS n FROM leads WHERE company_id = ? AND ${doc} LIKE ? ESCAPE '\\'`),
    page: db.prepare(`SELECT * FROM leads WHERE company_id = ? AND ${doc} LIKE ? ESCAPE '\\' ORDER BY id DESC LIMIT 1000`),
  };
  const phrase = (t) => `"${t.replace(/"/g, '""')}"`;
  const result = await searchRounds(SEARCHES, {
    indexed: (term) => {
      const { n } = indexed.count.get(ftsQuery(term));
      indexed.page.all(ftsQuery(term));
      return n;
    },
    scan: (term) => {
      const { n } = scan.count.get(companyId, containsPattern(term));
      scan.page.all(companyId, containsPattern(term));
      return n;
    },
  });
  db.close();
  return result;
}

/** A CSV of `count` new leads (unique e-mails and phones that no seeded lead has). */
function importCsv(count) {
  const cities = ['Bengaluru', 'Pune', 'Chennai', 'Mumbai', 'Hyderabad'];
  const sources = ['Website', 'Ads campaign', 'Walk-in', 'Referral', 'Other'];
  const lines = ['first_name,last_name,email,phone,address,city,state,postal_code,country,lead_source,property_type,workflow,activities'];
  for (let i = 0; i < count; i++) {
    lines.push(
      `Bench${i},Importer,bench.import.${i}@import.example,6${String(i).padStart(9, '0')},"${i % 250}, MG Road",${cities[i % 5]},Karnataka,5600${String(i % 100).padStart(2, '0')},India,${sources[i % 5]},${(i % 9) + 1},Open,${(i % 4) + 1}`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Chromium: navigation → first rows, and typed search → updated rows (the widget debounces 500 ms). */
async function browserTimes(url) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, baseURL: url });
    const page = await context.newPage();
    await page.goto('/#/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor({ timeout: 60_000 });
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill(ADMIN.username);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(/#\/dashboard$/);
    // Marks, in the page's own clock, when lead rows first show and when they show the search.
    await page.addInitScript(() => {
      const w = window;
      w.__bench = { firstRows: null, typed: null, searched: null, term: null };
      new MutationObserver(() => {
        const b = w.__bench;
        if (b.firstRows == null && document.querySelector('table[aria-label="Leads"] tbody tr[aria-selected]')) b.firstRows = performance.now();
        // The board shows "N matching leads" once the answer to the search is on screen.
        if (b.term && b.typed != null && b.searched == null && /\d+ matching leads?/.test(document.body.textContent ?? '')) {
          b.searched = performance.now();
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
      document.addEventListener('input', () => {
        if (w.__bench.term) w.__bench.typed = performance.now();
      }, true);
    });
    const firstRows = [];
    for (let i = 0; i < 5; i++) {
      // A full page load (new query string), session restored from storage, as a bookmark opens it.
      await page.goto(`/?load=${i}#/leads-management`);
      await page.waitForFunction(() => window.__bench.firstRows != null, null, { timeout: 30_000 });
      firstRows.push(await page.evaluate(() => window.__bench.firstRows));
    }
    const searches = [];
    for (const term of ['kulkarni', 'ananya.rao', 'mysuru']) {
      await page.goto(`/?search=${term}#/leads-management`);
      await page.waitForFunction(() => window.__bench.firstRows != null, null, { timeout: 30_000 });
      await page.evaluate((t) => (window.__bench.term = t), term);
      await page.getByRole('searchbox', { name: 'Search leads' }).pressSequentially(term, { delay: 20 });
      await page.waitForFunction(() => window.__bench.searched != null, null, { timeout: 30_000 });
      searches.push(await page.evaluate(() => window.__bench.searched - window.__bench.typed));
    }
    return { firstRows, searches };
  } finally {
    await browser.close();
  }
}

async function main() {
  const { default: autocannon } = await import('autocannon');
  const dataDir = mkdtempSync(join(tmpdir(), 'ed-bench-leads-'));
  // PostgreSQL: the bench database (dropped and re-created here, dropped in the finally block).
  const pgTarget = POSTGRES ? benchDatabase(process.env.BENCH_PG_URL || DEFAULT_PG_URL) : null;
  const databaseUrl = pgTarget?.url ?? '';
  const rows = [];
  const benchmark = POSTGRES ? 'leads (PostgreSQL)' : 'leads';
  const row = (metric, value, unit, target) => rows.push({ benchmark, metric, value, unit, ...(target ? { target } : {}) });
  let server;
  try {
    if (pgTarget) await recreateDatabase(pgTarget);
    const seedStart = performance.now();
    const seeded = spawnSync(process.execPath, [join(root, 'server/dist/seed-cli.js'), '--leads', String(LEADS), '--company', 'skyline'], {
      cwd: join(root, 'server'),
      // DATA_DIR on PostgreSQL too: the config keeps its JWT secret there (else ./data in server/).
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
    });
    if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
    row(`seed ${LEADS.toLocaleString('en-IN')} leads (${POSTGRES ? 'PostgreSQL, with pg_trgm index' : 'SQLite, with search index'})`, round((performance.now() - seedStart) / 1000, 1), 's');
    // Statistics for the planner, and no autovacuum of the fresh rows during the measurements.
    if (pgTarget) await settle(pgTarget);

    server = await startServer(dataDir, databaseUrl);
    const { data: session } = await api(server.url, '/auth', { method: 'POST', body: JSON.stringify(ADMIN) });
    const token = session.token;
    const { data: workflows } = await api(server.url, '/workflow/list', { token });
    const id = (name) => workflows.find((w) => w.name === name).id;
    const all = await api(server.url, `/leads/list/workflow/${id('All Contacts')}?pageSize=10&pageNumber=1`, { token });
    row('leads in the company', all.data.total, 'leads');

    const headers = { authorization: `Bearer ${token}` };
    const pages = [
      `/api/v1/leads/list/workflow/${id('All Contacts')}?pageSize=10&pageNumber=1`,
      `/api/v1/leads/list/workflow/${id('Open')}?pageSize=10&pageNumber=1`,
      `/api/v1/leads/list/workflow/${id('Won')}?pageSize=10&pageNumber=3`,
      `/api/v1/leads/list/workflow/${id('Lost')}?pageSize=10&pageNumber=2`,
      `/api/v1/leads/list/workflow/${id('All Contacts')}?pageSize=10&pageNumber=50`,
    ];
    const listRequests = pages.map((path) => ({ method: 'GET', path, headers }));
    const flat = await load(autocannon, { url: server.url, requests: listRequests });
    // 1,000 req/s evenly spaced (one due every 1 ms), open loop, latency from each request's due time.
    const atRate = await openLoad({ url: server.url, requests: listRequests, rate: 1000, seconds: SECONDS, warmup: 2 });
    row('list page latency p50 at 1,000 req/s', atRate.p50, 'ms');
    row('list page latency p99 at 1,000 req/s', atRate.p99, 'ms', '≤ 10');
    row('list page throughput at 1,000 req/s offered', Math.round(atRate.achievedRate), 'req/s', '1000');
    // How late the generator itself sent (timer granularity ~1 ms); already inside the latencies above.
    row('load generator send lag p99 at 1,000 req/s (evenness of the offered load)', atRate.sendLagP99, 'ms');
    row('list page throughput, flat out (10 connections)', Math.round(flat.rps), 'req/s');
    row('list page latency p99, flat out', flat.p99, 'ms');

    // Search as the widget calls it: pageSize 1000, the count of all matches.
    const companyId = session.company_id;
    const { indexedTimes, scanTimes, matches } = pgTarget
      ? await postgresSearch(pgTarget, companyId, SEARCHES)
      : await databaseSearch(join(dataDir, 'estatedesk.sqlite'), companyId);
    // Selective searches (a person, an e-mail, a phone) against broad ones (a city, a source, "+91 7").
    const selective = SEARCHES.filter((t) => matches[t] <= 2500);
    const broad = SEARCHES.filter((t) => matches[t] > 2500);
    const apiTimes = { selective: [], broad: [], screen: [] };
    for (let round = 0; round < 6; round++) {
      // Round 0 is a warm-up, not counted (see lib/searchRounds.mjs).
      const keep = round > 0 ? (list, value) => list.push(value) : () => {};
      for (const term of SEARCHES) {
        const start = performance.now();
        await api(server.url, `/leads/list/workflow/${id('All Contacts')}?pageSize=1000&pageNumber=1&search=${encodeURIComponent(term)}`, { token });
        keep(apiTimes[selective.includes(term) ? 'selective' : 'broad'], performance.now() - start);
        // The same search for one screen of rows: what the index costs without shipping 1,000 leads.
        const screen = performance.now();
        await api(server.url, `/leads/list/workflow/${id('All Contacts')}?pageSize=10&pageNumber=1&search=${encodeURIComponent(term)}`, { token });
        keep(apiTimes.screen, performance.now() - screen);
      }
    }
    const span = (terms) => `${Math.min(...terms.map((t) => matches[t]))}–${Math.max(...terms.map((t) => matches[t]))}`;
    row(`search via API, pageSize 1000, selective terms (${selective.length}, ${span(selective)} matches) p50`, round(quantile(apiTimes.selective, 0.5)), 'ms');
    row('search via API, pageSize 1000, selective terms p95', round(quantile(apiTimes.selective, 0.95)), 'ms', '≤ 20');
    row(`search via API, pageSize 1000, broad terms (${broad.length}, ${span(broad)} matches) p50`, round(quantile(apiTimes.broad, 0.5)), 'ms');
    row('search via API, pageSize 1000, broad terms p95', round(quantile(apiTimes.broad, 0.95)), 'ms');
    row('search via API, pageSize 10, all terms p50', round(quantile(apiTimes.screen, 0.5)), 'ms');
    row('search via API, pageSize 10, all terms p95', round(quantile(apiTimes.screen, 0.95)), 'ms', '≤ 20');
    row('search on the trigram index, all terms (count + first 1,000 rows) p50', round(quantile(indexedTimes, 0.5)), 'ms');
    row('search on the trigram index, all terms (count + first 1,000 rows) p95', round(quantile(indexedTimes, 0.95)), 'ms', '≤ 20');
    const scan = POSTGRES ? 'strpos over the company\'s rows' : 'a plain LIKE scan';
    row(`same searches as ${scan} p50`, round(quantile(scanTimes, 0.5)), 'ms');
    row(`same searches as ${scan} p95`, round(quantile(scanTimes, 0.95)), 'ms');

    const browser = process.env.BENCH_SKIP_BROWSER === '1' ? null : await browserTimes(server.url).catch((error) => {
      row('Chromium timings', `failed: ${error.message.split('\n')[0]}`, '');
      return null;
    });
    if (browser) {
      row('Chromium: navigation → first rows p50', round(quantile(browser.firstRows, 0.5), 0), 'ms', '≤ 500');
      row('Chromium: navigation → first rows max', round(Math.max(...browser.firstRows), 0), 'ms');
      row('Chromium: typed search → updated rows (incl. 500 ms debounce) p50', round(quantile(browser.searches, 0.5), 0), 'ms');
      row('Chromium: typed search → updated rows, after the debounce, max', round(Math.max(...browser.searches) - 500, 0), 'ms');
    }

    // Import: 100,000 new rows in one request.
    const csv = importCsv(IMPORT_ROWS);
    const before = server.memory();
    server.resetPeak();
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
    const importStart = performance.now();
    const imported = await api(server.url, '/leads/import', { method: 'POST', body: form, token });
    const seconds = (performance.now() - importStart) / 1000;
    const after = server.memory();
    if (imported.data.data.imported !== IMPORT_ROWS) throw new Error(`import: ${JSON.stringify(imported.data.data).slice(0, 300)}`);
    row(`import ${IMPORT_ROWS.toLocaleString('en-IN')}-row CSV (${(Buffer.byteLength(csv) / 1024 / 1024).toFixed(1)} MB): time`, round(seconds, 2), 's');
    row('import rows per second', Math.round(IMPORT_ROWS / seconds), 'rows/s', '≥ 20000');
    row(POSTGRES ? 'import: server process peak memory (VmHWM; PostgreSQL\'s own not counted)' : 'import: server peak memory (VmHWM)', Math.round(after.peakMb), 'MB', '< 300');
    row('import: server memory before (RSS)', Math.round(before.rssMb), 'MB');

    row('failed requests (non-2xx, errors, timeouts)', atRate.failed + flat.failed, 'count', '0');
  } finally {
    try {
      await server?.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      if (pgTarget) await dropDatabase(pgTarget).catch((error) => process.stderr.write(`leads bench: could not drop ${pgTarget.name}: ${error.message}\n`));
    }
  }
  return rows;
}

/** Rows `{ benchmark, metric, value, unit, target? }` for bench/run.mjs. */
export default async function leadsBenchmark() {
  return main();
}
