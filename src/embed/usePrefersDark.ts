/** Whether the visitor's system asks for dark colours (for `appearance.dark: 'auto'`). */
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-color-scheme: dark)';
const media = (): MediaQueryList | null =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;

function subscribe(listener: () => void): () => void {
  const list = media();
  list?.addEventListener?.('change', listener);
  return () => list?.removeEventListener?.('change', listener);
}

/**
 * `true` while the system colour scheme is dark; only listens when `enabled`.
 * @example const dark = usePrefersDark(appearance.dark === 'auto');
 */
export function usePrefersDark(enabled: boolean): boolean {
  return useSyncExternalStore(
    enabled ? subscribe : noop,
    () => (enabled ? (media()?.matches ?? false) : false),
    () => false,
  );
}

const noop = () => () => {};
