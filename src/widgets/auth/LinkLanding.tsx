/**
 * The landing page of a mailed link that makes one call with its token (e-mail verification, the
 * undo of an e-mail change): progress while it goes, what it did, or why not — with "Try again"
 * when the server was not reached (the link may well still be good) and a way to sign in.
 */
import { useState, type ReactElement, type ReactNode } from 'react';
import { Button, buttonStyles } from '../../ui/Button';
import { cx } from '../../ui/css';
import { Spinner } from '../../ui/Spinner';
import { AuthLayout } from './AuthLayout';
import { AuthLink } from './AuthLink';
import { isUnreachable } from './authModel';
import { AuthNotice } from './AuthNotice';
import { authStyles } from './authStyles';
import type { AuthNavigate } from './useAuthNavigate';
import { useLinkCall } from './useLinkCall';
import { AUTH_SCREENS } from './widgets';

export interface LinkLandingText {
  title: string;
  progress: string;
  /** Shown when the link came without its token. */
  missingToken: ReactNode;
  retry: string;
  signIn: string;
}

export interface LinkLandingProps<T> {
  token: string | null;
  text: LinkLandingText;
  call(token: string): Promise<T>;
  /** The message of a failed call (unreachable or refused). */
  failure(error: unknown): string;
  /** What the page shows once the call succeeded; `primary` styles its main link. */
  done(value: T, primary: string): ReactElement;
  embedded: boolean;
  onNavigate?: AuthNavigate;
}

export function LinkLanding<T>({ token, text, call, failure, done, embedded, onNavigate }: LinkLandingProps<T>): ReactElement {
  const [attempt, setAttempt] = useState(0);
  const state = useLinkCall(token, attempt, call, (error) => ({ message: failure(error), retryable: isUnreachable(error) }));
  const a = authStyles();
  const b = buttonStyles();
  const primary = cx(b.base, b.lg, b.primary, b.block, a.buttonLink);
  const signIn = (
    <AuthLink to={AUTH_SCREENS.login.href()} onNavigate={onNavigate} className={primary}>
      {text.signIn}
    </AuthLink>
  );

  let body: ReactElement;
  if (!token) {
    body = (
      <>
        {text.missingToken}
        {signIn}
      </>
    );
  } else if (state.status === 'working') {
    body = (
      <div className={a.progress} role="status" aria-live="polite">
        <Spinner size={28} />
        <p>{text.progress}</p>
      </div>
    );
  } else if (state.status === 'done') {
    body = done(state.value, primary);
  } else {
    body = (
      <>
        <AuthNotice tone="error">{state.message}</AuthNotice>
        {state.retryable && (
          <Button variant="secondary" size="lg" block onClick={() => setAttempt((n) => n + 1)}>
            {text.retry}
          </Button>
        )}
        {signIn}
      </>
    );
  }

  return (
    <AuthLayout embedded={embedded} title={text.title}>
      <div className={a.form}>{body}</div>
    </AuthLayout>
  );
}
