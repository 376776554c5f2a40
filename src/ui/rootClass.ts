/**
 * The scoped reset every widget root carries. Host pages are hostile by default: a CRM may ship
 * `* { box-sizing: content-box; font: 20px serif; color: red }`, `button { all: unset }` or
 * `table, div { border: 3px solid }`, and none of it may leak into a widget.
 *
 * @example
 * <div className={rootClass()} style={themeVariables(config.appearance?.variables)}>
 *   <LeadsBoard />
 * </div>
 */
import { insertStaticCss } from './css';
import { v } from './theme';

/** The class name of a widget root (and of overlay layers). */
export const ROOT_CLASS = 'ed-root';

// Specificity ladder (why the selectors look the way they do):
//  - host rules: `*` (0,0,0), `button` / `table, div` (0,0,1), `.crm button` (0,1,1);
//  - this reset: `.ed-root.ed-root …` with the descendant part inside `:where()` so it adds
//    nothing: exactly (0,2,0), which beats all of the above;
//  - component classes: `css()` emits `.goX.goX`, also (0,2,0). The reset is prepended to the
//    suite's sheet, so components win the tie by source order and need no `!important`.
// `all: revert` rolls every property back to the browser default, erasing whatever the host set
// (including `all: unset`). It skips SVG and images, whose width/height/fill/stroke attributes
// are presentational hints that `revert` would also erase, and subtrees marked
// `data-ed-foreign` (third-party markup that brings its own CSS, e.g. a map or an editor).
// Host rules with ids (`#app div`) still win: shadow-DOM mode is the answer for those pages.
const R = '.ed-root.ed-root';
const RESET_CSS =
  `${R}{box-sizing:border-box;margin:0;padding:0;border:0;background:none;` +
  `font-family:${v('font')};font-size:14px;font-weight:400;font-style:normal;line-height:1.5;` +
  `color:${v('text')};text-align:left;letter-spacing:normal;text-transform:none;text-indent:0;` +
  `-webkit-font-smoothing:antialiased;-moz-osx-font-smoothing:grayscale}` +
  `${R} :where(:not(svg,svg *,img,[data-ed-foreign] *)){all:revert;box-sizing:border-box}` +
  `${R} *::before,${R} *::after{box-sizing:border-box}` +
  // SVG keeps its attributes but must not take the host's colour or font (icons use currentColor).
  `${R} :where(svg,svg *){color:inherit;font-family:inherit;font-style:normal}` +
  // …nor its font size and weight (`* { font: 20px serif }` reached icons). Elements that carry
  // their own `font-size`/`font-weight` attribute (chart labels) keep it. At (0,1,0): above host
  // element rules, below a chart library's own classes.
  `.ed-root :where(svg,svg :not([font-size])){font-size:inherit}` +
  `.ed-root :where(svg,svg :not([font-weight])){font-weight:inherit}` +
  `.ed-root :where(svg,svg *){line-height:inherit}` +
  // Third-party subtrees get a lighter reset at (0,1,0): it beats host element rules yet ties
  // with the library's own class rules, which come later in the page and so win.
  `.ed-root :where([data-ed-foreign] :not(svg,svg *)){box-sizing:border-box;border:0;font:inherit;color:inherit;letter-spacing:normal;text-transform:none}` +
  `${R} :where(button,input,select,textarea){font:inherit;color:inherit;letter-spacing:inherit;margin:0}` +
  `${R} :where(button){cursor:pointer}` +
  `${R} :where(button:disabled){cursor:not-allowed}` +
  `${R} :where(table){border-collapse:collapse;border-spacing:0}` +
  `${R} :where(h1,h2,h3,h4,h5,h6,p,figure,blockquote,dl,dd){margin:0}` +
  `${R} :where(h1,h2,h3,h4,h5,h6){font-size:inherit;font-weight:600;color:inherit}` +
  `${R} :where(ul,ol){margin:0;padding:0;list-style:none}` +
  `${R} :where(a){color:${v('accent')};text-decoration:none}` +
  `${R} :where(a:hover){text-decoration:underline}` +
  `${R} :where(img,svg){display:inline-block;vertical-align:middle;max-width:100%}` +
  `${R} :where(:focus-visible){outline:2px solid ${v('accent')};outline-offset:2px}` +
  `${R} :where([hidden]){display:none}` +
  // Someone who asked their system for less motion gets none (WCAG 2.3.3): every animation and
  // transition of the suite ends at once — spinners stand still, their "Loading..." text stays —
  // including ones a widget forgets to switch off itself. Only inside the suite's roots (the
  // overlay layer is one), never the host's page.
  `@media (prefers-reduced-motion:reduce){${R},${R} *,${R} *::before,${R} *::after{` +
  `animation-duration:1ms!important;animation-delay:0s!important;animation-iteration-count:1!important;` +
  `transition-duration:1ms!important;transition-delay:0s!important;scroll-behavior:auto!important}}`;

/**
 * Returns the root class (`ed-root`) and makes sure the scoped reset is in the suite's sheet.
 * Whoever mounts a widget root (the provider, `mount()`, an overlay layer) puts it on that element.
 *
 * @example
 * <div className={rootClass()} />
 */
export function rootClass(): string {
  insertStaticCss(RESET_CSS, true);
  return ROOT_CLASS;
}

/** The reset's CSS text, for tests and for copying into an iframe. */
export const resetCss = (): string => RESET_CSS;
