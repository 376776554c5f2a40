/**
 * Keyboard-only journeys in Chromium, against the built reference server: the Skyline admin signs
 * in, adds a lead, changes a lead's status inline, imports a small CSV, adds a property with
 * photos and reorders them, marks it a favourite, makes a role by ticking permissions, invites a
 * user with it; the invited person sets a password, signs in and changes it. Only page.keyboard
 * moves and activates (Tab, Shift+Tab, Enter, Space, arrows, Escape, typing); a file chooser,
 * opened by the keyboard, is answered with files, as a person picks them in the browser's picker.
 * At every stop the focus must be visible; a dialog takes the focus when it opens and gives it
 * back to its opener when it closes; outcomes are announced through a live region; typing is
 * never interrupted. The dashboard's charts must have a text equivalent.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, chartsDrawn, launchBrowser, openPage } from './support/browser';
import {
  announced, expectFocusVisible, focusInDialog, hasFocus, markFocused, markHasFocus, tabTo, typeHere,
} from './support/keyboard';
import { pngImage } from './support/png';

const ADMIN = { username: 'admin@skyline.test', password: 'Admin@123' };

let browser: Browser;
let page: Page;
let errors: string[];
let dir: string;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, errors } = await openPage(browser, 1400, 900));
  // Pickers are intercepted for the whole journey (pickFiles), never turned on just before a key.
  page.on('filechooser', () => undefined);
  dir = mkdtempSync(join(tmpdir(), 'ed-keyboard-e2e-'));
});
afterAll(async () => {
  await browser?.close();
});

const dialog = (name: string) => page.getByRole('dialog', { name });

/** Presses a key on the focused control that opens a dialog, and checks the focus went in. */
async function openDialog(key: string, name: string, context: string): Promise<void> {
  await markFocused(page, `opener-${name}`);
  await page.keyboard.press(key);
  await dialog(name).waitFor();
  await expect.poll(() => focusInDialog(page), { message: `${context}: focus moves into "${name}"` }).toBe(true);
  await expectFocusVisible(page, `${context}, "${name}" opened`);
}

/** After a dialog closed: the focus is back on the control that opened it. */
async function focusReturned(name: string, context: string): Promise<void> {
  await dialog(name).waitFor({ state: 'detached' });
  await expect.poll(() => markHasFocus(page, `opener-${name}`), { message: `${context}: focus returns to the opener of "${name}"` }).toBe(true);
  await expectFocusVisible(page, `${context}, back from "${name}"`);
}

/** A field's label as written, before a required field's asterisk. */
const labelled = (label: string | RegExp) => (typeof label === 'string' ? new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\s*\\*?$`) : label);

/** Tabs to a field and types into it. */
async function fill(scope: Page | ReturnType<typeof dialog>, label: string | RegExp, text: string, context: string): Promise<void> {
  await tabTo(page, scope.getByLabel(labelled(label)).first(), { context: `${context}: to ${label}` });
  await typeHere(page, text, `${context}: ${label}`);
}

/** Tabs to a native select and picks an option by typing the start of its label. */
async function choose(scope: Page | ReturnType<typeof dialog>, label: string | RegExp, option: string, context: string): Promise<void> {
  const select = scope.getByLabel(labelled(label)).first();
  await tabTo(page, select, { context: `${context}: to ${label}` });
  await page.keyboard.type(option);
  await expect.poll(() => select.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent?.trim()), { message: `${context}: ${label}` }).toBe(option);
}

/**
 * Activates the focused file input with the keyboard and answers the browser's picker. The
 * listener goes on first and a round trip to the page follows before the key: Playwright turns on
 * its interception of pickers when a listener is added, without waiting, and a key pressed before
 * that took effect opened the headless browser's own picker, which nobody answers (the journey
 * timed out on it twice in full runs on a loaded machine).
 */
async function pickFiles(paths: string[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.evaluate(() => undefined);
  await page.keyboard.press('Space');
  await (await chooser).setFiles(paths);
}

/** Goes to a screen as a person types an address. */
async function visit(route: string): Promise<void> {
  await page.evaluate((hash) => (location.hash = hash), `#${route}`);
  await page.waitForURL(new RegExp(`#${route.replace(/[?]/g, '\\$&')}$`));
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 15_000 });
  // Nothing keeps the focus from the screen before (Chromium's next Tab starts from where the
  // focus was, as it does for a person who followed a link).
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

