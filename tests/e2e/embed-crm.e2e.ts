/**
 * The crm-host example as an agency runs it: its page on its own origin (`localhost`), the
 * EstateDesk API and script files on another (`127.0.0.1`, allowing the page's origin). One
 * session for the leads board and the sign-in form, the host's hash router untouched, the host
 * hearing events, a modal above the host's fixed header, and only the mounted widgets' code loaded.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, hostUrl, launchBrowser, openPage, screenshot } from './support/browser';
import { leadRows, scriptRequests, signInWithin } from './support/embed';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The Harbor admin's password: the sign-in suite resets it to Harbor@456 on this shared server. */
async function harborPassword(): Promise<string> {
  for (const password of ['Admin@123', 'Harbor@456']) {
    const res = await fetch(`${baseUrl()}/api/v1/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@harbor.test', password }),
    });
    if (res.ok) return password;
  }
  throw new Error('neither known password of admin@harbor.test works');
}

describe('crm-host example, from another origin than the API', () => {
  it('signs in through the leads board, shares the session, keeps the host fragment, reports events', async () => {
    const { context, page, errors } = await openPage(browser);
    const scripts = scriptRequests(page);
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(`${m.text()} ${m.location().url}`));
    const url = `${hostUrl()}/examples/crm-host/#/leads`;
    expect(new URL(url).origin).not.toBe(new URL(baseUrl()).origin);
    await page.goto(url);

    const leads = page.locator('#leads');
    // Nobody signed in: the sign-in form stands in the board's place.
    await leads.getByRole('button', { name: 'Login', exact: true }).waitFor();
    expect(await page.evaluate(() => (window as any).EstateDesk.version)).toMatch(/^\d+\.\d+\.\d+/);
    await screenshot(page, 'crm-host-signed-out-1400');
    // A visitor who does not sign in is not sent the board: its chunks come once the form is used.
    await page.waitForLoadState('networkidle');
    expect(scripts.some((u) => /\/chunks\/LoginScreen-/.test(u))).toBe(true);
    expect(scripts.some((u) => /\/chunks\/LeadsBoard-/.test(u))).toBe(false);

    await signInWithin(leads);
    await leads.getByRole('heading', { name: 'Leads' }).waitFor();
    await leads.getByRole('tab', { name: /All Contacts/ }).waitFor();
    await leadRows(leads);
    expect(new URL(page.url()).hash).toBe('#/leads');
    await page.locator('#estatedesk-status', { hasText: 'signed in as' }).waitFor();
    await screenshot(page, 'crm-host-leads-1400');

    // The script files came from the API's origin, the runtime in its exact version with SRI.
    const runtime = scripts.find((u) => /\/embed\/runtime-\d+\.\d+\.\d+\.js$/.test(u));
    expect(runtime && new URL(runtime).origin).toBe(new URL(baseUrl()).origin);
    const integrity = await page.evaluate(() => document.querySelector<HTMLScriptElement>('script[type="module"][src*="/embed/runtime-"]')?.integrity);
    expect(integrity).toMatch(/^sha384-/);
    // Only the mounted widgets' code: the leads board (once signing in began) and the sign-in form,
    // not the dashboard or the app.
    expect(scripts.some((u) => /\/chunks\/LeadsBoard-/.test(u))).toBe(true);
    expect(scripts.some((u) => /\/chunks\/LoginScreen-/.test(u))).toBe(true);
    expect(scripts.some((u) => /\/chunks\/(Dashboard|App|RegisterScreen)-/.test(u))).toBe(false);

    // The host's own router: its link moves the fragment; the sign-in element shows the shared session.
    await page.getByRole('link', { name: 'Contacts' }).click();
    expect(new URL(page.url()).hash).toBe('#/contacts');
    const account = page.locator('estatedesk-sign-in');
    await account.getByText('admin@skyline.test').waitFor();
    await screenshot(page, 'crm-host-contacts-1400');

    // A modal above the host's fixed header, and a lead event heard by the host.
    await page.getByRole('link', { name: 'Property leads' }).click();
    const firstRow = leads.locator('tbody tr').first();
    await firstRow.getByRole('button', { name: /^Delete / }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Lead' });
    await dialog.waitFor();
    const onTop = await page.evaluate(() => {
      const header = document.querySelector('.topbar')!.getBoundingClientRect();
      const hit = document.elementFromPoint(header.left + 10, header.top + header.height / 2);
      return Boolean(hit?.closest('[data-ed-backdrop]'));
    });
    expect(onTop).toBe(true);
    await screenshot(page, 'crm-host-dialog-over-header-1400');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Activity' }).click();
    await page.locator('#activity li', { hasText: /lead-deleted #\d+/ }).waitFor();
    expect(await page.locator('#activity').innerText()).toContain('signed in');

    // Logout in one widget signs every widget out.
    await page.getByRole('link', { name: 'Contacts' }).click();
    await account.getByRole('button', { name: 'Logout' }).click();
    await account.getByRole('button', { name: 'Login', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Property leads' }).click();
    await leads.getByRole('button', { name: 'Login', exact: true }).waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('crm.')))).toEqual([]);

    expect(errors).toEqual([]);
    expect(consoleErrors.filter((e) => !/401|Unauthorized/.test(e))).toEqual([]);
    await context.close();
  });

  it('on a page whose origin is not yet allowed, loads and says in place which origin to add', async () => {
    const { context, page, errors } = await openPage(browser);
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    // The same host page under 127.0.0.1 instead of localhost: another origin, not in ALLOWED_ORIGINS.
    const other = new URL(hostUrl());
    other.hostname = '127.0.0.1';
    await page.goto(`${other.origin}/examples/crm-host/#/leads`);
    const notice = page.locator('#leads').getByRole('alert');
    await notice.waitFor();
    expect(await notice.innerText()).toContain(`add ${other.origin} to ALLOWED_ORIGINS`);
    expect(consoleErrors.some((e) => e.includes(`add ${other.origin} to ALLOWED_ORIGINS`))).toBe(true);
    await screenshot(page, 'crm-host-origin-not-allowed-1400');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps two namespaces on one page apart: two accounts, two sessions, two stores', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${hostUrl()}/fixtures/hostile.html`);
    await page.waitForFunction(() => Boolean((window as any).EstateDesk?.version));
    await page.evaluate(() => {
      const ed = (window as any).EstateDesk;
      ed.init('skyline', { storagePrefix: 'skyline.' });
      ed.init('harbor', { storagePrefix: 'harbor.', appearance: { variables: { accent: '#0f766e' } } });
      ed.mount('#slot', 'leads-board', {}, { namespace: 'skyline' });
      ed.mount('#zone-slot', 'leads-board', {}, { namespace: 'harbor' });
    });
    const skyline = page.locator('#slot');
    const harbor = page.locator('#zone-slot');
    await signInWithin(skyline, { username: 'admin@skyline.test', password: 'Admin@123' });
    await leadRows(skyline);
    // Signing in to one namespace signs nobody in to the other.
    await harbor.getByRole('button', { name: 'Login', exact: true }).waitFor();
    await signInWithin(harbor, { username: 'admin@harbor.test', password: await harborPassword() });
    await leadRows(harbor);
    const names = async (scope: typeof skyline) => new Set(await scope.locator('tbody tr td:nth-child(2)').allInnerTexts());
    const [a, b] = [await names(skyline), await names(harbor)];
    expect([...a].filter((n) => b.has(n))).toEqual([]);
    const users = await page.evaluate(() => ['skyline', 'harbor'].map((ns) => (window as any).EstateDesk.user(ns)?.email));
    expect(users).toEqual(['admin@skyline.test', 'admin@harbor.test']);

    await page.evaluate(() => (window as any).EstateDesk.signOut('skyline'));
    await skyline.getByRole('button', { name: 'Login', exact: true }).waitFor();
    expect(await harbor.getByRole('button', { name: /^Delete / }).count()).toBeGreaterThan(0);
    const keys = await page.evaluate(() => Object.keys(localStorage).sort());
    expect(keys.some((k) => k.startsWith('skyline.'))).toBe(false);
    expect(keys).toContain('harbor.token');
    await screenshot(page, 'crm-two-namespaces-1400');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 400 px screen', async () => {
    const { context, page, errors } = await openPage(browser, 400, 860);
    await page.goto(`${hostUrl()}/examples/crm-host/#/leads`);
    const leads = page.locator('#leads');
    await signInWithin(leads);
    await leadRows(leads);
    await screenshot(page, 'crm-host-leads-400');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('link', { name: 'Contacts' }).click();
    await page.locator('estatedesk-sign-in').getByRole('button', { name: 'Logout' }).waitFor();
    await screenshot(page, 'crm-host-contacts-400');
    expect(errors).toEqual([]);
    await context.close();
  });
});
