/**
 * Texts of the mails the server sends. Links go to the client's hash routes; the client then
 * posts the token to /api/v1/verify-email, /api/v1/reset-password, /api/v1/auth/accept-invitation or
 * /api/v1/email-change/undo.
 */
import type { OutgoingMail } from './repository';

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function build(kind: string, to: string, subject: string, lines: string[], link: string, linkLabel: string): OutgoingMail {
  const text = [...lines, '', `${linkLabel}: ${link}`, ''].join('\n');
  const html = [
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(linkLabel)}</a></p>`,
  ].join('\n');
  return { kind, to, subject, text, html };
}

export function verificationMail(publicUrl: string, to: string, firstName: string, token: string, hours: number): OutgoingMail {
  return build(
    'verify-email',
    to,
    'Confirm your e-mail address for EstateDesk',
    [
      `Hello ${firstName},`,
      'Please confirm your e-mail address to finish setting up your EstateDesk account.',
      `The link works once and expires in ${hours} hours.`,
    ],
    `${publicUrl}/#/verify-email?token=${encodeURIComponent(token)}`,
    'Confirm e-mail address',
  );
}

export function resetMail(publicUrl: string, to: string, firstName: string, token: string, minutes: number): OutgoingMail {
  return build(
    'reset-password',
    to,
    'Reset your EstateDesk password',
    [
      `Hello ${firstName},`,
      'Someone asked to reset the password of your EstateDesk account. If it was not you, ignore this mail.',
      `The link works once and expires in ${minutes} minutes.`,
    ],
    `${publicUrl}/#/reset-password?token=${encodeURIComponent(token)}`,
    'Choose a new password',
  );
}

export function invitationMail(publicUrl: string, to: string, firstName: string, company: string, token: string, days: number): OutgoingMail {
  return build(
    'invitation',
    to,
    `You are invited to ${company} on EstateDesk`,
    [
      `Hello ${firstName},`,
      `${company} has added you to EstateDesk. Follow the link to set your password and activate your account, then sign in with your e-mail address and that password.`,
      `The link works once and expires in ${days} days. If ${company} sends you a new invitation, only the newest link works.`,
    ],
    `${publicUrl}/#/accept-invitation?token=${encodeURIComponent(token)}`,
    'Accept the invitation and set your password',
  );
}

/** To the old address of an account whose e-mail changed: what happened, and the way back. */
export function emailChangedMail(publicUrl: string, to: string, firstName: string, newEmail: string, token: string, days: number): OutgoingMail {
  return build(
    'email-changed',
    to,
    'Your EstateDesk e-mail address was changed',
    [
      `Hello ${firstName},`,
      `The e-mail address of your EstateDesk account was changed from ${to} to ${newEmail}.`,
      `If you did not make this change, follow the link: your account goes back to ${to}, every session is signed out and you choose a new password.`,
      `The link works once and expires in ${days} days.`,
    ],
    `${publicUrl}/#/undo-email-change?token=${encodeURIComponent(token)}`,
    'This was not me: undo the change',
  );
}

/** To a person whose two-factor sign-in a manager reset. */
export function twoFactorResetMail(publicUrl: string, to: string, firstName: string, by: string): OutgoingMail {
  return build(
    'two-factor-reset',
    to,
    'Your EstateDesk two-factor sign-in was reset',
    [
      `Hello ${firstName},`,
      `${by} reset the two-factor sign-in of your EstateDesk account, so your authenticator app's codes and your recovery codes no longer work.`,
      'You sign in with your password; if your company requires two-factor sign-in, you set it up again right after. If you did not ask for this, tell your administrator.',
    ],
    `${publicUrl}/#/login`,
    'Sign in',
  );
}
