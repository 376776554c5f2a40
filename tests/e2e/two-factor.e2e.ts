/**
 * Two-factor sign-in as a person uses it, in Chromium against the built reference server: the
 * Harbor admin opens Settings → Security, turns on two-factor (the QR code and key of the set-up,
 * a first code computed here from the key, the password), sees the recovery codes once, then signs
 * in again in a fresh browser: after the password the code step asks for a code, and one computed
 * here signs in. Two-factor is turned off again at the end (other e2e files sign in as this admin).
 * Screenshots of the set-up and the code step land in tests/e2e/screenshots/.
 */
import { createHmac } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage, screenshot, signIn } from './support/browser';

const ADMIN = { username: 'admin@harbor.test', password: 'Admin@123' };

/** RFC 6238 (SHA-1, 6 digits, 30 s) of a base32 key, `steps` steps from now. */
function totp(secret: string, steps = 0): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...secret.replace(/\s/g, '')].map((c) => alphabet.indexOf(c).toString(2).padStart(5, '0')).join('');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + steps));
  const mac = createHmac('sha1', key).update(counter).digest();
  return String((mac.readUInt32BE(mac[19]! & 0xf) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

let browser: Browser;
let recovery: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (recovery.length < 2) return;
  // Off again through the API with two recovery codes: one to sign in, one to turn it off.
  const post = async (path: string, body: unknown, token?: string) =>
    (
      await fetch(`${baseUrl()}/api/v1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      })
    ).json() as Promise<any>;
  const challenge = (await post('/auth', ADMIN)).data.challenge_token;
  const token = (await post('/auth/two-factor', { challenge_token: challenge, code: recovery[0] })).data.token;
  await post('/users/two-factor/disable', { code: recovery[1], password: ADMIN.password }, token);
});

describe('two-factor sign-in in Chromium', () => {
  it('turns on two-factor from the Security tab and signs in with a code', async () => {
    const { context, page, errors } = await openPage(browser);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto('/#/settings');
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const qr = page.getByRole('img', { name: /QR code/ });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    // The image really decoded (an SVG the browser could draw).
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const secret = ((await page.getByTestId('totp-key').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.locator('[data-section="two-factor"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'two-factor-setup');

    // The step before now is within the drift: the sign-in below can use the current one.
    await page.getByRole('textbox', { name: 'Code from the app' }).fill(totp(secret, -1));
    await page.getByRole('form', { name: 'Turn on two-factor sign-in' }).getByLabel(/^Current password/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Confirm and turn on' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    recovery = await codes.allTextContents();
    expect(recovery).toHaveLength(10);
    await screenshot(page, 'two-factor-recovery-codes');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText('10 recovery codes left.').waitFor();
    await context.close();

    const fresh = await openPage(browser);
    await fresh.page.goto('/#/login');
    await fresh.page.getByRole('textbox', { name: 'Username', exact: true }).fill(ADMIN.username);
    await fresh.page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
    await fresh.page.getByRole('button', { name: 'Login', exact: true }).click();
    const code = fresh.page.getByRole('textbox', { name: 'Authentication code' });
    await code.waitFor();
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.evaluate((el) => el === document.activeElement)).toBe(true);
    await code.fill('000000');
    await fresh.page.getByRole('button', { name: 'VERIFY', exact: true }).click();
    await fresh.page.getByText('That code is not right').waitFor();
    await screenshot(fresh.page, 'two-factor-code-step');
    await code.fill(totp(secret));
    await fresh.page.getByRole('button', { name: 'VERIFY', exact: true }).click();
    await fresh.page.waitForURL(/#\/dashboard$/);
    expect([...errors, ...fresh.errors]).toEqual([]);
    await fresh.context.close();
  }, 60_000);
});
