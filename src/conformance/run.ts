/**
 * The conformance walk: signs in, makes the calls of the operation catalogue that need no set-up
 * beyond the account's own data, and checks each answer's status and body against the contract.
 * Creates one lead of its own (named so it is recognisable) and deletes it again; changes nothing
 * else. Pure of Node: it takes `fetch`, and returns the results for cli.ts to print.
 */
import * as z from 'zod/mini';
import { ErrorAnswer } from '../contract/common';
import { API_PREFIX } from '../contract/constants';
import { findOperation } from '../contract/operations';

export interface ConformanceOptions {
  api: string;
  user: string;
  password: string;
  /** A user of another company: another company's lead must answer 404 to them. */
  secondUser?: string;
  secondPassword?: string;
  fetch?: typeof fetch;
}

export interface Check {
  call: string;
  ok: boolean;
  detail: string;
  ms: number;
  /** Not made (the account may not); neither a pass nor a failure. */
  skipped?: boolean;
}

interface Answer {
  status: number;
  body: unknown;
}

/** The first difference between an answer and a schema, as `data.users[0].email: …`, or null. */
export function firstDifference(schema: z.core.$ZodType, value: unknown): string | null {
  const result = z.safeParse(schema, value);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  const where = issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('').replace(/^\./, '') || '(the answer)';
  return `${where}: ${issue.message}`;
}

