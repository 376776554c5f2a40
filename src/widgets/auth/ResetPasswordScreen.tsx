/**
 * `/reset-password?token=…`: the landing page of the mailed reset link. A new password (meeting
 * PASSWORD_RULES, with the checklist) and its confirmation; then "Your password has been reset.
 * You can sign in now." with a way to sign in, or "This reset link is invalid or has expired." /
 * the server's field errors.
 */
import { useState, type FormEvent, type ReactElement } from 'react';
import { MESSAGES } from '../../contract';
import { Button, buttonStyles } from '../../ui/Button';
import { cx } from '../../ui/css';
import { PasswordField } from '../../ui/PasswordField';
import { useAuthApi } from './authApi';
import { AuthLayout } from './AuthLayout';
import { AuthLink } from './AuthLink';
import { EMPTY_RESET, hasErrors, resetFailure, validateReset, type FieldErrors, type ResetValues } from './authModel';
import { AuthNotice } from './AuthNotice';
import { authStyles } from './authStyles';
import { AUTH_TEXT } from './authText';
import { PasswordChecklist } from './PasswordChecklist';
import type { AuthNavigate } from './useAuthNavigate';
import { useLinkToken } from './useLinkToken';

const T = AUTH_TEXT.reset;
const A = MESSAGES.auth;
const LOGIN_PATH = '/login';
/** The combined screen opened in forgot-password mode. */
const FORGOT_PATH = '/login?mode=forgot';

export interface ResetPasswordScreenProps {
  /** The token; read from the link's `?token=` when omitted. */
  token?: string;
  embedded?: boolean;
  /** Navigation for hosts without the suite's router; defaults to the mount's router. */
  onNavigate?: AuthNavigate;
}

/**
 * The reset-password page.
 *
 * @example
 * <ResetPasswordScreen token="…" />
 */
export function ResetPasswordScreen({ token: tokenProp, embedded = false, onNavigate }: ResetPasswordScreenProps): ReactElement {
  const token = useLinkToken(tokenProp);
  const auth = useAuthApi();
  const [values, setValues] = useState<ResetValues>(EMPTY_RESET);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const a = authStyles();
  const b = buttonStyles();

  const edit = (field: keyof ResetValues) => (event: { target: { value: string } }) => {
    setValues((old) => ({ ...old, [field]: event.target.value }));
    setErrors(({ [field]: _answered, ...rest }) => rest);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !token) return;
    const invalid = validateReset(values);
    setFormError(null);
    if (hasErrors(invalid)) return setErrors(invalid);
    setBusy(true);
    try {
      await auth.resetPassword({ token, ...values });
      setDone(true);
    } catch (error) {
      const failure = resetFailure(error);
      setErrors(failure.errors);
      setFormError(failure.formError);
    } finally {
      setBusy(false);
    }
  }

  const signIn = (
    <AuthLink to={LOGIN_PATH} onNavigate={onNavigate} className={cx(b.base, b.lg, b.primary, b.block, a.buttonLink)}>
      {T.signIn}
    </AuthLink>
  );
  const requestNew = (
    <AuthLink to={FORGOT_PATH} onNavigate={onNavigate}>
      {T.requestNew}
    </AuthLink>
  );

  if (done) {
    return (
      <AuthLayout embedded={embedded} title={T.title}>
        <div className={a.form}>
          <AuthNotice tone="success">{A.passwordReset}</AuthNotice>
          {signIn}
        </div>
      </AuthLayout>
    );
  }

  if (!token) {
    return (
      <AuthLayout embedded={embedded} title={T.title} footer={requestNew}>
        <AuthNotice tone="error">{A.resetTokenInvalid}</AuthNotice>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      embedded={embedded}
      title={T.title}
      subtitle={T.subtitle}
      footer={formError === A.resetTokenInvalid ? requestNew : undefined}
    >
      <form className={a.form} onSubmit={submit} noValidate aria-label={T.title}>
        {formError && <AuthNotice tone="error">{formError}</AuthNotice>}
        <PasswordField
          label={T.password}
          name="password"
          autoComplete="new-password"
          required
          className={a.input}
          value={values.password}
          error={errors.password}
          onChange={edit('password')}
        />
        <PasswordChecklist password={values.password} />
        <PasswordField
          label={T.password_confirmation}
          name="password_confirmation"
          autoComplete="new-password"
          required
          className={a.input}
          value={values.password_confirmation}
          error={errors.password_confirmation}
          onChange={edit('password_confirmation')}
        />
        <Button type="submit" size="lg" block busy={busy} busyLabel={T.busy}>
          {T.submit}
        </Button>
      </form>
    </AuthLayout>
  );
}

export default ResetPasswordScreen;
