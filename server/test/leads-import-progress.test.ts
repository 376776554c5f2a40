/**
 * GET /api/v1/leads/import/progress/{id}: the upload names its import (`import_id`), and the same
 * session reads how far it is while it runs — from the first byte of the upload, then numbers
 * that grow, on a listening server while the import writes. Nobody else finds it: another company's user, another user of the company and a
 * request without a token get 404 / 401.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_IMPORT_HEADERS } from '../../src/contract';
import { ImportProgressBoard, KEEP_MS, type ImportProgress } from '../src/modules/leads/import/progress';
import { MemoryStore } from '../src/shared-state/memory';
import { setImportWorkerFile } from '../src/modules/leads/import/thread';
import { multipartBody } from './helpers/multipart';
import { type Persona, useTestApp } from './helpers/testApp';
import { bundleImportWorker } from './leads-import-files';

const ctx = useTestApp();
let base = '';
let worker: Awaited<ReturnType<typeof bundleImportWorker>>;

beforeAll(async () => {
  worker = await bundleImportWorker();
  setImportWorkerFile(worker.file);
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});

afterAll(() => {
  setImportWorkerFile(undefined);
  worker?.remove();
});

/** A CSV of `rows` valid leads, e-mails and phones marked by `tag`. */
function leadsCsv(rows: number, tag: number): string {
  const lines = [LEAD_IMPORT_HEADERS.join(',')];
  for (let n = 0; n < rows; n++) {
    const values: Record<string, string> = {
      first_name: `P${n}`,
      last_name: 'Progress',
      email: `p${n}.${tag}@progress.test`,
      phone: `5${tag}${String(n).padStart(8, '0')}`,
      lead_source: 'Website',
    };
    lines.push(LEAD_IMPORT_HEADERS.map((h) => values[h] ?? '').join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

const auth = (persona: Persona) => ({ authorization: `Bearer ${ctx.tokens[persona]}` });

function postImport(persona: Persona, csv: string, query: string) {
  const body = multipartBody([{ name: 'file', filename: 'leads.csv', type: 'text/csv', data: csv }]);
  return fetch(`${base}/api/v1/leads/import${query}`, { method: 'POST', headers: { ...body.headers, ...auth(persona) }, body: body.payload });
}

async function progressOf(id: string, headers: Record<string, string>): Promise<{ status: number; data?: ImportProgress }> {
  const res = await fetch(`${base}/api/v1/leads/import/progress/${id}`, { headers });
  const body = (await res.json()) as { data?: ImportProgress };
  return { status: res.status, data: body.data };
}

describe('GET /api/v1/leads/import/progress/{id}', () => {
  it('tells the importing session how far its import is, numbers growing until done', async () => {
    const id = `grow-${Date.now()}`;
    const rows = 20_000;
    const seen: ImportProgress[] = [];
    let done = false;
    const polling = (async () => {
      while (!done) {
        const answer = await progressOf(id, auth('skylineAdmin'));
        if (answer.status === 200) seen.push(answer.data!);
        else expect(answer.status).toBe(404); // not started yet: the upload is still arriving
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const res = await postImport('skylineAdmin', leadsCsv(rows, 1), `?import_id=${id}`);
    done = true;
    await polling;
    const report = ((await res.json()) as { data: { data: { imported: number } } }).data.data;
    expect(res.status).toBe(200);
    expect(report.imported).toBe(rows);

    const last = await progressOf(id, auth('skylineAdmin'));
    expect(last.data).toMatchObject({ phase: 'done', checked: rows, written: rows, total: rows });
    expect(last.data!.received).toBe(last.data!.size);
    expect(last.data!.size).toBeGreaterThan(rows * 40);
    // Seen while it ran: the phases in order, the counts never going back, and rows in between.
    const order = ['receiving', 'reading', 'writing', 'done'];
    for (let i = 1; i < seen.length; i++) {
      expect(order.indexOf(seen[i]!.phase)).toBeGreaterThanOrEqual(order.indexOf(seen[i - 1]!.phase));
      expect(seen[i]!.checked).toBeGreaterThanOrEqual(seen[i - 1]!.checked);
      expect(seen[i]!.written).toBeGreaterThanOrEqual(seen[i - 1]!.written);
    }
    // How many answers land between write batches depends on the machine: at least one mid-way
    // answer and more than one distinct count over the run, never a fixed number of them.
    const midway = seen.filter((p) => p.phase === 'writing' && p.checked > 0 && p.checked < rows);
    expect(midway.length, JSON.stringify(seen.slice(0, 5))).toBeGreaterThan(0);
    expect(midway.every((p) => p.total === rows && p.written <= p.checked)).toBe(true);
    expect(new Set(seen.map((p) => `${p.phase} ${p.checked} ${p.written}`)).size).toBeGreaterThan(1);
  });

  it('answers while the file is still arriving, with the bytes that have arrived', async () => {
    const id = `slow-${Date.now()}`;
    // Large enough to be told in several steps (every 64 KB).
    const body = multipartBody([{ name: 'file', filename: 'leads.csv', type: 'text/csv', data: leadsCsv(4000, 5) }]);
    const { request } = await import('node:http');
    const half = Math.floor(body.payload.length / 2);
    const answer = new Promise<number>((resolve, reject) => {
      const req = request(`${base}/api/v1/leads/import?import_id=${id}`, {
        method: 'POST',
        headers: { ...body.headers, ...auth('skylineAdmin'), 'content-length': String(body.payload.length) },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
      req.write(body.payload.subarray(0, half));
      // Half the body sent: the import is known, receiving, and counts what has arrived.
      void (async () => {
        let seen: Awaited<ReturnType<typeof progressOf>> = { status: 0 };
        for (let i = 0; i < 200 && !(seen.status === 200 && seen.data!.received >= half); i++) {
          seen = await progressOf(id, auth('skylineAdmin'));
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        expect(seen).toEqual({ status: 200, data: { phase: 'receiving', received: half, size: body.payload.length, checked: 0, written: 0, total: null } });
        req.end(body.payload.subarray(half));
      })().catch(reject);
    });
    expect(await answer).toBe(200);
    expect((await progressOf(id, auth('skylineAdmin'))).data).toMatchObject({ phase: 'done', written: 4000, received: body.payload.length });
  });

  it('is found only by the session that started the import: others get 404, no token 401', async () => {
    const id = `mine-${Date.now()}`;
    expect((await postImport('skylineAdmin', leadsCsv(3, 2), `?import_id=${id}`)).status).toBe(200);
    expect((await progressOf(id, auth('skylineAdmin'))).status).toBe(200);
    expect((await progressOf(id, auth('harborAdmin'))).status).toBe(404);
    expect((await progressOf(id, auth('skylineAgent'))).status).toBe(404);
    expect((await progressOf(id, { authorization: `Bearer ${await ctx.freshToken('skylineAdmin')}` })).status).toBe(404);
    expect((await progressOf(id, {})).status).toBe(401);
    expect((await progressOf(id, { authorization: 'Bearer forged.token.here' })).status).toBe(401);
    expect((await progressOf('never-started-1', auth('skylineAdmin'))).status).toBe(404);
    // Ids no import could have, a NUL byte among them (PostgreSQL refuses one in a text), name none.
    for (const odd of ['%00', 'short', 'x'.repeat(65), 'a%20b%20c%20d']) expect((await progressOf(odd, auth('skylineAdmin'))).status, odd).toBe(404);
    // The same id under another company is another import.
    expect((await postImport('harborAdmin', leadsCsv(2, 3), `?import_id=${id}`)).status).toBe(200);
    expect((await progressOf(id, auth('harborAdmin'))).data).toMatchObject({ phase: 'done', written: 2 });
    expect((await progressOf(id, auth('skylineAdmin'))).data).toMatchObject({ phase: 'done', written: 3 });
  });

  it('reports a refused import as failed, and refuses an id that is not one', async () => {
    const id = `fail-${Date.now()}`;
    expect((await postImport('skylineAdmin', `${LEAD_IMPORT_HEADERS.join(',')}\r\n`, `?import_id=${id}`)).status).toBe(422);
    expect((await progressOf(id, auth('skylineAdmin'))).data).toMatchObject({ phase: 'failed' });
    const bad = await postImport('skylineAdmin', leadsCsv(1, 4), '?import_id=no');
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: Record<string, string[]> }).errors.import_id).toHaveLength(1);
  });
});

describe('ImportProgressBoard', () => {
  const owner = { userId: 7, sessionId: 's1' };
  const step = (phase: ImportProgress['phase'], checked = 0): ImportProgress => ({ phase, checked, written: checked, total: 10, received: 500, size: 500 });

  it('keeps an ended import for KEEP_MS, and starts afresh under a reused id', async () => {
    let now = 0;
    const board = new ImportProgressBoard(new MemoryStore(), () => now);
    const tell = board.tracker(owner, 'import-1');
    expect(await board.get(owner, 'import-1')).toBeNull();
    tell(step('writing', 4));
    await tell.settled();
    expect(await board.get(owner, 'import-1')).toEqual(step('writing', 4));
    expect(await board.get({ ...owner, sessionId: 's2' }, 'import-1')).toBeNull();
    expect(await board.get({ ...owner, userId: 8 }, 'import-1')).toBeNull();
    tell(step('done', 10));
    await tell.settled();
    now += KEEP_MS - 1;
    expect(await board.get(owner, 'import-1')).toEqual(step('done', 10));
    now += 1;
    expect(await board.get(owner, 'import-1')).toBeNull();
    const again = board.tracker(owner, 'import-1');
    again(step('reading'));
    await again.settled();
    expect(await board.get(owner, 'import-1')).toEqual(step('reading'));
  });

  it('drops an import that stopped changing (an upload broken off) KEEP_MS after its last change', async () => {
    let now = 0;
    const board = new ImportProgressBoard(new MemoryStore(), () => now);
    const tell = board.tracker(owner, 'import-2');
    tell(step('receiving'));
    await tell.settled();
    now += KEEP_MS - 1;
    expect(await board.get(owner, 'import-2')).toEqual(step('receiving'));
    now += 1;
    expect(await board.get(owner, 'import-2')).toBeNull();
  });

  it('writes a shared store at most every interval within a phase, a new phase and the end at once, in order', async () => {
    const store = new MemoryStore();
    const puts: ImportProgress[] = [];
    const put = store.put.bind(store);
    store.put = async <T,>(key: string, value: T, expiresAt: number) => {
      puts.push(value as ImportProgress);
      await put(key, value, expiresAt);
    };
    const board = new ImportProgressBoard(store, Date.now, 60_000);
    const tell = board.tracker(owner, 'import-3');
    for (let received = 0; received < 100; received += 1) tell({ ...step('receiving'), received });
    tell(step('writing', 1));
    tell(step('writing', 2));
    tell(step('done', 10));
    await tell.settled();
    expect(puts.map((p) => [p.phase, p.checked, p.received])).toEqual([
      ['receiving', 0, 0],
      ['writing', 1, 500],
      ['done', 10, 500],
    ]);
    expect(await board.get(owner, 'import-3')).toEqual(step('done', 10));
  });
});
