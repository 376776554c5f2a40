/** The e-mail outbox: every mail is a row first; a transport (SMTP) then delivers and marks it. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  kind: string;
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
      attempts: 0,
      last_error: null,
      sent_at: null,
      created_at: nowIso,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Unsent mails newer than `sinceIso` (older ones carry expired links; they are not sent late). */
export async function pendingMails(db: Kysely<Database>, sinceIso: string, limit = 20) {
  return db
    .selectFrom('email_outbox')
    .selectAll()
    .where('sent_at', 'is', null)
    .where('created_at', '>', sinceIso)
    .where('attempts', '<', MAX_ATTEMPTS)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function markSent(db: Kysely<Database>, id: number, nowIso: string): Promise<void> {
  await db.updateTable('email_outbox').set((eb) => ({ sent_at: nowIso, attempts: eb('attempts', '+', 1) })).where('id', '=', id).execute();
}

export async function markFailed(db: Kysely<Database>, id: number, error: string): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set((eb) => ({ last_error: error.slice(0, 500), attempts: eb('attempts', '+', 1) }))
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
