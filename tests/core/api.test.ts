import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { LoginAnswer } from '../../src/contract';
import {
  ApiError,
  createApiClient,
  createEmitter,
  createMemoryStorage,
  createSessionStore,
  createStorage,
  resolveConfig,
  serverMessage,
  type EstateDeskConfig,
  type RuntimeEvents,
} from '../../src/core';

/** What the server saw of one request. */
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Handler = (req: Seen, res: ServerResponse) => void;

let server: Server;
let base = '';
let seen: Seen[] = [];
let handler: Handler = (_req, res) => json(res, 200, { status: 'Success' });

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
  res.end(JSON.stringify(body));
}

const jwt = (claims: Record<string, unknown>) =>
  ['e30', Buffer.from(JSON.stringify(claims)).toString('base64url'), 'sig'].join('.');

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      // Preflights are answered generously: the test pins what the client sends, not CORS.
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'access-control-allow-origin': '*',
          'access-control-allow-headers': '*',
          'access-control-allow-methods': '*',
        });
        return res.end();
      }
      const entry: Seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(entry);
      handler(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  seen = [];
  handler = (_req, res) => json(res, 200, { status: 'Success' });
});

function setup(config: Partial<EstateDeskConfig> = {}, token: string | null = 'session-token') {
  const storage = createStorage('t.', createMemoryStorage());
  const session = createSessionStore(storage);
  if (token) {
    session.getState().signIn({ token, company_id: 3, user: { id: 7, user_type: 'admin', permissions: [] } });
  }
  const events = createEmitter<RuntimeEvents>();
  const unauthorized = vi.fn();
  events.on('unauthorized', unauthorized);
  const api = createApiClient({ config: resolveConfig({ apiBase: base, ...config }), session, events });
  return { api, session, storage, unauthorized };
}

describe('api client: requests', () => {
  it('calls `${apiBase}/api/v1${path}` with the session token, JSON accept and the query', async () => {
    const { api } = setup();
    await api.get('/leads/list/workflow/2', { query: { pageSize: 10, pageNumber: 1, search: undefined, x: null } });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.url).toBe('/api/v1/leads/list/workflow/2?pageSize=10&pageNumber=1');
    expect(seen[0]?.headers.authorization).toBe('Bearer session-token');
    expect(seen[0]?.headers.accept).toContain('application/json');
    // No body, no JSON content type: Fastify refuses an empty body announced as JSON.
    expect(seen[0]?.headers['content-type']).toBeUndefined();
  });

  it('sends bodies as JSON with the JSON content type, and extra headers', async () => {
    const { api } = setup();
    await api.put('/users/7', { body: { first_name: 'Asha', tags: ['a'] }, headers: { 'Company-ID': '3' } });
    expect(seen[0]?.method).toBe('PUT');
    expect(seen[0]?.headers['content-type']).toContain('application/json');
    expect(seen[0]?.headers['company-id']).toBe('3');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ first_name: 'Asha', tags: ['a'] });
  });

  it('uses DELETE for del() and POST for post()', async () => {
    const { api } = setup();
    await api.del('/leads/9');
    await api.post('/leads/workflow/9', { body: { workflowId: 2 } });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['DELETE /api/v1/leads/9', 'POST /api/v1/leads/workflow/9']);
  });

  it('passes FormData untouched as multipart', async () => {
    const { api } = setup();
    const form = new FormData();
    form.append('title', 'Sea view villa');
    form.append('property_cover_image', new File(['img'], 'cover.png', { type: 'image/png' }));
    await api.upload('/properties', { body: form });
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.body).toContain('Sea view villa');
    expect(seen[0]?.body).toContain('filename="cover.png"');
    expect(seen[0]?.headers.authorization).toBe('Bearer session-token');
  });

  it('prefers getToken() over config.token over the session token', async () => {
    await setup({ token: 'host-token' }).api.get('/users');
    await setup({ token: 'host-token', getToken: async () => 'fresh-token' }).api.get('/users');
    await setup({ getToken: () => null }).api.get('/users');
    expect(seen.map((s) => s.headers.authorization)).toEqual([
      'Bearer host-token',
      'Bearer fresh-token',
      'Bearer session-token',
    ]);
  });

  it('sends no Authorization header without a token, or with auth: false', async () => {
    await setup({}, null).api.get('/workflow/list');
    await setup().api.post('/auth', { body: { username: 'a', password: 'b' }, auth: false });
    expect(seen.map((s) => s.headers.authorization)).toEqual([undefined, undefined]);
  });

  it('returns the decoded body, parsed by the schema when one is given', async () => {
    handler = (_req, res) =>
      json(res, 200, { status: 'Success', data: { token: 'tok', company_id: 3, user: { id: 1, user_type: 'agent', permissions: ['lead-edit'], extra: true } } });
    const { api } = setup();
    const raw = await api.post('/auth', { body: {} });
    expect(raw).toMatchObject({ status: 'Success' });
    const answer = await api.post('/auth', { body: {}, schema: LoginAnswer });
    expect(answer.data.user.permissions).toEqual(['lead-edit']);
  });

  it('does not retry failed calls on its own', async () => {
    handler = (_req, res) => json(res, 503, { status: 'Error', message: 'Down for maintenance' });
    const { api } = setup();
    await expect(api.get('/workflow/list')).rejects.toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(1);
  });
});

