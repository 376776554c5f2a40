/**
 * Finding keyboard-focusable elements and the active element, shadow-DOM safe. Used by the
 * modal's focus trap and by menus.
 *
 * @example
 * const [first] = focusableElements(dialog);
 * first?.focus();
 */

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

/**
 * The elements inside `root` reachable with Tab, in document order.
 *
 * @example
 * focusableElements(panel).at(-1)?.focus();
 */
export function focusableElements(root: ParentNode): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    // The attribute, not `tabIndex`: DOM implementations disagree on the default of that property.
    (el) => Number(el.getAttribute('tabindex') ?? 0) >= 0 && !el.hasAttribute('disabled') && !el.closest('[hidden],[inert]') && el.getAttribute('aria-hidden') !== 'true',
  );
}

/**
 * The focused element as seen from `node`'s root (document or shadow root), since
 * `document.activeElement` only reports the shadow host.
 *
 * @example
 * panel.contains(activeElementOf(panel))
 */
export function activeElementOf(node: Node): Element | null {
  const root = node.getRootNode() as Document | ShadowRoot;
  return root.activeElement ?? null;
}
