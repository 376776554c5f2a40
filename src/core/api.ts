/**
 * The API client every `*Api.ts` calls through (docs/architecture.md, "How data flows"): base URL,
 * JSON,
 * `Authorization: Bearer`, answers parsed with contract schemas, and one error type.
 */
import * as z from 'zod/mini';
import { USER_PATHS, type SessionUser } from '../contract';
import { apiUrl, type EstateDeskConfig } from './config';
import { ApiError } from './ApiError';
import type { Emitter, RuntimeEvents } from './events';
import type { SessionStore } from './session';
import { userIdFromToken } from './token';

export { ApiError, isApiError, serverMessage } from './ApiError';
export type { ApiErrorKind } from './ApiError';

/** Any zod (or zod/mini) schema. */
export type AnySchema = z.core.$ZodType;

/** Options of every call. */
export interface RequestOptions {
  /** Query parameters; `undefined` and `null` values are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  /** A JSON-serialisable value (sent as JSON), or a FormData / Blob / string sent untouched. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * `false`: send no token, and do not take a 401 as an expired session. For sign-in,
   * registration and forgot-password, where 401 means "wrong password", not "signed out".
   */
  auth?: boolean;
}

/** Options with a schema: the answer is parsed and typed by it. */
export interface SchemaRequestOptions<S extends AnySchema> extends RequestOptions {
  schema: S;
}

/** One HTTP method of the client: typed by the schema when given, else `unknown`. */
export interface ApiCall {
  <S extends AnySchema>(path: string, options: SchemaRequestOptions<S>): Promise<z.output<S>>;
  (path: string, options?: RequestOptions & { schema?: undefined }): Promise<unknown>;
}

/** How much of an upload's body has been sent; `total` is 0 while the browser cannot tell. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** Multipart upload options: the body is a FormData, sent as is. */
export interface UploadOptions extends Omit<RequestOptions, 'body'> {
  body: FormData;
  method?: 'POST' | 'PUT';
  /**
   * Hears how much of the body has been sent. The upload then goes by XMLHttpRequest (fetch
   * reports no upload progress), except where there is none or the client was given its own
   * `fetch`: there it is sent as any other call, and this is never called.
   */
  onUploadProgress?: (progress: UploadProgress) => void;
}
export interface ApiUpload {
  <S extends AnySchema>(path: string, options: UploadOptions & { schema: S }): Promise<z.output<S>>;
  (path: string, options: UploadOptions & { schema?: undefined }): Promise<unknown>;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call with its method spelled out. */
export interface ApiRequest {
  <S extends AnySchema>(method: HttpMethod, path: string, options: SchemaRequestOptions<S>): Promise<z.output<S>>;
  (method: HttpMethod, path: string, options?: RequestOptions & { schema?: undefined }): Promise<unknown>;
}

/** What `createApiClient` returns. Paths are relative to `/api/v1` (`API_PREFIX`), e.g. `/leads/7`. */
export interface ApiClient {
  get: ApiCall;
  post: ApiCall;
  put: ApiCall;
  patch: ApiCall;
  del: ApiCall;
  upload: ApiUpload;
  /** Any method; the others are shorthands of this. */
  request: ApiRequest;
  /** The signed-in user's id, read from the token's subject (docs/product/README.md, "The calls"); `null` when unknown. */
  userId(): string | null;
  /**
   * A GET whose answer is read as it arrives (the live-update stream): the raw response, any
   * status; only a failure to reach the server throws (`ApiError` of kind `network`).
   */
  stream(path: string, options?: Pick<RequestOptions, 'headers' | 'query' | 'signal'>): Promise<Response>;
}

/** What `createApiClient` needs. */
export interface ApiClientOptions {
  config: EstateDeskConfig;
  session: SessionStore;
  /** Where `unauthorized` is announced; the runtime passes its emitter. */
  events?: Pick<Emitter<RuntimeEvents>, 'emit'>;
  /** A fetch implementation (tests, service workers); defaults to the global one. */
  fetch?: typeof globalThis.fetch;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function cleanQuery(query: RequestOptions['query']): Record<string, string | number | boolean> | undefined {
  if (!query) return undefined;
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(query)) if (value != null) out[key] = value;
  return out;
}

/**
 * What `send` answers: the status, the body (JSON-decoded when the server says it is JSON, text
 * for text, a Blob for anything else, `undefined` when empty) and the caller's access stamp.
 */
interface RawAnswer {
  status: number;
  ok: boolean;
  data: unknown;
  accessStamp: string | null;
}

/**
 * Sent with every signed-in answer: it changes when the caller's role or permissions change, so
 * the client re-reads them at once (header exposed to other origins by the server's CORS).
 */
const ACCESS_STAMP_HEADER = 'X-Access-Stamp';

/** The profile as the re-read needs it: the session store checks the permissions it is given. */
const ProfileData = z.looseObject({ data: z.looseObject({}) });

const isJsonType = (type: string) => /\bjson\b/i.test(type);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text; // Not JSON after all: the text is the answer.
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205 || response.status === 304 || !response.body) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type && !isJsonType(type) && !/^text\/|[/+]xml(;|$)|javascript/i.test(type)) return response.blob();
  const text = await response.text();
  if (!text) return undefined;
  return isJsonType(type) || !type ? parseJson(text) : text;
}

