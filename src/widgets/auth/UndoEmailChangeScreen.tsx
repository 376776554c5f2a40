/**
 * `/undo-email-change?token=…`: the landing page of the link mailed to the old address when an
 * account's e-mail changed. It posts the token once; the server puts the old address back, signs
 * every session out and answers a one-time reset token, so the owner goes straight on to choose a
 * password the other person does not know. An invalid, used or expired link says so; an
 * unreachable server offers to try again.
 */
import { useState, type ReactElement } from 'react';
import { Button, buttonStyles } from '../../ui/Button';
import { cx } from '../../ui/css';
import { Spinner } from '../../ui/Spinner';
import { useAuthApi } from './authApi';
import { AuthLayout } from './AuthLayout';
import { AuthLink } from './AuthLink';
import { isUnreachable, undoEmailChangeFailure } from './authModel';
import { AuthNotice } from './AuthNotice';
import { authStyles } from './authStyles';
import { AUTH_TEXT } from './authText';
import type { AuthNavigate } from './useAuthNavigate';
import { useLinkCall } from './useLinkCall';
import { useLinkToken } from './useLinkToken';

const T = AUTH_TEXT.undoEmailChange;

export interface UndoEmailChangeScreenProps {
  /** The token; read from the link's `?token=` when omitted. */
  token?: string;
  embedded?: boolean;
  /** Navigation for hosts without the suite's router; defaults to the mount's router. */
  onNavigate?: AuthNavigate;
}

/**
 * @example
 * <UndoEmailChangeScreen token="…" onNavigate={(path) => router.push(path)} />
 */
export function UndoEmailChangeScreen({ token: tokenProp, embedded = false, onNavigate }: UndoEmailChangeScreenProps): ReactElement {
  const token = useLinkToken(tokenProp);
  const auth = useAuthApi();
  const [attempt, setAttempt] = useState(0);
  const state = useLinkCall(
    token,
    attempt,
    (t) => auth.undoEmailChange({ token: t }),
    (error) => ({ message: undoEmailChangeFailure(error), retryable: isUnreachable(error) }),
  );
  const a = authStyles();
  const b = buttonStyles();
  const primaryLink = cx(b.base, b.lg, b.primary, b.block, a.buttonLink);
  const signIn = (
    <AuthLink to="/login" onNavigate={onNavigate} className={primaryLink}>
      {T.signIn}
    </AuthLink>
  );

  let body: ReactElement;
  if (!token) {
    body = (
      <>
        <AuthNotice tone="error">{T.missingToken}</AuthNotice>
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
        <AuthNotice tone="success">{state.value.message}</AuthNotice>
        <AuthLink to={`/reset-password?token=${encodeURIComponent(state.value.data.reset_token)}`} onNavigate={onNavigate} className={primaryLink}>
          {T.choosePassword}
        </AuthLink>
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

export default UndoEmailChangeScreen;
