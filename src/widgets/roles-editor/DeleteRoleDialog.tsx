/**
 * The delete confirmation of a role (docs/product/screens.md, messages.md): "Role deleted
 * successfully", or "Error deleting role". When the server says why it refused (a role still held
 * by people), the dialog stays open and shows that reason, so the person knows what to do first.
 */
import { useState, type ReactElement } from 'react';
import { MESSAGES, type Role } from '../../contract';
import { isApiError } from '../../core/ApiError';
import { useMutation, useToast } from '../../runtime';
import { ConfirmDialog } from '../../ui';
import type { RolesApi } from './rolesApi';
import { holders, peopleCount, roleId, roleKeys } from './rolesModel';
import { rolesStyles } from './rolesStyles';

export interface DeleteRoleDialogProps {
  /** The role to delete; `null` closes the dialog. */
  role: Role | null;
  onClose(): void;
  api: RolesApi;
}

/** The server's own reason for a refusal it can explain (4xx), if any. */
const refusalReason = (error: unknown): string | null =>
  isApiError(error) && error.fromServer && error.status >= 400 && error.status < 500 && error.status !== 401 ? error.message : null;

/**
 * @example
 * <DeleteRoleDialog role={pending} onClose={() => setPending(null)} api={api} />
 */
export function DeleteRoleDialog({ role, onClose, api }: DeleteRoleDialogProps): ReactElement {
  const toast = useToast();
  const s = rolesStyles();
  const [reason, setReason] = useState<string | null>(null);
  const remove = useMutation({
    mutate: (target: Role) => api.remove(roleId(target)!),
    invalidates: [roleKeys.all],
  });
  const close = () => {
    setReason(null);
    onClose();
  };
  // Said before deleting when the list knows it: the server refuses a role people still hold.
  const held = role ? holders(role) : null;
  const confirm = async () => {
    if (!role || remove.busy) return;
    setReason(null);
    try {
      await remove.mutateAsync(role);
      toast.success(MESSAGES.roles.deleted);
      close();
    } catch (error) {
      console.error(error);
      toast.error(MESSAGES.roles.deleteFailed);
      const why = refusalReason(error);
      if (why) setReason(why);
      else close();
    }
  };

  return (
    <ConfirmDialog
      open={role !== null}
      title="Delete Role"
      description={
        <>
          {`Are you sure you want to delete the role "${role?.name ?? ''}"? This action cannot be undone.`}
          {held ? ` ${peopleCount(held)} ${held === 1 ? 'holds' : 'hold'} it now; give them another role first.` : ''}
          {reason && (
            <span role="alert" className={s.dialogError} style={{ display: 'block' }}>
              {reason}
            </span>
          )}
        </>
      }
      cancelLabel="Cancel"
      confirmLabel="Delete"
      busy={remove.busy}
      busyLabel="Deleting..."
      onConfirm={() => void confirm()}
      onCancel={close}
    />
  );
}
