/**
 * The one call a mailed link's landing page makes with its token (verify an address, undo an
 * e-mail change). A token is single-use, so the call must not be repeated when React runs an
 * effect twice (StrictMode) or the screen re-renders: the promise is kept per token and attempt,
 * and every effect run only listens to it. A new attempt (after "Try again") calls again.
 */
import { useEffect, useRef, useState } from 'react';

export type LinkCallState<T> =
  | { status: 'working' }
  | { status: 'done'; value: T }
  | { status: 'failed'; message: string; retryable: boolean };

export interface LinkCallFailure {
  message: string;
  retryable: boolean;
}

/**
 * @example
 * const state = useLinkCall(token, attempt, (t) => auth.verifyEmail({ token: t }), (e) => ({ message: verifyFailure(e), retryable: isUnreachable(e) }));
 */
export function useLinkCall<T>(
  token: string | null,
  attempt: number,
  call: (token: string) => Promise<T>,
  failure: (error: unknown) => LinkCallFailure,
): LinkCallState<T> {
  const pending = useRef<{ key: string; promise: Promise<T> } | null>(null);
  const [state, setState] = useState<LinkCallState<T>>({ status: 'working' });
  // The latest functions, without making them effect dependencies (hosts pass new ones each render).
  const latest = useRef({ call, failure });
  latest.current = { call, failure };

  useEffect(() => {
    if (!token) return;
    const key = `${attempt}:${token}`;
    if (pending.current?.key !== key) {
      setState({ status: 'working' });
      pending.current = { key, promise: latest.current.call(token) };
    }
    let current = true;
    pending.current.promise.then(
      (value) => current && setState({ status: 'done', value }),
      (error: unknown) => current && setState({ status: 'failed', ...latest.current.failure(error) }),
    );
    return () => {
      current = false;
    };
  }, [token, attempt]);

  return state;
}
