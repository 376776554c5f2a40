/**
 * Cost limits (src/plugins/cost-limits.ts, modules/invitations/repository.ts): one export and one
 * import at a time per person, searches and exports per person per minute, invitation mails per
 * company per hour — each 429 with Retry-After and a message of the contract — and an export that
 * lets other requests through between its batches.
 *
 * The limits are met on an extraApp with low ones (the file's own app has the helpers' generous
 * test limits); the windows end by moving the shared test clock.
 */
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@contract';
import { insertLeads, newLead } from '../src/modules/leads/repository';
import { EXPORT_BATCH } from '../src/modules/leads/export';
import { costLimitsFromEnv, createCostLimiter } from '../src/plugins/cost-limits';
import { companyIdOf, statusIds } from './helpers/leads';
import { multipartBody } from './helpers/multipart';
import { type Persona, useTestApp } from './helpers/testApp';

const ctx = useTestApp();
const MIN = 60_000;
const HOUR = 60 * MIN;
const LIMITS = {
  search: { max: 3, windowMs: MIN },
  export: { max: 2, windowMs: MIN },
  invitations: { max: 3, windowMs: HOUR },
  busyRetryAfterS: 7,
};
/** Enough leads for many export batches, so an export is still streaming while the test acts. */
const EXTRA_LEADS = 12 * EXPORT_BATCH;

let limited: FastifyInstance;
let allContacts: number;
let open: number;
/** Harbor's All Contacts: another person's (another company's) exports and searches. */
let harborAll: number;

const as = (app: FastifyInstance, persona: Persona, options: InjectOptions) =>
  app.inject({ ...options, headers: { authorization: `Bearer ${ctx.tokens[persona]}`, ...options.headers } });
const exportUrl = (workflowId: number) => `/api/v1/leads/export/workflow/${workflowId}`;
const listUrl = (workflowId: number) => `/api/v1/leads/list/workflow/${workflowId}`;

/** Reads a stream to its end; resolves with its text. */
async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

beforeAll(async () => {
  limited = await ctx.extraApp({ costLimits: LIMITS });
  const companyId = (await companyIdOf(ctx.app.db, 'skylineAdmin'))!;
  const statuses = await statusIds(ctx.app.db, companyId);
  allContacts = statuses['All Contacts']!;
  open = statuses.Open!;
  harborAll = (await statusIds(ctx.app.db, (await companyIdOf(ctx.app.db, 'harborAdmin'))!))['All Contacts']!;
  const nowIso = new Date().toISOString();
  const leads = Array.from({ length: EXTRA_LEADS }, (_, i) =>
    newLead(
      {
        first_name: 'Costly',
        last_name: `Lead${i}`,
        email: `costly.${i}@limits.test`,
        phone: `+91 71${String(i).padStart(8, '0')}`,
        address: null,
        city: 'Pune',
        state: null,
        postal_code: null,
        country: 'India',
        lead_source: 'Website',
        property_type: 1,
        activities: 1,
      },
      { companyId, workflowId: open, userId: ctx.ids.skylineAdmin, nowIso },
    ),
  );
  await ctx.app.db.transaction().execute((trx) => insertLeads(trx, leads));
});

