/**
 * `/admin/login`: the ADMIN LOGIN page (docs/product/screens.md, rules.md, messages.md): Username, Password and a LOGIN button
 * whose busy label is LOGGING IN...; a failure shows the server's message or "An error occurred.
 * Please try again." inline. Success signs in as on /login and goes to /dashboard.
 */
import { Suspense, type ReactElement } from 'react';
import { MESSAGES, type SessionUser } from '../../contract';
import { Form } from '../../ui/Form';
import { FormSubmit } from '../../ui/FormSubmit';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';
import { AuthLayout } from './AuthLayout';
import { AuthNotice } from './AuthNotice';
import { authStyles } from './authStyles';
import { AUTH_TEXT } from './authText';
import type { AuthNavigate } from './useAuthNavigate';
import { TwoFactorStepLazy, twoFactorFrame } from './twoFactorStepLazy';
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
  const signIn = useSignIn({
    fallback: MESSAGES.auth.adminLoginFailed,
    onNavigate,
    onSignedIn,
    redirectTo: embedded ? null : redirectTo,
  });
  const { form } = signIn;
  const a = authStyles();

  if (signIn.challenge) {
    const frame = twoFactorFrame(signIn.challenge);
    return (
      <AuthLayout embedded={embedded} title={frame.title} subtitle={frame.subtitle}>
        <Suspense fallback={<p className={a.loading}>{MESSAGES.generic.loading}</p>}>
          <TwoFactorStepLazy.Component challenge={signIn.challenge} onSignedIn={signIn.finish} onBack={signIn.back} />
        </Suspense>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout embedded={embedded} title={T.title} subtitle={T.subtitle}>
      <Form form={form} className={a.form} aria-label={T.title}>
        {form.formError && <AuthNotice tone="error">{form.formError}</AuthNotice>}
        <TextField
          label={T.username}
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          className={a.input}
          {...form.field('username')}
        />
        <PasswordField label={T.password} autoComplete="current-password" required className={a.input} {...form.field('password')} />
        <FormSubmit size="lg" block busyLabel={T.busy}>
          {T.submit}
        </FormSubmit>
      </Form>
    </AuthLayout>
  );
}

export default AdminLoginScreen;
