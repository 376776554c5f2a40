/** GET /mailbox: the demo mailbox page (only without SMTP). */
import type { FastifyInstance } from 'fastify';
import { latestMails } from './repository';
import { MAILBOX_CSP, renderMailbox } from './page';

export default async function mailboxRoutes(app: FastifyInstance): Promise<void> {
  app.get('/mailbox', { config: { access: { kind: 'public' } } }, async (_request, reply) => {
    const mails = await latestMails(app.db);
    reply.header('content-security-policy', MAILBOX_CSP).header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return renderMailbox(mails);
  });
}
