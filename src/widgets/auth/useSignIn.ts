/**
 * The sign-in form, shared by `/login` and ADMIN LOGIN: validated with the contract's LoginRequest,
 * then POST /auth, the answer put in the session (docs/product/rules.md: all stored data cleared
 * first, then token, company id, permissions and user), then on to /dashboard. A failure shows the
 * server's message or the screen's fallback inline. A person with two-factor gets a challenge
 * instead of a session: the screen shows the code step (TwoFactorStep), whose success finishes
 * here.
 */
import { useState } from 'react';
import { isChallenge, type LoginData, type SessionUser, type TwoFactorChallenge } from '../../contract';
import { useRuntime } from '../../runtime';
import { useForm, type FormApi } from '../../ui/useForm';
import { EMPTY_LOGIN, loginFailure, validateLogin, type LoginValues } from './authModel';
import { useTwoFactorApi } from './twoFactorApi';
import { DASHBOARD_SCREENS } from '../dashboard/widget';
import { useAuthNavigate, type AuthNavigate } from './useAuthNavigate';

/** Where a signed-in user goes (docs/product/rules.md). */
export const AFTER_SIGN_IN_PATH = DASHBOARD_SCREENS.home.href();

export interface SignInOptions {
  /** Inline message when the server gives none (it differs per screen: docs/product/messages.md). */
  fallback: string;
  onNavigate?: AuthNavigate;
  onSignedIn?: (user: SessionUser) => void;
  /** Where to go after signing in; `null` stays put (embedded sign-in is replaced by its widget). */
  redirectTo: string | null;
}

export interface SignIn {
  /** The username and password form. */
  form: FormApi<LoginValues>;
  /** Set after a correct password when a code (or a set-up) is needed. */
  challenge: TwoFactorChallenge | null;
  /** Stores the session and goes on (after the code step). */
  finish(data: LoginData): void;
  /** Back to the password form (a challenge expired, or the person chose to), with a message to show there. */
  back(message?: string): void;
}

/**
 * The sign-in form and its second step.
 *
 * @example
 * const { form, challenge } = useSignIn({ fallback: MESSAGES.auth.loginFailed, redirectTo: '/dashboard' });
 */
export function useSignIn({ fallback, onNavigate, onSignedIn, redirectTo }: SignInOptions): SignIn {
  const { session } = useRuntime('useSignIn');
  const api = useTwoFactorApi();
  const navigate = useAuthNavigate(onNavigate);
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);

  const finish = (data: LoginData) => {
    const { recovery_codes: _shownAlready, ...answer } = data;
    session.getState().signIn(answer);
    onSignedIn?.(answer.user);
    if (redirectTo) navigate(redirectTo);
  };

  const form = useForm({
    initial: EMPTY_LOGIN,
    validate: validateLogin,
    async onSubmit(payload) {
      const { data } = await api.signIn(payload);
      if (isChallenge(data)) setChallenge(data);
      else finish(data);
    },
    onError: (error) => loginFailure(error, fallback),
  });

  return {
    form,
    challenge,
    finish,
    back(message) {
      setChallenge(null);
      form.setValue('password', '');
      if (message) form.setErrors({}, message);
    },
  };
}
