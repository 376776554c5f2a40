/**
 * The crm-host example in Chromium, as an agency's visitor meets it: its page on `localhost`, the
 * API and script files on `127.0.0.1` (ALLOWED_ORIGINS set), a fresh browser cache each run.
 * Measures the time from the loader's script tag (its request start) to an interactive widget —
 * the sign-in form standing in the leads board's place, and, with a session, the board's rows —
 * and the long tasks (> 50 ms) on the host's main thread in that window. Medians of RUNS runs
 * (BENCH_EMBED_RUNS, default 5). Needs the built suite and server (`npm run bench` builds first).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startHostServer } from '../examples/hostServer.mjs';

const root = new URL('..', import.meta.url).pathname;
const RUNS = Number(process.env.BENCH_EMBED_RUNS ?? 5);
const ACCOUNT = { username: 'admin@skyline.test', password: 'Admin@123' };
const SIGN_IN = '#leads [data-estatedesk-widget-root] button[type="submit"]:not([disabled])';
const ROWS = '#leads [data-estatedesk-widget-root] tbody button[aria-label^="Delete "]';

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function startApi(port, allowedOrigin, dataDir) {
  const child = spawn(process.execPath, [join(root, 'server/dist/server.js')], {
    cwd: join(root, 'server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      ALLOWED_ORIGINS: allowedOrigin,
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error('the API server exited early');
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return { url, stop: () => child.kill('SIGTERM') };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error('the API server did not become healthy');
}

/** Installed before the page's own scripts: records long tasks and when `selector` first appears. */
function probe(selector) {
  const state = { longTasks: [], interactive: null };
  window.__bench = state;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) state.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // long tasks are not observable here
  }
  const check = () => {
    if (state.interactive === null && document.querySelector(selector)) state.interactive = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
}

async function measure(browser, url, selector, storageState) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, ...(storageState ? { storageState } : {}) });
  const page = await context.newPage();
  await page.addInitScript(probe, selector);
  await page.goto(url);
  await page.waitForFunction(() => window.__bench?.interactive !== null, undefined, { timeout: 30_000 });
  await page.waitForTimeout(100);
  const result = await page.evaluate(() => {
    const loader = performance.getEntriesByType('resource').find((e) => /\/embed\/loader(-[\d.]+)?\.js/.test(e.name));
    const start = loader ? loader.startTime : 0;
    const end = window.__bench.interactive;
    const tasks = window.__bench.longTasks.filter((t) => t.start + t.duration > start && t.start < end);
    return {
      fromScript: end - start,
      fromNavigation: end,
      longTasks: tasks.length,
      longTaskMs: tasks.reduce((s, t) => s + t.duration, 0),
      longestTask: tasks.reduce((m, t) => Math.max(m, t.duration), 0),
    };
  });
  await context.close();
  return result;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

export default async function embedBench() {
  if (!existsSync(join(root, 'server/dist/server.js')) || !existsSync(join(root, 'dist-loader/loader.js'))) {
    return [{ benchmark: 'embed', metric: 'error', value: 'build first (npm run build)', unit: '' }];
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'estatedesk-bench-embed-'));
  const apiPort = await freePort();
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const host = await startHostServer({ api: apiUrl });
  let api;
  let browser;
  try {
    api = await startApi(apiPort, host.url, dataDir);
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const url = `${host.url}/examples/crm-host/#/leads`;

    // A session to reuse: sign in once through the widget, keep the storage, drop the cache.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url);
    const leads = page.locator('#leads');
    await leads.getByRole('textbox', { name: 'Username', exact: true }).fill(ACCOUNT.username);
    await leads.getByRole('textbox', { name: 'Password', exact: true }).fill(ACCOUNT.password);
    await leads.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForSelector(ROWS);
    const session = await context.storageState();
    await context.close();

    const rows = [];
    for (const [label, selector, state] of [
      ['sign-in form in the board\'s place', SIGN_IN, undefined],
      ['leads board with its rows (signed in)', ROWS, session],
    ]) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, url, selector, state));
      const m = (key) => Math.round(median(runs.map((r) => r[key])));
      rows.push(
        { benchmark: 'embed', metric: `crm-host: script tag → ${label}`, value: m('fromScript'), unit: 'ms', target: `median of ${RUNS}` },
        { benchmark: 'embed', metric: `  … from navigation start`, value: m('fromNavigation'), unit: 'ms' },
        { benchmark: 'embed', metric: `  … long tasks on the host thread (count / total / longest)`, value: `${m('longTasks')} / ${m('longTaskMs')} / ${m('longestTask')}`, unit: 'ms' },
      );
    }
    return rows;
  } finally {
    await browser?.close();
    api?.stop();
    await host.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