/** Plain objects and arrays go as JSON; FormData, Blob, strings and the like go untouched. */
function encodeBody(body: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (body === undefined || body === null) return undefined;
  const plain = Array.isArray(body) || (isRecord(body) && (Object.getPrototypeOf(body) === Object.prototype || Object.getPrototypeOf(body) === null));
  if (!plain) return body as BodyInit;
  if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
  return JSON.stringify(body);
}

function withQuery(url: string, query: RequestOptions['query']): string {
  const clean = cleanQuery(query);
  if (!clean || !Object.keys(clean).length) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(clean)) params.append(key, String(value));
  return `${url}${url.includes('?') ? '&' : '?'}${params}`;
}

/**
 * A body sent by XMLHttpRequest, the one browser API that tells how much of an upload has been
 * sent. Answers as `send` does; fails with a TypeError when the
 * server cannot be reached, or the signal's reason when aborted.
 */
function sendWithProgress(
  method: HttpMethod,
  url: string,
  headers: Record<string, string>,
  body: FormData,
  signal: AbortSignal | undefined,
  onProgress: (progress: UploadProgress) => void,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const aborted = () => reject(signal?.reason ?? new DOMException('The upload was aborted.', 'AbortError'));
    if (signal?.aborted) return aborted();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    let total = 0;
    xhr.upload.addEventListener('progress', (event) => {
      total = event.lengthComputable ? event.total : 0;
      onProgress({ loaded: event.loaded, total });
    });
    // The last progress event may come before the last byte left: the end is always heard.
    xhr.upload.addEventListener('load', () => onProgress({ loaded: total, total }));
    xhr.addEventListener('load', () => {
      const text = xhr.responseText;
      const data = !text ? undefined : isJsonType(xhr.getResponseHeader('content-type') ?? '') ? parseJson(text) : text;
      resolve({ status: xhr.status, ok: xhr.status >= 200 && xhr.status < 300, data, accessStamp: xhr.getResponseHeader(ACCESS_STAMP_HEADER) });
    });
    xhr.addEventListener('error', () => reject(new TypeError(`${method} ${url}: network error`)));
    xhr.addEventListener('abort', aborted);
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}

/**
 * Creates the client for one runtime.
 *
 * No timeout is set (the product sets none), and nothing is retried but a 401 after the host's
 * token refresh: a repeated POST could store a lead twice, and a failed GET should reach the
 * screen's error state promptly. Plain fetch, not a wrapper library: JSON in and out is all the
 * suite needs, and the script-tag pages download every byte of it.
 *
 * @example
 * const api = createApiClient({ config, session, events });
 * const { data } = await api.get('/workflow/list', { schema: WorkflowListAnswer });
 */
