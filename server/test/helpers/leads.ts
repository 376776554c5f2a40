/** Fixtures for the leads tests: company and status ids of the demo accounts, throwaway leads. */
import type { Kysely } from 'kysely';
import type { Database, NewLead } from '../../src/db/schema';
import { ACCOUNTS, type Persona, type TestContext } from './testApp';
import { multipartBody } from './multipart';

/** The company id of a demo account (null for the super admin and anonymous). */
export async function companyIdOf(db: Kysely<Database>, persona: Persona): Promise<number | null> {
  if (persona === 'anonymous') return null;
  const row = await db.selectFrom('users').select('company_id').where('email', '=', ACCOUNTS[persona].email).executeTakeFirstOrThrow();
  return row.company_id;
}

/** Workflow status ids of a company by name: { 'All Contacts': 1, Open: 2, ... }. */
export async function statusIds(db: Kysely<Database>, companyId: number): Promise<Record<string, number>> {
  const rows = await db.selectFrom('workflow_statuses').select(['id', 'name']).where('company_id', '=', companyId).execute();
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}

let counter = 0;

/** Inserts a lead straight into the database (triggers run as for any insert); returns its id. */
export async function insertTestLead(db: Kysely<Database>, companyId: number, fields: Partial<NewLead> = {}): Promise<number> {
  const statuses = await statusIds(db, companyId);
  const n = ++counter;
  const stamp = new Date().toISOString();
  const { id } = await db
    .insertInto('leads')
    .values({
      company_id: companyId,
      workflow_id: statuses.Open ?? null,
      first_name: 'Fixture',
      last_name: `Lead${n}`,
      email: `fixture.${process.pid}.${n}.${Math.random().toString(36).slice(2, 8)}@fixtures.test`,
      phone: `+91 70000 ${String(n).padStart(5, '0')}`,
      city: 'Fixtureville',
      lead_source: 'Website',
      property_type: 1,
      activities: 2,
      version: 1,
      created_at: stamp,
      updated_at: stamp,
      ...fields,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Real counts per (company, workflow) beside what lead_counts says: they must agree. */
export async function countDrift(db: Kysely<Database>): Promise<string[]> {
  const real = await db
    .selectFrom('leads')
    .select(['company_id', 'workflow_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['company_id', 'workflow_id'])
    .execute();
  const kept = await db
    .withTables<{ lead_counts: { company_id: number; workflow_key: number; n: number } }>()
    .selectFrom('lead_counts')
    .select(['company_id', 'workflow_key', 'n'])
    .execute();
  const key = (c: number, w: number | null) => `${c}/${w ?? 0}`;
  const want = new Map(real.map((r) => [key(r.company_id, r.workflow_id), Number(r.n)]));
  const have = new Map(kept.filter((r) => Number(r.n) !== 0).map((r) => [key(r.company_id, r.workflow_key), Number(r.n)]));
  const drift: string[] = [];
  for (const k of new Set([...want.keys(), ...have.keys()])) if (want.get(k) !== have.get(k)) drift.push(`${k}: real ${want.get(k)} kept ${have.get(k)}`);
  return drift;
}

/** POST /leads/import of one file as a persona. */
export function importFile(ctx: TestContext, persona: Persona, filename: string, data: Buffer | string, type = 'text/csv') {
  const body = multipartBody([{ name: 'file', filename, type, data }]);
  return ctx.inject(persona, { method: 'POST', url: '/api/v1/leads/import', payload: body.payload, headers: body.headers });
}
