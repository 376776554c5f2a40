/**
 * The walk's role and invited user: a role with a few permissions, read back; a user invited
 * into it with a unique e-mail, listed (and counted in `data.total`), invited again, disabled and
 * enabled again, its two-factor reset; both checked hidden from another company, then deleted
 * (the user first: a role someone holds cannot go). Only what the walk created is touched.
 */
import { checkPaging, pick, type Walk } from './walk';

const idOf = (record: unknown) => (pick(record, 'id') ?? pick(record, '_id')) as number | string | undefined;

export async function rolesAndUsers(walk: Walk, marker: string): Promise<void> {
  if (walk.can('role-read')) {
    await walk.check('GET', '/acl/role', '/acl/role', 200);
    await walk.check('GET', '/acl/role/all/permissions', '/acl/role/all/permissions', 200);
  }
  if (walk.can('agent-read')) {
    await walk.check('GET', '/users', '/users', 200);
    await checkPaging(walk, 'GET /users', 1, async (n) => {
      const page = await walk.check('GET', '/users', `/users?pageSize=1&pageNumber=${n}`, 200, undefined, undefined, `GET /users page ${n} of 1`);
      return page ? { items: (pick(page.body, 'data', 'users') as unknown[]) ?? [], total: pick(page.body, 'data', 'total') } : null;
    });
  }
  if (!walk.can('role-create') || !walk.can('role-read') || !walk.can('role-delete')) {
    walk.skip('the role\u2019s life (create … delete)', 'the account may not create, read and delete roles, and the walk creates nothing it cannot remove');
    return;
  }
  const name = `Conformance ${marker}`;
  const permissions = ['lead-read', 'property-read'];
  await walk.check('POST', '/acl/role', '/acl/role', 422, { name: '' }, undefined, 'POST /acl/role without a name (422)');
  const created = await walk.check('POST', '/acl/role', '/acl/role', 201, { name, slug: marker, ...Object.fromEntries(permissions.map((p) => [p, 1])) });
  const roleId = idOf(pick(created?.body, 'data'));
  if (roleId === undefined) return;
  try {
    const roles = await walk.check('GET', '/acl/role', '/acl/role', 200, undefined, undefined, 'GET /acl/role after the create');
    if (roles) {
      const role = (pick(roles.body, 'data') as unknown[]).find((r) => String(idOf(r)) === String(roleId));
      const has = (pick(role, 'permissions') as Array<string | { name: string }> | undefined)?.map((p) => (typeof p === 'string' ? p : p.name)) ?? [];
      walk.judge('GET /acl/role shows the new role with its permissions', !role ? `role ${roleId} is not in data` : permissions.every((p) => has.includes(p)) ? null : `data[…].permissions is ${JSON.stringify(has)}, expected ${permissions.join(', ')}`);
    }
    if (walk.can('role-edit')) await walk.check('POST', '/acl/role', '/acl/role', 200, { id: roleId, name, slug: marker, ...Object.fromEntries([...permissions, 'lead-create'].map((p) => [p, 1])) }, undefined, 'POST /acl/role with its id (update)');
    if (walk.otherToken) {
      const theirs = await walk.call('GET', '/acl/role', undefined, walk.otherToken);
      const seen = (pick(theirs.body, 'data') as unknown[] | undefined)?.some((r) => String(idOf(r)) === String(roleId) && pick(r, 'name') === name);
      walk.judge('GET /acl/role of another company leaves the role out', seen ? `role ${roleId} is in their data` : null);
      await walk.check('DELETE', '/acl/role/:id', `/acl/role/${roleId}`, 404, undefined, walk.otherToken, 'DELETE /acl/role/:id of another company (404)');
    }
    await invitedUser(walk, marker, name);
  } finally {
    const removed = await walk.check('DELETE', '/acl/role/:id', `/acl/role/${roleId}`, 200);
    if (!removed) walk.judge('clean-up', `role ${roleId} (${name}) may still be there: delete it by hand`);
  }
}

