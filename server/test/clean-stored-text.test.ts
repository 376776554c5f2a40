/**
 * The data migration 2026_11_26_0005_clean_stored_text: texts stored before the character rule
 * lose its refused and dropped characters (a free text keeps tab and line feed), so a person can
 * edit and save such a lead again; clean texts stay as they are.
 */
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { cleanText, up } from '../src/db/migrations/2026_11_26_0005_clean_stored_text';
import { companyIdOf, insertTestLead } from './helpers/leads';
import { useTestApp } from './helpers/testApp';

const ctx = useTestApp();

describe('migration: stored texts follow the character rule', () => {
  it('cleans a text as the rule says', () => {
    expect(cleanText('Ra\u200Bhul\u202Egpj\u0007', false)).toBe('Rahulgpj');
    expect(cleanText('Line 1\r\nLine 2\tend\u001B', true)).toBe('Line 1\nLine 2\tend');
    expect(cleanText('Lajpat Nagar', false)).toBe('Lajpat Nagar');
  });

  it('cleans older rows, which then save through the API, and leaves clean ones alone', async () => {
    const db = ctx.app.db;
    const companyId = (await companyIdOf(db, 'skylineAdmin'))!;
    const dirty = await insertTestLead(db, companyId, { first_name: 'Evil\u202Etxt.exe', email: 'dirty@clean.test' });
    await sql`UPDATE leads SET last_name = ${'Ro\u0007y'}, address = ${'12 Road\r\nFlat\u200B 4'} WHERE id = ${dirty}`.execute(db);
    const clean = await insertTestLead(db, companyId, { first_name: 'Asha', email: 'clean@clean.test' });
    const before = await db.selectFrom('leads').select('updated_at').where('id', '=', clean).executeTakeFirstOrThrow();

    const got = async (id: number) => (await ctx.inject('skylineAdmin', { method: 'GET', url: `/api/v1/leads/${id}` })).json().data.data.data;
    const refused = await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/leads/${dirty}`, payload: await got(dirty) });
    expect(refused.statusCode).toBe(422);

    await up(db as unknown as Kysely<unknown>);
    const row = await db.selectFrom('leads').select(['first_name', 'last_name', 'address']).where('id', '=', dirty).executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: 'Eviltxt.exe', last_name: 'Roy', address: '12 Road\nFlat 4' });
    expect((await db.selectFrom('leads').select('updated_at').where('id', '=', clean).executeTakeFirstOrThrow()).updated_at).toBe(before.updated_at);
    const saved = await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/leads/${dirty}`, payload: await got(dirty) });
    expect(saved.statusCode).toBe(200);
  });
});
