/**
 * Two-factor sign-in on the Security tab: its state (loading, error, off, on), turning it on (the
 * set-up's QR code and key, then the first code with the password, then the recovery codes once),
 * new recovery codes and turning it off (each after the password and a code), and for a company
 * admin whose sign-in needs it in the company.
 * Loaded with the Security tab only.
 */
import { useState, type ReactElement } from 'react';
import { MESSAGES, TWO_FACTOR_POLICIES, type TwoFactorPolicy, type TwoFactorSetup, type TwoFactorStatus } from '../../contract';
import { isApiError } from '../../core';
import { useQuery, useToast } from '../../runtime';
import { useQueryCache } from '../../runtime/useQueryCache';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ErrorState } from '../../ui/ErrorState';
import { Form } from '../../ui/Form';
import { FormSubmit } from '../../ui/FormSubmit';
import { LoadingState } from '../../ui/LoadingState';
import { PasswordField } from '../../ui/PasswordField';
import { RecoveryCodesView } from '../../ui/RecoveryCodesView';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { TotpSetupView } from '../../ui/TotpSetupView';
import { useForm } from '../../ui/useForm';
import { accountKeys, useAccountApi } from './accountApi';
import { accountStyles } from './accountStyles';

const TF = MESSAGES.twoFactor;

export const TWO_FACTOR_TEXT = {
  title: 'Two-factor sign-in',
  hint: 'After your password, sign-in asks for a code from an authenticator app on your phone.',
  loading: 'Loading two-factor sign-in...',
  failed: 'Two-factor sign-in could not be loaded.',
  off: 'Off',
  on: 'On',
  required: 'Required by your company',
  turnOn: 'Turn on two-factor sign-in',
  starting: 'Preparing...',
  startFailed: 'The set-up could not be started. Please try again.',
  code: 'Code from the app',
  password: 'Current password',
  confirm: 'Confirm and turn on',
  confirming: 'Confirming...',
  cancel: 'Cancel',
  done: 'Done',
  turnOff: 'Turn off',
  turningOff: 'Turning off...',
  offCode: 'Code from the app or a recovery code',
  codesLeft: (n: number) => `${n} recovery code${n === 1 ? '' : 's'} left.`,
  renew: 'New recovery codes',
  renewing: 'Creating...',
  renewHint: 'Ten new codes replace the ones you have; the old ones stop working at once.',
  requiredNote: 'Your company requires two-factor sign-in, so it stays on.',
  policyTitle: 'Require two-factor sign-in in your company',
  policyLabel: 'Who must use it',
  policyHint: 'People it covers who have not set it up are walked through it at their next sign-in.',
  policySave: 'Save requirement',
  policySaving: 'Saving...',
  policyNames: { off: 'Nobody (each person chooses)', admins: 'Company admins', everyone: 'Everyone in the company' } as Record<TwoFactorPolicy, string>,
} as const;
const T = TWO_FACTOR_TEXT;

/** The server's own words for a refused call, or the fallback. */
const reason = (error: unknown, fallback: string) => (isApiError(error) && error.fromServer && error.message ? error.message : fallback);
/** A 422's field errors, first message each, for the form. */
const fieldErrors = (error: unknown): Record<string, string> =>
  isApiError(error) && error.errors ? Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0] ?? ''])) : {};

type Stage = { kind: 'idle' } | { kind: 'setup'; setup: TwoFactorSetup } | { kind: 'codes'; codes: string[] } | { kind: 'renew' };

function EnableForm({ setup, onEnabled, onCancel }: { setup: TwoFactorSetup; onEnabled(codes: string[]): void; onCancel(): void }) {
  const s = accountStyles();
  const api = useAccountApi();
  return (
    <div className={s.stack} style={{ paddingTop: 0 }}>
      <TotpSetupView qrSrc={setup.qr_svg} secret={setup.secret} />
      <ProofForm
        label={T.turnOn}
        submitLabel={T.confirm}
        busyLabel={T.confirming}
        codeLabel={T.code}
        appCodeOnly
        variant="primary"
        send={async (payload) => onEnabled(await api.enableTwoFactor(payload))}
        onCancel={onCancel}
      />
    </div>
  );
}

