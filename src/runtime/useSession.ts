/**
 * Subscribes a component to the session store.
 */
import { useStore } from 'zustand';
import type { SessionState } from '../core';
import { useRuntime } from './useRuntime';

const whole = (state: SessionState) => state;

/**
 * The selected part of the session; re-renders only when it changes. Select primitives or
 * stable references: a selector building a new object each call re-renders forever (zustand 5);
 * wrap such selectors in `useShallow`.
 *
 * @example
 * const user = useSession((s) => s.user);
 * const signOut = useSession((s) => s.signOut);
 */
export function useSession(): SessionState;
export function useSession<T>(selector: (state: SessionState) => T): T;
export function useSession<T>(selector?: (state: SessionState) => T): T | SessionState {
  const { session } = useRuntime('useSession');
  return useStore(session, (selector ?? whole) as (state: SessionState) => T | SessionState);
}
