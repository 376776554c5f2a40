/** Fixtures of the dashboard tests: a brand-new company with its signed-in admin. */
import { expect } from 'vitest';
import { latestMailToken, type TestContext } from './helpers/testApp';

let made = 0;

/** Registers, verifies and signs in the admin of a new company; returns its token and company id. */
export async function newCompany(ctx: TestContext, name = 'Lotus'): Promise<{ token: string; companyId: number; userId: number }> {
  const email = `owner${++made}.${process.pid}@${name.toLowerCase()}.test`;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/register',
    payload: { display_name: `${name} Realty ${made}`, first_name: 'Owner', last_name: name, email, password: 'Lotus@123', password_confirmation: 'Lotus@123' },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  const { token: verify } = await latestMailToken(ctx.app, email);
  expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/verify-email', payload: { token: verify } })).statusCode).toBe(200);
  const login = await ctx.login(email, 'Lotus@123');
  expect(login.statusCode, login.body).toBe(200);
  const data = login.json().data as { token: string; company_id: number; user: { id: number } };
  return { token: data.token, companyId: data.company_id, userId: data.user.id };
}

export const summaryOf = (ctx: TestContext, token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard/summary', headers: { authorization: `Bearer ${token}` } });

/**
 * The trigger-kept dashboard counts beside the same counts made from the leads table itself:
 * differences as readable lines (none when they agree).
 */
export async function dashboardCountDrift(ctx: TestContext): Promise<string[]> {
  const db = ctx.app.db.withTables<{
    lead_day_counts: { company_id: number; day: string; workflow_key: number; n: number };
    lead_wish_counts: { company_id: number; property_type: number; city: string; n: number };
  }>();
  const leads = await db.selectFrom('leads').select(['company_id', 'created_at', 'workflow_id', 'property_type', 'city']).execute();
  const wantDays = new Map<string, number>();
  const wantWishes = new Map<string, number>();
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const lead of leads) {
    bump(wantDays, `${lead.company_id}/${new Date(lead.created_at).toISOString().slice(0, 10)}/${lead.workflow_id ?? 0}`);
    const city = (lead.city ?? '').trim().toLowerCase();
    if (lead.property_type != null && city) bump(wantWishes, `${lead.company_id}/${lead.property_type}/${city}`);
  }
  const days = await db.selectFrom('lead_day_counts').selectAll().execute();
  const wishes = await db.selectFrom('lead_wish_counts').selectAll().execute();
  const haveDays = new Map(days.filter((r) => Number(r.n) !== 0).map((r) => [`${r.company_id}/${r.day}/${r.workflow_key}`, Number(r.n)]));
  const haveWishes = new Map(wishes.filter((r) => Number(r.n) !== 0).map((r) => [`${r.company_id}/${r.property_type}/${r.city}`, Number(r.n)]));
  const drift: string[] = [];
  for (const [label, want, have] of [
    ['day', wantDays, haveDays],
    ['wish', wantWishes, haveWishes],
  ] as const) {
    for (const key of new Set([...want.keys(), ...have.keys()])) {
      if (want.get(key) !== have.get(key)) drift.push(`${label} ${key}: real ${want.get(key)} kept ${have.get(key)}`);
    }
  }
  return drift;
}