interface ProofFormProps {
  /** The form's name for assistive technology, and its button unless `submitLabel` is given. */
  label: string;
  submitLabel?: string;
  busyLabel: string;
  variant: 'primary' | 'danger' | 'secondary';
  /** The code field's label; by default an app's code or a recovery code. */
  codeLabel?: string;
  /** Only a 6-digit code from the app (confirming a set-up: there are no recovery codes yet). */
  appCodeOnly?: boolean;
  /** The call the password and code prove; its failure shows on the fields or the form. */
  send(payload: { code: string; password: string }): Promise<void>;
  onCancel?(): void;
}

/** The password and a code, asked to confirm a set-up, to turn two-factor off or to make new recovery codes. */
function ProofForm({ label, submitLabel = label, busyLabel, variant, codeLabel = T.offCode, appCodeOnly = false, send, onCancel }: ProofFormProps) {
  const s = accountStyles();
  const form = useForm({
    initial: { code: '', password: '' },
    validate: (values: { code: string; password: string }) => {
      const code = appCodeOnly ? values.code.replace(/\s/g, '') : values.code.trim();
      const errors: Record<string, string> = {};
      if (appCodeOnly ? !/^\d{6}$/.test(code) : !code) errors.code = TF.codeRequired;
      if (!values.password) errors.password = MESSAGES.validation.currentPasswordRequired;
      return Object.keys(errors).length ? { ok: false, errors } : { ok: true, data: { code, password: values.password } };
    },
    onSubmit: send,
    onError: (error) => ({ errors: fieldErrors(error), formError: Object.keys(fieldErrors(error)).length ? null : reason(error, TF.codeInvalid) }),
  });
  return (
    <Form form={form} aria-label={label}>
      <div className={s.stack} style={{ paddingTop: 0, maxWidth: 440 }}>
        <PasswordField label={T.password} required autoComplete="current-password" {...form.field('password')} />
        <TextField label={codeLabel} required autoComplete="one-time-code" inputMode="numeric" maxLength={appCodeOnly ? 7 : undefined} {...form.field('code')} />
      </div>
      {form.formError && (
        <p className={s.error} role="alert">
          {form.formError}
        </p>
      )}
      <div className={s.actions} style={{ justifyContent: 'flex-start' }}>
        <FormSubmit variant={variant} busyLabel={busyLabel}>
          {submitLabel}
        </FormSubmit>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {T.cancel}
          </Button>
        )}
      </div>
    </Form>
  );
}

function PolicyForm({ policy }: { policy: TwoFactorPolicy }) {
  const s = accountStyles();
  const api = useAccountApi();
  const toast = useToast();
  const cache = useQueryCache();
  const form = useForm({
    initial: { policy },
    onSubmit: async (values: { policy: TwoFactorPolicy }) => {
      const saved = await api.saveTwoFactorPolicy(values.policy);
      cache.setData<TwoFactorStatus>(accountKeys.twoFactor, (old) => ({ ...old, company_policy: saved, required: saved !== 'off' }));
      toast.success(TF.policySaved);
    },
    onError: (error) => ({ formError: reason(error, TF.policyInvalid) }),
  });
  return (
    <Form form={form} aria-label={T.policyTitle}>
      <h4 className={s.sectionTitle} style={{ fontSize: 14, marginTop: 16 }}>
        {T.policyTitle}
      </h4>
      <div style={{ maxWidth: 440 }}>
        <SelectField
          label={T.policyLabel}
          hint={T.policyHint}
          options={TWO_FACTOR_POLICIES.map((value) => ({ value, label: T.policyNames[value] }))}
          {...(form.field('policy') as object)}
        />
      </div>
      {form.formError && (
        <p className={s.error} role="alert">
          {form.formError}
        </p>
      )}
      <div className={s.actions} style={{ justifyContent: 'flex-start' }}>
        <FormSubmit variant="secondary" busyLabel={T.policySaving}>
          {T.policySave}
        </FormSubmit>
      </div>
    </Form>
  );
}

