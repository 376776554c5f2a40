/**
 * Bytes on the wire from the EstateDesk server, as Chromium counts them (CDP
 * `Network.loadingFinished.encodedDataLength`: headers and body as received, after compression; 0
 * for a file taken from the browser's cache): a first visit with an empty cache and a second visit
 * in the same browser profile, for the full app's sign-in screen, dashboard and leads board; the
 * crm-host example's page; and each script-tag widget alone on a host page of its own (host pages
 * on `localhost`, the API and script files on `127.0.0.1`, as embed.bench.mjs), and all of them on
 * one page: what the whole suite costs a person who uses all of it. The host pages' own bytes are
 * the agency's, not counted. Budgets (README "Performance"): the leads board signed out ≤ 100 KB,
 * the whole suite ≤ 200 KB; a second visit sends no script, only 304s or nothing.
 *
 * Needs the built suite and server (`npm run bench` builds first).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startHostServer } from '../examples/hostServer.mjs';
import { freePort, root, SKYLINE_ADMIN, startServer } from './lib/serverProcess.mjs';

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
/** Widgets of the script-tag suite, each measured alone on a page of its own (signed in). */
const WIDGETS = ['leads-board', 'dashboard', 'property-inventory', 'company-profile', 'user-admin', 'roles-editor', 'account'];

