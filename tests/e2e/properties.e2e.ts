/**
 * The property inventory as a person uses it, in Chromium against the built reference server: the
 * Skyline admin adds a property with a cover and two other photos, finds it first in the grid,
 * hearts it and sees it in Favourites, opens its details and steps the carousel, edits it (the
 * grid hands the property over) — adds a photo there and makes it the cover, then sees it as the
 * card's image and first in the details' carousel, where a lead looking for a villa in the same
 * place is listed and one click opens it on the leads board —, sets it unavailable and sees that
 * survive a reload, deletes it
 * after "Confirm Delete" and sees it leave Favourites too; an agent with read-only property
 * permissions sees no Add, Edit or Delete; on the crm-host example each screen, mounted alone,
 * works (a followed lead takes the host to its own leads board). Screenshots at 1400 and 400 px
 * land in tests/e2e/screenshots/.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, hostUrl, launchBrowser, openPage, screenshot, signIn } from './support/browser';
import { pngImage } from './support/png';
import { signInWithin } from './support/embed';

let browser: Browser;
let files: string[];
beforeAll(async () => {
  browser = await launchBrowser();
  const dir = mkdtempSync(join(tmpdir(), 'ed-props-e2e-'));
  files = [[234, 120, 40], [60, 140, 200], [90, 170, 90], [200, 40, 160]].map((rgb, i) => {
    const path = join(dir, `photo-${i}.png`);
    writeFileSync(path, pngImage(120, 90, () => rgb as [number, number, number]));
    return path;
  });
});
afterAll(async () => {
  await browser?.close();
});


const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

/** The Skyline admin's API calls, outside the browser (a fixture lead, then its removal). */
async function skylineApi(): Promise<(method: string, path: string, body?: unknown) => Promise<any>> {
  const login = await fetch(`${baseUrl()}/api/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@skyline.test', password: 'Admin@123' }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  return async (method, path, body) => {
    const res = await fetch(`${baseUrl()}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(res.status, `${method} ${path}`).toBeLessThan(300);
    return res.json();
  };
}

/** The file name of a rendition without its size suffix: the same photo whatever its size. */
const photoOf = (src: string | null) => /([0-9a-f]+)-(?:small|medium)\.webp$/.exec(src ?? '')?.[1] ?? `not a rendition: ${src}`;

