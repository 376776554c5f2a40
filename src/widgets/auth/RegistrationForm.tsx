/**
 * The two-step registration form (docs/product/screens.md, "Registration";
 * docs/product/rules.md), shared by the register mode of
 * `/login` (password policy `rules`) and the simple `/register` page (policy `simple`).
 * Step 1: first name, last name, display name, email, Continue. Step 2: password and confirmation,
 * the toggleable "See Password Requirements" checklist, Back and Register.
 * The state lives with the screen (`useRegistration`), so the screen can reset it.
 */
import { useEffect, useRef, type ReactElement } from 'react';
import { Button } from '../../ui/Button';
import { css, lazyStyles } from '../../ui/css';
import { Form } from '../../ui/Form';
import { FormSubmit } from '../../ui/FormSubmit';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';
import { tint, v } from '../../ui/theme';
import type { RegisterValues } from './authModel';
import { AuthNotice } from './AuthNotice';
import { authStyles } from './authStyles';
import { AUTH_TEXT } from './authText';
import { PasswordChecklist } from './PasswordChecklist';
import type { Registration } from './useRegistration';

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
  /** The state, kept by the screen (`useRegistration`) so that the screen can reset it. */
  registration: Registration;
  /** Take the focus when it appears (the person chose Register while the form was still loading). */
  focusFirst?: boolean;
}

/**
 * The registration form.
 *
 * @example
 * const registration = useRegistration({ policy: 'simple', onSubmit, onError });
 * <RegistrationForm registration={registration} />
 */
export function RegistrationForm({ registration, focusFirst = false }: RegistrationFormProps): ReactElement {
  const a = authStyles();
  const s = styles();
  const { form, step } = registration;
  const shownStep = useRef(step);
  const fields = useRef<HTMLDivElement>(null);

  // A new step replaces the fields under the keyboard user's focus: move it to the step's first one.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    fields.current?.querySelector('input')?.focus();
  }, [step]);
  useEffect(() => {
    if (focusFirst && !fields.current?.contains(document.activeElement)) fields.current?.querySelector('input')?.focus();
    // Only when it first appears.
  }, []);

  const field = (name: keyof RegisterValues) => ({ ...form.field(name), className: a.input });

  return (
    <Form form={form} className={a.form} aria-label={T.title}>
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

      {form.formError && <AuthNotice tone="error">{form.formError}</AuthNotice>}

      {step === 1 ? (
        <div className={a.form} ref={fields}>
          <div className={a.row}>
            <TextField label={T.first_name} autoComplete="given-name" required {...field('first_name')} />
            <TextField label={T.last_name} autoComplete="family-name" required {...field('last_name')} />
          </div>
          <TextField label={T.display_name} hint={T.displayNameHint} autoComplete="organization" required {...field('display_name')} />
          <TextField label={T.email} type="email" autoComplete="email" inputMode="email" required {...field('email')} />
          <FormSubmit size="lg" block>
            {T.continue}
          </FormSubmit>
        </div>
      ) : (
        <div className={a.form} ref={fields}>
          <PasswordField label={T.password} autoComplete="new-password" required {...field('password')} />
          <PasswordChecklist
            password={form.values.password}
            toggle
            open={registration.showRequirements}
            onToggle={registration.toggleRequirements}
          />
          <PasswordField label={T.password_confirmation} autoComplete="new-password" required {...field('password_confirmation')} />
          <div className={a.actions}>
            <Button variant="secondary" size="lg" onClick={registration.back} disabled={form.busy}>
              {T.back}
            </Button>
            <FormSubmit size="lg" busyLabel={T.busy}>
              {T.submit}
            </FormSubmit>
          </div>
        </div>
      )}
    </Form>
  );
}
