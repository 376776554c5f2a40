/**
 * Webhooks and their deliveries in the database: the only code that queries them. Webhook reads
 * and changes are scoped to a company (another company's webhook is simply not found); the
 * delivery worker's queries (insert, claim, record) work across companies, as the log it follows.
 */
import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { Database, WebhookDeliveriesTable, WebhooksTable } from '../../db/schema';
import { isPostgres } from '../../db/dialect';

export type WebhookRow = Selectable<WebhooksTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

export const webhooksOf = (db: Kysely<Database>, companyId: number): Promise<WebhookRow[]> =>
  db.selectFrom('webhooks').selectAll().where('company_id', '=', companyId).orderBy('id').execute();

export const findWebhook = (db: Kysely<Database>, companyId: number, id: number): Promise<WebhookRow | undefined> =>
  db.selectFrom('webhooks').selectAll().where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();

export async function countWebhooks(db: Kysely<Database>, companyId: number): Promise<number> {
  const row = await db.selectFrom('webhooks').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', companyId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertWebhook(db: Kysely<Database>, row: Insertable<WebhooksTable>): Promise<number> {
  const { id } = await db.insertInto('webhooks').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

export async function updateWebhook(
  db: Kysely<Database>,
  companyId: number,
  id: number,
  changes: Partial<Pick<WebhookRow, 'url' | 'kinds' | 'active' | 'secret' | 'start_event_id' | 'updated_at'>>,
): Promise<void> {
  await db.updateTable('webhooks').set(changes).where('id', '=', id).where('company_id', '=', companyId).execute();
}

export async function deleteWebhook(db: Kysely<Database>, companyId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('webhooks').where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Each webhook's newest delivery (for the list). */
export async function lastDeliveries(db: Kysely<Database>, webhookIds: readonly number[]): Promise<Map<number, DeliveryRow>> {
  if (webhookIds.length === 0) return new Map();
  const newest = db.selectFrom('webhook_deliveries').select((eb) => eb.fn.max('id').as('id')).where('webhook_id', 'in', webhookIds).groupBy('webhook_id');
  const rows = await db.selectFrom('webhook_deliveries').selectAll().where('id', 'in', newest).execute();
  return new Map(rows.map((row) => [row.webhook_id, row]));
}

/** A page of a webhook's deliveries, newest first, and the `before` of the next page. */
export async function deliveryPage(db: Kysely<Database>, webhookId: number, page: { before?: number; size: number }): Promise<{ rows: DeliveryRow[]; next: number | null }> {
  let query = db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId);
  if (page.before !== undefined) query = query.where('id', '<', page.before);
  const rows = await query.orderBy('id', 'desc').limit(page.size + 1).execute();
  const more = rows.length > page.size;
  if (more) rows.pop();
  return { rows, next: more ? rows[rows.length - 1]!.id : null };
}

export const findDelivery = (db: Kysely<Database>, companyId: number, id: number): Promise<DeliveryRow | undefined> =>
  db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();

/** The active webhooks of these companies (the worker matches a batch of events against them). */
export async function activeWebhooksOf(db: Kysely<Database>, companyIds: readonly number[]): Promise<WebhookRow[]> {
  if (companyIds.length === 0) return [];
  return db.selectFrom('webhooks').selectAll().where('company_id', 'in', companyIds).where('active', '=', 1).execute();
}

/** Inserts deliveries; a (webhook, event) pair already there is left alone, so any number of processes may insert the same. */
export async function insertDeliveries(db: Kysely<Database>, rows: Insertable<WebhookDeliveriesTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('webhook_deliveries')
    .values(rows)
    .onConflict((oc) => oc.columns(['webhook_id', 'event_id']).doNothing())
    .execute();
}

/**
 * Where the worker starts following the log after a start: the event of the newest delivery,
 * or, when a webhook was made after it, that webhook's start (events before it are not its);
 * without any active webhook, the log's end. Never further back than the last event written
 * before `notBeforeIso`: a process down longer than that does not send a backlog of stale events.
 * Events after the start that already have deliveries are skipped by the unique pair.
 */
export async function tailStart(db: Kysely<Database>, notBeforeIso: string): Promise<number> {
  const delivered = await db.selectFrom('webhook_deliveries').select('event_id').orderBy('id', 'desc').limit(1).executeTakeFirst();
  const webhooks = await db.selectFrom('webhooks').select((eb) => eb.fn.min('start_event_id').as('start')).where('active', '=', 1).executeTakeFirst();
  if (webhooks?.start == null) return newestEventId(db);
  const stale = await db.selectFrom('activity_events').select((eb) => eb.fn.max('id').as('id')).where('created_at', '<', notBeforeIso).executeTakeFirst();
  return Math.max(Number(delivered?.event_id ?? 0), Number(webhooks.start), Number(stale?.id ?? 0));
}

/**
 * Takes up to `limit` due deliveries of active webhooks for this process until `untilIso`: each
 * is claimed by one process at a time. PostgreSQL skips rows another process is claiming right
 * now; SQLite has one writer, so its claims never overlap. A claim that lapsed (its process died
 * mid-send) is due again.
 */
export async function claimDue(db: Kysely<Database>, nowIso: string, untilIso: string, limit: number): Promise<DeliveryRow[]> {
  if (limit <= 0) return [];
  const dueIds = (from: Kysely<Database>) =>
    from
      .selectFrom('webhook_deliveries')
      .select('webhook_deliveries.id')
      .where('next_attempt_at', '<=', nowIso)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', nowIso)]))
      .where((eb) => eb.exists(eb.selectFrom('webhooks').select(sql.lit(1).as('one')).whereRef('webhooks.id', '=', 'webhook_deliveries.webhook_id').where('webhooks.active', '=', 1)))
      .orderBy('next_attempt_at')
      .limit(limit);
  // Every process asks every second; most of the time nothing is due. A read first keeps those
  // rounds from taking SQLite's one write lock (a transaction here begins IMMEDIATE).
  if ((await dueIds(db).limit(1).execute()).length === 0) return [];
  const onPostgres = isPostgres(db);
  return db.transaction().execute(async (trx) => {
    let due = dueIds(trx);
    if (onPostgres) due = due.forUpdate().skipLocked();
    const ids = (await due.execute()).map((row) => row.id);
    if (ids.length === 0) return [];
    return trx.updateTable('webhook_deliveries').set({ claimed_until: untilIso }).where('id', 'in', ids).returningAll().execute();
  });
}

/** Claims one delivery now (a resend by hand), whatever its state; false while another process sends it. */
export async function claimOne(db: Kysely<Database>, id: number, nowIso: string, untilIso: string): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ claimed_until: untilIso })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', nowIso)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** An attempt's outcome; the claim ends with it. */
export async function recordAttempt(
  db: Kysely<Database>,
  id: number,
  outcome: Pick<DeliveryRow, 'attempt' | 'status' | 'response_status' | 'duration_ms' | 'next_attempt_at' | 'first_attempt_at' | 'delivered_at' | 'error'>,
): Promise<void> {
  await db.updateTable('webhook_deliveries').set({ ...outcome, claimed_until: null }).where('id', '=', id).execute();
}

