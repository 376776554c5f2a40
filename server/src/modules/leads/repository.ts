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
import type { Page } from '../../lib/paging';
import { searchCondition } from './search';

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

/** First key of the advisory lock of imports (the second is the company id). */
const IMPORT_LOCK_SPACE = 0x4c454144; // 'LEAD'

/** Rows per INSERT of an import: 1,000 × 18 parameters stays below both engines' limits (SQLite 32,766). */
export const INSERT_BATCH = 1000;

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

const insertTexts = new Map<string, string>();
/** `INSERT INTO leads (...) VALUES (...), ...` for `rows` rows: one text per size, so SQLite's statement cache hits. */
function insertText(postgres: boolean, rows: number): string {
  const key = `${postgres ? 'pg' : 'sqlite'}:${rows}`;
  let text = insertTexts.get(key);
  if (!text) {
    let n = 0;
    const tuple = () => `(${INSERT_COLUMNS.map(() => (postgres ? `$${++n}` : '?')).join(', ')})`;
    text = `insert into "leads" (${INSERT_COLUMNS.map((c) => `"${c}"`).join(', ')}) values ${Array.from({ length: rows }, tuple).join(', ')}`;
    if (insertTexts.size < 8) insertTexts.set(key, text);
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

async function countMatches(db: Kysely<Database>, filter: LeadFilter): Promise<number> {
  let query = db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('leads.company_id', '=', filter.companyId);
  if (filter.workflowId != null) query = query.where('leads.workflow_id', '=', filter.workflowId);
  if (filter.search) query = query.where(searchCondition(db, filter.companyId, filter.search));
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Leads walked that cost about what one match gathered on the search index does (PostgreSQL, 100,000
 * leads: a walk reads ~1–1.8 µs per lead, gathering ~2–3 µs per match with its recheck and sort).
 */
const WALK_ROWS_PER_MATCH = 2;

/**
 * Which way a search's page is found fastest, from its count: true to walk the leads newest first
 * on the primary key until the page is full (quick when matches are dense: about end × tabSize /
 * matches rows read), false to gather every match on the search index and keep the newest (about
 * `matches` rows read). PostgreSQL's planner makes this choice from its estimate of the matches
 * and assumes they are spread evenly; a name that sits among older leads then cost a walk of half
 * the company (60 ms for 2,018 matches at 100,000 leads) instead of the index (7 ms). The count,
 * which the answer needs anyway, says how many there really are; the walk is taken while it reads
 * fewer than WALK_ROWS_PER_MATCH leads per match.
 * @example walkNewestFirst({ matches: 20_000, tabSize: 100_000, end: 1000 }) // true: ~5,000 rows walked
 * @example walkNewestFirst({ matches: 2_000, tabSize: 100_000, end: 1000 }) // false: 2,000 matches beat ~50,000 rows
 */
export function walkNewestFirst({ matches, tabSize, end }: { matches: number; tabSize: number; end: number }): boolean {
  return matches > 0 && (end * tabSize) / matches < WALK_ROWS_PER_MATCH * matches;
}

/** One page of leads, newest first, and how many match in all. */
export async function listLeads(db: Kysely<Database>, filter: LeadFilter, page: Page): Promise<{ rows: LeadRow[]; total: number }> {
  const query = () => filtered(db, filter).limit(page.size).offset(page.offset);
  if (!filter.search) {
    const [rows, total] = await Promise.all([query().orderBy('leads.id', 'desc').execute(), countTab(db, filter)]);
    return { rows, total };
  }
  // A search: counted first, since the count decides how the page is read (walkNewestFirst).
  const [total, tabSize] = await Promise.all([countMatches(db, filter), countTab(db, { ...filter, search: null })]);
  if (total <= page.offset) return { rows: [], total };
  // `leads.id + 0` orders the same but is no column of an index, so the planner cannot walk one.
  const order = walkNewestFirst({ matches: total, tabSize, end: page.offset + page.size }) ? sql`leads.id` : sql`leads.id + 0`;
  return { rows: await query().orderBy(order, 'desc').execute(), total };
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

export async function insertLead(db: Kysely<Database>, lead: NewLead): Promise<number> {
  const { id } = await db.insertInto('leads').values(lead).returning('id').executeTakeFirstOrThrow();
  return id;
}

/**
 * Inserts many leads (call inside a transaction for all-or-nothing). A plain multi-row INSERT
 * built once per batch size: the query builder's per-value work cost as much as the insert.
 */
export async function insertLeads(db: Kysely<Database>, leads: readonly NewLead[]): Promise<void> {
  const postgres = isPostgres(db);
  for (let start = 0; start < leads.length; start += INSERT_BATCH) {
    const batch = leads.slice(start, start + INSERT_BATCH);
    const parameters: unknown[] = [];
    for (const lead of batch) for (const column of INSERT_COLUMNS) parameters.push(lead[column] ?? null);
    await db.executeQuery(CompiledQuery.raw(insertText(postgres, batch.length), parameters));
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

/** E-mail and phone of every lead of the company (the import's duplicate check). */
/**
 * The e-mail and phone of every lead of a company, in batches by id: one query over 100,000 leads
 * ran for a sixth of a second without a break (SQLite answers synchronously).
 */
export async function* leadContactKeys(
  db: Kysely<Database>,
  companyId: number,
  batchSize = 10_000,
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

/**
 * Serialises imports of one company on PostgreSQL until the transaction ends, so two imports at
 * once cannot both pass the duplicate check. SQLite's write transactions are serial already.
 */
export async function lockCompanyImports(db: Kysely<Database>, companyId: number): Promise<void> {
  if (isPostgres(db)) {
    await sql`select pg_advisory_xact_lock(${IMPORT_LOCK_SPACE}, ${companyId})`.execute(db);
  }
}
