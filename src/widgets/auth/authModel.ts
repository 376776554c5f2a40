/**
 * Pure logic of the sign-in screens (docs/product/rules.md, messages.md): form values, validation
 * with the contract schemas, registration's steps, and what failed calls show (field errors, inline
 * messages, toasts). The general form helpers (field errors, the schema resolver, a 422's field
 * errors) live in `src/ui`; this file keeps what only sign-in has. No React, no fetch.
 */
import * as z from 'zod/mini';
import {
  ForgotPasswordRequest,
  LoginRequest,
  MESSAGES,
  NewPassword,
  RegisterRequest,
  type ForgotPasswordRequest as ForgotPayload,
  type LoginRequest as LoginPayload,
  type RegisterRequest as RegisterPayload,
} from '../../contract';
import { isApiError, serverMessage } from '../../core';
import { firstMessages, hasErrors, serverFieldErrors, type FieldErrors, type Validation } from '../../ui/formErrors';
import { validateWith as validate } from '../../ui/schemaValidator';

export type { FieldErrors, Validation };

const A = MESSAGES.auth;
const V = MESSAGES.validation;

/** The three modes of the combined `/login` screen (docs/product/screens.md). */
export type AuthMode = 'login' | 'register' | 'forgot';

export interface LoginValues {
  username: string;
  password: string;
}
export interface ForgotValues {
  email: string;
}
/** Registration form values, named as the payload of POST /register (docs/product/data.md). */
export interface RegisterValues {
  display_name: string;
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  password_confirmation: string;
}
export interface ResetValues {
  password: string;
  password_confirmation: string;
}

export const EMPTY_LOGIN: LoginValues = { username: '', password: '' };
export const EMPTY_FORGOT: ForgotValues = { email: '' };
export const EMPTY_REGISTER: RegisterValues = {
  display_name: '',
  first_name: '',
  last_name: '',
  email: '',
  password: '',
  password_confirmation: '',
};
export const EMPTY_RESET: ResetValues = { password: '', password_confirmation: '' };

/** Registration step 1 fields, in the order of docs/product/screens.md: first name, last name, display name, email. */
export const REGISTER_STEP1_FIELDS = ['first_name', 'last_name', 'display_name', 'email'] as const;
/** Registration step 2 fields. */
export const REGISTER_STEP2_FIELDS = ['password', 'password_confirmation'] as const;

export type RegisterStep = 1 | 2;

/**
 * Which password rules a registration form applies before sending:
 * - `rules`: the login page's registration — PASSWORD_RULES, "Password does not meet all requirements" (docs/product/rules.md);
 * - `simple`: the simple `/register` page — only required, confirmation and match (docs/product/rules.md);
 *   the server still enforces the rules and its field errors are shown.
 */
export type PasswordPolicy = 'rules' | 'simple';

/** Login (docs/product/screens.md): username and password are required; the username is trimmed and lower-cased. */
export const validateLogin = (values: LoginValues): Validation<LoginPayload> => validate(LoginRequest, values);

/** Forgot password: "Email is required" / "Email is invalid". */
export const validateForgot = (values: ForgotValues): Validation<ForgotPayload> => validate(ForgotPasswordRequest, values);

const shape = RegisterRequest.shape;
/** Step 1 of registration, made of the contract's own field schemas. */
const RegisterStep1 = z.object({
  display_name: shape.display_name,
  first_name: shape.first_name,
  last_name: shape.last_name,
  email: shape.email,
});
export type RegisterStep1Data = z.infer<typeof RegisterStep1>;

/**
 * Registration step 1 (docs/product/rules.md): "Display name is required", "First name is required",
 * "Last name is required", "Email is required", "Email is invalid".
 */
export function validateRegisterStep1(values: RegisterValues): Validation<RegisterStep1Data> {
  return validate(RegisterStep1, {
    display_name: values.display_name,
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
  });
}

/**
 * Registration step 2. `rules` (login page): "Password does not meet all requirements", then
 * "Passwords do not match". `simple` (/register): "Password is required", "Please confirm your
 * password", "Passwords do not match".
 */
