/**
 * The conformance walk (src/conformance/run.ts) against our own server, listening, as the
 * Skyline admin with the Harbor admin as the other company: every line passes. Then through a
 * thin proxy with three deliberate deviations — the leads list's `data.data` renamed, its
 * `data.total` dropped, and a Skyline lead answered to Harbor — the walk fails with one line
 * for each, naming the call and the difference.
 */
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../src/conformance/run';
import { exitCodeOf, table } from '../../src/conformance/table';
import { dnsResolve, type Resolve } from '../src/modules/webhooks/addresses';
import { ACCOUNTS, useTestApp } from './helpers/testApp';

/**
 * The walk points its webhook at https://example.invalid, a name that never resolves, which our
 * server refuses (it checks where webhooks go). Here the name resolves to a public address, so the
 * webhook's life is walked too; the webhook is inactive, so nothing is ever sent to it.
 */
const resolveHost: Resolve = async (host) => (host === 'example.invalid' ? [{ address: '93.184.215.14', family: 4 }] : dnsResolve(host));

const ctx = useTestApp({ resolveHost });
let base = '';

beforeAll(async () => {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});

/**
 * The test app's clock stands still where the file started; the walk computes its authenticator
 * code from the real time, so the clock is set to now first (the code's step is 30 s, ±1 allowed).
 */
const clockToNow = () => ctx.clock.advance(Date.now() - ctx.clock.now().getTime());

/** The account changes (avatar, password and back, other sessions) only where asked: each costs password hashes. */
const walk = (doFetch?: typeof fetch, who: 'skylineAdmin' | 'superAdmin' = 'skylineAdmin', changeOwnAccount = false) => {
  clockToNow();
  return runConformance({
    api: base,
    user: ACCOUNTS[who].email,
    password: ACCOUNTS[who].password,
    secondUser: ACCOUNTS.harborAdmin.email,
    secondPassword: ACCOUNTS.harborAdmin.password,
    changeOwnAccount,
    ...(doFetch ? { fetch: doFetch } : {}),
  });
};

/** Our server behind a proxy that bends three answers; everything else passes through. */
function deviating(): typeof fetch {
  let firstToken: string | null = null;
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const path = url.pathname.replace('/api/v1', '');
    const headers = { ...(init.headers as Record<string, string>) };
    // (c) another company's lead leaks: GET /leads/:id is answered as the first account.
    if (init.method === 'GET' && /^\/leads\/\d+$/.test(path) && firstToken) headers.authorization = `Bearer ${firstToken}`;
    const response = await fetch(url, { ...init, headers });
    if (path === '/auth' && response.ok && !firstToken) {
      const body = (await response.clone().json()) as { data?: { token?: string } };
      firstToken = body.data?.token ?? null;
    }
    if (!path.startsWith('/leads/list/workflow/') || url.searchParams.has('search')) return response;
    const body = (await response.json()) as { data: Record<string, unknown> };
    const size = url.searchParams.get('pageSize');
    const number = url.searchParams.get('pageNumber');
    if (size === '10') {
      // (a) a wrong answer path: the page's leads under another name.
      body.data.rows = body.data.data;
      delete body.data.data;
    } else if (size === '2' && number === '2') {
      // (b) a missing total.
      delete body.data.total;
    }
    return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
  }) as typeof fetch;
}

