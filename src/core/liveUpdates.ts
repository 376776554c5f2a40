/**
 * Live updates: one Server-Sent Events stream per runtime (namespace), opened while some widget
 * listens and someone is signed in, shared by every widget of the namespace (docs/activity.md).
 * Read with fetch rather than EventSource: the stream needs the Bearer token, which EventSource
 * cannot send. After a drop it reconnects with `Last-Event-ID`, so nothing is lost; a `reset` from
 * the server (too much missed) reaches listeners as `{ reset: true }`: reload everything.
 */
import { ACTIVITY_PATHS, LiveEvent } from '../contract';
import type { ApiClient } from './api';
import type { SessionStore } from './session';

export type LiveMessage = { reset: true } | { reset?: false; event: LiveEvent };
export type LiveListener = (message: LiveMessage) => void;
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'retrying';

export interface LiveUpdates {
  /** Listens; the stream opens with the first listener and closes after the last. */
  subscribe(listener: LiveListener): () => void;
  status(): LiveStatus;
  /** Hears status changes (a screen may say "Reconnecting…"). */
  onStatus(listener: (status: LiveStatus) => void): () => void;
  dispose(): void;
}

/** Waits between reconnects: quick first, then slower, never more than 30 s. */
export const RETRY_MS = [500, 1000, 2000, 5000, 10000, 30000] as const;

/** One parsed block of an event stream. */
export interface SseBlock {
  id?: string;
  event: string;
  data: string;
}

/**
 * Splits event-stream text into complete blocks, answering them and the unfinished rest.
 * Comments (`: ping`) and blocks without data are dropped; `retry:` is ignored.
 * @example parseSse('id: 3\nevent: change\ndata: {}\n\n: ping\n\nid: 4') // { blocks: [{ id: '3', event: 'change', data: '{}' }], rest: 'id: 4' }
 */
export function parseSse(text: string): { blocks: SseBlock[]; rest: string } {
  const blocks: SseBlock[] = [];
  const normalised = text.replace(/\r\n?/g, '\n');
  let start = 0;
  for (let end = normalised.indexOf('\n\n'); end >= 0; end = normalised.indexOf('\n\n', start)) {
    const block: SseBlock = { event: 'message', data: '' };
    const data: string[] = [];
    for (const line of normalised.slice(start, end).split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') block.id = value;
      else if (field === 'event') block.event = value;
      else if (field === 'data') data.push(value);
    }
    start = end + 2;
    if (data.length === 0) continue;
    block.data = data.join('\n');
    blocks.push(block);
  }
  return { blocks, rest: normalised.slice(start) };
}

export function createLiveUpdates(api: Pick<ApiClient, 'stream'>, session: SessionStore, options: { wait?: (ms: number) => Promise<void> } = {}): LiveUpdates {
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const listeners = new Set<LiveListener>();
  const statusListeners = new Set<(status: LiveStatus) => void>();
  let status: LiveStatus = 'idle';
  let controller: AbortController | null = null;
  let lastId: string | null = null;
  let disposed = false;

  const setStatus = (next: LiveStatus) => {
    if (next === status) return;
    status = next;
    for (const listener of statusListeners) listener(next);
  };
  const tell = (message: LiveMessage) => {
    for (const listener of listeners) listener(message);
  };
  const wanted = () => !disposed && listeners.size > 0 && Boolean(session.getState().token);

  /** Reads one connection to its end; true when it was refused for good (signed out, no such call). */
  async function readOnce(signal: AbortSignal): Promise<'ended' | 'refused'> {
    const response = await api.stream(ACTIVITY_PATHS.stream, { signal, headers: lastId ? { 'Last-Event-ID': lastId } : {} });
    if (response.status === 401 || response.status === 403 || response.status === 404) return 'refused';
    if (!response.ok || !response.body) return 'ended';
    setStatus('open');
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return 'ended';
      const { blocks, rest } = parseSse(buffer + decoder.decode(value, { stream: true }));
      buffer = rest;
      for (const block of blocks) {
        if (block.id) lastId = block.id;
        if (block.event === 'reset') tell({ reset: true });
        else if (block.event === 'change') {
          try {
            tell({ event: LiveEvent.parse(JSON.parse(block.data)) });
          } catch {
            // A block the contract does not describe is skipped, never fatal.
          }
        }
      }
    }
  }

  async function run(own: AbortController): Promise<void> {
    let attempt = 0;
    while (controller === own && wanted()) {
      setStatus(attempt === 0 ? 'connecting' : 'retrying');
      let outcome: 'ended' | 'refused' | 'failed';
      try {
        outcome = await readOnce(own.signal);
      } catch {
        outcome = 'failed';
      }
      if (own.signal.aborted) return;
      if (outcome === 'refused') break;
      // A stream that ended after its lifetime reconnects at once; a failure waits longer each time.
      if (outcome === 'ended' && status === 'open') attempt = 0;
      else attempt += 1;
      if (attempt > 0) await wait(RETRY_MS[Math.min(attempt - 1, RETRY_MS.length - 1)]!);
      else setStatus('connecting');
    }
    if (controller === own) {
      controller = null;
      setStatus('idle');
    }
  }

  function start(): void {
    if (controller || !wanted()) return;
    const own = new AbortController();
    controller = own;
    void run(own);
  }
  function stop(): void {
    controller?.abort();
    controller = null;
    setStatus('idle');
  }

  const stopWatching = session.subscribe((state, previous) => {
    if (state.token === previous.token) return;
    // Another person's stream must not resume where this one's stopped.
    stop();
    lastId = null;
    start();
  });

  return {
    subscribe(listener) {
      listeners.add(listener);
      start();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stop();
      };
    },
    status: () => status,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    dispose() {
      disposed = true;
      stopWatching();
      stop();
      listeners.clear();
      statusListeners.clear();
    },
  };
}
