/**
 * Leads Management as a person uses it, in Chromium against the built reference server: the Skyline
 * admin adds a lead, finds it by search, changes its status inline and sees it move tabs, edits it,
 * imports the sample file with one bad row added and reads the report, exports (a real download
 * with the right content), deletes a lead; the agent finds no delete controls. Screenshots at 1400
 * and 400 px land in tests/e2e/screenshots/.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api';
import { launchBrowser, openPage, screenshot, signIn } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens Leads Management from the sidebar and waits for the first rows. */
async function openLeads(page: Page) {
  await page.getByRole('navigation').getByRole('link', { name: 'Leads Management' }).click();
  await page.waitForURL(/#\/leads-management$/);
  await page.getByRole('heading', { name: 'Leads', exact: true }).first().waitFor();
  await leadRows(page).first().waitFor();
}

const table = (page: Page) => page.getByRole('table', { name: 'Leads' });
const leadRows = (page: Page) => table(page).locator('tbody tr[aria-selected]');
const rowOf = (page: Page, name: string) => leadRows(page).filter({ has: page.getByText(name, { exact: true }) });
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search leads' });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** Types a search and waits until the board shows exactly the one lead expected ("1 matching lead"). */
async function searchFor(page: Page, text: string, expected: string) {
  await search(page).fill(text);
  await rowOf(page, expected).waitFor();
  await expect.poll(() => leadRows(page).count()).toBe(1);
  await page.getByText(/(^|\D)1 matching lead(\W|$)/).waitFor();
}

async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download') as Promise<Download>, click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

const dialog = (page: Page, name: string): Locator => page.getByRole('dialog', { name });

/** Lets entry animations (modals, toasts) finish before a screenshot. */
async function settled(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.waitForTimeout(100);
}

describe('Leads Management as the Skyline admin', () => {
  it('add, search, status change across tabs, edit, import with a report, export, delete', async () => {
    const { context, page, errors } = await openPage(browser);
    const stamp = Date.now().toString(36);
    const last = `Tester${stamp}`;
    const name = `Meera ${last}`;
    await signIn(page, 'admin@skyline.test', 'Admin@123');
    await openLeads(page);
    await expect.poll(() => leadRows(page).count()).toBe(10);
    await expect.poll(() => page.getByRole('tab').allInnerTexts()).toEqual(['All Contacts', 'Open', 'Won', 'Lost']);
    await screenshot(page, 'leads-1400');

    // Add a lead.
    await page.getByRole('button', { name: 'Add Lead', exact: true }).click();
    const add = dialog(page, 'Add New Lead');
    await add.getByLabel('First Name').fill('Meera');
    await add.getByLabel('Last Name').fill(last);
    await add.getByLabel('Email').fill(`meera.${stamp}@e2e.test`);
    await add.getByLabel('Phone').fill('+91 98765 43210');
    await add.getByLabel('City').fill('Kochi');
    await add.getByLabel('Lead Source').selectOption({ label: 'Referral' });
    await add.getByLabel('Property Type').selectOption({ label: 'Villa' });
    await add.getByLabel('Status').selectOption({ label: 'Open' });
    await add.getByLabel('Activities').selectOption({ label: 'Showcasing activity' });
    await settled(page);
    await screenshot(page, 'leads-add-1400');
    await add.getByRole('button', { name: 'Add Lead', exact: true }).click();
    await toast(page, 'Lead added successfully!').waitFor();
    await add.waitFor({ state: 'hidden' });

    // Find it by search (any case, any of name / e-mail / phone / city).
    await searchFor(page, last.toUpperCase(), name);
    await searchFor(page, `meera.${stamp}@e2e`, name);

    // Change its status inline: it leaves Open and shows up under Won.
    await page.getByRole('tab', { name: 'Open' }).click();
    await rowOf(page, name).waitFor();
    await rowOf(page, name).getByRole('combobox', { name: `Status of ${name}` }).selectOption({ label: 'Won' });
    await toast(page, 'Status updated successfully').waitFor();
    await page.getByText('No leads found').waitFor();
    await page.getByRole('tab', { name: 'Won' }).click();
    await rowOf(page, name).waitFor();
    await expect.poll(() => rowOf(page, name).getByText('Won', { exact: true }).count()).toBeGreaterThan(0);

    // Edit it: a new phone number shows in the table.
    await rowOf(page, name).getByRole('button', { name: `Edit ${name}` }).click();
    const edit = dialog(page, 'Edit Lead');
    await expect.poll(() => edit.getByLabel('Phone').inputValue()).toBe('+91 98765 43210');
    await edit.getByLabel('Phone').fill('+91 90123 45678');
    await edit.getByLabel('City').fill('Thrissur');
    await settled(page);
    await screenshot(page, 'leads-edit-1400');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Lead updated successfully').waitFor();
    await rowOf(page, name).getByText('+91 90123 45678').waitFor();

    // Import the sample file with one bad row added, and read the report.
    await search(page).fill('');
    await page.getByRole('tab', { name: 'All Contacts' }).click();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const importer = dialog(page, 'Import Leads');
    const sample = await download(page, () => importer.getByRole('button', { name: 'Sample Format' }).click());
    const sampleLines = sample.text.replace(/^\uFEFF/, '').split(/\r?\n/).filter(Boolean);
    expect(sampleLines[0]).toBe('first_name,last_name,email,phone,address,city,state,postal_code,country,lead_source,property_type,workflow,activities');
    expect(sampleLines).toHaveLength(3);
    const file = join(mkdtempSync(join(tmpdir(), 'ed-e2e-')), 'leads-with-a-bad-row.csv');
    writeFileSync(file, `${sample.text.trimEnd()}\r\nNo,Email,,90000 00009,,Pune,,,India,Website,Plot,Open,1\r\n`);
    await importer.locator('input[type="file"]').setInputFiles(file);
    await importer.getByRole('button', { name: 'Upload' }).click();
    const report = importer.getByRole('region', { name: 'Import report' });
    await report.getByText('Imported 2 leads. 1 row rejected.').waitFor();
    await report.getByText('Row 4: Email is required', { exact: true }).waitFor();
    await settled(page);
    await screenshot(page, 'leads-import-report-1400');
    await importer.getByText('Close', { exact: true }).click();
    await importer.waitFor({ state: 'hidden' });
    await searchFor(page, 'asha.verma@example', 'Asha Verma');

    // Export the searched tab: a real CSV download with these rows, formulas neutralised.
    await searchFor(page, last, name);
    const exported = await download(page, () => page.getByRole('button', { name: 'Export' }).click());
    expect(exported.name).toMatch(/^leads-all-contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = exported.text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('id,first_name,last_name,email,phone,address,city,state,postal_code,country,lead_source,property_type,workflow,activities,created_at,updated_at');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,Meera,${last},meera.${stamp}@e2e.test,'+91 90123 45678,,Thrissur,`);
    expect(lines[1]).toContain(',Referral,Villa,Won,Showcasing activity,');

    // Delete it.
    await rowOf(page, name).getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Lead' }).or(page.getByRole('dialog', { name: 'Delete Lead' }));
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, 'Lead deleted successfully').waitFor();
    await page.getByText('No leads found').waitFor();

    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('looks right at 400 px', async () => {
    const { context, page, errors } = await openPage(browser, 400, 800);
    await signIn(page, 'admin@skyline.test', 'Admin@123');
    await page.goto('/#/leads-management');
    await leadRows(page).first().waitFor();
    // A hovered row must stay readable where the sticky Actions column covers scrolled cells.
    await leadRows(page).nth(1).hover();
    await settled(page);
    await screenshot(page, 'leads-400');
    // The page itself never scrolls sideways; the table scrolls inside its card.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Add Lead', exact: true }).click();
    const add = dialog(page, 'Add New Lead');
    await add.waitFor();
    await settled(page);
    await screenshot(page, 'leads-add-400');

    // Sent empty: the toast spans the top of the phone, over the dialog's title and close button.
    // When the close button takes the focus, the toast steps aside to the bottom, clear of it.
    await add.getByRole('button', { name: 'Add Lead', exact: true }).click();
    const notice = page.getByRole('region', { name: 'Notifications' });
    await notice.getByText('Please fill in all required fields').waitFor();
    const close = add.getByRole('button', { name: 'Close', exact: true });
    const box = async (locator: Locator) => (await locator.boundingBox())!;
    const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
      a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;
    expect(overlap(await box(notice), await box(close))).toBe(true);
    await close.focus();
    await expect.poll(async () => overlap(await box(notice), await box(close))).toBe(false);
    await settled(page);
    await screenshot(page, 'leads-add-errors-close-focused-400');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('Leads Management as the Skyline agent (no lead-delete)', () => {
  it('shows the leads with no delete controls', async () => {
    for (const width of [1400, 400]) {
      const { context, page, errors } = await openPage(browser, width, width === 400 ? 800 : 900);
      await signIn(page, 'agent@skyline.test', 'Agent@123');
      await page.goto('/#/leads-management');
      await expect.poll(() => leadRows(page).count()).toBe(10);
      expect(await table(page).getByRole('button', { name: /^Delete / }).count()).toBe(0);
      expect(await table(page).getByRole('button', { name: /^Edit / }).count()).toBe(10);
      // Selecting rows offers a status change but no bulk delete.
      await leadRows(page).first().getByRole('checkbox').check();
      expect(await page.getByRole('button', { name: /delete/i }).count()).toBe(0);
      // The agent holds lead-create: Add Lead and Import stay.
      await page.getByRole('button', { name: 'Add Lead', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Import', exact: true }).waitFor();
      await screenshot(page, `leads-agent-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("keeps its columns where they are whatever a row holds, and Tab brings a control clear of the pinned Actions", async () => {
    const { context, page, errors } = await openPage(browser, 1400, 900);
    await signIn(page, 'agent@skyline.test', 'Agent@123');
    await page.goto('/#/leads-management');
    await expect.poll(() => leadRows(page).count()).toBe(10);
    const columnEdges = () => table(page).locator('thead th').evaluateAll((ths) => ths.map((th) => Math.round(th.getBoundingClientRect().left)));
    const before = await columnEdges();

    // A lead whose name, address and phone are far longer than any other row's: newest, so on page 1.
    const admin = (await apiCall('/auth', { json: { username: 'admin@skyline.test', password: 'Admin@123' } })).body.data.token;
    const stamp = Date.now().toString(36);
    const long = { first_name: `Venkatanarasimharajuvaripeta${stamp}`, last_name: 'Subrahmanyam Chakravarthy Iyengar' };
    const added = await apiCall('/leads/store', {
      token: admin,
      json: { ...long, email: `venkatanarasimharajuvaripeta.subrahmanyam.${stamp}@a-long-agency-domain.example.in`, phone: '+91 (0484) 98765-43210-4321', lead_source: 'Referral', property_type: 1, workflow_id: 2, activities: 2 },
    });
    expect(added.status).toBeLessThan(300);
    try {
      await page.reload();
      await rowOf(page, `${long.first_name} ${long.last_name}`).waitFor();
      expect(await columnEdges()).toEqual(before);

      // Beside the wide sidebar the last columns scroll under the pinned Actions column; a select
      // reached by Tab scrolls wholly into view beside it, never under it.
      const row = leadRows(page).nth(1);
      await row.getByRole('combobox', { name: /^Property type of / }).focus();
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const actions = el.closest('tr')!.lastElementChild!.getBoundingClientRect();
        return { name: el.getAttribute('aria-label') ?? (el as HTMLSelectElement).labels?.[0]?.textContent, right: el.getBoundingClientRect().right, pinned: actions.left };
      });
      expect(focused.name).toMatch(/^Lead source of /i);
      expect(focused.right).toBeLessThanOrEqual(focused.pinned);
    } finally {
      const id = added.body?.data?.id ?? added.body?.data?.data?.id;
      if (id) await apiCall(`/leads/${id}`, { token: admin, method: 'DELETE' });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
