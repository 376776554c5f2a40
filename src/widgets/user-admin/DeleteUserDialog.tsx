/**
 * The delete confirmation of User Management. Deleting needs agent-delete (docs/product/roles.md):
 * a person without it who still reaches here (the permission was taken away while the dialog was
 * open), or whom the server refuses with 403, reads "You do not have permission to delete users.".
 */
import type { ReactElement } from 'react';
import { format, MESSAGES, PERMISSIONS, type ManagedUser } from '../../contract';
import { isApiError, serverMessage } from '../../core/ApiError';
import { useCan, useMutation, useToast } from '../../runtime';
import { DeleteDialog } from '../../ui';
import type { UsersApi } from './usersApi';
import { userId, userKeys, userName } from './usersModel';

export interface DeleteUserDialogProps {
  /** The user to delete; `null` closes the dialog. */
  user: ManagedUser | null;
  onClose(): void;
  api: UsersApi;
}

/** docs/product/messages.md: "Error: {message}" with the server's message or "Failed to delete user", or the permission message on 403. */
export function deleteFailure(error: unknown): string {
  if (isApiError(error) && error.status === 403) return MESSAGES.permission.cannotDeleteUsers;
  return format(MESSAGES.users.deleteFailed, { message: serverMessage(error, MESSAGES.users.deleteFailedDefault) });
}

/**
 * @example
 * <DeleteUserDialog user={pending} onClose={() => setPending(null)} api={api} />
 */
export function DeleteUserDialog({ user, onClose, api }: DeleteUserDialogProps): ReactElement {
  const toast = useToast();
  const canDelete = useCan(PERMISSIONS.agentDelete).allowed;
  const remove = useMutation({
    mutate: (target: ManagedUser) => api.remove(userId(target)!),
    invalidates: [userKeys.all],
    onSuccess: () => toast.success(MESSAGES.users.deleted),
    onError: (error) => {
      console.error(error);
      toast.error(deleteFailure(error));
    },
  });

  const confirm = (target: ManagedUser) => {
    if (!canDelete) {
      toast.error(MESSAGES.permission.cannotDeleteUsers);
      onClose();
      return;
    }
    void remove.mutate(target).then(onClose);
  };

  return (
    <DeleteDialog
      item={user}
      title="Delete User"
      description={(target) => {
        const name = userName(target);
        return `Are you sure you want to delete ${name ? `"${name}"` : 'this user'}? They will no longer be able to sign in. This action cannot be undone.`;
      }}
      busy={remove.busy}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
