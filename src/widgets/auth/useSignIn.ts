/**
 * The sign-in form, shared by `/login` and ADMIN LOGIN: validated with the contract's
 * LoginRequest, then POST /auth, the answer put in the session (SPEC §4: all stored data cleared
 * first, then token, company id, permissions and user), then on to /dashboard. A failure shows
 * the server's message or the screen's fallback inline.
 */
import type { SessionUser } from '../../contract';
import { useRuntime } from '../../runtime';
import { useForm, type FormApi } from '../../ui/useForm';
import { useAuthApi } from './authApi';
import { EMPTY_LOGIN, loginFailure, validateLogin, type LoginValues } from './authModel';
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
}

/**
 * The username and password form; its submit signs in.
 *
 * @example
 * const form = useSignInForm({ fallback: MESSAGES.auth.loginFailed, redirectTo: '/dashboard' });
 * <Form form={form}><TextField label="Username" {...form.field('username')} /></Form>
 */
export function useSignInForm({ fallback, onNavigate, onSignedIn, redirectTo }: SignInOptions): FormApi<LoginValues> {
  const { session } = useRuntime('useSignInForm');
  const auth = useAuthApi();
  const navigate = useAuthNavigate(onNavigate);

  return useForm({
    initial: EMPTY_LOGIN,
    validate: validateLogin,
    async onSubmit(payload) {
      const answer = await auth.login(payload);
      session.getState().signIn(answer.data);
      onSignedIn?.(answer.data.user);
      if (redirectTo) navigate(redirectTo);
    },
    onError: (error) => loginFailure(error, fallback),
  });
}
