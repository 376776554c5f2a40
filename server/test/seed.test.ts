import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKFLOWS, LEAD_PROPERTY_TYPES, LEAD_SOURCES, SALES_AGENT_PERMISSIONS } from '../../src/contract';
import { migrateToLatest } from '../src/db/migrate';
import { migrations } from '../src/db/migrations';
import { generateLeads } from '../src/db/seed';
import { pageOf } from '../src/lib/paging';
import { tabPageJson } from '../src/modules/leads/list.repository';
import { createDefaultWorkflows } from '../src/modules/workflows/repository';
import { insertTestLead } from './helpers/leads';
import { useTestApp } from './helpers/testApp';
import { createTestDatabase } from './helpers/testDb';

const ctx = useTestApp();

describe('demo data', () => {
  it('has the two companies with their workflows, roles, leads and properties', async () => {
    const db = ctx.app.db;
    const companies = await db.selectFrom('companies').selectAll().orderBy('id').execute();
    expect(companies.map((c) => c.display_name)).toEqual(['Skyline Realty', 'Harbor Homes']);
    for (const company of companies) {
      expect(JSON.parse(company.operating_cities ?? '[]').length).toBeGreaterThan(0);
      const workflows = await db.selectFrom('workflow_statuses').select('name').where('company_id', '=', company.id).orderBy('position').execute();
      expect(workflows.map((w) => w.name)).toEqual([...DEFAULT_WORKFLOWS]);

      const salesAgent = await db.selectFrom('roles').select('id').where('company_id', '=', company.id).where('name', '=', 'Sales Agent').executeTakeFirstOrThrow();
      const perms = await db
        .selectFrom('role_permissions')
        .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
        .select('permissions.name')
        .where('role_id', '=', salesAgent.id)
        .execute();
      expect(perms.map((p) => p.name).sort()).toEqual([...SALES_AGENT_PERMISSIONS].sort());

      const leads = await db.selectFrom('leads').selectAll().where('company_id', '=', company.id).execute();
      expect(leads.length).toBeGreaterThanOrEqual(180);
      expect(leads.length).toBeLessThanOrEqual(220);
      const allContacts = await db.selectFrom('workflow_statuses').select('id').where('company_id', '=', company.id).where('name', '=', 'All Contacts').executeTakeFirstOrThrow();
      for (const lead of leads) {
        expect(lead.phone).toMatch(/^\+91 [6-9]\d{4} \d{5}$/);
        expect(lead.country).toBe('India');
        expect(LEAD_SOURCES).toContain(lead.lead_source);
        expect(lead.property_type).toBeGreaterThanOrEqual(1);
        expect(lead.property_type).toBeLessThanOrEqual(LEAD_PROPERTY_TYPES.length);
        expect(lead.workflow_id).not.toBe(allContacts.id);
      }
      const properties = await db.selectFrom('properties').selectAll().where('company_id', '=', company.id).execute();
      expect(properties.length).toBe(30);
      for (const p of properties) expect(p.price).toBeGreaterThanOrEqual(2_500_000);
    }
    const accounts = await db.selectFrom('users').select(['email', 'user_type']).where('password_hash', 'is not', null).orderBy('id').execute();
    expect(accounts).toEqual([
      { email: 'super@estatedesk.test', user_type: 'super_admin' },
      { email: 'admin@skyline.test', user_type: 'admin' },
      { email: 'agent@skyline.test', user_type: 'agent' },
      { email: 'admin@harbor.test', user_type: 'admin' },
    ]);
  });

  it('is deterministic', async () => {
    const db = ctx.app.db;
    const company = await db.selectFrom('companies').select('id').orderBy('id').executeTakeFirstOrThrow();
    const before = await db.selectFrom('leads').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const now = new Date('2026-01-01T00:00:00Z');
    await generateLeads(db, { companyId: company.id, count: 20, now, seed: 7 });
    await generateLeads(db, { companyId: company.id, count: 20, now, seed: 7 });
    const rows = await db
      .selectFrom('leads')
      .select(['first_name', 'last_name', 'email', 'phone', 'city', 'created_at'])
      .where('id', '>', before.id)
      .orderBy('id')
      .execute();
    expect(rows.slice(0, 20)).toEqual(rows.slice(20));
  });

  it('is not written again into a database that has users', async () => {
    const app = await ctx.extraApp({ demo: true });
    const count = await app.db.selectFrom('companies').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });
});

describe('migrations', () => {
  it('2026_11_22_0003 moves the leads of a database made by the earlier migrations into the company-scoped search index', async () => {
    const database = await createTestDatabase();
    try {
      const db = database.handle.db;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('2026_11_22_0002_lead_search')).error).toBeUndefined();
      const company = async (name: string) => (await db.insertInto('companies').values({ display_name: name, created_at: new Date().toISOString(), updated_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()).id;
      const first = await company('Upgrade One');
      const second = await company('Upgrade Two');
      const mine = await insertTestLead(db, first, { first_name: 'Upgradia', city: 'Oldindexpur' });
      const theirs = await insertTestLead(db, second, { first_name: 'Upgradia', city: 'Oldindexpur' });
      expect((await migrateToLatest(db)).error).toBeUndefined();
      const allContacts = new Map<number, number>();
      for (const id of [first, second]) allContacts.set(id, (await createDefaultWorkflows(db, id, new Date().toISOString())).get('All Contacts')!);
      const find = async (companyId: number, search: string) => (await tabPageJson(db, companyId, allContacts.get(companyId)!, search, pageOf({ pageSize: 1000 }, 10)))!;
      for (const [companyId, id] of [[first, mine], [second, theirs]] as const) {
        for (const text of ['upgradia', 'OLDINDEXPUR', 'Up']) {
          const { json, total } = await find(companyId, text);
          expect((JSON.parse(json) as Array<{ id: number }>).map((l) => l.id)).toEqual([id]);
          expect(total).toBe(1);
        }
      }
      // The triggers of the new index keep it up to date after the upgrade.
      const added = await insertTestLead(db, first, { first_name: 'Upgradia', city: 'Newindexpur' });
      expect((await find(first, 'newindexpur')).total).toBe(1);
      expect((await find(second, 'newindexpur')).total).toBe(0);
      await db.updateTable('leads').set({ city: 'Renamedpur' }).where('id', '=', added).execute();
      expect((await find(first, 'newindexpur')).total).toBe(0);
      expect((await find(first, 'renamedpur')).total).toBe(1);
    } finally {
      await database.drop();
    }
  });

  it('run up, down and up again, and are idempotent', async () => {
    const database = await createTestDatabase();
    try {
      const db = database.handle.db;
      await migrateToLatest(db);
      expect((await migrateToLatest(db)).results).toEqual([]);
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      for (let i = 0; i < Object.keys(migrations).length; i++) {
        const down = await migrator.migrateDown();
        expect(down.error).toBeUndefined();
      }
      const tables = (await db.introspection.getTables()).map((t) => t.name).filter((n) => !n.startsWith('kysely_'));
      expect(tables).toEqual([]);
      await migrateToLatest(db);
      const names = (await db.introspection.getTables()).map((t) => t.name);
      for (const table of ['companies', 'users', 'roles', 'permissions', 'role_permissions', 'workflow_statuses', 'leads', 'properties', 'property_images', 'invitations', 'email_verification_tokens', 'password_reset_tokens', 'email_outbox', 'sessions']) {
        expect(names).toContain(table);
      }
    } finally {
      await database.drop();
    }
  });
});