export async function runConformance(options: ConformanceOptions): Promise<Check[]> {
  const doFetch = options.fetch ?? fetch;
  const base = options.api.replace(/\/+$/, '');
  const checks: Check[] = [];
  let token: string | null = null;

  async function call(method: string, path: string, body?: unknown, as: string | null = token): Promise<Answer> {
    const response = await doFetch(`${base}${API_PREFIX}${path}`, {
      method,
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(as ? { authorization: `Bearer ${as}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: checked below */
    }
    return { status: response.status, body: parsed };
  }

  /** One check: the call answers `expected`, and its body matches the contract for that status. */
  async function check(method: string, pattern: string, path: string, expected: number, body?: unknown, as?: string | null, title?: string): Promise<Answer | null> {
    const name = title ?? `${method} ${pattern}`;
    const started = Date.now();
    try {
      const answer = await call(method, path, body, as === undefined ? token : as);
      const operation = findOperation(method, `${API_PREFIX}${pattern}`);
      let problem: string | null = null;
      if (answer.status !== expected) problem = `answered ${answer.status}, expected ${expected}: ${JSON.stringify(answer.body).slice(0, 160)}`;
      else if (expected < 300) {
        if (!operation?.answer) problem = 'not in the operation catalogue';
        else problem = firstDifference(operation.answer, answer.body) ?? ((answer.body as { status?: unknown })?.status === 'Success' ? null : 'status: expected "Success"');
      } else {
        problem = firstDifference(ErrorAnswer, answer.body) ?? (typeof (answer.body as { message?: unknown })?.message === 'undefined' ? 'no message' : null);
      }
      checks.push({ call: name, ok: !problem, detail: problem ?? `${answer.status}`, ms: Date.now() - started });
      return problem ? null : answer;
    } catch (error) {
      checks.push({ call: name, ok: false, detail: `request failed: ${(error as Error).message}`, ms: Date.now() - started });
      return null;
    }
  }

  await check('GET', '/health', '/health', 200, undefined, null);
  await check('GET', '/users/profile', '/users/profile', 401, undefined, null, 'GET /users/profile without a token (401)');
  await check('POST', '/auth', '/auth', 422, { username: '', password: '' }, null, 'POST /auth with empty fields (422)');
  const signIn = await check('POST', '/auth', '/auth', 200, { username: options.user, password: options.password }, null);
  token = (signIn?.body as { data?: { token?: string } } | undefined)?.data?.token ?? null;
  if (!token) {
    checks.push({ call: 'the walk', ok: false, detail: 'stopped: sign-in gave no data.token (wrong account, the server unreachable, or an account with two-factor)', ms: 0 });
    return checks;
  }
  const profile = await check('GET', '/users/profile', '/users/profile', 200);
  const permissions = new Set(((profile?.body as { data?: { permissions?: string[] } })?.data?.permissions ?? []) as string[]);
  const can = (permission: string) => permissions.has(permission);

  await check('GET', '/users/sessions', '/users/sessions', 200);
  await check('GET', '/users/preferences', '/users/preferences', 200);
  await check('GET', '/users/two-factor', '/users/two-factor', 200);
  await check('GET', '/dashboard/summary', '/dashboard/summary', 200);
  if (can('role-read')) {
    await check('GET', '/acl/role', '/acl/role', 200);
    await check('GET', '/acl/role/all/permissions', '/acl/role/all/permissions', 200);
  }
  if (can('agent-read')) await check('GET', '/users', '/users', 200);
  if (can('property-read')) {
    const list = await check('GET', '/properties', '/properties', 200);
    const first = (list?.body as { data?: Array<{ id: number | string }> })?.data?.[0];
    if (first) await check('GET', '/properties/:id', `/properties/${first.id}`, 200);
  }

  if (can('lead-read')) {
    const workflows = await check('GET', '/workflow/list', '/workflow/list', 200);
    const tabs = ((workflows?.body as { data?: Array<{ id: number | string; name: string }> })?.data ?? []);
    const all = tabs[0];
    const target = tabs[1] ?? tabs[0];
    if (all) await check('GET', '/leads/list/workflow/:id', `/leads/list/workflow/${all.id}?pageSize=10&pageNumber=1`, 200);
    await check('GET', '/leads/:id', '/leads/999999999', 404, undefined, undefined, 'GET /leads/:id of no lead (404)');

    if (can('lead-create') && !can('lead-delete')) {
      checks.push({ call: 'the lead\u2019s life (create … delete)', ok: true, skipped: true, detail: 'skipped: the account lacks lead-delete, and the walk creates nothing it cannot remove', ms: 0 });
    }
    if (can('lead-create') && can('lead-delete') && target) {
      const marker = `conformance-${Date.now().toString(36)}`;
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
        workflow_id: Number(target.id),
        activities: 1,
      };
      const created = await check('POST', '/leads/store', '/leads/store', 201, lead);
      const id = (created?.body as { data?: { id?: number | string } })?.data?.id;
      if (id !== undefined) {
        try {
          const read = await check('GET', '/leads/:id', `/leads/${id}`, 200);
          const version = (read?.body as { data?: { data?: { data?: { version?: number } } } })?.data?.data?.data?.version;
          if (can('lead-edit')) {
            await check('PUT', '/leads/:id', `/leads/${id}`, 200, { ...lead, city: 'Pune', ...(version === undefined ? {} : { version }) });
            if (version !== undefined) await check('PUT', '/leads/:id', `/leads/${id}`, 409, { ...lead, city: 'Thane', version }, undefined, 'PUT /leads/:id with a stale version (409)');
            await check('PUT', '/leads/source/:id', `/leads/source/${id}`, 200, { lead_source: 'Referral' });
            await check('PUT', '/leads/activity/:id', `/leads/activity/${id}`, 200, { activities: 2 });
            await check('PUT', '/leads/property/:id', `/leads/property/${id}`, 200, { property_type: 2 });
            await check('POST', '/leads/workflow/:id', `/leads/workflow/${id}`, 200, { workflowId: Number(target.id) });
          }
          if (options.secondUser && options.secondPassword) {
            const other = await call('POST', '/auth', { username: options.secondUser, password: options.secondPassword }, null);
            const otherToken = (other.body as { data?: { token?: string } })?.data?.token;
            if (!otherToken) checks.push({ call: 'second company sign-in', ok: false, detail: `answered ${other.status}`, ms: 0 });
            else {
              await check('GET', '/leads/:id', `/leads/${id}`, 404, undefined, otherToken, 'GET /leads/:id of another company (404)');
              await check('DELETE', '/leads/:id', `/leads/${id}`, 404, undefined, otherToken, 'DELETE /leads/:id of another company (404)');
              await call('POST', '/logout', undefined, otherToken);
            }
          }
        } finally {
          const removed = await check('DELETE', '/leads/:id', `/leads/${id}`, 200);
          if (!removed) checks.push({ call: 'clean-up', ok: false, detail: `lead ${id} (${marker}) may still be there: delete it by hand`, ms: 0 });
          else await check('GET', '/leads/:id', `/leads/${id}`, 404, undefined, undefined, 'GET /leads/:id after its delete (404)');
        }
      }
    }
  }

  await check('POST', '/logout', '/logout', 200);
  await check('GET', '/users/profile', '/users/profile', 401, undefined, undefined, 'GET /users/profile after sign-out (401)');
  return checks;
}
