/**
 * A new user's first minutes, in Chromium against the built reference server: sign-in as each
 * demo account, the sidebar each may see, the avatar menu, logout, a wrong password, registration
 * through the mailed verification link, and a password reset through the mailed link.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, chartsDrawn, openPage, screenshot, storedKeys } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const COMPANY_ADMIN_SIDEBAR = [
  'Dashboard',
  'User Management',
  'Company Profile',
  'Roles & Permissions',
  'Audit Log',
  'Webhooks',
  'Add Property',
  'All Properties',
  'Favourites',
  'Leads Management',
  'Calendar',
];

const ACCOUNTS = [
  {
    who: 'super admin',
    username: 'super@estatedesk.test',
    password: 'Super@123',
    sidebar: [
      'Dashboard',
      'User Management',
      'Company Profile',
      'Roles & Permissions',
      'Audit Log',
      'Add Company',
      'All Companies',
      'Add Property',
      'All Properties',
      'Favourites',
      'Leads Management',
      'Calendar',
    ],
  },
  {
    who: 'Skyline company admin',
    username: 'admin@skyline.test',
    password: 'Admin@123',
    sidebar: COMPANY_ADMIN_SIDEBAR,
  },
  {
    who: 'Skyline agent',
    username: 'agent@skyline.test',
    password: 'Agent@123',
    sidebar: ['Dashboard', 'Company Profile', 'All Properties', 'Favourites', 'Leads Management', 'Calendar'],
  },
  {
    who: 'Harbor company admin',
    username: 'admin@harbor.test',
    password: 'Admin@123',
    sidebar: COMPANY_ADMIN_SIDEBAR,
  },
];

async function signIn(page: Page, username: string, password: string) {
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Opens every collapsed sidebar group, then reads the link labels top to bottom. */
async function sidebarLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation');
  for (let guard = 0; guard < 20; guard++) {
    const closed = nav.locator('button[aria-expanded="false"]');
    if ((await closed.count()) === 0) break;
    await closed.first().click();
  }
  return (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim());
}

async function mailLink(page: Page, to: string, kind: 'verify-email' | 'reset-password'): Promise<string> {
  const res = await page.request.get(`${baseUrl()}/mailbox`);
  const html = await res.text();
  const articles = html.split('<article>').filter((a) => a.includes(to) && a.includes(kind));
  const href = articles[0]?.match(/href="([^"]+)"/)?.[1];
  if (!href) throw new Error(`no ${kind} mail for ${to} in the mailbox`);
  return href.replace(/&amp;/g, '&');
}

