/**
 * Change password (the Security tab of docs/product/screens.md): current, new and confirmation,
 * each with show/hide; all three required and the new one held to the rules of
 * docs/product/rules.md before anything is sent; "Updating..." while it goes; "Password updated
 * successfully" or "Failed to update password" (the server's reason beside it when it gave one,
 * e.g. a wrong current password). On success the server ends the person's other sessions; this one
 * stays, and the sessions list reloads.
 */
import type { ReactElement } from 'react';
import { MESSAGES, PasswordChangeRequest, type Id } from '../../contract';
import { isApiError } from '../../core';
import { useMutation, useToast } from '../../runtime';
import { Form, FormSubmit, PasswordField, schemaValidator, useForm } from '../../ui';
import { accountKeys, useAccountApi } from './accountApi';
import { accountStyles } from './accountStyles';

const EMPTY = { current_password: '', new_password: '', new_password_confirmation: '' };

export const PASSWORD_TEXT = {
  title: 'Change password',
  hint: 'At least 6 characters, with a capital letter, a number and a special character. Your other sessions end when it changes.',
} as const;

export function PasswordForm({ userId }: { userId: Id }): ReactElement {
  const s = accountStyles();
  const api = useAccountApi();
  const toast = useToast();
  const change = useMutation({
    mutate: (payload: PasswordChangeRequest) => api.changePassword(userId, payload),
    invalidates: [accountKeys.sessions],
  });
  const form = useForm<typeof EMPTY, PasswordChangeRequest>({
    initial: EMPTY,
    validate: schemaValidator(PasswordChangeRequest),
    async onSubmit(payload) {
      await change.mutateAsync(payload);
      form.reset();
      toast.success(MESSAGES.profile.passwordUpdated);
    },
    onError(error) {
      console.error(error);
      const reason = isApiError(error) && error.fromServer && error.message !== MESSAGES.profile.passwordFailed ? error.message : '';
      toast.error(MESSAGES.profile.passwordFailed);
      return reason ? { formError: reason } : undefined;
    },
  });
  return (
    <section aria-labelledby="ed-password-title">
      <h3 id="ed-password-title" className={s.sectionTitle}>
        {PASSWORD_TEXT.title}
      </h3>
      <p className={s.hint}>{PASSWORD_TEXT.hint}</p>
      <Form form={form} aria-label={PASSWORD_TEXT.title}>
        <div className={s.stack} style={{ paddingTop: 0, maxWidth: 440 }}>
          <PasswordField label="Current password" required autoComplete="current-password" {...form.field('current_password')} />
          <PasswordField label="New password" required autoComplete="new-password" {...form.field('new_password')} />
          <PasswordField label="Confirm new password" required autoComplete="new-password" {...form.field('new_password_confirmation')} />
        </div>
        {form.formError && (
          <p className={s.error} role="alert" style={{ marginTop: 12 }}>
            {form.formError}
          </p>
        )}
        <div className={s.actions} style={{ justifyContent: 'flex-start' }}>
          <FormSubmit busyLabel="Updating...">Update Password</FormSubmit>
        </div>
      </Form>
    </section>
  );
}
