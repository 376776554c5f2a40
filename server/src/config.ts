/**
 * Server settings. `loadConfig(process.env)` reads the environment (documented in the README);
 * `resolveConfig(partial)` fills defaults without reading the environment, so tests and the
 * benchmark can build an app from plain values.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type ConnectionLimits, connectionLimitsFrom, DEFAULT_CONNECTION_LIMITS } from './lib/connections';
import { parseFrameAncestors } from './lib/csp';
import { imagePrefixFor, type MediaStorage, mediaStorageFrom } from './lib/media-store/settings';

export interface AppConfig {
  port: number;
  host: string;
  /** Database file, uploads and the generated JWT secret live here. */
  dataDir: string;
  /** PostgreSQL connection string; SQLite in `dataDir` when empty. */
  databaseUrl: string | null;
  /** nodemailer transport URL; without it mails stay in the outbox (and the demo mailbox shows them). */
  smtpUrl: string | null;
  /**
   * Who may read the demo mailbox (/mailbox; only without SMTP and with demo data on, since it shows
   * every account's reset link): `local` clients on this machine, `open` anyone (a demo on a
   * shared host), `off` nobody.
   */
  mailbox: MailboxAccess;
  mailFrom: string;
  /** Where people open the app; links in mails point here. */
  publicUrl: string;
  /** Browser origins allowed to call the API (CORS). The public URL's own origin is always allowed. */
  allowedOrigins: string[];
  /** HS256 key, at least 32 bytes. */
  jwtSecret: Uint8Array;
  /** URL prefix under which uploaded files are served (a bucket may serve it instead). */
  imagePrefix: string;
  /** Where uploaded files are kept: DATA_DIR/uploads, or a bucket when S3_BUCKET is set (lib/media-store). */
  mediaStorage: MediaStorage;
  /** Trust X-Forwarded-* headers (behind a reverse proxy) so rate limits see the client's IP. */
  trustProxy: boolean;
  logLevel: string;
  /** Write the demo data into a database without users (DEMO_DATA=off for a real deployment). */
  demoData: boolean;
  /** Who may frame the app's pages (CSP frame-ancestors): `'self'`, `'none'` or origins. */
  frameAncestors: string[];
  /** Timeouts and the connection cap (lib/connections.ts). */
  connections: ConnectionLimits;
  /** Compress answers made per request (plugins/compression.ts); COMPRESS=off where a proxy in front does. */
  compressAnswers: boolean;
  /** Days the activity log keeps an event (ACTIVITY_RETENTION_DAYS; docs/activity.md). */
  activityRetentionDays: number;
  /**
   * Development only (WEBHOOKS_ALLOW_PRIVATE=1): webhooks may be sent to loopback and private
   * addresses, and over plain http (docs/webhooks.md). Off, a webhook's host must resolve to public
   * addresses only, checked when it is saved and again at each delivery.
   */
  webhooksAllowPrivate: boolean;
}

/** Settings as given: any may be missing, the connection limits one by one. */
export type ConfigInput = Partial<Omit<AppConfig, 'connections'>> & { connections?: Partial<ConnectionLimits> };

export const MAILBOX_ACCESS = ['local', 'open', 'off'] as const;
export type MailboxAccess = (typeof MAILBOX_ACCESS)[number];

const DEFAULT_PORT = 8080;
const DEFAULT_HOST = '127.0.0.1';
const MIN_SECRET_BYTES = 32;

/** Reads the environment. Creates DATA_DIR and, when JWT_SECRET is unset, DATA_DIR/jwt-secret. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const port = env.PORT ? Number(env.PORT) : DEFAULT_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const host = env.HOST?.trim() || DEFAULT_HOST;
  const dataDir = path.resolve(cwd, env.DATA_DIR?.trim() || './data');
  return resolveConfig({
    port,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL?.trim() || null,
    smtpUrl: env.SMTP_URL?.trim() || null,
    mailbox: mailboxFrom(env.MAILBOX),
    mailFrom: env.MAIL_FROM?.trim() || undefined,
    publicUrl: env.PUBLIC_URL?.trim() || undefined,
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    jwtSecret: env.JWT_SECRET ? secretFromText(env.JWT_SECRET) : undefined,
    imagePrefix: env.IMAGE_PREFIX?.trim() || undefined,
    mediaStorage: mediaStorageFrom(env),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL?.trim() || undefined,
    demoData: !switchedOff(env.DEMO_DATA),
    frameAncestors: parseFrameAncestors(env.FRAME_ANCESTORS),
    compressAnswers: !switchedOff(env.COMPRESS),
    activityRetentionDays: retentionFrom(env.ACTIVITY_RETENTION_DAYS),
    webhooksAllowPrivate: env.WEBHOOKS_ALLOW_PRIVATE === '1' || env.WEBHOOKS_ALLOW_PRIVATE === 'true',
    connections: { ...DEFAULT_CONNECTION_LIMITS, ...connectionLimitsFrom(env) },
  });
}

/** An on-by-default switch turned off: `0`, `off`, `false` or `no`. */
const switchedOff = (text: string | undefined) => /^(0|off|false|no)$/i.test(text?.trim() ?? '');

