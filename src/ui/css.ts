/**
 * The suite's own stylesheet: goober writes every class into `<style id="estatedesk-styles">`
 * instead of the page-wide `_goober` element, so a host page that uses goober itself (or a second
 * copy of the suite) never shares, clobbers or nonce-breaks our rules.
 *
 * Nothing here touches the DOM at import time (the npm build is side-effect free): the style
 * element is created at the end of the task of the first `css` call, or by `rootClass()`.
 *
 * @example
 * import { css, cx } from './css';
 * const card = css`padding: 16px; border-radius: 8px;`;
 * <div className={cx(card, isActive && activeClass)} />
 */
import { css as gooberCss } from 'goober';

/** The id of the style element the suite writes into. */
export const STYLE_ELEMENT_ID = 'estatedesk-styles';

type ClassValue = string | false | null | undefined | 0;
type CssInput = TemplateStringsArray | Record<string, unknown> | string;

// The canonical CSS text. Style elements are mirrors of it, so a redirect (shadow DOM), a second
// target or a removed element can always be rebuilt from here without asking goober again.
let cssText = '';
let nonce: string | undefined;
// Where style elements are written now; `null` means "document.head", resolved lazily.
let parents: ParentNode[] | null = null;
// Every element this copy created, by parent, kept after a redirect so a return reuses it.
const elements = new Map<ParentNode, HTMLStyleElement>();
// What each element was last given, so a sync costs a string compare of references, not a DOM read.
const written = new WeakMap<HTMLStyleElement, string>();

const hasDom = (): boolean => typeof document !== 'undefined';

const activeParents = (): ParentNode[] => (hasDom() ? (parents ?? [document.head]) : []);

function ensureElements(): void {
  for (const parent of activeParents()) {
    let el = elements.get(parent);
    if (el && el.parentNode === parent) {
      // Also brings a parent used before (a return from a shadow-DOM redirect) up to date.
      write(el);
      continue;
    }
    // Each copy of the suite owns its element (never adopts one by id): two copies on one page
    // rewriting the same element would erase each other's rules.
    el = document.createElement('style');
    el.id = STYLE_ELEMENT_ID;
    if (nonce) applyNonce(el, nonce);
    write(el);
    parent.appendChild(el);
    elements.set(parent, el);
  }
}

function write(el: HTMLStyleElement): void {
  if (written.get(el) === cssText) return;
  el.textContent = cssText;
  written.set(el, cssText);
}

function applyNonce(el: HTMLStyleElement, value: string): void {
  // The attribute must be present before insertion for CSP; the property keeps it readable after
  // browsers hide the attribute.
  el.setAttribute('nonce', value);
  el.nonce = value;
}

// Writes are batched: a first render creates a hundred classes or more, and every write of a
// style element's text makes the browser parse the whole sheet again (130 writes of a growing
// 24 KB sheet cost 110–290 ms on the leads board's first render). Rules written while a task runs
// reach the element in one write at its end, in a microtask: before the browser paints, and
// before any later task (a host's code, a timer, an event) can look at the page.
let flushQueued = false;

function queueFlush(): void {
  if (flushQueued || !hasDom()) return;
  flushQueued = true;
  queueMicrotask(flushStyles);
}

/**
 * Writes every rule generated so far into the suite's style elements now, instead of at the end
 * of the current task. For code that measures layout synchronously right after rendering.
 *
 * @example
 * flushStyles();
 * const width = element.getBoundingClientRect().width;
 */
export function flushStyles(): void {
  flushQueued = false;
  ensureElements();
}

// What goober treats as its "sheet": it only reads and writes `.data`.
const sheet = {
  get data(): string {
    return cssText;
  },
  set data(value: string) {
    cssText = value;
    queueFlush();
  },
};

// goober's `getSheet(target)` calls `target.querySelector('#_goober')`, assigns `window.__nonce__`
// to the result (which would overwrite our nonce with `undefined` on every call), appends it if it
// has no parent, and writes into its `firstChild`. Handing it a throwaway facade routes every write
// into `sheet` above and leaves our real element's nonce alone. Outside a browser goober uses
// `target.data` directly, which collects the CSS for server rendering.
const target = {
  // Every call also queues a check that our element is still in place (a host may remove it).
  querySelector: () => (queueFlush(), { parentNode: true, firstChild: sheet }),
  get data(): string {
    return cssText;
  },
  set data(value: string) {
    cssText = value;
  },
};

const boundCss = gooberCss.bind({ target }) as (tag: CssInput, ...values: unknown[]) => string;

/**
 * Generates a class name for the given styles and writes its rule into the suite's style element.
 *
 * Every rule is emitted as `.goX.goX` (the block is wrapped in `&&{...}`): specificity (0,2,0).
 * That beats host rules such as `button { all: unset }` or `.crm-page div { border: 3px solid }`,
 * and ties with the scoped reset of `rootClass()`, which is always first in the sheet, so a
 * component's own declarations win over the reset by source order.
 *
 * @example
 * const title = css`font-weight: 600; &:hover { color: ${v('accent')}; }`;
 */
