import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { format, MESSAGES, PERMISSIONS } from '../../../src/contract';
import { ScreenGate } from '../../../src/widgets/ScreenGate';
import { UserAdmin } from '../../../src/widgets/user-admin/UserAdmin';
import { userAdminWidget } from '../../../src/widgets/user-admin/widget';
import { FakeTeamServer } from './fakeTeamServer';
import { cleanupTeamWidget, renderTeamWidget, waitForToast } from './renderTeamWidget';

const fake = new FakeTeamServer();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
afterEach(() => {
  cleanupTeamWidget();
  fake.reset();
});

const rows = () => screen.getAllByRole('row').slice(1);
const rowOf = (name: string) => rows().find((row) => within(row).queryByText(name))!;
const waitForRows = (n: number) => waitFor(() => expect(screen.queryAllByRole('row').slice(1).filter((r) => r.querySelectorAll('td').length > 1)).toHaveLength(n), { timeout: 10_000 });
const dialog = () => screen.getByRole('dialog');
const field = (label: string) => within(dialog()).getByLabelText(label, { exact: false }) as HTMLInputElement;

describe('User Management: the list', () => {
  it('shows "Loading users...", then ID, Name, Role and a truthful Status for each person', async () => {
    fake.delayMs = 50;
    renderTeamWidget(fake, UserAdmin);
    expect(screen.getByRole('heading', { name: 'Invite User' })).toBeTruthy();
    expect(screen.getByText(MESSAGES.users.loading)).toBeTruthy();
    await waitForRows(3);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['ID', 'Name', 'Role', 'Status', 'Actions']);

    const admin = within(rowOf('Skyline Admin'));
    expect(admin.getByText('7')).toBeTruthy();
    expect(admin.getByText('Admin')).toBeTruthy();
    // Nobody disables, deletes or edits themselves here (Account Settings asks for the current password).
    expect(admin.queryByRole('button', { name: /^(Disable|Delete|Edit) / })).toBeNull();
    expect(within(rowOf('Ravi Kumar')).getByRole('button', { name: 'Edit Ravi Kumar' })).toBeTruthy();
    expect(admin.getByText('Active')).toBeTruthy();
    expect(admin.getByText('(you)')).toBeTruthy();
    expect(admin.queryByRole('button', { name: /Resend Invite/ })).toBeNull();

    // The role came as an id: it is named from the server's roles.
    const invited = within(rowOf('Ravi Kumar'));
    await waitFor(() => expect(invited.getByText('Sales Agent')).toBeTruthy());
    expect(invited.getByText('Invited 20/11/2026')).toBeTruthy();
    expect(invited.getByRole('button', { name: 'Resend Invite to Ravi Kumar' })).toBeTruthy();

    expect(within(rowOf('Meera Shah')).getByText('Disabled')).toBeTruthy();
    expect(fake.seen('GET', '/users').find((r) => r.path === '/api/v1/users')!.query.get('pageNumber')).toBe('1');
  });

  it("resets a person's two-factor sign-in after asking, and the badge goes", async () => {
    const harness = renderTeamWidget(fake, UserAdmin);
    await waitForRows(3);
    const meera = () => within(rowOf('Meera Shah'));
    expect(meera().getByText('Two-factor')).toBeTruthy();
    expect(within(rowOf('Ravi Kumar')).queryByRole('button', { name: /^Reset two-factor/ })).toBeNull();
    fireEvent.click(meera().getByRole('button', { name: 'Reset two-factor sign-in of Meera Shah' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Reset Two-Factor Sign-In' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reset' }));
    await waitForToast(harness, MESSAGES.twoFactor.resetByManager);
    expect(fake.seen('DELETE', '/users/9/two-factor')).toHaveLength(1);
    await waitFor(() => expect(meera().queryByText('Two-factor')).toBeNull());
  });

  it('says "No users found" when there is nobody', async () => {
    fake.users = [];
    renderTeamWidget(fake, UserAdmin);
    await screen.findByText(MESSAGES.users.noUsers);
  });

  it('shows the error state with the product’s message, and tries again', async () => {
    fake.answer('GET', '/users', 500, { message: 'boom' });
    const h = renderTeamWidget(fake, UserAdmin);
    await screen.findByText(MESSAGES.users.loadFailed);
    await waitForToast(h, MESSAGES.users.loadFailed);
    fake.overrides = [];
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitForRows(3);
  });

  it('pages a long list', async () => {
    fake.users = Array.from({ length: 25 }, (_, i) => ({ ...fake.users[1]!, id: 200 + i, name: `Agent ${i + 1}`, email: `a${i}@skyline.test` }));
    renderTeamWidget(fake, UserAdmin);
    await waitForRows(20);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitForRows(5);
    expect(fake.seen('GET', '/users').at(-1)!.query.get('pageNumber')).toBe('2');
  });
});

