/**
 * `/admin/login`: the ADMIN LOGIN page (SPEC §2, §4, §8): Username, Password and a LOGIN button
 * whose busy label is LOGGING IN...; a failure shows the server's message or "An error occurred.
 * Please try again." inline. Success signs in as on /login and goes to /dashboard.
 */
import { useState, type FormEvent, type ReactElement } from 'react';
import { MESSAGES, type SessionUser } from '../../contract';
import { Button } from '../../ui/Button';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';
import { AuthLayout } from './AuthLayout';
import { EMPTY_LOGIN, type FieldErrors, type LoginValues } from './authModel';
import { AuthNotice } from './AuthNotice';
import { authStyles } from './authStyles';
import { AUTH_TEXT } from './authText';
import type { AuthNavigate } from './useAuthNavigate';
import { AFTER_SIGN_IN_PATH, useSignIn } from './useSignIn';

const T = AUTH_TEXT.admin;

export interface AdminLoginScreenProps {
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
 * The ADMIN LOGIN page.
 *
 * @example
 * <AdminLoginScreen onSignedIn={(user) => console.log(user.email)} />
 */
export function AdminLoginScreen({ embedded = false, onNavigate, onSignedIn, redirectTo = AFTER_SIGN_IN_PATH }: AdminLoginScreenProps): ReactElement {
  const [values, setValues] = useState<LoginValues>(EMPTY_LOGIN);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [signIn, busy] = useSignIn({
    fallback: MESSAGES.auth.adminLoginFailed,
    onNavigate,
    onSignedIn,
    redirectTo: embedded ? null : redirectTo,
    onFailure: (fieldErrors, message) => {
      setErrors(fieldErrors);
      setFormError(message);
    },
  });
  const a = authStyles();

  const edit = (field: keyof LoginValues) => (event: { target: { value: string } }) => {
    setValues((old) => ({ ...old, [field]: event.target.value }));
    setErrors(({ [field]: _answered, ...rest }) => rest);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    void signIn(values);
  };

  return (
    <AuthLayout embedded={embedded} title={T.title} subtitle={T.subtitle}>
      <form className={a.form} onSubmit={submit} noValidate aria-label={T.title}>
        {formError && <AuthNotice tone="error">{formError}</AuthNotice>}
        <TextField
          label={T.username}
          name="username"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          className={a.input}
          value={values.username}
          error={errors.username}
          onChange={edit('username')}
        />
        <PasswordField
          label={T.password}
          name="password"
          autoComplete="current-password"
          required
          className={a.input}
          value={values.password}
          error={errors.password}
          onChange={edit('password')}
        />
        <Button type="submit" size="lg" block busy={busy} busyLabel={T.busy}>
          {T.submit}
        </Button>
      </form>
    </AuthLayout>
  );
}

export default AdminLoginScreen;
