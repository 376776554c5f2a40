/**
 * Hostile input: the demo mailbox holds every account's reset link, so it answers only a client on
 * this machine (unless a demo opens it on purpose) and never once demo data is off.
 */
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/contract';
import { loadConfig, resolveConfig } from '../src/config';
import { mailStartLine } from '../src/modules/mail/access';
import { ACCOUNTS, JWT_SECRET, useTestApp } from './helpers/testApp';

const ctx = useTestApp();
const NOT_FOUND = { status: 'Error', message: MESSAGES.generic.notFound };

/** Asks for a reset link for the super admin, then opens the mailbox as `as` describes. */
async function mailbox(app: FastifyInstance, as: Partial<InjectOptions> = {}) {
  await app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email: ACCOUNTS.superAdmin.email } });
  return app.inject({ method: 'GET', url: '/mailbox', ...as });
}

const showsResetLink = (body: string) => body.includes(ACCOUNTS.superAdmin.email) && /reset-password\?token=/.test(body);

describe('GET /mailbox', () => {
  it.each(['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1'])('shows the mails to a client on this machine (%s)', async (remoteAddress) => {
    const res = await mailbox(ctx.app, { remoteAddress });
    expect(res.statusCode).toBe(200);
    expect(showsResetLink(res.body)).toBe(true);
  });

  it.each(['10.0.0.5', '192.168.1.20', '::ffff:10.0.0.5', '2001:db8::5', '128.0.0.1'])('shows nothing to a client elsewhere (%s)', async (remoteAddress) => {
    const res = await mailbox(ctx.app, { remoteAddress });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
    expect(res.body).not.toContain('token=');
  });

  it('does not take a request forwarded by a proxy on this machine for a local one', async () => {
    const behindProxy = await ctx.extraApp({ config: { trustProxy: true } });
    for (const headers of [
      { 'x-forwarded-for': '203.0.113.9' },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
    ]) {
      const res = await mailbox(behindProxy, { remoteAddress: '127.0.0.1', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(404);
      expect(res.body).not.toContain('token=');
    }
    // Nor without trustProxy: the proxy is there whether or not the server was told.
    const forwarded = await mailbox(ctx.app, { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(forwarded.statusCode).toBe(404);
  });

  it('is not unlocked by a client elsewhere claiming to be local through a trusted header', async () => {
    const behindProxy = await ctx.extraApp({ config: { trustProxy: true } });
    const res = await mailbox(behindProxy, { remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(res.statusCode).toBe(404);
  });

  it('shows nothing, even on this machine, when demo data is off', async () => {
    for (const mailboxSetting of ['local', 'open'] as const) {
      const real = await ctx.extraApp({ config: { demoData: false, mailbox: mailboxSetting } });
      const res = await mailbox(real, { remoteAddress: '127.0.0.1' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  it('shows the mails to anyone once a demo opens it (MAILBOX=open), and to nobody when off', async () => {
    const open = await ctx.extraApp({ config: { mailbox: 'open' } });
    const res = await mailbox(open, { remoteAddress: '10.0.0.5' });
    expect(res.statusCode).toBe(200);
    expect(showsResetLink(res.body)).toBe(true);
    const off = await ctx.extraApp({ config: { mailbox: 'off' } });
    expect((await mailbox(off, { remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
  });
});

describe('GET /mailbox over a real socket', () => {
  it('answers a connection from 127.0.0.1 and refuses one to a network address of this machine', async () => {
    const listening = await ctx.extraApp();
    await listening.listen({ host: '0.0.0.0', port: 0 });
    const { port } = listening.server.address() as AddressInfo;
    await ctx.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email: ACCOUNTS.superAdmin.email } });

    const local = await fetch(`http://127.0.0.1:${port}/mailbox`);
    expect(local.status).toBe(200);
    expect(showsResetLink(await local.text())).toBe(true);
    // The connection comes from that address, not from loopback, though both ends are this machine.
    const network = Object.values(networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal);
    if (network) {
      const remote = await fetch(`http://${network.address}:${port}/mailbox`);
      expect(remote.status).toBe(404);
      expect(await remote.text()).not.toContain('token=');
    }
  });
});

describe('the MAILBOX setting', () => {
  const env = (extra: Record<string, string>) => ({ DATA_DIR: ctx.database.dir, JWT_SECRET: 'x'.repeat(40), ...extra });

  it('is "local" by default and reads open, local and off', () => {
    expect(loadConfig(env({})).mailbox).toBe('local');
    expect(loadConfig(env({ MAILBOX: 'open' })).mailbox).toBe('open');
    expect(loadConfig(env({ MAILBOX: ' OFF ' })).mailbox).toBe('off');
    expect(loadConfig(env({ MAILBOX: 'local' })).mailbox).toBe('local');
  });

  it('refuses a value it does not know rather than guessing', () => {
    expect(() => loadConfig(env({ MAILBOX: 'yes' }))).toThrow(/MAILBOX/);
  });
});

describe('the start-up line about mail', () => {
  const config = (partial: Parameters<typeof resolveConfig>[0]) => resolveConfig({ jwtSecret: JWT_SECRET, publicUrl: 'http://localhost:8080', ...partial });

  it('warns a server for real use without SMTP that mails are not delivered', () => {
    const line = mailStartLine(config({ demoData: false }), false);
    expect(line).toMatch(/not delivered/i);
    expect(line).toContain('SMTP_URL');
    expect(line).not.toContain('/mailbox');
  });

  it('names the mailbox and who may read it in a demo', () => {
    expect(mailStartLine(config({}), false)).toMatch(/http:\/\/localhost:8080\/mailbox.*this machine/);
    expect(mailStartLine(config({ mailbox: 'open' }), false)).toMatch(/\/mailbox.*anyone/i);
    expect(mailStartLine(config({ smtpUrl: 'smtp://mail:25' }), true)).toMatch(/SMTP/);
  });
});
