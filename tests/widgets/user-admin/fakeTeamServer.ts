/**
 * A tiny users-and-roles API on node:http for the User Management and Roles & Permissions tests:
 * the company's users (list with paging, invite, update, delete, resend invite) and roles (list,
 * every permission, create-or-update, delete refused while held), from an in-memory state, in the
 * answer shapes of the contract; records every request.
 */
import type { ServerResponse } from 'node:http';
import { ALL_PERMISSIONS, format, MESSAGES } from '../../../src/contract';
import { FakeApiServer, send, type Seen } from '../../support/fakeApiServer';

export interface FakeUser {
  id: number;
  name: string;
  first_name: string;
  email: string;
  user_type: string;
  role: string | number | null;
  role_id: number | null;
  status: string;
  invited_at: string | null;
  two_factor?: boolean;
}

export interface FakeRole {
  id: number;
  name: string;
  slug: string;
  permissions: string[];
}

export function seedRoles(): FakeRole[] {
  return [
    { id: 1, name: 'Admin', slug: 'admin', permissions: [...ALL_PERMISSIONS] },
    { id: 2, name: 'Sales Agent', slug: 'sales-agent', permissions: ['lead-create', 'lead-read', 'lead-edit', 'property-read'] },
    { id: 3, name: 'Viewer', slug: 'viewer', permissions: [] },
  ];
}

export function seedUsers(): FakeUser[] {
  return [
    { id: 7, name: 'Skyline Admin', first_name: 'Skyline', email: 'admin@skyline.test', user_type: 'admin', role: 'Admin', role_id: 1, status: 'active', invited_at: null },
    // The role given as an id, as docs/product/data.md allows: the table names it from the roles list.
    { id: 8, name: 'Ravi Kumar', first_name: 'Ravi', email: 'ravi@skyline.test', user_type: 'agent', role: 2, role_id: null, status: 'invited', invited_at: '2026-11-20T10:00:00Z' },
    // Signs in with an authenticator app: a manager may reset it.
    { id: 9, name: 'Meera Shah', first_name: 'Meera', email: 'meera@skyline.test', user_type: 'agent', role: 'Sales Agent', role_id: 2, status: 'disabled', invited_at: null, two_factor: true },
  ];
}

export class FakeTeamServer extends FakeApiServer {
  users: FakeUser[] = seedUsers();
  roles: FakeRole[] = seedRoles();
  permissions: string[] = [...ALL_PERMISSIONS];
  private nextId = 100;

  reset(): void {
    this.users = seedUsers();
    this.roles = seedRoles();
    this.permissions = [...ALL_PERMISSIONS];
    this.resetRequests();
  }