async function invitedUser(walk: Walk, marker: string, role: string): Promise<void> {
  if (!walk.can('agent-create') || !walk.can('agent-read') || !walk.can('agent-delete')) {
    walk.skip('the invited user\u2019s life (invite … delete)', 'the account may not invite, list and delete users, and the walk creates nothing it cannot remove');
    return;
  }
  const email = `${marker}@example.com`;
  await walk.check('POST', '/users', '/users', 422, { first_name: '', email: 'not-an-email' }, undefined, 'POST /users with bad fields (422)');
  const invited = await walk.check('POST', '/users', '/users', 201, { first_name: 'Conformance', email, password: `Cf-${marker}-Aa1!`, role });
  const userId = idOf(pick(invited?.body, 'data', 'user'));
  if (userId === undefined) return;
  try {
    const list = await walk.check('GET', '/users', '/users?pageSize=1000&pageNumber=1', 200, undefined, undefined, 'GET /users after the invite');
    if (list) {
      const user = (pick(list.body, 'data', 'users') as unknown[]).find((u) => String(idOf(u)) === String(userId));
      walk.judge('GET /users lists the invited user', !user ? `user ${userId} is not in data.users` : pick(user, 'email') === email ? null : `data.users[…].email is ${JSON.stringify(pick(user, 'email'))}`);
      const users = (pick(list.body, 'data', 'users') as unknown[]).length;
      if (users < 1000) walk.judge('GET /users: data.total counts every user', pick(list.body, 'data', 'total') === users ? null : `data.total is ${JSON.stringify(pick(list.body, 'data', 'total'))}, but data.users has all ${users}`);
    }
    await walk.check('POST', '/users/resend-invite/:id', `/users/resend-invite/${userId}`, 200);
    if (walk.otherToken) {
      await walk.check('POST', '/users/resend-invite/:id', `/users/resend-invite/${userId}`, 404, undefined, walk.otherToken, 'POST /users/resend-invite/:id of another company (404)');
      await walk.check('PUT', '/users/:id/status', `/users/${userId}/status`, 404, { status: 'disabled' }, walk.otherToken, 'PUT /users/:id/status of another company (404)');
      await walk.check('DELETE', '/users/:id', `/users/${userId}`, 404, undefined, walk.otherToken, 'DELETE /users/:id of another company (404)');
    }
    if (walk.can('agent-edit')) await statusChanges(walk, userId);
    else walk.skip('PUT /users/:id/status and DELETE /users/:id/two-factor', 'the account may not edit users');
  } finally {
    const removed = await walk.check('DELETE', '/users/:id', `/users/${userId}`, 200);
    if (!removed) walk.judge('clean-up', `user ${userId} (${email}) may still be there: delete it by hand`);
  }
}

/** The invited user disabled (listed so), enabled again (no longer disabled), and its two-factor reset by a manager. */
async function statusChanges(walk: Walk, userId: number | string): Promise<void> {
  const statusOf = async (when: string) => {
    const list = await walk.check('GET', '/users', '/users?pageSize=1000&pageNumber=1', 200, undefined, undefined, `GET /users after ${when}`);
    return list ? pick((pick(list.body, 'data', 'users') as unknown[]).find((u) => String(idOf(u)) === String(userId)), 'status') : undefined;
  };
  await walk.check('PUT', '/users/:id/status', `/users/${userId}/status`, 422, { status: 'gone' }, undefined, 'PUT /users/:id/status with an unknown status (422)');
  if (await walk.check('PUT', '/users/:id/status', `/users/${userId}/status`, 200, { status: 'disabled' }, undefined, 'PUT /users/:id/status disabled')) {
    const status = await statusOf('disabling');
    walk.judge('GET /users lists the user as disabled', status === 'disabled' ? null : `data.users[…].status is ${JSON.stringify(status)}`);
  }
  if (await walk.check('PUT', '/users/:id/status', `/users/${userId}/status`, 200, { status: 'active' }, undefined, 'PUT /users/:id/status active (enabled again)')) {
    const status = await statusOf('enabling');
    walk.judge('GET /users lists the user as no longer disabled', status !== undefined && status !== 'disabled' ? null : `data.users[…].status is ${JSON.stringify(status)}`);
  }
  await walk.check('DELETE', '/users/:id/two-factor', `/users/${userId}/two-factor`, 200, undefined, undefined, 'DELETE /users/:id/two-factor (a manager\u2019s reset)');
}