export function css(tag: CssInput, ...values: unknown[]): string {
  if (typeof tag === 'string') return boundCss(`&&{${tag}}`);
  if (Array.isArray(tag) && 'raw' in tag) {
    const strings = [...(tag as TemplateStringsArray)];
    strings[0] = `&&{${strings[0] ?? ''}`;
    strings[strings.length - 1] = `${strings[strings.length - 1] ?? ''}}`;
    return boundCss(Object.assign(strings, { raw: strings }) as unknown as TemplateStringsArray, ...values);
  }
  return boundCss({ '&&': tag });
}

/**
 * Defines `@keyframes` in the suite's style element and returns the animation name.
 *
 * @example
 * const spin = keyframes`to { transform: rotate(360deg); }`;
 * css`animation: ${spin} 0.8s linear infinite;`;
 */
export const keyframes = gooberCss.bind({ target, k: 1 }) as (tag: CssInput, ...values: unknown[]) => string;

/**
 * Joins class names, skipping falsy ones.
 *
 * @example
 * cx(base, busy && busyClass, className) // "go1 go2"
 */
export const cx = (...names: ClassValue[]): string => names.filter(Boolean).join(' ');

/**
 * Adds fixed CSS text (the scoped reset, third-party CSS) once. `prepend` puts it before every
 * generated class so those win ties by source order.
 *
 * @example
 * insertStaticCss('estatedesk-dashboard{display:block}');
 */
export function insertStaticCss(text: string, prepend = false): void {
  if (cssText.includes(text)) {
    queueFlush();
    return;
  }
  sheet.data = prepend ? text + cssText : cssText + text;
}

/**
 * Sets the CSP nonce of the suite's style elements. Call it before the first widget renders;
 * elements that already exist get it too.
 *
 * @example
 * setStyleNonce(document.querySelector('meta[name=csp-nonce]')?.getAttribute('content') ?? '');
 */
export function setStyleNonce(value: string | undefined): void {
  nonce = value || undefined;
  if (nonce) for (const el of elements.values()) applyNonce(el, nonce);
}

/**
 * Redirects the suite's styles into `parent` (a ShadowRoot or an element), or back to
 * `document.head` with `null`. Every rule written so far is copied, so already-rendered widgets
 * keep their look; the old element is left in place for whatever still uses it.
 *
 * @example
 * const shadow = host.attachShadow({ mode: 'open' });
 * setStyleTarget(shadow);
 */
export function setStyleTarget(parent: ParentNode | null): void {
  parents = parent ? [parent] : null;
  ensureElements();
}

/**
 * Mirrors the suite's styles into one more place (another shadow root) as well as the current
 * ones. Returns a function that stops mirroring and removes that element.
 *
 * @example
 * const release = addStyleTarget(shadowRoot);
 * // later: release();
 */
export function addStyleTarget(parent: ParentNode): () => void {
  if (!hasDom()) return () => {};
  const current = parents ?? [document.head];
  if (!current.includes(parent)) parents = [...current, parent];
  ensureElements();
  return () => {
    parents = (parents ?? []).filter((p) => p !== parent);
    if (parents.length === 0) parents = null;
    elements.get(parent)?.remove();
    elements.delete(parent);
  };
}

/**
 * The CSS the suite has generated so far (for server rendering or an iframe copy).
 *
 * @example
 * const html = `<style id="estatedesk-styles">${getStyleText()}</style>`;
 */
export const getStyleText = (): string => cssText;

// Classes of equal specificity win by their place in the sheet, and a component that restyles the
// kit's control (`<SelectField className={narrow}>`) must come after the control's own rules. Build
// order would depend on which screen renders first (a reload of the leads board built its inline
// selects' widths before the select's `width: 100%`, and lost). So every set of styles is written
// after all those defined before it: a module defines its styles after the modules it imports,
// which makes the sheet's order the import order, whatever renders first.
const definedStyles: Array<() => unknown> = [];
// Every set defined before this index is in the sheet (what is built is always such a prefix).
let builtBefore = 0;

/**
 * Builds a component's classes once, on first use (not at import time), and caches them, after
 * the classes of every `lazyStyles` defined before it.
 * `setStyleTarget` copies every rule already written, so cached class names stay valid.
 *
 * @example
 * const styles = lazyStyles(() => ({ root: css`display: flex;` }));
 * <div className={styles().root} />
 */
export function lazyStyles<T>(build: () => T): () => T {
  let cache: T | undefined;
  const index = definedStyles.length;
  const styles = (): T => {
    if (cache === undefined) {
      for (let i = builtBefore; i < index; i++) definedStyles[i]!();
      cache = build();
      builtBefore = Math.max(builtBefore, index + 1);
    }
    return cache;
  };
  definedStyles.push(styles);
  return styles;
}