describe('api client: errors', () => {
  it('throws ApiError with status, the server message, field errors and the body', async () => {
    const body = { status: 'Error', message: 'The request contains invalid data.', errors: { email: ['Email is invalid'], name: 'Name is required' } };
    handler = (_req, res) => json(res, 422, body);
    const { api } = setup();
    const error = (await api.post('/users', { body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('http');
    expect(error.status).toBe(422);
    expect(error.message).toBe('The request contains invalid data.');
    expect(error.fromServer).toBe(true);
    expect(error.errors).toEqual({ email: ['Email is invalid'], name: ['Name is required'] });
    expect(error.body).toEqual(body);
    expect(error.method).toBe('POST');
    expect(error.path).toBe('/users');
    expect(serverMessage(error, 'fallback')).toBe('The request contains invalid data.');
  });

  it('falls back when the message is not a string (registration sends message.email as a list)', async () => {
    const body = { message: { email: ['The email has already been taken.'] } };
    handler = (_req, res) => json(res, 422, body);
    const { api } = setup({}, null);
    const error = (await api.post('/register', { body: {}, auth: false }).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(422);
    expect(error.fromServer).toBe(false);
    expect(error.body).toEqual(body);
    expect(serverMessage(error, 'Registration failed. Please try again.')).toBe('Registration failed. Please try again.');
  });

  it('handles non-JSON error answers', async () => {
    handler = (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    };
    const error = (await setup().api.get('/company').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.body).toBe('<h1>Bad gateway</h1>');
    expect(serverMessage(error, 'Failed to fetch companies')).toBe('Failed to fetch companies');
  });

  it('turns an unreachable server into a network ApiError with status 0', async () => {
    const { api } = setup({ apiBase: 'http://127.0.0.1:1' });
    const error = (await api.get('/company').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('network');
    expect(error.status).toBe(0);
    expect(serverMessage(error, 'Failed to fetch companies')).toBe('Failed to fetch companies');
  });

  it('turns an answer that fails its schema into a parse ApiError', async () => {
    handler = (_req, res) => json(res, 200, { data: { total: 'many' } });
    const schema = z.object({ data: z.object({ total: z.number() }) });
    const error = (await setup().api.get('/properties', { schema }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('parse');
    expect(error.status).toBe(200);
    expect(error.message).toContain('data.total');
    expect(error.body).toEqual({ data: { total: 'many' } });
    expect(serverMessage(error, 'Failed to fetch leads')).toBe('Failed to fetch leads');
  });

  it('serverMessage() gives the fallback for anything but an ApiError', () => {
    expect(serverMessage(new Error('boom'), 'fallback')).toBe('fallback');
    expect(serverMessage('text', 'fallback')).toBe('fallback');
    expect(serverMessage(undefined, 'fallback')).toBe('fallback');
  });
});

describe('api client: 401', () => {
  it('signs the session out and emits unauthorized when a signed-in call answers 401', async () => {
    handler = (_req, res) => json(res, 401, { status: 'Error', message: 'Your session has expired. Please sign in again.' });
    const { api, session, storage, unauthorized } = setup();
    const error = (await api.get('/users/profile').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(session.getState().token).toBeNull();
    expect(session.getState().user).toBeNull();
    expect(storage.get('token')).toBeNull();
    expect(unauthorized).toHaveBeenCalledWith({ method: 'GET', path: '/users/profile' });
  });

  it('calls getToken() again once and retries with the new token', async () => {
    handler = (req, res) =>
      req.headers.authorization === 'Bearer second' ? json(res, 200, { ok: true }) : json(res, 401, { message: 'expired' });
    const getToken = vi.fn().mockResolvedValueOnce('first').mockResolvedValueOnce('second');
    const { api, session, unauthorized } = setup({ getToken });
    await expect(api.get('/users')).resolves.toEqual({ ok: true });
    expect(getToken).toHaveBeenCalledTimes(2);
    expect(seen.map((s) => s.headers.authorization)).toEqual(['Bearer first', 'Bearer second']);
    expect(session.getState().token).toBe('session-token');
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('signs out when the retry with the refreshed token is refused too', async () => {
    handler = (_req, res) => json(res, 401, { message: 'expired' });
    const getToken = vi.fn().mockResolvedValue('host');
    const { api, session, unauthorized } = setup({ getToken });
    await expect(api.get('/users')).rejects.toMatchObject({ status: 401, message: 'expired' });
    expect(seen).toHaveLength(2);
    expect(session.getState().token).toBeNull();
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves the session alone when a call without a token answers 401 (a wrong password)', async () => {
    handler = (_req, res) => json(res, 401, { message: 'Invalid username or password.' });
    const { api, session, unauthorized } = setup();
    const error = (await api.post('/auth', { body: {}, auth: false }).catch((e: unknown) => e)) as ApiError;
    expect(serverMessage(error, 'Login failed. Please try again.')).toBe('Invalid username or password.');
    expect(session.getState().token).toBe('session-token');
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('does not sign out a session that changed while the refused call was in flight', async () => {
    const { api, session, unauthorized } = setup();
    handler = (_req, res) => {
      session.getState().signIn({ token: 'newer', company_id: 3, user: { id: 7, user_type: 'admin', permissions: [] } });
      json(res, 401, { message: 'expired' });
    };
    await expect(api.get('/users')).rejects.toMatchObject({ status: 401 });
    expect(session.getState().token).toBe('newer');
    expect(unauthorized).not.toHaveBeenCalled();
  });
});

describe('api client: userId()', () => {
  it('reads the user id from the token subject', () => {
    expect(setup({}, jwt({ sub: '42' })).api.userId()).toBe('42');
    expect(setup({}, 'not-a-jwt').api.userId()).toBeNull();
    expect(setup({ token: jwt({ sub: 5 }) }, null).api.userId()).toBe('5');
  });

  it('remembers the token getToken() handed over', async () => {
    const { api } = setup({ getToken: () => jwt({ sub: 'u-9' }) }, null);
    expect(api.userId()).toBeNull();
    await api.get('/users');
    expect(api.userId()).toBe('u-9');
  });
});

describe('api client: answers of every kind', () => {
  it('answers text for text, a Blob for a file and undefined for an empty body', async () => {
    const { api } = setup();
    handler = (req, res) => {
      if (req.url.endsWith('/csv')) {
        res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8', 'access-control-allow-origin': '*' });
        return res.end('a,b\n1,2\n');
      }
      if (req.url.endsWith('/xlsx')) {
        res.writeHead(200, { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'access-control-allow-origin': '*' });
        return res.end(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff]));
      }
      res.writeHead(204, { 'access-control-allow-origin': '*' });
      res.end();
    };
    expect(await api.get('/csv')).toBe('a,b\n1,2\n');
    const file = await api.get('/xlsx');
    expect(file).toBeInstanceOf(Blob);
    // Bytes arrive unchanged (a text decoding would turn 0xff into a replacement character).
    expect([...new Uint8Array(await (file as Blob).arrayBuffer())]).toEqual([0x50, 0x4b, 0x03, 0x04, 0xff]);
    expect(await api.del('/empty')).toBeUndefined();
  });
});

describe('api client: permissions that change on the server', () => {
  const profile = (permissions: string[]) => ({ status: 'Success', data: { id: 7, first_name: 'Asha', email: 'a@x.test', permissions } });

  /** Answers every call with the stamp of the moment, and the profile with the permissions of that stamp. */
  function stampedServer(state: { stamp: string; permissions: string[] }) {
    handler = (req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-access-stamp': state.stamp, 'access-control-allow-origin': '*', 'access-control-expose-headers': 'X-Access-Stamp' });
      res.end(JSON.stringify(req.url === '/api/v1/users/profile' ? profile(state.permissions) : { status: 'Success' }));
    };
  }
  const profileReads = () => seen.filter((s) => s.url === '/api/v1/users/profile').length;

  it('re-reads the profile when the stamp changes and puts the new permissions in the session', async () => {
    const { api, session } = setup();
    const state = { stamp: 'r1', permissions: ['lead-read', 'lead-create'] };
    stampedServer(state);
    await api.get('/leads/1');
    await vi.waitFor(() => expect(session.getState().permissions).toEqual(['lead-read', 'lead-create']));
    expect(profileReads()).toBe(1);

    // Same stamp: nothing to re-read.
    await api.get('/leads/1');
    await api.get('/leads/2');
    expect(profileReads()).toBe(1);

    // The admin took lead-create away: the next answer carries a new stamp.
    state.stamp = 'r2';
    state.permissions = ['lead-read'];
    await api.get('/leads/1');
    await vi.waitFor(() => expect(session.getState().permissions).toEqual(['lead-read']));
    expect(profileReads()).toBe(2);
  });

  it('ignores stamps on calls made without the session (sign-in) and answers without one', async () => {
    const { api, session } = setup();
    const state = { stamp: 'r1', permissions: ['lead-read'] };
    stampedServer(state);
    await api.post('/auth', { body: {}, auth: false });
    handler = (_req, res) => json(res, 200, { status: 'Success' });
    await api.get('/leads/1');
    await new Promise((r) => setTimeout(r, 20));
    expect(profileReads()).toBe(0);
    expect(session.getState().permissions).toEqual([]);
  });

  it('keeps the answer of a re-read that a sign-out overtook out of the session', async () => {
    const { api, session } = setup();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    handler = (req, res) => {
      const send = () => {
        res.writeHead(200, { 'content-type': 'application/json', 'x-access-stamp': 's1', 'access-control-allow-origin': '*', 'access-control-expose-headers': 'X-Access-Stamp' });
        res.end(JSON.stringify(req.url === '/api/v1/users/profile' ? profile(['lead-read']) : { status: 'Success' }));
      };
      if (req.url === '/api/v1/users/profile') void gate.then(send);
      else send();
    };
    await api.get('/leads/1');
    await vi.waitFor(() => expect(profileReads()).toBe(1));
    session.getState().signOut();
    release();
    await new Promise((r) => setTimeout(r, 30));
    expect(session.getState().user).toBeNull();
    expect(session.getState().permissions).toEqual([]);
  });
});

describe('api client: a refusal that says the permissions changed', () => {
  it('re-reads the profile when a 403 brings a new stamp', async () => {
    const { api, session } = setup();
    handler = (req, res) => {
      const headers = { 'content-type': 'application/json', 'x-access-stamp': 'after-change', 'access-control-allow-origin': '*', 'access-control-expose-headers': 'X-Access-Stamp' };
      if (req.url === '/api/v1/users/profile') {
        res.writeHead(200, headers);
        return res.end(JSON.stringify({ data: { id: 7, permissions: ['lead-read'] } }));
      }
      res.writeHead(403, headers);
      res.end(JSON.stringify({ message: 'You do not have permission to create leads.' }));
    };
    await expect(api.post('/leads/store', { body: {} })).rejects.toMatchObject({ status: 403 });
    await vi.waitFor(() => expect(session.getState().permissions).toEqual(['lead-read']));
  });
});
