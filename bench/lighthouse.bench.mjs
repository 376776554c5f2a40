/**
 * First paint on a phone: Lighthouse (from npm) under its default mobile profile — a mid-range
 * phone's screen and CPU (4× slower) on slow 4G, simulated from an unthrottled load — in Debian's
 * Chromium, on the full app's sign-in screen (signed out) and dashboard (signed in; the session is
 * made first and Lighthouse told to keep the storage, the HTTP cache is emptied before each run so
 * every load is a first visit). Medians of BENCH_LIGHTHOUSE_RUNS runs (default 3): performance
 * score, LCP, FCP, total blocking time, CLS. Targets: LCP ≤ 2.5 s and a score ≥ 95.
 *
 * Needs the built app and server (`npm run bench` builds first).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort, root, SKYLINE_ADMIN, startServer } from './lib/serverProcess.mjs';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Chromium with a debugging port Lighthouse and playwright both attach to. */
async function launchChromium(profile) {
  const port = await freePort();
  const child = spawn(
    process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { port, stop: () => child.kill('SIGTERM') };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('Chromium did not open its debugging port');
}

/** One Lighthouse performance run on `url`; `keepStorage` keeps the session made before it. */
async function audit(port, url, keepStorage) {
  const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: keepStorage });
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const ms = (id) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: ms('largest-contentful-paint'),
    fcp: ms('first-contentful-paint'),
    tbt: ms('total-blocking-time'),
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    // The LCP insight lists the element as a node item beside its timing table.
    lcpElement: lhr.audits['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'node')?.nodeLabel ?? '',
  };
}

export default async function lighthouseBench() {
  if (!existsSync(join(root, 'server/dist/server.js')) || !existsSync(join(root, 'dist-app/app.js'))) {
    return [{ benchmark: 'lighthouse', metric: 'error', value: 'build first (npm run build)', unit: '' }];
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'ed-bench-lighthouse-'));
  const profile = mkdtempSync(join(tmpdir(), 'ed-bench-lighthouse-profile-'));
  const server = await startServer(dataDir);
  const browser = await launchChromium(profile);
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${browser.port}`);
  try {
    const context = cdp.contexts()[0];
    const emptyCache = async () => {
      const page = await context.newPage();
      const session = await context.newCDPSession(page);
      await session.send('Network.clearBrowserCache');
      await page.close();
    };
    const rows = [];
    const report = (label, runs) => {
      const m = (key) => median(runs.map((r) => r[key]));
      rows.push(
        { benchmark: 'lighthouse', metric: `${label}: performance score (mobile)`, value: m('score'), unit: '/100', target: '≥ 95' },
        { benchmark: 'lighthouse', metric: `${label}: largest contentful paint`, value: Math.round(m('lcp')), unit: 'ms', target: '≤ 2500' },
        { benchmark: 'lighthouse', metric: `${label}: first contentful paint`, value: Math.round(m('fcp')), unit: 'ms' },
        { benchmark: 'lighthouse', metric: `${label}: total blocking time`, value: Math.round(m('tbt')), unit: 'ms' },
        { benchmark: 'lighthouse', metric: `${label}: cumulative layout shift`, value: Math.round(m('cls') * 1000) / 1000, unit: '' },
        { benchmark: 'lighthouse', metric: `${label}: LCP element`, value: runs[0].lcpElement.slice(0, 60), unit: '' },
      );
    };

    const signInRuns = [];
    for (let i = 0; i < RUNS; i++) signInRuns.push(await audit(browser.port, `${server.url}/#/login`, false));
    report('sign-in screen', signInRuns);

    // The session, made once in the profile Lighthouse then keeps.
    const page = await context.newPage();
    await page.goto(`${server.url}/#/login`);
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill(SKYLINE_ADMIN.username);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(SKYLINE_ADMIN.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(/#\/dashboard$/);
    await page.close();
    const dashboardRuns = [];
    for (let i = 0; i < RUNS; i++) {
      await emptyCache();
      dashboardRuns.push(await audit(browser.port, `${server.url}/#/dashboard`, true));
    }
    report('dashboard (signed in)', dashboardRuns);
    return rows;
  } finally {
    await cdp.close().catch(() => {});
    browser.stop();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
}
