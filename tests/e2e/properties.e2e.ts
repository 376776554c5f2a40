/**
 * The property inventory as a person uses it, in Chromium against the built reference server: the
 * Skyline admin adds a property with a cover and two other photos, finds it first in the grid,
 * hearts it and sees it in Favourites, opens its details and steps the carousel, edits it (the
 * grid hands the property over), sets it unavailable and sees that survive a reload, deletes it
 * after "Confirm Delete" and sees it leave Favourites too; an agent with read-only property
 * permissions sees no Add, Edit or Delete. Screenshots at 1400 and 400 px land in
 * tests/e2e/screenshots/.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from './support/browser';

let browser: Browser;
let files: string[];
beforeAll(async () => {
  browser = await launchBrowser();
  const dir = mkdtempSync(join(tmpdir(), 'ed-props-e2e-'));
  files = [[234, 120, 40], [60, 140, 200], [90, 170, 90]].map((rgb, i) => {
    const path = join(dir, `photo-${i}.png`);
    writeFileSync(path, png(120, 90, rgb as [number, number, number]));
    return path;
  });
});
afterAll(async () => {
  await browser?.close();
});

/** A plain-colour PNG, so the upload is a real image the server can re-encode. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/#/login');
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(/#\/dashboard$/);
}

const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

describe('property inventory', () => {
  it('adds, finds, favourites, shows, edits, sets the status of and deletes a property', async () => {
    const { context, page, errors } = await openPage(browser, 1400);
    await signIn(page, 'admin@skyline.test', 'Admin@123');
    await page.goto('/#/properties/list');
    await page.locator('article img').first().waitFor();
    expect(await page.getByRole('article').count()).toBe(12);
    await screenshot(page, 'properties-1400');

    await page.goto('/#/properties/add');
    await page.getByRole('textbox', { name: 'Title' }).fill('E2E Lake Villa');
    await page.getByRole('combobox', { name: 'Property type' }).selectOption('Villa');
    await page.getByLabel('Price (₹)').fill('12500000');
    await page.getByLabel('Bedrooms').fill('4');
    await page.getByLabel('Features').fill('Pool, Garden , Lift');
    await page.getByLabel('Cover image').setInputFiles(files[0]!);
    await page.getByLabel('Other images').setInputFiles([files[1]!, files[2]!]);
    await expect.poll(() => page.getByRole('img', { name: /preview$/ }).count()).toBe(3);
    await screenshot(page, 'properties-add-1400');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Property added successfully!', { exact: true }).first().waitFor();
    expect(await page.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('');

    await page.goto('/#/properties/list');
    await card(page, 'E2E Lake Villa').waitFor();
    expect(await card(page, 'E2E Lake Villa').getByText('₹1.25 Cr').count()).toBe(1);
    await card(page, 'E2E Lake Villa').getByRole('button', { name: 'Add E2E Lake Villa to favourites' }).click();

    await page.goto('/#/properties/favourites');
    await page.getByRole('heading', { name: 'Favorite Properties' }).waitFor();
    await card(page, 'E2E Lake Villa').waitFor();

    await card(page, 'E2E Lake Villa').getByRole('link', { name: 'E2E Lake Villa' }).click();
    const carousel = page.getByRole('region', { name: 'Images of E2E Lake Villa' });
    await carousel.waitFor();
    expect(await page.getByRole('list', { name: 'Features' }).getByRole('listitem').allInnerTexts()).toEqual(['Pool', 'Garden', 'Lift']);
    const shown = () => carousel.getByRole('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')));
    expect(await shown()).toEqual(['E2E Lake Villa, image 1 of 2', 'E2E Lake Villa, image 2 of 2']);
    await screenshot(page, 'properties-details-1400');

    await page.goto('/#/properties/list');
    await card(page, 'E2E Lake Villa').getByRole('button', { name: 'Edit E2E Lake Villa' }).click();
    await page.waitForURL(/#\/properties\/edit\/\d+$/);
    await page.getByRole('textbox', { name: 'Title' }).fill('E2E Lake Villa II');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForURL(/#\/properties\/list$/);
    await card(page, 'E2E Lake Villa II').waitFor();

    // Listen before choosing: the PUT can be answered before a listener set afterwards exists.
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/v1/properties/'));
    await card(page, 'E2E Lake Villa II').getByRole('combobox', { name: 'Status of E2E Lake Villa II' }).selectOption('unavailable');
    expect((await saved).status()).toBe(200);
    await page.reload();
    await card(page, 'E2E Lake Villa II').waitFor();
    expect(await card(page, 'E2E Lake Villa II').getByRole('combobox').inputValue()).toBe('unavailable');

    await card(page, 'E2E Lake Villa II').getByRole('button', { name: 'Delete E2E Lake Villa II' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm Delete' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await card(page, 'E2E Lake Villa II').waitFor({ state: 'detached' });

    // The stored favourite was the renamed property: it is dropped once Favourites asks the server.
    await page.goto('/#/properties/favourites');
    await page.getByText('No favorite properties yet', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows an agent with read-only property permissions no Add, Edit or Delete', async () => {
    const { context, page } = await openPage(browser, 400, 860);
    await signIn(page, 'agent@skyline.test', 'Agent@123');
    await page.goto('/#/properties/list');
    await page.locator('article img').first().waitFor();
    await screenshot(page, 'properties-agent-400');
    expect(await page.getByRole('article').count()).toBe(12);
    for (const name of [/^Add Property$/, /^Edit /, /^Delete /]) expect(await page.getByRole('button', { name }).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: /^Status of / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /to favourites$/ }).count()).toBe(12);
    await context.close();
  });
});
