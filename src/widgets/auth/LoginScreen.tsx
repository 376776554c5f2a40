/**
 * `/login`: the combined login, register and forgot-password screen (SPEC §2 "Login screen", §4,
 * §5, §8). Login signs in (the session clears all stored data first, then stores token, company id,
 * permissions and user) and goes to /dashboard. Register is the two-step form with the password
 * requirements checklist; forgot password sends a reset link.
 */
import { useEffect, useReducer, useRef, useState, type FormEvent, type ReactElement, type ReactNode } from 'react';
import { MESSAGES, TOAST, type RegisterRequest, type SessionUser } from '../../contract';
import { useToast } from '../../runtime';
import { useSearchParams } from '../../runtime/router';
import { Button } from '../../ui/Button';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';
import { useAuthApi } from './authApi';
import { AuthLayout } from './AuthLayout';
import {
  forgotFailure,
  initialLoginScreen,
  loginScreenReducer,
  registrationFailure,
  validateForgot,
  type AuthMode,
} from './authModel';
import { AuthNotice } from './AuthNotice';
import { authStyles } from './authStyles';
import { AUTH_TEXT } from './authText';
import { RegistrationForm } from './RegistrationForm';
import type { AuthNavigate } from './useAuthNavigate';
import { AFTER_SIGN_IN_PATH, useSignIn } from './useSignIn';

const A = MESSAGES.auth;
const MODES: readonly AuthMode[] = ['login', 'register', 'forgot'];

export interface LoginScreenProps {
  /** The mode shown first; otherwise `?mode=register|forgot` of the location, else login. */
  initialMode?: AuthMode;
  /** Shown in place of a widget on a host page: the card alone, and no navigation after sign-in. */
  embedded?: boolean;
  /** Navigation for hosts without the suite's router; defaults to the mount's router. */
  onNavigate?: AuthNavigate;
  /** Called after a successful sign-in, before navigating. */
  onSignedIn?: (user: SessionUser) => void;
  /** Where to go after signing in (default /dashboard); `null` stays put. */
  redirectTo?: string | null;
}

/**
 * The combined sign-in screen.
 *
 * @example
 * <RuntimeProvider runtime={runtime}><LoginScreen /></RuntimeProvider>
 */
