/**
 * Add Webhook / Edit Webhook: the address, the kinds of event, and whether it is active. The
 * contract's schema checks the form first (its messages); the server then checks the address
 * (https only, a public host: docs/webhooks.md) and its 422 lands on the field by itself. A new
 * webhook's answer carries its signing secret, handed to `onCreated` to be shown once.
 */
import type { ReactElement } from 'react';
import { MESSAGES, type Webhook, type WebhookRequest } from '../../contract';
import { isApiError, serverMessage } from '../../core/ApiError';
import { useMutation, useToast } from '../../runtime';
import { CheckboxField, FormModal, TextField, useForm } from '../../ui';
import { KindPicker } from './KindPicker';
import type { WebhooksApi, WebhookWithSecret } from './webhooksApi';
import { formValues, validateWebhook, webhookKeys, WEBHOOK_TEXT, type WebhookFormValues } from './webhooksModel';
import { webhooksStyles } from './webhooksStyles';

export interface WebhookFormModalProps {
  /** The webhook being edited; `null` adds one. */
  webhook: Webhook | null;
  api: WebhooksApi;
  onClose(): void;
  /** A webhook was added: its secret is to be shown, this once. */
  onCreated(webhook: WebhookWithSecret): void;
}

/**
 * @example
 * {open && <WebhookFormModal key={String(editing?.id ?? 'new')} webhook={editing} api={api} onClose={close} onCreated={showSecret} />}
 */
export function WebhookFormModal({ webhook, api, onClose, onCreated }: WebhookFormModalProps): ReactElement {
  const toast = useToast();
  const s = webhooksStyles();
  const adding = webhook === null;
  const save = useMutation({
    mutate: (request: WebhookRequest) => (webhook ? api.update(webhook.id, request) : api.create(request)),
    invalidates: [webhookKeys.list],
  });

  const form = useForm<WebhookFormValues, WebhookRequest>({
    initial: () => formValues(webhook),
    validate: validateWebhook,
    async onSubmit(request) {
      const saved = await save.mutateAsync(request);
      if (adding) onCreated(saved as WebhookWithSecret);
      else toast.success(MESSAGES.webhooks.updated);
      onClose();
    },
    onError(error) {
      // A 422's field errors are on their fields already; anything else is said on the form and as a toast.
      if (isApiError(error) && error.status === 422 && error.errors) return;
      console.error(error);
      const message = serverMessage(error, WEBHOOK_TEXT.saveFailed);
      toast.error(message);
      return { formError: message };
    },
  });

  const kinds = form.field('kinds');
  return (
    <FormModal
      form={form}
      title={adding ? 'Add Webhook' : 'Edit Webhook'}
      width={720}
      submitLabel={adding ? 'Add Webhook' : 'Save Changes'}
      busyLabel={adding ? 'Adding...' : 'Saving...'}
      formClassName={s.form}
      onClose={onClose}
    >
      {form.formError && (
        <p role="alert" className={s.warning}>
          {form.formError}
        </p>
      )}
      <TextField
        label="Address (URL)"
        type="url"
        inputMode="url"
        required
        autoComplete="off"
        spellCheck={false}
        hint="Starting with https://. Each event is POSTed there as JSON, signed with the webhook's secret."
        disabled={form.busy}
        {...form.field('url')}
      />
      <KindPicker chosen={form.values.kinds} onChange={(next) => form.setValue('kinds', next)} error={kinds.error} disabled={form.busy} inputRef={kinds.ref} />
      <CheckboxField
        label="Active"
        hint="A paused webhook is sent nothing, and what happens while it is paused is not sent later."
        disabled={form.busy}
        {...form.check('active')}
      />
    </FormModal>
  );
}
