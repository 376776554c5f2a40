/** The demo mailbox's read: the latest mails of the outbox. */
import type { Deps } from '../../types';
import { latestMails } from './repository';

export const mailboxMails = (deps: Pick<Deps, 'db'>) => latestMails(deps.db);
