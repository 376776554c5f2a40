/**
 * The two-step registration form (SPEC §2 "Registration", §4, §5), shared by the register mode of
 * `/login` (password policy `rules`) and the simple `/register` page (policy `simple`).
 * Step 1: first name, last name, display name, email, Continue. Step 2: password and confirmation,
 * the toggleable "See Password Requirements" checklist, Back and Register.
 * The state lives with the screen (a `registrationReducer`), so the screen can reset it.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactElement } from 'react';
import type { RegisterRequest } from '../../contract';
import { Button } from '../../ui/Button';
import { css, lazyStyles } from '../../ui/css';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';
import { tint, v } from '../../ui/theme';
import {
  REGISTER_STEP1_FIELDS,
  REGISTER_STEP2_FIELDS,
  validateRegistration,
  type RegisterValues,
  type RegistrationAction,
  type RegistrationState,
} from './authModel';
import { AuthNotice } from './AuthNotice';
import { authStyles } from './authStyles';
import { AUTH_TEXT } from './authText';
import { PasswordChecklist } from './PasswordChecklist';

const T = AUTH_TEXT.register;

const styles = lazyStyles(() => ({
  stepper: css`
    display: grid;
    gap: 8px;
    margin-bottom: 2px;
  `,
  stepText: css`
    display: flex;
    justify-content: space-between;
    gap: 8px;
    font-size: 13px;
    color: ${v('muted')};
  `,
  stepName: css`
    font-weight: 600;
    color: ${v('text')};
  `,
  bars: css`
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: 6px;
  `,
  bar: css`
    height: 4px;
    border-radius: 2px;
    background: ${tint('text', 12)};
    transition: background-color 0.2s;
  `,
  barDone: css`
    background: ${v('accent')};
  `,
}));

export interface RegistrationFormProps {
  state: RegistrationState;
  dispatch: (action: RegistrationAction) => void;
  /** True while the registration call is in flight: Register shows its busy label. */
  busy: boolean;
  /** Called with the validated payload of POST /register; resolves when the call is done. */
  onSubmit: (payload: RegisterRequest) => Promise<void>;
}

const FIELD_ORDER = [...REGISTER_STEP1_FIELDS, ...REGISTER_STEP2_FIELDS] as const;

/**
 * The registration form.
 *
 * @example
 * const [state, dispatch] = useReducer(registrationReducer, 'simple', initialRegistration);
 * <RegistrationForm state={state} dispatch={dispatch} busy={busy} onSubmit={register} />
 */
export function RegistrationForm({ state, dispatch, busy, onSubmit }: RegistrationFormProps): ReactElement {
  const a = authStyles();
  const s = styles();
  const { values, errors, step } = state;
  const inputs = useRef<Partial<Record<keyof RegisterValues, HTMLInputElement | null>>>({});
  // Bumped after every attempt (Continue, Register, a failed call) so focus moves to the first
  // field with an error once, not again while the user types.
  const [attempt, setAttempt] = useState(0);
  const shownStep = useRef(step);

  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    inputs.current[step === 1 ? REGISTER_STEP1_FIELDS[0] : REGISTER_STEP2_FIELDS[0]]?.focus();
  }, [step]);

  useEffect(() => {
    if (attempt === 0) return;
    const first = FIELD_ORDER.find((field) => errors[field] && inputs.current[field]);
    if (first) inputs.current[first]?.focus();
    // Only a new attempt moves focus; `errors` is read as of that attempt, on purpose.
  }, [attempt]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (step === 1) {
      dispatch({ type: 'continue' });
      setAttempt((n) => n + 1);
      return;
    }
    const checked = validateRegistration(values, state.policy);
    if (!checked.ok) {
      dispatch({ type: 'failed', errors: checked.errors });
      setAttempt((n) => n + 1);
      return;
    }
    await onSubmit(checked.data);
    setAttempt((n) => n + 1);
  };

  const field = (name: keyof RegisterValues) => ({
    name,
    value: values[name],
    error: errors[name],
    className: a.input,
    ref: (el: HTMLInputElement | null) => {
      inputs.current[name] = el;
    },
    onChange: (event: { target: { value: string } }) => dispatch({ type: 'edit', field: name, value: event.target.value }),
  });

  return (
    <form className={a.form} onSubmit={submit} noValidate aria-label={T.title}>
      <div className={s.stepper}>
        <div className={s.stepText}>
          <span className={s.stepName}>{step === 1 ? T.step1 : T.step2}</span>
          <span>{T.stepOf(step)}</span>
        </div>
        <div className={s.bars} aria-hidden="true">
          <span className={`${s.bar} ${s.barDone}`} />
          <span className={step === 2 ? `${s.bar} ${s.barDone}` : s.bar} />
        </div>
      </div>

      {state.formError && <AuthNotice tone="error">{state.formError}</AuthNotice>}

      {step === 1 ? (
        <>
          <div className={a.row}>
            <TextField label={T.first_name} autoComplete="given-name" required {...field('first_name')} />
            <TextField label={T.last_name} autoComplete="family-name" required {...field('last_name')} />
          </div>
          <TextField label={T.display_name} hint={T.displayNameHint} autoComplete="organization" required {...field('display_name')} />
          <TextField label={T.email} type="email" autoComplete="email" inputMode="email" required {...field('email')} />
          <Button type="submit" size="lg" block>
            {T.continue}
          </Button>
        </>
      ) : (
        <>
          <PasswordField label={T.password} autoComplete="new-password" required {...field('password')} />
          <PasswordChecklist
            password={values.password}
            toggle
            open={state.showRequirements}
            onToggle={() => dispatch({ type: 'toggleRequirements' })}
          />
          <PasswordField label={T.password_confirmation} autoComplete="new-password" required {...field('password_confirmation')} />
          <div className={a.actions}>
            <Button variant="secondary" size="lg" onClick={() => dispatch({ type: 'back' })} disabled={busy}>
              {T.back}
            </Button>
            <Button type="submit" size="lg" busy={busy} busyLabel={T.busy}>
              {T.submit}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}