export function validateRegisterStep2(values: Pick<RegisterValues, 'password' | 'password_confirmation'>, policy: PasswordPolicy): FieldErrors {
  const errors: FieldErrors = {};
  const { password, password_confirmation: confirmation } = values;
  if (policy === 'rules') {
    const checked = validate(NewPassword, password);
    if (!checked.ok) errors.password = Object.values(checked.errors)[0] ?? V.passwordRequirements;
  } else if (!password) {
    errors.password = V.passwordRequired;
  }
  if (!confirmation) errors.password_confirmation = V.confirmPasswordRequired;
  else if (confirmation !== password) errors.password_confirmation = V.passwordsDoNotMatch;
  return errors;
}

/**
 * The whole registration form: both steps' errors, or the payload of POST /register with the
 * step 1 texts trimmed and the e-mail lower-cased by the contract's schemas.
 */
export function validateRegistration(values: RegisterValues, policy: PasswordPolicy): Validation<RegisterPayload> {
  const step1 = validateRegisterStep1(values);
  const errors = { ...(step1.ok ? {} : step1.errors), ...validateRegisterStep2(values, policy) };
  if (!step1.ok || hasErrors(errors)) return { ok: false, errors };
  return {
    ok: true,
    data: { ...step1.data, password: values.password, password_confirmation: values.password_confirmation },
  };
}

/** Reset password: the new password meets PASSWORD_RULES and is confirmed. */
export const validateReset = (values: ResetValues): FieldErrors => validateRegisterStep2(values, 'rules');

/** The reset form's check, as `useForm` takes it. */
export function checkReset(values: ResetValues): Validation<ResetValues> {
  const errors = validateReset(values);
  return hasErrors(errors) ? { ok: false, errors } : { ok: true, data: values };
}

/** The step that shows the first field with an error: step 1 wins, so its errors are seen. */
export function stepOfErrors(errors: FieldErrors, current: RegisterStep): RegisterStep {
  if (REGISTER_STEP1_FIELDS.some((f) => errors[f])) return 1;
  if (REGISTER_STEP2_FIELDS.some((f) => errors[f])) return 2;
  return current;
}

// ---------------------------------------------------------------------------------------------
// Failed calls → what the user sees (docs/product/messages.md).

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The server's own string message, if the failure carried one. */
const serverText = (error: unknown): string | null => serverMessage(error, '').trim() || null;

/** `message` is `{ field: [messages] }` in registration's duplicate e-mail answer (src/contract/auth.ts). */
function messageLists(error: unknown): Record<string, string[]> {
  if (!isApiError(error) || !isRecord(error.body) || !isRecord(error.body.message)) return {};
  const out: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(error.body.message)) {
    const list = (Array.isArray(value) ? value : [value]).filter((m): m is string => typeof m === 'string');
    if (list.length) out[field] = list;
  }
  return out;
}

/** Field errors of a failed sign-in call: the answer's `errors` object, then `message` lists. */
export function authFieldErrors(error: unknown): FieldErrors {
  return { ...firstMessages(messageLists(error)), ...serverFieldErrors(error) };
}

/** True when the server's e-mail messages include "The email has already been taken." (docs/product/messages.md). */
export function isEmailTaken(error: unknown): boolean {
  if (!isApiError(error)) return false;
  const lists = [messageLists(error).email, error.errors?.email];
  return lists.some((list) => list?.some((m) => m.trim() === A.emailTakenServer));
}

/** True when the server was not reached or failed on its side: worth trying again. */
export const isUnreachable = (error: unknown): boolean =>
  !isApiError(error) || error.kind === 'network' || error.status === 0 || error.status >= 500;

/** What a failed call shows: field errors, an inline message, a toast. */
export interface Failure {
  errors: FieldErrors;
  formError: string | null;
  toast: string | null;
}

