/**
 * The plumbing of the widgets' fake APIs (component tests talk to a real local HTTP server, never
 * to a mocked fetch): a node:http server on a free port that answers CORS preflights, records
 * every request with its decoded JSON body, lets a test put answers in front of the fake's own
 * routes, and can hold every answer back a while to show loading states. A widget's fake extends
 * it with its in-memory state and its `route()`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  json: unknown;
}

/** Answers a request instead of the fake's own routes; return false to fall through. */
export type Override = (req: Seen, res: ServerResponse) => boolean | void;

export function send(res: ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  res.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*' });
  res.end(type === 'application/json' ? JSON.stringify(body) : String(body));
}

export abstract class FakeApiServer {
  base = '';
  requests: Seen[] = [];
  overrides: Override[] = [];
  /** Milliseconds every answer waits (to see loading states). */
  delayMs = 0;
  private server: Server | null = null;

  /** The fake's own answers, once no override took the request. */
  protected abstract route(req: Seen, res: ServerResponse): void;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (req.method === 'OPTIONS') {
          res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': '*' });
          res.end();
          return;
        }
        const url = new URL(req.url ?? '/', 'http://fake');
        const body = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = body && String(req.headers['content-type']).includes('json') ? JSON.parse(body) : undefined;
        } catch {
          json = undefined;
        }
        const seen: Seen = { method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body, json };
        this.requests.push(seen);
        const answer = () => {
          for (const override of this.overrides) if (override(seen, res) !== false) return;
          this.route(seen, res);
        };
        if (this.delayMs) setTimeout(answer, this.delayMs);
        else answer();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** Forgets the requests, overrides and delay of the last test. */
  protected resetRequests(): void {
    this.requests = [];
    this.overrides = [];
    this.delayMs = 0;
  }

  /** Answers `method path` (exact, or a RegExp on the path) with `status` and `body`. */
  answer(method: string, path: string | RegExp, status: number, body: unknown): void {
    this.overrides.push((req, res) => {
      const hit = req.method === method && (typeof path === 'string' ? req.path === `/api/v1${path}` : path.test(req.path));
      if (!hit) return false;
      send(res, status, body);
    });
  }

  /** Requests seen for `method` on a path starting with `/api/v1${prefix}`. */
  seen(method: string, prefix: string): Seen[] {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(`/api/v1${prefix}`));
  }
}
