/**
 * Account settings and the live dashboard as people use them, in Chromium against the built
 * reference server: the Skyline agent opens Profile from the avatar menu, uploads a picture
 * through the square cropper (moved with the keyboard) and sees it in the top bar at once, renames
 * themselves, changes their password (the other session they had ends; this one stays), signs in
 * again with the new password, picks the dark theme in Preferences, and finds the account widget
 * mounted alone on the crm-host example, dark; the Skyline admin's dashboard shows the company's real
 * lead total, which grows by one after a lead is added. The agent's password, name and
 * preferences are put back at the end (other e2e files sign in as the agent with Agent@123).
 * Screenshots at 1400 and 400 px land in tests/e2e/screenshots/.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, hostUrl, launchBrowser, openPage, screenshot, signIn } from './support/browser';
import { pngImage } from './support/png';

const AGENT = { username: 'agent@skyline.test', password: 'Agent@123' };
const NEW_PASSWORD = 'Fresh@2468';

let browser: Browser;
let picture: string;
let original: { id: number; name: string } | null = null;

beforeAll(async () => {
  browser = await launchBrowser();
  const dir = mkdtempSync(join(tmpdir(), 'ed-account-e2e-'));
  picture = join(dir, 'me.png');
  // Left half orange, right half blue, so a crop shows which part was kept.
  writeFileSync(picture, pngImage(300, 200, (x) => (x < 150 ? [234, 120, 40] : [40, 90, 200])));
});

afterAll(async () => {
  await browser?.close();
  await restoreAgent();
});


async function login(username: string, password: string): Promise<string | null> {
  const res = await fetch(`${baseUrl()}/api/v1/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (!res.ok) return null;
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function call(token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<any> {
  const res = await fetch(`${baseUrl()}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return res.json();
}

/** Puts the demo agent back as the other e2e files expect: password, name, preferences. */
async function restoreAgent(): Promise<void> {
  const token = (await login(AGENT.username, NEW_PASSWORD)) ?? (await login(AGENT.username, AGENT.password));
  if (!token || !original) return;
  const changed = await login(AGENT.username, NEW_PASSWORD);
  if (changed) {
    await call(token, 'PUT', `/users/${original.id}/update-password`, { current_password: NEW_PASSWORD, new_password: AGENT.password, new_password_confirmation: AGENT.password });
  }
  const fresh = (await login(AGENT.username, AGENT.password))!;
  const profile = (await call(fresh, 'GET', '/users/profile')).data;
  const [first, ...rest] = original.name.split(' ');
  await call(fresh, 'PUT', `/users/${original.id}`, { first_name: first, last_name: rest.join(' '), email: profile.email, user_type: profile.user_type }, { 'Company-ID': String(profile.company_id) });
  await call(fresh, 'PUT', '/users/preferences', { theme: 'system' });
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

describe('account settings', () => {
  it('the Skyline agent changes avatar, name and password, signs in again, and picks the dark theme', async () => {
    const before = (await login(AGENT.username, AGENT.password))!;
    const profile = (await call(before, 'GET', '/users/profile')).data;
    original = { id: profile.id, name: profile.name };

    const { context, page, errors } = await openPage(browser, 1400);
    await signIn(page, AGENT.username, AGENT.password);

    // The avatar menu leads to Profile (docs/product/screens.md).
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(/#\/profile$/);
    await page.getByRole('heading', { name: 'Profile', level: 2 }).waitFor();
    expect(await page.getByLabel(/^First name/).inputValue()).toBe(profile.name.split(' ')[0]);
    await screenshot(page, 'account-general-1400');

    // A picture, cropped square with the keyboard, shows in the top bar at once.
    await page.locator('input[type="file"]').setInputFiles(picture);
    const cropper = page.getByRole('dialog', { name: 'Crop your picture' });
    const canvas = cropper.getByRole('img', { name: /Picture to crop/ });
    await canvas.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('-');
    await screenshot(page, 'account-cropper-1400');
    await cropper.getByRole('button', { name: 'Use this picture' }).click();
    await toast(page, 'Profile updated successfully');
    const topAvatar = page.locator('header img').first();
    await expect.poll(() => topAvatar.getAttribute('src')).toContain('/uploads/avatars/');
    const size = await topAvatar.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    });
    expect(size[0]).toBe(size[1]);

    // A new name reaches the top bar without a reload.
    await page.getByLabel(/^First name/).fill('Kiran');
    await page.getByLabel(/^Last name/).fill('Rao Test');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Profile updated successfully');
    await page.getByRole('button', { name: 'Account menu for Kiran Rao Test' }).waitFor();

    // Another session of the agent, to see it end with the password change.
    const other = (await login(AGENT.username, AGENT.password))!;
    await page.getByRole('tab', { name: 'Security' }).click();
    const sessions = page.getByRole('list', { name: 'Where you are signed in' });
    await sessions.waitFor();
    expect(await sessions.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
    await page.getByLabel(/^Current password/).fill(AGENT.password);
    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
    await screenshot(page, 'account-security-1400');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await toast(page, 'Password updated successfully');
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(1);
    const otherAnswer = await fetch(`${baseUrl()}/api/v1/users/profile`, { headers: { authorization: `Bearer ${other}` } });
    expect(otherAnswer.status).toBe(401);

    // This session stays; the new password signs in.
    await page.getByRole('tab', { name: 'General' }).click();
    await page.getByLabel(/^First name/).waitFor();
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(/#\/login$/);
    await signIn(page, AGENT.username, NEW_PASSWORD);
    // The picture is there from the first page of the new session too.
    await expect.poll(() => page.locator('header img').first().getAttribute('src')).toContain('/uploads/avatars/');

    // The settings menu leads to Preferences; dark is saved on the server.
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Preferences' }).click();
    await page.waitForURL(/#\/preferences$/);
    await page.getByRole('radio', { name: 'Dark' }).check();
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await toast(page, 'Preferences saved');
    const saved = await call((await login(AGENT.username, NEW_PASSWORD))!, 'GET', '/users/preferences');
    expect(saved.data.theme).toBe('dark');
    await screenshot(page, 'account-preferences-1400');

    // 400 px: every screen fits the width.
    await page.setViewportSize({ width: 400, height: 860 });
    for (const [path, name] of [['/#/profile', 'account-general-400'], ['/#/settings', 'account-settings-400'], ['/#/preferences', 'account-preferences-400']] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      await page.getByRole('button', { name: /Save/ }).first().waitFor();
      // Let the closing drawer and the toasts of the last step leave the picture.
      await page.waitForTimeout(600);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
      await screenshot(page, name);
    }
    await page.goto('/#/settings');
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByRole('list', { name: 'Where you are signed in' }).waitFor();
    await screenshot(page, 'account-security-400');
    expect(errors).toEqual([]);
    await context.close();

    // The account widget mounted alone on the crm-host example: the same person, renamed.
    const host = await openPage(browser, 1400);
    await host.page.goto(`${hostUrl()}/examples/crm-host/#/account`);
    const account = host.page.locator('#account');
    await account.getByRole('button', { name: 'Login', exact: true }).waitFor();
    await account.getByRole('textbox', { name: 'Username', exact: true }).fill(AGENT.username);
    await account.getByRole('textbox', { name: 'Password', exact: true }).fill(NEW_PASSWORD);
    await account.getByRole('button', { name: 'Login', exact: true }).click();
    await account.getByRole('tab', { name: 'General', selected: true }).waitFor();
    expect(await account.getByLabel(/^First name/).inputValue()).toBe('Kiran');
    expect(new URL(host.page.url()).hash).toBe('#/account');
    // The saved dark theme followed the person onto the host page (which sets no theme itself).
    await expect
      .poll(() => account.locator('[data-estatedesk-widget-root="account"]').evaluate((el) => getComputedStyle(el).getPropertyValue('--ed-bg').trim()))
      .toBe('#0f172a');
    await screenshot(host.page, 'crm-host-account-1400');
    expect(host.errors).toEqual([]);
    await host.context.close();
  });
});

describe('live dashboard', () => {
  it("the Skyline admin's dashboard shows the company's real lead total, and it grows by one after adding a lead", async () => {
    const admin = (await login('admin@skyline.test', 'Admin@123'))!;
    const summary = (await call(admin, 'GET', '/dashboard/summary')).data;
    const total = summary.leads.total.value as number;
    const shown = (n: number) => n.toLocaleString('en-IN');

    const { context, page, errors } = await openPage(browser, 1400);
    await signIn(page, 'admin@skyline.test', 'Admin@123');
    const card = page.getByRole('region', { name: 'Total Number of Leads' });
    await card.getByText(shown(total), { exact: true }).waitFor();
    await page.getByRole('table', { name: 'Latest Leads' }).waitFor();
    await page.waitForTimeout(800);
    await screenshot(page, 'dashboard-live-1400');

    const workflows = (await call(admin, 'GET', '/workflow/list')).data as Array<{ id: number; name: string }>;
    const open = workflows.find((w) => w.name === 'Open') ?? workflows.find((w) => w.name !== 'All Contacts')!;
    const added = await call(admin, 'POST', '/leads/store', {
      first_name: 'Dashboard',
      last_name: 'Counter',
      email: `dashboard.counter.${Date.now()}@e2e.test`,
      phone: '+91 99999 00002',
      lead_source: 'Website',
      property_type: 1,
      workflow_id: open.id,
      activities: 1,
    });
    await page.reload();
    await card.getByText(shown(total + 1), { exact: true }).waitFor();
    await page.getByRole('table', { name: 'Latest Leads' }).getByText('Dashboard Counter').waitFor();

    await page.setViewportSize({ width: 400, height: 860 });
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    await screenshot(page, 'dashboard-live-400');

    // A company with nothing yet sees a welcome, not zeros (its answer stood in by the page's router).
    await page.route('**/api/v1/dashboard/summary', (route) =>
      route.fulfill({
        json: {
          status: 'Success',
          data: { ...summary, has_data: false, conversions: { percentage: 0, won: 0, decided: 0 }, properties: { total: 0, available: 0, percentage: 0 }, top_properties: [], latest_leads: [] },
        },
      }),
    );
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.reload();
    await page.getByText('Your dashboard fills up as you work').waitFor();
    expect(await page.getByRole('region', { name: 'Conversions' }).count()).toBe(0);
    await screenshot(page, 'dashboard-empty-1400');
    await page.setViewportSize({ width: 400, height: 860 });
    await page.waitForTimeout(300);
    await screenshot(page, 'dashboard-empty-400');
    expect(errors).toEqual([]);
    await context.close();

    const id = added?.data?.id ?? added?.data?.data?.id;
    if (id) await call(admin, 'DELETE', `/leads/${id}`);
  });
});
