/**
 * Slow clients on a real listening socket: a connection that sends its headers a line at a time
 * is closed once the headers deadline passes (test-sized here), many of them at once do not hold
 * up a normal request, idle keep-alive connections close, and connections past the cap are turned
 * away. The defaults and the environment settings are checked without waiting for them.
 */
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BuildAppOptions, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { DEFAULT_CONNECTION_LIMITS } from '../src/lib/connections';
import { appOptions, createTestClock } from './helpers/testApp';
import { createTestDatabase, type TestDatabase } from './helpers/testDb';

const HEADERS_TIMEOUT_MS = 400;
let database: TestDatabase;
const apps: FastifyInstance[] = [];

async function listening(options: Partial<BuildAppOptions> = {}): Promise<{ app: FastifyInstance; port: number }> {
  const app = buildApp(appOptions(database, createTestClock(), { demo: false, ...options }));
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as { port: number }).port };
}

/** A client that opens a request and then sends one more header line every `everyMs`, forever. */
function slowClient(port: number, everyMs = 100): { socket: Socket; closed: Promise<{ afterMs: number; answer: string }> } {
  const started = performance.now();
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
  socket.on('error', () => {});
  socket.write('GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
  let n = 0;
  const drip = setInterval(() => socket.write(`X-Slow-${n++}: a\r\n`), everyMs);
  const closed = new Promise<{ afterMs: number; answer: string }>((resolve) =>
    socket.on('close', () => {
      clearInterval(drip);
      resolve({ afterMs: performance.now() - started, answer });
    }),
  );
  return { socket, closed };
}

/** One whole request; resolves with its status and how long it took. */
async function timedGet(port: number): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

beforeAll(async () => {
  database = await createTestDatabase();
});

/**
 * Waits for `promise`, or fails after `ms` naming what it waited for: a hang (twice in CI under
 * load, never here) then says which step hung instead of the test timing out as a whole.
 */
async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

// Each test's servers close with it: their background work (webhook worker, reminder and retention
// sweeps) shares the one database connection and would otherwise run on under every later test.
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

afterAll(async () => {
  await database?.drop();
});

describe('slow clients', () => {
  it('closes a connection whose headers are still coming after the headers deadline', async () => {
    const { port } = await listening({ config: { connections: { headersTimeoutMs: HEADERS_TIMEOUT_MS } } });
    const { closed } = slowClient(port);
    const { afterMs, answer } = await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(afterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
    // Node checks the deadline on a timer of a quarter of it: closed well before twice the deadline.
    expect(afterMs).toBeLessThan(HEADERS_TIMEOUT_MS * 2);
  });

  it('answers other clients at once while a hundred slow ones are held, then drops them all', async () => {
    const { port } = await listening({ config: { connections: { headersTimeoutMs: HEADERS_TIMEOUT_MS } } });
    const slow = Array.from({ length: 100 }, () => slowClient(port));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const normal = await timedGet(port);
    expect(normal.status).toBe(200);
    expect(normal.ms).toBeLessThan(HEADERS_TIMEOUT_MS);
    const results = await Promise.all(slow.map((s) => s.closed));
    for (const r of results) expect(r.afterMs).toBeLessThan(HEADERS_TIMEOUT_MS * 3);
  });

  it('closes a connection that opens and sends nothing', async () => {
    const { port } = await within(10_000, 'the server listening', listening({ config: { connections: { headersTimeoutMs: HEADERS_TIMEOUT_MS } } }));
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let error = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    // Settled by whichever comes first: a socket refused before it connects closes without 'connect'.
    let connectedAt: number | null = null;
    const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve(void (connectedAt = performance.now()))));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await within(5_000, 'the connection opening', Promise.race([connected, closed]));
    expect(connectedAt, `closed before connecting (${error})`).not.toBeNull();
    await within(5_000, `the server closing the silent connection (answer so far: ${JSON.stringify(answer)})`, closed);
    const afterMs = performance.now() - connectedAt!;
    // Node answers 408 on its headers deadline, or the socket's idle timeout (connections.ts) closes it.
    if (answer) expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(afterMs).toBeLessThan(HEADERS_TIMEOUT_MS * 2);
  });

  it('closes a kept-alive connection that stays idle past the keep-alive timeout', async () => {
    const { port } = await listening({ config: { connections: { keepAliveTimeoutMs: 300 } } });
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    const started = performance.now();
    socket.write('GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await new Promise((resolve) => socket.on('close', resolve));
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it('turns away connections past the cap', async () => {
    const { port } = await listening({ config: { connections: { maxConnections: 2 } } });
    const held = [connect(port, '127.0.0.1'), connect(port, '127.0.0.1')];
    for (const s of held) {
      s.on('error', () => {});
      await new Promise((resolve) => s.on('connect', resolve));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    const extra = connect(port, '127.0.0.1');
    extra.on('error', () => {});
    let answered = false;
    extra.on('data', () => (answered = true));
    extra.write('GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await new Promise((resolve) => extra.on('close', resolve));
    expect(answered).toBe(false);
    for (const s of held) s.destroy();
  });
});

describe('settings', () => {
  it('has defaults that drop slow headers within seconds', async () => {
    const { app } = await listening();
    expect(DEFAULT_CONNECTION_LIMITS.headersTimeoutMs).toBe(10_000);
    expect(app.server.headersTimeout).toBe(10_000);
    expect(app.server.requestTimeout).toBe(DEFAULT_CONNECTION_LIMITS.requestTimeoutMs);
    expect(app.server.keepAliveTimeout).toBe(DEFAULT_CONNECTION_LIMITS.keepAliveTimeoutMs);
    expect(app.server.timeout).toBe(DEFAULT_CONNECTION_LIMITS.idleTimeoutMs);
    expect(app.server.maxConnections).toBe(DEFAULT_CONNECTION_LIMITS.maxConnections);
  });

  it('reads them from the environment and refuses nonsense', () => {
    const config = loadConfig({
      DATA_DIR: database.dir,
      HEADERS_TIMEOUT_MS: '5000',
      REQUEST_TIMEOUT_MS: '60000',
      KEEP_ALIVE_TIMEOUT_MS: '65000',
      IDLE_TIMEOUT_MS: '30000',
      MAX_CONNECTIONS: '500',
    });
    expect(config.connections).toEqual({
      headersTimeoutMs: 5_000,
      requestTimeoutMs: 60_000,
      keepAliveTimeoutMs: 65_000,
      idleTimeoutMs: 30_000,
      maxConnections: 500,
    });
    expect(() => loadConfig({ DATA_DIR: database.dir, HEADERS_TIMEOUT_MS: '10s' })).toThrow(/HEADERS_TIMEOUT_MS/);
    expect(() => loadConfig({ DATA_DIR: database.dir, MAX_CONNECTIONS: '0' })).toThrow(/MAX_CONNECTIONS/);
  });
});
