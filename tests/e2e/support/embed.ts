/**
 * Helpers of the embedding tests: signing in through an embedded sign-in form, reading computed
 * styles, and watching what a page loads.
 */
import type { Locator, Page } from 'playwright-core';

export const SKYLINE_ADMIN = { username: 'admin@skyline.test', password: 'Admin@123' };

/** Signs in through the sign-in form inside `scope` (an embedded widget). */
export async function signInWithin(scope: Locator, account = SKYLINE_ADMIN): Promise<void> {
  await scope.getByRole('textbox', { name: 'Username', exact: true }).fill(account.username);
  await scope.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await scope.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Waits for the leads board's rows (a row with its Delete action, not the "Loading..." row). */
export async function leadRows(scope: Locator): Promise<void> {
  await scope.getByRole('button', { name: /^Delete / }).first().waitFor();
}

/** The computed styles that make a widget look the way it does. */
export const STYLE_KEYS = [
  'font-family',
  'font-size',
  'font-weight',
  'line-height',
  'color',
  'background-color',
  'box-sizing',
  'border-top-width',
  'border-top-style',
  'border-top-color',
  'border-left-width',
  'padding-top',
  'padding-left',
  'margin-top',
  'width',
  'height',
  'display',
  'text-transform',
  'letter-spacing',
  'cursor',
] as const;

/** Computed styles of every element matching `selector` (pierces open shadow roots with `>>>`-free CSS). */
export function computedStyles(page: Page, selector: string): Promise<Array<Record<string, string>>> {
  return page.evaluate(
    ([sel, keys]) => {
      const all: Element[] = [];
      const collect = (root: Document | ShadowRoot) => {
        all.push(...Array.from(root.querySelectorAll(sel)));
        root.querySelectorAll('*').forEach((el) => el.shadowRoot && collect(el.shadowRoot));
      };
      collect(document);
      return all.map((el) => {
        const cs = getComputedStyle(el);
        return Object.fromEntries((keys as string[]).map((k) => [k, cs.getPropertyValue(k)]));
      });
    },
    [selector, STYLE_KEYS as unknown as string[]] as const,
  );
}

/** URLs of the scripts a page requested (module chunks included). */
export function scriptRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script' || r.url().endsWith('.js')) urls.push(r.url());
  });
  return urls;
}
