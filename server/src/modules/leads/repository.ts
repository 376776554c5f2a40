/**
 * Leads in the database: the only code that queries them. Every function takes the company id
 * and touches that company's rows only, so another company's lead is simply not found.
 * Tab totals come from `lead_counts` (kept by triggers, migration 2026_11_22_0002); search totals
 * are counted on the search index.
 */
import { CompiledQuery, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import { isPostgres } from '../../db/dialect';
import { prepared } from '../../db/prepared';
import type { Database, LeadsTable, NewLead } from '../../db/schema';
import { copyRows } from './copy.repository';
import { searchCondition } from './search.repository';

/** Tables of migration 2026_11_22_0002 that only this module reads. */
type SearchTables = {
  lead_counts: { company_id: number; workflow_key: number; n: number };
};

/** A lead row with its status name. */
export type LeadRow = Omit<Selectable<LeadsTable>, 'company_id' | 'created_by'> & { workflow: string | null };
export type LeadChanges = Omit<Updateable<LeadsTable>, 'id' | 'company_id' | 'version' | 'created_by' | 'created_at'>;

/** Which leads a list or export shows: a company's, one workflow's (null: All Contacts), matching a search. */
export interface LeadFilter {
  companyId: number;
  workflowId: number | null;
  /** Cleaned search text (search.ts cleanSearch), or null. */
  search: string | null;
}

/** Rows per INSERT: 1,000 × 19 parameters stays below SQLite's limit of 32,766. */
export const INSERT_BATCH = 1000;

/**
 * Leads an import writes per batch, each batch its own transaction (import/importer.ts). SQLite
 * answers synchronously: a batch holds the whole server while it is written (500 leads with the
 * search index: 6–12 ms, 1,000: 12–21 ms), so its batches are small. PostgreSQL writes a batch
 * with one COPY in its own process, and locks other writers out only for the count triggers at
 * its end.
 */
export const IMPORT_BATCH = { sqlite: 500, postgres: 1000 } as const;

/** The columns an import writes, in the order of insertLeads' parameters. */
const INSERT_COLUMNS = [
  'company_id',
  'workflow_id',
  'first_name',
  'last_name',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'postal_code',
  'country',
  'lead_source',
  'property_type',
  'activities',
  'version',
  'created_by',
  'created_at',
  'updated_at',
] as const satisfies ReadonlyArray<keyof NewLead>;

/** The lead fields Add Lead and an import row give (contract `LeadCreateRequest`, the status resolved to an id). */
export type LeadInput = Pick<NewLead, 'first_name' | 'last_name' | 'email' | 'phone' | 'address' | 'city' | 'state' | 'postal_code' | 'country' | 'lead_source' | 'property_type' | 'activities'>;

/**
 * A new lead's row: the given fields of `input` (nothing else it may carry), version 1, stamps.
 *
 * @example newLead(input, { companyId: 1, workflowId: 2, userId: 3, nowIso: '2026-11-22T00:00:00.000Z' })
 */
export function newLead(input: LeadInput, by: { companyId: number; workflowId: number; userId: number; nowIso: string }): NewLead {
  return {
    company_id: by.companyId,
    workflow_id: by.workflowId,
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email,
    phone: input.phone,
    address: input.address,
    city: input.city,
    state: input.state,
    postal_code: input.postal_code,
    country: input.country,
    lead_source: input.lead_source,
    property_type: input.property_type,
    activities: input.activities,
    version: 1,
    created_by: by.userId,
    created_at: by.nowIso,
    updated_at: by.nowIso,
  };
}

const insertTexts = new Map<number, string>();
/**
 * SQLite's `INSERT INTO leads (...) VALUES (...), ...` for `rows` rows: one text per size, so the
 * statement cache hits. The last column is the import's id (null for other leads).
 */
function insertText(rows: number): string {
  let text = insertTexts.get(rows);
  if (!text) {
    const tuple = `(${[...INSERT_COLUMNS, 'import_id'].map(() => '?').join(', ')})`;
    text = `insert into "leads" (${[...INSERT_COLUMNS, 'import_id'].map((c) => `"${c}"`).join(', ')}) values ${Array.from({ length: rows }, () => tuple).join(', ')}`;
    if (insertTexts.size < 8) insertTexts.set(rows, text);
  }
  return text;
}

/** A lead row as the API answers it: the lead's columns and its status's name (joined as `workflow_statuses`). */
export const LEAD_ROW_COLUMNS = [
  'leads.id',
  'leads.workflow_id',
  'leads.first_name',
  'leads.last_name',
  'leads.email',
  'leads.phone',
  'leads.address',
  'leads.city',
  'leads.state',
  'leads.postal_code',
  'leads.country',
  'leads.lead_source',
  'leads.property_type',
  'leads.activities',
  'leads.version',
  'leads.created_at',
  'leads.updated_at',
  'leads.follow_up_at',
  'workflow_statuses.name as workflow',
] as const;

function selectLeads(db: Kysely<Database>) {
  return db.selectFrom('leads').leftJoin('workflow_statuses', 'workflow_statuses.id', 'leads.workflow_id').select(LEAD_ROW_COLUMNS);
}

function filtered(db: Kysely<Database>, filter: LeadFilter) {
  let query = selectLeads(db).where('leads.company_id', '=', filter.companyId);
  if (filter.workflowId != null) query = query.where('leads.workflow_id', '=', filter.workflowId);
  if (filter.search) query = query.where(searchCondition(db, filter.companyId, filter.search));
  return query;
}

/** A tab's total: one row of lead_counts (kept by triggers), the sum of all for All Contacts. Built once: every list page asks. */
const tabCount = prepared<{ companyId: number; workflowId: number }, { n: number | string | null }>((db, p) =>
  db
    .withTables<SearchTables>()
    .selectFrom('lead_counts')
    .select(sql<number | string | null>`sum(n)`.as('n'))
    .where('company_id', '=', p.companyId)
    .where('workflow_key', '=', p.workflowId),
);
const companyCount = prepared<{ companyId: number }, { n: number | string | null }>((db, p) =>
  db
    .withTables<SearchTables>()
    .selectFrom('lead_counts')
    .select(sql<number | string | null>`sum(n)`.as('n'))
    .where('company_id', '=', p.companyId),
);

/** How many leads a tab holds (All Contacts: the company's). */
export async function countTab(db: Kysely<Database>, filter: LeadFilter): Promise<number> {
  const row =
    filter.workflowId == null
      ? await companyCount.first(db, { companyId: filter.companyId })
      : await tabCount.first(db, { companyId: filter.companyId, workflowId: filter.workflowId });
  return Number(row?.n ?? 0);
}

/**
 * Every lead of a filter, newest first, in batches (keyset paging: memory stays flat however
 * many leads the export holds).
 */
export async function* leadBatches(db: Kysely<Database>, filter: LeadFilter, batchSize = 1000): AsyncGenerator<LeadRow[]> {
  let before: number | null = null;
  for (;;) {
    let query = filtered(db, filter);
    if (before != null) query = query.where('leads.id', '<', before);
    const rows = await query.orderBy('leads.id', 'desc').limit(batchSize).execute();
    if (rows.length) yield rows;
    if (rows.length < batchSize) return;
    before = (rows[rows.length - 1] as LeadRow).id;
  }
}

/** A lead of the company, or undefined. */
export async function findLead(db: Kysely<Database>, companyId: number, id: number): Promise<LeadRow | undefined> {
  return selectLeads(db).where('leads.company_id', '=', companyId).where('leads.id', '=', id).executeTakeFirst();
}

/** Those of `ids` that are the company's leads, with their status names. */
export async function findLeads(db: Kysely<Database>, companyId: number, ids: readonly number[]): Promise<LeadRow[]> {
  if (ids.length === 0) return [];
  return selectLeads(db).where('leads.company_id', '=', companyId).where('leads.id', 'in', [...ids]).execute();
}

export async function insertLead(db: Kysely<Database>, lead: NewLead): Promise<number> {
  const { id } = await db.insertInto('leads').values(lead).returning('id').executeTakeFirstOrThrow();
  return id;
}

/**
 * Inserts many leads (call inside a transaction for all-or-nothing), marked as written by import
 * `importId` when given (migration 2026_11_26_0040_lead_unfinished_imports). SQLite: plain multi-row INSERTs
 * built once per batch size (the query builder's per-value work cost as much as the insert);
 * PostgreSQL: one COPY (copy.repository.ts).
 */
export async function insertLeads(db: Kysely<Database>, leads: readonly NewLead[], importId: number | null = null): Promise<void> {
  if (isPostgres(db)) {
    await copyRows(db, 'leads', [...INSERT_COLUMNS, 'import_id'], leads.map((lead) => [...INSERT_COLUMNS.map((column) => lead[column] ?? null), importId]));
    return;
  }
  for (let start = 0; start < leads.length; start += INSERT_BATCH) {
    const batch = leads.slice(start, start + INSERT_BATCH);
    const parameters: unknown[] = [];
    for (const lead of batch) {
      for (const column of INSERT_COLUMNS) parameters.push(lead[column] ?? null);
      parameters.push(importId);
    }
    await db.executeQuery(CompiledQuery.raw(insertText(batch.length), parameters));
  }
}

/**
 * Changes a lead of the company and raises its version. With `expectedVersion`, only a lead still
 * at that version changes (a stale save changes nothing). True when a row changed.
 */
export async function updateLead(
  db: Kysely<Database>,
  companyId: number,
  id: number,
  changes: LeadChanges,
  expectedVersion?: number,
): Promise<boolean> {
  let query = db
    .updateTable('leads')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('company_id', '=', companyId);
  if (expectedVersion !== undefined) query = query.where('version', '=', expectedVersion);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes a lead of the company; true when it existed. */
export async function deleteLead(db: Kysely<Database>, companyId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('leads').where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes those of `ids` that are the company's leads; other ids are left alone. Returns how many. */
export async function deleteLeads(db: Kysely<Database>, companyId: number, ids: readonly number[]): Promise<number> {
  const result = await db.deleteFrom('leads').where('company_id', '=', companyId).where('id', 'in', [...ids]).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Moves those of `ids` that are the company's leads to a workflow status. Returns how many. */
export async function moveLeads(
  db: Kysely<Database>,
  companyId: number,
  ids: readonly number[],
  workflowId: number,
  nowIso: string,
): Promise<number> {
  const result = await db
    .updateTable('leads')
    .set((eb) => ({ workflow_id: workflowId, updated_at: nowIso, version: eb('version', '+', 1) }))
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The e-mail and phone of every lead of a company (the import's duplicate check), in batches by
 * id: one query over 100,000 leads ran for a sixth of a second without a break (SQLite answers
 * synchronously): a batch of 2,000 and its hashing hold the server for a few ms (from a cold
 * page cache, 5,000 took 20–40 ms).
 */
export async function* leadContactKeys(
  db: Kysely<Database>,
  companyId: number,
  batchSize = 2_000,
): AsyncGenerator<Array<{ id: number; email: string | null; phone: string | null }>> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('leads')
      .select(['id', 'email', 'phone'])
      .where('company_id', '=', companyId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    if (rows.length) yield rows;
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.id;
  }
}
