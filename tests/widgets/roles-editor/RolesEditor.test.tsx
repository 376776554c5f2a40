import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { format, MESSAGES, PERMISSIONS } from '../../../src/contract';
import { RolesEditor } from '../../../src/widgets/roles-editor/RolesEditor';
import { rolesEditorWidget } from '../../../src/widgets/roles-editor/widget';
import { ScreenGate } from '../../../src/widgets/ScreenGate';
import { FakeTeamServer } from '../user-admin/fakeTeamServer';
import { cleanupTeamWidget, renderTeamWidget, waitForToast } from '../user-admin/renderTeamWidget';

const fake = new FakeTeamServer();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
afterEach(() => {
  cleanupTeamWidget();
  fake.reset();
});

const dataRows = () => screen.queryAllByRole('row').filter((r) => r.closest('[aria-label="Roles"]') && r.querySelectorAll('td').length > 1);
const waitForRoles = (n: number) => waitFor(() => expect(dataRows()).toHaveLength(n), { timeout: 10_000 });
const rowOf = (name: string) => dataRows().find((row) => within(row).queryByText(name))!;
const dialog = () => screen.getByRole('dialog');
const box = (label: RegExp | string) => within(dialog()).getByRole('checkbox', { name: label }) as HTMLInputElement;
const gridState = () =>
  within(dialog())
    .getAllByRole('checkbox')
    .filter((c) => (c as HTMLInputElement).checked)
    .map((c) => (c as HTMLInputElement).name)
    .sort();

