/**
 * The property inventory at 100,000 listings: a company seeded with 100,000 properties (seed CLI
 * `--properties`, each with 2-4 of the shared demo photos, temp DATA_DIR, SQLite; or PostgreSQL
 * with BENCH_DB=postgres, as leads.bench.mjs does), then
 * - the list page (`GET /properties?page=1&limit=12`) and a deep page, page 5,000, two ways: by page
 *   number (offset 59,988, as the original list call asks it) and by cursor (`cursor=` page 4,999's
 *   next_cursor, as Load More asks it): p50/p99 at a steady 1,000 req/s from the open-loop generator (lib/openLoad.mjs: one request due
 *   every 1 ms whether or not earlier ones answered, latency from the due time), the most req/s
 *   flat out (autocannon, 10 connections), and the server's CPU time per request in that flat-out
 *   run (/proc: what a request costs, whatever else the shared machine runs);
 * - filtered search through the API, one request at a time: search text, type, status, price
 *   range, bedrooms and their combinations (a warm-up round, then 5 rounds);
 * - in Chromium (lib/propertyGridTimes.mjs): navigation to `/#/properties/list` → the first 12 cards
 *   with their images decoded, Load More → 24 cards, and the image bytes per card as the grid
 *   downloads them;
 * - one 5 MB photo (lib/benchPhoto.mjs, 12 MP) through upload and renditions (POST /properties
 *   multipart with it as the cover, to the 201), the sizes of the renditions it got, and the
 *   server process's peak memory (VmHWM, reset first) while 10 such uploads run at once;
 * - the widget's own chunks and the whole script-tag suite, from bundle.bench.mjs.
 *
 * Needs the built app and server (`npm run bench` builds first). Knobs: BENCH_SECONDS (default 5
 * measured seconds per load run, after 2 s of warm-up), BENCH_PROPERTIES (default 100,000),
 * CHROMIUM_PATH, BENCH_SERVER_DIST (another build of the server: server.js and seed-cli.js), and
 * BENCH_DB=postgres (rows marked `properties (PostgreSQL)`; the database of BENCH_PG_URL, whose
 * name must contain "bench", is dropped, re-created, seeded, VACUUM (ANALYZE)d, served and dropped
 * at the end — lib/postgresBench.mjs). Targets are the product's (the inventory's performance budget).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bundleSizes from './bundle.bench.mjs';
import { benchPhoto } from './lib/benchPhoto.mjs';
import { openLoad } from './lib/openLoad.mjs';
import { benchDatabase, DEFAULT_PG_URL, dropDatabase, recreateDatabase, settle } from './lib/postgresBench.mjs';
import { propertyGridTimes } from './lib/propertyGridTimes.mjs';
import { api, cpuMs, root, SERVER_DIST, signIn, SKYLINE_ADMIN, startServer } from './lib/serverProcess.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PROPERTIES = Number(process.env.BENCH_PROPERTIES ?? 100_000);
const DIST = process.env.BENCH_SERVER_DIST || SERVER_DIST;
const ENGINE = (process.env.BENCH_DB || 'sqlite').toLowerCase();
if (ENGINE !== 'sqlite' && ENGINE !== 'postgres') throw new Error(`BENCH_DB must be sqlite or postgres, got "${process.env.BENCH_DB}"`);
const POSTGRES = ENGINE === 'postgres';
/** A deep page of the grid: Load More pressed 4,999 times, or a link to it. */
const DEEP_PAGE = 5000;
/** Concurrent 5 MB uploads for the memory row. */
const PARALLEL_UPLOADS = 10;

/**
 * What people filter by (query strings of the list call, 12 a page). Text matches title, address
 * and location; the seeded titles are like "3 BHK Apartment in Koramangala" and
 * "2,400 sq ft Plot in Hebbal", prices ₹25 L – ₹8 Cr.
 */
