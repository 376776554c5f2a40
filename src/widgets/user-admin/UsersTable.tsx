/**
 * The users table of docs/product/screens.md: ID, Name, Role, Status (with Resend Invite for
 * invited people) and Actions (edit, delete), each action shown only to who may use it
 * (docs/product/roles.md). The signed-in person gets no actions on their own row: nobody deletes or
 * disables themselves, and one's own name, e-mail and password change in Account Settings, which
 * asks for the current password.
 */
import { useMemo, type ReactElement } from 'react';
import { MESSAGES, type ManagedUser, type Role } from '../../contract';
import { usePreferences } from '../../runtime/usePreferences';
import { Badge, Button, CardTable, dataTableColumns, Icon, IconButton, type BadgeColour, type TableCards, type DataTableColumn } from '../../ui';
import { userAdminStyles } from './userAdminStyles';
import { roleLabel, userId, userName, userStatus, type UserStatus } from './usersModel';

export interface UsersTableProps {
  users: readonly ManagedUser[];
  roles: readonly Role[];
  loading: boolean;
  /** The signed-in person's id, whose row has no actions. */
  selfId: string | null;
  canEdit: boolean;
  canDelete: boolean;
  canInvite: boolean;
  /** The id of the user whose invitation is being sent again. */
  resending: string | null;
  /** The id of the user being enabled or disabled. */
  switching: string | null;
  onEdit(user: ManagedUser): void;
  onDelete(user: ManagedUser): void;
  onResend(user: ManagedUser): void;
  /** Disable (`false`) or enable (`true`) a person; needs agent-edit, never on one's own row. */
  onSetActive(user: ManagedUser, active: boolean): void;
  /** Reset a person's two-factor sign-in (a lost phone); needs agent-edit, never on one's own row. */
  onResetTwoFactor(user: ManagedUser): void;
}

const STATUS_COLOUR: Record<UserStatus['kind'], BadgeColour> = { invited: 'orange', active: 'green', disabled: 'grey', other: 'grey' };

/**
 * Below 560 px each person is a card (ID and name; role, status and the actions under them)
 * instead of a table to scroll sideways: the status and its Resend Invite stay in view.
 */
const CARDS: TableCards = { columns: 'auto minmax(0, 1fr)', areas: "'id name' '. role' '. status' '. actions'", gap: '6px 10px' };

const key = (user: ManagedUser): string => String(userId(user) ?? user.email ?? '');

/**
 * @example
 * <UsersTable users={rows} roles={roles} loading={false} selfId="7" canEdit canDelete canInvite resending={null} ... />
 */
export function UsersTable(props: UsersTableProps): ReactElement {
  const { users, roles, loading, selfId, canEdit, canDelete, canInvite, resending, switching, onEdit, onDelete, onResend, onSetActive, onResetTwoFactor } = props;
  const s = userAdminStyles();
  const { date_format: dateFormat } = usePreferences();

  const columns = useMemo(() => {
    const col = dataTableColumns<ManagedUser>();
    const list: DataTableColumn<ManagedUser>[] = [
      col.display({ id: 'id', header: 'ID', meta: { width: 64, area: 'id' }, cell: ({ row }) => <span className={s.id}>{String(userId(row.original) ?? '')}</span> }),
      col.display({
        id: 'name',
        header: 'Name',
        meta: { area: 'name' },
        cell: ({ row }) => {
          const user = row.original;
          const name = userName(user);
          return (
            <div className={s.name}>
              <span className={s.primary}>
                {name}
                {selfId !== null && key(user) === selfId && <span className={s.you}>(you)</span>}
              </span>
              {user.email && user.email !== name && <span className={s.secondary}>{user.email}</span>}
            </div>
          );
        },
      }),
      col.display({
        id: 'role',
        header: 'Role',
        meta: { area: 'role' },
        cell: ({ row }) => roleLabel(row.original, roles) || <span className={s.muted}>No role</span>,
      }),
      col.display({
        id: 'status',
        header: 'Status',
        meta: { area: 'status' },
        cell: ({ row }) => {
          const user = row.original;
          const status = userStatus(user, dateFormat);
          const sending = resending === key(user);
          return (
            <div className={s.status}>
              <Badge colour={STATUS_COLOUR[status.kind]}>
                <span title={status.kind === 'invited' && status.invitedAt ? new Date(status.invitedAt).toLocaleString('en-IN') : undefined}>{status.label}</span>
              </Badge>
              {user.two_factor && <Badge colour="grey">Two-factor</Badge>}
              {status.kind === 'invited' && canInvite && (
                <Button
                  size="sm"
                  variant="secondary"
                  busy={sending}
                  busyLabel="Sending..."
                  disabled={resending !== null && !sending}
                  aria-label={`Resend Invite to ${userName(user)}`}
                  onClick={() => onResend(user)}
                >
                  Resend Invite
                </Button>
              )}
            </div>
          );
        },
      }),
    ];
    if (canEdit || canDelete) {
      list.push(
        col.display({
          id: 'actions',
          header: 'Actions',
          meta: { align: 'right', nowrap: true, area: 'actions' },
          cell: ({ row }) => {
            const user = row.original;
            const name = userName(user);
            const disabled = userStatus(user).kind === 'disabled';
            const self = key(user) === selfId;
            return (
              <div className={s.actions}>
                {canEdit && !self && (
                  <Button
                    size="sm"
                    variant="ghost"
                    busy={switching === key(user)}
                    busyLabel={disabled ? 'Enabling...' : 'Disabling...'}
                    aria-label={`${disabled ? 'Enable' : 'Disable'} ${name}`}
                    onClick={() => onSetActive(user, disabled)}
                  >
                    {disabled ? 'Enable' : 'Disable'}
                  </Button>
                )}
                {canEdit && !self && user.two_factor && (
                  <Button size="sm" variant="ghost" aria-label={`Reset two-factor sign-in of ${name}`} onClick={() => onResetTwoFactor(user)}>
                    Reset 2FA
                  </Button>
                )}
                {canEdit && !self && (
                  <IconButton aria-label={`Edit ${name}`} title="Edit" variant="ghost" size="sm" onClick={() => onEdit(user)}>
                    <Icon name="edit" />
                  </IconButton>
                )}
                {canDelete && key(user) !== selfId && (
                  <IconButton aria-label={`Delete ${name}`} title="Delete" variant="ghost" size="sm" onClick={() => onDelete(user)}>
                    <Icon name="trash" />
                  </IconButton>
                )}
              </div>
            );
          },
        }),
      );
    }
    return list;
  }, [s, dateFormat, roles, selfId, canEdit, canDelete, canInvite, resending, switching, onEdit, onDelete, onResend, onSetActive, onResetTwoFactor]);

  return (
    <CardTable
      columns={columns}
      data={users}
      getRowId={key}
      loading={loading}
      loadingText={MESSAGES.users.loading}
      emptyText={MESSAGES.users.noUsers}
      aria-label="Users"
      cards={CARDS}
      className={s.table}
    />
  );
}
