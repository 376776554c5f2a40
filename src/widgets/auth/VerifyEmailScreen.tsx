/**
 * `/verify-email?token=…`: the landing page of the mailed verification link. It posts the token
 * once, shows progress, then "Your e-mail address is verified. You can sign in now." with a way
 * to sign in, or "This verification link is invalid or has expired.". When the server could not
 * be reached it says so and offers to try again, since the link may well still be good.
 */
import type { ReactElement } from 'react';
import { MESSAGES } from '../../contract';
import { useAuthApi } from './authApi';
import { AuthLink } from './AuthLink';
import { verifyFailure } from './authModel';
import { AuthNotice } from './AuthNotice';
import { authStyles } from './authStyles';
import { AUTH_TEXT } from './authText';
import { LinkLanding } from './LinkLanding';
import type { AuthNavigate } from './useAuthNavigate';
import { useLinkToken } from './useLinkToken';
import { AUTH_SCREENS } from './widgets';

const T = AUTH_TEXT.verify;

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
  const a = authStyles();
  return (
    <LinkLanding
      token={token}
      text={{
        ...T,
        missingToken: (
          <>
            <AuthNotice tone="error">{MESSAGES.auth.verifyFailed}</AuthNotice>
            <p className={a.muted}>{T.missingToken}</p>
          </>
        ),
      }}
      call={(t) => auth.verifyEmail({ token: t })}
      failure={verifyFailure}
      done={(_, primary) => (
        <>
          <AuthNotice tone="success">{MESSAGES.auth.verified}</AuthNotice>
          <AuthLink to={AUTH_SCREENS.login.href()} onNavigate={onNavigate} className={primary}>
            {T.signIn}
          </AuthLink>
        </>
      )}
      embedded={embedded}
      onNavigate={onNavigate}
    />
  );
}

export default VerifyEmailScreen;
