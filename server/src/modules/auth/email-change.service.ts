/** How long an undo link lives, read from here by older code: e-mail changes belong to the people (users/email-change.service.ts). */
export { UNDO_TTL_MS } from '../users/email-change.service';
