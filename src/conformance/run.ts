/**
 * The conformance walk: signs in, makes every call the widgets make that the account's
 * permissions allow, and checks each answer's status and body against the contract. What it
 * creates — a lead, a property with photos, a role, an invited user, two imported leads — is
 * marked so it is recognisable and deleted again; nothing else is changed. Pure of Node: it
 * takes `fetch`, and returns the results for cli.ts to print.
 */
import { leadFiles } from './leadFiles';
import { rolesAndUsers } from './people';
import { propertyLife } from './properties';
import { type Check, createWalk, checkPaging, pick } from './walk';

export { firstDifference, type Check } from './walk';

export interface ConformanceOptions {
  api: string;
  user: string;
  password: string;
  /** A user of another company: every record the walk creates must answer 404 to them. */
  secondUser?: string;
  secondPassword?: string;
  fetch?: typeof fetch;
}

export async function runConformance(options: ConformanceOptions): Promise<Check[]> {
  const walk = createWalk(options.api, options.fetch ?? fetch);
  const { check, checks } = walk;

  await check('GET', '/health', '/health', 200, undefined, null);
  await check('GET', '/users/profile', '/users/profile', 401, undefined, null, 'GET /users/profile without a token (401)');
  await check('POST', '/auth', '/auth', 422, { username: '', password: '' }, null, 'POST /auth with empty fields (422)');
  const signIn = await check('POST', '/auth', '/auth', 200, { username: options.user, password: options.password }, null);
  walk.token = (pick(signIn?.body, 'data', 'token') as string | undefined) ?? null;
  if (!walk.token) {
    walk.judge('the walk', 'stopped: sign-in gave no data.token (wrong account, the server unreachable, or an account with two-factor)');
    return checks;
  }
  const profile = await check('GET', '/users/profile', '/users/profile', 200);
  const permissions = new Set((pick(profile?.body, 'data', 'permissions') as string[] | undefined) ?? []);
  walk.can = (permission) => permissions.has(permission);
  const userType = pick(profile?.body, 'data', 'user_type');
  const companyId = pick(profile?.body, 'data', 'company_id') ?? pick(signIn?.body, 'data', 'company_id');

  let otherCompany: unknown;
  if (options.secondUser && options.secondPassword) {
    const other = await walk.call('POST', '/auth', { username: options.secondUser, password: options.secondPassword }, null);
    walk.otherToken = (pick(other.body, 'data', 'token') as string | undefined) ?? null;
    otherCompany = pick(other.body, 'data', 'company_id');
    if (!walk.otherToken) walk.judge('second company sign-in', `answered ${other.status} without data.token`);
    else if (String(otherCompany) === String(companyId)) walk.judge('second company sign-in', `both accounts are of company ${String(companyId)}: give an account of another company`);
  }
  // Unique per run: names, e-mails and the import's leads carry it, so the walk finds its own.
  const marker = `conformance-${Date.now().toString(36)}`;

  await check('GET', '/users/sessions', '/users/sessions', 200);
  await check('GET', '/users/preferences', '/users/preferences', 200);
  await check('GET', '/users/two-factor', '/users/two-factor', 200);
  await check('GET', '/dashboard/summary', '/dashboard/summary', 200);

  if (userType === 'super_admin') {
    const companies = await check('GET', '/company', '/company', 200);
    const first = (pick(companies?.body, 'data') as Array<{ id: number | string }> | undefined)?.[0];
    if (first) await check('GET', '/company/:id', `/company/${first.id}`, 200);
  } else {
    await check('GET', '/company', '/company', 403, undefined, undefined, 'GET /company, every company, as a company user (403)');
    if (companyId !== undefined && companyId !== null) await check('GET', '/company/:id', `/company/${String(companyId)}`, 200, undefined, undefined, 'GET /company/:id, one\u2019s own company');
    if (walk.otherToken && otherCompany !== undefined && otherCompany !== null) await check('GET', '/company/:id', `/company/${String(otherCompany)}`, 404, undefined, undefined, 'GET /company/:id of another company (404)');
  }

  await rolesAndUsers(walk, marker);
  if (walk.can('property-read')) await propertyLife(walk, marker);
  else walk.skip('GET /properties and the property\u2019s life', 'the account may not read properties');

  if (walk.can('lead-read')) {
    const workflows = await check('GET', '/workflow/list', '/workflow/list', 200);
    const tabs = (pick(workflows?.body, 'data') as Array<{ id: number | string; name: string }> | undefined) ?? [];
    const all = tabs[0];
    const target = tabs[1] ?? tabs[0];
    if (all) {
      await check('GET', '/leads/list/workflow/:id', `/leads/list/workflow/${all.id}?pageSize=10&pageNumber=1`, 200);
      await checkPaging(walk, 'GET /leads/list/workflow/:id', 2, async (n) => {
        const page = await check('GET', '/leads/list/workflow/:id', `/leads/list/workflow/${all.id}?pageSize=2&pageNumber=${n}`, 200, undefined, undefined, `GET /leads/list/workflow/:id page ${n} of 2`);
        return page ? { items: (pick(page.body, 'data', 'data') as unknown[]) ?? [], total: pick(page.body, 'data', 'total') } : null;
      });
      await leadFiles(walk, marker, all.id);
    }
    await check('GET', '/leads/:id', '/leads/999999999', 404, undefined, undefined, 'GET /leads/:id of no lead (404)');

    if (can('lead-create') && !can('lead-delete')) walk.skip('the lead\u2019s life (create … delete)', 'the account may not delete leads, and the walk creates nothing it cannot remove');
    if (can('lead-create') && can('lead-delete') && target) await leadLife(target.id);
  } else walk.skip('the leads calls', 'the account may not read leads');

  await check('POST', '/logout', '/logout', 200);
  await check('GET', '/users/profile', '/users/profile', 401, undefined, undefined, 'GET /users/profile after sign-out (401)');
  if (walk.otherToken) await walk.call('POST', '/logout', undefined, walk.otherToken);
  return checks;

  function can(permission: string): boolean {
    return walk.can(permission);
  }

  async function leadLife(workflowId: number | string): Promise<void> {
    await check('POST', '/leads/store', '/leads/store', 422, {}, undefined, 'POST /leads/store with no fields (422)');
    const lead = {
      first_name: 'Conformance',
      last_name: 'Check',
      name: 'Conformance Check',
      email: `${marker}@example.com`,
      phone: '+91 90000 00000',
      city: 'Mumbai',
      lead_source: 'Website',
      property_type: 1,
      workflow_id: Number(workflowId),
      activities: 1,
    };
    const created = await check('POST', '/leads/store', '/leads/store', 201, lead);
    const id = pick(created?.body, 'data', 'id') as number | string | undefined;
    if (id === undefined) return;
    try {
      const read = await check('GET', '/leads/:id', `/leads/${id}`, 200);
      const version = pick(read?.body, 'data', 'data', 'data', 'version') as number | undefined;
      if (can('lead-edit')) {
        await check('PUT', '/leads/:id', `/leads/${id}`, 200, { ...lead, city: 'Pune', ...(version === undefined ? {} : { version }) });
        if (version !== undefined) await check('PUT', '/leads/:id', `/leads/${id}`, 409, { ...lead, city: 'Thane', version }, undefined, 'PUT /leads/:id with a stale version (409)');
        else walk.skip('PUT /leads/:id with a stale version (409)', 'the server sends no lead version, so it keeps no lost-update guard');
        await check('PUT', '/leads/source/:id', `/leads/source/${id}`, 200, { lead_source: 'Referral' });
        await check('PUT', '/leads/activity/:id', `/leads/activity/${id}`, 200, { activities: 2 });
        await check('PUT', '/leads/property/:id', `/leads/property/${id}`, 200, { property_type: 2 });
        await check('POST', '/leads/workflow/:id', `/leads/workflow/${id}`, 200, { workflowId: Number(workflowId) });
      }
      if (walk.otherToken) {
        await check('GET', '/leads/:id', `/leads/${id}`, 404, undefined, walk.otherToken, 'GET /leads/:id of another company (404)');
        await check('DELETE', '/leads/:id', `/leads/${id}`, 404, undefined, walk.otherToken, 'DELETE /leads/:id of another company (404)');
      }
    } finally {
      const removed = await check('DELETE', '/leads/:id', `/leads/${id}`, 200);
      if (!removed) walk.judge('clean-up', `lead ${id} (${marker}) may still be there: delete it by hand`);
      else await check('GET', '/leads/:id', `/leads/${id}`, 404, undefined, undefined, 'GET /leads/:id after its delete (404)');
    }
  }
}
