/**
 * A yes/no question before something irreversible (docs/product/screens.md: Delete Lead, "Are you
 * sure?", "Confirm Delete"). Cancel gets the initial focus so Enter never deletes by accident;
 * Escape and a backdrop click cancel, except while the action is running.
 *
 * @example
 * <ConfirmDialog open={!!pending} title="Delete Lead" description="This lead will be removed."
 *   confirmLabel="Delete" busy={deleting} onConfirm={remove} onCancel={() => setPending(null)} />
 */
import { useId, useRef, type ReactElement, type ReactNode } from 'react';
import { Button } from './Button';
import { css, lazyStyles } from './css';
import { Icon } from './Icon';
import { UI_TEXT } from './labels';
import { Modal } from './Modal';
import { tint, v } from './theme';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** `danger` (default) paints the confirm button red; `primary` paints it orange. */
  variant?: 'danger' | 'primary';
  /** Disables both buttons and shows `busyLabel` on the confirm button. */
  busy?: boolean;
  busyLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  container?: HTMLElement | null;
}

const styles = lazyStyles(() => ({
  row: css`display: flex; gap: 14px; align-items: flex-start;`,
  icon: css`
    display: inline-flex;
    flex: none;
    align-items: center;
    justify-content: center;
    width: 40px;
    height: 40px;
    border-radius: 50%;
  `,
  danger: css`background: ${tint('danger', 12)}; color: ${v('danger-text')};`,
  primary: css`background: ${tint('accent', 12)}; color: ${v('accent-text')};`,
  text: css`margin: 8px 0 0; color: ${v('muted')}; line-height: 1.55;`,
}));

/**
 * A confirmation dialog.
 *
 * @example
 * <ConfirmDialog open title="Are you sure?" description={MESSAGES.companies.confirmText} onConfirm={ok} onCancel={no} />
 */
export function ConfirmDialog({
  open, title, description, confirmLabel = UI_TEXT.confirm, cancelLabel = UI_TEXT.cancel, variant = 'danger',
  busy = false, busyLabel, onConfirm, onCancel, container,
}: ConfirmDialogProps): ReactElement {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const descriptionId = `ed-confirm${useId().replace(/[^\w-]/g, '')}`;
  const s = styles();
  return (
    <Modal
      open={open}
      onClose={busy ? () => {} : onCancel}
      title={title}
      role="alertdialog"
      width={440}
      describedBy={description ? descriptionId : undefined}
      initialFocusRef={cancelRef}
      closeOnBackdrop={!busy}
      closeOnEscape={!busy}
      hideCloseButton
      container={container}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={variant} onClick={onConfirm} busy={busy} busyLabel={busyLabel}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className={s.row}>
        <span className={`${s.icon} ${s[variant]}`} aria-hidden="true">
          <Icon name="alert" size={20} />
        </span>
        {description && (
          <p id={descriptionId} className={s.text}>
            {description}
          </p>
        )}
      </div>
    </Modal>
  );
}
