/**
 * `/reset-password?token=…`: the landing page of the mailed reset link. A new password (meeting
 * PASSWORD_RULES, with the checklist) and its confirmation; then "Your password has been reset.
 * You can sign in now." with a way to sign in, or "This reset link is invalid or has expired." /
 * the server's field errors.
 */
import { useState, type ReactElement } from 'react';
import { MESSAGES } from '../../contract';
import { buttonStyles } from '../../ui/Button';
import { cx } from '../../ui/css';
import { Form } from '../../ui/Form';
import { FormSubmit } from '../../ui/FormSubmit';
import { PasswordField } from '../../ui/PasswordField';
import { useForm } from '../../ui/useForm';
import { useAuthApi } from './authApi';
import { AuthLayout } from './AuthLayout';
import { AuthLink } from './AuthLink';
import { checkReset, EMPTY_RESET, resetFailure } from './authModel';
import { AuthNotice } from './AuthNotice';
import { authStyles } from './authStyles';
import { AUTH_TEXT } from './authText';
import { PasswordChecklist } from './PasswordChecklist';
import type { AuthNavigate } from './useAuthNavigate';
import { useLinkToken } from './useLinkToken';
import { AUTH_SCREENS } from './widgets';

const T = AUTH_TEXT.reset;
const A = MESSAGES.auth;
const LOGIN_PATH = AUTH_SCREENS.login.href();
/** The combined screen opened in forgot-password mode. */
const FORGOT_PATH = AUTH_SCREENS.login.href({}, { mode: 'forgot' });

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
  const [done, setDone] = useState(false);
  const a = authStyles();
  const b = buttonStyles();
  const form = useForm({
    initial: EMPTY_RESET,
    validate: checkReset,
    async onSubmit(values) {
      // Without a token there is no form to submit (the invalid-link message shows instead).
      await auth.resetPassword({ token: token!, ...values });
      setDone(true);
    },
    onError: resetFailure,
  });

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
      footer={form.formError === A.resetTokenInvalid ? requestNew : undefined}
    >
      <Form form={form} className={a.form} aria-label={T.title}>
        {form.formError && <AuthNotice tone="error">{form.formError}</AuthNotice>}
        <PasswordField label={T.password} autoComplete="new-password" required className={a.input} {...form.field('password')} />
        <PasswordChecklist password={form.values.password} />
        <PasswordField
          label={T.password_confirmation}
          autoComplete="new-password"
          required
          className={a.input}
          {...form.field('password_confirmation')}
        />
        <FormSubmit size="lg" block busyLabel={T.busy}>
          {T.submit}
        </FormSubmit>
      </Form>
    </AuthLayout>
  );
}

export default ResetPasswordScreen;