export function LoginScreen({ initialMode, embedded = false, onNavigate, onSignedIn, redirectTo = AFTER_SIGN_IN_PATH }: LoginScreenProps): ReactElement {
  const searchMode = useSearchParams().get('mode') as AuthMode | null;
  const startMode = initialMode ?? (searchMode && MODES.includes(searchMode) ? searchMode : 'login');
  const [state, dispatch] = useReducer(loginScreenReducer, startMode, initialLoginScreen);
  const [working, setBusy] = useState(false);
  const toast = useToast();
  const auth = useAuthApi();
  const a = authStyles();
  const T = AUTH_TEXT;

  const [signIn, signingIn] = useSignIn({
    fallback: A.loginFailed,
    onNavigate,
    onSignedIn,
    redirectTo: embedded ? null : redirectTo,
    onFailure: (errors, formError) => dispatch({ type: 'failed', errors, formError }),
  });
  const login = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void signIn(state.login);
  };

  const busy = working || signingIn;
  const switchTo = (mode: AuthMode) => dispatch({ type: 'switch', mode });

  // A mode switch replaces the form under the keyboard user's focus: move focus to its first field.
  const content = useRef<HTMLDivElement>(null);
  const shownMode = useRef(state.mode);
  useEffect(() => {
    if (shownMode.current === state.mode) return;
    shownMode.current = state.mode;
    content.current?.querySelector('input')?.focus();
  }, [state.mode]);
  const frame = (title: string, subtitle: string, children: ReactNode) => (
    <AuthLayout embedded={embedded} title={title} subtitle={subtitle}>
      <div ref={content}>{children}</div>
    </AuthLayout>
  );

  async function register(payload: RegisterRequest) {
    setBusy(true);
    try {
      await auth.register(payload);
      toast.success(A.registrationSuccess, { duration: TOAST.longMs });
      dispatch({ type: 'registered' });
    } catch (error) {
      const failure = registrationFailure(error, 'rules');
      dispatch({ type: 'registration', action: { type: 'failed', errors: failure.errors, formError: failure.formError } });
      if (failure.toast) toast.error(failure.toast, { duration: TOAST.longMs });
    } finally {
      setBusy(false);
    }
  }

  async function forgot(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const checked = validateForgot(state.forgot);
    if (!checked.ok) return dispatch({ type: 'failed', errors: checked.errors });
    setBusy(true);
    try {
      await auth.forgotPassword(checked.data);
      toast.success(A.resetLinkSent, { duration: TOAST.longMs });
      dispatch({ type: 'linkSent' });
    } catch (error) {
      const failure = forgotFailure(error);
      dispatch({ type: 'failed', errors: failure.errors });
      if (failure.toast) toast.error(failure.toast, { duration: TOAST.longMs });
    } finally {
      setBusy(false);
    }
  }

  // "Don't have an account? Register": the question reads quieter than the action it offers.
  const modeLink = (label: string, mode: AuthMode) => {
    const split = label.lastIndexOf('? ');
    return (
      <Button variant="link" className={a.linkButton} onClick={() => switchTo(mode)} disabled={busy}>
        {split > 0 && split < label.length - 2 ? (
          <>
            <span className={a.linkPrefix}>{label.slice(0, split + 1)}</span> {label.slice(split + 2)}
          </>
        ) : (
          label
        )}
      </Button>
    );
  };

  if (state.mode === 'register') {
    return frame(
      T.register.title,
      T.register.subtitle,
      <>
        <RegistrationForm
          state={state.registration}
          dispatch={(action) => dispatch({ type: 'registration', action })}
          busy={busy}
          onSubmit={register}
        />
        <div className={a.links}>{modeLink(T.login.toLogin, 'login')}</div>
      </>,
    );
  }

  if (state.mode === 'forgot') {
    return frame(
      T.forgot.title,
      T.forgot.subtitle,
      <>
        <form className={a.form} onSubmit={forgot} noValidate aria-label={T.forgot.title}>
          <TextField
            label={T.forgot.email}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            className={a.input}
            value={state.forgot.email}
            error={state.errors.email}
            onChange={(e) => dispatch({ type: 'editForgot', field: 'email', value: e.target.value })}
          />
          <Button type="submit" size="lg" block busy={busy} busyLabel={T.forgot.busy}>
            {T.forgot.submit}
          </Button>
        </form>
        <div className={a.links}>{modeLink(T.forgot.back, 'login')}</div>
      </>,
    );
  }

  return frame(
    T.login.title,
    T.login.subtitle,
    <>
      <form className={a.form} onSubmit={login} noValidate aria-label={T.login.title}>
        {state.formError && <AuthNotice tone="error">{state.formError}</AuthNotice>}
        <TextField
          label={T.login.username}
          name="username"
          type="text"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          className={a.input}
          value={state.login.username}
          error={state.errors.username}
          onChange={(e) => dispatch({ type: 'editLogin', field: 'username', value: e.target.value })}
        />
        <PasswordField
          label={T.login.password}
          name="password"
          autoComplete="current-password"
          required
          className={a.input}
          value={state.login.password}
          error={state.errors.password}
          onChange={(e) => dispatch({ type: 'editLogin', field: 'password', value: e.target.value })}
        />
        <div className={a.labelRow}>{modeLink(T.login.forgot, 'forgot')}</div>
        <Button type="submit" size="lg" block busy={busy} busyLabel={T.login.busy}>
          {T.login.submit}
        </Button>
      </form>
      <div className={a.links}>{modeLink(T.login.toRegister, 'register')}</div>
    </>,
  );
}

export default LoginScreen;
