/**
 * The delete confirmation of a resource page (Delete User, Delete Role, "Are you sure?" for a
 * company, Remove photo): open while an item is chosen, Cancel focused first, "Deleting..." on the
 * confirm button while the call runs (nothing closes it meanwhile), and the reason a refusal gave,
 * announced, when the dialog stays open after a failure.
 *
 * @example
 * <DeleteDialog item={pending} title="Delete Role" description={(role) => `Delete "${role.name}"?`}
 *   busy={remove.busy} error={reason} onConfirm={(role) => void confirm(role)} onCancel={() => setPending(null)} />
 */
import type { ReactElement, ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import { css, lazyStyles } from './css';
import { tint, v } from './theme';

const styles = lazyStyles(() => ({
  error: css`
    display: block;
    margin: 12px 0 0;
    padding: 10px 12px;
    border-radius: ${v('radius')};
    background: ${tint('danger', 10)};
    color: ${v('danger-text')};
    font-size: 14px;
  `,
}));

export interface DeleteDialogProps<T> {
  /** The item to delete; `null` closes the dialog. */
  item: T | null;
  title: ReactNode;
  /** What will happen to this item. */
  description?: ReactNode | ((item: T) => ReactNode);
  /** The call is running. */
  busy: boolean;
  /** Why the last attempt failed, shown in the dialog (role="alert"). */
  error?: ReactNode;
  onConfirm: (item: T) => void;
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  busyLabel?: string;
}

/**
 * A delete confirmation for one item.
 *
 * @example
 * <DeleteDialog item={deleting} title="Are you sure?" description={MESSAGES.companies.confirmText} busy={remove.busy}
 *   onConfirm={(c) => void remove.mutate(c).then(close)} onCancel={close} />
 */
export function DeleteDialog<T>({
  item, title, description, busy, error, onConfirm, onCancel, confirmLabel = 'Delete', cancelLabel = 'Cancel', busyLabel = 'Deleting...',
}: DeleteDialogProps<T>): ReactElement {
  const s = styles();
  const text = item !== null && typeof description === 'function' ? (description as (item: T) => ReactNode)(item) : (description as ReactNode);
  return (
    <ConfirmDialog
      open={item !== null}
      title={title}
      description={
        error ? (
          <>
            {text}
            <span role="alert" className={s.error}>
              {error}
            </span>
          </>
        ) : (
          text
        )
      }
      cancelLabel={cancelLabel}
      confirmLabel={confirmLabel}
      busy={busy}
      busyLabel={busyLabel}
      onConfirm={() => {
        if (item !== null && !busy) onConfirm(item);
      }}
      onCancel={onCancel}
    />
  );
}
