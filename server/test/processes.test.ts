/**
 * Several server processes on one PostgreSQL behave as one: two apps on the same database, each
 * with its own shared state and LISTEN connection (as two processes would have), answer alike.
 * One process on SQLite keeps this state in memory, so these run on PostgreSQL only; the cluster
 * test (tests/cluster/) repeats the main ones with real processes behind haproxy.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { LEAD_IMPORT_HEADERS, MESSAGES } from '../../src/contract';
import { EXPORT_BATCH } from '../src/modules/leads/export';
import { setImportWorkerFile } from '../src/modules/leads/import/thread';
import type { MailTransport } from '../src/plugins/mail';
import { multipartBody } from './helpers/multipart';
import { companyIdOf, statusIds } from './helpers/leads';
import { ACCOUNTS, useTestApp } from './helpers/testApp';
import { testEngine } from './helpers/testDb';
import { bundleImportWorker } from './leads-import-files';

const ctx = useTestApp();
/** Leads the import test adds: twelve export batches. */
const IMPORTED = 12 * EXPORT_BATCH;
const LIMITED = { ip: { max: 1000, windowMs: 60_000 }, account: { max: 3, windowMs: 60_000 } };
let one: FastifyInstance;
let two: FastifyInstance;
let statuses: Record<string, number>;

