/**
 * Field errors as every form shows them, and the one mapping of a failed call's 422 `errors`
 * (`{ field: [messages] }`, normalised by the API client's `ApiError`) onto them. Pure: no React.
 */

/** One message per field: the first one the schema or the server gave. */
export type FieldErrors = Partial<Record<string, string>>;

/** The outcome of checking a form: the payload to send, or field errors (and a message for a toast). */
export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors; message?: string };

/**
 * The first non-blank message of each field.
 *
 * @example
 * firstMessages({ email: ['', 'Email is invalid'] }) // { email: 'Email is invalid' }
 */
export function firstMessages(errors: Readonly<Record<string, readonly unknown[] | undefined>> | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, list] of Object.entries(errors ?? {})) {
    const first = list?.find((m): m is string => typeof m === 'string' && m.trim() !== '');
    if (first) out[field] = first;
  }
  return out;
}

/** True when at least one field has a message. */
export const hasErrors = (errors: FieldErrors): boolean => Object.values(errors).some(Boolean);

/**
 * The field errors a failed call carried (a 422's `errors`), first message per field; `{}` for
 * any other failure. Read structurally, so the UI kit needs nothing from the API client.
 *
 * @example
 * serverFieldErrors(new ApiError({ ..., body: { errors: { email: ['Taken.'] } } })) // { email: 'Taken.' }
 */
export function serverFieldErrors(error: unknown): FieldErrors {
  const errors = typeof error === 'object' && error !== null ? (error as { errors?: unknown }).errors : undefined;
  return typeof errors === 'object' && errors !== null && !Array.isArray(errors)
    ? firstMessages(errors as Record<string, unknown[]>)
    : {};
}
