/**
 * Signing in, shared by `/login` and ADMIN LOGIN: validate, call POST /auth, put the answer in
 * the session (SPEC §4: all stored data cleared first, then token, company id, permissions and
 * user), then move on to /dashboard. A failure shows the server's message or the screen's fallback.
 */
import { useState } from 'react';
import type { SessionUser } from '../../contract';
import { useRuntime } from '../../runtime';
import { useAuthApi } from './authApi';
import { loginFailure, validateLogin, type FieldErrors, type LoginValues } from './authModel';
import { useAuthNavigate, type AuthNavigate } from './useAuthNavigate';

/** Where a signed-in user goes (SPEC §4). */
export const AFTER_SIGN_IN_PATH = '/dashboard';

export interface SignInOptions {
  /** Inline message when the server gives none (SPEC §8 differs per screen). */
  fallback: string;
  onNavigate?: AuthNavigate;
  onSignedIn?: (user: SessionUser) => void;
  /** Where to go after signing in; `null` stays put (embedded sign-in is replaced by its widget). */
  redirectTo: string | null;
  /** Receives the field errors and inline message of a failed attempt. */
  onFailure: (errors: FieldErrors, formError: string | null) => void;
}

/**
 * `[signIn, busy]`: `signIn(values)` resolves once the attempt is over.
 *
 * @example
 * const [signIn, busy] = useSignIn({ fallback: MESSAGES.auth.loginFailed, redirectTo: '/dashboard', onFailure });
 */
export function useSignIn({ fallback, onNavigate, onSignedIn, redirectTo, onFailure }: SignInOptions): [(values: LoginValues) => Promise<void>, boolean] {
  const [busy, setBusy] = useState(false);
  const { session } = useRuntime('useSignIn');
  const auth = useAuthApi();
  const navigate = useAuthNavigate(onNavigate);

  async function signIn(values: LoginValues) {
    if (busy) return;
    const checked = validateLogin(values);
    if (!checked.ok) return onFailure(checked.errors, null);
    setBusy(true);
    try {
      const answer = await auth.login(checked.data);
      session.getState().signIn(answer.data);
      onSignedIn?.(answer.data.user);
      if (redirectTo) navigate(redirectTo);
    } catch (error) {
      const failure = loginFailure(error, fallback);
      onFailure(failure.errors, failure.formError);
    } finally {
      setBusy(false);
    }
  }

  return [signIn, busy];
}
