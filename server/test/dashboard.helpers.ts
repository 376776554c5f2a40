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
