/**
 * Whether the toast stack steps aside to the bottom of the screen: when the focused element sits
 * where the stack shows at the top. On a phone the stack spans the width, and a dialog's title
 * and close button are right under it; a control that has the focus must never be hidden behind
 * a toast (WCAG 2.2, 2.4.11 Focus Not Obscured). Judged against the stack's place at the top,
 * whichever place it has now, so it never flips back and forth.
 */
import { useEffect, useState, type RefObject } from 'react';
import { activeElementOf } from './focusable';

/** The stack's distance from the window's edges (its styles use the same). */
export const TOAST_EDGE = 16;

interface Box {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** Where the stack sits at the top right of a `viewWidth` window, at its current size. */
export function stackAtTop(width: number, height: number, viewWidth: number): Box {
  const right = viewWidth - TOAST_EDGE;
  return { top: TOAST_EDGE, right, bottom: TOAST_EDGE + height, left: right - width };
}

export const overlaps = (a: Box, b: Box): boolean => a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;

/**
 * @example
 * const aside = useStepAside(stackRef, toasts.length);
 * <section data-aside={aside || undefined} ... />
 */
export function useStepAside(stack: RefObject<HTMLElement | null>, count: number): boolean {
  const [aside, setAside] = useState(false);
  useEffect(() => {
    const el = stack.current;
    if (count === 0 || !el) {
      setAside(false);
      return;
    }
    const judge = (target: EventTarget | null | undefined) => {
      // Focus moving into the stack itself (its dismiss buttons) changes nothing.
      if (!(target instanceof Element) || el.contains(target)) return;
      if (target === el.ownerDocument.body || target === el.ownerDocument.documentElement) return setAside(false);
      const view = el.ownerDocument.documentElement.clientWidth;
      setAside(overlaps(target.getBoundingClientRect(), stackAtTop(el.offsetWidth, el.offsetHeight, view)));
    };
    judge(activeElementOf(el));
    // composedPath: inside a shadow root the event's target is only the host.
    const onFocus = (event: FocusEvent) => judge(event.composedPath()[0]);
    el.ownerDocument.addEventListener('focusin', onFocus);
    return () => el.ownerDocument.removeEventListener('focusin', onFocus);
  }, [stack, count]);
  return aside;
}
