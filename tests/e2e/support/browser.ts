/**
 * Debian's Chromium driven by playwright-core, with the flags this closed network needs, and a
 * screenshot helper whose PNGs a person (or the file viewer) can open under tests/e2e/screenshots/.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

const root = new URL('../../..', import.meta.url).pathname;
export const screenshotDir = join(root, 'tests/e2e/screenshots');

export const baseUrl = (): string => inject('baseUrl');
/** The agency's page server (another origin than the API). */
export const hostUrl = (): string => inject('hostUrl');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A fresh context (empty storage) at a given width, with console errors collected. */
export async function openPage(
  browser: Browser,
  width = 1400,
  height = 900,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height }, baseURL: baseUrl() });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}

/** Signs in through the full app's login screen and waits for the dashboard. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/#/login');
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(/#\/dashboard$/);
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

/**
 * Waits until every chart on the page has drawn (the kit's SVG renderer loads lazily, then draws
 * at once, without animation), so a screenshot shows the figures and not a placeholder. Which
 * charts there are depends on the dashboard's mode (the sample has a bar chart, live data not).
 */
export async function chartsDrawn(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const figures = Array.from(document.querySelectorAll('[role="figure"]'));
      return figures.length > 0 && figures.every((f) => f.querySelector('[data-chart] svg'));
    },
    null,
    { timeout: 15_000 },
  );
}

/** Reads the suite's stored entries (keys under the default `estatedesk.` prefix). */
export function storedKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('estatedesk.')));
}
