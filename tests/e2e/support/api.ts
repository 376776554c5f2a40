/**
 * One call to the e2e server's API, as the tests make their own data and check what the screens
 * saved: JSON in, the status and the body (parsed when it is JSON, its text otherwise) out.
 */
import { baseUrl } from './browser';

export interface ApiCall {
  /** A session token: the call is made as that person. */
  token?: string;
  /** A body, sent as JSON; with one the method defaults to POST, without to GET. */
  json?: unknown;
  method?: string;
}

/** @example const { status, body } = await apiCall('/auth', { json: { username, password } }); */
export async function apiCall(path: string, { token, json, method }: ApiCall = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(`${baseUrl()}/api/v1${path}`, {
    method: method ?? (json === undefined ? 'GET' : 'POST'),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: text };
  }
}