describe('the conformance walk', () => {
  it('passes every line against our server, creating and removing only its own records', async () => {
    const before = await snapshot();
    const started = Date.now();
    const checks = await walk(undefined, 'skylineAdmin', true);
    const failed = checks.filter((c) => !c.ok);
    if (failed.length || process.env.CONFORMANCE_TABLE) console.log(table(checks), `\n${Date.now() - started} ms`);
    expect(failed).toEqual([]);
    expect(exitCodeOf(checks)).toBe(0);
    // It walked the calls it should, and the Harbor account was used for the 404s.
    const calls = new Set(checks.filter((c) => !c.skipped).map((c) => c.call));
    for (const call of [
      'POST /properties (multipart, two photos)',
      'PUT /properties/:id/images',
      'DELETE /properties/:id/images/:imageId',
      'POST /acl/role',
      'POST /users',
      'POST /users/resend-invite/:id',
      'PUT /users/:id/status disabled',
      'PUT /users/:id/status active (enabled again)',
      'GET /users: data.total counts every user',
      'GET /leads/export/workflow/:id',
      'GET /leads/import/sample',
      'POST /leads/import (2 leads, multipart CSV)',
      'GET /leads/import/progress/:id of the ended import',
      'POST /leads/bulk/workflow of the 2 imported',
      'GET /properties/:id/leads lists the imported Pune apartment leads',
      'POST /leads/bulk/delete of the 2 imported',
      'GET /company/:id, one\u2019s own company',
      'the company profile is as it was before the walk',
      'PUT /users/preferences put back: data as before',
      'the profile is as it was before the walk',
      'PUT /users/:id/avatar (another PNG)',
      'PUT /users/:id/update-password (changed back)',
      'DELETE /users/sessions/others ended the walk\u2019s second session',
      'POST /users/two-factor/enable (the app\u2019s code)',
      'POST /auth/two-factor (a recovery code)',
      'two-factor is off again',
      'POST /forgot-password of an address nobody has (the same answer)',
      'GET /leads/:id of another company (404)',
      'GET /properties/:id of another company (404)',
      'DELETE /acl/role/:id of another company (404)',
      'DELETE /users/:id of another company (404)',
      'POST /leads/:id/notes',
      'GET /leads/:id/timeline shows the note',
      'GET /leads/:id/timeline shows the walk\u2019s status change',
      'PUT /leads/:id/notes/:noteId',
      'DELETE /leads/:id/notes/:noteId',
      'GET /leads/:id/timeline: the deleted note is gone',
      'DELETE /leads/:id/notes/:noteId of another company (404)',
      'GET /activity/stream?lifetime=0 holds the walk\u2019s change',
      'GET /activity/stream as another company: nothing of the walk\u2019s lead',
      'GET /activity of the walk\u2019s lead: its events, and only its',
      'GET /activity/export of the walk\u2019s lead: a header and its events',
      'GET /activity as another company: none of the walk\u2019s lead\u2019s events',
      'POST /appointments (a site visit of the walk\u2019s lead)',
      'GET /appointments of the month lists the new one',
      'GET /appointments/clashes finds the walk\u2019s visit (its agent and property)',
      'GET /appointments/clashes with except_id leaves the visit out',
      'PUT /appointments/:id (what GET answered, the note changed)',
      'PUT /appointments/:id with the version read before (409)',
      'GET /appointments/:id/ics: a VEVENT',
      'GET /leads/:id/appointments?upcoming=1 lists the visit',
      'GET /properties/:id/appointments?upcoming=1 lists the visit',
      'GET /appointments/:id of another company (404)',
      'GET /appointments/:id after its delete (404)',
      'GET /calendar-feed/:token.ics: a VCALENDAR',
      'GET /calendar-feed/:token.ics after the revoke (404)',
      'POST /webhooks (https://example.invalid, inactive)',
      'PUT /webhooks/:id (what the list answered, another kind)',
      'POST /webhooks/:id/secret: a new data.secret',
      'DELETE /webhooks/:id of another company (404, or 403 to a non-admin)',
      'DELETE /webhooks/:id',
    ]) expect(calls, call).toContain(call);
    // Nothing else changed: the same rows, the account's and company's fields, the password, two-factor off.
    expect(await snapshot()).toEqual(before);
    expect((await ctx.login(ACCOUNTS.skylineAdmin.email, ACCOUNTS.skylineAdmin.password)).json().data.token).toEqual(expect.any(String));
  });

  it('walks a super admin: the account, every company, and a company of its own created and deleted', async () => {
    const before = await snapshot();
    const checks = await walk(undefined, 'superAdmin');
    const failed = checks.filter((c) => !c.ok);
    if (failed.length || process.env.CONFORMANCE_TABLE) console.log(table(checks));
    expect(failed).toEqual([]);
    const calls = new Set(checks.filter((c) => !c.skipped).map((c) => c.call));
    for (const call of ['GET /company', 'POST /company (multipart, three images)', 'PUT /company/:id', 'POST /company/:id/media (a new logo)', 'DELETE /company/:id', 'two-factor is off again']) expect(calls, call).toContain(call);
    expect(await snapshot()).toEqual(before);
  });

  it('fails a server with three deviations, one clear line for each', async () => {
    const checks = await walk(deviating());
    const failed = checks.filter((c) => !c.ok).map((c) => `${c.call}: ${c.detail}`);
    if (process.env.CONFORMANCE_TABLE) console.log(failed.join('\n'));
    expect(failed, table(checks)).toHaveLength(3);
    expect(failed[0]).toMatch(/^GET \/leads\/list\/workflow\/:id: data\.data: expected array, got missing/);
    expect(failed[1]).toMatch(/^GET \/leads\/list\/workflow\/:id page 2 of 2: data\.total: expected number, got missing/);
    expect(failed[2]).toMatch(/^GET \/leads\/:id of another company \(404\): answered 200, expected 404/);
    expect(exitCodeOf(checks)).toBe(1);
  });
});

/** What the walk may not leave changed: rows per table (the activity log only grows), and the Skyline admin's and company's own fields. */
async function snapshot() {
  const db = ctx.app.db;
  const counts: Record<string, number> = {};
  for (const table of ['companies', 'leads', 'properties', 'roles', 'users', 'lead_notes', 'appointments', 'appointment_properties', 'calendar_feeds', 'webhooks', 'webhook_deliveries'] as const) {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  const admin = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email', 'phone', 'address', 'city', 'state', 'postal_code', 'country', 'status', 'company_id'])
    .where('email', '=', ACCOUNTS.skylineAdmin.email)
    .executeTakeFirstOrThrow();
  const { updated_at: _changedAt, ...company } = await db.selectFrom('companies').selectAll().where('id', '=', admin.company_id!).executeTakeFirstOrThrow();
  return { counts, admin, company };
}
