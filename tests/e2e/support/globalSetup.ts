/**
 * Starts the built reference server on a free loopback port with a fresh data folder (SQLite,
 * demo seed), exactly as `npm start` would, and hands its URL to the tests. Beside it runs an
 * agency's web server on another origin (`http://localhost:<port>` against the API's
 * `http://127.0.0.1:<port>`), serving the examples and the embedding fixtures with their script
 * tags pointed at the API; the API allows that origin through ALLOWED_ORIGINS. Webhooks may go to
 * loopback addresses (WEBHOOKS_ALLOW_PRIVATE), where the tests' receivers listen.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error -- a plain .mjs module (the examples' static server), typed by use.
import { startHostServer } from '../../../examples/hostServer.mjs';

const root = new URL('../../..', import.meta.url).pathname;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not become healthy:\n${output()}`);
}

export default async function setup(project: TestProject) {
  const entry = join(root, 'server/dist/server.js');
  if (!existsSync(entry)) throw new Error('server/dist/server.js is missing: run `npm run build` first.');
  const dataDir = mkdtempSync(join(tmpdir(), 'estatedesk-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const host: { url: string; close(): Promise<void> } = await startHostServer({
    api: baseUrl,
    mounts: { '/fixtures/': join(root, 'tests/e2e/fixtures') },
  });
  let output = '';
  const child = spawn(process.execPath, [entry], {
    cwd: join(root, 'server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      PUBLIC_URL: baseUrl,
      ALLOWED_ORIGINS: host.url,
      LOG_LEVEL: 'warn',
      // The webhook receivers of the tests listen on 127.0.0.1 over plain http (docs/webhooks.md).
      WEBHOOKS_ALLOW_PRIVATE: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  await waitForHealth(baseUrl, child, () => output);
  project.provide('baseUrl', baseUrl);
  project.provide('hostUrl', host.url);

  return async () => {
    await host.close();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The agency's page server: another origin than the API, allowed by ALLOWED_ORIGINS. */
    hostUrl: string;
  }
}
