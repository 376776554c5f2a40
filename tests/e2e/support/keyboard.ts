/**
 * Helpers of the keyboard journeys (tests/e2e/keyboard.e2e.ts): moving with Tab while checking
 * that every stop shows a focus indicator, typing into the focused field while checking nothing
 * takes the focus away, and reading what assistive technology is told (live regions, dialogs).
 * Only `page.keyboard` moves and activates; locators are used to look, never to click.
 */
import type { Locator, Page } from 'playwright-core';

/** What has the focus now, and whether a person can see it. */
export interface FocusStop {
  /** A short description for failure messages: tag, role and name. */
  what: string;
  /** The focus is on the page itself (lost), not on a control. */
  lost: boolean;
  /** An outline or a focus ring (a box shadow with a spread) of a visible colour is drawn. */
  visible: boolean;
  /** Some of the focused element (or of what draws its ring) is inside the viewport. */
  inView: boolean;
}

/**
 * Reads the focused element once its transitions have ended (a ring that fades in is measured
 * where it ends). A visually hidden control (a file input, a styled checkbox) counts as visible
 * when the element drawn for it — its next sibling or its label — carries the ring.
 */
export async function focusStop(page: Page): Promise<FocusStop> {
  await page.evaluate(async () => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    const all = [el, el?.nextElementSibling, el?.parentElement].filter(Boolean) as Element[];
    await Promise.all(all.flatMap((e) => e.getAnimations().map((a) => a.finished.catch(() => undefined))));
  });
  return page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    if (!el || el === document.body || el === document.documentElement) {
      return { what: 'the page (focus lost)', lost: true, visible: false, inView: false };
    }
    const transparent = (colour: string) => colour === 'transparent' || /\/\s*0\)$/.test(colour) || /rgba\([^)]*,\s*0\)$/.test(colour);
    /** Splits a computed list at its top-level commas (colours have commas inside brackets). */
    const layers = (value: string) => {
      const out: string[] = [];
      let depth = 0;
      let start = 0;
      for (let i = 0; i < value.length; i++) {
        if (value[i] === '(') depth++;
        else if (value[i] === ')') depth--;
        else if (value[i] === ',' && depth === 0) {
          out.push(value.slice(start, i));
          start = i + 1;
        }
      }
      out.push(value.slice(start));
      return out.map((l) => l.trim());
    };
    const ring = (e: Element) => {
      const cs = getComputedStyle(e);
      if (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 1 && !transparent(cs.outlineColor)) return true;
      if (cs.boxShadow === 'none') return false;
      // A ring has a spread; a resting drop shadow (0 1px 2px) has none.
      return layers(cs.boxShadow).some((layer) => {
        const colour = /^(?:[a-z-]+\([^)]*\)|#[0-9a-f]+|[a-z]+)/i.exec(layer)?.[0] ?? '';
        const lengths = layer.slice(colour.length).match(/-?[\d.]+px/g)?.map(parseFloat) ?? [];
        return !transparent(colour) && (lengths[3] ?? 0) >= 1;
      });
    };
    const box = el.getBoundingClientRect();
    const hidden = box.width <= 2 || box.height <= 2;
    const input = el as HTMLInputElement;
    const drawn = hidden ? [el.nextElementSibling, ...(input.labels ? Array.from(input.labels) : []), el.parentElement].filter(Boolean) as Element[] : [el];
    const visible = drawn.some(ring);
    const shown = (hidden ? drawn[0] : el)?.getBoundingClientRect() ?? box;
    const inView = shown.right > 0 && shown.bottom > 0 && shown.left < innerWidth && shown.top < innerHeight;
    const name = (el.getAttribute('aria-label') ?? (input.labels?.[0]?.textContent || el.textContent || '')).trim().replace(/\s+/g, ' ').slice(0, 50);
    return { what: `<${el.tagName.toLowerCase()}${el.getAttribute('role') ? ` role=${el.getAttribute('role')}` : ''}> "${name}"`, lost: false, visible, inView };
  });
}

