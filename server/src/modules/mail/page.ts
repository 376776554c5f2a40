/**
 * The demo mailbox page (/mailbox): server-rendered, every value escaped, links made clickable
 * only after escaping, and a CSP that allows no script at all.
 */
import { escapeHtml } from './templates';

export interface MailboxEntry {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  kind: string;
  created_at: string;
}

export const MAILBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Escapes a text, then turns http(s) URLs into links. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}" rel="noreferrer">${url}</a>`);
}

export function renderMailbox(mails: readonly MailboxEntry[]): string {
  const items = mails.length
    ? mails
        .map(
          (m) => `<article>
<header><strong>${escapeHtml(m.subject)}</strong><br><small>To ${escapeHtml(m.to_address)} · ${escapeHtml(m.created_at)} · ${escapeHtml(m.kind)}</small></header>
<pre>${linkify(m.text_body)}</pre>
</article>`,
        )
        .join('\n')
    : '<p>No mail yet.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>EstateDesk demo mailbox</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#333}
article{border:1px solid #ddd;border-radius:6px;padding:.75rem 1rem;margin:1rem 0}pre{white-space:pre-wrap;font:inherit}
a{color:#ea580c}</style></head>
<body><h1>Demo mailbox</h1>
<p>Mails the server would send, newest first. Shown only while no SMTP server is configured and demo data is on, to this machine unless MAILBOX=open.</p>
${items}
</body></html>`;
}
