/**
 * `/undo-email-change?token=…`: the landing page of the link mailed to the old address when an
 * account's e-mail changed. It posts the token once; the server puts the old address back, signs
 * every session out and answers a one-time reset token, so the owner goes straight on to choose a
 * password the other person does not know. An invalid, used or expired link says so; an
 * unreachable server offers to try again.
 */
import type { ReactElement } from 'react';
import { useAuthApi } from './authApi';
import { AuthLink } from './AuthLink';
import { undoEmailChangeFailure } from './authModel';
import { AuthNotice } from './AuthNotice';
import { AUTH_TEXT } from './authText';
import { LinkLanding } from './LinkLanding';
import type { AuthNavigate } from './useAuthNavigate';
import { useLinkToken } from './useLinkToken';
import { AUTH_SCREENS } from './widgets';

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
  return (
    <LinkLanding
      token={token}
      text={{ ...T, missingToken: <AuthNotice tone="error">{T.missingToken}</AuthNotice> }}
      call={(t) => auth.undoEmailChange({ token: t })}
      failure={undoEmailChangeFailure}
      done={(answer, primary) => (
        <>
          <AuthNotice tone="success">{answer.message}</AuthNotice>
          <AuthLink to={AUTH_SCREENS.resetPassword.href({}, { token: answer.data.reset_token })} onNavigate={onNavigate} className={primary}>
            {T.choosePassword}
          </AuthLink>
        </>
      )}
      embedded={embedded}
      onNavigate={onNavigate}
    />
  );
}

export default UndoEmailChangeScreen;
