/**
 * The delete confirmation of a role (docs/product/screens.md, messages.md): "Role deleted
 * successfully", or "Error deleting role". When the server says why it refused (a role still held
 * by people), the dialog stays open and shows that reason, so the person knows what to do first.
 */
import type { ReactElement } from 'react';
import { MESSAGES, type Role } from '../../contract';
import { isApiError } from '../../core/ApiError';
import { useMutation, useToast } from '../../runtime';
import { DeleteDialog } from '../../ui';
import type { RolesApi } from './rolesApi';
import { holders, peopleCount, roleId, roleKeys } from './rolesModel';

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
  const remove = useMutation({
    mutate: (target: Role) => api.remove(roleId(target)!),
    invalidates: [roleKeys.all],
  });
  // The refusal's reason stays in the dialog until it closes or the next attempt.
  const reason = remove.error ? refusalReason(remove.error) : null;
  const close = () => {
    remove.reset();
    onClose();
  };
  // Said before deleting when the list knows it: the server refuses a role people still hold.
  const confirm = async (target: Role) => {
    try {
      await remove.mutateAsync(target);
      toast.success(MESSAGES.roles.deleted);
      close();
    } catch (error) {
      console.error(error);
      toast.error(MESSAGES.roles.deleteFailed);
      if (!refusalReason(error)) close();
    }
  };

  return (
    <DeleteDialog
      item={role}
      title="Delete Role"
      description={(target) => {
        const held = holders(target);
        return `Are you sure you want to delete the role "${target.name}"? This action cannot be undone.${held ? ` ${peopleCount(held)} ${held === 1 ? 'holds' : 'hold'} it now; give them another role first.` : ''}`;
      }}
      busy={remove.busy}
      error={reason}
      onConfirm={(target) => void confirm(target)}
      onCancel={close}
    />
  );
}
