/**
 * The two-step registration's state (docs/product/rules.md), shared by the register mode of
 * `/login` and the simple `/register` page: the form, its step and the password checklist. Continue
 * moves to step 2 only if step 1 validates; a failed call brings back the step holding its field
 * errors.
 */
import { useState } from 'react';
import type { RegisterRequest } from '../../contract';
import { useForm, type FormApi, type FormFailure } from '../../ui/useForm';
import {
  EMPTY_REGISTER,
  stepOfErrors,
  validateRegisterStep1,
  validateRegistration,
  type PasswordPolicy,
  type RegisterStep,
  type RegisterValues,
} from './authModel';

export interface RegistrationOptions {
  policy: PasswordPolicy;
  /** Sends POST /register with the checked payload; rejects when it fails. */
  onSubmit: (payload: RegisterRequest) => Promise<void>;
  /** A failed call: toasts, and the field errors and inline message to show. */
  onError: (error: unknown) => Required<FormFailure>;
}

export interface Registration {
  form: FormApi<RegisterValues>;
  step: RegisterStep;
  policy: PasswordPolicy;
  /** Whether the "See Password Requirements" checklist is shown. */
  showRequirements: boolean;
  toggleRequirements(): void;
  /** Back to step 1, values kept. */
  back(): void;
  /** Step 1 with errors cleared and values kept (switching login modes, docs/product/rules.md). */
  restart(): void;
  /** Everything cleared (after a successful registration, docs/product/rules.md). */
  clear(): void;
}

/**
 * @example
 * const registration = useRegistration({ policy: 'simple', onSubmit: auth.register, onError: (e) => registrationFailure(e, 'simple') });
 * <RegistrationForm registration={registration} />
 */
export function useRegistration({ policy, onSubmit, onError }: RegistrationOptions): Registration {
  const [step, setStep] = useState<RegisterStep>(1);
  const [showRequirements, setShowRequirements] = useState(false);
  const form = useForm<RegisterValues, RegisterRequest | null>({
    initial: EMPTY_REGISTER,
    validate: (values) => {
      if (step === 2) return validateRegistration(values, policy);
      const checked = validateRegisterStep1(values);
      return checked.ok ? { ok: true, data: null } : checked;
    },
    onSubmit: (payload) => (payload ? onSubmit(payload) : setStep(2)),
    onError: (error) => {
      const failure = onError(error);
      setStep((current) => stepOfErrors(failure.errors, current));
      return failure;
    },
  });

  return {
    form,
    step,
    policy,
    showRequirements,
    toggleRequirements: () => setShowRequirements((open) => !open),
    back: () => {
      form.setErrors({});
      setStep(1);
    },
    restart: () => {
      form.setErrors({});
      setStep(1);
    },
    clear: () => {
      form.reset();
      setStep(1);
      setShowRequirements(false);
    },
  };
}
