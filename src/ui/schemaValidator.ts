/**
 * The forms' resolver: a contract schema (zod/mini) checks the values and its messages — the
 * product's words, kept in `src/contract` — become field errors. Smaller than a resolver package,
 * and it is the same parse the server runs.
 */
import * as z from 'zod/mini';
import { fieldErrors } from '../contract/common';
import { firstMessages, type Validation } from './formErrors';

/**
 * Checks `values` with `schema`: the parsed payload, or the first message of each field.
 *
 * @example
 * validateWith(LoginRequest, { username: '', password: '' }) // { ok: false, errors: { username: 'Username is required', ... } }
 */
export function validateWith<S extends z.core.$ZodType>(schema: S, values: unknown): Validation<z.output<S>> {
  const parsed = z.safeParse(schema, values);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: firstMessages(fieldErrors(parsed.error)) };
}

/**
 * A `validate` option for `useForm` built from a schema.
 *
 * @example
 * const form = useForm({ initial: { email: '' }, validate: schemaValidator(ForgotPasswordRequest), onSubmit });
 */
export const schemaValidator =
  <S extends z.core.$ZodType>(schema: S) =>
  (values: unknown): Validation<z.output<S>> =>
    validateWith(schema, values);