/**
 * A failed sign-in: the server's message (e.g. "Invalid username or password."), else the screen's
 * fallback — "Login failed. Please try again." on /login, "An error occurred. Please try again."
 * on ADMIN LOGIN (docs/product/messages.md). Shown inline.
 */
export function loginFailure(error: unknown, fallback: string): Failure {
  return { errors: authFieldErrors(error), formError: serverText(error) ?? fallback, toast: null };
}

/**
 * A failed registration (docs/product/messages.md).
 * - `rules` (login page): duplicate e-mail → the field shows "The email has already been taken" and
 *   the toast "The email has already been taken. Please use a different email."; otherwise the toast
 *   is the server message or "Registration failed. Please try again.", with field errors from the
 *   answer or, when there are none, the general "Registration failed".
 * - `simple` (/register): field errors (duplicate e-mail included) and the server message inline,
 *   or "An error occurred. Please try again." when the answer says nothing more.
 */
export function registrationFailure(error: unknown, policy: PasswordPolicy): Failure {
  const taken = isEmailTaken(error);
  const errors = { ...authFieldErrors(error), ...(taken ? { email: A.emailTakenField } : {}) };
  if (policy === 'rules') {
    if (taken) return { errors, formError: null, toast: A.emailTakenToast };
    return {
      errors,
      formError: hasErrors(errors) ? null : A.registrationFailedGeneral,
      toast: serverText(error) ?? A.registrationFailed,
    };
  }
  const text = serverText(error);
  return { errors, formError: text ?? (hasErrors(errors) ? null : A.simpleRegistrationFailed), toast: null };
}

/** A failed forgot-password call: toast of the server message or "Failed to send reset link. Please try again.". */
export function forgotFailure(error: unknown): Failure {
  return { errors: authFieldErrors(error), formError: null, toast: serverText(error) ?? A.resetLinkFailed };
}

/** Too many attempts (429): the server's own words say more than "invalid link". */
const isThrottled = (error: unknown): boolean => isApiError(error) && error.status === 429;

/**
 * A failed password reset: the password's field errors when the server named them; otherwise the
 * link is invalid or expired — unless the server could not be reached or throttled the attempt,
 * which says nothing about the link.
 */
export function resetFailure(error: unknown): Failure {
  const { token, ...errors } = authFieldErrors(error);
  if (token) return { errors, formError: A.resetTokenInvalid, toast: null };
  if (hasErrors(errors)) return { errors, formError: null, toast: null };
  if (isUnreachable(error) || isThrottled(error)) {
    return { errors, formError: serverText(error) ?? MESSAGES.generic.serverError, toast: null };
  }
  return { errors, formError: A.resetTokenInvalid, toast: null };
}

/** A failed e-mail verification: the link is invalid or expired, unless the server was not reached. */
export function verifyFailure(error: unknown): string {
  if (isUnreachable(error) || isThrottled(error)) return serverText(error) ?? MESSAGES.generic.serverError;
  return A.verifyFailed;
}

/** A failed undo of an e-mail change: the server's reason (invalid link, old address taken), unless it was not reached. */
export function undoEmailChangeFailure(error: unknown): string {
  if (isUnreachable(error) || isThrottled(error)) return serverText(error) ?? MESSAGES.generic.serverError;
  return serverText(error) ?? A.emailChangeUndoInvalid;
}

// ---------------------------------------------------------------------------------------------
// Links.

/**
 * The `token` of a mailed link. Looked for in the router's search string, then in the query part
 * of the location (hash routing keeps `?token=` inside the fragment: `#/verify-email?token=…`).
 *
 * @example
 * tokenFrom('?token=abc') // 'abc'
 * tokenFrom('', '#/reset-password?token=abc') // 'abc'
 */
export function tokenFrom(...sources: ReadonlyArray<string | null | undefined>): string | null {
  for (const source of sources) {
    if (!source) continue;
    const at = source.indexOf('?');
    const query = at >= 0 ? source.slice(at + 1) : source.includes('=') ? source : '';
    const token = new URLSearchParams(query.split('#')[0]).get('token')?.trim();
    if (token) return token;
  }
  return null;
}
