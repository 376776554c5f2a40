/**
 * The one error every failed API call throws, and `serverMessage()` to pick what to show.
 */

/** Why a call failed: an HTTP error answer, no answer at all, or an answer of the wrong shape. */
export type ApiErrorKind = 'http' | 'network' | 'parse';

/** What `new ApiError()` takes. */
export interface ApiErrorInit {
  kind: ApiErrorKind;
  status: number;
  method: string;
  path: string;
  body: unknown;
  /** The server's own message, when its answer carried a string `message`. */
  serverMessage?: string;
  /** A description for logs, used when the server sent no message. */
  description: string;
  cause?: unknown;
}

/**
 * A failed API call: `status` (0 when the server was not reached), the server's `message` when
 * it sent a string one, field `errors` of a 422, and the raw `body`.
 *
 * @example
 * try { await api.post('/leads/store', { body }); }
 * catch (error) { toast.error(serverMessage(error, MESSAGES.leads.addFailed)); }
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 for network failures. */
  readonly status: number;
  readonly method: string;
  /** The path as called, relative to `/api/v1`. */
  readonly path: string;
  /** The decoded answer body (JSON, text, or `undefined`). */
  readonly body: unknown;
  /** Field errors, `{ field: [messages] }`, when the answer carried them (validation, 422). */
  readonly errors?: Record<string, string[]>;
  /** True when `message` is the server's own words, fit to show to the user. */
  readonly fromServer: boolean;

  constructor(init: ApiErrorInit) {
    super(init.serverMessage ?? init.description, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.method = init.method;
    this.path = init.path;
    this.body = init.body;
    this.fromServer = init.serverMessage !== undefined;
    const errors = fieldErrorsOf(init.body);
    if (errors) this.errors = errors;
  }
}

/** `errors` of an answer body, normalised to lists of strings; tolerant of single strings. */
function fieldErrorsOf(body: unknown): Record<string, string[]> | undefined {
  if (typeof body !== 'object' || body === null || !('errors' in body)) return undefined;
  const raw = (body as { errors: unknown }).errors;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const out: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(raw)) {
    const list = (Array.isArray(value) ? value : [value]).filter((m): m is string => typeof m === 'string');
    if (list.length) out[field] = list;
  }
  return out;
}

/**
 * True when `error` is an `ApiError`.
 *
 * @example
 * if (isApiError(error) && error.status === 404) showNotFound();
 */
export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * The server's message when it sent one, else `fallback`: the server's message is preferred
 * (docs/product/messages.md).
 *
 * @example
 * toast.error(serverMessage(error, MESSAGES.roles.saveFailed));
 */
export function serverMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.fromServer && error.message ? error.message : fallback;
}
