/**
 * Every 2xx JSON answer a test app sends is checked against the answer schema of its call in the
 * operation catalogue (src/contract/operations.ts), looked up by method and route pattern: the
 * server's own tests then hold it to the contract the widgets parse with and the OpenAPI document
 * publishes. A mismatch fails the test that made the request (ctx.inject throws) and, for requests
 * made another way (app.inject), the file (useTestApp's afterAll).
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { API_PREFIX, SUCCESS } from '@contract';
import { findOperation } from '@contract/openapi';

export interface AnswerCheck {
  /** The mismatch found for a request (its raw Node request object), if any. */
  failureOf(raw: object): string | undefined;
  /** Every mismatch so far. */
  readonly failures: readonly string[];
}

/** Where an issue is, as `data.users[0].email`. */
const where = (path: readonly PropertyKey[]): string =>
  path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)), '') || '(the answer)';

/** The first difference between an answer and a schema, or null. */
export function firstDifference(schema: z.core.$ZodType, value: unknown): string | null {
  const result = z.safeParse(schema, value);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  const found = issue.path.reduce<unknown>((at, key) => (at as Record<PropertyKey, unknown> | null | undefined)?.[key], value);
  const shown = found === undefined ? 'nothing' : JSON.stringify(found).slice(0, 120);
  const expected = 'expected' in issue ? `expected ${String(issue.expected)}, ` : '';
  return `${where(issue.path)}: ${issue.message} (${expected}got ${shown})`;
}

/** Adds the check to an app (before `ready()`). */
export function checkAnswers(app: FastifyInstance): AnswerCheck {
  const byRequest = new WeakMap<object, string>();
  const failures: string[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    const status = reply.statusCode;
    if (status < 200 || status >= 300 || status === 204) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const pattern = request.routeOptions.url ?? request.url;
    if (!pattern.startsWith(`${API_PREFIX}/`)) return payload;
    const call = `${request.method} ${pattern}`;
    const operation = findOperation(request.method, pattern);
    let problem: string | null;
    if (!operation) problem = 'the call is not in the operation catalogue (src/contract/operations.ts)';
    else if (!operation.answer) problem = `a JSON answer, but the catalogue says it answers a file (${operation.file?.join(', ')})`;
    else {
      // An answer compressed ahead (the calendar's range: modules/appointments/rangeAnswers.ts) is read as sent.
      const encoding = reply.getHeader('content-encoding');
      const text = encoding === 'br' ? brotliDecompressSync(payload) : encoding === 'gzip' ? gunzipSync(payload) : payload;
      const body: unknown = JSON.parse(String(text));
      problem = firstDifference(operation.answer, body);
      if (!problem && operation.path !== '/openapi.json' && (body as { status?: unknown }).status !== SUCCESS) problem = `status: expected "${SUCCESS}", got ${JSON.stringify((body as { status?: unknown }).status)}`;
    }
    if (problem) {
      const failure = `${call} (${request.url}) answered ${status} unlike its contract answer schema — ${problem}`;
      byRequest.set(request.raw, failure);
      failures.push(failure);
    }
    return payload;
  });
  return { failureOf: (raw) => byRequest.get(raw), failures };
}
