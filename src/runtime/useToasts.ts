/**
 * The list of toasts on screen, for the component that renders them.
 */
import { useStore } from 'zustand';
import type { Toast } from '../core';
import { useRuntime } from './useRuntime';

/**
 * The toasts currently shown, oldest first; re-renders when the list changes.
 *
 * @example
 * const toasts = useToasts();
 * return toasts.map((t) => <ToastItem key={t.id} toast={t} />);
 */
export function useToasts(): Toast[] {
  const { toasts } = useRuntime('useToasts');
  return useStore(toasts, (state) => state.toasts);
}