describe('Roles & Permissions: the list', () => {
  it('shows "Loading roles...", then each role with its permissions grouped by resource', async () => {
    fake.delayMs = 50;
    renderTeamWidget(fake, RolesEditor);
    expect(screen.getByRole('heading', { name: 'Roles & Permissions' })).toBeTruthy();
    expect(screen.getByText('Loading roles...')).toBeTruthy();
    await waitForRoles(3);
    expect(within(screen.getByRole('table', { name: 'Roles' })).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Role', 'Permissions', 'Actions']);
    const sales = within(rowOf('Sales Agent'));
    expect(sales.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Leads create, read, edit', 'Properties read']);
    expect(within(rowOf('Viewer')).getByText('No permissions')).toBeTruthy();
    expect(sales.getByText('held by 2 people')).toBeTruthy();
    expect(within(rowOf('Viewer')).getByText('held by 0 people')).toBeTruthy();
  });

  it('says "No roles found" when there are none', async () => {
    fake.roles = [];
    renderTeamWidget(fake, RolesEditor);
    await screen.findByText('No roles found');
  });

  it('shows "Error fetching roles" and tries again', async () => {
    fake.answer('GET', '/acl/role', 500, {});
    const h = renderTeamWidget(fake, RolesEditor);
    await screen.findByText(MESSAGES.roles.fetchFailed);
    await waitForToast(h, MESSAGES.roles.fetchFailed);
    fake.overrides = [];
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitForRoles(3);
  });
});

describe('Roles & Permissions: Add Role and Edit Role', () => {
  it('shows the grid and applies the -read rule as boxes are ticked and unticked', async () => {
    renderTeamWidget(fake, RolesEditor);
    await waitForRoles(3);
    fireEvent.click(screen.getByRole('button', { name: 'Add Role' }));
    expect(within(dialog()).getByRole('heading', { name: 'Add Role' })).toBeTruthy();
    await within(dialog()).findByRole('checkbox', { name: /Leads: create/ });
    expect(within(dialog()).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Properties', 'Leads', 'Roles', 'Users', 'Calendar']);
    expect(within(dialog()).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Resource', 'create', 'read', 'edit', 'delete']);

    fireEvent.click(box(/Leads: create/));
    expect(gridState()).toEqual(['lead-create', 'lead-read']);
    // The read is held in place while create is ticked.
    expect(box(/Leads: read/).disabled).toBe(true);
    fireEvent.click(box(/Leads: edit/));
    fireEvent.click(box(/Leads: create/));
    expect(gridState()).toEqual(['lead-edit', 'lead-read']);
    fireEvent.click(box(/Leads: edit/));
    expect(gridState()).toEqual([]);
    expect(box(/Leads: read/).disabled).toBe(false);
    fireEvent.click(box(/Leads: read/));
    expect(gridState()).toEqual(['lead-read']);
  });

  it('requires a name ("Role name is required") and sends nothing without it', async () => {
    renderTeamWidget(fake, RolesEditor);
    await waitForRoles(3);
    fireEvent.click(screen.getByRole('button', { name: 'Add Role' }));
    await within(dialog()).findByRole('checkbox', { name: /Leads: create/ });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Role' }));
    await within(dialog()).findByText(MESSAGES.validation.roleNameRequired);
    expect(fake.seen('POST', '/acl/role')).toHaveLength(0);
  });

  it('adds a role with the contract’s payload, "Saving...", and "Role created successfully"', async () => {
    const h = renderTeamWidget(fake, RolesEditor);
    await waitForRoles(3);
    fireEvent.click(screen.getByRole('button', { name: 'Add Role' }));
    await within(dialog()).findByRole('checkbox', { name: /Leads: create/ });
    fireEvent.change(within(dialog()).getByLabelText('Name', { exact: false }), { target: { value: 'Lead Desk' } });
    fireEvent.click(box(/Leads: create/));
    fake.delayMs = 50;
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Role' }));
    await screen.findByText('Saving...');
    await waitForToast(h, MESSAGES.roles.created);
    expect(fake.seen('POST', '/acl/role')[0]!.json).toEqual({ name: 'Lead Desk', slug: 'lead-desk', 'lead-create': 1, 'lead-read': 1 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitForRoles(4);
    expect(within(rowOf('Lead Desk')).getByText('create, read')).toBeTruthy();
  });

  it('edits a role: its permissions ticked, the id sent, "Role updated successfully"', async () => {
    const h = renderTeamWidget(fake, RolesEditor);
    await waitForRoles(3);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Sales Agent' }));
    expect(within(dialog()).getByRole('heading', { name: 'Edit Role' })).toBeTruthy();
    await within(dialog()).findByRole('checkbox', { name: /Leads: create/ });
    expect(gridState()).toEqual(['lead-create', 'lead-edit', 'lead-read', 'property-read']);
    fireEvent.click(box(/Leads: create/));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
    await waitForToast(h, MESSAGES.roles.updated);
    expect(fake.seen('POST', '/acl/role')[0]!.json).toEqual({ id: 2, name: 'Sales Agent', slug: 'sales-agent', 'lead-edit': 1, 'lead-read': 1, 'property-read': 1 });
    await waitFor(() => expect(within(rowOf('Sales Agent')).getByText('read, edit')).toBeTruthy());
  });

  it('a role stored without its reads opens (and saves) with the rule applied', async () => {
    fake.roles[2]!.permissions = ['property-delete'];
    renderTeamWidget(fake, RolesEditor);
    await waitForRoles(3);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Viewer' }));
    await within(dialog()).findByRole('checkbox', { name: /Leads: create/ });
    await waitFor(() => expect(gridState()).toEqual(['property-delete', 'property-read']));
  });

  it('prefers the server’s message when saving fails, else "Error saving role"; the form keeps its values', async () => {
    fake.answer('POST', '/acl/role', 422, { message: 'A role with this name already exists.', errors: { name: ['A role with this name already exists.'] } });
    const h = renderTeamWidget(fake, RolesEditor);
    await waitForRoles(3);
    fireEvent.click(screen.getByRole('button', { name: 'Add Role' }));
    await within(dialog()).findByRole('checkbox', { name: /Leads: create/ });
    fireEvent.change(within(dialog()).getByLabelText('Name', { exact: false }), { target: { value: 'Viewer' } });
    fireEvent.click(box(/Users: read/));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Role' }));
    await waitForToast(h, 'A role with this name already exists.');
    await within(dialog()).findByText('A role with this name already exists.');
    expect(gridState()).toEqual(['agent-read']);

    fake.overrides = [];
    fake.answer('POST', '/acl/role', 500, {});
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Role' }));
    await waitForToast(h, MESSAGES.roles.saveFailed);
  });

  it('shows "Error fetching permissions" and tries again', async () => {
    fake.answer('GET', '/acl/role/all/permissions', 500, {});
    const h = renderTeamWidget(fake, RolesEditor);
    await waitForRoles(3);
    fireEvent.click(screen.getByRole('button', { name: 'Add Role' }));
    await waitForToast(h, MESSAGES.roles.permissionsFailed);
    expect((within(dialog()).getByRole('button', { name: 'Add Role' }) as HTMLButtonElement).disabled).toBe(true);
    fake.overrides = [];
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Try again' }));
    await within(dialog()).findByRole('checkbox', { name: /Leads: create/ });
  });
});

describe('Roles & Permissions: delete', () => {
  it('deletes a role nobody holds after the confirmation', async () => {
    const h = renderTeamWidget(fake, RolesEditor);
    await waitForRoles(3);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Viewer' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(/delete the role "Viewer"/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitForToast(h, MESSAGES.roles.deleted);
    await waitForRoles(2);
  });

  it('says "Error deleting role" and why, keeping the dialog open, when people still hold it', async () => {
    const h = renderTeamWidget(fake, RolesEditor);
    await waitForRoles(3);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Sales Agent' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(/2 people hold it now; give them another role first\./)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitForToast(h, MESSAGES.roles.deleteFailed);
    expect(within(confirm).getByRole('alert').textContent).toBe(format(MESSAGES.roles.inUse, { count: 2, people: 'people' }));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(dataRows()).toHaveLength(3);
  });
});

describe('Roles & Permissions: permissions (docs/product/roles.md)', () => {
  it('tells an agent without role-read why, and asks the server nothing', async () => {
    // Refused where every mount renders it: the gate reading the screen's declaration.
    const Gated = () => (
      <ScreenGate widget={rolesEditorWidget}>
        <RolesEditor />
      </ScreenGate>
    );
    renderTeamWidget(fake, Gated, { who: 'agent', permissions: [PERMISSIONS.agentRead] });
    await screen.findByText(format(MESSAGES.permission.denied, { permission: PERMISSIONS.roleRead }));
    expect(fake.seen('GET', '/acl/role')).toHaveLength(0);
  });

  it('hides Add Role, edit and delete from an agent who may only read, and follows the session', async () => {
    const h = renderTeamWidget(fake, RolesEditor, { who: 'agent', permissions: [PERMISSIONS.roleRead] });
    await waitForRoles(3);
    expect(screen.queryByRole('button', { name: 'Add Role' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();

    act(() => h.setPermissions([PERMISSIONS.roleRead, PERMISSIONS.roleDelete]));
    expect(screen.getByRole('button', { name: 'Delete Viewer' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Viewer' })).toBeNull();
    act(() => h.setPermissions([PERMISSIONS.roleRead, PERMISSIONS.roleCreate, PERMISSIONS.roleEdit]));
    expect(screen.getByRole('button', { name: 'Add Role' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Viewer' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete Viewer' })).toBeNull();
  });

  it('greys out, with a hint, the permissions an agent editing roles does not hold, and keeps them as the role has them', async () => {
    const mine = [PERMISSIONS.roleRead, PERMISSIONS.roleEdit, PERMISSIONS.leadCreate, PERMISSIONS.leadRead];
    const h = renderTeamWidget(fake, RolesEditor, { who: 'agent', permissions: mine });
    await waitForRoles(3);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Sales Agent' }));
    await within(dialog()).findByRole('checkbox', { name: /Leads: create/ });
    await waitFor(() => expect(box(/Properties: read/).checked).toBe(true));
    // Not held: disabled, ticked as stored, and described by the hint.
    for (const label of [/Properties: read/, /Leads: delete/, /Users: read/]) {
      const input = box(label);
      expect(input.disabled, String(label)).toBe(true);
      expect(input.title).toContain(MESSAGES.roles.notYoursHint);
      const hint = document.getElementById(input.getAttribute('aria-describedby')!.split(' ').at(-1)!);
      expect(hint?.textContent).toContain(MESSAGES.roles.notYoursHint);
    }
    // Held: free to change.
    expect(box(/Leads: create/).disabled).toBe(false);
    fireEvent.click(box(/Leads: create/));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
    await waitForToast(h, MESSAGES.roles.updated);
    expect(fake.seen('POST', '/acl/role')[0]!.json).toMatchObject({ id: 2, 'property-read': 1, 'lead-read': 1 });
    expect(fake.seen('POST', '/acl/role')[0]!.json).not.toHaveProperty('lead-create');
  });

  it('leaves every box free for an admin', async () => {
    renderTeamWidget(fake, RolesEditor);
    await waitForRoles(3);
    fireEvent.click(screen.getByRole('button', { name: 'Add Role' }));
    await within(dialog()).findByRole('checkbox', { name: /Leads: create/ });
    expect(within(dialog()).getAllByRole('checkbox').filter((c) => (c as HTMLInputElement).disabled)).toEqual([]);
    expect(within(dialog()).queryByText(new RegExp(MESSAGES.roles.notYoursHint))).toBeNull();
  });
});
