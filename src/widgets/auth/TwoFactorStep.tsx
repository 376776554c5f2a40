/**
 * The second sign-in step, after a correct password: the authenticator app's code (or a recovery
 * code) for a person with two-factor on; for a person whose company requires it and who has none,
 * first the set-up (QR code, key, first code), then the recovery codes once. Loaded only when a
 * sign-in needs it, so the login screens stay as small as before.
 */
import { useEffect, useRef, useState, type ReactElement } from 'react';
import type { LoginData, TwoFactorChallenge, TwoFactorSetup } from '../../contract';
import { Button } from '../../ui/Button';
import { Form } from '../../ui/Form';
import { FormSubmit } from '../../ui/FormSubmit';
import { LoadingState } from '../../ui/LoadingState';
import { RecoveryCodesView } from '../../ui/RecoveryCodesView';
import { TextField } from '../../ui/TextField';
import { TotpSetupView } from '../../ui/TotpSetupView';
import { useForm } from '../../ui/useForm';
import { AuthNotice } from './AuthNotice';
import { authStyles } from './authStyles';
import { useTwoFactorApi } from './twoFactorApi';
import { challengeEnded, codeFailure, validateCode, type CodeMode } from './twoFactorModel';

export const TWO_FACTOR_TEXT = {
  title: 'Two-factor sign-in',
  prompt: 'Open your authenticator app and enter the 6-digit code it shows for EstateDesk.',
  recoveryPrompt: 'Enter one of your recovery codes. Each works once.',
  appCode: 'Authentication code',
  recoveryCode: 'Recovery code',
  submit: 'VERIFY',
  busy: 'VERIFYING...',
  useRecovery: 'Use a recovery code instead',
  useApp: 'Use the authenticator app instead',
  back: 'Back to sign in',
  enrolTitle: 'Set up two-factor sign-in',
  enrolPrompt: 'Your company requires two-factor sign-in. Add EstateDesk to an authenticator app, then enter the code it shows.',
  enrolLoading: 'Preparing your set-up...',
  enrolFailed: 'The set-up could not be prepared.',
  retry: 'Try again',
  enrolSubmit: 'VERIFY AND SIGN IN',
  continue: 'I have saved my codes, continue',
} as const;
const T = TWO_FACTOR_TEXT;
const PROMPT = { margin: '0 0 4px', fontSize: 14, color: 'var(--ed-muted, #6b7280)' } as const;

export interface TwoFactorStepProps {
  challenge: TwoFactorChallenge;
  /** The session answer: store it and go on. */
  onSignedIn(data: LoginData): void;
  /** Back to the password form, with a message when the challenge ended. */
  onBack(message?: string): void;
}

type Setup = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; setup: TwoFactorSetup };

export function TwoFactorStep({ challenge, onSignedIn, onBack }: TwoFactorStepProps): ReactElement {
  const api = useTwoFactorApi();
  const a = authStyles();
  const enrolling = challenge.enrolment_required;
  const [mode, setMode] = useState<CodeMode>('app');
  const [setup, setSetup] = useState<Setup>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [signedIn, setSignedIn] = useState<LoginData | null>(null);
  const root = useRef<HTMLDivElement>(null);
  // The screen passes a new onBack each render; the set-up must not start again for it.
  const backRef = useRef(onBack);
  backRef.current = onBack;

  useEffect(() => {
    if (!enrolling) return;
    let live = true;
    setSetup({ status: 'loading' });
    api.enrol(challenge.challenge_token).then(
      (answer) => live && setSetup({ status: 'ready', setup: answer }),
      (error: unknown) => {
        if (!live) return;
        if (challengeEnded(error)) backRef.current(codeFailure(error));
        else setSetup({ status: 'error', message: T.enrolFailed });
      },
    );
    return () => {
      live = false;
    };
  }, [api, challenge.challenge_token, enrolling, attempt]);

  const form = useForm({
    initial: { code: '' },
    validate: (values: { code: string }) => validateCode(values, mode),
    async onSubmit(code: string) {
      const { data } = await api.verify({ challenge_token: challenge.challenge_token, code });
      if (data.recovery_codes?.length) setSignedIn(data);
      else onSignedIn(data);
    },
    onError(error) {
      if (challengeEnded(error)) {
        onBack(codeFailure(error));
        return;
      }
      return { errors: { code: codeFailure(error) } };
    },
  });

  // The step replaces the password form under the person's focus: the code field takes it.
  useEffect(() => root.current?.querySelector('input')?.focus(), [mode, setup.status]);

  if (signedIn) {
    return (
      <div className={a.form} ref={root}>
        <RecoveryCodesView codes={signedIn.recovery_codes ?? []} />
        <Button size="lg" block onClick={() => onSignedIn(signedIn)}>
          {T.continue}
        </Button>
      </div>
    );
  }

  const codeField = (
    <TextField
      label={mode === 'app' ? T.appCode : T.recoveryCode}
      autoComplete="one-time-code"
      inputMode={mode === 'app' ? 'numeric' : 'text'}
      autoCapitalize="none"
      spellCheck={false}
      maxLength={mode === 'app' ? 7 : 20}
      required
      className={a.input}
      {...form.field('code')}
    />
  );
  const backLink = (
    <div className={a.links}>
      <Button variant="link" className={a.linkButton} onClick={() => onBack()}>
        {T.back}
      </Button>
    </div>
  );

  if (enrolling) {
    return (
      <div aria-label={T.enrolTitle} role="group" ref={root}>
        <p style={PROMPT}>
          {T.enrolPrompt}
        </p>
        {setup.status === 'loading' && <LoadingState size="inline" label={T.enrolLoading} />}
        {setup.status === 'error' && (
          <AuthNotice tone="error">
            {setup.message}{' '}
            <Button variant="link" onClick={() => setAttempt((n) => n + 1)}>
              {T.retry}
            </Button>
          </AuthNotice>
        )}
        {setup.status === 'ready' && (
          <Form form={form} className={a.form} aria-label={T.enrolTitle}>
            <TotpSetupView qrSrc={setup.setup.qr_svg} secret={setup.setup.secret} />
            {codeField}
            <FormSubmit size="lg" block busyLabel={T.busy}>
              {T.enrolSubmit}
            </FormSubmit>
          </Form>
        )}
        {backLink}
      </div>
    );
  }

  const switchMode = () => {
    form.reset({ code: '' });
    setMode(mode === 'app' ? 'recovery' : 'app');
  };
  return (
    <div ref={root}>
      <Form form={form} className={a.form} aria-label={T.title}>
        <p style={PROMPT}>
          {mode === 'app' ? T.prompt : T.recoveryPrompt}
        </p>
        {codeField}
        <FormSubmit size="lg" block busyLabel={T.busy}>
          {T.submit}
        </FormSubmit>
      </Form>
      <div className={a.links}>
        <Button variant="link" className={a.linkButton} onClick={switchMode}>
          {mode === 'app' ? T.useRecovery : T.useApp}
        </Button>
      </div>
      {backLink}
    </div>
  );
}

export default TwoFactorStep;