const FILTERS = {
  'search: a locality': 'search=koramangala',
  'search: a street': 'search=mg%20road',
  'search: "3 bhk"': 'search=3%20bhk',
  'search: a pin code': 'search=5600',
  'search: no match': 'search=zzqx',
  'type: Villa': 'type=Villa',
  'status: unavailable': 'status=unavailable',
  'price ₹50 L – ₹1 Cr': 'min_price=5000000&max_price=10000000',
  'price from ₹5 Cr': 'min_price=50000000',
  'bedrooms ≥ 4': 'bedrooms=4',
  'type + bedrooms + price': 'type=Apartment&bedrooms=3&min_price=6000000&max_price=15000000',
  'search + type + status': 'search=whitefield&type=House&status=available',
  'all five': 'search=bhk&type=Villa&status=available&min_price=20000000&max_price=60000000&bedrooms=4',
};

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
};
const round = (n, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Resets the process's VmHWM to its current RSS (Linux 4.0+, writing 5 to clear_refs); false where not allowed. */
function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** One property with `photo` as its cover; resolves with the answer's property and the milliseconds to the 201. */
async function uploadProperty(url, token, photo, title) {
  const form = new FormData();
  form.append('title', title);
  form.append('property_type', 'House');
  form.append('property_cover_image', new Blob([photo], { type: 'image/jpeg' }), 'camera.jpg');
  const start = performance.now();
  const { data } = await api(url, '/properties', { method: 'POST', body: form, token });
  return { property: data, ms: performance.now() - start };
}

async function imageBytes(url, path) {
  const res = await fetch(`${url}/uploads/${path}`);
  if (!res.ok) throw new Error(`GET /uploads/${path}: ${res.status}`);
  return (await res.arrayBuffer()).byteLength;
}

async function main() {
  const { default: autocannon } = await import('autocannon');
  const dataDir = mkdtempSync(join(tmpdir(), 'ed-bench-properties-'));
  const pgTarget = POSTGRES ? benchDatabase(process.env.BENCH_PG_URL || DEFAULT_PG_URL) : null;
  const databaseUrl = pgTarget?.url ?? '';
  const benchmark = POSTGRES ? 'properties (PostgreSQL)' : 'properties';
  const rows = [];
  const row = (metric, value, unit, target) => rows.push({ benchmark, metric, value, unit, ...(target ? { target } : {}) });
  let server;
  try {
    if (pgTarget) await recreateDatabase(pgTarget);
    const seedStart = performance.now();
    const seeded = spawnSync(process.execPath, [join(DIST, 'seed-cli.js'), '--properties', String(PROPERTIES), '--company', 'skyline'], {
      cwd: join(root, 'server'),
      // DATA_DIR on PostgreSQL too: the config keeps its JWT secret and the uploads there.
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
    });
    if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
    row(`seed ${PROPERTIES.toLocaleString('en-IN')} properties with shared photos (${POSTGRES ? 'PostgreSQL' : 'SQLite'})`, round((performance.now() - seedStart) / 1000, 1), 's');
    if (pgTarget) await settle(pgTarget);

    server = await startServer(dataDir, { dist: DIST, env: { DATABASE_URL: databaseUrl } });
    const { token } = await signIn(server.url);
    const first = await api(server.url, '/properties?page=1&limit=12', { token });
    row('properties in the company', first.total, 'properties');

    // The list page at a steady 1,000 req/s, first page and a deep one, each on its own.
    const headers = { authorization: `Bearer ${token}` };
    // Page 5,000, or the last page of a smaller data set (BENCH_PROPERTIES).
    const deepPage = Math.min(DEEP_PAGE, Math.ceil(first.total / 12));
    const deep = deepPage.toLocaleString('en-IN');
    const pages = { 'page 1': `/api/v1/properties?page=1&limit=12`, [`page ${deep}`]: `/api/v1/properties?page=${deepPage}&limit=12` };
    if (deepPage > 1) {
      // The cursor Load More would send for the deep page: the one after page 4,999's last card.
      const previous = await api(server.url, `/properties?page=${deepPage - 1}&limit=12`, { token });
      if (!previous.next_cursor) throw new Error(`page ${deepPage - 1}: no next_cursor`);
      pages[`page ${deep} by cursor`] = `/api/v1/properties?limit=12&cursor=${encodeURIComponent(previous.next_cursor)}`;
    }
    let failed = 0;
    for (const [name, path] of Object.entries(pages)) {
      const sample = await api(server.url, path.replace('/api/v1', ''), { token });
      if (sample.data.length === 0) throw new Error(`${name}: no rows`);
      if (name.endsWith('by cursor')) {
        // The same cards as by page number, or the row would measure another page.
        const byNumber = await api(server.url, `/properties?page=${deepPage}&limit=12`, { token });
        if (sample.data.map((p) => p.id).join() !== byNumber.data.map((p) => p.id).join()) throw new Error(`${name}: not page ${deep}`);
      }
      const atRate = await openLoad({ url: server.url, requests: [{ method: 'GET', path, headers }], rate: 1000, seconds: SECONDS, warmup: 2 });
      row(`list ${name} latency p50 at 1,000 req/s`, atRate.p50, 'ms');
      row(`list ${name} latency p99 at 1,000 req/s`, atRate.p99, 'ms', '≤ 10');
      row(`list ${name} answered at 1,000 req/s offered`, Math.round(atRate.achievedRate), 'req/s', '1000');
      failed += atRate.failed;
      await autocannon({ url: `${server.url}${path}`, headers, connections: 10, duration: 1 });
      const cpuBefore = cpuMs(server.pid);
      const flat = await autocannon({ url: `${server.url}${path}`, headers, connections: 10, duration: SECONDS });
      const perRequest = (cpuMs(server.pid) - cpuBefore) / flat.requests.total;
      row(`list ${name} flat out (10 connections)`, Math.round(flat.requests.average), 'req/s');
      row(`list ${name}: server CPU per request (flat-out run)`, round(perRequest, 3), 'ms', '≤ 1 for 1,000 req/s on one core');
      failed += flat.non2xx + flat.errors + flat.timeouts;
      await new Promise((r) => setTimeout(r, 500));
    }

    // Filtered search, one request at a time, as a person filtering waits for each answer.
    const times = [];
    const perFilter = {};
    let filterCpu = 0;
    for (let pass = 0; pass < 6; pass++) {
      if (pass === 1) filterCpu = cpuMs(server.pid);
      for (const [name, query] of Object.entries(FILTERS)) {
        const start = performance.now();
        const answer = await api(server.url, `/properties?page=1&limit=12&${query}`, { token });
        const ms = performance.now() - start;
        // Pass 0 warms up and is not counted.
        if (pass === 0) {
          perFilter[name] = { total: answer.total, times: [] };
          continue;
        }
        times.push(ms);
        perFilter[name].times.push(ms);
      }
    }
    row(`filtered search via API (${Object.keys(FILTERS).length} filters × 5 rounds) p50`, round(quantile(times, 0.5)), 'ms');
    row('filtered search via API p95', round(quantile(times, 0.95)), 'ms', '≤ 20');
    row('filtered search: server CPU per request (all filters)', round((cpuMs(server.pid) - filterCpu) / times.length, 2), 'ms');
    for (const [name, { total, times: t }] of Object.entries(perFilter)) {
      row(`  ${name} (${total.toLocaleString('en-IN')} matches) median`, round(quantile(t, 0.5)), 'ms');
    }

    // Chromium: the grid.
    const grid = await propertyGridTimes(server.url, SKYLINE_ADMIN).catch((error) => {
      row('Chromium timings', `failed: ${String(error.message).split('\n')[0]}`, '');
      return null;
    });
    if (grid) {
      row('Chromium: navigation → first 12 cards, images decoded p50', round(quantile(grid.firstDecoded, 0.5), 0), 'ms', '≤ 600');
      row('Chromium: navigation → first 12 cards, images decoded max', round(Math.max(...grid.firstDecoded), 0), 'ms');
      row('Chromium: navigation → first 12 cards on screen (before images) p50', round(quantile(grid.firstCards, 0.5), 0), 'ms');
      row('Chromium: Load More → 24 cards on screen p50', round(quantile(grid.moreCards, 0.5), 0), 'ms', '≤ 300');
      row('Chromium: Load More → 24 cards, images decoded p50', round(quantile(grid.moreDecoded, 0.5), 0), 'ms');
      row('Chromium: Load More → 24 cards, images decoded max', round(Math.max(...grid.moreDecoded), 0), 'ms');
      const images = grid.cardImages;
      row(`image bytes per card, seeded drawings (${images.uniqueFiles} distinct files on ${images.cards} cards)`, round(images.perCardBytes / 1024, 1), 'KB', '≤ 25');
    }

    // One 5 MB photo through upload and renditions.
    const photo = await benchPhoto();
    const megabytes = (photo.bytes.length / 1024 / 1024).toFixed(1);
    const uploads = [];
    let uploaded;
    for (let i = 0; i < 4; i++) {
      const result = await uploadProperty(server.url, token, photo.bytes, `Bench upload ${i}`);
      // The first warms sharp (its thread pool, libvips caches) and is not counted.
      if (i > 0) uploads.push(result.ms);
      uploaded = result.property;
    }
    row(`one ${megabytes} MB photo (${photo.width} × ${photo.height}) upload + renditions p50`, round(quantile(uploads, 0.5), 0), 'ms', '≤ 400');
    row('one 5 MB photo upload + renditions max', round(Math.max(...uploads), 0), 'ms');
    const small = await imageBytes(server.url, uploaded.property_cover_image_small);
    row('image bytes per card, that uploaded photo (its small WebP, what a card shows)', round(small / 1024, 1), 'KB', '≤ 25');
    row('  its medium WebP (details page)', round((await imageBytes(server.url, uploaded.property_cover_image_medium)) / 1024, 1), 'KB');
    row('  its stored original (re-encoded)', round((await imageBytes(server.url, uploaded.property_cover_image)) / 1024, 1), 'KB');

    const before = server.memory();
    const reset = resetPeak(server.pid);
    const parallelStart = performance.now();
    const parallel = await Promise.all(Array.from({ length: PARALLEL_UPLOADS }, (_, i) => uploadProperty(server.url, token, photo.bytes, `Bench parallel ${i}`)));
    const wall = performance.now() - parallelStart;
    const after = server.memory();
    row(`${PARALLEL_UPLOADS} uploads at once: server peak memory (VmHWM${reset ? '' : ' since start: reset not allowed'})`, Math.round(after.peakMb), 'MB', '< 350');
    row(`${PARALLEL_UPLOADS} uploads at once: server memory before (RSS)`, Math.round(before.rssMb), 'MB');
    row(`${PARALLEL_UPLOADS} uploads at once: all answered`, round(wall, 0), 'ms');
    row(`${PARALLEL_UPLOADS} uploads at once: slowest answer`, round(Math.max(...parallel.map((p) => p.ms)), 0), 'ms');
    row('failed list requests (non-2xx, errors, timeouts)', failed, 'count', '0');

    // The widget's bytes, measured by the bundle bench (same rules, same files).
    const sizes = await bundleSizes();
    const widget = sizes.find((size) => size.metric.startsWith('widget property-inventory'));
    const suite = sizes.find((size) => size.metric.startsWith('whole script-tag suite'));
    if (widget) rows.push({ ...widget, benchmark, target: '≤ 22' });
    if (suite) rows.push({ ...suite, benchmark });
    // Not built (or built while this ran): say so rather than leave the rows out.
    if (!widget || !suite) row('bundle sizes', `missing: ${sizes.find((size) => size.metric === 'error')?.value ?? 'no property-inventory row'}`, '');
  } finally {
    try {
      await server?.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      if (pgTarget) await dropDatabase(pgTarget).catch((error) => process.stderr.write(`properties bench: could not drop ${pgTarget.name}: ${error.message}\n`));
    }
  }
  return rows;
}

/** Rows `{ benchmark, metric, value, unit, target? }` for bench/run.mjs. */
export default async function propertiesBenchmark() {
  return main();
}
