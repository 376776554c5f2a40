/**
 * `/register`: the simple two-step registration (docs/product/screens.md, rules.md, messages.md). Step 1 validates first name,
 * last name, display name and email before Continue moves on; step 2 asks for the password and its
 * confirmation. Success shows "Registration successful!" with a way to sign in; a failure shows
 * the server's field errors and message, or "An error occurred. Please try again.".
 */
import { useState, type ReactElement } from 'react';
import { MESSAGES } from '../../contract';
import { buttonStyles } from '../../ui/Button';
import { cx } from '../../ui/css';
import { useAuthApi } from './authApi';
import { AuthLayout } from './AuthLayout';
import { AuthLink } from './AuthLink';
import { registrationFailure } from './authModel';
import { AuthNotice } from './AuthNotice';
import { authStyles } from './authStyles';
import { AUTH_TEXT } from './authText';
import { RegistrationForm } from './RegistrationForm';
import type { AuthNavigate } from './useAuthNavigate';
import { useRegistration } from './useRegistration';
import { AUTH_SCREENS } from './widgets';

const T = AUTH_TEXT.register;
const LOGIN_PATH = AUTH_SCREENS.login.href();

export interface RegisterScreenProps {
  /** Shown inside a host page: the card alone. */
  embedded?: boolean;
  /** Navigation for hosts without the suite's router; defaults to the mount's router. */
  onNavigate?: AuthNavigate;
  /** Called with the registered e-mail address after success. */
  onRegistered?: (email: string) => void;
}

/**
 * The simple registration page.
 *
 * @example
 * <RegisterScreen onRegistered={(email) => analytics.track('registered', { email })} />
 */
export function RegisterScreen({ embedded = false, onNavigate, onRegistered }: RegisterScreenProps): ReactElement {
  const [registered, setRegistered] = useState(false);
  const auth = useAuthApi();
  const a = authStyles();
  const b = buttonStyles();
  const registration = useRegistration({
    policy: 'simple',
    async onSubmit(payload) {
      await auth.register(payload);
      registration.clear();
      setRegistered(true);
      onRegistered?.(payload.email);
    },
    onError: (error) => registrationFailure(error, 'simple'),
  });

  const signInLink = (
    <>
      {T.haveAccount}{' '}
      <AuthLink to={LOGIN_PATH} onNavigate={onNavigate} className={a.inlineLink}>
        {T.signIn}
      </AuthLink>
    </>
  );

  if (registered) {
    return (
      <AuthLayout embedded={embedded} title={T.title}>
        <div className={a.form}>
          <AuthNotice tone="success">
            <strong>{MESSAGES.auth.simpleRegistrationSuccess}</strong> {T.successDetail}
          </AuthNotice>
          <AuthLink to={LOGIN_PATH} onNavigate={onNavigate} className={cx(b.base, b.lg, b.primary, b.block, a.buttonLink)}>
            {T.signIn}
          </AuthLink>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout embedded={embedded} title={T.title} subtitle={T.subtitle} footer={signInLink}>
      <RegistrationForm registration={registration} />
    </AuthLayout>
  );
}

export default RegisterScreen;
