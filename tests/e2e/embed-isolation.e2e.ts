/**
 * Isolation on hostile host pages, in Chromium: aggressive global CSS (widgets render as on a clean
 * page; the host's elements keep their styles), shadow-DOM mode against id rules with !important,
 * a host hash router, a host running React 18, a CSP allowing styles only by nonce, and modals
 * above a host's fixed header. Every page comes from another origin than the API.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostUrl, launchBrowser, openPage, screenshot } from './support/browser';
import { leadRows, signInWithin, STYLE_KEYS } from './support/embed';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Styles = Array<{ tag: string; styles: Record<string, string> }>;

async function open(page: Page, fixture: string) {
  await page.goto(`${hostUrl()}/fixtures/${fixture}`);
  await page.waitForFunction(() => Boolean((window as any).EstateDesk?.version));
}

/** Computed styles of a mounted widget's root and everything in it (in its shadow root if it has one). */
function widgetStyles(page: Page, host: string): Promise<Styles> {
  return page.evaluate(
    ([selector, keys]) => {
      const el = document.querySelector(selector)!;
      const scope: ParentNode = el.shadowRoot ?? el;
      const root = scope.querySelector('[data-estatedesk-widget-root]')!;
      return [root, ...Array.from(root.querySelectorAll('*'))].map((node) => {
        const cs = getComputedStyle(node);
        return { tag: node.tagName.toLowerCase(), styles: Object.fromEntries(keys.map((k) => [k, cs.getPropertyValue(k)])) };
      });
    },
    [host, [...STYLE_KEYS]] as const,
  );
}

// Sizes of the host's elements follow what is put into them; every other style must stay.
const HOST_KEYS = STYLE_KEYS.filter((k) => k !== 'width' && k !== 'height');

function hostStyles(page: Page): Promise<Record<string, Record<string, string>>> {
  return page.evaluate((keys) => {
    const out: Record<string, Record<string, string>> = {};
    for (const id of ['host-title', 'host-p', 'host-button', 'host-table', 'host-td', 'host-div', 'slot']) {
      const cs = getComputedStyle(document.getElementById(id)!);
      out[id] = Object.fromEntries(keys.map((k) => [k, cs.getPropertyValue(k)]));
    }
    const body = getComputedStyle(document.body);
    out.body = Object.fromEntries(keys.map((k) => [k, body.getPropertyValue(k)]));
    return out;
  }, [...HOST_KEYS]);
}

/** The first difference between two style lists, for a readable failure. */
function firstDifference(a: Styles, b: Styles): string | null {
  if (a.length !== b.length) return `element count ${a.length} vs ${b.length}`;
  for (let i = 0; i < a.length; i++) {
    for (const key of Object.keys(a[i]!.styles)) {
      if (a[i]!.styles[key] !== b[i]!.styles[key]) return `<${a[i]!.tag}> #${i} ${key}: ${a[i]!.styles[key]} vs ${b[i]!.styles[key]}`;
    }
  }
  return null;
}

async function mountSignedInLeads(page: Page, host: string, options: Record<string, unknown> = {}) {
  await page.evaluate(([h, o]) => void (window as any).EstateDesk.mount(h, 'leads-board', {}, o), [host, options] as const);
  const scope = page.locator(host);
  await signInWithin(scope);
  await leadRows(scope);
  await page.mouse.move(1, 1);
  // Let late answers (tab counts) and transitions settle before anyone reads styles.
  await page.waitForTimeout(400);
}

