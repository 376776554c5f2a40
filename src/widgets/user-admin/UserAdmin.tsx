/**
 * User Management (SPEC §2 "User management page", §6, §8): title "Invite User", Add User, the
 * users table with Resend Invite, the Add/Edit User modal and the delete confirmation. Add User
 * and Resend Invite need agent-create, edit agent-edit, delete agent-delete; the controls follow
 * the session's permissions as they change, without a reload.
 */
import { useCallback, useState, type ReactElement } from 'react';
import { MESSAGES, PERMISSIONS, type ManagedUser } from '../../contract';
import { useCan, useMutation, useQuery, useSession, useToast } from '../../runtime';
import { Button, ErrorState, Icon, Pager } from '../../ui';
import { cx } from '../../ui/css';
import { DeleteUserDialog } from './DeleteUserDialog';
import { UserFormModal } from './UserFormModal';
import { userAdminStyles } from './userAdminStyles';
import { useUsersApi } from './usersApi';
import { userId, userKeys, USERS_PAGE_SIZE } from './usersModel';
import { UsersTable } from './UsersTable';

export interface UserAdminProps {
  /** Extra class on the widget's root. */
  className?: string;
}

/** Which modal is open: none, Add User, or Edit User for one person. */
type Editing = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; user: ManagedUser };

/**
 * @example
 * <RuntimeProvider runtime={runtime}><UserAdmin /></RuntimeProvider>
 */
export function UserAdmin({ className }: UserAdminProps): ReactElement {
  const api = useUsersApi();
  const toast = useToast();
  const canCreate = useCan(PERMISSIONS.agentCreate).allowed;
  const canEdit = useCan(PERMISSIONS.agentEdit).allowed;
  const canDelete = useCan(PERMISSIONS.agentDelete).allowed;
  const selfId = useSession((s) => (s.user?.id == null ? null : String(s.user.id)));
  const [page, setPage] = useState(1);

  const list = useQuery(userKeys.page(page), (signal) => api.list({ page, pageSize: USERS_PAGE_SIZE }, signal), {
    onError: () => toast.error(MESSAGES.users.loadFailed),
  });
  // The Role column names roles the list gives as ids; a failure here only leaves those unnamed.
  const roles = useQuery(userKeys.roles, (signal) => api.roles(signal));

  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<ManagedUser | null>(null);
  const [resending, setResending] = useState<string | null>(null);

  const resend = useMutation({
    mutate: (user: ManagedUser) => api.resendInvite(userId(user)!),
    invalidates: [userKeys.all],
    onSuccess: () => toast.success(MESSAGES.users.inviteResent),
    onError: (error) => {
      console.error(error);
      toast.error(MESSAGES.users.inviteFailed);
    },
  });

  const onEdit = useCallback((user: ManagedUser) => setEditing({ mode: 'edit', user }), []);
  const onDelete = useCallback((user: ManagedUser) => setDeleting(user), []);
  const { mutate: resendInvite } = resend;
  const onResend = useCallback(
    (user: ManagedUser) => {
      setResending(String(userId(user)));
      void resendInvite(user).finally(() => setResending(null));
    },
    [resendInvite],
  );

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const s = userAdminStyles();

  return (
    <div className={cx(s.page, className)}>
      <div className={s.header}>
        <h2 className={s.heading}>Invite User</h2>
        {canCreate && (
          <Button className={s.headerAction} icon={<Icon name="plus" />} onClick={() => setEditing({ mode: 'add' })}>
            Add User
          </Button>
        )}
      </div>
      <div className={s.panel}>
        {list.status === 'error' ? (
          <ErrorState message={MESSAGES.users.loadFailed} onRetry={list.refetch} />
        ) : (
          <>
            <UsersTable
              users={list.data?.users ?? []}
              roles={roles.data ?? []}
              loading={list.loading}
              selfId={selfId}
              canEdit={canEdit}
              canDelete={canDelete}
              canInvite={canCreate}
              resending={resending}
              onEdit={onEdit}
              onDelete={onDelete}
              onResend={onResend}
            />
            {pages > 1 && <Pager page={page} pageCount={pages} onPageChange={setPage} disabled={list.loading} />}
          </>
        )}
      </div>

      {editing.mode !== 'closed' && (
        <UserFormModal
          key={editing.mode === 'edit' ? `edit-${String(userId(editing.user))}` : 'add'}
          user={editing.mode === 'edit' ? editing.user : null}
          onClose={() => setEditing({ mode: 'closed' })}
          api={api}
        />
      )}
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} api={api} />
    </div>
  );
}

export default UserAdmin;
