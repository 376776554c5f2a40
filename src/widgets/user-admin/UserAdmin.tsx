/**
 * User Management (docs/product/screens.md, "User Management"): title "Invite User", Add User, the
 * users table with Resend Invite, the Add/Edit User modal, the delete confirmation, and Disable /
 * Enable, and the reset of a person's two-factor sign-in. Add User and Resend Invite need
 * agent-create, edit, Disable/Enable and the reset agent-edit, delete agent-delete; the controls follow the session's permissions as they change, without a reload.
 */
import { useCallback, useState, type ReactElement } from 'react';
import { MESSAGES, PERMISSIONS, type ManagedUser } from '../../contract';
import { serverMessage } from '../../core/ApiError';
import { useCan, useLiveReload, useMutation, useQuery, useSession, useToast } from '../../runtime';
import { Button, ConfirmDialog, Icon, Pager, ResourceList, ResourcePage } from '../../ui';
import { DeleteUserDialog } from './DeleteUserDialog';
import { UserFormModal } from './UserFormModal';
import { useUsersApi } from './usersApi';
import { userId, userKeys, userName, USERS_PAGE_SIZE } from './usersModel';
import { UsersTable } from './UsersTable';

export interface UserAdminProps {
  /** Extra class on the widget's root. */
  className?: string;
}

// The product's own words: disabling is beyond the original description (docs/product/messages.md, "Other texts").
const USER_ENABLED = 'User enabled successfully';
const USER_DISABLED = 'User disabled successfully';
const STATUS_FAILED = 'Failed to update user status';

/** Which modal is open: none, Add User, or Edit User for one person. */
type Editing = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; user: ManagedUser };

/**
 * @example
 * <RuntimeProvider runtime={runtime}><UserAdmin /></RuntimeProvider>
 */
// An agent without agent-read never gets here: the screen's declaration (widget.ts) says so, and
// every mount refuses it in one place (src/widgets/ScreenGate.tsx), with the message of
// docs/product/roles.md.
export function UserAdmin({ className }: UserAdminProps): ReactElement {
  return <UserManagement className={className} />;
}

