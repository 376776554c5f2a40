import { describe, expect, it } from 'vitest';
import { MESSAGES, type ManagedUser, type Role } from '../../../src/contract';
import { checkUserForm, roleLabel, userName, userStatus, userToForm } from '../../../src/widgets/user-admin/usersModel';

const roles: Role[] = [
  { id: 1, name: 'Admin', slug: 'admin', permissions: [] },
  { _id: 'r2', name: 'Sales Agent', slug: 'sales-agent', permissions: ['lead-read'] },
];

describe('who a listed user is (docs/product/data.md)', () => {
  it('names them by name, else first and last name, else e-mail', () => {
    expect(userName({ name: 'Asha Rao' })).toBe('Asha Rao');
    expect(userName({ firstName: 'Asha', lastName: 'Rao' })).toBe('Asha Rao');
    expect(userName({ email: 'asha@x.test' })).toBe('asha@x.test');
  });

  it('names the role whether it came as a name, an id or a role_id', () => {
    expect(roleLabel({ role: 'Sales Agent' }, roles)).toBe('Sales Agent');
    expect(roleLabel({ role: 1 }, roles)).toBe('Admin');
    expect(roleLabel({ role: '1' }, roles)).toBe('Admin');
    expect(roleLabel({ role_id: 'r2' }, roles)).toBe('Sales Agent');
    expect(roleLabel({ role: 99 }, roles)).toBe('');
    // Admins hold every permission whatever their role (docs/product/roles.md).
    expect(roleLabel({ role: null, user_type: 'admin' } as ManagedUser, roles)).toBe('Admin (full access)');
  });
});

describe('the Status column', () => {
  const cases: Array<[ManagedUser, string, string]> = [
    [{ status: 'invited', invited_at: '2026-11-20T10:00:00Z' }, 'invited', 'Invited 20 Nov 2026'],
    [{ status: 'invited' }, 'invited', 'Invited'],
    [{ status: 'invited', invited_at: 'not a date' }, 'invited', 'Invited'],
    [{ status: 'active' }, 'active', 'Active'],
    [{ status: 'Disabled' }, 'disabled', 'Disabled'],
    [{ status: 'archived' }, 'other', 'archived'],
    [{}, 'other', 'Unknown'],
  ];
  it.each(cases)('%j → %s "%s"', (user, kind, label) => {
    expect(userStatus(user)).toMatchObject({ kind, label });
  });
});

describe('the Add/Edit User form (docs/product/rules.md)', () => {
  const filled = { first_name: 'Asha', email: 'asha@skyline.test', password: 'Welcome@1', role: '2' };

  it('requires a password only when adding', () => {
    const add = checkUserForm({ ...filled, password: '' }, 'add');
    expect(add.ok).toBe(false);
    expect(!add.ok && add.errors.password).toBe(MESSAGES.validation.passwordRequired);
    expect(checkUserForm({ ...filled, password: '' }, 'edit')).toEqual({ ok: true, data: { first_name: 'Asha', email: 'asha@skyline.test', role: '2' } });
  });

  it('sends a password when editing only if filled, and then checks it', () => {
    expect(checkUserForm(filled, 'edit')).toEqual({ ok: true, data: filled });
    const weak = checkUserForm({ ...filled, password: 'weak' }, 'edit');
    expect(!weak.ok && weak.errors.password).toBe(MESSAGES.validation.passwordRequirements);
  });

  it('gives the product’s messages for a missing first name and role', () => {
    const result = checkUserForm({ first_name: ' ', email: 'asha@skyline.test', password: 'Welcome@1', role: '' }, 'add');
    expect(!result.ok && result.errors).toMatchObject({ first_name: MESSAGES.validation.firstNameRequired, role: MESSAGES.validation.roleRequired });
  });

  it('starts editing from the listed user, with the role chosen by id and an empty password', () => {
    expect(userToForm({ id: 8, name: 'Ravi Kumar', first_name: 'Ravi', email: 'ravi@x.test', role: 'Sales Agent' } as ManagedUser, roles)).toEqual({
      first_name: 'Ravi',
      email: 'ravi@x.test',
      password: '',
      role: 'r2',
    });
  });
});

describe("userStatus in the person's date format", () => {
  it('writes when the invitation went out as the person chose', () => {
    const invited = { status: 'invited', invited_at: '2026-11-20T10:00:00Z' };
    expect(userStatus(invited, 'dd/mm/yyyy').label).toBe('Invited 20/11/2026');
    expect(userStatus(invited, 'yyyy-mm-dd').label).toBe('Invited 2026-11-20');
    expect(userStatus(invited, 'd mmm yyyy').label).toBe('Invited 20 Nov 2026');
  });
});
