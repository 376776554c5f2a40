/**
 * The permission check of docs/product/roles.md for the signed-in user, as a hook.
 */
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { canSession, type CanResult } from '../core';
import { useRuntime } from './useRuntime';

/** What `useCan` returns: `message` is the refusal's text (docs/product/roles.md) when denied, `null` when allowed. */
export interface UseCanResult {
  allowed: boolean;
  message: string | null;
}

/**
 * May the signed-in user do `permission`? Re-renders when the user changes (sign-in, another
 * tab, profile update).
 *
 * @example
 * const { allowed } = useCan(PERMISSIONS.leadCreate);
 * return allowed ? <Button>Add Lead</Button> : null;
 */
export function useCan(permission: string): UseCanResult {
  const { session } = useRuntime('useCan');
  // Selecting the inputs rather than the result: `canSession` builds a new object each call,
  // which as a selector result would re-render forever.
  const user = useStore(session, (s) => s.user);
  const userInvalid = useStore(session, (s) => s.userInvalid);
  return useMemo(() => {
    const result: CanResult = canSession({ user, userInvalid }, permission);
    return result.allowed ? { allowed: true, message: null } : { allowed: false, message: result.message };
  }, [user, userInvalid, permission]);
}
