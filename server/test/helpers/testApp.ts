/**
 * One app per test file on a fresh, migrated, demo-seeded database. The demo passwords are hashed
 * once per file (argon2id at full cost), and the four demo accounts are signed in once.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type BuildAppOptions, buildApp } from '../../src/app';
import { type DemoHashes, hashDemoPasswords } from '../../src/db/seed';
import { type AnswerCheck, checkAnswers } from './contractCheck';
import { createTestDatabase, type TestDatabase } from './testDb';

export type Persona = 'anonymous' | 'superAdmin' | 'skylineAdmin' | 'skylineAgent' | 'harborAdmin';
export const PERSONAS: readonly Persona[] = ['anonymous', 'superAdmin', 'skylineAdmin', 'skylineAgent', 'harborAdmin'];

export const ACCOUNTS: Record<Exclude<Persona, 'anonymous'>, { email: string; password: string }> = {
  superAdmin: { email: 'super@estatedesk.test', password: 'Super@123' },
  skylineAdmin: { email: 'admin@skyline.test', password: 'Admin@123' },
  skylineAgent: { email: 'agent@skyline.test', password: 'Agent@123' },
  harborAdmin: { email: 'admin@harbor.test', password: 'Admin@123' },
};

export const JWT_SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret-0123456789');

/** A clock tests can move forward. */
export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
}
export function createTestClock(start = Date.now()): TestClock {
  let t = start;
  return { now: () => new Date(t), advance: (ms) => void (t += ms) };
}

let hashes: Promise<DemoHashes> | undefined;
/** The demo password hashes, computed once per test file. */
export const demoHashes = (): Promise<DemoHashes> => (hashes ??= hashDemoPasswords());

export interface TestContext {
  app: FastifyInstance;
  database: TestDatabase;
  clock: TestClock;
  /** Tokens of the demo accounts, signed in once in beforeAll. */
  tokens: Record<Persona, string | null>;
  /** User ids of the demo accounts. */
  ids: Record<Exclude<Persona, 'anonymous'>, number>;
  /** Builds another app on the same database (other limits, transport, ...). Closed in afterAll. */
  extraApp(options?: Partial<BuildAppOptions>): Promise<FastifyInstance>;
  inject(persona: Persona, options: InjectOptions): Promise<LightMyRequestResponse>;
  login(email: string, password: string): Promise<LightMyRequestResponse>;
  /** A new session token for a demo account (for tests that end sessions). */
  freshToken(persona: Exclude<Persona, 'anonymous'>): Promise<string>;
}

export function appOptions(database: TestDatabase, clock: TestClock, extra: Partial<BuildAppOptions> = {}): BuildAppOptions {
  const staticRoot = path.join(database.dir, 'static');
  mkdirSync(staticRoot, { recursive: true });
  return {
    db: database.handle,
    keepDbOpen: true,
    logger: false,
    now: clock.now,
    rateLimits: {
      signIn: { ip: { max: 10_000, windowMs: 60_000 }, account: { max: 10_000, windowMs: 60_000 } },
      register: { ip: { max: 10_000, windowMs: 60_000 }, account: { max: 10_000, windowMs: 60_000 } },
      forgotPassword: { ip: { max: 10_000, windowMs: 60_000 }, account: { max: 10_000, windowMs: 60_000 } },
      resetPassword: { ip: { max: 10_000, windowMs: 60_000 }, account: { max: 10_000, windowMs: 60_000 } },
      verifyEmail: { ip: { max: 10_000, windowMs: 60_000 }, account: { max: 10_000, windowMs: 60_000 } },
      passwordChange: { ip: { max: 10_000, windowMs: 60_000 }, account: { max: 10_000, windowMs: 60_000 } },
    },
    // Generous, so only the cost-limit tests (an extraApp with low limits) meet them.
    costLimits: {
      search: { max: 10_000, windowMs: 60_000 },
      export: { max: 10_000, windowMs: 60_000 },
      invitations: { max: 10_000, windowMs: 60_000 },
    },
    staticDirs: {
      app: path.join(staticRoot, 'dist-app'),
      examples: path.join(staticRoot, 'examples'),
      embed: path.join(staticRoot, 'dist-loader'),
    },
    ...extra,
    config: {
      dataDir: database.dir,
      jwtSecret: JWT_SECRET,
      publicUrl: 'http://localhost:8080',
      ...extra.config,
    },
  };
}

