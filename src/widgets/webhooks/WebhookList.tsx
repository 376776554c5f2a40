/**
 * The list of the company's webhooks (docs/webhooks.md, "The Webhooks screen"): Add Webhook, the
 * table, and the dialogs — add and edit, the secret shown once, a new secret after confirming,
 * delete after confirming. "No webhooks yet" with its own Add button when there are none.
 */
import { useCallback, useState, type ReactElement } from 'react';
import { MESSAGES, type Webhook } from '../../contract';
import { serverMessage } from '../../core/ApiError';
import { useMutation, useQuery, useToast } from '../../runtime';
import { usePreferences } from '../../runtime/usePreferences';
import { Button, ConfirmDialog, DeleteDialog, EmptyState, Icon, ResourceList, ResourcePage } from '../../ui';
import { SecretDialog, type ShownSecret } from './SecretDialog';
import { useWebhooksApi, type WebhooksApi, type WebhookWithSecret } from './webhooksApi';
import { WebhookFormModal } from './WebhookFormModal';
import { webhookKeys, WEBHOOK_TEXT } from './webhooksModel';
import { webhooksStyles } from './webhooksStyles';
import { WebhooksTable } from './WebhooksTable';
import { useWebhooksLive } from './useWebhooksLive';

type Editing = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; webhook: Webhook };

/**
 * @example
 * <WebhookList className="…" />
 */
export function WebhookList({ className }: { className?: string }): ReactElement {
  const api = useWebhooksApi();
  const toast = useToast();
  const s = webhooksStyles();
  const { date_format } = usePreferences();
  useWebhooksLive();
  const list = useQuery(webhookKeys.list, (signal) => api.list(signal), {
    onError: () => toast.error(WEBHOOK_TEXT.listFailed),
  });
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const [rotating, setRotating] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);

  const onEdit = useCallback((webhook: Webhook) => setEditing({ mode: 'edit', webhook }), []);
  const onRotate = useCallback((webhook: Webhook) => setRotating(webhook), []);
  const onDelete = useCallback((webhook: Webhook) => setDeleting(webhook), []);
  const add = () => setEditing({ mode: 'add' });
  const onCreated = useCallback((webhook: WebhookWithSecret) => setShown({ url: webhook.url, secret: webhook.secret, message: MESSAGES.webhooks.created }), []);

  const webhooks = list.data ?? [];
  const empty = list.status === 'success' && webhooks.length === 0;
  const addButton = (
    <Button icon={<Icon name="plus" />} onClick={add}>
      Add Webhook
    </Button>
  );

  return (
    <ResourcePage
      title="Webhooks"
      className={className}
      actions={!empty && addButton}
      overlays={
        <>
          {editing.mode !== 'closed' && (
            <WebhookFormModal
              key={editing.mode === 'edit' ? `edit-${editing.webhook.id}` : 'add'}
              webhook={editing.mode === 'edit' ? editing.webhook : null}
              api={api}
              onClose={() => setEditing({ mode: 'closed' })}
              onCreated={onCreated}
            />
          )}
          <RotateDialog webhook={rotating} api={api} onClose={() => setRotating(null)} onRotated={setShown} />
          <DeleteWebhookDialog webhook={deleting} api={api} onClose={() => setDeleting(null)} />
          <SecretDialog shown={shown} onClose={() => setShown(null)} />
        </>
      }
    >
      <p className={s.intro}>{WEBHOOK_TEXT.intro}</p>
      <ResourceList
        failed={list.status === 'error'}
        errorMessage={WEBHOOK_TEXT.listFailed}
        onRetry={list.refetch}
        empty={empty && <EmptyState title={WEBHOOK_TEXT.empty} description={WEBHOOK_TEXT.emptyHint} action={addButton} />}
      >
        <WebhooksTable webhooks={webhooks} loading={list.loading} dateFormat={date_format} onEdit={onEdit} onRotate={onRotate} onDelete={onDelete} />
      </ResourceList>
    </ResourcePage>
  );
}

interface DialogProps {
  webhook: Webhook | null;
  api: WebhooksApi;
  onClose(): void;
}

/** "Make a new secret?": the old one stops working at once, so it is asked first; the new one is then shown once. */
function RotateDialog({ webhook, api, onClose, onRotated }: DialogProps & { onRotated(shown: ShownSecret): void }): ReactElement {
  const toast = useToast();
  const rotate = useMutation({ mutate: (target: Webhook) => api.rotateSecret(target.id), invalidates: [webhookKeys.list] });
  const confirm = async (target: Webhook) => {
    try {
      const answer = await rotate.mutateAsync(target);
      onClose();
      onRotated({ url: answer.url, secret: answer.secret, message: MESSAGES.webhooks.secretRotated });
    } catch (error) {
      console.error(error);
      toast.error(serverMessage(error, WEBHOOK_TEXT.rotateFailed));
    }
  };
  return (
    <ConfirmDialog
      open={webhook !== null}
      title="Make a new signing secret?"
      description={webhook ? `The secret of ${webhook.url} stops working at once: deliveries from now on are signed with the new one, so give it to your receiver straight away.` : undefined}
      variant="primary"
      confirmLabel="Make new secret"
      busy={rotate.busy}
      busyLabel="Making..."
      onConfirm={() => webhook && void confirm(webhook)}
      onCancel={onClose}
    />
  );
}

/** Delete Webhook: it goes with its delivery log; a refusal is said inside the dialog. */
function DeleteWebhookDialog({ webhook, api, onClose }: DialogProps): ReactElement {
  const toast = useToast();
  const remove = useMutation({ mutate: (target: Webhook) => api.remove(target.id), invalidates: [webhookKeys.all] });
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = async (target: Webhook) => {
    try {
      await remove.mutateAsync(target);
      toast.success(MESSAGES.webhooks.deleted);
      close();
    } catch (error) {
      console.error(error);
    }
  };
  return (
    <DeleteDialog
      item={webhook}
      title="Delete Webhook"
      description={(target) => `Delete the webhook to ${target.url}? Nothing more is sent there, and its delivery log goes with it.`}
      busy={remove.busy}
      error={remove.error ? serverMessage(remove.error, WEBHOOK_TEXT.deleteFailed) : undefined}
      onConfirm={(target) => void confirm(target)}
      onCancel={close}
    />
  );
}
