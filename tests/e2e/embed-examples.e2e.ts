/**
 * The other examples, as `npm start` serves them: the standalone page (the full app from one
 * script tag) and the React host (npm components), the latter from another origin than the API.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, hostUrl, launchBrowser, chartsDrawn, openPage, screenshot } from './support/browser';
import { leadRows, signInWithin } from './support/embed';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('examples', () => {
  it('lists the examples at /examples/', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl()}/examples/`);
    for (const name of ['standalone/', 'crm-host/', 'react-host/']) await page.getByRole('link', { name }).waitFor();
    await context.close();
  });

  for (const width of [1400, 400]) {
    it(`standalone: the full app from one script tag, owning the fragment (${width} px)`, async () => {
      const { context, page, errors } = await openPage(browser, width, 900);
      await page.goto(`${baseUrl()}/examples/standalone/`);
      await page.waitForURL(/#\/login$/);
      await signInWithin(page.locator('estatedesk-admin-app'));
      await page.waitForURL(/#\/dashboard$/);
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      await page.getByText('Welcome back').first().waitFor();
      await chartsDrawn(page);
      await screenshot(page, `example-standalone-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`react-host: npm components in a React app on another origin (${width} px)`, async () => {
      const { context, page, errors } = await openPage(browser, width, 900);
      await page.goto(`${hostUrl()}/examples/react-host/`);
      const main = page.locator('main');
      // The leads board shows the sign-in form in its place; the aside has the sign-in widget too.
      await main.getByRole('button', { name: 'Login', exact: true }).waitFor();
      await signInWithin(page.locator('aside'));
      await leadRows(main);
      await page.locator('#host-events li', { hasText: 'signed-in' }).waitFor();
      await page.locator('aside').getByRole('button', { name: 'Logout' }).waitFor();
      const accent = await main.locator('[data-estatedesk-widget-root]').evaluate((el) => getComputedStyle(el).getPropertyValue('--ed-accent'));
      expect(accent.trim()).toBe('#0f766e');
      await screenshot(page, `example-react-host-${width}`);

      await page.getByLabel('Dark widgets').check();
      await page.waitForFunction(() => getComputedStyle(document.querySelector('main [data-estatedesk-widget-root]')!).colorScheme === 'dark');
      await page.getByRole('button', { name: 'Dashboard' }).click();
      await main.getByRole('heading', { name: 'Dashboard', level: 2 }).waitFor();
      await screenshot(page, `example-react-host-dark-dashboard-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
