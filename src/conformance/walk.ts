/**
 * The walk's plumbing: one call to the server, and one check of an answer against the contract's
 * operation catalogue, recorded as a line of the results. Pure of Node: it takes `fetch`.
 */
import * as z from 'zod/mini';
import { ErrorAnswer } from '../contract/common';
import { API_PREFIX } from '../contract/constants';
import { findOperation } from '../contract/operations';

export interface Check {
  call: string;
  ok: boolean;
  detail: string;
  ms: number;
  /** Not made (the account may not); neither a pass nor a failure. */
  skipped?: boolean;
}

export interface Answer {
  status: number;
  body: unknown;
  /** The answer's content type, without parameters. */
  type: string;
}

/** A JSON body, or a multipart form (FormData). */
export type Body = unknown;

/** The first difference between an answer and a schema, as `data.users[0].email: …`, or null. */
export function firstDifference(schema: z.core.$ZodType, value: unknown): string | null {
  const result = z.safeParse(schema, value);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  const where = issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('').replace(/^\./, '') || '(the answer)';
  // zod/mini carries no English messages ("Invalid input"): say what was expected and what came.
  const found = pick(value, ...issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key)));
  const came = found === undefined ? 'missing' : found === null ? 'null' : Array.isArray(found) ? 'an array' : typeof found === 'object' ? 'an object' : `${typeof found} ${JSON.stringify(found).slice(0, 40)}`;
  if (issue.code === 'invalid_type') return `${where}: expected ${issue.expected}, got ${came}`;
  return `${where}: ${issue.message === 'Invalid input' ? `not as the contract says (${issue.code}), got ${came}` : issue.message}`;
}

/** `body.a.b.c` of an answer, or undefined. */
export function pick(body: unknown, ...path: Array<string | number>): unknown {
  let value = body;
  for (const key of path) value = value !== null && typeof value === 'object' ? (value as Record<string | number, unknown>)[key] : undefined;
  return value;
}

export interface Walk {
  checks: Check[];
  /** The signed-in account's token (null before sign-in and after sign-out). */
  token: string | null;
  /** The second company's token, when given. */
  otherToken: string | null;
  can(permission: string): boolean;
  /** The signed-in account's `user_type` (`admin`: a company admin, who reads the audit log and keeps webhooks). */
  userType: unknown;
  /** `headers`: more request headers (a stream's `Last-Event-ID`). */
  call(method: string, path: string, body?: Body, as?: string | null, headers?: Record<string, string>): Promise<Answer>;
  /**
   * The call answers `expected` (or one of them), and its body matches the contract for that
   * status (a file's content type, for calls that answer a file). Null when it failed (the line
   * says why).
   */
  check(method: string, pattern: string, path: string, expected: number | readonly number[], body?: Body, as?: string | null, title?: string, headers?: Record<string, string>): Promise<Answer | null>;
  /** A line of one's own: a failure when `problem` is a string. */
  judge(call: string, problem: string | null, passed?: string): void;
  skip(call: string, reason: string): void;
}

export function createWalk(api: string, doFetch: typeof fetch): Walk {
  const base = api.replace(/\/+$/, '');
  const walk: Walk = {
    checks: [],
    token: null,
    otherToken: null,
    can: () => false,
    userType: undefined,

    async call(method, path, body, as = walk.token, headers = {}) {
      const form = typeof FormData !== 'undefined' && body instanceof FormData;
      const response = await doFetch(`${base}${API_PREFIX}${path}`, {
        method,
        headers: { accept: 'application/json', ...(body === undefined || form ? {} : { 'content-type': 'application/json' }), ...(as ? { authorization: `Bearer ${as}` } : {}), ...headers },
        ...(body === undefined ? {} : { body: form ? (body as FormData) : JSON.stringify(body) }),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON: checked by the caller */
      }
      return { status: response.status, body: parsed, type: (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase() };
    },

    async check(method, pattern, path, expected, body, as, title, headers) {
      const name = title ?? `${method} ${pattern}`;
      const started = Date.now();
      const expectedOnes = typeof expected === 'number' ? [expected] : expected;
      try {
        const answer = await walk.call(method, path, body, as === undefined ? walk.token : as, headers);
        const operation = findOperation(method, `${API_PREFIX}${pattern}`);
        let problem: string | null = null;
        if (!expectedOnes.includes(answer.status)) problem = `answered ${answer.status}, expected ${expectedOnes.join(' or ')}: ${JSON.stringify(answer.body).slice(0, 160)}`;
        else if (answer.status < 300) {
          if (operation?.file) problem = operation.file.includes(answer.type) ? null : `content type ${answer.type || '(none)'}, expected ${operation.file.join(' or ')}`;
          else if (!operation?.answer) problem = 'not in the operation catalogue';
          else problem = firstDifference(operation.answer, answer.body) ?? (pick(answer.body, 'status') === 'Success' ? null : 'status: expected "Success"');
        } else {
          problem = firstDifference(ErrorAnswer, answer.body) ?? (pick(answer.body, 'message') === undefined ? 'no message' : null);
        }
        walk.checks.push({ call: name, ok: !problem, detail: problem ?? `${answer.status}`, ms: Date.now() - started });
        return problem ? null : answer;
      } catch (error) {
        walk.checks.push({ call: name, ok: false, detail: `request failed: ${(error as Error).message}`, ms: Date.now() - started });
        return null;
      }
    },

    judge(call, problem, passed = 'as expected') {
      walk.checks.push({ call, ok: problem === null, detail: problem ?? passed, ms: 0 });
    },

    skip(call, reason) {
      walk.checks.push({ call, ok: true, skipped: true, detail: `skipped: ${reason}`, ms: 0 });
    },
  };
  return walk;
}

/**
 * Two pages of `size` of a list: each no longer than `size`, the same total on both, and no
 * record on both. `page(n)` gives a page's records and total, or null when the call failed.
 */
export async function checkPaging(walk: Walk, call: string, size: number, page: (n: number) => Promise<{ items: unknown[]; total: unknown } | null>): Promise<void> {
  const first = await page(1);
  const second = await page(2);
  if (!first || !second) return;
  const idOf = (item: unknown) => String(pick(item, 'id') ?? pick(item, '_id'));
  let problem: string | null = null;
  if (first.items.length > size) problem = `page 1 has ${first.items.length} records, pageSize is ${size}`;
  else if (second.items.length > size) problem = `page 2 has ${second.items.length} records, pageSize is ${size}`;
  else if (typeof first.total === 'number' && first.total !== second.total) problem = `total ${String(first.total)} on page 1 but ${String(second.total)} on page 2`;
  else if (typeof first.total === 'number' && first.total > size && second.items.length === 0) problem = `total ${first.total} but page 2 is empty`;
  else if (second.items.some((item) => first.items.some((other) => idOf(other) === idOf(item)))) problem = 'a record on both page 1 and page 2';
  walk.judge(`${call} paging (pageSize ${size}, pages 1 and 2)`, problem, `total ${String(first.total)}, pages of ${first.items.length} and ${second.items.length}`);
}
