/**
 * A webhook's signing secret, shown this once (docs/webhooks.md: the server keeps it sealed and
 * never answers it again): after adding a webhook and after making a new secret. A click beside
 * the dialog does not close it, so the secret is not lost by accident; Done, the × and Escape do.
 */
import type { ReactElement } from 'react';
import { Button, Modal } from '../../ui';
import { CopyButton } from '../../ui/CopyButton';
import { WEBHOOK_TEXT } from './webhooksModel';
import { webhooksStyles } from './webhooksStyles';

export interface ShownSecret {
  url: string;
  secret: string;
  /** What the server said: the webhook was added, or the secret was replaced. */
  message: string;
}

/**
 * @example
 * <SecretDialog shown={{ url, secret, message: MESSAGES.webhooks.created }} onClose={() => setShown(null)} />
 */
export function SecretDialog({ shown, onClose }: { shown: ShownSecret | null; onClose(): void }): ReactElement {
  const s = webhooksStyles();
  return (
    <Modal
      open={shown !== null}
      onClose={onClose}
      title="Signing secret"
      width={560}
      closeOnBackdrop={false}
      footer={<Button onClick={onClose}>Done</Button>}
    >
      {shown && (
        <>
          <p className={s.lead}>{shown.message}</p>
          <p className={s.small} style={{ margin: '12px 0 0', overflowWrap: 'anywhere' }}>
            For {shown.url}
          </p>
          <code className={s.secret}>
            {shown.secret}
          </code>
          <p style={{ margin: '0 0 12px' }}>
            <CopyButton text={shown.secret} label="Copy secret" />
          </p>
          <p className={s.warning} role="note">
            {WEBHOOK_TEXT.secretOnce}
          </p>
        </>
      )}
    </Modal>
  );
}
