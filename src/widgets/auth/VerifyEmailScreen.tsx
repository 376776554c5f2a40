/**
 * `/verify-email?token=…`: the landing page of the mailed verification link. It posts the token
 * once, shows progress, then "Your e-mail address is verified. You can sign in now." with a way
 * to sign in, or "This verification link is invalid or has expired.". When the server could not
 * be reached it says so and offers to try again, since the link may well still be good.
 */
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { MESSAGES } from '../../contract';
import { Button, buttonStyles } from '../../ui/Button';
import { cx } from '../../ui/css';
import { Spinner } from '../../ui/Spinner';
import { useAuthApi, type AuthApi } from './authApi';
import { AuthLayout } from './AuthLayout';
import { AuthLink } from './AuthLink';
import { isUnreachable, verifyFailure } from './authModel';
import { AuthNotice } from './AuthNotice';
import { authStyles } from './authStyles';
import { AUTH_TEXT } from './authText';
import type { AuthNavigate } from './useAuthNavigate';
import { useLinkToken } from './useLinkToken';

const T = AUTH_TEXT.verify;
const LOGIN_PATH = '/login';

type VerifyState =
  | { status: 'verifying' }
  | { status: 'verified' }
  | { status: 'failed'; message: string; retryable: boolean };

export interface VerifyEmailScreenProps {
  /** The token; read from the link's `?token=` when omitted. */
  token?: string;
  embedded?: boolean;
  /** Navigation for hosts without the suite's router; defaults to the mount's router. */
  onNavigate?: AuthNavigate;
}

/**
 * One verification call per token and attempt. A token is single-use, so the call must not be
 * repeated when React runs an effect twice (StrictMode) or the screen re-renders: the promise is
 * kept and every effect run only listens to it.
 */
function useVerification(auth: AuthApi, token: string | null, attempt: number) {
  const call = useRef<{ key: string; promise: Promise<unknown> } | null>(null);
  const [state, setState] = useState<VerifyState>({ status: 'verifying' });

  useEffect(() => {
    if (!token) return;
    const key = `${attempt}:${token}`;
    if (call.current?.key !== key) {
      setState({ status: 'verifying' });
      call.current = { key, promise: auth.verifyEmail({ token }) };
    }
    let current = true;
    call.current.promise.then(
      () => current && setState({ status: 'verified' }),
      (error: unknown) =>
        current && setState({ status: 'failed', message: verifyFailure(error), retryable: isUnreachable(error) }),
    );
    return () => {
      current = false;
    };
  }, [auth, token, attempt]);

  return state;
}

/**
 * The e-mail verification landing page.
 *
 * @example
 * <VerifyEmailScreen token="…" onNavigate={(path) => router.push(path)} />
 */
export function VerifyEmailScreen({ token: tokenProp, embedded = false, onNavigate }: VerifyEmailScreenProps): ReactElement {
  const token = useLinkToken(tokenProp);
  const auth = useAuthApi();
  const [attempt, setAttempt] = useState(0);
  const state = useVerification(auth, token, attempt);
  const a = authStyles();
  const b = buttonStyles();
  const signIn = (
    <AuthLink to={LOGIN_PATH} onNavigate={onNavigate} className={cx(b.base, b.lg, b.primary, b.block, a.buttonLink)}>
      {T.signIn}
    </AuthLink>
  );

  let body: ReactElement;
  if (!token) {
    body = (
      <>
        <AuthNotice tone="error">{MESSAGES.auth.verifyFailed}</AuthNotice>
        <p className={a.muted}>{T.missingToken}</p>
        {signIn}
      </>
    );
  } else if (state.status === 'verifying') {
    body = (
      <div className={a.progress} role="status" aria-live="polite">
        <Spinner size={28} />
        <p>{T.progress}</p>
      </div>
    );
  } else if (state.status === 'verified') {
    body = (
      <>
        <AuthNotice tone="success">{MESSAGES.auth.verified}</AuthNotice>
        {signIn}
      </>
    );
  } else {
    body = (
      <>
        <AuthNotice tone="error">{state.message}</AuthNotice>
        {state.retryable && (
          <Button variant="secondary" size="lg" block onClick={() => setAttempt((n) => n + 1)}>
            {T.retry}
          </Button>
        )}
        {signIn}
      </>
    );
  }

  return (
    <AuthLayout embedded={embedded} title={T.title}>
      <div className={a.form}>{body}</div>
    </AuthLayout>
  );
}

export default VerifyEmailScreen;
