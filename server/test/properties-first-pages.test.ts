/**
 * The first page of each company's grid is kept in the process (modules/properties/firstPages.ts)
 * and sent again while `property_counts.changes` (migration 2026_11_26_0030) has not moved. It must
 * never be older than the rows: every change on the grid — through this server or behind its back,
 * to a property or to its photos — shows on the next request, and another company's change leaves
 * a company's kept page alone.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { companyIdOf } from './helpers/leads';
import { photo, propertyForm } from './helpers/properties';
import type { Persona } from './helpers/testApp';
import { useTestApp } from './helpers/testApp';
import { down, up } from '../src/db/migrations/2026_11_26_0030_property_page_changes';
import { firstPagesOf, setFirstPagesBudget } from '../src/modules/properties/firstPages';

const ctx = useTestApp();
const API = '/api/v1/properties';

type Card = Record<string, unknown> & { id: number; images: Array<{ id: number }> };

async function firstPage(persona: Persona): Promise<{ data: Card[]; total: number }> {
  const res = await ctx.inject(persona, { method: 'GET', url: `${API}?page=1&limit=12` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Card[]; total: number };
}

/** Page 1 as the rows are now: each card as its GET answers it. */
async function expectCurrent(persona: Persona) {
  const page = await firstPage(persona);
  for (const card of page.data) {
    const one = await ctx.inject(persona, { method: 'GET', url: `${API}/${card.id}` });
    expect(card).toEqual((one.json() as { data: Card }).data);
  }
  return page;
}

const written = () => firstPagesOf(ctx.app.db).written;

describe('the first page kept in the process', () => {
  it('is written once, then sent as kept while nothing changes', async () => {
    await firstPage('skylineAdmin');
    const before = written();
    const again = await firstPage('skylineAdmin');
    await firstPage('skylineAdmin');
    expect(written()).toBe(before);
    expect(again.data).toHaveLength(12);
    // Another page size, or a filter, is written each time.
    await ctx.inject('skylineAdmin', { method: 'GET', url: `${API}?page=1&limit=5` });
    expect(written()).toBe(before + 1);
  });

  it('shows every change made through this server: fields, photos, order, adds and deletes', async () => {
    const first = await expectCurrent('skylineAdmin');
    const top = first.data[0]!;
    const changes: Array<() => Promise<unknown>> = [
      () => ctx.inject('skylineAdmin', { method: 'PUT', url: `${API}/${top.id}`, payload: { description: 'Freshly painted' } }),
      async () => {
        const form = propertyForm({}, [{ name: 'images[]', filename: 'new.png', type: 'image/png', data: await photo('png', 200, 150) }]);
        return ctx.inject('skylineAdmin', { method: 'POST', url: `${API}/${top.id}/images`, payload: form.payload, headers: form.headers });
      },
      async () => {
        const ids = (await expectCurrent('skylineAdmin')).data[0]!.images.map((image) => image.id).reverse();
        return ctx.inject('skylineAdmin', { method: 'PUT', url: `${API}/${top.id}/images`, payload: { order: ids, cover: ids[0] } });
      },
      async () => {
        const last = (await expectCurrent('skylineAdmin')).data[0]!.images.at(-1)!;
        return ctx.inject('skylineAdmin', { method: 'DELETE', url: `${API}/${top.id}/images/${last.id}` });
      },
      () => {
        const form = propertyForm({ title: 'Kept Page Villa', property_type: 'Villa' }, []);
        return ctx.inject('skylineAdmin', { method: 'POST', url: API, payload: form.payload, headers: form.headers });
      },
      async () => ctx.inject('skylineAdmin', { method: 'DELETE', url: `${API}/${(await firstPage('skylineAdmin')).data[0]!.id}` }),
    ];
    for (const change of changes) {
      await firstPage('skylineAdmin');
      const res = (await change()) as { statusCode: number; body: string };
      expect(res.statusCode, res.body).toBeLessThan(300);
      const before = written();
      await expectCurrent('skylineAdmin');
      expect(written()).toBe(before + 1);
    }
    expect((await firstPage('skylineAdmin')).data.some((card) => card.title === 'Kept Page Villa')).toBe(false);
  });

  it('shows changes this server did not make, and keeps another company’s page meanwhile', async () => {
    const db = ctx.app.db;
    const skyline = (await companyIdOf(db, 'skylineAdmin'))!;
    await firstPage('harborAdmin');
    const top = (await firstPage('skylineAdmin')).data[0]!;
    const harborWritten = written();
    await db.updateTable('properties').set({ description: 'Changed by hand' }).where('id', '=', top.id).execute();
    expect((await expectCurrent('skylineAdmin')).data[0]!.description).toBe('Changed by hand');
    await db
      .insertInto('property_images')
      .values({ company_id: skyline, property_id: top.id, path: 'properties/by-hand.jpg', position: 99, is_cover: 0, created_at: new Date().toISOString() })
      .execute();
    expect((await expectCurrent('skylineAdmin')).data[0]!.property_other_images).toContain('properties/by-hand.jpg');
    await db.updateTable('property_images').set({ path: 'properties/renamed.jpg' }).where('path', '=', 'properties/by-hand.jpg').execute();
    expect((await expectCurrent('skylineAdmin')).data[0]!.property_other_images).toContain('properties/renamed.jpg');
    await db.deleteFrom('property_images').where('path', '=', 'properties/renamed.jpg').execute();
    expect((await expectCurrent('skylineAdmin')).data[0]!.property_other_images).not.toContain('properties/renamed.jpg');
    await db.deleteFrom('properties').where('id', '=', top.id).execute();
    expect((await expectCurrent('skylineAdmin')).data.map((card) => card.id)).not.toContain(top.id);
    // Harbor's page stayed kept through all of Skyline's changes.
    const before = written();
    await firstPage('harborAdmin');
    expect(written()).toBe(before);
    expect(before).toBeGreaterThan(harborWritten);
  });

  it('keeps at most its budget, the least recently used company let go first', async () => {
    const { skyline, harbor } = { skyline: await companyIdOf(ctx.app.db, 'skylineAdmin'), harbor: await companyIdOf(ctx.app.db, 'harborAdmin') };
    await firstPage('skylineAdmin');
    await firstPage('harborAdmin');
    const both = firstPagesOf(ctx.app.db);
    expect(both.companies).toEqual([skyline, harbor]);
    setFirstPagesBudget(ctx.app.db, Math.ceil(both.bytes * 0.75));
    // Skyline's page changes and is written again: Harbor's, now the least recently used, goes.
    const top = (await firstPage('skylineAdmin')).data[0]!;
    expect((await ctx.inject('skylineAdmin', { method: 'PUT', url: `${API}/${top.id}`, payload: { description: 'Budget' } })).statusCode).toBe(200);
    await firstPage('skylineAdmin');
    const one = firstPagesOf(ctx.app.db);
    expect(one.companies).toEqual([skyline]);
    expect(one.bytes).toBeLessThanOrEqual(Math.ceil(both.bytes * 0.75));
    setFirstPagesBudget(ctx.app.db, 8 * 1024 * 1024);
  });
});

