import { describe, expect, it } from 'vitest';
import { MESSAGES, PERMISSIONS } from '../../src/contract';
import { can, canSession, isAgent, isCompanyAdmin, isSuperAdmin } from '../../src/core';

const agent = { id: 1, user_type: 'agent', permissions: [PERMISSIONS.leadCreate, PERMISSIONS.propertyRead] };
const denied = (permission: string) => ({ allowed: false, message: `You don't have permission for this action: ${permission}` });

describe('can (docs/product/roles.md)', () => {
  it('says "User data not found." without a user', () => {
    for (const user of [null, undefined, '', 'null']) {
      expect(can(user, PERMISSIONS.leadCreate)).toEqual({ allowed: false, message: MESSAGES.permission.userDataNotFound });
    }
    expect(MESSAGES.permission.userDataNotFound).toBe('User data not found.');
  });

  it('says "Invalid user data format." for malformed users', () => {
    for (const user of ['{not json', '"text"', '[1,2]', 42, true, [agent]]) {
      expect(can(user, PERMISSIONS.leadCreate)).toEqual({ allowed: false, message: 'Invalid user data format.' });
    }
  });

  it('says "User type is missing." without a user type', () => {
    for (const user of [{ id: 1 }, { user_type: '' }, { user_type: null }, '{"permissions":[]}']) {
      expect(can(user, PERMISSIONS.leadCreate)).toEqual({ allowed: false, message: 'User type is missing.' });
    }
  });

  it('limits agents to their permission list, naming the missing permission', () => {
    expect(can(agent, PERMISSIONS.leadCreate)).toEqual({ allowed: true });
    expect(can(agent, PERMISSIONS.leadDelete)).toEqual(denied('lead-delete'));
    expect(can({ user_type: 'agent' }, PERMISSIONS.agentDelete)).toEqual(denied('agent-delete'));
  });

  it('accepts the user as the JSON text it is stored as', () => {
    expect(can(JSON.stringify(agent), PERMISSIONS.propertyRead)).toEqual({ allowed: true });
    expect(can(JSON.stringify(agent), PERMISSIONS.propertyEdit)).toEqual(denied('property-edit'));
  });

  it('tolerates permissions as objects with a name, or as text', () => {
    expect(can({ user_type: 'agent', permissions: [{ name: 'role-delete' }] }, 'role-delete')).toEqual({ allowed: true });
    expect(can({ user_type: 'agent', permissions: 'lead-edit, lead-delete' }, 'lead-delete')).toEqual({ allowed: true });
    expect(can({ user_type: 'agent', permissions: '["lead-edit"]' }, 'lead-edit')).toEqual({ allowed: true });
  });

  it('gives every other user type full access', () => {
    for (const user_type of ['super_admin', 'admin', 'manager']) {
      expect(can({ user_type, permissions: [] }, PERMISSIONS.agentDelete)).toEqual({ allowed: true });
    }
  });
});

describe('canSession', () => {
  it('reports an unreadable stored user as invalid, not missing', () => {
    expect(canSession({ user: null, userInvalid: true }, 'lead-edit')).toEqual({ allowed: false, message: 'Invalid user data format.' });
    expect(canSession({ user: null, userInvalid: false }, 'lead-edit')).toEqual({ allowed: false, message: 'User data not found.' });
    expect(canSession({ user: agent }, 'lead-create')).toEqual({ allowed: true });
  });
});

describe('user type helpers', () => {
  it('recognise the super admin, company admin and agent', () => {
    expect(isSuperAdmin({ user_type: 'super_admin' })).toBe(true);
    expect(isSuperAdmin({ user_type: 'admin' })).toBe(false);
    expect(isCompanyAdmin({ user_type: 'admin' })).toBe(true);
    expect(isCompanyAdmin('{"user_type":"admin"}')).toBe(true);
    expect(isAgent(agent)).toBe(true);
    for (const user of [null, '{bad', {}, []]) {
      expect([isSuperAdmin(user), isCompanyAdmin(user), isAgent(user)]).toEqual([false, false, false]);
    }
  });
});