const as = (app: FastifyInstance, token: string | null, options: InjectOptions) =>
  app.inject({ ...options, headers: { ...options.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
const signIn = (app: FastifyInstance, username: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth', payload: { username, password } });

describe.runIf(testEngine() === 'postgres')('two processes on one PostgreSQL', () => {
  beforeAll(async () => {
    const limits = { rateLimits: { signIn: LIMITED }, costLimits: { search: { max: 3, windowMs: 60_000 }, export: { max: 100, windowMs: 60_000 }, invitations: { max: 100, windowMs: 60_000 } } };
    [one, two] = await Promise.all([ctx.extraApp(limits), ctx.extraApp(limits)]);
    statuses = await statusIds(ctx.app.db, (await companyIdOf(ctx.app.db, 'skylineAdmin'))!);
    const worker = await bundleImportWorker();
    setImportWorkerFile(worker.file);
    return () => {
      setImportWorkerFile(undefined);
      worker.remove();
    };
  });

  it('counts wrong passwords sent to either process against one limit', async () => {
    const { email } = ACCOUNTS.skylineAgent;
    const answers: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) answers.push((await signIn(attempt % 2 ? two : one, email, 'Wrong@1234')).statusCode);
    // Three failures pass at once; the fourth waits, whichever process it reaches.
    expect(answers).toEqual([401, 401, 401, 429]);
    const again = await signIn(one, email, 'Wrong@1234');
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts searches on either process against one minute', async () => {
    const token = ctx.tokens.skylineAdmin!;
    const search = (app: FastifyInstance) => as(app, token, { method: 'GET', url: `/api/v1/leads/list/workflow/${statuses['All Contacts']}?search=zzz&pageSize=1000` });
    const codes = [(await search(one)).statusCode, (await search(two)).statusCode, (await search(one)).statusCode, (await search(two)).statusCode];
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('ends a session signed out through one process on the other, at once', async () => {
    // The agent's address is slowed by the first test (on every process): another person signs in.
    const token = await ctx.freshToken('harborAdmin');
    expect((await as(two, token, { method: 'GET', url: '/api/v1/users/profile' })).statusCode).toBe(200);
    expect((await as(one, token, { method: 'POST', url: '/api/v1/logout' })).statusCode).toBeLessThan(300);
    expect((await as(two, token, { method: 'GET', url: '/api/v1/users/profile' })).statusCode).toBe(401);
  });

  it('refuses a person disabled through one process on the other, at once', async () => {
    const token = ctx.tokens.skylineAgent!;
    const profile = () => as(two, token, { method: 'GET', url: '/api/v1/users/profile' });
    expect((await profile()).statusCode).toBe(200);
    const set = (status: string) => as(one, ctx.tokens.skylineAdmin!, { method: 'PUT', url: `/api/v1/users/${ctx.ids.skylineAgent}/status`, payload: { status } });
    expect((await set('disabled')).statusCode).toBe(200);
    expect((await profile()).statusCode).toBe(401);
    expect((await set('active')).statusCode).toBe(200);
  });

  it("counts a lead added through one process on the other's next summary, which it had cached", async () => {
    const token = ctx.tokens.skylineAdmin!;
    const total = async (app: FastifyInstance) => (await as(app, token, { method: 'GET', url: '/api/v1/dashboard/summary' })).json().data.leads.total.value as number;
    const before = await total(two);
    expect(await total(two)).toBe(before);
    const added = await as(one, token, {
      method: 'POST',
      url: '/api/v1/leads/store',
      payload: {
        first_name: 'Other',
        last_name: 'Process',
        email: `other.${process.pid}@process.test`,
        phone: '+91 90000 54321',
        lead_source: 'Website',
        property_type: 1,
        workflow_id: statuses.Open,
        activities: 2,
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(await total(two)).toBe(before + 1);
  });

  it('applies a permission taken away through one process on the other, at once', async () => {
    const admin = ctx.tokens.skylineAdmin!;
    const name = `Cross Process ${process.pid}`;
    const saved = await as(one, admin, { method: 'POST', url: '/api/v1/acl/role', payload: { name, 'lead-read': 1 } });
    expect(saved.statusCode, saved.body).toBe(201);
    const roleId = saved.json().data.id as number;
    const model = await ctx.app.db.selectFrom('users').select(['company_id', 'password_hash']).where('email', '=', ACCOUNTS.skylineAgent.email).executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    const email = `cross.${process.pid}@skyline.test`;
    await ctx.app.db
      .insertInto('users')
      .values({ ...model, role_id: roleId, user_type: 'agent', first_name: 'Cross', email, status: 'active', email_verified_at: at, created_at: at, updated_at: at })
      .execute();
    const token = (await signIn(one, email, ACCOUNTS.skylineAgent.password)).json().data.token as string;
    const leads = () => as(two, token, { method: 'GET', url: `/api/v1/leads/list/workflow/${statuses['All Contacts']}?pageSize=10&pageNumber=1` });
    expect((await leads()).statusCode).toBe(200);
    expect((await as(one, admin, { method: 'POST', url: '/api/v1/acl/role', payload: { id: roleId, name } })).statusCode).toBe(200);
    expect((await leads()).statusCode).toBe(403);
  });

  it('keeps answering when PostgreSQL ends every other connection (a restart, an operator)', async () => {
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(ctx.app.db);
    // Idle pooled connections report their end on the pool: heard, logged, replaced.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect.poll(async () => (await as(two, ctx.tokens.skylineAdmin!, { method: 'GET', url: '/api/v1/users/profile' })).statusCode, { timeout: 10_000 }).toBe(200);
  });

  it("answers an import's progress on the process that did not run it", async () => {
    const token = ctx.tokens.skylineAdmin!;
    // Enough leads for many export batches: the export test below needs one that is still streaming.
    const rows = [LEAD_IMPORT_HEADERS.join(',')];
    for (let n = 0; n < IMPORTED; n++) {
      const lead: Record<string, string> = { first_name: 'Imported', last_name: `Elsewhere${n}`, email: `imported.${n}@process.test`, phone: `55${String(n).padStart(8, '0')}`, lead_source: 'Website' };
      rows.push(LEAD_IMPORT_HEADERS.map((header) => lead[header] ?? '').join(','));
    }
    const body = multipartBody([{ name: 'file', filename: 'leads.csv', type: 'text/csv', data: `${rows.join('\r\n')}\r\n` }]);
    const id = `cluster-${process.pid}-import`;
    const imported = await as(one, token, { method: 'POST', url: `/api/v1/leads/import?import_id=${id}`, headers: body.headers, payload: body.payload });
    expect(imported.statusCode, imported.body).toBe(200);
    const progress = await as(two, token, { method: 'GET', url: `/api/v1/leads/import/progress/${id}` });
    expect(progress.statusCode).toBe(200);
    expect(progress.json().data, imported.body).toMatchObject({ phase: 'done', checked: IMPORTED, written: IMPORTED });
  });

  it("refuses a person's second export on the other process while the first streams", async () => {
    const token = ctx.tokens.skylineAdmin!;
    const first = await as(one, token, { method: 'GET', url: `/api/v1/leads/export/workflow/${statuses['All Contacts']}`, payloadAsStream: true });
    expect(first.statusCode).toBe(200);
    const second = await as(two, token, { method: 'GET', url: `/api/v1/leads/export/workflow/${statuses['All Contacts']}` });
    expect(second.statusCode).toBe(429);
    expect(second.json().message).toBe(MESSAGES.limits.exportRunning);
    // A refusal leaves the first's lease alone: a third try, on the first process, is refused too.
    expect((await as(one, token, { method: 'GET', url: `/api/v1/leads/export/workflow/${statuses['All Contacts']}` })).statusCode).toBe(429);
    for await (const chunk of first.stream()) void chunk;
    expect((await as(two, token, { method: 'GET', url: `/api/v1/leads/export/workflow/${statuses['All Contacts']}` })).statusCode).toBe(200);
  });

  it('sends each mail once while both processes deliver', async () => {
    const sent: string[] = [];
    const transport = (): MailTransport => ({
      sendMail: async (message) => {
        await new Promise((resolve) => setTimeout(resolve, 2));
        sent.push(message.to);
      },
    });
    const [a, b] = await Promise.all([ctx.extraApp({ mailTransport: transport() }), ctx.extraApp({ mailTransport: transport() })]);
    const addresses = Array.from({ length: 40 }, (_, n) => `once.${n}@mail.test`);
    await Promise.all(addresses.map((to, n) => (n % 2 ? a : b).mailer.send({ to, subject: 'Once', text: 'Once', kind: 'test' })));
    await Promise.all([a.mailer.flush(), b.mailer.flush(), a.mailer.flush(), b.mailer.flush()]);
    expect(sent.filter((to) => to.startsWith('once.')).sort()).toEqual([...addresses].sort());
  });
});
