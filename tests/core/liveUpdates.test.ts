import { describe, expect, it } from 'vitest';
import { createLiveUpdates, createMemoryStorage, createSessionStore, createStorage, type LiveMessage, parseSse } from '../../src/core';

describe('parseSse', () => {
  it('splits complete blocks, keeps the unfinished rest, and drops comments', () => {
    expect(parseSse('retry: 2000\n: connected\n\nid: 3\nevent: change\ndata: {"a":1}\n\n: ping\n\nid: 4\ndata: x')).toEqual({
      blocks: [{ id: '3', event: 'change', data: '{"a":1}' }],
      rest: 'id: 4\ndata: x',
    });
  });
  it('joins data lines and reads CRLF', () => {
    expect(parseSse('data: one\r\ndata: two\r\n\r\n').blocks).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });
});

const change = (id: number, record_id = 7) =>
  `id: ${id}\nevent: change\ndata: ${JSON.stringify({ id, action: 'lead.status_changed', record_type: 'lead', record_id, actor_id: 2, actor_name: 'Ravi', created_at: '2026-11-26T10:00:00.000Z' })}\n\n`;

/** A stream answer whose body is `chunks`, then either ends or stays open until aborted. */
function answer(chunks: string[], signal: AbortSignal | undefined, stayOpen: boolean): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      if (!stayOpen) controller.close();
      signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

function signedInSession() {
  const session = createSessionStore(createStorage('t.', createMemoryStorage()));
  session.getState().signIn({ token: 'tok', user: null } as never);
  return session;
}

describe('createLiveUpdates', () => {
  it('opens one stream for its listeners, reconnects with Last-Event-ID after an end, and closes after the last listener', async () => {
    const calls: Array<Record<string, string> | undefined> = [];
    const api = {
      stream: async (_path: string, options: { headers?: Record<string, string>; signal?: AbortSignal } = {}) => {
        calls.push(options.headers);
        return calls.length === 1 ? answer([change(5)], options.signal, false) : answer([change(6)], options.signal, true);
      },
    };
    const live = createLiveUpdates(api, signedInSession(), { wait: async () => undefined });
    const heard: LiveMessage[] = [];
    const stopA = live.subscribe((m) => heard.push(m));
    const stopB = live.subscribe(() => undefined);
    await expect.poll(() => heard.length).toBe(2);
    expect(calls).toHaveLength(2);
    expect(calls[1]).toEqual({ 'Last-Event-ID': '5' });
    expect(heard.map((m) => (m.reset ? 'reset' : m.event.id))).toEqual([5, 6]);
    stopA();
    expect(live.status()).toBe('open');
    stopB();
    expect(live.status()).toBe('idle');
    live.dispose();
  });

  it('stays closed while signed out and stops for good on 401', async () => {
    let calls = 0;
    const api = { stream: async () => (calls++, new Response('', { status: 401 })) };
    const session = createSessionStore(createStorage('t.', createMemoryStorage()));
    const live = createLiveUpdates(api, session, { wait: async () => undefined });
    live.subscribe(() => undefined);
    expect(calls).toBe(0);
    session.getState().signIn({ token: 'tok', user: null } as never);
    await expect.poll(() => live.status()).toBe('idle');
    expect(calls).toBe(1);
    live.dispose();
  });

  it('passes a reset on', async () => {
    const api = { stream: async (_p: string, o: { signal?: AbortSignal } = {}) => answer(['event: reset\ndata: {}\n\n'], o.signal, true) };
    const live = createLiveUpdates(api, signedInSession());
    const heard: LiveMessage[] = [];
    live.subscribe((m) => heard.push(m));
    await expect.poll(() => heard).toEqual([{ reset: true }]);
    live.dispose();
  });
});