export function createApiClient({ config, session, events, fetch }: ApiClientOptions): ApiClient {
  const doFetch = fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  // Remembered so that `userId()` works for hosts that only hand tokens over through getToken().
  let lastToken: string | null = null;

  /** Where the token comes from, in order: the host's callback, the host's token, the session. */
  async function currentToken(): Promise<{ token: string | null; fromSession: boolean }> {
    if (config.getToken) {
      const token = await config.getToken();
      if (token) return { token, fromSession: false };
    }
    if (config.token) return { token: config.token, fromSession: false };
    return { token: session.getState().token, fromSession: true };
  }

  async function send(method: HttpMethod, path: string, options: RequestOptions & Pick<UploadOptions, 'onUploadProgress'>, token: string | null): Promise<RawAnswer> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      // A client given its own fetch keeps it for uploads too: the embedding layer's watches every
      // answer for its host events, which an XMLHttpRequest would pass by.
      if (options.onUploadProgress && options.body instanceof FormData && !fetch && typeof XMLHttpRequest !== 'undefined') {
        const url = withQuery(apiUrl(config, path), options.query);
        return await sendWithProgress(method, url, headers, options.body, options.signal, options.onUploadProgress);
      }
      // FormData goes without a content type of ours, so the browser sets the multipart boundary.
      const body = encodeBody(options.body, headers);
      const response = await doFetch(withQuery(apiUrl(config, path), options.query), { method, headers, body, signal: options.signal });
      return { status: response.status, ok: response.ok, data: await readBody(response), accessStamp: response.headers.get(ACCESS_STAMP_HEADER) };
    } catch (cause) {
      // The caller's own abort is not a failure to report; let it through as is.
      if (options.signal?.aborted) throw cause;
      throw new ApiError({
        kind: 'network',
        status: 0,
        method,
        path,
        body: undefined,
        description: `${method} ${path}: the server could not be reached`,
        cause,
      });
    }
  }

  function httpError(method: HttpMethod, path: string, response: RawAnswer): ApiError {
    const body = response.data;
    const message = isRecord(body) && typeof body.message === 'string' && body.message.trim() ? body.message : undefined;
    return new ApiError({
      kind: 'http',
      status: response.status,
      method,
      path,
      body,
      serverMessage: message,
      description: `${method} ${path} failed with HTTP ${response.status}`,
    });
  }

  async function request(method: HttpMethod, path: string, options: RequestOptions & Pick<UploadOptions, 'onUploadProgress'> & { schema?: AnySchema } = {}) {
    const useAuth = options.auth !== false;
    const first = useAuth ? await currentToken() : { token: null, fromSession: false };
    if (first.token) lastToken = first.token;
    let response = await send(method, path, options, first.token);

    if (response.status === 401 && useAuth && first.token) {
      // The host may have refreshed its token meanwhile: ask once more and retry once.
      const fresh = config.getToken ? await config.getToken() : null;
      if (fresh) {
        lastToken = fresh;
        response = await send(method, path, options, fresh);
      }
      if (response.status === 401) {
        // A stale answer must not sign out a session that has already moved on (a new sign-in
        // while this call was in flight).
        const stale = first.fromSession && session.getState().token !== first.token;
        if (!stale) {
          lastToken = null;
          session.getState().signOut();
          events?.emit('unauthorized', { method, path });
        }
      }
    }

    // A 403 carries the stamp too: a refusal is often the first sign that permissions changed.
    if (response.accessStamp && useAuth && response.status !== 401) accessStampSeen(response.accessStamp);
    if (!response.ok) throw httpError(method, path, response);
    const data = response.data;
    if (!options.schema) return data;
    const parsed = z.safeParse(options.schema, data);
    if (parsed.success) return parsed.data;
    throw new ApiError({
      kind: 'parse',
      status: response.status,
      method,
      path,
      body: data,
      description: `Unexpected answer to ${method} ${path}: ${describeIssues(parsed.error)}`,
      cause: parsed.error,
    });
  }

  // The first stamp of a runtime is checked too: permissions stored by an earlier page may be stale.
  let knownStamp: string | null = null;
  let refresh: Promise<void> | null = null;
  function accessStampSeen(stamp: string): void {
    if (stamp === knownStamp) return;
    knownStamp = stamp;
    // One re-read at a time; a stamp that changes again meanwhile is re-read after it.
    const previous = refresh ?? Promise.resolve();
    refresh = previous.then(async () => {
      if (knownStamp !== stamp) return;
      const token = session.getState().token;
      try {
        const { data } = (await request('GET', USER_PATHS.profile, { schema: ProfileData })) as z.output<typeof ProfileData>;
        // A sign-out or another sign-in meanwhile wins over this answer.
        if (session.getState().token === token) session.getState().update(data as Partial<SessionUser>);
      } catch {
        if (knownStamp === stamp) knownStamp = null; // Try again with the next answer.
      }
    });
  }

  async function stream(path: string, options: Pick<RequestOptions, 'headers' | 'query' | 'signal'> = {}): Promise<Response> {
    const { token } = await currentToken();
    const headers: Record<string, string> = { Accept: 'text/event-stream', ...options.headers };
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      return await doFetch(withQuery(apiUrl(config, path), options.query), { method: 'GET', headers, signal: options.signal });
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw new ApiError({ kind: 'network', status: 0, method: 'GET', path, body: undefined, description: `GET ${path}: the server could not be reached`, cause });
    }
  }

  const call = (method: HttpMethod) => ((path: string, options?: RequestOptions & { schema?: AnySchema }) =>
    request(method, path, options)) as ApiCall;

  return {
    get: call('GET'),
    post: call('POST'),
    put: call('PUT'),
    patch: call('PATCH'),
    del: call('DELETE'),
    upload: ((path: string, { method = 'POST', ...options }: UploadOptions & { schema?: AnySchema }) =>
      request(method, path, options)) as ApiUpload,
    request: request as ApiRequest,
    userId: () => userIdFromToken(session.getState().token ?? config.token ?? lastToken),
    stream,
  };
}
