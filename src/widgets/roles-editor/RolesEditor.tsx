/**
 * Roles & Permissions (docs/product/screens.md, "Roles & Permissions"): the roles table, Add Role,
 * the add/edit modal with the permission grid, and the delete confirmation. Add needs role-create,
 * edit role-edit, delete role-delete; the controls follow the session's permissions as they change.
 */
import { useCallback, useState, type ReactElement } from 'react';
import { MESSAGES, PERMISSIONS, type Role } from '../../contract';
import { useCan, useLiveReload, useQuery, useToast } from '../../runtime';
import { Button, Icon, ResourceList, ResourcePage } from '../../ui';
import { DeleteRoleDialog } from './DeleteRoleDialog';
import { RoleFormModal } from './RoleFormModal';
import { useRolesApi } from './rolesApi';
import { roleId, roleKeys } from './rolesModel';
import { RolesTable } from './RolesTable';

export interface RolesEditorProps {
  /** Extra class on the widget's root. */
  className?: string;
}

type Editing = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; role: Role };

/**
 * @example
 * <RuntimeProvider runtime={runtime}><RolesEditor /></RuntimeProvider>
 */
// An agent without role-read never gets here: the screen's declaration (widget.ts) says so, and
// every mount refuses it in one place (src/widgets/ScreenGate.tsx), with the message of
// docs/product/roles.md.
export function RolesEditor({ className }: RolesEditorProps): ReactElement {
  return <RolesPage className={className} />;
}

function RolesPage({ className }: RolesEditorProps): ReactElement {
  const api = useRolesApi();
  const toast = useToast();
  useLiveReload(['role'], [roleKeys.list]);
  const canCreate = useCan(PERMISSIONS.roleCreate).allowed;
  const canEdit = useCan(PERMISSIONS.roleEdit).allowed;
  const canDelete = useCan(PERMISSIONS.roleDelete).allowed;
  const list = useQuery(roleKeys.list, (signal) => api.list(signal), {
    onError: () => toast.error(MESSAGES.roles.fetchFailed),
  });
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<Role | null>(null);
  const onEdit = useCallback((role: Role) => setEditing({ mode: 'edit', role }), []);
  const onDelete = useCallback((role: Role) => setDeleting(role), []);

  return (
    <ResourcePage
      title="Roles & Permissions"
      className={className}
      actions={
        canCreate && (
          <Button icon={<Icon name="plus" />} onClick={() => setEditing({ mode: 'add' })}>
            Add Role
          </Button>
        )
      }
      overlays={
        <>
          {editing.mode !== 'closed' && (
            <RoleFormModal
              key={editing.mode === 'edit' ? `edit-${String(roleId(editing.role))}` : 'add'}
              role={editing.mode === 'edit' ? editing.role : null}
              onClose={() => setEditing({ mode: 'closed' })}
              api={api}
            />
          )}
          <DeleteRoleDialog role={deleting} onClose={() => setDeleting(null)} api={api} />
        </>
      }
    >
      <ResourceList failed={list.status === 'error'} errorMessage={MESSAGES.roles.fetchFailed} onRetry={list.refetch}>
        <RolesTable roles={list.data ?? []} loading={list.loading} canEdit={canEdit} canDelete={canDelete} onEdit={onEdit} onDelete={onDelete} />
      </ResourceList>
    </ResourcePage>
  );
}

export default RolesEditor;
