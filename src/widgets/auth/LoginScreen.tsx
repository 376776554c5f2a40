/**
 * `/login`: the combined login, register and forgot-password screen (docs/product/screens.md,
 * "Sign-in screens"; its rules and messages in docs/product/rules.md and messages.md). Login signs
 * in (the session clears all stored data first, then stores token, company id, permissions and
 * user) and goes to /dashboard. Register is the two-step form with the password requirements
 * checklist; forgot password sends a reset link.
 */
import { Suspense, useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { MESSAGES, TOAST, type SessionUser } from '../../contract';
import { useToast } from '../../runtime';
import { lazyComponent } from '../../runtime/lazyComponent';
import { useSearchParams } from '../../runtime/router';
import { Button } from '../../ui/Button';
import { Form } from '../../ui/Form';
import { FormSubmit } from '../../ui/FormSubmit';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';
import { useForm } from '../../ui/useForm';
import { useAuthApi } from './authApi';
import { AuthLayout } from './AuthLayout';
import { EMPTY_FORGOT, forgotFailure, registrationFailure, validateForgot, type AuthMode } from './authModel';
import { AuthNotice } from './AuthNotice';
import { authStyles } from './authStyles';
import { AUTH_TEXT } from './authText';
import type { AuthNavigate } from './useAuthNavigate';
import { useRegistration } from './useRegistration';
import { TwoFactorStepLazy, twoFactorFrame } from './twoFactorStepLazy';
import { AFTER_SIGN_IN_PATH, useSignIn } from './useSignIn';

const A = MESSAGES.auth;
// Most visitors sign in: the registration form (and its password checklist) comes when asked for,
// fetched as soon as the pointer or focus reaches "Register".
const registrationForm = lazyComponent(() => import('./RegistrationForm').then((m) => ({ default: m.RegistrationForm })));
const preloadRegistration = () => void registrationForm.preload().catch(() => {});
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
  const [mode, setMode] = useState<AuthMode>(startMode);
  const [switched, setSwitched] = useState(false);
  const toast = useToast();
  const auth = useAuthApi();
  const a = authStyles();
  const T = AUTH_TEXT;

  const signIn = useSignIn({
    fallback: A.loginFailed,
    onNavigate,
    onSignedIn,
    redirectTo: embedded ? null : redirectTo,
  });
  const login = signIn.form;

  const registration = useRegistration({
    policy: 'rules',
    async onSubmit(payload) {
      await auth.register(payload);
      toast.success(A.registrationSuccess, { duration: TOAST.longMs });
      // docs/product/rules.md: back to login mode with the form cleared.
      registration.clear();
      setMode('login');
    },
    onError(error) {
      const failure = registrationFailure(error, 'rules');
      if (failure.toast) toast.error(failure.toast, { duration: TOAST.longMs });
      return failure;
    },
  });

  const forgot = useForm({
    initial: EMPTY_FORGOT,
    validate: validateForgot,
    async onSubmit(payload) {
      await auth.forgotPassword(payload);
      toast.success(A.resetLinkSent, { duration: TOAST.longMs });
      // Back to login mode; the e-mail stays for next time.
      setMode('login');
    },
    onError(error) {
      const failure = forgotFailure(error);
      if (failure.toast) toast.error(failure.toast, { duration: TOAST.longMs });
      return failure;
    },
  });

  const busy = login.busy || forgot.busy || registration.form.busy;
  // docs/product/rules.md: switching modes clears errors and resets registration to step 1.
  const switchTo = (next: AuthMode) => {
    login.setErrors({});
    forgot.setErrors({});
    registration.restart();
    setSwitched(true);
    setMode(next);
  };

  // A mode switch replaces the form under the keyboard user's focus: move focus to its first field.
  const content = useRef<HTMLDivElement>(null);
  const shownMode = useRef(mode);
  useEffect(() => {
    if (shownMode.current === mode) return;
    shownMode.current = mode;
    content.current?.querySelector('input')?.focus();
  }, [mode]);
  const frame = (title: string, subtitle: string, children: ReactNode) => (
    <AuthLayout embedded={embedded} title={title} subtitle={subtitle}>
      <div ref={content}>{children}</div>
    </AuthLayout>
  );

  // "Don't have an account? Register": the question reads quieter than the action it offers.
  const modeLink = (label: string, mode: AuthMode) => {
    const split = label.lastIndexOf('? ');
    return (
      <Button
        variant="link"
        className={a.linkButton}
        onClick={() => switchTo(mode)}
        disabled={busy}
        {...(mode === 'register' ? { onPointerEnter: preloadRegistration, onFocus: preloadRegistration } : {})}
      >
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

  if (mode === 'register') {
    return frame(
      T.register.title,
      T.register.subtitle,
      <>
        <Suspense fallback={<p className={a.loading}>{T.register.loading}</p>}>
          <registrationForm.Component registration={registration} focusFirst={switched} />
        </Suspense>
        <div className={a.links}>{modeLink(T.login.toLogin, 'login')}</div>
      </>,
    );
  }

  if (mode === 'forgot') {
    return frame(
      T.forgot.title,
      T.forgot.subtitle,
      <>
        <Form form={forgot} className={a.form} aria-label={T.forgot.title}>
          <TextField
            label={T.forgot.email}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            className={a.input}
            {...forgot.field('email')}
          />
          <FormSubmit size="lg" block busyLabel={T.forgot.busy}>
            {T.forgot.submit}
          </FormSubmit>
        </Form>
        <div className={a.links}>{modeLink(T.forgot.back, 'login')}</div>
      </>,
    );
  }

  if (signIn.challenge) {
    const step = twoFactorFrame(signIn.challenge);
    return frame(
      step.title,
      step.subtitle,
      <Suspense fallback={<p className={a.loading}>{MESSAGES.generic.loading}</p>}>
        <TwoFactorStepLazy.Component challenge={signIn.challenge} onSignedIn={signIn.finish} onBack={signIn.back} />
      </Suspense>,
    );
  }

  return frame(
    T.login.title,
    T.login.subtitle,
    <>
      <Form form={login} className={a.form} aria-label={T.login.title}>
        {login.formError && <AuthNotice tone="error">{login.formError}</AuthNotice>}
        <TextField
          label={T.login.username}
          type="text"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          className={a.input}
          {...login.field('username')}
        />
        <PasswordField label={T.login.password} autoComplete="current-password" required className={a.input} {...login.field('password')} />
        <div className={a.labelRow}>{modeLink(T.login.forgot, 'forgot')}</div>
        <FormSubmit size="lg" block busyLabel={T.login.busy}>
          {T.login.submit}
        </FormSubmit>
      </Form>
      <div className={a.links}>{modeLink(T.login.toRegister, 'register')}</div>
    </>,
  );
}

export default LoginScreen;
