/**
 * Which characters a stored text may hold (the rules and why: README.md, "Characters in texts").
 * Pure string functions, shared by the schemas in common.ts, the lead import and the CSV export.
 */

/** A single-line text (names, places, titles) or a free text that keeps line breaks and tabs. */
export type TextLines = 'single' | 'multi';

// Zero-width space, non-joiner and joiner, word joiner, and the byte-order mark (also a zero-width
// no-break space): invisible, mostly pasted in by accident, and enough to make two names that
// look the same compare different.
const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/g;
const HAS_ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/;

const TAB = 0x09;
const LINE_FEED = 0x0a;

/** C0 controls, DEL and C1 controls (code points, so no control character sits in a regex). */
const isControl = (code: number): boolean => code <= 0x1f || (code >= 0x7f && code <= 0x9f);

/** Embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069): they reorder what is shown. */
const isDirectionControl = (code: number): boolean => (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);

/**
 * The text without zero-width characters; a free text also gets its CR LF and lone CR as LF, so
 * text pasted from Windows passes the control check.
 * @example withoutInvisible('Ra\u200Bhul') // 'Rahul'
 */
export function withoutInvisible(text: string, lines: TextLines = 'single'): string {
  const visible = text.replace(ZERO_WIDTH, '');
  return lines === 'multi' ? visible.replace(/\r\n?/g, '\n') : visible;
}

/**
 * Whether the text holds a character no stored text may hold: a control character (a free text
 * may keep tab and line feed) or a direction embedding, override or isolate.
 * @example hasForbiddenCharacters('abc\u202Egpj.exe') // true
 */
export function hasForbiddenCharacters(text: string, lines: TextLines = 'single'): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isDirectionControl(code)) return true;
    if (isControl(code) && !(lines === 'multi' && (code === TAB || code === LINE_FEED))) return true;
  }
  return false;
}

/**
 * The text as it may be written out whatever was stored (rows older than these rules): control
 * and direction characters become U+FFFD, zero-width ones are dropped, CR LF becomes LF; tab and
 * line feed stay (the CSV writer quotes them).
 * @example printable('a\u001B[31mb') // 'a\uFFFD[31mb'
 */
export function printable(text: string): string {
  if (!hasForbiddenCharacters(text, 'multi') && !HAS_ZERO_WIDTH.test(text)) return text;
  let out = '';
  for (const char of withoutInvisible(text, 'multi')) {
    const code = char.charCodeAt(0);
    const kept = code === TAB || code === LINE_FEED || !(isControl(code) || isDirectionControl(code));
    out += kept ? char : '\uFFFD';
  }
  return out;
}
