import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { pageOf } from '../src/lib/paging';

const dir = mkdtempSync(path.join(tmpdir(), 'ed-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: 'data' }, dir);
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.join(dir, 'data'),
      databaseUrl: null,
      smtpUrl: null,
      publicUrl: 'http://127.0.0.1:8080',
      allowedOrigins: [],
      imagePrefix: '/uploads/',
    });
  });

  it('generates the JWT secret once into DATA_DIR with mode 0600', () => {
    const first = loadConfig({ DATA_DIR: 'secret-dir' }, dir);
    const file = path.join(dir, 'secret-dir', 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = loadConfig({ DATA_DIR: 'secret-dir' }, dir);
    expect(Buffer.from(second.jwtSecret).equals(Buffer.from(first.jwtSecret))).toBe(true);
    expect(readFileSync(file, 'utf8').length).toBeGreaterThanOrEqual(32);
  });

  it('reads the environment', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        HOST: '0.0.0.0',
        DATA_DIR: '/var/lib/ed',
        DATABASE_URL: 'postgres://x@y/z',
        SMTP_URL: 'smtp://mail:25',
        PUBLIC_URL: 'https://estatedesk.agency.example/',
        ALLOWED_ORIGINS: 'https://a.example, https://b.example',
        JWT_SECRET: 'x'.repeat(40),
        IMAGE_PREFIX: 'https://bucket.example/images',
      },
      dir,
    );
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/var/lib/ed',
      databaseUrl: 'postgres://x@y/z',
      smtpUrl: 'smtp://mail:25',
      publicUrl: 'https://estatedesk.agency.example',
      allowedOrigins: ['https://a.example', 'https://b.example'],
      imagePrefix: 'https://bucket.example/images/',
    });
  });

  it('refuses a short JWT_SECRET and a bad PORT', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short', DATA_DIR: 'd' }, dir)).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: 'd' }, dir)).toThrow(/PORT/);
  });
});

describe('pageOf', () => {
  it('caps absurd sizes and numbers', () => {
    expect(pageOf({ pageSize: 10_000_000, pageNumber: 2 }, 10)).toEqual({ size: 1000, number: 2, offset: 1000 });
    expect(pageOf({ pageSize: -5, pageNumber: -1 }, 10)).toEqual({ size: 1, number: 1, offset: 0 });
    expect(pageOf({}, 12)).toEqual({ size: 12, number: 1, offset: 0 });
  });
});
