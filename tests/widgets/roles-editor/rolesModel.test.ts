import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, RoleSaveRequest } from '../../../src/contract';
import { validateWith } from '../../../src/ui/schemaValidator';
import { holders, peopleCount, permissionGrid, readLocked, rolePayload, summarise, togglePermission, withImpliedReads } from '../../../src/widgets/roles-editor/rolesModel';

const all = [...ALL_PERMISSIONS];
const set = (...names: string[]) => new Set(names);
const sorted = (chosen: Set<string>) => [...chosen].sort();

describe('the automatic -read rule (docs/product/rules.md)', () => {
  // [held before, permission, ticked?, held after]
  const cases: Array<[string[], string, boolean, string[]]> = [
    [[], 'lead-create', true, ['lead-create', 'lead-read']],
    [[], 'lead-edit', true, ['lead-edit', 'lead-read']],
    [[], 'lead-delete', true, ['lead-delete', 'lead-read']],
    [[], 'lead-read', true, ['lead-read']],
    [['lead-read'], 'lead-create', true, ['lead-create', 'lead-read']],
    // Another resource's read is not touched.
    [['property-read'], 'lead-create', true, ['lead-create', 'lead-read', 'property-read']],
    // Unticking the last other permission drops the read.
    [['lead-create', 'lead-read'], 'lead-create', false, []],
    // Not the last one: the read stays.
    [['lead-create', 'lead-edit', 'lead-read'], 'lead-create', false, ['lead-edit', 'lead-read']],
    // A read held by another permission cannot be unticked on its own.
    [['lead-create', 'lead-read'], 'lead-read', false, ['lead-create', 'lead-read']],
    // A read alone can.
    [['lead-read'], 'lead-read', false, []],
    // Other resources stay as they are when one resource's last permission goes.
    [['lead-create', 'lead-read', 'property-edit', 'property-read'], 'lead-create', false, ['property-edit', 'property-read']],
    [['agent-delete', 'agent-read'], 'agent-delete', false, []],
    [[], 'role-delete', true, ['role-delete', 'role-read']],
  ];
  it.each(cases)('%j, %s ticked=%s → %j', (before, name, on, after) => {
    expect(sorted(togglePermission(set(...before), name, on, all))).toEqual([...after].sort());
  });

  it('ticks a read only when the server knows it', () => {
    expect(sorted(togglePermission(set(), 'report-export', true, [...all, 'report-export']))).toEqual(['report-export']);
  });

  it('locks a read while another permission of its resource is held', () => {
    expect(readLocked(set('lead-create', 'lead-read'), 'lead')).toBe(true);
    expect(readLocked(set('lead-read'), 'lead')).toBe(false);
    expect(readLocked(set('property-create', 'property-read'), 'lead')).toBe(false);
  });

  it('applies the rule to a role stored without it', () => {
    expect(sorted(withImpliedReads(['lead-create', 'property-delete'], all))).toEqual(['lead-create', 'lead-read', 'property-delete', 'property-read']);
  });
});

describe('the permission grid', () => {
  it('has a row per resource in the server’s order and the columns create, read, edit, delete', () => {
    const grid = permissionGrid(all);
    expect(grid.actions).toEqual(['create', 'read', 'edit', 'delete']);
    expect(grid.rows.map((r) => [r.resource, r.label])).toEqual([
      ['property', 'Properties'],
      ['lead', 'Leads'],
      ['role', 'Roles'],
      ['agent', 'Users'],
      ['event', 'Calendar'],
    ]);
    expect(grid.rows[1]!.cells).toEqual({ create: 'lead-create', read: 'lead-read', edit: 'lead-edit', delete: 'lead-delete' });
  });

  it('leaves a cell empty where the server has no such permission, and adds columns for other actions', () => {
    const grid = permissionGrid(['report-read', 'report-export', 'lead-read', 'nonsense']);
    expect(grid.actions).toEqual(['create', 'read', 'edit', 'delete', 'export']);
    expect(grid.rows.map((r) => r.label)).toEqual(['Report', 'Leads']);
    expect(grid.rows[0]!.cells).toEqual({ create: null, read: 'report-read', edit: null, delete: null, export: 'report-export' });
  });
});

describe('the save payload (docs/product/data.md)', () => {
  it('is the optional id, name, slug and each chosen permission set to 1', () => {
    expect(rolePayload({ name: ' Sales Agent ', chosen: set('lead-read', 'lead-create') })).toEqual({
      name: 'Sales Agent',
      slug: 'sales-agent',
      'lead-create': 1,
      'lead-read': 1,
    });
    expect(rolePayload({ id: 4, name: 'Viewer', chosen: set() })).toEqual({ id: 4, name: 'Viewer', slug: 'viewer' });
  });

  it('passes the contract’s schema, which refuses a role without a name with the product’s message', () => {
    expect(validateWith(RoleSaveRequest, rolePayload({ name: 'Lead Desk', chosen: set('lead-read') })).ok).toBe(true);
    expect(validateWith(RoleSaveRequest, rolePayload({ name: '  ', chosen: set() }))).toEqual({ ok: false, errors: { name: 'Role name is required' } });
  });
});

describe('how a role reads in the table', () => {
  it('groups its permissions by resource, actions in the grid’s order', () => {
    expect(summarise(['lead-read', 'lead-create', 'property-read'])).toEqual([
      { resource: 'lead', label: 'Leads', actions: ['create', 'read'] },
      { resource: 'property', label: 'Properties', actions: ['read'] },
    ]);
    expect(summarise([])).toEqual([]);
  });
});

describe('who holds a role', () => {
  it('reads users_count when the server sends it', () => {
    expect(holders({ name: 'A', permissions: [], users_count: 3 } as never)).toBe(3);
    expect(holders({ name: 'A', permissions: [] })).toBeNull();
    expect([peopleCount(1), peopleCount(0), peopleCount(2)]).toEqual(['1 person', '0 people', '2 people']);
  });
});