  protected override route(req: Seen, res: ServerResponse): void {
    const path = req.path.replace(/^\/api\/v1/, '');
    const body = (req.json ?? {}) as Record<string, unknown>;
    const userMatch = /^\/users\/(\d+)$/.exec(path);
    const resendMatch = /^\/users\/resend-invite\/(\d+)$/.exec(path);
    const statusMatch = /^\/users\/(\d+)\/status$/.exec(path);
    const twoFactorMatch = /^\/users\/(\d+)\/two-factor$/.exec(path);
    const roleMatch = /^\/acl\/role\/(\d+)$/.exec(path);

    if (req.method === 'GET' && path === '/users') {
      const size = Number(req.query.get('pageSize') ?? 100);
      const page = Number(req.query.get('pageNumber') ?? 1);
      return send(res, 200, { status: 'Success', data: { users: this.users.slice((page - 1) * size, page * size), total: this.users.length } });
    }
    if (req.method === 'POST' && path === '/users') {
      if (this.users.some((u) => u.email === body.email)) {
        return send(res, 422, { status: 'Error', message: MESSAGES.auth.emailTakenServer, errors: { email: [MESSAGES.auth.emailTakenServer] } });
      }
      const role = this.roles.find((r) => String(r.id) === String(body.role));
      const id = this.nextId++;
      this.users.push({
        id,
        name: String(body.first_name),
        first_name: String(body.first_name),
        email: String(body.email),
        user_type: 'agent',
        role: role?.name ?? null,
        role_id: role?.id ?? null,
        status: 'invited',
        invited_at: '2026-11-24T09:30:00Z',
      });
      return send(res, 201, { status: 'Success', message: MESSAGES.users.added });
    }
    if (userMatch) {
      const user = this.users.find((u) => u.id === Number(userMatch[1]));
      if (!user) return send(res, 404, { status: 'Error', message: 'Not found' });
      if (req.method === 'PUT') {
        const role = this.roles.find((r) => String(r.id) === String(body.role));
        Object.assign(user, { first_name: body.first_name, name: body.first_name, email: body.email, role: role?.name ?? null, role_id: role?.id ?? null });
        return send(res, 200, { status: 'Success', message: MESSAGES.users.updated });
      }
      if (req.method === 'DELETE') {
        this.users = this.users.filter((u) => u !== user);
        return send(res, 200, { status: 'Success', message: MESSAGES.users.deleted });
      }
    }
    if (req.method === 'PUT' && statusMatch) {
      const user = this.users.find((u) => u.id === Number(statusMatch[1]));
      if (!user) return send(res, 404, { status: 'Error', message: 'Not found' });
      user.status = body.status === 'disabled' ? 'disabled' : 'active';
      return send(res, 200, { status: 'Success', message: user.status === 'disabled' ? 'User disabled.' : 'User enabled.' });
    }
    if (req.method === 'DELETE' && twoFactorMatch) {
      const user = this.users.find((u) => u.id === Number(twoFactorMatch[1]));
      if (!user) return send(res, 404, { status: 'Error', message: 'Not found' });
      user.two_factor = false;
      return send(res, 200, { status: 'Success', message: MESSAGES.twoFactor.resetByManager });
    }
    if (req.method === 'POST' && resendMatch) {
      const user = this.users.find((u) => u.id === Number(resendMatch[1]));
      if (!user) return send(res, 404, { status: 'Error', message: 'Not found' });
      user.invited_at = '2026-11-24T11:00:00Z';
      return send(res, 200, { status: 'Success', message: MESSAGES.users.inviteResent });
    }

    if (req.method === 'GET' && path === '/acl/role') {
      const held = (role: FakeRole) => this.users.filter((u) => u.role_id === role.id || u.role === role.name || u.role === role.id).length;
      return send(res, 200, { status: 'Success', data: this.roles.map((role) => ({ ...role, users_count: held(role) })) });
    }
    if (req.method === 'GET' && path === '/acl/role/all/permissions') {
      return send(res, 200, { status: 'Success', data: this.permissions.map((name, i) => ({ id: i + 1, name })) });
    }
    if (req.method === 'POST' && path === '/acl/role') {
      const chosen = Object.keys(body).filter((k) => body[k] === 1);
      const existing = body.id === undefined ? undefined : this.roles.find((r) => r.id === Number(body.id));
      if (existing) {
        Object.assign(existing, { name: body.name, slug: body.slug, permissions: chosen });
        return send(res, 200, { status: 'Success', message: MESSAGES.roles.updated });
      }
      this.roles.push({ id: this.nextId++, name: String(body.name), slug: String(body.slug), permissions: chosen });
      return send(res, 201, { status: 'Success', message: MESSAGES.roles.created });
    }
    if (req.method === 'DELETE' && roleMatch) {
      const role = this.roles.find((r) => r.id === Number(roleMatch[1]));
      if (!role) return send(res, 404, { status: 'Error', message: 'Not found' });
      const holders = this.users.filter((u) => u.role_id === role.id || u.role === role.name || u.role === role.id).length;
      if (holders) return send(res, 422, { status: 'Error', message: format(MESSAGES.roles.inUse, { count: holders, people: holders === 1 ? 'person' : 'people' }) });
      this.roles = this.roles.filter((r) => r !== role);
      return send(res, 200, { status: 'Success' });
    }
    send(res, 404, { status: 'Error', message: 'Not found' });
  }
}
