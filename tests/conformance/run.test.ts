/**
 * The conformance walk over a fake server: answers that match the contract pass, one that does
 * not fails naming the call and the first difference, and a refused sign-in stops the walk.
 */
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/conformance/run';
import { junit, table } from '../../src/conformance/table';

type Handler = (method: string, path: string, auth: string | null, body: unknown) => [number, unknown];

const fakeFetch = (handler: Handler): typeof fetch =>
  (async (url: string, init: RequestInit = {}) => {
    const path = new URL(url).pathname.replace('/api/v1', '');
    const auth = (init.headers as Record<string, string> | undefined)?.authorization ?? null;
    const [status, body] = handler(init.method ?? 'GET', path, auth, init.body ? JSON.parse(String(init.body)) : undefined);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;

/** A server for an account without permissions: the walk's shortest path. */
const server = (health: unknown): Handler => (method, path, auth, body) => {
  const err = (status: number, message: string): [number, unknown] => [status, { status: 'Error', message }];
  if (path === '/health') return [200, health];
  if (path === '/auth') {
    const { username, password } = body as { username: string; password: string };
    if (!username || !password) return [422, { status: 'Error', message: 'Invalid', errors: { username: ['Username is required'] } }];
    return password === 'right' ? [200, { status: 'Success', data: { token: 't1', company_id: 1, user: { id: 1, user_type: 'agent', permissions: [] } } }] : err(401, 'Wrong');
  }
  if (!auth) return err(401, 'Unauthenticated.');
  if (path === '/users/profile') return [200, { status: 'Success', data: { id: 1, user_type: 'agent', permissions: [] } }];
  if (path === '/users/sessions') return [200, { status: 'Success', data: [] }];
  if (path === '/users/preferences') return [200, { status: 'Success', data: { theme: 'light', density: 'comfortable', date_format: 'dd/mm/yyyy', lead_page_size: 10 } }];
  if (path === '/users/two-factor') return [200, { status: 'Success', data: { enabled: false, required: false, recovery_codes_left: 0 } }];
  if (path === '/logout' && method === 'POST') return [200, { status: 'Success' }];
  return err(404, 'Not found.');
};

describe('runConformance', () => {
  it('fails a call whose answer differs from the contract, naming the first difference', async () => {
    const checks = await runConformance({ api: 'http://api.test', user: 'a@b.test', password: 'right', fetch: fakeFetch(server({ status: 'Success', data: { database: 'x' } })) });
    const health = checks.find((c) => c.call === 'GET /health')!;
    expect(health.ok).toBe(false);
    expect(health.detail).toContain('data.uptime_s');
    expect(checks.find((c) => c.call === 'GET /users/profile without a token (401)')!.ok).toBe(true);
    expect(checks.find((c) => c.call === 'POST /auth with empty fields (422)')!.ok).toBe(true);
    expect(checks.find((c) => c.call === 'POST /auth')!.ok).toBe(true);
    expect(table(checks)).toMatch(/FAIL {2}GET \/health/);
    expect(junit(checks)).toContain('<failure message="data.uptime_s');
  });

  it('passes a health answer as the contract says it', async () => {
    const checks = await runConformance({ api: 'http://api.test', user: 'a@b.test', password: 'right', fetch: fakeFetch(server({ status: 'Success', data: { database: 'sqlite', uptime_s: 3 } })) });
    expect(checks.find((c) => c.call === 'GET /health')!.ok).toBe(true);
  });

  it('stops after a refused sign-in, failing it', async () => {
    const checks = await runConformance({ api: 'http://api.test', user: 'a@b.test', password: 'wrong', fetch: fakeFetch(server({ status: 'Success', data: { database: 'sqlite', uptime_s: 3 } })) });
    expect(checks.at(-1)).toMatchObject({ call: 'the walk', ok: false });
    expect(checks.find((c) => c.call === 'POST /auth')!.detail).toContain('answered 401');
  });
});
