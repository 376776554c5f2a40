/**
 * Test support for the sign-in screens: a tiny API on 127.0.0.1 (node:http) answering in the
 * contract's shapes, and a render helper that wires a real runtime (API client, session, toasts)
 * and a memory location around a screen.
 */
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReactElement } from 'react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createMemoryLocation } from '../../../src/core/location';
import { createRuntime, type Runtime } from '../../../src/core';
import { RuntimeProvider } from '../../../src/runtime';
import { LocationProvider } from '../../../src/runtime/router';

export interface Answer {
  status: number;
  body?: unknown;
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
  headers: IncomingMessage['headers'];
}

/** A route answers with a fixed answer or computes one; it may wait (a held answer). */
export type Route = Answer | ((request: RecordedRequest) => Answer | Promise<Answer>);

export interface FakeApi {
  url: string;
  requests: RecordedRequest[];
  /** Sets the answer of `POST /api/v1/auth` etc.; keys are `METHOD /path` without the prefix. */
  on(key: string, route: Route): void;
  /** The next call of `key` waits until `release()` is called: lets a test see busy labels. */
  hold(key: string, answer: Answer): { release: () => void };
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage): Promise<unknown> =>
  new Promise((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      try {
        resolve(text ? JSON.parse(text) : undefined);
      } catch {
        resolve(text);
      }
    });
  });

/** Starts the fake API; answers 404 `{ message: 'Not found' }` for routes not set. */
export async function startFakeApi(): Promise<FakeApi> {
  const routes = new Map<string, Route>();
  const requests: RecordedRequest[] = [];

  const cors = (res: ServerResponse) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET,POST,PUT,DELETE,OPTIONS');
  };

  const server = createServer(async (req, res) => {
    cors(res);
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const path = (req.url ?? '/').replace(/^\/api\/v1/, '').split('?')[0] ?? '/';
    const recorded: RecordedRequest = { method: req.method ?? 'GET', path, body: await readBody(req), headers: req.headers };
    requests.push(recorded);
    const route = routes.get(`${recorded.method} ${path}`);
    const answer: Answer = !route
      ? { status: 404, body: { status: 'Error', message: 'Not found' } }
      : typeof route === 'function'
        ? await route(recorded)
        : route;
    res.writeHead(answer.status, { 'Content-Type': 'application/json' });
    res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on: (key, route) => void routes.set(key, route),
    hold(key, answer) {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      routes.set(key, async () => {
        await gate;
        return answer;
      });
      return { release };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The file's fake API: started before its tests, its requests cleared (and the screen unmounted)
 * after each, closed after all. The object stands for the API once started.
 *
 * @example const api = useFakeApi(); it('…', () => { api.on('POST /auth', { status: 200, body: {} }); });
 */
export function useFakeApi(): FakeApi {
  let started: FakeApi | undefined;
  beforeAll(async () => {
    started = await startFakeApi();
  });
  afterEach(() => {
    cleanup();
    if (started) started.requests.length = 0;
  });
  afterAll(() => started?.close());
  return new Proxy({} as FakeApi, {
    get(_target, key) {
      if (!started) throw new Error('the fake API starts in beforeAll: use it inside tests');
      const value = started[key as keyof FakeApi];
      return typeof value === 'function' ? value.bind(started) : value;
    },
  });
}

/** Renders `ui` with a runtime talking to `api` and a memory location at `path`. */
export function renderScreen(ui: ReactElement, { api, path = '/' }: { api: FakeApi; path?: string }) {
  const runtime: Runtime = createRuntime({ apiBase: api.url, storage: null });
  const location = createMemoryLocation(path);
  const user = userEvent.setup();
  const view = render(
    <RuntimeProvider runtime={runtime}>
      <LocationProvider source={location}>{ui}</LocationProvider>
    </RuntimeProvider>,
  );
  return { ...view, runtime, location, user };
}

/** The toasts on the runtime's stack, as `[kind, message, duration]`. */
export const toastsOf = (runtime: Runtime) =>
  runtime.toasts.getState().toasts.map((t) => [t.kind, t.message, t.duration] as const);

export { cleanup };
