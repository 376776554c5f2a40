/**
 * Outgoing mail. Every mail is written to the outbox table first (fast, inside the request), so
 * answers take the same time whether or not a mail is sent. With a transport (SMTP_URL through
 * nodemailer, or one injected by tests) a background step delivers pending rows and retries
 * failures; without one the rows stay in the outbox and /mailbox shows them. Each process claims
 * the rows it delivers (modules/mail/repository.ts), so several processes send every mail once.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { DAY, isoIn } from '../lib/clock';
import { attachmentsOf, claimPendingMails, enqueueMail, markFailed, markSent, type OutgoingMail } from '../modules/mail/repository';

/** The part of a nodemailer transport the server uses. */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html?: string;
    /** nodemailer's attachment shape. */
    attachments?: Array<{ filename: string; content: string; contentType: string }>;
  }): Promise<unknown>;
  close?(): void;
}

export interface Mailer {
  /** Queues a mail (and starts delivery when a transport exists). */
  send(mail: OutgoingMail): Promise<void>;
  /** Waits until queued mails have been tried once (tests, shutdown). */
  flush(): Promise<void>;
  /** False in outbox mode, where /mailbox shows the mails. */
  readonly delivers: boolean;
}

const RETRY_MS = 60_000;
/**
 * How long a process may take to deliver the batch it claimed before another may take it again
 * (it died mid-send). Long next to one SMTP send, so a mail is sent twice only after a crash.
 */
const CLAIM_MS = 5 * 60_000;
/** Mails older than this are never delivered: their links have expired (and they may predate SMTP). */
const MAX_AGE_MS = DAY;

async function mailPlugin(app: FastifyInstance, options: { transport?: MailTransport }): Promise<void> {
  const transport: MailTransport | null =
    options.transport ?? (app.config.smtpUrl ? (nodemailer.createTransport(app.config.smtpUrl) as unknown as MailTransport) : null);
  let running: Promise<void> | null = null;
  let again = false;

  async function deliverPending(): Promise<void> {
    if (!transport) return;
    for (;;) {
      const batch = await claimPendingMails(app.db, isoIn(app.clock, -MAX_AGE_MS), app.clock().toISOString(), isoIn(app.clock, CLAIM_MS));
      if (!batch.length) return;
      let sentAny = false;
      for (const mail of batch) {
        try {
          const attachments = attachmentsOf(mail).map((a) => ({ filename: a.filename, content: a.content, contentType: a.content_type }));
          await transport.sendMail({
            from: app.config.mailFrom,
            to: mail.to_address,
            subject: mail.subject,
            text: mail.text_body,
            ...(mail.html_body ? { html: mail.html_body } : {}),
            ...(attachments.length ? { attachments } : {}),
          });
          await markSent(app.db, mail.id, app.clock().toISOString());
          sentAny = true;
        } catch (error) {
          app.log.warn({ err: error, mailId: mail.id }, 'mail delivery failed');
          await markFailed(app.db, mail.id, error instanceof Error ? error.message : String(error), isoIn(app.clock, RETRY_MS));
        }
      }
      // Every mail of the batch failed: stop here and let the timer retry later.
      if (!sentAny) return;
    }
  }

  function kick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await deliverPending().catch((error: unknown) => app.log.error({ err: error }, 'mail delivery crashed'));
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  let timer: NodeJS.Timeout | null = null;
  if (transport) {
    timer = setInterval(() => void kick(), RETRY_MS);
    timer.unref();
    app.addHook('onReady', async () => {
      void kick();
    });
  }

  app.decorate('mailer', {
    delivers: transport !== null,
    async send(mail: OutgoingMail) {
      await enqueueMail(app.db, mail, app.clock().toISOString());
      if (transport) void kick();
    },
    async flush() {
      if (transport) await kick();
    },
  } satisfies Mailer);

  // preClose runs before the database plugin's onClose closes the connection.
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    if (running) await running;
    transport?.close?.();
  });
}

export default fp(mailPlugin, { name: 'mail', dependencies: ['db'] });
