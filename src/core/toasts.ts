/**
 * The toast stack (docs/product/rules.md): 4 s default and error, 2 s success, at most 20, paused
 * on hover and when the window loses focus. The view (`ui/Toasts`) only renders this store.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { TOAST } from '../contract';

export type ToastKind = 'success' | 'error' | 'info';

/** One toast on screen. */
export interface Toast {
  id: string;
  kind: ToastKind;
  message: string;
  /** Milliseconds on screen (not counting pauses); `Infinity` or `0` keeps it until dismissed. */
  duration: number;
  /** `Date.now()` when shown. */
  createdAt: number;
}

/** Options of one toast. */
export interface ToastOptions {
  /** Overrides the kind's duration, e.g. `{ duration: TOAST.longMs }` for forgot-password and registration. */
  duration?: number;
}

/** The actions of the stack: what `useToast()` hands to components. */
export interface ToastActions {
  show(kind: ToastKind, message: string, options?: ToastOptions): string;
  success(message: string, options?: ToastOptions): string;
  error(message: string, options?: ToastOptions): string;
  info(message: string, options?: ToastOptions): string;
  dismiss(id: string): void;
  clear(): void;
  /**
   * Stops every countdown. `reason` lets hover and window blur pause independently: the
   * countdowns resume only when every reason has been resumed.
   */
  pauseAll(reason?: string): void;
  resumeAll(reason?: string): void;
}

export interface ToastState extends ToastActions {
  /** Oldest first. */
  toasts: Toast[];
  /** True while any pause reason is active. */
  paused: boolean;
}

/** A zustand vanilla store of `ToastState`, plus `dispose()` to cancel every timer. */
export type ToastStore = StoreApi<ToastState> & { dispose(): void };

const DURATIONS: Record<ToastKind, number> = {
  success: TOAST.successMs,
  error: TOAST.errorMs,
  info: TOAST.defaultMs,
};

/**
 * Handlers are often passed straight to `onMouseEnter`, which hands them an event object: any
 * reason that is not text counts as the default one, or pause and resume would never match.
 */
const reasonKey = (reason: unknown): string => (typeof reason === 'string' && reason ? reason : 'default');

const autoDismisses = (duration: number) => Number.isFinite(duration) && duration > 0;

/**
 * Creates an empty toast stack. Timers are plain `setTimeout`s, so `vi.useFakeTimers()` drives them.
 *
 * @example
 * const toasts = createToastStore();
 * toasts.getState().success(MESSAGES.leads.added);
 * toasts.getState().error(MESSAGES.auth.resetLinkFailed, { duration: TOAST.longMs });
 */
export function createToastStore(): ToastStore {
  let counter = 0;
  const pauseReasons = new Set<string>();
  /** Per toast: time left, and the running timer with the moment it started. */
  const timers = new Map<string, { remaining: number; handle?: ReturnType<typeof setTimeout>; startedAt?: number }>();

  const store = createStore<ToastState>()((set, get) => {
    const start = (id: string) => {
      const timer = timers.get(id);
      if (!timer || timer.handle !== undefined) return;
      timer.startedAt = Date.now();
      timer.handle = setTimeout(() => get().dismiss(id), timer.remaining);
    };

    const stop = (id: string) => {
      const timer = timers.get(id);
      if (!timer || timer.handle === undefined) return;
      clearTimeout(timer.handle);
      timer.remaining = Math.max(0, timer.remaining - (Date.now() - (timer.startedAt ?? Date.now())));
      timer.handle = undefined;
    };

    const forget = (id: string) => {
      stop(id);
      timers.delete(id);
    };

    const show = (kind: ToastKind, message: string, options: ToastOptions = {}): string => {
      counter += 1;
      const id = `toast-${counter}`;
      const duration = options.duration ?? DURATIONS[kind];
      const toast: Toast = { id, kind, message, duration, createdAt: Date.now() };
      const all = [...get().toasts, toast];
      // At most 20 (`TOAST.max`); the oldest make room.
      const dropped = all.slice(0, Math.max(0, all.length - TOAST.max));
      for (const old of dropped) forget(old.id);
      set({ toasts: all.slice(dropped.length) });
      if (autoDismisses(duration)) {
        timers.set(id, { remaining: duration });
        // A toast raised while the stack is hovered waits like the others.
        if (pauseReasons.size === 0) start(id);
      }
      return id;
    };

    return {
      toasts: [],
      paused: false,
      show,
      success: (message, options) => show('success', message, options),
      error: (message, options) => show('error', message, options),
      info: (message, options) => show('info', message, options),
      dismiss(id) {
        forget(id);
        if (get().toasts.some((t) => t.id === id)) set({ toasts: get().toasts.filter((t) => t.id !== id) });
      },
      clear() {
        // A copy: `forget` deletes from the map being walked.
        for (const id of Array.from(timers.keys())) forget(id);
        set({ toasts: [] });
      },
      pauseAll(reason) {
        pauseReasons.add(reasonKey(reason));
        for (const id of timers.keys()) stop(id);
        if (!get().paused) set({ paused: true });
      },
      resumeAll(reason) {
        pauseReasons.delete(reasonKey(reason));
        if (pauseReasons.size > 0) return;
        for (const id of timers.keys()) start(id);
        if (get().paused) set({ paused: false });
      },
    };
  });

  return Object.assign(store, {
    dispose() {
      for (const timer of timers.values()) if (timer.handle !== undefined) clearTimeout(timer.handle);
      timers.clear();
    },
  });
}

/**
 * The actions of a toast store as one stable object (what `runtime.toast` and `useToast()` return).
 *
 * @example
 * const toast = toastActions(runtime.toasts);
 * toast.success(MESSAGES.roles.created);
 */
export function toastActions(store: StoreApi<ToastState>): ToastActions {
  const s = () => store.getState();
  return {
    show: (kind, message, options) => s().show(kind, message, options),
    success: (message, options) => s().success(message, options),
    error: (message, options) => s().error(message, options),
    info: (message, options) => s().info(message, options),
    dismiss: (id) => s().dismiss(id),
    clear: () => s().clear(),
    pauseAll: (reason) => s().pauseAll(reason),
    resumeAll: (reason) => s().resumeAll(reason),
  };
}