describe('property_counts.changes', () => {
  const changesOf = async (companyId: number) =>
    Number((await sql<{ changes: number }>`SELECT changes FROM property_counts WHERE company_id = ${companyId}`.execute(ctx.app.db)).rows[0]?.changes);

  it('moves with every change to a property or its photos, in its company only', async () => {
    const db = ctx.app.db;
    const skyline = (await companyIdOf(db, 'skylineAdmin'))!;
    const harbor = (await companyIdOf(db, 'harborAdmin'))!;
    const stamp = new Date().toISOString();
    const [made] = await db
      .insertInto('properties')
      .values({ company_id: skyline, title: 'Counted', status: 'available', created_at: stamp, updated_at: stamp })
      .returning('id')
      .execute();
    let before = await changesOf(skyline);
    const harborBefore = await changesOf(harbor);
    const moved = async (step: () => Promise<unknown>) => {
      await step();
      const now = await changesOf(skyline);
      expect(now).toBeGreaterThan(before);
      before = now;
    };
    await moved(() => db.updateTable('properties').set({ description: 'x' }).where('id', '=', made!.id).execute());
    await moved(() => db.updateTable('properties').set({ updated_at: new Date().toISOString() }).where('id', '=', made!.id).execute());
    await moved(() =>
      db.insertInto('property_images').values({ company_id: skyline, property_id: made!.id, path: 'p/a.jpg', position: 0, is_cover: 1, created_at: stamp }).execute(),
    );
    await moved(() => db.updateTable('property_images').set({ position: 3 }).where('property_id', '=', made!.id).execute());
    await moved(() => db.deleteFrom('property_images').where('property_id', '=', made!.id).execute());
    await moved(() => db.deleteFrom('properties').where('id', '=', made!.id).execute());
    expect(await changesOf(harbor)).toBe(harborBefore);
  });

  it('goes down (column and triggers gone, writes still work) and up again', async () => {
    const db = ctx.app.db;
    const skyline = (await companyIdOf(db, 'skylineAdmin'))!;
    await down(db as never);
    await expect(changesOf(skyline)).rejects.toThrow();
    await db.updateTable('properties').set({ description: 'while down' }).where('company_id', '=', skyline).execute();
    await up(db as never);
    const before = await changesOf(skyline);
    await db.updateTable('properties').set({ description: 'up again' }).where('company_id', '=', skyline).execute();
    expect(await changesOf(skyline)).toBeGreaterThan(before);
  });
});
