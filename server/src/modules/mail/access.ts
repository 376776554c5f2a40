/**
 * Who may read the demo mailbox. It shows every mail the server wrote, the super admin's reset
 * link included, so it exists only while demo data is on, and then answers only a client on this
 * machine unless MAILBOX=open says a demo wants it shared.
 */
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';

type MailboxConfig = Pick<AppConfig, 'demoData' | 'mailbox'>;

/** Whether the page may exist at all (the caller also checks that no SMTP transport is set). */
export const mailboxEnabled = (config: MailboxConfig): boolean => config.demoData && config.mailbox !== 'off';

/** 127.0.0.0/8, ::1, and 127.x written as an IPv4-mapped IPv6 address. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const text = address.toLowerCase();
  const v4 = text.startsWith('::ffff:') ? text.slice('::ffff:'.length) : text;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return isIP(text) === 6 && /^(0{0,4}:){2,7}0{0,3}1$/.test(text);
}

/** Headers a reverse proxy adds: a request carrying one came from elsewhere, whatever the socket says. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/**
 * True when this request may see the mailbox. The socket's own address decides, never
 * `request.ip`: with trustProxy that is read from X-Forwarded-For, which any client can write.
 */
export function mailboxAllows(config: MailboxConfig, request: FastifyRequest): boolean {
  if (!mailboxEnabled(config)) return false;
  if (config.mailbox === 'open') return true;
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopback(request.socket.remoteAddress);
}

/** The start-up line about mail: how it is delivered, where the demo mailbox is, or that it is not sent. */
export function mailStartLine(config: AppConfig, delivers: boolean): string {
  if (delivers) return 'Mail: sent through SMTP';
  if (!mailboxEnabled(config)) {
    return 'Mail: NOT DELIVERED. SMTP_URL is not set, so verification, password-reset and invitation mails stay in the outbox table; set SMTP_URL.';
  }
  const readers = config.mailbox === 'open' ? 'open to anyone who can reach this server (MAILBOX=open)' : 'readable from this machine only';
  return `Mail: not sent (no SMTP_URL); demo mailbox at ${config.publicUrl}/mailbox, ${readers}`;
}