export function TwoFactorSection(): ReactElement {
  const s = accountStyles();
  const api = useAccountApi();
  const toast = useToast();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const status = useQuery(accountKeys.twoFactor, (signal) => api.twoFactor(signal));

  const start = async () => {
    setStarting(true);
    setStartError(null);
    try {
      setStage({ kind: 'setup', setup: await api.startTwoFactor() });
    } catch (error) {
      setStartError(reason(error, T.startFailed));
    } finally {
      setStarting(false);
    }
  };

  let body: ReactElement;
  const data = status.data;
  if (status.status === 'error' && !data) body = <ErrorState message={T.failed} onRetry={status.refetch} />;
  else if (!data) body = <LoadingState size="inline" label={T.loading} />;
  else if (stage.kind === 'codes')
    body = (
      <div className={s.stack} style={{ paddingTop: 0 }}>
        <RecoveryCodesView codes={stage.codes} />
        <div className={s.actions} style={{ justifyContent: 'flex-start' }}>
          <Button onClick={() => setStage({ kind: 'idle' })}>{T.done}</Button>
        </div>
      </div>
    );
  else if (stage.kind === 'setup')
    body = (
      <EnableForm
        setup={stage.setup}
        onCancel={() => setStage({ kind: 'idle' })}
        onEnabled={(codes) => {
          setStage({ kind: 'codes', codes });
          toast.success(TF.enabled);
          void status.refetch();
        }}
      />
    );
  else if (data.enabled && stage.kind === 'renew')
    body = (
      <div className={s.stack} style={{ paddingTop: 0 }}>
        <p className={s.hint} style={{ margin: 0 }}>
          {T.renewHint}
        </p>
        <ProofForm
          label={T.renew}
          busyLabel={T.renewing}
          variant="secondary"
          onCancel={() => setStage({ kind: 'idle' })}
          send={async (payload) => {
            setStage({ kind: 'codes', codes: await api.renewRecoveryCodes(payload) });
            toast.success(TF.recoveryCodesRenewed);
            void status.refetch();
          }}
        />
      </div>
    );
  else if (data.enabled)
    body = (
      <div className={s.stack} style={{ paddingTop: 0 }}>
        <p className={s.hint} style={{ margin: 0 }}>
          {T.codesLeft(data.recovery_codes_left)} {data.required && T.requiredNote}
        </p>
        <div>
          <Button variant="secondary" onClick={() => setStage({ kind: 'renew' })}>
            {T.renew}
          </Button>
        </div>
        {!data.required && (
          <ProofForm
            label={T.turnOff}
            busyLabel={T.turningOff}
            variant="danger"
            send={async (payload) => {
              await api.disableTwoFactor(payload);
              toast.success(TF.disabled);
              void status.refetch();
            }}
          />
        )}
      </div>
    );
  else
    body = (
      <div>
        {startError && (
          <p className={s.error} role="alert">
            {startError}
          </p>
        )}
        <Button busy={starting} busyLabel={T.starting} onClick={start}>
          {T.turnOn}
        </Button>
      </div>
    );

  return (
    <section aria-labelledby="ed-two-factor-title" data-section="two-factor">
      <h3 id="ed-two-factor-title" className={s.sectionTitle}>
        {T.title}{' '}
        {data && (
          <Badge colour={data.enabled ? 'green' : 'grey'}>
            {data.enabled ? T.on : T.off}
          </Badge>
        )}{' '}
        {data?.required && <Badge colour="orange">{T.required}</Badge>}
      </h3>
      <p className={s.hint}>{T.hint}</p>
      {body}
      {data?.company_policy && <PolicyForm policy={data.company_policy} />}
    </section>
  );
}

export default TwoFactorSection;
