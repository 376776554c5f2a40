/**
 * `/verify-email?token=…`: the landing page of the mailed verification link. It posts the token
 * once, shows progress, then "Your e-mail address is verified. You can sign in now." with a way
 * to sign in, or "This verification link is invalid or has expired.". When the server could not
 * be reached it says so and offers to try again, since the link may well still be good.
 */
import { useState, type ReactElement } from 'react';
import { MESSAGES } from '../../contract';
import { Button, buttonStyles } from '../../ui/Button';
import { cx } from '../../ui/css';
import { Spinner } from '../../ui/Spinner';
import { useAuthApi } from './authApi';
import { AuthLayout } from './AuthLayout';
import { AuthLink } from './AuthLink';
import { isUnreachable, verifyFailure } from './authModel';
import { AuthNotice } from './AuthNotice';
import { authStyles } from './authStyles';
import { AUTH_TEXT } from './authText';
import type { AuthNavigate } from './useAuthNavigate';
import { useLinkCall } from './useLinkCall';
import { useLinkToken } from './useLinkToken';

const T = AUTH_TEXT.verify;
const LOGIN_PATH = '/login';

export interface VerifyEmailScreenProps {
  /** The token; read from the link's `?token=` when omitted. */
  token?: string;
  embedded?: boolean;
  /** Navigation for hosts without the suite's router; defaults to the mount's router. */
  onNavigate?: AuthNavigate;
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
  const state = useLinkCall(
    token,
    attempt,
    (t) => auth.verifyEmail({ token: t }),
    (error) => ({ message: verifyFailure(error), retryable: isUnreachable(error) }),
  );
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
  } else if (state.status === 'working') {
    body = (
      <div className={a.progress} role="status" aria-live="polite">
        <Spinner size={28} />
        <p>{T.progress}</p>
      </div>
    );
  } else if (state.status === 'done') {
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
