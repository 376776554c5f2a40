/**
 * The roles table of docs/product/screens.md: Role, Permissions (grouped by resource: "Leads
 * create, read") and Actions (edit with role-edit, delete with role-delete; hidden otherwise,
 * docs/product/roles.md).
 */
import { useMemo, type ReactElement } from 'react';
import type { Role } from '../../contract';
import { CardTable, dataTableColumns, Icon, IconButton, type TableCards, type DataTableColumn } from '../../ui';
import { holders, peopleCount, roleId, summarise } from './rolesModel';
import { rolesStyles } from './rolesStyles';

export interface RolesTableProps {
  roles: readonly Role[];
  loading: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onEdit(role: Role): void;
  onDelete(role: Role): void;
}

/** Below 560 px each role is a card: name and actions on top, its permissions under them. */
const CARDS: TableCards = { columns: 'minmax(0, 1fr) auto', areas: "'role actions' 'permissions permissions'" };

/**
 * @example
 * <RolesTable roles={roles} loading={false} canEdit canDelete onEdit={open} onDelete={confirm} />
 */
export function RolesTable({ roles, loading, canEdit, canDelete, onEdit, onDelete }: RolesTableProps): ReactElement {
  const s = rolesStyles();
  const columns = useMemo(() => {
    const col = dataTableColumns<Role>();
    const list: DataTableColumn<Role>[] = [
      col.display({
        id: 'role',
        header: 'Role',
        meta: { area: 'role' },
        cell: ({ row }) => (
          <div className={s.roleName}>
            <span className={s.primary}>{row.original.name}</span>
            {row.original.slug && <span className={s.secondary}>{row.original.slug}</span>}
            {holders(row.original) !== null && <span className={s.secondary}>held by {peopleCount(holders(row.original)!)}</span>}
          </div>
        ),
      }),
      col.display({
        id: 'permissions',
        header: 'Permissions',
        meta: { area: 'permissions' },
        cell: ({ row }) => {
          const groups = summarise(row.original.permissions);
          if (groups.length === 0) return <span className={s.none}>No permissions</span>;
          return (
            <ul className={s.chips} aria-label={`Permissions of ${row.original.name}`} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {groups.map((group) => (
                <li key={group.resource} className={s.chip}>
                  <b>{group.label}</b> {group.actions.join(', ')}
                </li>
              ))}
            </ul>
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
          cell: ({ row }) => (
            <div className={s.actions}>
              {canEdit && (
                <IconButton aria-label={`Edit ${row.original.name}`} title="Edit" variant="ghost" size="sm" onClick={() => onEdit(row.original)}>
                  <Icon name="edit" />
                </IconButton>
              )}
              {canDelete && (
                <IconButton aria-label={`Delete ${row.original.name}`} title="Delete" variant="ghost" size="sm" onClick={() => onDelete(row.original)}>
                  <Icon name="trash" />
                </IconButton>
              )}
            </div>
          ),
        }),
      );
    }
    return list;
  }, [s, canEdit, canDelete, onEdit, onDelete]);

  return (
    <CardTable
      columns={columns}
      data={roles}
      getRowId={(role, index) => String(roleId(role) ?? `row-${index}`)}
      loading={loading}
      loadingText="Loading roles..."
      emptyText="No roles found"
      aria-label="Roles"
      cards={CARDS}
      className={s.table}
    />
  );
}
