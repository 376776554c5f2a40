/** The e-mail outbox: every mail is a row first; a transport (SMTP) then delivers and marks it. */
import type { Kysely } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { Database } from '../../db/schema';

/** A file sent with a mail (an appointment's .ics); kept in the outbox row as JSON text. */
export interface MailAttachment {
  filename: string;
  content_type: string;
  content: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  kind: string;
  attachments?: readonly MailAttachment[];
}

/** The attachments of an outbox row (JSON text or null). */
export function attachmentsOf(row: { attachments: string | null }): MailAttachment[] {
  if (!row.attachments) return [];
  try {
    const parsed: unknown = JSON.parse(row.attachments);
    return Array.isArray(parsed) ? (parsed as MailAttachment[]) : [];
  } catch {
    return [];
  }
}

export const MAX_ATTEMPTS = 5;

export async function enqueueMail(db: Kysely<Database>, mail: OutgoingMail, nowIso: string): Promise<number> {
  const { id } = await db
    .insertInto('email_outbox')
    .values({
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html ?? null,
      kind: mail.kind,
      attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
      attempts: 0,
      last_error: null,
      sent_at: null,
      created_at: nowIso,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Takes up to `limit` unsent mails newer than `sinceIso` (older ones carry expired links; they are
 * not sent late) for this process to deliver until `untilIso`: each mail is claimed by one process
 * at a time, so several processes on one database send it once. A claim that lapsed (its process
 * died mid-send) is taken again. PostgreSQL skips rows another process is claiming right now;
 * SQLite has one writer, so its claims never overlap.
 */
export async function claimPendingMails(db: Kysely<Database>, sinceIso: string, nowIso: string, untilIso: string, limit = 20) {
  const onPostgres = isPostgres(db);
  return db.transaction().execute(async (trx) => {
    let due = trx
      .selectFrom('email_outbox')
      .select('id')
      .where('sent_at', 'is', null)
      .where('created_at', '>', sinceIso)
      .where('attempts', '<', MAX_ATTEMPTS)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', nowIso)]))
      .orderBy('id')
      .limit(limit);
    if (onPostgres) due = due.forUpdate().skipLocked();
    const ids = (await due.execute()).map((row) => row.id);
    if (!ids.length) return [];
    return trx.updateTable('email_outbox').set({ claimed_until: untilIso }).where('id', 'in', ids).returningAll().execute().then((rows) => rows.sort((a, b) => a.id - b.id));
  });
}

export async function markSent(db: Kysely<Database>, id: number, nowIso: string): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set((eb) => ({ sent_at: nowIso, attempts: eb('attempts', '+', 1), claimed_until: null }))
    .where('id', '=', id)
    .execute();
}

/** A failed try: counted, and given back for the next round (after RETRY_MS in plugins/mail.ts). */
export async function markFailed(db: Kysely<Database>, id: number, error: string, retryAfterIso: string): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set((eb) => ({ last_error: error.slice(0, 500), attempts: eb('attempts', '+', 1), claimed_until: retryAfterIso }))
    .where('id', '=', id)
    .execute();
}

/** Newest first, for the demo mailbox page. */
export async function latestMails(db: Kysely<Database>, limit = 50) {
  return db
    .selectFrom('email_outbox')
    .select(['id', 'to_address', 'subject', 'text_body', 'kind', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
