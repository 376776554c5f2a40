/**
 * One delivery attempt, apart from the database: the payload of an event, its signature, the
 * POST itself (to the address checked, with a time limit, no redirects followed) and when to try
 * again after a failure. docs/webhooks.md tells receivers what arrives.
 */
import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { WEBHOOK_HEADERS, WEBHOOK_LIMITS, type WebhookPayload } from '@contract';
import type { EventRow } from '../activity/repository';
import { pinnedLookup, type ResolvedAddress } from './addresses';

const parseJson = (text: string | null) => (text ? (JSON.parse(text) as Record<string, unknown>) : null);

/** What a receiver gets for an event. */
export function payloadOf(event: EventRow, companyId: number): WebhookPayload {
  return {
    id: event.id,
    action: event.action,
    created_at: event.created_at,
    company_id: companyId,
    record: { type: event.record_type, id: event.record_id, label: event.record_label },
    actor: { id: event.actor_id, name: event.actor_name },
    changes: parseJson(event.changes) as WebhookPayload['changes'],
    data: parseJson(event.data),
  };
}

/**
 * The `EstateDesk-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the secret>`.
 * @example signature('whsec_abc', 1700000000, '{"id":1}') // 't=1700000000,v1=5f0c…'
 */
export function signature(secret: string, unixSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** The first waits after a failed attempt, then doubling, at most RETRY_CAP_MS. */
export const RETRY_FIRST_MS = 30_000;
export const RETRY_CAP_MS = 60 * 60 * 1000;

/**
 * The wait after the `attempt`-th attempt failed: 30 s, 1 min, 2 min, 4 min … at most an hour, each
 * up to a fifth longer at random so that receivers back from an outage are not hit all at once.
 * @example retryDelay(3, () => 0) // 120000
 */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, attempt - 1), RETRY_CAP_MS);
  return Math.round(base * (1 + random() / 5));
}

/**
 * When to try again after a failed attempt at `nowMs`, or null to give up: attempts go on until
 * WEBHOOK_LIMITS.retryForMs after the first one, the last one at that moment.
 */
export function nextAttemptAt(firstAttemptMs: number, nowMs: number, attempt: number, random?: () => number): number | null {
  const deadline = firstAttemptMs + WEBHOOK_LIMITS.retryForMs;
  if (nowMs >= deadline) return null;
  return Math.min(nowMs + retryDelay(attempt, random), deadline);
}

export interface AttemptResult {
  /** The receiver's HTTP status; null when none came. */
  status: number | null;
  durationMs: number;
  error: string | null;
}

export interface Outgoing {
  url: URL;
  address: ResolvedAddress;
  headers: Record<string, string>;
  body: string;
  timeoutMs?: number;
}

const USER_AGENT = 'EstateDesk-Webhooks/1';

/**
 * POSTs `body` to `url`, connecting to `address` (checked beforehand) whatever the name resolves to
 * now; TLS still verifies the certificate for the URL's host name. Never throws; a 2xx succeeds.
 */
export function post(outgoing: Outgoing): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const send = outgoing.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let done = false;
    const finish = (result: Omit<AttemptResult, 'durationMs'>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const req = send(
      outgoing.url,
      {
        method: 'POST',
        lookup: pinnedLookup(outgoing.address),
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(outgoing.body)),
          'user-agent': USER_AGENT,
          ...outgoing.headers,
        },
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        // The answer's body is not kept: read and dropped, so the connection closes cleanly.
        res.resume();
        res.on('end', () => finish({ status, error: status >= 200 && status < 300 ? null : `The receiver answered ${status}.` }));
        res.on('error', () => finish({ status, error: `The receiver answered ${status}.` }));
      },
    );
    const timer = setTimeout(() => {
      finish({ status: null, error: `No answer within ${Math.round((outgoing.timeoutMs ?? WEBHOOK_LIMITS.timeoutMs) / 1000)} s.` });
      req.destroy();
    }, outgoing.timeoutMs ?? WEBHOOK_LIMITS.timeoutMs);
    req.on('error', (error) => finish({ status: null, error: `Could not reach the receiver: ${(error as NodeJS.ErrnoException).code ?? error.message}.` }));
    req.end(outgoing.body);
  });
}

/** The headers of one delivery of `body`. */
export function deliveryHeaders(secret: string, unixSeconds: number, body: string, action: string, deliveryId: number): Record<string, string> {
  return {
    [WEBHOOK_HEADERS.signature]: signature(secret, unixSeconds, body),
    [WEBHOOK_HEADERS.event]: action,
    [WEBHOOK_HEADERS.delivery]: String(deliveryId),
  };
}