describe('property inventory', () => {
  it('adds, finds, favourites, shows, edits, sets the status of and deletes a property', async () => {
    const { context, page, errors } = await openPage(browser, 1400);
    await signIn(page, 'admin@skyline.test', 'Admin@123');
    await page.goto('/#/properties/list');
    await page.locator('article img').first().waitFor();
    expect(await page.getByRole('article').count()).toBe(12);
    await screenshot(page, 'properties-1400');

    // A lead looking for a villa where this one will be: the details list it among matching leads.
    const api = await skylineApi();
    const workflows = (await api('GET', '/workflow/list')) as { data: Array<{ id: number; name: string }> };
    const open = workflows.data.find((w) => w.name !== 'All Contacts')!;
    await api('POST', '/leads/store', {
      first_name: 'E2E',
      last_name: 'Villa Seeker',
      name: 'E2E Villa Seeker',
      email: `villa.seeker.${Date.now()}@e2e.test`,
      phone: '+91 99999 00001',
      city: 'Lakeshore',
      lead_source: 'Website',
      property_type: 8,
      workflow_id: open.id,
      activities: 1,
    });

    await page.goto('/#/properties/add');
    await page.getByRole('textbox', { name: 'Title' }).fill('E2E Lake Villa');
    await page.getByRole('textbox', { name: 'Location' }).fill('Lakeshore, Udaipur');
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
    // The carousel is the whole gallery, cover first: three photos, two at a time.
    expect(await shown()).toEqual(['E2E Lake Villa, image 1 of 3', 'E2E Lake Villa, image 2 of 3']);
    await screenshot(page, 'properties-details-1400');

    await page.goto('/#/properties/list');
    await card(page, 'E2E Lake Villa').getByRole('button', { name: 'Edit E2E Lake Villa' }).click();
    await page.waitForURL(/#\/properties\/edit\/\d+$/);
    const id = /edit\/(\d+)$/.exec(page.url())![1]!;
    const gallery = page.getByRole('list', { name: 'Photos of E2E Lake Villa, cover first' });
    await gallery.getByRole('listitem', { name: 'Photo 3 of 3' }).waitFor();
    await page.getByLabel('Add photos').setInputFiles(files[3]!);
    await gallery.getByRole('listitem', { name: 'Photo 4 of 4' }).waitFor();
    const ordered = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/v1/properties/${id}/images`));
    await page.getByRole('button', { name: 'Make photo 4 the cover' }).click();
    expect((await ordered).status()).toBe(200);
    await page.getByText('All photo changes saved', { exact: true }).waitFor();
    const newCover = photoOf(await gallery.getByRole('listitem', { name: 'Photo 1 of 4, cover' }).locator('img').getAttribute('src'));
    await screenshot(page, 'properties-edit-photos-1400');
    await page.getByRole('textbox', { name: 'Title' }).fill('E2E Lake Villa II');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForURL(/#\/properties\/list$/);
    await card(page, 'E2E Lake Villa II').waitFor();
    expect(photoOf(await card(page, 'E2E Lake Villa II').locator('img').first().getAttribute('src'))).toBe(newCover);

    await card(page, 'E2E Lake Villa II').getByRole('link', { name: 'E2E Lake Villa II' }).click();
    const newCarousel = page.getByRole('region', { name: 'Images of E2E Lake Villa II' });
    await newCarousel.waitFor();
    expect(photoOf(await newCarousel.getByRole('img').first().getAttribute('src'))).toBe(newCover);
    expect(await newCarousel.getByRole('img').first().getAttribute('alt')).toBe('E2E Lake Villa II, image 1 of 4');
    const matching = page.getByRole('region', { name: 'Matching leads' });
    const seeker = matching.getByRole('link', { name: 'E2E Villa Seeker' });
    await seeker.waitFor();
    // Same city first: the fixture lead leads the list.
    expect(await matching.getByRole('link').first().textContent()).toBe('E2E Villa Seeker');
    await screenshot(page, 'properties-details-leads-1400');
    await seeker.click();
    await page.waitForURL(/#\/leads-management\?lead=\d+$/);
    const leadId = /lead=(\d+)$/.exec(page.url())![1]!;
    await page.getByRole('heading', { name: 'Leads', exact: true, level: 2 }).waitFor();
    await api('DELETE', `/leads/${leadId}`);

    await page.goto('/#/properties/list');
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

  it('works screen by screen on the crm-host example, each mounted alone', async () => {
    const { context, page, errors } = await openPage(browser, 1400);
    await page.goto(`${hostUrl()}/examples/crm-host/#/leads`);
    await signInWithin(page.locator('#leads'));
    await page.locator('#estatedesk-status', { hasText: 'signed in as' }).waitFor();
    const show = async (route: string, id: string) => {
      await page.goto(`${hostUrl()}/examples/crm-host/#${route}`);
      return page.locator(`#${id}`);
    };

    const grid = await show('/listings', 'listings');
    await grid.locator('article img').first().waitFor();
    expect(await grid.getByRole('article').count()).toBe(12);
    const heart = grid.getByRole('button', { name: /to favourites$/ }).first();
    const hearted = /^Add (.+) to favourites$/.exec((await heart.getAttribute('aria-label')) ?? '')![1]!;
    await heart.click();
    await screenshot(page, 'crm-host-listings-1400');

    const favourites = await show('/listings/favourites', 'listing-favourites');
    await favourites.getByRole('heading', { name: 'Favorite Properties' }).waitFor();
    // Another mount of the same namespace: the heart given on the grid is here.
    await favourites.getByRole('article', { name: hearted, exact: true }).waitFor();

    const add = await show('/listings/add', 'listing-add');
    await add.getByRole('heading', { name: 'Add Property' }).waitFor();
    await add.getByLabel('Cover image').waitFor({ state: 'attached' });

    const edit = await show('/listings/edit', 'listing-edit');
    await edit.getByRole('heading', { name: /^Photos \(\d+\)$/ }).waitFor();
    await edit.getByRole('listitem', { name: /^Photo 1 of \d+, cover$/ }).waitFor();
    expect(await edit.getByRole('button', { name: 'Save Changes' }).isEnabled()).toBe(true);
    await screenshot(page, 'crm-host-listing-edit-1400');

    const details = await show('/listings/details', 'listing-details');
    await details.getByRole('region', { name: /^Images of / }).waitFor();
    const lead = details.getByRole('region', { name: 'Matching leads' }).getByRole('link').first();
    await lead.waitFor();
    await screenshot(page, 'crm-host-listing-details-1400');
    // Mounted alone the widget has no leads board: the host hears the navigation and opens its own.
    await lead.click();
    await page.waitForURL(/#\/leads$/);
    await page.locator('#leads').getByRole('heading', { name: 'Leads', exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
