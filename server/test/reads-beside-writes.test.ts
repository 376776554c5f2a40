/**
 * A long write transaction (an import holds one for seconds) must not hold up reads: health, a
 * signed-in person's leads page and search answer while another connection's transaction is still
 * open, and they see what was committed before it. Deterministic: the transaction stays open until
 * the reads have answered (on SQLite they would otherwise wait for it on the one connection).
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { companyIdOf, statusIds } from './helpers/leads';
import { useTestApp } from './helpers/testApp';

const ctx = useTestApp();

/** Runs `during` while a write transaction on the app's writer connection is open, then ends it. */
async function withWriteHeld<T>(during: () => Promise<T>): Promise<T> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let opened!: () => void;
  const isOpen = new Promise<void>((resolve) => (opened = resolve));
  const transaction = ctx.app.db.transaction().execute(async (trx) => {
    await sql`update companies set updated_at = updated_at where id = 0`.execute(trx);
    opened();
    await held;
  });
  await isOpen;
  try {
    // Fails rather than hangs when a read waits for the transaction.
    return await Promise.race([
      during(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('a read waited for the write transaction')), 5_000)),
    ]);
  } finally {
    release();
    await transaction;
  }
}

describe('reads beside a long write transaction', () => {
  it('health, a leads page and a search answer while it is open', async () => {
    const companyId = (await companyIdOf(ctx.app.db, 'skylineAdmin'))!;
    const all = (await statusIds(ctx.app.db, companyId))['All Contacts'];
    const [health, page, search] = await withWriteHeld(() =>
      Promise.all([
        ctx.app.inject({ method: 'GET', url: '/api/v1/health' }),
        ctx.inject('skylineAgent', { method: 'GET', url: `/api/v1/leads/list/workflow/${all}?pageSize=10&pageNumber=1` }),
        ctx.inject('skylineAgent', { method: 'GET', url: `/api/v1/leads/list/workflow/${all}?pageSize=1000&pageNumber=1&search=a` }),
      ]),
    );
    expect(health.statusCode).toBe(200);
    expect(page.statusCode).toBe(200);
    expect(page.json().data.data).toHaveLength(10);
    expect(search.statusCode).toBe(200);
  });

  it('a read after a committed write sees it', async () => {
    const companyId = (await companyIdOf(ctx.app.db, 'skylineAdmin'))!;
    const open = (await statusIds(ctx.app.db, companyId)).Open!;
    const email = `beside.${Date.now()}@reads.test`;
    const added = await ctx.inject('skylineAdmin', {
      method: 'POST',
      url: '/api/v1/leads/store',
      payload: {
        first_name: 'Reads',
        last_name: 'Beside',
        email,
        phone: '9800000001',
        lead_source: 'Website',
        property_type: 1,
        workflow_id: open,
        activities: 2,
      },
    });
    expect(added.statusCode).toBe(201);
    const found = await ctx.inject('skylineAdmin', { method: 'GET', url: `/api/v1/leads/list/workflow/${open}?pageSize=1000&pageNumber=1&search=${email}` });
    expect(found.json().data.data.map((l: { email: string }) => l.email)).toContain(email);
  });
});