function UserManagement({ className }: UserAdminProps): ReactElement {
  const api = useUsersApi();
  const toast = useToast();
  // Someone invited, edited, disabled or deleted elsewhere, or a role renamed: the list reloads.
  useLiveReload(['user', 'role'], [userKeys.all, userKeys.roles]);
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

  const resend = useMutation({
    mutate: (user: ManagedUser) => api.resendInvite(userId(user)!),
    invalidates: [userKeys.all],
    onSuccess: () => toast.success(MESSAGES.users.inviteResent),
    onError: (error) => {
      console.error(error);
      toast.error(MESSAGES.users.inviteFailed);
    },
  });

  // Disabling signs the person out at once, so it is asked first; enabling is not.
  const [disabling, setDisabling] = useState<ManagedUser | null>(null);
  const setStatus = useMutation({
    mutate: ({ user, active }: { user: ManagedUser; active: boolean }) => api.setStatus(userId(user)!, active ? 'active' : 'disabled'),
    invalidates: [userKeys.all],
    // Our own words even when the server sends some: they say which of the two happened.
    onSuccess: (_, { active }) => toast.success(active ? USER_ENABLED : USER_DISABLED),
    onError: (error) => {
      console.error(error);
      toast.error(serverMessage(error, STATUS_FAILED));
    },
  });
  const { mutate: changeStatus } = setStatus;
  const switchStatus = useCallback((user: ManagedUser, active: boolean) => changeStatus({ user, active }), [changeStatus]);
  const onSetActive = useCallback(
    (user: ManagedUser, active: boolean) => (active ? void switchStatus(user, true) : setDisabling(user)),
    [switchStatus],
  );

  // Resetting someone's two-factor lets their password alone in again, so it is asked first.
  const [resettingTwoFactor, setResettingTwoFactor] = useState<ManagedUser | null>(null);
  const resetTwoFactor = useMutation({
    mutate: (user: ManagedUser) => api.resetTwoFactor(userId(user)!),
    invalidates: [userKeys.all],
    onSuccess: () => toast.success(MESSAGES.twoFactor.resetByManager),
    onError: (error) => {
      console.error(error);
      toast.error(serverMessage(error, MESSAGES.twoFactor.resetFailed));
    },
  });
  const onResetTwoFactor = useCallback((user: ManagedUser) => setResettingTwoFactor(user), []);

  const onEdit = useCallback((user: ManagedUser) => setEditing({ mode: 'edit', user }), []);
  const onDelete = useCallback((user: ManagedUser) => setDeleting(user), []);
  const { mutate: resendInvite } = resend;
  const onResend = useCallback((user: ManagedUser) => void resendInvite(user), [resendInvite]);
  // The row whose invitation is being sent, or whose status is changing, shows it.
  const resending = resend.pending ? String(userId(resend.pending)) : null;
  const switching = setStatus.pending ? String(userId(setStatus.pending.user)) : null;

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));

  const overlays = (
    <>
      {editing.mode !== 'closed' && (
        <UserFormModal
          key={editing.mode === 'edit' ? `edit-${String(userId(editing.user))}` : 'add'}
          user={editing.mode === 'edit' ? editing.user : null}
          onClose={() => setEditing({ mode: 'closed' })}
          api={api}
        />
      )}
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} api={api} />
      <ConfirmDialog
        open={disabling !== null}
        title="Disable User"
        description={`${disabling ? `"${userName(disabling)}"` : 'This person'} will be signed out at once and cannot sign in until enabled again.`}
        cancelLabel="Cancel"
        confirmLabel="Disable"
        busy={setStatus.busy}
        busyLabel="Disabling..."
        onConfirm={() => {
          if (disabling) void switchStatus(disabling, false).then(() => setDisabling(null));
        }}
        onCancel={() => setDisabling(null)}
      />
      <ConfirmDialog
        open={resettingTwoFactor !== null}
        title="Reset Two-Factor Sign-In"
        description={`${resettingTwoFactor ? `"${userName(resettingTwoFactor)}"` : 'This person'} will sign in with their password alone; their authenticator app and recovery codes stop working, and they set it up again if the company requires it. They are told by e-mail.`}
        cancelLabel="Cancel"
        confirmLabel="Reset"
        busy={resetTwoFactor.busy}
        busyLabel="Resetting..."
        onConfirm={() => {
          if (resettingTwoFactor) void resetTwoFactor.mutate(resettingTwoFactor).finally(() => setResettingTwoFactor(null));
        }}
        onCancel={() => setResettingTwoFactor(null)}
      />
    </>
  );

  return (
    <ResourcePage
      title="Invite User"
      className={className}
      actions={
        canCreate && (
          <Button icon={<Icon name="plus" />} onClick={() => setEditing({ mode: 'add' })}>
            Add User
          </Button>
        )
      }
      overlays={overlays}
    >
      <ResourceList
        failed={list.status === 'error'}
        errorMessage={MESSAGES.users.loadFailed}
        onRetry={list.refetch}
        pager={pages > 1 && <Pager page={page} pageCount={pages} onPageChange={setPage} disabled={list.loading} />}
      >
        <UsersTable
          users={list.data?.users ?? []}
          roles={roles.data ?? []}
          loading={list.loading}
          selfId={selfId}
          canEdit={canEdit}
          canDelete={canDelete}
          canInvite={canCreate}
          resending={resending}
          switching={switching}
          onEdit={onEdit}
          onDelete={onDelete}
          onResend={onResend}
          onSetActive={onSetActive}
          onResetTwoFactor={onResetTwoFactor}
        />
      </ResourceList>
    </ResourcePage>
  );
}

export default UserAdmin;
