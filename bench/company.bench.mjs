/**
 * The company profile page in Chromium (the budget: first paint with its images ≤ 500 ms on the
 * demo data): the built server as a child process on a temp DATA_DIR (SQLite, demo data), signed
 * in as the Skyline admin, then BENCH_RUNS (default 5) full page loads of
 * `/#/management/user/companyprofile` (the session restored from storage, as a bookmark opens it),
 * each a new document with a cold memory cache, after one uncounted warm-up load.
 *
 * Measured on the page's own clock from navigation start: the company's name on screen, and that
 * name with the banner's cover photo and the company icon decoded (`decode()` of the icon and of
 * the cover's URL: the bitmaps are ready to paint, not only downloaded).
 *
 * Needs the built app and server (`npm run bench` builds first).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SKYLINE_ADMIN, startServer } from './lib/serverProcess.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Runs in the page before its scripts: marks when the profile's name shows and when its images are decoded. */
function installMarks() {
  const w = window;
  w.__bench = { nameAt: null, imagesAt: null, waiting: false };
  const check = () => {
    const b = w.__bench;
    if (b.waiting || b.imagesAt != null) return;
    const banner = document.querySelector('header h2')?.closest('header');
    if (!banner) return;
    b.nameAt ??= performance.now();
    const icon = banner.querySelector('img');
    const cover = /url\("?([^")]+)"?\)/.exec(banner.style.backgroundImage ?? '')?.[1];
    if (!icon || !cover) return;
    b.waiting = true;
    const coverImage = new Image();
    coverImage.src = cover;
    Promise.all([icon.decode(), coverImage.decode()]).then(
      () => {
        b.imagesAt = performance.now();
      },
      (error) => {
        b.failed = String(error);
      },
    );
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
};

export default async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), 'ed-bench-company-'));
  const server = await startServer(dataDir);
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', headless: true, args: LAUNCH_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, baseURL: server.url });
    const page = await context.newPage();
    await page.goto('/#/login');
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill(SKYLINE_ADMIN.username);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(SKYLINE_ADMIN.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(/#\/dashboard$/);
    await page.addInitScript(installMarks);
    const names = [];
    const painted = [];
    for (let i = 0; i <= RUNS; i++) {
      await page.goto(`/?profile=${i}#/management/user/companyprofile`);
      await page.waitForFunction(() => window.__bench.imagesAt != null || window.__bench.failed, null, { timeout: 30_000 });
      const marks = await page.evaluate(() => window.__bench);
      if (marks.failed) throw new Error(`profile images: ${marks.failed}`);
      // Load 0 warms the server's and the browser's code paths.
      if (i === 0) continue;
      names.push(marks.nameAt);
      painted.push(marks.imagesAt);
    }
    const row = (metric, value, target) => ({ benchmark: 'company profile', metric, value: Math.round(value), unit: 'ms', ...(target ? { target } : {}) });
    return [
      row(`page load → company name on screen, p50 of ${RUNS}`, quantile(names, 0.5)),
      row(`page load → name with cover photo and icon decoded, p50 of ${RUNS}`, quantile(painted, 0.5), '≤ 500'),
      row('  … the slowest load', Math.max(...painted)),
    ];
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
