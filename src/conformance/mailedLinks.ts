/**
 * Registration, password reset, e-mail verification, invitations and the undo of an e-mail
 * change, as far as they go without reading mail: the forms' refusals (422), the reset request's
 * one answer for any address (an address nobody has, so no mail goes to anyone), and a link the
 * server never sent (400). The steps after a mailed link are skipped, saying so: the walk reads
 * no mailbox, and a registration would leave a company behind that only a super admin removes.
 */
import { AUTH_PATHS } from '../contract/auth';
import type { Walk } from './walk';

const NEEDS_MAIL = 'needs mail: the walk reads no mailbox, so it never has the link\u2019s token';

export async function mailedLinks(walk: Walk, marker: string): Promise<void> {
  const password = `Cf-${marker}-Aa1!`;
  const unknownLink = `${marker}-never-sent`;

  await walk.check('POST', AUTH_PATHS.register, AUTH_PATHS.register, 422, { display_name: '', first_name: '', last_name: '', email: 'not-an-email', password: 'x', password_confirmation: 'y' }, null, 'POST /register with bad fields (422)');
  walk.skip('POST /register (201) and POST /verify-email', `${NEEDS_MAIL}; the company and admin a registration creates wait for the mailed verification, and only a super admin could remove them`);
  await walk.check('POST', AUTH_PATHS.verifyEmail, AUTH_PATHS.verifyEmail, 400, { token: unknownLink }, null, 'POST /verify-email with a link never sent (400)');

  await walk.check('POST', '/forgot-password', '/forgot-password', 422, { email: '' }, null, 'POST /forgot-password without an address (422)');
  await walk.check('POST', '/forgot-password', '/forgot-password', 200, { email: `${marker}-nobody@example.com` }, null, 'POST /forgot-password of an address nobody has (the same answer)');
  await walk.check('POST', AUTH_PATHS.resetPassword, AUTH_PATHS.resetPassword, 400, { token: unknownLink, password, password_confirmation: password }, null, 'POST /reset-password with a link never sent (400)');
  walk.skip('POST /reset-password with a mailed link', NEEDS_MAIL);

  await walk.check('POST', '/auth/accept-invitation', '/auth/accept-invitation', 400, { token: unknownLink, password, password_confirmation: password }, null, 'POST /auth/accept-invitation with a link never sent (400)');
  walk.skip('POST /auth/accept-invitation of the invited user', NEEDS_MAIL);
  await walk.check('POST', '/email-change/undo', '/email-change/undo', 400, { token: unknownLink }, null, 'POST /email-change/undo with a link never sent (400)');
}