/**
 * Removes finished deliveries made before `beforeIso`, at most `limit`; how many went. The newest
 * delivery stays whatever its age: the worker's start after a restart is read from it.
 */
export async function deleteDeliveriesBefore(db: Kysely<Database>, beforeIso: string, limit: number): Promise<number> {
  const newest = db.selectFrom('webhook_deliveries').select((eb) => eb.fn.max('id').as('id'));
  const ids = db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('created_at', '<', beforeIso)
    .where('next_attempt_at', 'is', null)
    .where('id', '<', newest)
    .orderBy('id')
    .limit(limit);
  const result = await db.deleteFrom('webhook_deliveries').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The events of these ids (a batch of deliveries' payloads). */
export async function eventsByIds(db: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('activity_events').selectAll().where('id', 'in', ids).execute();
}

/** The newest event id, 0 when the log is empty (a new webhook's start). */
export async function newestEventId(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('activity_events').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Whether any company has an active webhook (the worker's one read a poll while none has). */
export async function hasActiveWebhooks(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('webhooks').select('id').where('active', '=', 1).limit(1).executeTakeFirst()) !== undefined;
}

/** A webhook by id alone: the worker sends for every company. */
export const findWebhookAnyCompany = (db: Kysely<Database>, id: number): Promise<WebhookRow | undefined> =>
  db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
