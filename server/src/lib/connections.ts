/**
 * How long the server waits for a client, and how many clients it holds at once. Node's own
 * defaults let a client that sends its headers a byte at a time hold a connection for 60 s or
 * more (the headers deadline is only checked every 30 s, and Fastify turns the request deadline
 * off), so a few hundred such connections pinned the process's sockets for minutes.
 */
import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyServerOptions } from 'fastify';

export interface ConnectionLimits {
  /** From a request's first byte to the end of its headers; a slower client gets 408 and is closed. */
  headersTimeoutMs: number;
  /** From a request's first byte to the end of its body (a large upload must arrive within it). */
  requestTimeoutMs: number;
  /** How long a connection may sit idle between requests. */
  keepAliveTimeoutMs: number;
  /** How long a socket may send and receive nothing while a request runs or an answer is read. */
  idleTimeoutMs: number;
  /** Connections held at once; more are closed as they arrive. */
  maxConnections: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  // 20 photos of 10 MB at 15 Mbit/s take about two minutes.
  requestTimeoutMs: 120_000,
  keepAliveTimeoutMs: 10_000,
  // Above the longest request that sends nothing while it works (an import: up to ~14 s on busy cores).
  idleTimeoutMs: 60_000,
  maxConnections: 2_000,
};

/** The environment names of the limits, as the README documents them. */
export const CONNECTION_LIMIT_ENV: Record<keyof ConnectionLimits, string> = {
  headersTimeoutMs: 'HEADERS_TIMEOUT_MS',
  requestTimeoutMs: 'REQUEST_TIMEOUT_MS',
  keepAliveTimeoutMs: 'KEEP_ALIVE_TIMEOUT_MS',
  idleTimeoutMs: 'IDLE_TIMEOUT_MS',
  maxConnections: 'MAX_CONNECTIONS',
};

/** Reads the limits that are set; a value that is not a positive whole number stops the start. */
export function connectionLimitsFrom(env: NodeJS.ProcessEnv): Partial<ConnectionLimits> {
  const out: Partial<ConnectionLimits> = {};
  for (const [key, name] of Object.entries(CONNECTION_LIMIT_ENV) as Array<[keyof ConnectionLimits, string]>) {
    const text = env[name]?.trim();
    if (!text) continue;
    const value = Number(text);
    if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${text}"`);
    out[key] = value;
  }
  return out;
}

/**
 * Fastify's server options for the limits. Node checks the headers and request deadlines on a
 * timer of its own (every 30 s by default); checking four times per headers deadline (at most
 * every second) closes a slow client within about that deadline plus a second.
 */
export function connectionOptions(
  limits: ConnectionLimits,
): Pick<FastifyServerOptions, 'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout'> & { http: ServerOptions } {
  // Node refuses a headers deadline longer than the request deadline.
  const headersTimeout = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return {
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(25, Math.min(1_000, Math.floor(headersTimeout / 4))),
    },
  };
}

/**
 * Node's headers deadline starts at a request's first byte, so a connection that opens and sends
 * nothing waits for the socket's idle timeout (a minute) instead. Until its first request a
 * connection gets the headers deadline as its idle timeout; then the server's own applies.
 */
export function closeSilentConnections(server: Server, limits: ConnectionLimits): void {
  const waiting = new WeakSet<Socket>();
  server.on('connection', (socket: Socket) => {
    // Runs after Node's own listener, which set the server's idle timeout on the socket.
    socket.setTimeout(limits.headersTimeoutMs);
    waiting.add(socket);
  });
  server.on('request', (request: { socket: Socket }) => {
    if (!waiting.delete(request.socket)) return;
    request.socket.setTimeout(limits.idleTimeoutMs);
  });
}
