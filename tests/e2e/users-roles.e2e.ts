/**
 * User Management and Roles & Permissions end to end, in Chromium against the built reference
 * server, as the people involved do it: the Skyline admin makes a role holding lead-read and
 * lead-create only, invites a new agent with it, the agent opens the invitation from /mailbox,
 * sets a password, signs in and sees leads with Add Lead but no delete; the admin then takes
 * lead-create away and the agent's Add Lead goes without signing out or reloading. Then both
 * widgets mounted alone on an agency's own page (another origin, its own hash route). Screens at
 * 1400 and 400 px go to tests/e2e/screenshots/.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, hostUrl, launchBrowser, openPage, screenshot, signIn } from './support/browser';
import { signInWithin } from './support/embed';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const dialog = (page: Page, name: string): Locator => page.getByRole('dialog', { name });
const rowWith = (table: Locator, text: string) => table.locator('tbody tr').filter({ has: table.page().getByText(text, { exact: true }) });

/** Lets entry animations (modals, toasts) finish before a screenshot. */
async function settled(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.waitForTimeout(100);
}

/** The invitation link mailed to `to`, as the demo mailbox at /mailbox shows it. */
async function invitationLink(page: Page, to: string): Promise<string> {
  await page.goto(`${baseUrl()}/mailbox`);
  const html = await page.content();
  const article = html.split('<article>').find((a) => a.includes(to) && a.includes('accept-invitation'));
  const href = article?.match(/href="([^"]+)"/)?.[1];
  if (!href) throw new Error(`no invitation mail for ${to} in the mailbox`);
  return href.replace(/&amp;/g, '&');
}

