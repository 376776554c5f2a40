/**
 * A tiny typed event emitter, and the events a runtime speaks.
 *
 * Hand-rolled rather than a dependency: it is a dozen lines, and the widgets' event names and
 * payloads stay checked by TypeScript end to end.
 */
import type { SessionUser } from '../contract';

/** Payloads of the events a runtime emits (see `createRuntime`). */
export interface RuntimeEvents {
  /** A session began: this tab signed in, or another tab did and storage synced it here. */
  'signed-in': { user: SessionUser | null };
  /** The session ended: sign-out here, in another tab, or after an unauthorised answer. */
  'signed-out': undefined;
  /** An authenticated call answered 401 and the session was cleared; the app sends the user to /login. */
  unauthorized: { method: string; path: string };
  /** A request to move somewhere in the app; the router of the mount decides how. */
  navigate: { to: string; replace?: boolean; state?: unknown };
}

type Listener<P> = (payload: P) => void;
/** Events whose payload is `undefined` may be emitted without one. */
type PayloadArgs<P> = undefined extends P ? [payload?: P] : [payload: P];

/** What `createEmitter` returns. */
export interface Emitter<Events extends object> {
  /** Listens to `type`; returns the function that stops listening. */
  on<K extends keyof Events>(type: K, listener: Listener<Events[K]>): () => void;
  /** Calls every listener of `type` with `payload`, in the order they were added. */
  emit<K extends keyof Events>(type: K, ...args: PayloadArgs<Events[K]>): void;
  /** Removes every listener (a disposed runtime must not call back into unmounted code). */
  clear(): void;
}

/**
 * Creates an emitter for the event map `Events`.
 *
 * @example
 * const events = createEmitter<RuntimeEvents>();
 * const off = events.on('navigate', ({ to }) => router.push(to));
 * events.emit('navigate', { to: '/dashboard' });
 * off();
 */
export function createEmitter<Events extends object>(): Emitter<Events> {
  const listeners = new Map<keyof Events, Set<Listener<never>>>();

  return {
    on(type, listener) {
      let set = listeners.get(type);
      if (!set) listeners.set(type, (set = new Set()));
      // Wrapped so that adding the same function twice gives two independent subscriptions.
      const entry: Listener<never> = (payload) => listener(payload);
      set.add(entry);
      return () => {
        set.delete(entry);
      };
    },
    emit(type, ...args) {
      const set = listeners.get(type);
      if (!set) return;
      // A snapshot, so listeners that unsubscribe (or subscribe) while being called do not
      // change who hears this emission.
      for (const listener of Array.from(set)) {
        try {
          (listener as Listener<unknown>)(args[0]);
        } catch (error) {
          // One broken listener (say, a host page's handler) must not silence the others.
          console.error(`[estatedesk] a "${String(type)}" listener failed`, error);
        }
      }
    },
    clear() {
      listeners.clear();
    },
  };
}