describe('isolation from hostile host pages', () => {
  it('renders the sign-in form and the leads board as on a clean page, and leaves the host styles alone', async () => {
    const seen: Record<'clean' | 'hostile', { signIn: Styles; leads: Styles }> = {} as never;
    for (const variant of ['clean', 'hostile'] as const) {
      const { context, page, errors } = await openPage(browser);
      await open(page, `hostile.html${variant === 'hostile' ? '?hostile' : ''}`);
      const before = await hostStyles(page);
      await page.evaluate(() => void (window as any).EstateDesk.mount('#slot', 'sign-in'));
      await page.locator('#slot').getByRole('button', { name: 'Login', exact: true }).waitFor();
      const signIn = await widgetStyles(page, '#slot');
      await screenshot(page, `isolation-${variant}-sign-in-1400`);
      await mountSignedInLeads(page, '#slot');
      const leads = await widgetStyles(page, '#slot');
      await screenshot(page, `isolation-${variant}-leads-1400`);
      // The host's own elements look exactly as before the widgets came.
      expect(await hostStyles(page)).toEqual(before);
      // The namespace's container at the end of the page takes no room, hostile rules or not.
      const box = await page.evaluate(() => {
        const c = document.querySelector('[data-estatedesk-namespace]')!;
        return { height: c.getBoundingClientRect().height, border: getComputedStyle(c).borderTopWidth };
      });
      expect(box).toEqual({ height: 0, border: '0px' });
      expect(errors).toEqual([]);
      seen[variant] = { signIn, leads };
      await context.close();
    }
    expect(seen.clean.signIn.length).toBeGreaterThan(10);
    expect(seen.clean.leads.length).toBeGreaterThan(100);
    expect(firstDifference(seen.clean.signIn, seen.hostile.signIn)).toBeNull();
    expect(firstDifference(seen.clean.leads, seen.hostile.leads)).toBeNull();
  });

  it('shadow-DOM mode keeps out even id rules with !important, and puts overlays in a shadow root', async () => {
    const clean = await openPage(browser);
    await open(clean.page, 'hostile.html');
    await clean.page.evaluate(() => void (window as any).EstateDesk.mount('#slot', 'sign-in'));
    await clean.page.locator('#slot').getByRole('button', { name: 'Login', exact: true }).waitFor();
    const reference = await widgetStyles(clean.page, '#slot');
    await clean.context.close();

    const { context, page, errors } = await openPage(browser);
    await open(page, 'hostile.html?hostile');
    // In the light DOM those rules win (the control)…
    await page.evaluate(() => void (window as any).EstateDesk.mount('#zone-slot', 'sign-in'));
    await page.locator('#zone-slot').getByRole('button', { name: 'Login', exact: true }).waitFor();
    const light = await widgetStyles(page, '#zone-slot');
    expect(light.some((e) => e.styles.color === 'rgb(0, 255, 0)')).toBe(true);
    await page.evaluate(() => {
      const old = document.getElementById('zone-slot')!;
      const fresh = old.cloneNode(false) as HTMLElement;
      old.replaceWith(fresh);
    });
    // …in a shadow root they cannot reach.
    await page.evaluate(() => void (window as any).EstateDesk.mount('#zone-slot', 'sign-in', {}, { shadow: true }));
    await page.locator('#zone-slot').getByRole('button', { name: 'Login', exact: true }).waitFor();
    expect(await page.evaluate(() => Boolean(document.getElementById('zone-slot')!.shadowRoot?.querySelector('[data-estatedesk-widget-root]')))).toBe(true);
    expect(firstDifference(reference, await widgetStyles(page, '#zone-slot'))).toBeNull();
    await screenshot(page, 'isolation-shadow-sign-in-1400');

    // Signed in (the session is shared), the board's dialogs open in the namespace's shadow layer.
    await signInWithin(page.locator('#zone-slot'));
    await page.locator('#zone-slot').getByRole('button', { name: 'Logout' }).waitFor();
    await page.evaluate(() => void (window as any).EstateDesk.mount('#slot', 'leads-board', {}, { shadow: true }));
    await page.locator('#slot').getByRole('button', { name: /Add Lead/ }).click();
    await page.getByRole('dialog', { name: 'Add New Lead' }).waitFor();
    const where = await page.evaluate(() => {
      const layer = document.querySelector('[data-ed-shadow-layer]')?.shadowRoot;
      const dialog = layer?.querySelector('[role="dialog"]');
      return {
        inShadowLayer: Boolean(dialog),
        inLightDom: Boolean(document.querySelector('[role="dialog"]')),
        font: dialog ? getComputedStyle(dialog).fontFamily : '',
      };
    });
    expect(where.inShadowLayer).toBe(true);
    expect(where.inLightDom).toBe(false);
    expect(where.font).toMatch(/^Inter/);
    await screenshot(page, 'isolation-shadow-dialog-1400');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("never rewrites a host hash router's fragment, and keeps history alone", async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${hostUrl()}/fixtures/router.html#/inbox`);
    const leads = page.locator('#leads');
    await signInWithin(leads);
    await leadRows(leads);
    const historyLength = await page.evaluate(() => history.length);
    await leads.getByRole('tab', { name: /^Open/ }).click();
    await leads.getByRole('button', { name: /Add Lead/ }).click();
    await page.getByRole('dialog', { name: 'Add New Lead' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => [location.hash, history.length, document.getElementById('changes')!.textContent])).toEqual([
      '#/inbox',
      historyLength,
      '0',
    ]);
    expect(await page.evaluate(() => [history.pushState, history.replaceState].every((f) => /\[native code\]/.test(String(f))))).toBe(true);

    // The host navigates; the widget stays as it was.
    await page.getByRole('link', { name: 'Reports' }).click();
    await page.locator('#route', { hasText: '#/reports' }).waitFor();
    expect(await leads.getByRole('tab', { name: /^Open/ }).getAttribute('aria-selected')).toBe('true');

    // A widget given a prefix owns only fragments under it, and leaves the host's alone.
    await page.evaluate(() => void (window as any).EstateDesk.mount('#scoped', 'admin-app', {}, { routing: { hashPrefix: '/ed' } }));
    await page.waitForFunction(() => location.hash.startsWith('#/ed/'));
    await page.locator('#scoped').getByRole('navigation').first().waitFor();
    await page.getByRole('link', { name: 'Inbox' }).click();
    await page.locator('#route', { hasText: '#/inbox' }).waitFor();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => location.hash)).toBe('#/inbox');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lives beside a host running its own React 18 app, neither breaking the other', async () => {
    const { context, page, errors } = await openPage(browser);
    await open(page, 'react18.html');
    expect(await page.evaluate(() => (window as any).React.version)).toMatch(/^18\./);
    await page.locator('#sign-in').getByRole('button', { name: 'Login', exact: true }).waitFor();
    await page.locator('#register [data-estatedesk-widget-root="register"]').waitFor();

    await page.locator('#count').click();
    await page.locator('#count').click();
    await page.locator('#host-input').fill('host text');
    await page.locator('#sign-in').getByRole('textbox', { name: 'Username', exact: true }).fill('someone@example.com');
    expect(await page.locator('#count').innerText()).toBe('Clicked 2');
    expect(await page.locator('#echo').innerText()).toBe('host text');
    expect(await page.locator('#sign-in').getByRole('textbox', { name: 'Username', exact: true }).inputValue()).toBe('someone@example.com');

    // The host's React removes the widgets' elements: they unmount; shown again, they come back.
    await page.locator('#toggle').click();
    await page.waitForFunction(() => !document.querySelector('[data-estatedesk-widget-root]'));
    await page.locator('#toggle').click();
    await page.locator('#sign-in').getByRole('button', { name: 'Login', exact: true }).waitFor();
    await page.locator('#register [data-estatedesk-widget-root="register"]').waitFor();
    await page.locator('#count').click();
    expect(await page.locator('#count').innerText()).toBe('Clicked 3');
    await screenshot(page, 'isolation-react18-1400');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('applies its styles under a CSP that allows styles only by nonce, given the nonce option or on its script tag', async () => {
    // The suite's orange as buttons paint it: the shade that keeps 4.5:1 for their label (src/core/brand.ts).
    const accent = 'rgb(187, 86, 17)';
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${hostUrl()}/fixtures/csp.html`);
    const login = page.locator('#sign-in').getByRole('button', { name: 'Login', exact: true });
    await login.waitFor();
    expect(await login.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(accent);
    expect(await page.evaluate(() => (window as any).violations)).toEqual([]);
    await screenshot(page, 'isolation-csp-1400');
    expect(errors).toEqual([]);
    await context.close();

    // Without the option, the suite takes the nonce of its own script tag.
    const tagOnly = await openPage(browser);
    await tagOnly.page.goto(`${hostUrl()}/fixtures/csp.html?nonce=tag`);
    const styled = tagOnly.page.locator('#sign-in').getByRole('button', { name: 'Login', exact: true });
    await styled.waitFor();
    expect(await styled.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(accent);
    expect(await tagOnly.page.evaluate(() => (window as any).violations)).toEqual([]);
    await tagOnly.context.close();

    // The control: with no nonce anywhere the widget's styles are refused.
    const control = await openPage(browser);
    await control.page.goto(`${hostUrl()}/fixtures/csp.html?nonce=0`);
    const bare = control.page.locator('#sign-in').getByRole('button', { name: 'Login', exact: true });
    await bare.waitFor();
    expect(await bare.evaluate((b) => getComputedStyle(b).backgroundColor)).not.toBe(accent);
    expect((await control.page.evaluate(() => (window as any).violations as string[])).some((v) => v.startsWith('style-src'))).toBe(true);
    await control.context.close();
  });

  it('opens modals above a fixed header once the overlay z-index is raised past it', async () => {
    const { context, page, errors } = await openPage(browser);
    await open(page, 'header.html');
    await mountSignedInLeads(page, '#slot');
    const backdropOnTop = () =>
      page.evaluate(() => Boolean(document.elementFromPoint(20, 40)?.closest('[data-ed-backdrop]')));
    await page.locator('#slot').getByRole('button', { name: /Add Lead/ }).click();
    await page.getByRole('dialog', { name: 'Add New Lead' }).waitFor();
    // The default layer (1000) sits under this header (5000)…
    expect(await backdropOnTop()).toBe(false);
    // …and the option, changed live for the namespace, lifts it above.
    await page.evaluate(() => void (window as any).EstateDesk.init('default', { appearance: { overlayZIndex: 6000 } }));
    await page.waitForFunction(() => Boolean(document.elementFromPoint(20, 40)?.closest('[data-ed-backdrop]')));
    expect(await backdropOnTop()).toBe(true);
    await screenshot(page, 'isolation-header-dialog-1400');
    expect(errors).toEqual([]);
    await context.close();
  });
});