/** Fills every missing setting with its default. */
export function resolveConfig(partial: ConfigInput = {}): AppConfig {
  const port = partial.port ?? DEFAULT_PORT;
  const host = partial.host ?? DEFAULT_HOST;
  const dataDir = path.resolve(partial.dataDir ?? './data');
  // Listening on every interface says nothing about the address people use: link to localhost.
  const linkHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  const publicUrl = (partial.publicUrl ?? `http://${linkHost}:${port}`).replace(/\/+$/, '');
  const mediaStorage: MediaStorage = partial.mediaStorage ?? { kind: 'local' };
  const imagePrefix = imagePrefixFor(mediaStorage, partial.imagePrefix);
  return {
    port,
    host,
    dataDir,
    databaseUrl: partial.databaseUrl ?? null,
    smtpUrl: partial.smtpUrl ?? null,
    mailbox: partial.mailbox ?? 'local',
    mailFrom: partial.mailFrom ?? 'EstateDesk <no-reply@estatedesk.local>',
    publicUrl,
    allowedOrigins: (partial.allowedOrigins ?? []).map((o) => o.replace(/\/+$/, '')),
    jwtSecret: partial.jwtSecret ?? loadOrCreateSecret(dataDir),
    imagePrefix,
    mediaStorage,
    trustProxy: partial.trustProxy ?? false,
    logLevel: partial.logLevel ?? 'info',
    demoData: partial.demoData ?? true,
    frameAncestors: partial.frameAncestors ?? ["'self'"],
    connections: { ...DEFAULT_CONNECTION_LIMITS, ...partial.connections },
    compressAnswers: partial.compressAnswers ?? true,
    activityRetentionDays: partial.activityRetentionDays ?? DEFAULT_RETENTION_DAYS,
    webhooksAllowPrivate: partial.webhooksAllowPrivate ?? false,
  };
}

/** A year and a bit: last year's same month can still be compared. */
const DEFAULT_RETENTION_DAYS = 400;

function retentionFrom(text: string | undefined): number | undefined {
  if (!text?.trim()) return undefined;
  const days = Number(text);
  if (!Number.isInteger(days) || days < 1) throw new Error(`ACTIVITY_RETENTION_DAYS must be a whole number of days, at least 1, got "${text}"`);
  return days;
}

/** MAILBOX: a typo must not leave the mailbox in a state nobody chose, so unknown values stop the start. */
function mailboxFrom(text: string | undefined): MailboxAccess | undefined {
  const value = text?.trim().toLowerCase();
  if (!value) return undefined;
  if (!(MAILBOX_ACCESS as readonly string[]).includes(value)) {
    throw new Error(`MAILBOX must be one of ${MAILBOX_ACCESS.join(', ')}, got "${text}"`);
  }
  return value as MailboxAccess;
}

function secretFromText(text: string): Uint8Array {
  const bytes = new TextEncoder().encode(text);
  if (bytes.length < MIN_SECRET_BYTES) throw new Error(`JWT_SECRET must be at least ${MIN_SECRET_BYTES} bytes long`);
  return bytes;
}

/** The secret in DATA_DIR/jwt-secret, generated once (mode 0600) so tokens survive restarts. */
export function loadOrCreateSecret(dataDir: string): Uint8Array {
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      // 'wx' so two processes starting at once cannot overwrite each other's secret.
      writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    chmodSync(file, 0o600);
  }
  return secretFromText(readFileSync(file, 'utf8').trim());
}
