/**
 * Add User / Edit User (docs/product/screens.md, rules.md): first name, e-mail, password and the
 * role dropdown filled from the server's roles. The password is required only when adding; when
 * editing it is optional and sent only if filled. "Adding..." / "Updating..." while it saves, the
 * toasts of docs/product/messages.md, a 422's field errors (an e-mail already taken) on their
 * fields. Closing resets the form: the parent mounts a fresh one per opening.
 */
import { useEffect, useRef, type ReactElement } from 'react';
import { format, MESSAGES, type ManagedUser, type UserCreateRequest, type UserUpdateRequest } from '../../contract';
import { serverMessage } from '../../core/ApiError';
import { useMutation, useQuery, useToast } from '../../runtime';
import { Button, FormModal, PasswordField, SelectField, TextField, useForm } from '../../ui';
import type { UsersApi } from './usersApi';
import { userAdminStyles } from './userAdminStyles';
import { checkUserForm, emptyUserForm, roleIdOf, userId, userKeys, userToForm, type UserFormValues, type UserPayload } from './usersModel';

export interface UserFormModalProps {
  /** The user being edited; `null` adds one. */
  user: ManagedUser | null;
  onClose(): void;
  api: UsersApi;
}

/** Why the password rules are what they are: the same as every other password of the suite. */
const PASSWORD_HINT = 'At least 6 characters, with a capital letter, a number and a special character.';

/**
 * @example
 * {open && <UserFormModal key={String(editing?.id ?? 'new')} user={editing} onClose={close} api={api} />}
 */
export function UserFormModal({ user, onClose, api }: UserFormModalProps): ReactElement {
  const toast = useToast();
  const mode = user ? 'edit' : 'add';
  const s = userAdminStyles();
  const roles = useQuery(userKeys.roles, (signal) => api.roles(signal));
  const roleList = roles.data ?? [];
  // Toasted from the state rather than the query's onError: the page asks for the same roles, and
  // a failure of its request (in flight when this opened) concerns this dropdown too. A failure
  // from before this opened is not told again: opening asks once more, and that answer is.
  const rolesError = roles.status === 'error' ? roles.error : null;
  const staleError = useRef(rolesError);
  useEffect(() => {
    if (rolesError && rolesError !== staleError.current) toast.error(MESSAGES.roles.fetchFailed);
  }, [rolesError, toast]);

  const save = useMutation({
    mutate: (payload: UserPayload) => {
      const id = user ? userId(user) : undefined;
      return id !== undefined ? api.update(id, payload as UserUpdateRequest) : api.create(payload as UserCreateRequest);
    },
    invalidates: [userKeys.all],
  });

  const form = useForm<UserFormValues, UserPayload>({
    initial: () => (user ? userToForm(user, roleList) : emptyUserForm()),
    validate: (values) => checkUserForm(values, mode),
    async onSubmit(payload) {
      await save.mutateAsync(payload);
      toast.success(mode === 'add' ? MESSAGES.users.added : MESSAGES.users.updated);
      onClose();
    },
    onError(error) {
      console.error(error);
      toast.error(format(MESSAGES.users.saveFailed, { message: serverMessage(error, MESSAGES.users.saveFailedDefault) }));
    },
  });

  // Editing a user whose role came as a name: its id is known once the roles are here.
  const { setValue } = form;
  const roleValue = form.values.role;
  useEffect(() => {
    if (!user || roleValue || !roles.data) return;
    const role = userToForm(user, roles.data).role;
    if (role) setValue('role', role);
  }, [user, roleValue, roles.data, setValue]);

  const title = mode === 'add' ? 'Add User' : 'Edit User';
  const roleOptions = roleList.map((role) => ({ value: String(roleIdOf(role) ?? role.name), label: role.name }));

  return (
    <FormModal
      form={form}
      title={title}
      submitLabel={mode === 'add' ? 'Add User' : 'Save Changes'}
      busyLabel={mode === 'add' ? 'Adding...' : 'Updating...'}
      formClassName={s.form}
      onClose={onClose}
    >
        <TextField label="First name" required autoComplete="off" disabled={form.busy} {...form.field('first_name')} />
        <TextField label="Email" type="email" inputMode="email" required autoComplete="off" disabled={form.busy} {...form.field('email')} />
        <PasswordField
          label="Password"
          required={mode === 'add'}
          autoComplete="new-password"
          hint={mode === 'add' ? PASSWORD_HINT : `Leave empty to keep the current password. ${PASSWORD_HINT}`}
          disabled={form.busy}
          {...form.field('password')}
        />
        <div className={s.roleRow}>
          <SelectField
            label="Role"
            required
            placeholder={roles.loading ? 'Loading roles...' : 'Select role'}
            options={roleOptions}
            disabled={form.busy || roles.loading}
            hint={roles.status === 'success' && roleList.length === 0 ? 'No roles yet: add one under Roles & Permissions.' : undefined}
            {...form.field('role')}
          />
          {roles.status === 'error' && (
            <Button variant="link" className={s.retry} onClick={roles.refetch}>
              {MESSAGES.roles.fetchFailed}. Try again
            </Button>
          )}
        </div>
    </FormModal>
  );
}