/**
 * Registers beforeAll/afterAll hooks building the file's app; the returned object is filled in
 * beforeAll. Every 2xx JSON answer of its apps is checked against the call's contract answer
 * schema (contractCheck.ts): `inject` throws on a mismatch, and afterAll fails the file for one
 * met by a request made another way.
 *
 * @example const ctx = useTestApp(); it('...', async () => { await ctx.inject('skylineAdmin', {...}) });
 */
export function useTestApp(options: Partial<BuildAppOptions> = {}): TestContext {
  const extras: FastifyInstance[] = [];
  const checks: AnswerCheck[] = [];
  const reported = new Set<string>();
  const checked = (app: FastifyInstance): FastifyInstance => {
    checks.push(checkAnswers(app));
    return app;
  };
  const ctx = {
    tokens: { anonymous: null },
    ids: {},
  } as unknown as TestContext;

  beforeAll(async () => {
    ctx.database = await createTestDatabase();
    ctx.clock = createTestClock();
    ctx.app = checked(buildApp(appOptions(ctx.database, ctx.clock, { demo: { hashes: await demoHashes() }, ...options })));
    await ctx.app.ready();
    ctx.extraApp = async (more = {}) => {
      const app = checked(buildApp(appOptions(ctx.database, ctx.clock, { demo: false, ...more })));
      await app.ready();
      extras.push(app);
      return app;
    };
    ctx.login = (email, password) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/auth', payload: { username: email, password } });
    ctx.freshToken = async (persona) => {
      const res = await ctx.login(ACCOUNTS[persona].email, ACCOUNTS[persona].password);
      if (res.statusCode !== 200) throw new Error(`sign-in of ${persona} failed: ${res.body}`);
      return (res.json() as { data: { token: string } }).data.token;
    };
    ctx.inject = async (persona, opts) => {
      const token = ctx.tokens[persona];
      const res = await ctx.app.inject({
        ...opts,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...opts.headers },
      });
      const failure = checks[0]!.failureOf(res.raw.req);
      if (failure) {
        reported.add(failure);
        throw new Error(failure);
      }
      return res;
    };
    for (const persona of Object.keys(ACCOUNTS) as Array<keyof typeof ACCOUNTS>) {
      const res = await ctx.login(ACCOUNTS[persona].email, ACCOUNTS[persona].password);
      if (res.statusCode !== 200) throw new Error(`sign-in of ${persona} failed: ${res.body}`);
      const body = res.json() as { data: { token: string; user: { id: number } } };
      ctx.tokens[persona] = body.data.token;
      ctx.ids[persona] = body.data.user.id;
    }
  });

  afterAll(async () => {
    for (const app of extras) await app.close();
    await ctx.app?.close();
    await ctx.database?.drop();
    const unreported = checks.flatMap((check) => check.failures).filter((failure) => !reported.has(failure));
    if (unreported.length) throw new Error(`answers unlike the contract:\n${[...new Set(unreported)].join('\n')}`);
  });

  return ctx;
}

/** The link of the newest outbox mail to `to`, and its token. */
export async function latestMailToken(app: FastifyInstance, to: string): Promise<{ link: string; token: string; subject: string }> {
  const mail = await app.db
    .selectFrom('email_outbox')
    .selectAll()
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!mail) throw new Error(`no mail to ${to}`);
  const link = /https?:\/\/\S+/.exec(mail.text_body)?.[0];
  if (!link) throw new Error('mail without link');
  const token = decodeURIComponent(new URL(link.replace('/#/', '/')).searchParams.get('token') ?? '');
  return { link, token, subject: mail.subject };
}
