/**
 * `/accept-invitation?token=…`: the landing page of the mailed invitation. The invited person
 * chooses a password (meeting PASSWORD_RULES, with the checklist) and confirms it; then they are
 * sent to sign in with "Your password is set. You can sign in now.". A used, replaced (Resend
 * Invite) or expired link reads "This invitation link is invalid or has expired. …"; the server's
 * field errors land on their fields; a server that cannot be reached says so and keeps the form.
 */
import { type ReactElement } from 'react';
import { MESSAGES } from '../../contract';
import { serverMessage } from '../../core/ApiError';
import { useToast } from '../../runtime';
import { Form } from '../../ui/Form';
import { hasErrors } from '../../ui/formErrors';
import { FormSubmit } from '../../ui/FormSubmit';
import { PasswordField } from '../../ui/PasswordField';
import { useForm } from '../../ui/useForm';
import { AuthLayout } from './AuthLayout';
import { authFieldErrors, checkReset, EMPTY_RESET, isUnreachable, type Failure } from './authModel';
import { AuthNotice } from './AuthNotice';
import { authStyles } from './authStyles';
import { useInvitationApi } from './invitationApi';
import { PasswordChecklist } from './PasswordChecklist';
import { useAuthNavigate, type AuthNavigate } from './useAuthNavigate';
import { useLinkToken } from './useLinkToken';
import { AUTH_SCREENS } from './widgets';

const A = MESSAGES.auth;
const LOGIN_PATH = AUTH_SCREENS.login.href();

/** The screen's own words (an invitation is beyond the original description, which gives it no text). */
export const INVITATION_TEXT = {
  title: 'Set your password',
  subtitle: 'You have been invited to EstateDesk. Choose a password to finish setting up your account.',
  password: 'Password',
  password_confirmation: 'Confirm password',
  submit: 'Set Password',
  busy: 'Saving...',
} as const;
const T = INVITATION_TEXT;

/**
 * What a failed acceptance shows: the password's field errors when the server named them; the
 * server's words when it could not be reached or asked to wait; otherwise the link is no good.
 */
export function invitationFailure(error: unknown): Failure {
  const { token, ...errors } = authFieldErrors(error);
  if (token) return { errors, formError: A.invitationInvalid, toast: null };
  if (hasErrors(errors)) return { errors, formError: null, toast: null };
  if (isUnreachable(error) || (error as { status?: number }).status === 429) {
    return { errors, formError: serverMessage(error, MESSAGES.generic.serverError), toast: null };
  }
  return { errors, formError: A.invitationInvalid, toast: null };
}

export interface AcceptInvitationScreenProps {
  /** The token; read from the link's `?token=` when omitted. */
  token?: string;
  embedded?: boolean;
  /** Navigation for hosts without the suite's router; defaults to the mount's router. */
  onNavigate?: AuthNavigate;
}

/**
 * The set-password page of an invitation.
 *
 * @example
 * <AcceptInvitationScreen token="…" />
 */
export function AcceptInvitationScreen({ token: tokenProp, embedded = false, onNavigate }: AcceptInvitationScreenProps): ReactElement {
  const token = useLinkToken(tokenProp);
  const invitations = useInvitationApi();
  const navigate = useAuthNavigate(onNavigate);
  const toast = useToast();
  const a = authStyles();
  const form = useForm({
    initial: EMPTY_RESET,
    validate: checkReset,
    async onSubmit(values) {
      // Without a token there is no form to submit (the invalid-link message shows instead).
      const answer = await invitations.accept({ token: token!, ...values });
      toast.success(typeof answer.message === 'string' && answer.message.trim() ? answer.message : A.invitationAccepted);
      navigate(LOGIN_PATH);
    },
    onError: invitationFailure,
  });

  if (!token) {
    return (
      <AuthLayout embedded={embedded} title={T.title}>
        <AuthNotice tone="error">{A.invitationInvalid}</AuthNotice>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout embedded={embedded} title={T.title} subtitle={T.subtitle}>
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

export default AcceptInvitationScreen;
