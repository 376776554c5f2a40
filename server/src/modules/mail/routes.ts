/** GET /mailbox: the demo mailbox page (only without SMTP, only with demo data, see access.ts). */
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/http-error';
import { route } from '../../lib/route';
import { mailboxAllows } from './access';
import { MAILBOX_CSP, renderMailbox } from './page';
import { mailboxMails } from './service';

export default async function mailboxRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/mailbox',
    handler: async ({ request, reply }) => {
      // Refused like an unknown path, so a client elsewhere learns nothing, not even that it exists.
      if (!mailboxAllows(app.config, request)) throw notFound();
      const mails = await mailboxMails(app);
      reply.header('content-security-policy', MAILBOX_CSP).header('cache-control', 'no-store').type('text/html; charset=utf-8');
      return renderMailbox(mails);
    },
  });
}
