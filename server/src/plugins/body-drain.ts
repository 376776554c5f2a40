/**
 * Every answer waits until the request body has been read to its end, so a client still sending
 * gets the answer instead of a reset connection.
 *
 * When a body is refused before it has all arrived (Fastify's bodyLimit, an upload over its cap),
 * Fastify stops reading it and, for parser errors, answers with `connection: close`; Node then
 * closes the socket right after the answer while the client is still writing. The client's next
 * write fails (EPIPE/ECONNRESET), and a client that notices that before it has read the answer —
 * undici's fetch often does, a browser can — reports a network error instead of the 413. curl
 * and same-process tests read the answer first, which is why they always saw the 413.
 *
 * So the rest of the body is read and dropped before the answer goes out, up to DRAIN_MAX_BYTES
 * (beyond that, or after DRAIN_IDLE_MS without data, the connection is closed: a client sending
 * that much after a refusal is not one we need to serve).
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const DRAIN_MAX_BYTES = 50 * 1024 * 1024;
export const DRAIN_IDLE_MS = 10_000;

/** Reads and drops what is left of a request body; true once it has ended, false when given up. */
export function drainBody(raw: IncomingMessage, maxBytes = DRAIN_MAX_BYTES, idleMs = DRAIN_IDLE_MS): Promise<boolean> {
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve(raw.complete || raw.readableEnded);
  return new Promise((resolve) => {
    let dropped = 0;
    let idle: NodeJS.Timeout;
    const finish = (ended: boolean) => {
      clearTimeout(idle);
      raw.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onClose);
      if (!ended) raw.pause();
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > maxBytes) return finish(false);
      idle.refresh();
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(raw.complete);
    idle = setTimeout(() => finish(false), idleMs);
    raw.on('data', onData).on('end', onEnd).on('close', onClose).on('error', onClose);
    raw.resume();
  });
}

async function bodyDrainPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request, reply, payload) => {
    const ended = await drainBody(request.raw);
    // Given up: the connection must not be kept for another request with body bytes still in it.
    if (!ended) reply.header('connection', 'close');
    return payload;
  });
}

export default fp(bodyDrainPlugin, { name: 'body-drain' });