describe('keyboard-only journeys (Chromium)', () => {
  // A journey that failed half-way leaves no dialog or menu open for the next one.
  afterEach(async () => {
    for (let i = 0; i < 2 && (await page.getByRole('dialog').count()); i++) await page.keyboard.press('Escape');
  });

  it('signs in, and the dashboard charts have a text equivalent', async () => {
    await page.goto('/#/login');
    const username = page.getByRole('textbox', { name: 'Username', exact: true });
    await tabTo(page, username, { context: 'login' });
    await typeHere(page, ADMIN.username, 'login: username');
    await tabTo(page, page.getByRole('textbox', { name: 'Password', exact: true }), { context: 'login' });
    await typeHere(page, ADMIN.password, 'login: password');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/dashboard$/);

    await chartsDrawn(page);
    const charts = await page.evaluate(() =>
      Array.from(document.querySelectorAll('[role="figure"]')).map((figure) => {
        const name = figure.getAttribute('aria-label') ?? '';
        const card = figure.parentElement?.closest('section, article, div') ?? figure.parentElement!;
        const visibleToAT = (el: Element) => !el.closest('[aria-hidden="true"]') && getComputedStyle(el).display !== 'none';
        const table = Array.from(card.querySelectorAll('table')).find((t) => visibleToAT(t) && (t.tBodies[0]?.rows.length ?? 0) > 0);
        const describedBy = figure.getAttribute('aria-describedby');
        const description = describedBy ? describedBy.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim() : '';
        return { name, table: table ? table.caption?.textContent ?? '(no caption)' : null, description };
      }),
    );
    expect(charts.length).toBeGreaterThan(0);
    for (const chart of charts) {
      expect(chart.name, 'a chart has a name').not.toBe('');
      expect(chart.table !== null || chart.description !== '', `chart "${chart.name}" has a data table or a description`).toBe(true);
    }
  });

  const lead = { first: 'Kiran', last: `Keys${stamp}` };
  const leadName = `${lead.first} ${lead.last}`;

  it('adds a lead and changes its status inline', async () => {
    const ctx = 'leads';
    // From the sidebar, as a person does.
    await tabTo(page, page.getByRole('navigation').getByRole('link', { name: 'Leads Management' }), { context: ctx });
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/leads-management$/);
    const rows = page.getByRole('table', { name: 'Leads' }).locator('tbody tr[aria-selected]');
    await rows.first().waitFor();

    await tabTo(page, page.getByRole('button', { name: 'Add Lead', exact: true }), { context: ctx });
    await openDialog('Enter', 'Add New Lead', ctx);
    const add = dialog('Add New Lead');
    await fill(add, 'First Name', lead.first, ctx);
    await fill(add, 'Last Name', lead.last, ctx);
    await fill(add, 'Email', `kiran.${stamp}@keys.test`, ctx);
    await fill(add, 'Phone', '+91 98765 11111', ctx);
    await fill(add, 'City', 'Kochi', ctx);
    await choose(add, 'Lead Source', 'Referral', ctx);
    await choose(add, 'Property Type', 'Villa', ctx);
    await choose(add, 'Status', 'Open', ctx);
    await choose(add, 'Activities', 'Showcasing activity', ctx);
    await tabTo(page, add.getByRole('button', { name: 'Add Lead', exact: true }), { context: ctx });
    await page.keyboard.press('Enter');
    await announced(page, 'Lead added successfully!');
    await focusReturned('Add New Lead', ctx);

    // Search for it: the list updates under the search box without taking the focus.
    await tabTo(page, page.getByRole('searchbox', { name: 'Search leads' }), { back: true, context: ctx });
    await typeHere(page, lead.last, `${ctx}: search`);
    const row = rows.filter({ has: page.getByText(leadName, { exact: true }) });
    await row.waitFor();
    await expect.poll(() => rows.count()).toBe(1);

    // Its status, inline: typing a letter on the closed select picks the option.
    const status = row.getByRole('combobox', { name: `Status of ${leadName}` });
    await tabTo(page, status, { context: ctx });
    await page.keyboard.type('Won');
    await announced(page, 'Status updated successfully');
    await expect.poll(() => status.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent)).toBe('Won');
    await page.waitForTimeout(300);
    await expectFocusVisible(page, `${ctx}: after the status change`);
  });

  it('imports a small CSV of leads', async () => {
    const ctx = 'import';
    const file = join(dir, 'keyboard-leads.csv');
    writeFileSync(
      file,
      'first_name,last_name,email,phone,address,city,state,postal_code,country,lead_source,property_type,workflow,activities\r\n' +
        `Imran,Keys${stamp},imran.${stamp}@keys.test,90000 10001,,Pune,,,India,Website,Plot,Open,1\r\n` +
        `Isha,Keys${stamp},isha.${stamp}@keys.test,90000 10002,,Pune,,,India,Website,Plot,Open,1\r\n`,
    );
    await tabTo(page, page.getByRole('button', { name: 'Import', exact: true }), { back: true, context: ctx });
    await openDialog('Enter', 'Import Leads', ctx);
    const importer = dialog('Import Leads');
    await tabTo(page, importer.locator('input[type="file"]'), { context: ctx });
    await pickFiles([file]);
    await tabTo(page, importer.getByRole('button', { name: 'Upload' }), { context: ctx });
    await page.keyboard.press('Enter');
    await announced(page, 'Imported 2 leads.');
    await expectFocusVisible(page, `${ctx}: after the upload`);
    await page.keyboard.press('Escape');
    await focusReturned('Import Leads', ctx);
  });

  const title = `Keyboard Villa ${stamp}`;

  it('adds a property with photos, favourites it and reorders its photos', async () => {
    const ctx = 'property';
    const photos = [[234, 120, 40], [60, 140, 200], [90, 170, 90]].map((rgb, i) => {
      const path = join(dir, `kb-photo-${i}.png`);
      writeFileSync(path, pngImage(120, 90, () => rgb as [number, number, number]));
      return path;
    });
    // The sidebar's Properties group opens with Enter and shows its links.
    await visit('/dashboard');
    await tabTo(page, page.getByRole('navigation').getByRole('button', { name: 'Properties' }), { context: ctx });
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('navigation').getByRole('link', { name: /^Add Property/ }), { context: ctx });
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/properties\/add$/);

    await fill(page, 'Title', title, ctx);
    await choose(page, 'Property type', 'Villa', ctx);
    await fill(page, /^Price/, '9500000', ctx);
    await fill(page, 'Location', 'Lakeshore, Udaipur', ctx);
    await fill(page, 'Features', 'Pool, Garden', ctx);
    await tabTo(page, page.getByLabel('Cover image'), { context: ctx });
    await pickFiles([photos[0]!]);
    await tabTo(page, page.getByLabel('Other images'), { context: ctx });
    await pickFiles([photos[1]!, photos[2]!]);
    await expect.poll(() => page.getByRole('img', { name: /preview$/ }).count()).toBe(3);
    await tabTo(page, page.getByRole('button', { name: 'Save', exact: true }), { context: ctx });
    await page.keyboard.press('Enter');
    await announced(page, 'Property added successfully!');
    await expectFocusVisible(page, `${ctx}: after saving`);

    // Favourite it from the list: the button says it is pressed.
    await visit('/properties/list');
    const card = page.getByRole('article', { name: title, exact: true });
    const heart = card.getByRole('button', { name: `Add ${title} to favourites` });
    await tabTo(page, heart, { context: ctx, max: 40 });
    await page.keyboard.press('Space');
    await expect.poll(() => card.getByRole('button', { name: /favourites$/ }).getAttribute('aria-pressed')).toBe('true');
    await expectFocusVisible(page, `${ctx}: after the favourite`);

    // Its photos, reordered on Edit: the moved photo's control keeps the focus, the change is announced.
    await tabTo(page, card.getByRole('button', { name: `Edit ${title}` }), { context: ctx });
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/properties\/edit\/\d+$/);
    const gallery = page.getByRole('list', { name: `Photos of ${title}, cover first` });
    await gallery.getByRole('listitem', { name: 'Photo 3 of 3' }).waitFor();
    const third = await gallery.getByRole('listitem', { name: 'Photo 3 of 3' }).locator('img').getAttribute('src');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await tabTo(page, page.getByRole('button', { name: 'Move photo 3 earlier' }), { context: ctx });
    await page.keyboard.press('Enter');
    await announced(page, 'All photo changes saved');
    await expect.poll(() => gallery.getByRole('listitem', { name: 'Photo 2 of 3' }).locator('img').getAttribute('src')).toBe(third);
    await expect.poll(() => hasFocus(page.getByRole('button', { name: 'Move photo 2 earlier' })), { message: `${ctx}: focus follows the moved photo` }).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => gallery.getByRole('listitem', { name: 'Photo 1 of 3, cover' }).locator('img').getAttribute('src')).toBe(third);
    await expectFocusVisible(page, `${ctx}: after moving to the cover`);
  });

  const roleName = `Keys Desk ${stamp}`;
  const invitee = { first: 'Tara', email: `tara.${stamp}@skyline.test` };

  it('makes a role by ticking permissions, and invites a user with it', async () => {
    let ctx = 'roles';
    await visit('/management/system/rolesandpermission');
    await page.getByRole('table', { name: 'Roles' }).locator('tbody tr').first().waitFor();
    await tabTo(page, page.getByRole('button', { name: 'Add Role', exact: true }), { context: ctx });
    await openDialog('Enter', 'Add Role', ctx);
    const role = dialog('Add Role');
    await fill(role, 'Name', roleName, ctx);
    const create = role.getByRole('checkbox', { name: /^Leads: create/ });
    await tabTo(page, create, { context: ctx });
    await page.keyboard.press('Space');
    expect(await create.isChecked()).toBe(true);
    expect(await role.getByRole('checkbox', { name: /^Leads: read/ }).isChecked()).toBe(true);
    const propertiesRead = role.getByRole('checkbox', { name: /^Properties: read/ });
    await tabTo(page, propertiesRead, { context: ctx });
    await page.keyboard.press('Space');
    expect(await propertiesRead.isChecked()).toBe(true);
    await tabTo(page, role.getByRole('button', { name: 'Add Role', exact: true }), { context: ctx });
    await page.keyboard.press('Enter');
    await announced(page, 'Role created successfully');
    await focusReturned('Add Role', ctx);

    ctx = 'invite';
    await visit('/management/user/usermanagement');
    await page.getByRole('table', { name: 'Users' }).locator('tbody tr').first().waitFor();
    await tabTo(page, page.getByRole('button', { name: 'Add User', exact: true }), { context: ctx });
    await openDialog('Enter', 'Add User', ctx);
    const user = dialog('Add User');
    await fill(user, 'First name', invitee.first, ctx);
    await fill(user, 'Email', invitee.email, ctx);
    await tabTo(page, user.getByLabel(/^Password/).first(), { context: ctx });
    await typeHere(page, 'Temporary@1', `${ctx}: password`);
    await choose(user, 'Role', roleName, ctx);
    await tabTo(page, user.getByRole('button', { name: 'Add User', exact: true }), { context: ctx });
    await page.keyboard.press('Enter');
    await announced(page, 'User added successfully');
    await focusReturned('Add User', ctx);
  });

  it('the invited user sets a password, signs in and changes it', async () => {
    const ctx = 'password';
    const first = 'Welcome@2026';
    const next = 'Changed@2027';
    // The invitation as the demo mailbox shows it.
    const mailbox = await (await fetch(`${baseUrl()}/mailbox`)).text();
    const article = mailbox.split('<article>').find((a) => a.includes(invitee.email) && a.includes('accept-invitation'));
    const link = article?.match(/href="([^"]+)"/)?.[1]?.replace(/&amp;/g, '&');
    expect(link, 'the invitation mail').toBeTruthy();

    const own = await openPage(browser, 1400, 900);
    const previous = page;
    page = own.page;
    try {
      await page.goto(link!);
      await page.getByRole('heading', { name: 'Set your password' }).waitFor();
      await fill(page, /^Password/, first, ctx);
      await fill(page, /^Confirm password/, first, ctx);
      await page.keyboard.press('Enter');
      await page.waitForURL(/#\/login$/);
      await announced(page, 'Your password is set. You can sign in now.');

      await tabTo(page, page.getByRole('textbox', { name: 'Username', exact: true }), { context: ctx });
      await typeHere(page, invitee.email, `${ctx}: username`);
      await tabTo(page, page.getByRole('textbox', { name: 'Password', exact: true }), { context: ctx });
      await typeHere(page, first, `${ctx}: password`);
      await page.keyboard.press('Enter');
      await page.waitForURL(/#\/(dashboard|leads-management)$/);

      // Profile from the account menu: Enter opens it, arrows move in it.
      await tabTo(page, page.getByRole('button', { name: /^Account menu for / }), { context: ctx });
      await page.keyboard.press('Enter');
      await page.getByRole('menu').waitFor();
      const profile = page.getByRole('menuitem', { name: 'Profile' });
      for (let i = 0; i < 6 && !(await hasFocus(profile)); i++) await page.keyboard.press('ArrowDown');
      expect(await hasFocus(profile), `${ctx}: arrows reach Profile in the menu`).toBe(true);
      await expectFocusVisible(page, `${ctx}: menu item`);
      await page.keyboard.press('Enter');
      await page.waitForURL(/#\/profile$/);

      // The Security tab, reached with the arrow keys on the tab list.
      const general = page.getByRole('tab', { name: 'General' });
      await tabTo(page, general, { context: ctx });
      const security = page.getByRole('tab', { name: 'Security' });
      for (let i = 0; i < 4 && !(await hasFocus(security)); i++) await page.keyboard.press('ArrowRight');
      expect(await hasFocus(security), `${ctx}: arrows reach the Security tab`).toBe(true);
      await page.keyboard.press('Enter');
      await fill(page, /^Current password/, first, ctx);
      await fill(page, /^New password/, next, ctx);
      await fill(page, /^Confirm new password/, next, ctx);
      await tabTo(page, page.getByRole('button', { name: 'Update Password' }), { context: ctx });
      await page.keyboard.press('Enter');
      await announced(page, 'Password updated successfully');
      await expectFocusVisible(page, `${ctx}: after the update`);
      expect(own.errors).toEqual([]);
    } finally {
      page = previous;
      await own.context.close();
    }
    const res = await fetch(`${baseUrl()}/api/v1/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: invitee.email, password: next }) });
    expect(res.status).toBe(200);
    expect(errors).toEqual([]);
  });
});