describe('exports: one at a time per person, a few a minute', () => {
  it('a second export of the same person while the first streams is 429 with Retry-After; the first ending frees them; the minute caps them', async () => {
    // Left unread, the first export waits on its reader after its first batch: it is still running.
    const first = await as(limited, 'skylineAdmin', { method: 'GET', url: exportUrl(allContacts), payloadAsStream: true });
    expect(first.statusCode).toBe(200);

    const second = await as(limited, 'skylineAdmin', { method: 'GET', url: exportUrl(open) });
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('7');
    expect(second.json().message).toBe(MESSAGES.limits.exportRunning);

    // Someone else exports meanwhile.
    expect((await as(limited, 'harborAdmin', { method: 'GET', url: exportUrl(harborAll) })).statusCode).toBe(200);

    const csv = await readAll(first.stream());
    expect(csv.split('\r\n').filter(Boolean).length).toBeGreaterThan(EXTRA_LEADS);

    // The first has ended: the next one runs, and is the second of the minute.
    expect((await as(limited, 'skylineAdmin', { method: 'GET', url: exportUrl(open) })).statusCode).toBe(200);
    const third = await as(limited, 'skylineAdmin', { method: 'GET', url: exportUrl(open) });
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(third.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(third.json().message).toBe(MESSAGES.limits.tooManyExports);

    ctx.clock.advance(MIN);
    expect((await as(limited, 'skylineAdmin', { method: 'GET', url: exportUrl(open) })).statusCode).toBe(200);
  });

  it('an export whose client goes away frees its person; one refused before it starts holds nothing', async () => {
    ctx.clock.advance(MIN);
    // Skyline's tab is not Harbor's: 404 before anything starts, and Harbor's admin can export at once.
    expect((await as(limited, 'harborAdmin', { method: 'GET', url: exportUrl(allContacts) })).statusCode).toBe(404);
    expect((await as(limited, 'harborAdmin', { method: 'GET', url: exportUrl(harborAll) })).statusCode).toBe(200);

    // Left unread, the export waits on its reader: it is running, and holds its person.
    const running = await as(limited, 'skylineAdmin', { method: 'GET', url: exportUrl(allContacts), payloadAsStream: true });
    expect(running.statusCode).toBe(200);
    expect((await as(limited, 'skylineAdmin', { method: 'GET', url: exportUrl(open) })).statusCode).toBe(429);
    // The client hangs up: the response closes before its end.
    const closed = new Promise((resolve) => running.raw.res.once('close', resolve));
    running.raw.res.destroy();
    await closed;
    expect((await as(limited, 'skylineAdmin', { method: 'GET', url: exportUrl(open) })).statusCode).toBe(200);
  });
});

describe('imports: one at a time per person', () => {
  it('a second import of the same person while the first still uploads is 429 with Retry-After', async () => {
    const csv = 'first_name,last_name,email,phone,lead_source\r\nSlow,Upload,slow.upload@limits.test,9100000001,Website\r\n';
    const body = multipartBody([{ name: 'file', filename: 'slow.csv', type: 'text/csv', data: csv }]);
    const payload = Buffer.from(body.payload);
    // The first upload arrives in two parts; its second part comes once the second import has been answered.
    const slow = new PassThrough();
    slow.write(payload.subarray(0, 40));
    const first = as(limited, 'skylineAdmin', { method: 'POST', url: '/api/v1/leads/import?import_id=slow-upload-1', payload: slow, headers: body.headers });
    // Its handler has started once its progress is known (from the request's headers on).
    let progress = 404;
    for (let tries = 0; progress !== 200 && tries < 1000; tries++) {
      await new Promise((resolve) => setImmediate(resolve));
      progress = (await as(limited, 'skylineAdmin', { method: 'GET', url: '/api/v1/leads/import/progress/slow-upload-1' })).statusCode;
    }
    expect(progress).toBe(200);

    const second = await as(limited, 'skylineAdmin', { method: 'POST', url: '/api/v1/leads/import', payload: body.payload, headers: body.headers });
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('7');
    expect(second.json().message).toBe(MESSAGES.limits.importRunning);
    // Another person imports meanwhile.
    const other = multipartBody([{ name: 'file', filename: 'other.csv', type: 'text/csv', data: csv.replace('slow.upload', 'other.upload').replace('9100000001', '9100000002') }]);
    expect((await as(limited, 'harborAdmin', { method: 'POST', url: '/api/v1/leads/import', payload: other.payload, headers: other.headers })).statusCode).toBe(200);

    slow.end(payload.subarray(40));
    expect((await first).statusCode).toBe(200);
    const again = multipartBody([{ name: 'file', filename: 'again.csv', type: 'text/csv', data: csv.replace('slow.upload', 'again.upload').replace('9100000001', '9100000003') }]);
    expect((await as(limited, 'skylineAdmin', { method: 'POST', url: '/api/v1/leads/import', payload: again.payload, headers: again.headers })).statusCode).toBe(200);
  });
});

describe('searches: a few a minute per person', () => {
  it('past the limit a search is 429 with Retry-After, until the minute ends; plain pages and other people go on', async () => {
    ctx.clock.advance(MIN);
    const search = (persona: Persona, query: Record<string, string>) => as(limited, persona, { method: 'GET', url: listUrl(allContacts), query });
    expect((await search('skylineAdmin', { search: 'Costly', pageSize: '1000' })).statusCode).toBe(200);
    expect((await search('skylineAdmin', { search: 'Pune' })).statusCode).toBe(200);
    // A 1,000-row page without search text costs the same and counts the same.
    expect((await search('skylineAdmin', { pageSize: '1000' })).statusCode).toBe(200);

    const over = await search('skylineAdmin', { search: 'Costly', pageSize: '1000' });
    expect(over.statusCode).toBe(429);
    const wait = Number(over.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(over.json().message).toBe(MESSAGES.limits.tooManySearches);

    // The board's own pages are not searches.
    expect((await search('skylineAdmin', { pageSize: '100' })).statusCode).toBe(200);
    expect((await as(limited, 'harborAdmin', { method: 'GET', url: listUrl(harborAll), query: { search: 'Costly', pageSize: '1000' } })).statusCode).toBe(200);

    ctx.clock.advance(wait * 1000);
    const after = await search('skylineAdmin', { search: 'Costly', pageSize: '1000' });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.total).toBe(EXTRA_LEADS);
  });

  it("one person's searches run one at a time, with a turn of the event loop between; another person's do not wait", async () => {
    const costs = createCostLimiter(LIMITS, ctx.clock.now);
    const events: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = costs.inTurn(1, async () => {
      events.push('first starts');
      await held;
      events.push('first ends');
    });
    const second = costs.inTurn(1, async () => void events.push('second starts'));
    const other = costs.inTurn(2, async () => void events.push('other person starts'));
    await other;
    expect(events).toEqual(['first starts', 'other person starts']);
    setImmediate(() => events.push('a turn of the event loop'));
    release();
    await Promise.all([first, second]);
    expect(events).toEqual(['first starts', 'other person starts', 'first ends', 'a turn of the event loop', 'second starts']);
  });
});

describe('invitations: a company mails a few an hour', () => {
  const outbox = async () =>
    Number((await ctx.app.db.selectFrom('email_outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const invite = (persona: Persona, name: string) =>
    as(limited, persona, {
      method: 'POST',
      url: '/api/v1/users',
      payload: { first_name: name, email: `${name.toLowerCase()}@limits.test`, password: 'Invite@123', role: 'Sales Agent' },
    });

  it('invitations and resends count together per company; past the limit 429 with Retry-After and no mail, until the hour ends', async () => {
    const added = await invite('skylineAdmin', 'Anaya');
    expect(added.statusCode).toBe(201);
    const id = added.json().data.user.id as number;
    const resend = () => as(limited, 'skylineAdmin', { method: 'POST', url: `/api/v1/users/resend-invite/${id}` });
    expect((await resend()).statusCode).toBe(200);
    expect((await invite('skylineAdmin', 'Bhavya')).statusCode).toBe(201);

    const mails = await outbox();
    const refused = await resend();
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(refused.json().message).toBe(MESSAGES.limits.tooManyInvitations);
    const refusedInvite = await invite('skylineAdmin', 'Chirag');
    expect(refusedInvite.statusCode).toBe(429);
    expect(refusedInvite.json().message).toBe(MESSAGES.limits.tooManyInvitations);
    // Nothing was written or mailed for the refused calls.
    expect(await outbox()).toBe(mails);
    expect(await ctx.app.db.selectFrom('users').select('id').where('email', '=', 'chirag@limits.test').executeTakeFirst()).toBeUndefined();

    // Another company has its own count.
    expect((await invite('harborAdmin', 'Devika')).statusCode).toBe(201);

    ctx.clock.advance(wait * 1000);
    expect((await resend()).statusCode).toBe(200);
  });

  it('thirty resends at once mail no more than the limit', async () => {
    ctx.clock.advance(HOUR);
    const added = await invite('harborAdmin', 'Esha');
    expect(added.statusCode).toBe(201);
    const id = added.json().data.user.id as number;
    const mails = await outbox();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => as(limited, 'harborAdmin', { method: 'POST', url: `/api/v1/users/resend-invite/${id}` })),
    );
    const sent = answers.filter((a) => a.statusCode === 200).length;
    expect(sent).toBeLessThanOrEqual(LIMITS.invitations.max - 1);
    expect(answers.filter((a) => a.statusCode === 429).length).toBe(30 - sent);
    expect(await outbox()).toBe(mails + sent);
  });
});

describe('an export lets other requests through between its batches', () => {
  /**
   * The client runs in another thread, as a real one runs on another machine: it reads the export
   * as fast as it comes (so the socket never fills and pauses the server), and asks for /health
   * once the export's first bytes are in. Resolves with the order the two answers ended in and
   * how many export bytes came after the health answer.
   */
  function exportAndHealthFromThread(base: string, exportPath: string, token: string): Promise<{ order: string[]; healthStatus: number; bytesAfterHealth: number }> {
    const code = `
      const { parentPort, workerData } = require('node:worker_threads');
      const http = require('node:http');
      const order = [];
      let asked = false, healthDone = false, healthStatus = 0, bytesAfterHealth = 0, pending = 2;
      const done = (what) => { order.push(what); if (--pending === 0) parentPort.postMessage({ order, healthStatus, bytesAfterHealth }); };
      const fail = (error) => parentPort.postMessage({ error: String(error) });
      http.get(workerData.base + workerData.exportPath, { headers: { authorization: 'Bearer ' + workerData.token } }, (res) => {
        res.on('data', (chunk) => {
          if (healthDone) bytesAfterHealth += chunk.length;
          if (asked) return;
          asked = true;
          http.get(workerData.base + '/api/v1/health', (health) => {
            healthStatus = health.statusCode;
            health.resume();
            health.on('end', () => { healthDone = true; done('health'); });
          }).on('error', fail);
        });
        res.on('end', () => done('export'));
      }).on('error', fail);`;
    const thread = new Worker(code, { eval: true, workerData: { base, exportPath, token } });
    return new Promise((resolve, reject) => {
      thread.once('message', (answer: { order: string[]; healthStatus: number; bytesAfterHealth: number } | { error: string }) => {
        void thread.terminate();
        if ('error' in answer) reject(new Error(answer.error));
        else resolve(answer);
      });
      thread.once('error', reject);
    });
  }

  it('GET /health is answered before a long export has sent its last batch', async () => {
    const app = await ctx.extraApp();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const run = await exportAndHealthFromThread(base, exportUrl(allContacts), ctx.tokens.skylineAdmin!);
    expect(run.healthStatus).toBe(200);
    // Before, the export's batches ran back to back: the health request was read after the last one.
    expect(run.order).toEqual(['health', 'export']);
    expect(run.bytesAfterHealth).toBeGreaterThan(0);
  });
});

describe('limits from the environment', () => {
  it('LIMIT_SEARCHES_PER_MINUTE, LIMIT_EXPORTS_PER_MINUTE and LIMIT_INVITATIONS_PER_HOUR set them; anything but a positive whole number stops the start', () => {
    expect(costLimitsFromEnv({})).toEqual({});
    expect(costLimitsFromEnv({ LIMIT_SEARCHES_PER_MINUTE: '60', LIMIT_EXPORTS_PER_MINUTE: ' 2 ', LIMIT_INVITATIONS_PER_HOUR: '10' })).toEqual({
      search: { max: 60, windowMs: MIN },
      export: { max: 2, windowMs: MIN },
      invitations: { max: 10, windowMs: HOUR },
    });
    for (const bad of ['0', '-1', '1.5', 'lots']) expect(() => costLimitsFromEnv({ LIMIT_EXPORTS_PER_MINUTE: bad })).toThrow(/LIMIT_EXPORTS_PER_MINUTE/);
  });
});
