import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HealthAnswer } from '../../src/contract';
import type { MailTransport } from '../src/plugins/mail';
import { useTestApp } from './helpers/testApp';
import { testEngine } from './helpers/testDb';

const ctx = useTestApp();

describe('GET /api/v1/health', () => {
  it('names the database and the uptime', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    const body = HealthAnswer.parse(res.json());
    expect(body).toMatchObject({ status: 'Success', data: { database: testEngine() } });
    expect(body.data.uptime_s).toBeGreaterThanOrEqual(0);
  });
});

describe('GET /mailbox', () => {
  it('lists mails newest first, escaped, with clickable links and a script-free CSP', async () => {
    const evil = '<script>alert(1)</script>';
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      payload: {
        display_name: 'Evil "Estates"',
        first_name: evil,
        last_name: 'X',
        email: 'evil@evil.test',
        password: 'Evil@1234',
        password_confirmation: 'Evil@1234',
      },
    });
    expect(res.statusCode).toBe(201);
    await ctx.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email: 'admin@harbor.test' } });

    const page = await ctx.app.inject({ method: 'GET', url: '/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).not.toContain(evil);
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).toMatch(/<a href="http:\/\/localhost:8080\/#\/verify-email\?token=[\w-]+" rel="noreferrer">/);
    // Newest first: the reset mail comes before the verification mail.
    expect(page.body.indexOf('reset-password')).toBeLessThan(page.body.indexOf('verify-email'));
  });

  it('is absent when mail goes through a transport, which receives the mails', async () => {
    const sent: Array<{ to: string; subject: string; text: string }> = [];
    const transport: MailTransport = { sendMail: async (m) => void sent.push(m) };
    const app = await ctx.extraApp({ mailTransport: transport });
    expect((await app.inject({ method: 'GET', url: '/mailbox' })).statusCode).toBe(404);
    await app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email: 'agent@skyline.test' } });
    await app.mailer.flush();
    expect(sent.at(-1)).toMatchObject({ to: 'agent@skyline.test' });
    expect(sent.at(-1)?.text).toContain('/#/reset-password?token=');
    const row = await app.db.selectFrom('email_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.sent_at).not.toBeNull();
  });

  it('keeps a failed mail for a retry', async () => {
    const app = await ctx.extraApp({
      mailTransport: {
        sendMail: async () => {
          throw new Error('smtp down');
        },
      },
    });
    await app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email: 'admin@skyline.test' } });
    await app.mailer.flush();
    const row = await app.db.selectFrom('email_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ sent_at: null, last_error: 'smtp down' });
    expect(row.attempts).toBeGreaterThanOrEqual(1);
  });
});

describe('static files', () => {
  it('answers a "run npm run build" page at / while the app is not built', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('npm run build');
  });

  it('serves the built app, its assets, the examples, the loader and uploads', async () => {
    const root = path.join(ctx.database.dir, 'static-built');
    const dirs = { app: path.join(root, 'app'), examples: path.join(root, 'examples'), embed: path.join(root, 'embed') };
    mkdirSync(path.join(dirs.app, 'assets'), { recursive: true });
    mkdirSync(dirs.examples, { recursive: true });
    mkdirSync(dirs.embed, { recursive: true });
    writeFileSync(path.join(dirs.app, 'index.html'), '<!doctype html><title>EstateDesk app</title>');
    writeFileSync(path.join(dirs.app, 'assets', 'main.js'), 'console.log(1)');
    writeFileSync(path.join(dirs.examples, 'index.html'), '<title>Examples</title>');
    writeFileSync(path.join(dirs.embed, 'estatedesk.js'), '/* loader */');
    const app = await ctx.extraApp({ staticDirs: dirs });
    mkdirSync(path.join(ctx.database.dir, 'uploads', 'p'), { recursive: true });
    writeFileSync(path.join(ctx.database.dir, 'uploads', 'p', 'a.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>');

    const index = await app.inject({ method: 'GET', url: '/' });
    expect(index.body).toContain('EstateDesk app');
    expect((await app.inject({ method: 'GET', url: '/assets/main.js' })).body).toBe('console.log(1)');
    expect((await app.inject({ method: 'GET', url: '/examples/' })).body).toContain('Examples');
    expect((await app.inject({ method: 'GET', url: '/embed/estatedesk.js' })).statusCode).toBe(200);
    const upload = await app.inject({ method: 'GET', url: '/uploads/p/a.svg' });
    expect(upload.statusCode).toBe(200);
    expect(upload.headers['content-security-policy']).toContain('sandbox');
    const missing = await app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().status).toBe('Error');
    // inject() resolves the dots (the wire keeps them: static-files.test.ts): never the secret's file.
    const escaped = await app.inject({ method: 'GET', url: '/uploads/../jwt-secret' });
    expect([302, 404]).toContain(escaped.statusCode);
  });
});

describe('CORS', () => {
  it('answers allowed origins only, with Authorization and Company-ID allowed', async () => {
    const app = await ctx.extraApp({ config: { allowedOrigins: ['https://crm.agency.example'] } });
    const preflight = (origin: string) =>
      app.inject({
        method: 'OPTIONS',
        url: '/api/v1/users/profile',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,company-id' },
      });
    const allowed = await preflight('https://crm.agency.example');
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://crm.agency.example');
    expect(String(allowed.headers['access-control-allow-headers']).toLowerCase()).toContain('company-id');
    expect(String(allowed.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');

    const other = await preflight('https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();

    const own = await app.inject({ method: 'GET', url: '/api/v1/health', headers: { origin: 'http://localhost:8080' } });
    expect(own.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    const evil = await app.inject({ method: 'GET', url: '/api/v1/health', headers: { origin: 'https://evil.example' } });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });
});
