/**
 * The Content-Security-Policy of the pages the server serves (the admin app at `/`, the examples)
 * and the nonce those pages carry. The session token lives in browser storage, so a script that
 * gets onto the page can read it: only the server's own files and elements carrying this
 * response's nonce may run or style the page.
 */
import { randomBytes } from 'node:crypto';

/** 128 bits of randomness, fresh for every page answer. */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

export interface PagePolicyOptions {
  nonce: string;
  /** Sources allowed to frame the page (`'self'`, `'none'` or origins). */
  frameAncestors: readonly string[];
  /** The configured image prefix: an absolute URL on another origin is allowed for images. */
  imagePrefix: string;
  /** Where the page's widgets call the API; another origin than the page's is allowed for fetches. */
  apiBase?: string;
}

/** The origin of an absolute http(s) URL, or null for a path (already covered by 'self'). */
function originOf(url: string | undefined): string | null {
  if (!url || !/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function pagePolicy({ nonce, frameAncestors, imagePrefix, apiBase }: PagePolicyOptions): string {
  const images = originOf(imagePrefix);
  const api = originOf(apiBase);
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    ['img-src', "'self'", 'data:', 'blob:', images].filter(Boolean).join(' '),
    ['connect-src', "'self'", api].filter(Boolean).join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors.join(' ')}`,
  ];
  return directives.join('; ');
}

/**
 * X-Frame-Options for browsers that ignore frame-ancestors. It can only say "same origin" or
 * "nowhere"; when other origins may frame the app it is left out, since any value would
 * contradict the policy (browsers that know frame-ancestors ignore it then anyway).
 */
export function frameOptionsFor(frameAncestors: readonly string[]): 'SAMEORIGIN' | 'DENY' | null {
  if (frameAncestors.length === 1 && frameAncestors[0] === "'self'") return 'SAMEORIGIN';
  if (frameAncestors.length === 1 && frameAncestors[0] === "'none'") return 'DENY';
  return null;
}

const ORIGIN_SOURCE = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

/**
 * FRAME_ANCESTORS: `self`, `none` or origins (`https://crm.agency.example`, `https://*.agency.example`),
 * separated by spaces or commas; keywords may come quoted or not. Anything else stops the start:
 * the value goes into a header, and a typo must not silently open or close framing.
 */
export function parseFrameAncestors(text: string | undefined): string[] | undefined {
  const words = (text ?? '')
    .split(/[\s,]+/)
    .map((w) => w.trim())
    .filter(Boolean);
  if (words.length === 0) return undefined;
  const sources = words.map((word) => {
    const bare = word.replace(/^'(.*)'$/, '$1').toLowerCase();
    if (bare === 'self' || bare === 'none') return `'${bare}'`;
    const origin = word.replace(/\/+$/, '');
    if (ORIGIN_SOURCE.test(origin)) return origin;
    throw new Error(`FRAME_ANCESTORS takes self, none or origins such as https://crm.example, got "${word}"`);
  });
  if (sources.includes("'none'") && sources.length > 1) throw new Error("FRAME_ANCESTORS: 'none' cannot be combined with other sources");
  return sources;
}

/**
 * The page with this response's nonce on every `<script>` and `<style>` element, and a
 * `<meta name="csp-nonce">` first in its head, from which the suite's code reads the nonce for
 * the style element it writes at run time (a module script has no `document.currentScript`).
 * The nonce sits in the meta's `nonce` attribute, which browsers hide from the DOM and CSS
 * selectors once the page has loaded, and which scripts read through the `nonce` property.
 */
export function withNonce(html: string, nonce: string): string {
  const tagged = html.replace(/<(script|style)(?=[\s>])/gi, `<$1 nonce="${nonce}"`);
  const meta = `<meta name="csp-nonce" nonce="${nonce}">`;
  const head = /<head(\s[^>]*)?>/i.exec(tagged);
  if (head) return tagged.slice(0, head.index + head[0].length) + meta + tagged.slice(head.index + head[0].length);
  return meta + tagged;
}