describe('User Management: Add User and Edit User', () => {
  it('requires first name, e-mail, password and role when adding, and sends nothing until they are given', async () => {
    renderTeamWidget(fake, UserAdmin);
    await waitForRows(3);
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect(within(dialog()).getByRole('heading', { name: 'Add User' })).toBeTruthy();
    // The role dropdown is filled from the server.
    await waitFor(() => expect(within(dialog()).getAllByRole('option').map((o) => o.textContent)).toEqual(['Select role', 'Admin', 'Sales Agent', 'Viewer']));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add User' }));
    await within(dialog()).findByText(MESSAGES.validation.firstNameRequired);
    expect(within(dialog()).getByText(MESSAGES.validation.emailRequired)).toBeTruthy();
    expect(within(dialog()).getByText(MESSAGES.validation.passwordRequired)).toBeTruthy();
    expect(within(dialog()).getByText(MESSAGES.validation.roleRequired)).toBeTruthy();
    expect(fake.seen('POST', '/users')).toHaveLength(0);
  });

  it('adds a user with "Adding...", the product’s toast, and the new person invited in the list', async () => {
    const h = renderTeamWidget(fake, UserAdmin);
    await waitForRows(3);
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    await waitFor(() => expect(within(dialog()).getAllByRole('option')).toHaveLength(4));
    fireEvent.change(field('First name'), { target: { value: 'Asha' } });
    fireEvent.change(field('Email'), { target: { value: 'asha@skyline.test' } });
    fireEvent.change(within(dialog()).getByLabelText('Password', { exact: false, selector: 'input' }), { target: { value: 'Welcome@1' } });
    fireEvent.change(within(dialog()).getByRole('combobox', { name: /Role/ }), { target: { value: '2' } });
    fake.delayMs = 50;
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add User' }));
    await screen.findByText('Adding...');
    await waitForToast(h, MESSAGES.users.added);
    expect(fake.seen('POST', '/users')[0]!.json).toEqual({ first_name: 'Asha', email: 'asha@skyline.test', password: 'Welcome@1', role: '2' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitForRows(4);
    expect(within(rowOf('Asha')).getByText('Invited 24/11/2026')).toBeTruthy();
  });

  it('keeps what was typed and shows the server’s refusal on its field and in the product’s toast', async () => {
    const h = renderTeamWidget(fake, UserAdmin);
    await waitForRows(3);
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    await waitFor(() => expect(within(dialog()).getAllByRole('option')).toHaveLength(4));
    fireEvent.change(field('First name'), { target: { value: 'Ravi' } });
    fireEvent.change(field('Email'), { target: { value: 'ravi@skyline.test' } });
    fireEvent.change(within(dialog()).getByLabelText('Password', { exact: false, selector: 'input' }), { target: { value: 'Welcome@1' } });
    fireEvent.change(within(dialog()).getByRole('combobox', { name: /Role/ }), { target: { value: '3' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add User' }));
    await waitForToast(h, `Error: ${MESSAGES.auth.emailTakenServer}`);
    await within(dialog()).findByText(MESSAGES.auth.emailTakenServer);
    expect(field('First name').value).toBe('Ravi');
    expect(field('Email').value).toBe('ravi@skyline.test');
  });

  it('says "Error: Something went wrong" when the server gives no reason', async () => {
    fake.answer('POST', '/users', 500, {});
    const h = renderTeamWidget(fake, UserAdmin);
    await waitForRows(3);
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    await waitFor(() => expect(within(dialog()).getAllByRole('option')).toHaveLength(4));
    fireEvent.change(field('First name'), { target: { value: 'Asha' } });
    fireEvent.change(field('Email'), { target: { value: 'asha@skyline.test' } });
    fireEvent.change(within(dialog()).getByLabelText('Password', { exact: false, selector: 'input' }), { target: { value: 'Welcome@1' } });
    fireEvent.change(within(dialog()).getByRole('combobox', { name: /Role/ }), { target: { value: '3' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add User' }));
    await waitForToast(h, `Error: ${MESSAGES.users.saveFailedDefault}`);
  });

  it('edits a user without a password, sending none, then with one', async () => {
    const h = renderTeamWidget(fake, UserAdmin);
    await waitForRows(3);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Ravi Kumar' }));
    expect(within(dialog()).getByRole('heading', { name: 'Edit User' })).toBeTruthy();
    expect(field('First name').value).toBe('Ravi');
    expect(field('Email').value).toBe('ravi@skyline.test');
    // The role came as an id; the dropdown shows it chosen once the roles are here.
    await waitFor(() => expect((within(dialog()).getByRole('combobox', { name: /Role/ }) as HTMLSelectElement).value).toBe('2'));
    fireEvent.change(field('First name'), { target: { value: 'Ravi K' } });
    fake.delayMs = 50;
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Updating...');
    await waitForToast(h, MESSAGES.users.updated);
    expect(fake.seen('PUT', '/users/8')[0]!.json).toEqual({ first_name: 'Ravi K', email: 'ravi@skyline.test', role: '2' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(rowOf('Ravi K')).toBeTruthy());

    fake.delayMs = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Edit Ravi K' }));
    fireEvent.change(within(dialog()).getByLabelText('Password', { exact: false, selector: 'input' }), { target: { value: 'weak' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
    await within(dialog()).findByText(MESSAGES.validation.passwordRequirements);
    fireEvent.change(within(dialog()).getByLabelText('Password', { exact: false, selector: 'input' }), { target: { value: 'Stronger@2' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(fake.seen('PUT', '/users/8')).toHaveLength(2));
    expect(fake.seen('PUT', '/users/8')[1]!.json).toMatchObject({ password: 'Stronger@2' });
  });

  it('closing resets the form', async () => {
    renderTeamWidget(fake, UserAdmin);
    await waitForRows(3);
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    fireEvent.change(field('First name'), { target: { value: 'Half typed' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add User' }));
    await within(dialog()).findByText(MESSAGES.validation.roleRequired);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect(field('First name').value).toBe('');
    expect(within(dialog()).queryByText(MESSAGES.validation.roleRequired)).toBeNull();
  });

  it('says "Error fetching roles" when the dropdown cannot be filled, and tries again', async () => {
    fake.answer('GET', '/acl/role', 500, {});
    const h = renderTeamWidget(fake, UserAdmin);
    await waitForRows(3);
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    await waitForToast(h, MESSAGES.roles.fetchFailed);
    const retry = await within(dialog()).findByRole('button', { name: /Try again/ });
    // Told once: opening asked again, and only that failure is told.
    expect(h.toasts().filter((t) => t === MESSAGES.roles.fetchFailed)).toHaveLength(1);
    fake.overrides = [];
    fireEvent.click(retry);
    await waitFor(() => expect(within(dialog()).getAllByRole('option')).toHaveLength(4));
  });
});

describe('User Management: delete and Resend Invite', () => {
  it('deletes after the confirmation', async () => {
    const h = renderTeamWidget(fake, UserAdmin);
    await waitForRows(3);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Meera Shah' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(/Are you sure you want to delete "Meera Shah"/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitForToast(h, MESSAGES.users.deleted);
    await waitForRows(2);
    expect(fake.seen('DELETE', '/users/9')).toHaveLength(1);
  });

  it('cancel deletes nothing', async () => {
    renderTeamWidget(fake, UserAdmin);
    await waitForRows(3);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Meera Shah' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fake.seen('DELETE', '/users')).toHaveLength(0);
  });

  it('shows "Error: {server message}" when deleting fails, and the permission message on 403', async () => {
    fake.answer('DELETE', '/users/9', 422, { message: "The company's last active admin cannot be deleted or disabled." });
    const h = renderTeamWidget(fake, UserAdmin);
    await waitForRows(3);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Meera Shah' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitForToast(h, "Error: The company's last active admin cannot be deleted or disabled.");

    fake.overrides = [];
    fake.answer('DELETE', '/users/8', 403, { message: "You don't have permission for this action: agent-delete" });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Ravi Kumar' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitForToast(h, MESSAGES.permission.cannotDeleteUsers);
    expect(rows()).toHaveLength(3);
  });

  it('says "You do not have permission to delete users." when the permission goes while the dialog is open', async () => {
    const h = renderTeamWidget(fake, UserAdmin, { who: 'agent', permissions: [PERMISSIONS.agentRead, PERMISSIONS.agentDelete] });
    await waitForRows(3);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Meera Shah' }));
    const confirm = await screen.findByRole('alertdialog');
    act(() => h.setPermissions([PERMISSIONS.agentRead]));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitForToast(h, MESSAGES.permission.cannotDeleteUsers);
    expect(fake.seen('DELETE', '/users')).toHaveLength(0);
  });

  it('resends an invitation with "Sending...", then shows its new date', async () => {
    const h = renderTeamWidget(fake, UserAdmin);
    await waitForRows(3);
    fake.delayMs = 50;
    fireEvent.click(screen.getByRole('button', { name: 'Resend Invite to Ravi Kumar' }));
    await screen.findByText('Sending...');
    await waitForToast(h, MESSAGES.users.inviteResent);
    expect(fake.seen('POST', '/users/resend-invite/8')).toHaveLength(1);
    await waitFor(() => expect(within(rowOf('Ravi Kumar')).getByText('Invited 24/11/2026')).toBeTruthy());
  });

  it('says "Failed to resend invite" when the server refuses', async () => {
    fake.answer('POST', '/users/resend-invite/8', 422, { message: 'no' });
    const h = renderTeamWidget(fake, UserAdmin);
    await waitForRows(3);
    fireEvent.click(screen.getByRole('button', { name: 'Resend Invite to Ravi Kumar' }));
    await waitForToast(h, MESSAGES.users.inviteFailed);
  });
});

describe('User Management: disable and enable', () => {
  it('disables after a confirmation (the person is signed out at once), and enables without one', async () => {
    const h = renderTeamWidget(fake, UserAdmin);
    await waitForRows(3);
    fireEvent.click(screen.getByRole('button', { name: 'Disable Ravi Kumar' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(/"Ravi Kumar" will be signed out at once/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Disable' }));
    await waitForToast(h, 'User disabled successfully');
    expect(fake.seen('PUT', '/users/8/status')[0]!.json).toEqual({ status: 'disabled' });
    await waitFor(() => expect(within(rowOf('Ravi Kumar')).getByText('Disabled')).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Enable Meera Shah' }));
    await waitForToast(h, 'User enabled successfully');
    expect(fake.seen('PUT', '/users/9/status')[0]!.json).toEqual({ status: 'active' });
    await waitFor(() => expect(within(rowOf('Meera Shah')).getByText('Active')).toBeTruthy());
  });

  it('shows the server’s refusal', async () => {
    fake.answer('PUT', '/users/9/status', 422, { message: "The company's last active admin cannot be deleted or disabled." });
    const h = renderTeamWidget(fake, UserAdmin);
    await waitForRows(3);
    fireEvent.click(screen.getByRole('button', { name: 'Enable Meera Shah' }));
    await waitForToast(h, "The company's last active admin cannot be deleted or disabled.");
    expect(within(rowOf('Meera Shah')).getByText('Disabled')).toBeTruthy();
  });
});

describe('User Management: permissions (docs/product/roles.md)', () => {
  it('tells an agent without agent-read why, and asks the server nothing', async () => {
    // Refused where every mount renders it: the gate reading the screen's declaration.
    const Gated = () => (
      <ScreenGate widget={userAdminWidget}>
        <UserAdmin />
      </ScreenGate>
    );
    renderTeamWidget(fake, Gated, { who: 'agent', permissions: [PERMISSIONS.leadRead] });
    await screen.findByText(format(MESSAGES.permission.denied, { permission: PERMISSIONS.agentRead }));
    expect(screen.queryByRole('table')).toBeNull();
    expect(fake.seen('GET', '/users')).toHaveLength(0);
  });

  it('hides Add User, Resend Invite, edit and delete from an agent who may only read', async () => {
    renderTeamWidget(fake, UserAdmin, { who: 'agent', permissions: [PERMISSIONS.agentRead] });
    await waitForRows(3);
    expect(screen.queryByRole('button', { name: 'Add User' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Resend Invite/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Disable|Enable) / })).toBeNull();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['ID', 'Name', 'Role', 'Status']);
  });

  it('shows each control with its own permission, and follows the session as permissions change', async () => {
    const h = renderTeamWidget(fake, UserAdmin, { who: 'agent', permissions: [PERMISSIONS.agentRead, PERMISSIONS.agentEdit] });
    await waitForRows(3);
    expect(screen.getByRole('button', { name: 'Edit Meera Shah' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete Meera Shah' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add User' })).toBeNull();

    act(() => h.setPermissions([PERMISSIONS.agentRead, PERMISSIONS.agentCreate, PERMISSIONS.agentDelete]));
    expect(screen.getByRole('button', { name: 'Add User' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Meera Shah' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend Invite to Ravi Kumar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Meera Shah' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enable Meera Shah' })).toBeNull();
    // Nobody deletes themselves: the agent signed in as Ravi has no delete on that row.
    expect(screen.queryByRole('button', { name: 'Delete Ravi Kumar' })).toBeNull();
  });
});
