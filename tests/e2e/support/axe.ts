/**
 * axe-core in the pages of the end-to-end suite: its source is put into the page as a script tag
 * (no network), then `axe.run` checks the document against WCAG 2.0, 2.1 and 2.2 A and AA
 * (docs/accessibility.md says what the gate covers).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page, Request } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

/** One failed rule on one screen state, with the selectors of the elements that fail it. */
export interface Violation {
  rule: string;
  impact: string | null;
  help: string;
  targets: string[];
  /** axe's summary of the first failing element (what to fix). */
  summary: string;
}

/** Runs axe on the page as it is now; the source goes in once per document. */
export async function axeViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: any }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v: any) => ({
      rule: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes.map((n: any) => n.target.join(' ')),
      summary: String(v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
    }));
  }, [...WCAG_TAGS]);
}

/** Requests each page has under way, and when that last changed. */
const underWay = new WeakMap<Page, { open: Set<Request>; changedAt: number }>();

function requestsOf(page: Page): { open: Set<Request>; changedAt: number } {
  let tracked = underWay.get(page);
  if (tracked) return tracked;
  const state = { open: new Set<Request>(), changedAt: Date.now() };
  // The live-updates stream stays open by design: it is never "under way" to wait for.
  page.on('request', (request) => {
    if (request.url().includes('/activity/stream')) return;
    state.open.add(request);
    state.changedAt = Date.now();
  });
  const end = (request: Request) => {
    if (state.open.delete(request)) state.changedAt = Date.now();
  };
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  underWay.set(page, (tracked = state));
  return tracked;
}

/** After the last request ended, this long without a new one counts as quiet (a screen's code, then its data). */
const QUIET_MS = 60;

/**
 * Waits until the screen has settled: two frames drawn (what an action started has started), no
 * request under way for a moment (a lazily loaded screen's code and data), nothing marked busy,
 * no "Loading..." status, finite animations done — so axe judges what a person would see, not a
 * placeholder. Waiting for what is actually pending replaced a fixed 120 ms before each check
 * (54 s of the accessibility gate's 200).
 */
export async function settled(page: Page): Promise<void> {
  const requests = requestsOf(page);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const deadline = Date.now() + 15_000;
  while ((requests.open.size > 0 || Date.now() - requests.changedAt < QUIET_MS) && Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, 10));
  }
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]') &&
      !Array.from(document.querySelectorAll('[role="status"]')).some((el) => (el.textContent?.trim() ?? '').startsWith('Loading')),
    null,
    { timeout: 15_000 },
  );
  // Fades and slides end (a half-faded colour is no colour a person reads, a sliding dialog
  // half-covers its own buttons); spinners never do. Polled, since a lazily loaded dialog starts
  // its animation only once its code has arrived.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    null,
    { timeout: 5_000, polling: 50 },
  );
}
