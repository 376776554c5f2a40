/**
 * Add Role / Edit Role (docs/product/screens.md, rules.md, messages.md): Name ("Role name is
 * required") and the permission grid with the automatic -read rule; saves the payload of
 * docs/product/data.md (optional id, name, slug, each chosen permission set to 1) and shows "Role
 * created successfully" / "Role updated successfully", or the server's message else "Error saving
 * role". The parent mounts a fresh one per opening, so closing resets it.
 */
import { useCallback, useEffect, useMemo, type ReactElement } from 'react';
import { MESSAGES, RoleSaveRequest, type Role } from '../../contract';
import { can } from '../../core';
import { serverMessage } from '../../core/ApiError';
import { useMutation, useQuery, useSession, useToast } from '../../runtime';
import { ErrorState, FormModal, LoadingState, TextField, useForm } from '../../ui';
import type { Validation } from '../../ui/formErrors';
import { validateWith } from '../../ui/schemaValidator';
import { PermissionGrid } from './PermissionGrid';
import type { RolesApi } from './rolesApi';
import { permissionGrid, roleId, roleKeys, rolePayload, togglePermission, withImpliedReads, type RolePayload } from './rolesModel';
import { rolesStyles } from './rolesStyles';

export interface RoleFormModalProps {
  /** The role being edited; `null` adds one. */
  role: Role | null;
  onClose(): void;
  api: RolesApi;
}

interface RoleFormValues {
  name: string;
  permissions: string[];
}

/**
 * @example
 * {open && <RoleFormModal key={String(editing?.id ?? 'new')} role={editing} onClose={close} api={api} />}
 */
export function RoleFormModal({ role, onClose, api }: RoleFormModalProps): ReactElement {
  const toast = useToast();
  const s = rolesStyles();
  const mode = role ? 'edit' : 'add';
  const known = useQuery(roleKeys.permissions, (signal) => api.permissions(signal), {
    onError: () => toast.error(MESSAGES.roles.permissionsFailed),
  });
  const all = useMemo(() => known.data ?? [], [known.data]);
  const grid = useMemo(() => permissionGrid(all), [all]);
  // The editor grants or removes only what it holds itself (admins hold everything): the server's rule too.
  const user = useSession((state) => state.user);
  const holds = useCallback((name: string) => can(user, name).allowed, [user]);

  const save = useMutation({ mutate: (payload: RolePayload) => api.save(payload), invalidates: [roleKeys.all] });

  const form = useForm<RoleFormValues, RolePayload>({
    initial: () => ({ name: role?.name ?? '', permissions: role ? [...withImpliedReads(role.permissions, all)] : [] }),
    validate(values): Validation<RolePayload> {
      const id = role ? roleId(role) : undefined;
      const payload = rolePayload({ id, name: values.name, chosen: new Set(values.permissions) });
      const checked = validateWith(RoleSaveRequest, payload);
      return checked.ok ? { ok: true, data: payload } : checked;
    },
    async onSubmit(payload) {
      await save.mutateAsync(payload);
      toast.success(mode === 'add' ? MESSAGES.roles.created : MESSAGES.roles.updated);
      onClose();
    },
    onError(error) {
      console.error(error);
      toast.error(serverMessage(error, MESSAGES.roles.saveFailed));
    },
  });

  // A role stored before the -read rule shows (and saves) what the rule makes of it once the
  // server's permission list is known.
  const { setValue } = form;
  const current = form.values.permissions;
  useEffect(() => {
    if (!role || all.length === 0) return;
    const ruled = [...withImpliedReads(current, all)];
    if (ruled.length !== current.length) setValue('permissions', ruled);
  }, [role, all, current, setValue]);

  const chosen = useMemo(() => new Set(current), [current]);

  return (
    <FormModal
      form={form}
      title={mode === 'add' ? 'Add Role' : 'Edit Role'}
      width={640}
      submitLabel={mode === 'add' ? 'Add Role' : 'Save Changes'}
      busyLabel="Saving..."
      submitDisabled={known.status !== 'success'}
      formClassName={s.form}
      onClose={onClose}
    >
        <TextField label="Name" required autoComplete="off" disabled={form.busy} {...form.field('name')} />
        {known.status === 'error' ? (
          <ErrorState message={MESSAGES.roles.permissionsFailed} onRetry={known.refetch} />
        ) : known.loading ? (
          <LoadingState size="inline" label="Loading permissions..." />
        ) : all.length === 0 ? (
          <p className={s.none}>No permissions available.</p>
        ) : (
          <PermissionGrid
            grid={grid}
            chosen={chosen}
            disabled={form.busy}
            holds={holds}
            onToggle={(name, on) => setValue('permissions', [...togglePermission(chosen, name, on, all)])}
          />
        )}
    </FormModal>
  );
}
