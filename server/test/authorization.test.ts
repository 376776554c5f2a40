import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_ACCESS } from '../src/route-access';
import { AUTHORIZATION_TABLE, type TableFixtures } from './authorization.table';
import { addSkylineAgent, AGENT_PERSONAS, signIn } from './helpers/agentPersonas';
import { companyIdOf } from './helpers/leads';
import { TABLE_PERSONAS, type TablePersona } from './helpers/tablePersonas';
import { useTestApp } from './helpers/testApp';

// The table asks who may call, not how often: every limit is out of its way (the two-factor
// rows alone make more failed attempts from one address than its limit allows).
const RELAXED = { ip: { max: 10_000, windowMs: 60_000 }, account: { max: 10_000, windowMs: 60_000 } };
const ctx = useTestApp({
  rateLimits: { signIn: RELAXED, register: RELAXED, forgotPassword: RELAXED, resetPassword: RELAXED, verifyEmail: RELAXED, passwordChange: RELAXED, twoFactor: RELAXED },
});
let fixtures: TableFixtures;

beforeAll(async () => {
  const db = ctx.app.db;
  const idOf = async (email: string) => (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const skyline = await db.selectFrom('users').select('company_id').where('id', '=', ctx.ids.skylineAdmin).executeTakeFirstOrThrow();
  let counter = 0;
  const propertyAgent = await addSkylineAgent(ctx, AGENT_PERSONAS.propertyAgent);
  const leadReader = await addSkylineAgent(ctx, AGENT_PERSONAS.leadReader);
  const tokens: Record<TablePersona, string | null> = { ...ctx.tokens, propertyAgent: propertyAgent.token, leadReader: leadReader.token };
  fixtures = {
    ctx,
    tokens,
    freshToken: (persona) => (persona === 'propertyAgent' || persona === 'leadReader' ? signIn(ctx, AGENT_PERSONAS[persona].email) : ctx.freshToken(persona)),
    companyOf: async (persona) =>
      persona === 'propertyAgent' || persona === 'leadReader' ? skyline.company_id : companyIdOf(db, persona),
    skylineColleagueId: await idOf('priya.nair@skyline.test'),
    skylineInvitedId: await idOf('sneha.reddy@skyline.test'),
    uniqueEmail: (prefix) => `${prefix.toLowerCase()}-${++counter}@table.test`,
    async newSkylineAgent() {
      const now = new Date().toISOString();
      const row = await db
        .insertInto('users')
        .values({
          company_id: skyline.company_id,
          role_id: null,
          user_type: 'agent',
          first_name: 'Temp',
          last_name: 'Agent',
          email: `temp-${++counter}@skyline.test`,
          status: 'active',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
  // Files for the static rows (folders come from the test app's options).
  const staticRoot = path.join(ctx.database.dir, 'static');
  for (const [dir, file] of [
    ['dist-app/assets', 'app.js'],
    ['examples', 'host.html'],
    ['dist-loader', 'estatedesk.js'],
  ] as const) {
    mkdirSync(path.join(staticRoot, dir), { recursive: true });
    writeFileSync(path.join(staticRoot, dir, file), '// fixture');
  }
  mkdirSync(path.join(ctx.database.dir, 'uploads', 'demo'), { recursive: true });
  writeFileSync(path.join(ctx.database.dir, 'uploads', 'demo', 'cover.png'), 'png');
});

describe('authorization table', () => {
  it('every route answers each persona as the table says', async () => {
    const failures: string[] = [];
    for (const row of AUTHORIZATION_TABLE) {
      for (const persona of TABLE_PERSONAS) {
        const { token, ...request } = await row.request(fixtures, persona);
        const bearer = token ?? fixtures.tokens[persona];
        const res = await ctx.app.inject({
          ...request,
          headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...request.headers },
        });
        const expected = row.expect[persona];
        if (res.statusCode !== expected) {
          failures.push(`${row.route} (${row.title}) as ${persona}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
        // Every API failure has the shape of docs/architecture.md ("How calls answer").
        if (request.url.startsWith('/api/') && res.statusCode >= 400) {
          const body = res.json();
          if (body.status !== 'Error' || typeof body.message === 'undefined') failures.push(`${row.route} as ${persona}: bad error shape ${res.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('covers every registered route, and lists no route that does not exist', () => {
    const registered = new Set(ctx.app.routeList.map((r) => `${r.method} ${r.url}`));
    const covered = new Set(AUTHORIZATION_TABLE.map((row) => row.route));
    expect([...registered].filter((route) => !covered.has(route)), 'routes missing from authorization.table.ts').toEqual([]);
    expect([...covered].filter((route) => !registered.has(route)), 'table rows naming no route').toEqual([]);
  });

  it('every row of src/route-access.ts names a registered route', () => {
    const registered = new Set(ctx.app.routeList.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(ROUTE_ACCESS).filter((route) => !registered.has(route)), 'stale rows in route-access.ts').toEqual([]);
  });
});
