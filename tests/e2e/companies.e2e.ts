/**
 * Companies as people use them, in Chromium against the built reference server: the super admin
 * adds a company with its icon, logo and cover photo, finds it in All Companies, views and edits
 * it, and deletes it; the Skyline admin opens and edits their company profile and sees the new
 * accent colour across the app; the Skyline admin opening the company list is sent to the
 * dashboard; the profile mounted alone on the crm-host example shows Skyline. Screenshots at 1400
 * and 400 px land in tests/e2e/screenshots/.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostUrl, launchBrowser, openPage, screenshot, signIn } from './support/browser';
import { pngImage } from './support/png';

let browser: Browser;
let images: { icon: string; logo: string; cover: string };
beforeAll(async () => {
  browser = await launchBrowser();
  const dir = mkdtempSync(join(tmpdir(), 'ed-companies-e2e-'));
  const write = (name: string, width: number, height: number, rgb: [number, number, number]) => {
    const path = join(dir, name);
    writeFileSync(path, pngImage(width, height, () => rgb));
    return path;
  };
  images = { icon: write('icon.png', 64, 64, [15, 118, 110]), logo: write('logo.png', 120, 60, [19, 78, 74]), cover: write('cover.png', 480, 160, [94, 234, 212]) };
});
afterAll(async () => {
  await browser?.close();
});


const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
/** The accent the app's widget root carries (the brand's, else none set). */
const accent = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLElement>('[data-estatedesk-widget-root="admin-app"]')?.style.getPropertyValue('--ed-accent') ?? '');