/** Fails unless the focus is on a control, drawn with a visible indicator, in the viewport. */
export async function expectFocusVisible(page: Page, context = ''): Promise<FocusStop> {
  const stop = await focusStop(page);
  if (stop.lost) throw new Error(`${context}: the focus was lost to the page`);
  if (!stop.visible) throw new Error(`${context}: no visible focus indicator on ${stop.what}`);
  if (!stop.inView) throw new Error(`${context}: the focused ${stop.what} is outside the viewport`);
  return stop;
}

/** Whether `target` (or something inside it, for a composite widget) has the focus. */
export function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return el === active;
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, checking at every stop that the focus
 * is visible. Fails with the path taken when `target` is not reached within `max` presses.
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 60, context = '' } = {}): Promise<void> {
  await target.waitFor();
  const path: string[] = [];
  for (let i = 0; i < max; i++) {
    if (await hasFocus(target).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    // Past the last control the focus leaves the document for the browser's own controls (the
    // page reads as focused on itself); the next press comes back to the first control.
    const stop = await focusStop(page);
    if (stop.lost && path.at(-1) !== stop.what) {
      path.push(stop.what);
      continue;
    }
    await expectFocusVisible(page, `${context} (after ${path.length + 1} presses: ${path.slice(-6).join(' → ')})`);
    path.push(stop.what);
  }
  if (await hasFocus(target)) return;
  throw new Error(`${context}: ${String(target)} not reached in ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}:\n  ${path.join('\n  ')}`);
}

/** Marks the focused element, so that where the focus goes back to can be asked later. */
export async function markFocused(page: Page, mark: string): Promise<void> {
  await page.evaluate((m) => document.activeElement?.setAttribute('data-kb-mark', m), mark);
}

/** Whether the element marked `mark` has the focus. */
export function markHasFocus(page: Page, mark: string): Promise<boolean> {
  return page.evaluate((m) => document.activeElement?.getAttribute('data-kb-mark') === m, mark);
}

/**
 * Types into the focused field key by key, and checks that the focus stayed on it all along and
 * after a pause (debounced searches and live updates land then), and that the text arrived.
 */
export async function typeHere(page: Page, text: string, context = ''): Promise<void> {
  const mark = `typing-${Math.random().toString(36).slice(2)}`;
  await markFocused(page, mark);
  for (const char of text) {
    await page.keyboard.type(char);
    if (!(await markHasFocus(page, mark))) throw new Error(`${context}: the focus left the field while typing "${text}"`);
  }
  await page.waitForTimeout(450);
  if (!(await markHasFocus(page, mark))) {
    const stop = await focusStop(page);
    throw new Error(`${context}: the focus moved to ${stop.what} after typing "${text}"`);
  }
  await page.evaluate((m) => document.querySelector(`[data-kb-mark="${m}"]`)?.removeAttribute('data-kb-mark'), mark);
}

/** Whether the focus is inside the one open dialog (or alert dialog). */
export function focusInDialog(page: Page): Promise<boolean> {
  return page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"], [role="alertdialog"]')));
}

/** Waits for `text` to appear inside a live region (role status or alert, or aria-live other than off). */
export async function announced(page: Page, text: string | RegExp): Promise<void> {
  const source = typeof text === 'string' ? text : text.source;
  const isRegExp = typeof text !== 'string';
  await page.waitForFunction(
    ({ source, isRegExp }) => {
      const regions = document.querySelectorAll('[role="status"], [role="alert"], [aria-live]:not([aria-live="off"]), output');
      return Array.from(regions).some((r) => {
        const content = (r.textContent ?? '').replace(/\s+/g, ' ');
        return isRegExp ? new RegExp(source).test(content) : content.includes(source);
      });
    },
    { source, isRegExp },
    { timeout: 15_000 },
  );
}
