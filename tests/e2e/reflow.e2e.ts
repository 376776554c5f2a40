/**
 * Reflow (WCAG 1.4.10) in Chromium: every main screen at 320 CSS px wide, and at 640 CSS px with
 * a device scale of 2 (a 1280 px window zoomed to 200 %), never scrolls the page sideways; only a
 * data table may scroll, inside its own region. Where the page does overflow, the test names the
 * elements that stick out. The first stops of Tab must also be on screen (a closed navigation
 * drawer must not take the focus off-screen), and the drawer, opened with Enter, takes the focus
 * and gives it back on Escape.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from './support/axe';
import { baseUrl, launchBrowser, screenshot, signIn } from './support/browser';
import { focusStop } from './support/keyboard';

const ADMIN = { username: 'admin@skyline.test', password: 'Admin@123' };

/** The main screens of docs/product/screens.md the Skyline admin opens. */
const SCREENS = [
  '/dashboard',
  '/leads-management',
  '/properties/list',
  '/properties/add',
  '/properties/edit/1',
  '/property/1',
  '/properties/favourites',
  '/management/user/usermanagement',
  '/management/user/companyprofile',
  '/management/system/rolesandpermission',
  '/calendar',
  '/profile',
  '/preferences',
];
const SIGNED_OUT = ['/login', '/admin/login', '/register'];

/** 320 CSS px; and 1280 px at 200 % zoom, which lays out as 640 CSS px drawn at scale 2. */
const SIZES = [
  { name: '320px', width: 320, height: 640, scale: 1 },
  { name: '1280px@200%', width: 640, height: 400, scale: 2 },
] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * How far the page scrolls sideways, and the outermost elements that stick out past its right
 * edge (those inside a region that scrolls or clips on its own, a data table's, do not count).
 */
function overflow(page: Page): Promise<{ by: number; culprits: string[] }> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const by = root.scrollWidth - root.clientWidth;
    if (by <= 1) return { by, culprits: [] };
    const width = root.clientWidth;
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (/(auto|scroll|hidden|clip)/.test(getComputedStyle(p).overflowX)) return true;
      }
      return false;
    };
    const describe = (el: Element) =>
      `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('role') ? ` role=${el.getAttribute('role')}` : ''}> "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}" right=${Math.round(el.getBoundingClientRect().right)}`;
    const out = Array.from(document.body.querySelectorAll('*')).filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.right > width + 1 && getComputedStyle(el).position !== 'fixed' && !clipped(el);
    });
    // The outermost of each: its parent does not stick out too.
    const outer = out.filter((el) => !out.includes(el.parentElement!));
    return { by, culprits: outer.slice(0, 6).map(describe) };
  });
}

async function go(page: Page, route: string): Promise<void> {
  await page.evaluate((hash) => (location.hash = hash), `#${route}`);
  await settled(page).catch(() => undefined);
  // Lazily loaded pictures and charts settle their size a moment later.
  await page.waitForTimeout(150);
}

describe('reflow: no sideways scrolling of the page at 320 px and at 200 % zoom', () => {
  for (const size of SIZES) {
    it(`every main screen at ${size.name}`, { timeout: 90_000 }, async () => {
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, deviceScaleFactor: size.scale, baseURL: baseUrl() });
      const page = await context.newPage();
      const found: string[] = [];
      const check = async (where: string) => {
        const { by, culprits } = await overflow(page);
        if (by > 1) {
          found.push(`${where}: the page scrolls ${by} px sideways; sticking out: ${culprits.join('; ')}`);
          await screenshot(page, `reflow-${size.name}-${where.replace(/\W+/g, '-')}`);
        }
      };

      await page.goto('/#/login');
      for (const route of SIGNED_OUT) {
        await go(page, route);
        await check(route);
      }
      await signIn(page, ADMIN.username, ADMIN.password);
      for (const route of SCREENS) {
        await go(page, route);
        await check(route);
      }
      // A dialog at this width: Add Lead.
      await go(page, '/leads-management');
      await page.getByRole('button', { name: 'Add Lead', exact: true }).press('Enter');
      await page.getByRole('dialog').waitFor();
      await settled(page).catch(() => undefined);
      await check('/leads-management Add Lead dialog');
      await page.keyboard.press('Escape');

      // From the top of a screen, the first stops of Tab are all on screen.
      await go(page, '/dashboard');
      await page.reload();
      await settled(page).catch(() => undefined);
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab');
        const stop = await focusStop(page);
        if (!stop.lost && !stop.inView) found.push(`/dashboard Tab stop ${i + 1}: ${stop.what} has the focus off-screen`);
        if (!stop.lost && !stop.visible) found.push(`/dashboard Tab stop ${i + 1}: ${stop.what} shows no focus`);
      }

      // The navigation drawer by keyboard: Enter opens it with the focus inside, Escape gives it back.
      const toggle = page.getByRole('button', { name: 'Expand sidebar' });
      if (await toggle.count()) {
        await toggle.focus();
        await page.keyboard.press('Enter');
        await page.waitForTimeout(300);
        const inside = await page.evaluate(() => Boolean(document.activeElement?.closest('nav')));
        const stop = await focusStop(page);
        if (!inside || !stop.inView || !stop.visible) found.push(`drawer: after Enter the focus is on ${stop.what} (in the drawer: ${inside}, on screen: ${stop.inView}, visible: ${stop.visible})`);
        else await screenshot(page, `reflow-${size.name}-drawer`);
        await page.keyboard.press('Escape');
        await page.waitForTimeout(300);
        if (!(await toggle.evaluate((el) => el === document.activeElement))) found.push(`drawer: after Escape the focus is on ${(await focusStop(page)).what}, not on Expand sidebar`);
      }

      console.log(found.length ? `Reflow at ${size.name}:\n  ${found.join('\n  ')}` : `Reflow at ${size.name}: every screen fits.`);
      expect(found).toEqual([]);
      await context.close();
    });
  }
});
