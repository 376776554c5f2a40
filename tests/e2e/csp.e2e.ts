/**
 * The server's pages under their Content-Security-Policy (scripts and styles only from the server
 * or carrying the answer's nonce): the full app signs in and renders the dashboard and the leads
 * board, and the examples served beside it (the standalone page, the CRM host page and the React
 * host, all on the API's own origin here) work, with not one violation reported by Chromium.
 */
import type { BrowserContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, chartsDrawn, launchBrowser, openPage, screenshot, signIn } from './support/browser';
import { leadRows, signInWithin } from './support/embed';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Watched {
  context: BrowserContext;
  page: Page;
  /** Violations the page reported, and console errors (Chromium logs every refusal there too). */
  problems: () => string[];
}

/** A fresh page that records every CSP violation, console error and uncaught error, across navigations. */
async function watchedPage(): Promise<Watched> {
  const { context, page, errors } = await openPage(browser);
  const problems: string[] = [];
  await page.exposeBinding('__reportCsp', (_source, text: string) => void problems.push(text));
  // Injected by the browser's debugging protocol, so the page's own policy does not apply to it.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCsp: (t: string) => void }).__reportCsp;
      report(`violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber} (${e.sample})`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  return { context, page, problems: () => [...problems, ...errors] };
}

/** The nonce the suite's style element carries (the property: browsers hide the attribute). */
function styleNonce(page: Page): Promise<string> {
  return page.evaluate(() => (document.getElementById('estatedesk-styles') as HTMLStyleElement | null)?.nonce ?? '');
}

describe('the full app under its policy', () => {
  it('signs in and renders the dashboard and the leads board with no violation', async () => {
    const { context, page, problems } = await watchedPage();
    const answer = await page.goto('/#/login');
    const policy = (await answer?.allHeaders())?.['content-security-policy'] ?? '';
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];

    await signIn(page, 'admin@skyline.test', 'Admin@123');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await chartsDrawn(page);
    expect(await styleNonce(page)).toBe(nonce);
    await screenshot(page, 'csp-app-dashboard-1400');

    await page.getByRole('link', { name: 'Leads Management' }).click();
    await page.waitForURL(/#\/leads-management/);
    await leadRows(page.locator('main'));
    await screenshot(page, 'csp-app-leads-1400');
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('refuses a script without the nonce, and the watch above sees it', async () => {
    const { context, page, problems } = await watchedPage();
    await page.goto('/#/login');
    await page.evaluate(() => {
      const injected = document.createElement('script');
      injected.textContent = 'window.__injected = true';
      document.head.append(injected);
    });
    await expect.poll(() => problems().some((p) => p.includes('script-src'))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    await context.close();
  });
});

describe('the examples under the same policy', () => {
  it('standalone: the full app from one script tag', async () => {
    const { context, page, problems } = await watchedPage();
    await page.goto(`${baseUrl()}/examples/standalone/`);
    await page.waitForURL(/#\/login$/);
    await signInWithin(page.locator('estatedesk-admin-app'));
    await page.waitForURL(/#\/dashboard$/);
    await chartsDrawn(page);
    expect(await styleNonce(page)).not.toBe('');
    await screenshot(page, 'csp-example-standalone-1400');
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('crm-host: the queueing snippet, the loader and the widgets in a host page', async () => {
    const { context, page, problems } = await watchedPage();
    await page.goto(`${baseUrl()}/examples/crm-host/#/leads`);
    const leads = page.locator('#leads');
    await signInWithin(leads);
    await leadRows(leads);
    await page.locator('#estatedesk-status', { hasText: /signed in|ready/i }).waitFor();
    expect(await styleNonce(page)).not.toBe('');
    await screenshot(page, 'csp-example-crm-host-1400');
    expect(problems()).toEqual([]);
    await context.close();
  });

  it('react-host: the npm components in a React page', async () => {
    const { context, page, problems } = await watchedPage();
    await page.goto(`${baseUrl()}/examples/react-host/`);
    await signInWithin(page.locator('aside'));
    await leadRows(page.locator('main'));
    await screenshot(page, 'csp-example-react-host-1400');
    expect(problems()).toEqual([]);
    await context.close();
  });
});
