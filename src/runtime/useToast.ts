/**
 * The toast actions, for raising toasts from components.
 */
import type { ToastActions } from '../core';
import { useRuntime } from './useRuntime';

/**
 * Stable toast actions (`success`, `error`, `info`, `dismiss`, `pauseAll`, `resumeAll`); using
 * them does not re-render the component when toasts come and go.
 *
 * @example
 * const toast = useToast();
 * toast.success(MESSAGES.leads.added);
 */
export function useToast(): ToastActions {
  return useRuntime('useToast').toast;
}
