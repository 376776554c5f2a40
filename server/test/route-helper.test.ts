/**
 * The route helper (src/lib/route.ts) as the next resources will lean on it: who may call comes
 * first, then the path parameters (404), the query and the body (422); fields a GET answers are
 * taken and ignored when listed, anything else unknown is refused; the handler gets the caller's
 * user and company.
 */
import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { parseId } from '../src/lib/ids';
import { route } from '../src/lib/route';
import { ROUTE_ACCESS } from '../src/route-access';
import { SERVER_OWNED_FIELDS } from '../src/lib/validate';
import { ACCOUNTS, appOptions, createTestClock, demoHashes } from './helpers/testApp';
import { createTestDatabase, type TestDatabase } from './helpers/testDb';

let database: TestDatabase;
let app: ReturnType<typeof buildApp>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  // The probe's rule is its row in the table, like every /api route's.
  const routeAccess = { ...ROUTE_ACCESS, 'PUT /api/v1/probe/:id': { kind: 'permission', permission: 'lead-edit' } } as const;
  app = buildApp(appOptions(database, createTestClock(), { demo: { hashes: await demoHashes() }, routeAccess }));
  app.register(
    async (scope) => {
      route(scope, {
        method: 'PUT',
        url: '/probe/:id',
        params: { id: parseId },
        query: z.object({ mode: z.optional(z.enum(['a', 'b'])) }),
        body: z.object({ city: z.string().check(z.maxLength(5, 'City is too long')) }),
        ignore: [...SERVER_OWNED_FIELDS, 'name'],
        handler: ({ params, query, body, company, user }) => ({ status: 'Success', data: { id: params.id, mode: query.mode ?? null, body, company, user: user.email } }),
      });
    },
    { prefix: '/api/v1' },
  );
  await app.ready();
  for (const who of ['skylineAdmin', 'skylineAgent', 'superAdmin'] as const) {
    const res = await app.inject({ method: 'POST', url: '/api/v1/auth', payload: { username: ACCOUNTS[who].email, password: ACCOUNTS[who].password } });
    tokens[who] = res.json().data.token;
  }
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const put = (who: string | null, url: string, payload: unknown) =>
  app.inject({ method: 'PUT', url: `/api/v1${url}`, payload: payload as object, headers: who ? { authorization: `Bearer ${tokens[who]}` } : {} });

describe('route()', () => {
  it('hands the handler typed params, query and body with the caller and company', async () => {
    const res = await put('skylineAdmin', '/probe/7?mode=b', { city: 'Pune', id: 99, company_id: 2, created_at: 'x', name: 'ignored' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: 7, mode: 'b', body: { city: 'Pune' }, user: 'admin@skyline.test' });
    expect(typeof res.json().data.company).toBe('number');
  });

  it('checks who may call before anything else, then the id, then the query and the body', async () => {
    expect((await put(null, '/probe/x', { nope: 1 })).statusCode).toBe(401);
    expect((await put('skylineAgent', '/probe/0', { nope: 1 })).statusCode).toBe(404);
    const badQuery = await put('skylineAdmin', '/probe/7?mode=z', { nope: 1 });
    expect(badQuery.statusCode).toBe(422);
    expect(Object.keys(badQuery.json().errors)).toEqual(['mode']);
    const badBody = await put('skylineAdmin', '/probe/7', { city: 'Bengaluru', nope: 1 });
    expect(badBody.statusCode).toBe(422);
    expect(badBody.json().errors).toHaveProperty('nope');
  });

  it('refuses a caller without a company where the permission needs one', async () => {
    const res = await put('superAdmin', '/probe/7', { city: 'Pune' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Company ID not found.');
  });
});
