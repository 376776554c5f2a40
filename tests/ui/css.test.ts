// The suite's stylesheet: lazily created, its own element (never goober's `_goober`), nonce-aware,
// redirectable into shadow roots. Each test loads fresh modules so "first use" really is first.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type CssModule = typeof import('../../src/ui/css');

async function freshCss(): Promise<CssModule> {
  vi.resetModules();
  return import('../../src/ui/css');
}

const ours = () => document.querySelectorAll('#estatedesk-styles');
// Rules reach the style element at the end of the task that made them, in a microtask.
const endOfTask = () => Promise.resolve();

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});
afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('css.ts', () => {
  it('creates nothing at import time, not even when the whole kit is imported', async () => {
    vi.resetModules();
    const before = document.documentElement.outerHTML;
    await import('../../src/ui/index');
    expect(ours()).toHaveLength(0);
    expect(document.documentElement.outerHTML).toBe(before);
  });

  it('writes into <style id="estatedesk-styles"> on first use and never into #_goober', async () => {
    const hostGoober = document.createElement('style');
    hostGoober.id = '_goober';
    hostGoober.textContent = ' .host{color:blue}';
    document.head.appendChild(hostGoober);

    const { css } = await freshCss();
    expect(ours()).toHaveLength(0);
    const className = css`color: rgb(1, 2, 3);`;

    await endOfTask();
    expect(ours()).toHaveLength(1);
    const sheet = ours()[0] as HTMLStyleElement;
    expect(sheet.parentNode).toBe(document.head);
    expect(sheet.textContent).toContain(`.${className}.${className}{color:rgb(1, 2, 3);}`);
    expect(hostGoober.textContent).toBe(' .host{color:blue}');
    expect(document.querySelectorAll('#_goober')).toHaveLength(1);
  });

  it('doubles the class in every rule, including nested selectors and media queries', async () => {
    const { css } = await freshCss();
    const c = css`padding: 4px; &:hover { color: red; } & > td { margin: 0; } @media (max-width: 600px) { padding: 2px; }`;
    await endOfTask();
    const text = ours()[0]?.textContent ?? '';
    expect(text).toContain(`.${c}.${c}{padding:4px;}`);
    expect(text).toContain(`.${c}.${c}:hover{color:red;}`);
    expect(text).toContain(`.${c}.${c} > td{margin:0;}`);
    expect(text).toContain(`@media (max-width: 600px){.${c}.${c}{padding:2px;}}`);
  });

  it('accepts objects and strings, and keyframes are written unwrapped', async () => {
    const { css, keyframes } = await freshCss();
    const a = css({ display: 'flex' });
    const b = css('gap: 4px;');
    const k = keyframes`to { opacity: 0; }`;
    await endOfTask();
    const text = ours()[0]?.textContent ?? '';
    expect(text).toContain(`.${a}.${a}{display:flex;}`);
    expect(text).toContain(`.${b}.${b}{gap:4px;}`);
    expect(text).toContain(`@keyframes ${k}{to{opacity:0;}}`);
  });

  it('writes each rule once however often a component renders', async () => {
    const { css } = await freshCss();
    void css`margin: 7px;`;
    void css`margin: 7px;`;
    await endOfTask();
    const text = ours()[0]?.textContent ?? '';
    expect(text.split('margin:7px').length - 1).toBe(1);
  });

  it('applies a nonce set before first use, and to an existing element when set later', async () => {
    const { css, setStyleNonce } = await freshCss();
    setStyleNonce('abc123');
    void css`color: red;`;
    await endOfTask();
    const el = ours()[0] as HTMLStyleElement;
    expect(el.getAttribute('nonce')).toBe('abc123');
    expect(el.nonce).toBe('abc123');
    // goober assigns window.__nonce__ to whatever it writes into; ours must survive more writes.
    void css`color: blue;`;
    expect(el.getAttribute('nonce')).toBe('abc123');
    setStyleNonce('later');
    expect(el.getAttribute('nonce')).toBe('later');
  });

  it('has no nonce attribute when none was set', async () => {
    const { css } = await freshCss();
    void css`color: red;`;
    await endOfTask();
    expect(ours()[0]?.hasAttribute('nonce')).toBe(false);
  });

  it('redirects into a shadow root, carrying every rule written so far', async () => {
    const { css, setStyleTarget } = await freshCss();
    const early = css`color: teal;`;
    const host = document.createElement('div');
    document.body.appendChild(host);
    const shadow = host.attachShadow({ mode: 'open' });
    setStyleTarget(shadow);
    const late = css`color: navy;`;
    await endOfTask();
    const inShadow = shadow.querySelector('#estatedesk-styles');
    expect(inShadow?.textContent).toContain(`.${early}.${early}`);
    expect(inShadow?.textContent).toContain(`.${late}.${late}`);
    setStyleTarget(null);
    void css`color: olive;`;
    await endOfTask();
    expect(document.head.querySelector('#estatedesk-styles')?.textContent).toContain('color:olive');
  });

  it('mirrors into additional shadow roots until released', async () => {
    const { css, addStyleTarget } = await freshCss();
    void css`color: teal;`;
    const host = document.createElement('div');
    document.body.appendChild(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const release = addStyleTarget(shadow);
    void css`color: navy;`;
    await endOfTask();
    expect(shadow.querySelector('#estatedesk-styles')?.textContent).toContain('color:navy');
    expect(document.head.querySelector('#estatedesk-styles')?.textContent).toContain('color:navy');
    release();
    expect(shadow.querySelector('#estatedesk-styles')).toBeNull();
  });

  it('recreates its element if something removed it', async () => {
    const { css } = await freshCss();
    void css`color: red;`;
    await endOfTask();
    ours()[0]?.remove();
    void css`color: green;`;
    await endOfTask();
    const text = ours()[0]?.textContent ?? '';
    expect(text).toContain('color:red');
    expect(text).toContain('color:green');
  });

  it('writes the rules of one task in a single write at its end (a first render makes 100+ classes)', async () => {
    const { css } = await freshCss();
    void css`color: red;`;
    await endOfTask();
    const el = ours()[0] as HTMLStyleElement;
    const textSetter = vi.spyOn(el, 'textContent', 'set');
    const names = Array.from({ length: 50 }, (_, i) => css`margin: ${i}px;`);
    expect(el.textContent).not.toContain('margin:49px');
    await endOfTask();
    expect(textSetter).toHaveBeenCalledTimes(1);
    for (const name of names) expect(el.textContent).toContain(`.${name}.${name}{margin:`);
  });

  it('flushStyles() writes pending rules at once, for code that measures right after rendering', async () => {
    const { css, flushStyles } = await freshCss();
    const name = css`width: 321px;`;
    expect(ours()).toHaveLength(0);
    flushStyles();
    expect(ours()[0]?.textContent).toContain(`.${name}.${name}{width:321px;}`);
  });

  it('writes lazy styles in the order they were defined, whichever is used first', async () => {
    const { css, lazyStyles, getStyleText } = await freshCss();
    // A control's own styles, then a screen's that narrow it (defined later, as its module imports the control's).
    const control = lazyStyles(() => ({ select: css`width: 100%;` }));
    const screen = lazyStyles(() => ({ narrow: css`width: 112px;` }));
    const unrelated = lazyStyles(() => ({ box: css`width: 7px;` }));
    const { narrow } = screen();
    const { select } = control();
    const text = getStyleText();
    expect(text.indexOf(`.${select}.${select}{width:100%;}`)).toBeGreaterThanOrEqual(0);
    expect(text.indexOf(`.${select}.${select}`)).toBeLessThan(text.indexOf(`.${narrow}.${narrow}`));
    // Nothing defined after the one used is built before it is needed.
    expect(text).not.toContain('width:7px');
    unrelated();
    expect(text.length).toBeLessThan(getStyleText().length);
  });

  it('cx joins truthy class names', async () => {
    const { cx } = await freshCss();
    expect(cx('a', false, null, undefined, 0, 'b')).toBe('a b');
  });
});

describe('rootClass()', () => {
  it('puts the scoped reset first in the sheet and returns ed-root', async () => {
    vi.resetModules();
    const { css } = await import('../../src/ui/css');
    const { rootClass, resetCss } = await import('../../src/ui/rootClass');
    void css`color: red;`;
    expect(rootClass()).toBe('ed-root');
    rootClass();
    await endOfTask();
    const text = ours()[0]?.textContent ?? '';
    expect(text.startsWith(resetCss())).toBe(true);
    expect(text.split(resetCss()).length - 1).toBe(1);
  });

  it('uses doubled-class selectors that outrank the hostile host rules', async () => {
    vi.resetModules();
    const { resetCss } = await import('../../src/ui/rootClass');
    const reset = resetCss();
    // (0,2,0) for the root and (0,2,0) for descendants: beats `*`, `button`, `table, div`.
    expect(reset).toContain('.ed-root.ed-root{');
    expect(reset).toContain('.ed-root.ed-root :where(:not(svg,svg *,img,[data-ed-foreign] *)){all:revert;box-sizing:border-box}');
    expect(reset).toMatch(/\.ed-root\.ed-root\{[^}]*box-sizing:border-box/);
    expect(reset).toMatch(/\.ed-root\.ed-root\{[^}]*font-size:14px/);
    expect(reset).toMatch(/\.ed-root\.ed-root\{[^}]*color:var\(--ed-text, #374151\)/);
    expect(reset).toMatch(/\.ed-root\.ed-root\{[^}]*border:0/);
  });

  it('turns every animation and transition of the suite off for people who ask for less motion', async () => {
    vi.resetModules();
    const { resetCss } = await import('../../src/ui/rootClass');
    const motion = /@media \(prefers-reduced-motion:reduce\)\{([^{]*)\{([^}]*)\}\}/.exec(resetCss());
    expect(motion?.[1]).toBe('.ed-root.ed-root,.ed-root.ed-root *,.ed-root.ed-root *::before,.ed-root.ed-root *::after');
    expect(motion?.[2]).toContain('animation-duration:1ms!important');
    expect(motion?.[2]).toContain('animation-iteration-count:1!important');
    expect(motion?.[2]).toContain('transition-duration:1ms!important');
  });
});