describe('sign-in and the shell', () => {
  for (const account of ACCOUNTS) {
    it(`${account.who}: lands on sign-in, signs in, sees its sidebar, logs out`, async () => {
      const { context, page, errors } = await openPage(browser);
      await page.goto('/');
      await page.waitForURL(/#\/login$/);
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();

      await signIn(page, account.username, account.password);
      await page.waitForURL(/#\/dashboard$/);
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      expect(await sidebarLinks(page)).toEqual(account.sidebar);
      expect(await storedKeys(page)).toEqual(expect.arrayContaining(['estatedesk.token', 'estatedesk.user']));

      await page.getByRole('button', { name: /^Account menu for/ }).click();
      const menu = page.getByRole('menu');
      // The avatar menu shows the user's e-mail above its items.
      await page.getByText(account.username, { exact: true }).waitFor();
      if (account.who === 'super admin') await screenshot(page, 'shell-1400-avatar-menu');
      await menu.getByRole('menuitem', { name: 'Logout' }).click();

      await page.waitForURL(/#\/login$/);
      expect(await storedKeys(page)).toEqual([]);
      // The session is really gone: a protected page sends the visitor back to sign-in.
      await page.goto('/#/leads-management');
      await page.waitForURL(/#\/login$/);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('shows the server message for a wrong password and stays on sign-in', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/#/login');
    await signIn(page, 'admin@skyline.test', 'Wrong@123');
    await page.getByText('Invalid username or password.').first().waitFor();
    expect(page.url()).toMatch(/#\/login$/);
    expect(await storedKeys(page)).toEqual([]);
    await context.close();
  });

  it('looks right at 1400 px and at 400 px', async () => {
    for (const width of [1400, 400]) {
      const { context, page } = await openPage(browser, width, width === 400 ? 800 : 900);
      await page.goto('/#/login');
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
      await screenshot(page, `login-${width}`);
      await signIn(page, 'admin@skyline.test', 'Admin@123');
      await page.waitForURL(/#\/dashboard$/);
      await page.getByText('Total Number of Leads').waitFor();
      await chartsDrawn(page);
      await screenshot(page, `dashboard-${width}`);
      // No horizontal scroll on a phone: the layout fits the viewport.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      if (width === 400) {
        await page.getByRole('button', { name: 'Expand sidebar' }).click();
        await page.getByRole('navigation').getByRole('link', { name: 'Leads Management' }).waitFor();
        await page.waitForTimeout(400); // the drawer slides in
        await screenshot(page, 'sidebar-drawer-400');
      }
      await context.close();
    }
  });

  it('shows the fallback page for an unknown route once signed in', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/#/login');
    await signIn(page, 'admin@skyline.test', 'Admin@123');
    await page.waitForURL(/#\/dashboard$/);
    await page.goto('/#/no/such/page');
    await page.getByText('Oops! Try Again Later').waitFor();
    // A company admin is sent from the company area to the dashboard.
    await page.goto('/#/management/company/addcompany');
    await page.waitForURL(/#\/dashboard$/);
    await context.close();
  });

  it('lands a typed URL or an old bookmark on that screen of the app, query kept', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/login');
    await page.waitForURL(/\/#\/login$/);
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    await signIn(page, 'admin@skyline.test', 'Admin@123');
    await page.waitForURL(/#\/dashboard$/);
    await page.goto('/leads-management?from=bookmark');
    await page.waitForURL(/\/#\/leads-management\?from=bookmark$/);
    await page.getByRole('heading', { name: 'Leads' }).first().waitFor();
    await context.close();
  });
});

describe('registration and password reset through the mailbox', () => {
  it('registers, verifies the e-mail through the mailed link, and signs in', async () => {
    const { context, page } = await openPage(browser);
    const email = `owner.${Date.now()}@lotus-homes.test`;
    await page.goto('/#/login');
    await page.getByRole('button', { name: "Don't have an account? Register" }).or(page.getByRole('link', { name: "Don't have an account? Register" })).click();
    await page.getByRole('textbox', { name: 'Display name', exact: true }).fill('Lotus Homes');
    await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Meera');
    await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Iyer');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    const continueButton = page.getByRole('button', { name: 'Continue' });
    if (await continueButton.isVisible()) await continueButton.click();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Lotus@2026');
    await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('Lotus@2026');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Registration successful! Please check your email for verification.').first().waitFor();

    // Not verified yet: sign-in is refused with the server's reason.
    await page.goto('/#/login');
    await signIn(page, email, 'Lotus@2026');
    await page.getByText('Please verify your e-mail address before signing in.').first().waitFor();

    await page.goto(await mailLink(page, email, 'verify-email'));
    await page.getByText('Your e-mail address is verified. You can sign in now.').waitFor();

    await page.goto('/#/login');
    await signIn(page, email, 'Lotus@2026');
    await page.waitForURL(/#\/dashboard$/);
    await page.getByText('Meera').first().waitFor();
    await context.close();
  });

  it('resets a forgotten password through the mailed link', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/#/login');
    await page.getByRole('button', { name: 'Forgot your password?' }).or(page.getByRole('link', { name: 'Forgot your password?' })).click();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('admin@harbor.test');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Password reset link has been sent to your email.').first().waitFor();

    await page.goto(await mailLink(page, 'admin@harbor.test', 'reset-password'));
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Harbor@456');
    await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('Harbor@456');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Your password has been reset. You can sign in now.').waitFor();

    await page.goto('/#/login');
    await signIn(page, 'admin@harbor.test', 'Admin@123');
    await page.getByText('Invalid username or password.').first().waitFor();
    await signIn(page, 'admin@harbor.test', 'Harbor@456');
    await page.waitForURL(/#\/dashboard$/);
    // Back to the demo password: other e2e files sign in as this admin.
    const restored = await page.evaluate(async () => {
      const stored = localStorage.getItem('estatedesk.token') ?? '';
      const token = stored.startsWith('"') ? JSON.parse(stored) : stored;
      const id = JSON.parse(localStorage.getItem('estatedesk.user') ?? '{}').id;
      const res = await fetch(`/api/v1/users/${id}/update-password`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ current_password: 'Harbor@456', new_password: 'Admin@123', new_password_confirmation: 'Admin@123' }),
      });
      return res.status;
    });
    expect(restored).toBe(200);
    await context.close();
  });
});