describe('companies', () => {
  it('the super admin adds a company with three images, finds, views, edits and deletes it', async () => {
    const { context, page, errors } = await openPage(browser, 1400);
    await signIn(page, 'super@estatedesk.test', 'Super@123');
    await page.goto('/#/management/company/addcompany');
    const form = page.getByRole('form', { name: 'Add Company' });
    const fill = (label: RegExp, value: string) => form.getByLabel(label).first().fill(value);
    await fill(/^Display name/, 'E2E Lakeview Estates');
    await fill(/^Tagline/, 'Homes by the water');
    await fill(/^Founding year/, '2018');
    await fill(/^Primary colour\s*\*?$/, '#0f766e');
    await fill(/^Secondary colour\s*\*?$/, '#134e4a');
    await fill(/^Short description/, 'Lakeside homes in Rajasthan.');
    await form.getByRole('textbox', { name: /^Description/ }).fill('We sell lakeside villas and plots.');
    await fill(/^Office address/, '12 Lake Road');
    await fill(/^City/, 'Udaipur');
    await fill(/^State/, 'Rajasthan');
    await fill(/^Postal code/, '313001');
    await fill(/^Hours of operation/, 'Mon-Fri: 9AM-5PM');
    await fill(/^Operating states/, 'Rajasthan, Gujarat');
    await fill(/^Operating cities/, 'Udaipur, Ahmedabad');
    await form.getByLabel(/^Firm type/).selectOption('Villa');
    await form.getByLabel(/^Inventory type/).selectOption('own');
    await fill(/^Inventory categories/, 'Villa, Plot');
    await fill(/^Lead communication/, 'Email, Phone');
    await fill(/^Website/, 'https://lakeview.example');
    await fill(/^Instagram/, 'https://instagram.com/lakeview');
    await form.getByLabel(/^Icon/).setInputFiles(images.icon);
    await form.getByLabel(/^Logo/).setInputFiles(images.logo);
    await form.getByLabel(/^Cover photo/).setInputFiles(images.cover);
    await expect.poll(() => form.getByRole('img', { name: /preview$/ }).count()).toBe(3);
    await screenshot(page, 'companies-add-1400');
    await form.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Company created successfully!');
    await page.waitForURL(/#\/management\/company\/companylist$/);

    const table = page.getByRole('table', { name: 'All Companies' });
    const row = table.getByRole('row').filter({ hasText: 'E2E Lakeview Estates' });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(4).textContent()).toBe('Udaipur, 313001, India');
    await row.getByRole('img', { name: 'E2E Lakeview Estates logo' }).waitFor();
    expect(await row.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await screenshot(page, 'companies-list-1400');

    await row.getByRole('button', { name: 'View details of E2E Lakeview Estates' }).click();
    const details = page.getByRole('dialog', { name: 'E2E Lakeview Estates' });
    await details.getByRole('region', { name: 'Company Overview' }).waitFor();
    await details.getByRole('img', { name: 'E2E Lakeview Estates icon' }).waitFor();
    expect(await details.getByRole('link', { name: 'https://lakeview.example' }).getAttribute('href')).toBe('https://lakeview.example');
    await screenshot(page, 'companies-details-1400');
    await page.keyboard.press('Escape');

    await row.getByRole('button', { name: 'Edit E2E Lakeview Estates' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Company' });
    await edit.getByLabel(/^Tagline/).fill('Homes by the lake');
    await edit.getByLabel(/^City/).fill('Jaipur');
    await edit.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Company updated successfully');
    await row.getByText('Jaipur, 313001, India').waitFor();

    await row.getByRole('button', { name: 'Delete E2E Lakeview Estates' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await confirm.getByText('This action cannot be undone. This will permanently delete the company data.').waitFor();
    await screenshot(page, 'companies-delete-1400');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Company deleted successfully');
    await expect.poll(() => row.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the Skyline admin edits their company profile and sees the new accent across the app', async () => {
    const { context, page, errors } = await openPage(browser, 1400);
    await signIn(page, 'admin@skyline.test', 'Admin@123');
    // Skyline's brand arrives with its company (fetched once after sign-in).
    await page.waitForFunction(() => Boolean(document.querySelector<HTMLElement>('[data-estatedesk-widget-root="admin-app"]')?.style.getPropertyValue('--ed-accent')));
    const before = await accent(page);
    expect(before).toMatch(/^#[0-9a-f]{6}$/);
    await page.getByRole('img', { name: 'Skyline Realty logo' }).waitFor();

    await page.goto('/#/management/user/companyprofile');
    await page.getByRole('heading', { name: 'Skyline Realty', level: 2 }).waitFor();
    await page.getByRole('region', { name: 'Connect With Us' }).getByRole('link').first().waitFor();
    await screenshot(page, 'company-profile-1400');
    await page.getByRole('button', { name: 'Edit My Company Profile' }).click();
    const form = page.getByRole('form', { name: 'My Company Profile' });
    await form.getByLabel(/^Tagline/).fill('Homes that rise, in violet');
    await form.getByLabel(/^Primary colour\s*\*?$/).fill('#7c3aed');
    await screenshot(page, 'company-profile-edit-1400');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Company updated successfully');
    await page.waitForURL(/#\/management\/company\/companyprofile$/);
    await page.getByText('Homes that rise, in violet').waitFor();
    await expect.poll(() => accent(page)).toBe('#7c3aed');

    // Across the app: the leads board's primary button and the sidebar's active link follow.
    await page.goto('/#/leads-management');
    const addLead = page.getByRole('button', { name: /Add Lead/ });
    await addLead.waitFor();
    expect(await addLead.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(124, 58, 237)');
    await screenshot(page, 'company-brand-leads-1400');
    // After a reload the cached company keeps the brand.
    await page.reload();
    await addLead.waitFor();
    await expect.poll(() => accent(page)).toBe('#7c3aed');

    // Put Skyline's colour back for whatever runs next.
    await page.goto('/#/management/user/companyprofile');
    await page.getByRole('button', { name: 'Edit My Company Profile' }).click();
    await page.getByRole('form', { name: 'My Company Profile' }).getByLabel(/^Primary colour\s*\*?$/).fill('#f97316');
    await page.getByRole('form', { name: 'My Company Profile' }).getByLabel(/^Tagline/).fill('Homes that rise above the rest');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => accent(page)).toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the Skyline admin opening the company list is sent to the dashboard; the profile reads at 400 px', async () => {
    const { context, page } = await openPage(browser, 400);
    await signIn(page, 'admin@skyline.test', 'Admin@123');
    await page.goto('/#/management/company/companylist');
    await page.waitForURL(/#\/dashboard$/);
    await page.goto('/#/management/company/addcompany');
    await page.waitForURL(/#\/dashboard$/);
    await page.goto('/#/management/company/companyprofile');
    await page.getByRole('heading', { name: 'Skyline Realty', level: 2 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    await screenshot(page, 'company-profile-400');
    await context.close();
  });

  it('the super admin\'s screens at 400 px', async () => {
    const { context, page } = await openPage(browser, 400);
    await signIn(page, 'super@estatedesk.test', 'Super@123');
    await page.goto('/#/management/company/companylist');
    await page.getByRole('table', { name: 'All Companies' }).getByText('Harbor Homes').waitFor();
    await screenshot(page, 'companies-list-400');
    await page.goto('/#/management/company/addcompany');
    await page.getByRole('form', { name: 'Add Company' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    await screenshot(page, 'companies-add-400');
    await context.close();
  });

  it('the profile widget mounted alone on the crm-host example shows Skyline', async () => {
    const { context, page, errors } = await openPage(browser, 1400);
    await page.goto(`${hostUrl()}/examples/crm-host/#/about`);
    const about = page.locator('#about');
    await about.getByRole('button', { name: 'Login', exact: true }).waitFor();
    await about.getByRole('textbox', { name: 'Username', exact: true }).fill('admin@skyline.test');
    await about.getByRole('textbox', { name: 'Password', exact: true }).fill('Admin@123');
    await about.getByRole('button', { name: 'Login', exact: true }).click();
    await about.getByRole('heading', { name: 'Skyline Realty', level: 2 }).waitFor();
    await about.getByRole('region', { name: 'Communication Preferences' }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/about');
    // The brand reaches the embedded widget too.
    await expect.poll(() => about.locator('[data-estatedesk-widget-root]').evaluate((el: HTMLElement) => el.style.getPropertyValue('--ed-accent'))).toMatch(/^#[0-9a-f]{6}$/);
    await screenshot(page, 'crm-host-company-profile-1400');
    expect(errors).toEqual([]);
    await context.close();
  });
});