describe('inviting an agent with a new role, and changing the role while they work', () => {
  it('role, invitation, password, sign-in, and a permission taken away without signing out', async () => {
    const stamp = Date.now().toString(36);
    const roleName = `Lead Desk ${stamp}`;
    const email = `kavya.${stamp}@skyline.test`;
    const password = 'Welcome@2026';

    // The Skyline admin makes the role: ticking Leads create ticks Leads read by itself.
    const admin = await openPage(browser);
    const a = admin.page;
    await signIn(a, 'admin@skyline.test', 'Admin@123');
    await a.goto('/#/management/system/rolesandpermission');
    const roles = a.getByRole('table', { name: 'Roles' });
    await roles.locator('tbody tr').first().waitFor();
    await a.getByRole('button', { name: 'Add Role', exact: true }).click();
    const addRole = dialog(a, 'Add Role');
    await addRole.getByRole('textbox', { name: 'Name' }).fill(roleName);
    await addRole.getByRole('checkbox', { name: /^Leads: create/ }).check();
    expect(await addRole.getByRole('checkbox', { name: /^Leads: read/ }).isChecked()).toBe(true);
    expect(await addRole.getByRole('checkbox', { name: /^Leads: read/ }).isDisabled()).toBe(true);
    await settled(a);
    await screenshot(a, 'roles-1400-add-role');
    await addRole.getByRole('button', { name: 'Add Role', exact: true }).click();
    await toast(a, 'Role created successfully').waitFor();
    await rowWith(roles, roleName).getByText('create, read').waitFor();
    await screenshot(a, 'roles-1400-list');

    // ... and invites the agent with it.
    await a.goto('/#/management/user/usermanagement');
    await a.getByRole('heading', { name: 'Invite User' }).waitFor();
    const users = a.getByRole('table', { name: 'Users' });
    await users.locator('tbody tr').first().waitFor();
    await a.getByRole('button', { name: 'Add User', exact: true }).click();
    const addUser = dialog(a, 'Add User');
    await addUser.getByRole('textbox', { name: 'First name' }).fill('Kavya');
    await addUser.getByRole('textbox', { name: 'Email' }).fill(email);
    await addUser.getByLabel('Password', { exact: false }).first().fill('Temporary@1');
    await addUser.getByRole('combobox', { name: 'Role' }).selectOption({ label: roleName });
    await addUser.getByRole('button', { name: 'Add User', exact: true }).click();
    await toast(a, 'User added successfully').waitFor();
    const invited = rowWith(users, 'Kavya');
    await invited.getByText(/^Invited \d{2}\/\d{2}\/\d{4}$/).waitFor();
    expect(await invited.getByText(roleName, { exact: true }).count()).toBe(1);
    await invited.getByRole('button', { name: 'Resend Invite to Kavya' }).waitFor();
    await settled(a);
    await screenshot(a, 'users-1400-invited');

    // The agent opens the invitation from the mailbox, in a browser of their own.
    const agent = await openPage(browser, 400, 860);
    const g = agent.page;
    const link = await invitationLink(g, email);
    expect(link.startsWith(`${baseUrl()}/#/accept-invitation?token=`)).toBe(true);
    await g.goto(link);
    await g.getByRole('heading', { name: 'Set your password' }).waitFor();
    await g.getByLabel(/^Password/).fill(password);
    await g.getByLabel(/^Confirm password/).fill(password);
    await screenshot(g, 'accept-invitation-400');
    await g.getByRole('button', { name: 'Set Password' }).click();
    await g.waitForURL(/#\/login$/);
    await toast(g, 'Your password is set. You can sign in now.').waitFor();

    // Signed in, the agent sees leads and Add Lead, but no delete (the role has no lead-delete).
    await signIn(g, email, password);
    await g.goto('/#/leads-management');
    const leads = g.getByRole('table', { name: 'Leads' });
    await leads.locator('tbody tr td:nth-child(2)').first().waitFor();
    const addLead = g.getByRole('button', { name: 'Add Lead', exact: true });
    await addLead.waitFor();
    expect(await leads.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    expect(await leads.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    await screenshot(g, 'leads-400-invited-agent');

    // Meanwhile the admin sees the agent active, and takes lead-create away from the role.
    await a.reload();
    await rowWith(users, 'Kavya').getByText('Active', { exact: true }).waitFor();
    await a.goto('/#/management/system/rolesandpermission');
    await rowWith(roles, roleName).getByRole('button', { name: `Edit ${roleName}` }).click();
    const editRole = dialog(a, 'Edit Role');
    await editRole.getByRole('checkbox', { name: /^Leads: create/ }).uncheck();
    // The last other lead permission went, so the -read rule (docs/product/rules.md) drops Leads read with it.
    expect(await editRole.getByRole('checkbox', { name: /^Leads: read/ }).isChecked()).toBe(false);
    await editRole.getByRole('button', { name: 'Save Changes' }).click();
    await toast(a, 'Role updated successfully').waitFor();
    await rowWith(roles, roleName).getByText('No permissions').waitFor();

    // The agent keeps working, still signed in: the next answer carries a new access stamp, the
    // session re-reads the permissions, and Add Lead goes without a reload.
    // A mark on the page's window: a reload would wipe it.
    await g.evaluate(() => Object.assign(window, { stillThisPage: true }));
    await g.getByRole('tab', { name: 'Open' }).click();
    await addLead.waitFor({ state: 'detached', timeout: 15_000 });
    expect(await g.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
    await g.waitForURL(/#\/leads-management$/);
    await screenshot(g, 'leads-400-after-role-change');

    expect(admin.errors).toEqual([]);
    expect(agent.errors).toEqual([]);
    await admin.context.close();
    await agent.context.close();
  });
});

describe('User Management and Roles & Permissions mounted alone on an agency page', () => {
  it('share one sign-in and one session, leave the host\'s fragment alone, and a role saved in one is offered by the other', async () => {
    const { context, page, errors } = await openPage(browser);
    // An agency's page on its own origin (the one the API allows), whose own hash router owns the
    // fragment; the agency adds the two widgets after the page has loaded, as a CRM's script would.
    await page.goto(`${hostUrl()}/fixtures/router.html#/reports`);
    await page.waitForFunction(() => typeof (window as unknown as { EstateDesk?: unknown }).EstateDesk !== 'undefined');
    await page.evaluate(() => {
      document.body.insertAdjacentHTML(
        'beforeend',
        '<section id="team" data-estatedesk-widget="user-admin"></section><section id="roles"><estatedesk-roles-editor></estatedesk-roles-editor></section>',
      );
    });
    const team = page.locator('#team');
    const roles = page.locator('#roles');
    // Nobody signed in: each widget shows the sign-in form in its place; one sign-in serves both.
    await team.getByRole('button', { name: 'Login', exact: true }).waitFor();
    await signInWithin(team);
    await team.getByRole('heading', { name: 'Invite User' }).waitFor();
    await team.getByRole('table', { name: 'Users' }).getByText('admin@skyline.test').waitFor();
    await roles.getByRole('heading', { name: 'Roles & Permissions' }).waitFor();
    await roles.getByRole('table', { name: 'Roles' }).locator('tbody tr').first().waitFor();
    expect(new URL(page.url()).hash).toBe('#/reports');

    const roleName = `Host Desk ${Date.now().toString(36)}`;
    await roles.getByRole('button', { name: 'Add Role', exact: true }).click();
    const addRole = page.getByRole('dialog', { name: 'Add Role' });
    await addRole.getByRole('textbox', { name: 'Name' }).fill(roleName);
    await addRole.getByRole('checkbox', { name: /^Properties: read/ }).check();
    await addRole.getByRole('button', { name: 'Add Role', exact: true }).click();
    await toast(page, 'Role created successfully').waitFor();
    await rowWith(roles.getByRole('table', { name: 'Roles' }), roleName).waitFor();

    await team.getByRole('button', { name: 'Add User', exact: true }).click();
    const addUser = page.getByRole('dialog', { name: 'Add User' });
    await expect.poll(() => addUser.getByRole('combobox', { name: 'Role' }).locator('option').allInnerTexts()).toContain(roleName);
    await settled(page);
    await screenshot(page, 'users-roles-host-1400-add-user');
    await addUser.getByRole('button', { name: 'Cancel' }).click();
    // The host's router saw no change of its fragment.
    expect(new URL(page.url()).hash).toBe('#/reports');
    expect(await page.locator('#changes').textContent()).toBe('0');
    expect(errors).toEqual([]);
    await context.close();
  });
});