/** A host page with the loader snippet (as examples/crm-host/index.html has it) and `widgets`. */
const hostPage = (widgets) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Widgets</title>
<script>window.EstateDesk=window.EstateDesk||function(){(EstateDesk.q=EstateDesk.q||[]).push(arguments)};</script>
<script async src="/embed/loader.js" data-api-base="" data-namespace="crm" data-storage-prefix="crm."></script>
</head><body>
${widgets.map((name) => `<div id="${name}" data-estatedesk-widget="${name}"></div>`).join('\n')}
</body></html>
`;

/** Whether a URL is the EstateDesk server's (the host pages and their crm.js are the agency's). */
let FROM_US = () => true;

/**
 * Loads `url` in `page` and waits until the network has been quiet for 500 ms; returns what came
 * over the wire meanwhile from the EstateDesk server: all bytes, script bytes, requests (and how
 * many the network answered), and of the script files how many came with a body and how many as
 * a 304.
 */
async function visit(page, url, ready) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Set();
  const ours = new Set();
  const tally = { bytes: 0, scriptBytes: 0, scriptsSent: 0, notModified: 0, scripts: 0, requests: 0, overNetwork: 0 };
  cdp.on('Network.responseReceived', (e) => {
    if (!FROM_US(e.response.url)) return;
    ours.add(e.requestId);
    if (e.type === 'Script') scripts.add(e.requestId);
  });
  // The status the network gave (the answer Chromium then reports may be the cached one): a 200 is
  // a body sent, a 304 a revalidation; a file taken from the cache has none.
  const networkStatus = new Map();
  cdp.on('Network.responseReceivedExtraInfo', (e) => networkStatus.set(e.requestId, e.statusCode));
  cdp.on('Network.loadingFinished', (e) => {
    if (!ours.has(e.requestId)) return;
    tally.requests++;
    if (networkStatus.has(e.requestId)) tally.overNetwork++;
    tally.bytes += e.encodedDataLength;
    if (scripts.has(e.requestId)) {
      const status = networkStatus.get(e.requestId);
      if (status === 304) tally.notModified++;
      else if (status !== undefined) tally.scriptsSent++;
      tally.scripts++;
      tally.scriptBytes += e.encodedDataLength;
    }
  });
  await page.goto(url);
  if (ready) await ready(page);
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  return tally;
}

function rowsFor(label, first, second, target) {
  return [
    { benchmark: 'wire', metric: `${label}: first visit, all (${first.requests} requests)`, value: kb(first.bytes), unit: 'KB', ...(target ? { target } : {}) },
    { benchmark: 'wire', metric: `${label}: first visit, script (${first.scripts} files)`, value: kb(first.scriptBytes), unit: 'KB' },
    {
      benchmark: 'wire',
      metric: `${label}: second visit, all (${second.requests} requests, ${second.overNetwork} answered over the network)`,
      value: kb(second.bytes),
      unit: 'KB',
    },
    { benchmark: 'wire', metric: `${label}: second visit, script (${second.notModified} × 304, headers only)`, value: kb(second.scriptBytes), unit: 'KB' },
    { benchmark: 'wire', metric: `${label}: second visit, script files sent again (first visit ${first.scriptsSent})`, value: second.scriptsSent, unit: 'files', target: '0' },
  ];
}

/** A first and a second visit to `url` in one new browser profile (with `storageState`'s session). */
async function twoVisits(browser, url, { storageState, ready } = {}) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, ...(storageState ? { storageState } : {}) });
  const page = await context.newPage();
  const first = await visit(page, url, ready);
  // A new tab, as a person coming back: the page itself is asked again, its files come from cache.
  const again = await context.newPage();
  await page.close();
  const second = await visit(again, url, ready);
  await context.close();
  return { first, second };
}

const signInForm = (page) => page.getByRole('textbox', { name: 'Username', exact: true }).first().waitFor();

async function signInThrough(page, scope = page) {
  await scope.getByRole('textbox', { name: 'Username', exact: true }).first().fill(SKYLINE_ADMIN.username);
  await scope.getByRole('textbox', { name: 'Password', exact: true }).first().fill(SKYLINE_ADMIN.password);
  await scope.getByRole('button', { name: 'Login', exact: true }).first().click();
}

export default async function wireBench() {
  if (!existsSync(join(root, 'server/dist/server.js')) || !existsSync(join(root, 'dist-loader/loader.js')) || !existsSync(join(root, 'dist-app/app.js'))) {
    return [{ benchmark: 'wire', metric: 'error', value: 'build first (npm run build)', unit: '' }];
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'ed-bench-wire-'));
  const hostPort = await freePort();
  const hostOrigin = `http://localhost:${hostPort}`;
  const api = await startServer(dataDir, { env: { ALLOWED_ORIGINS: hostOrigin } });
  const pages = mkdtempSync(join(tmpdir(), 'ed-bench-wire-pages-'));
  for (const name of WIDGETS) writeFileSync(join(pages, `${name}.html`), hostPage([name]));
  writeFileSync(join(pages, 'all.html'), hostPage(['sign-in', ...WIDGETS]));
  const host = await startHostServer({ api: api.url, port: hostPort, mounts: { '/pages/': pages } });
  FROM_US = (url) => url.startsWith(`${api.url}/`);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const rows = [];
    // Sessions to reuse: one for the full app (on the API's origin), one for the crm-host page.
    const setup = await browser.newContext();
    const appPage = await setup.newPage();
    await appPage.goto(`${api.url}/#/login`);
    await signInThrough(appPage);
    await appPage.waitForURL(/#\/dashboard$/);
    const crmPage = await setup.newPage();
    await crmPage.goto(`${host.url}/examples/crm-host/#/leads`);
    await signInThrough(crmPage, crmPage.locator('#leads'));
    await crmPage.locator('#leads tbody tr').first().waitFor();
    const session = await setup.storageState();
    await setup.close();

    const app = (path) => `${api.url}/#${path}`;
    const signIn = await twoVisits(browser, app('/login'), { ready: signInForm });
    rows.push(...rowsFor('full app, sign-in screen', signIn.first, signIn.second));
    const dashboard = await twoVisits(browser, app('/dashboard'), { storageState: session, ready: (page) => page.getByRole('heading', { name: 'Dashboard' }).first().waitFor() });
    rows.push(...rowsFor('full app, dashboard (signed in)', dashboard.first, dashboard.second));
    const board = await twoVisits(browser, app('/leads-management'), { storageState: session, ready: (page) => page.locator('tbody tr').first().waitFor() });
    rows.push(...rowsFor('full app, leads board (signed in)', board.first, board.second));

    const crm = (path) => `${host.url}/examples/crm-host/#${path}`;
    const signedOut = await twoVisits(browser, crm('/leads'), { ready: (page) => signInForm(page.locator('#leads')) });
    rows.push(...rowsFor('crm-host page, signed out (the leads board\'s sign-in)', signedOut.first, signedOut.second));
    const crmSignedIn = await twoVisits(browser, crm('/leads'), { storageState: session, ready: (page) => page.locator('#leads tbody tr').first().waitFor() });
    rows.push(...rowsFor('crm-host page, signed in (every widget it shows)', crmSignedIn.first, crmSignedIn.second));

    const alone = (name) => `${host.url}/pages/${name}.html`;
    const boardSignedOut = await twoVisits(browser, alone('leads-board'), { ready: (page) => signInForm(page) });
    rows.push(...rowsFor('leads board alone, signed out', boardSignedOut.first, boardSignedOut.second, '≤ 100'));
    for (const name of WIDGETS) {
      const visits = await twoVisits(browser, alone(name), { storageState: session });
      rows.push(...rowsFor(`${name} alone, signed in`, visits.first, visits.second));
    }
    const suite = await twoVisits(browser, alone('all'), { storageState: session });
    rows.push(...rowsFor('every widget on one page, signed in', suite.first, suite.second));
    rows.push({ benchmark: 'wire', metric: 'every widget on one page: script on the first visit', value: kb(suite.first.scriptBytes), unit: 'KB', target: '≤ 200' });
    return rows;
  } finally {
    await browser.close();
    await host.close();
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(pages, { recursive: true, force: true });
  }
}
