/**
 * The data migration 2026_11_26_0002_role_read_rule: a stored role holding a resource's create,
 * edit or delete permission without its -read one gets the -read one, and a new updated_at (so
 * its holders' access stamp changes); roles already whole stay untouched.
 */
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { up } from '../src/db/migrations/2026_11_26_0002_role_read_rule';
import { createRole, permissionNamesOfRole } from '../src/modules/roles/repository';
import { useTestApp } from './helpers/testApp';

const ctx = useTestApp();

describe('migration: every role holds the -read permission of what it creates, edits or deletes', () => {
  it('the demo Sales Agent role holds lead-read, and the demo agent reads leads', async () => {
    const profile = await ctx.inject('skylineAgent', { method: 'GET', url: '/api/v1/users/profile' });
    expect(profile.json().data.permissions).toContain('lead-read');
    const tabs = await ctx.inject('skylineAgent', { method: 'GET', url: '/api/v1/workflow/list' });
    expect(tabs.statusCode).toBe(200);
  });

  it('adds the missing -read permissions of stored roles and moves their updated_at', async () => {
    const db = ctx.app.db;
    const { company_id: companyId } = await db.selectFrom('users').select('company_id').where('id', '=', ctx.ids.skylineAdmin).executeTakeFirstOrThrow();
    const old = '2026-01-01T00:00:00.000Z';
    // Written as an older server (or a hand-made row) would have: no read rule applied.
    const partial = await createRole(db, companyId!, 'Old Closer', ['lead-create', 'lead-delete', 'agent-edit'], old);
    const whole = await createRole(db, companyId!, 'Old Viewer', ['property-read', 'lead-read'], old);
    await up(db as unknown as Kysely<unknown>);
    expect((await permissionNamesOfRole(db, partial)).sort()).toEqual(['agent-edit', 'agent-read', 'lead-create', 'lead-delete', 'lead-read']);
    expect((await permissionNamesOfRole(db, whole)).sort()).toEqual(['lead-read', 'property-read']);
    const stamps = await db.selectFrom('roles').select(['id', 'updated_at']).where('id', 'in', [partial, whole]).execute();
    const at = (id: number) => new Date(stamps.find((r) => r.id === id)!.updated_at).toISOString();
    expect(at(partial)).not.toBe(old);
    expect(at(whole)).toBe(old);
    // Run again: nothing left to add.
    await up(db as unknown as Kysely<unknown>);
    expect((await permissionNamesOfRole(db, partial)).length).toBe(5);
  });
});
