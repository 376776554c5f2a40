/**
 * Building blocks shared by the call schemas: tolerant ids and list fields (values may arrive in
 * several forms: docs/product/data.md), the success envelope, and the error answer shape.
 */
import * as z from 'zod/mini';
import { TEXT_MAX } from './constants';
import { format, LIMIT_MESSAGES, MESSAGES, TEXT_MESSAGES } from './messages';
import { hasForbiddenCharacters, type TextLines, withoutInvisible } from './plainText';

export type { TextLines } from './plainText';

/** An id as the API may send it: a number or a numeric string. */
export const Id = z.union([z.number(), z.string()]);
export type Id = z.infer<typeof Id>;

/** A text that may be missing or null in answers. */
export const OptText = z.nullish(z.string());

/**
 * Turns a list field into a clean array. List fields may arrive as a list, JSON text
 * or comma text (docs/product/data.md); they are trimmed and empty entries dropped.
 *
 * @example parseList('Pune, Mumbai') // ['Pune', 'Mumbai']
 */
export function parseList(value: unknown): string[] {
  if (value == null) return [];
  if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter(Boolean);
  const text = String(value).trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parseList(parsed);
    } catch {
      // Not JSON after all: fall through to comma splitting.
    }
  }
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** A list field accepting an array, JSON text or comma text; always yields `string[]`. */
export const ListField = z.pipe(
  z.nullish(z.union([z.array(z.union([z.string(), z.number()])), z.string()])),
  z.transform((v) => parseList(v)),
);

/**
 * "City is too long (at most 100 characters)." — the message of a text over its cap.
 * @example tooLong('City', TEXT_MAX.place)
 */
export const tooLong = (field: string, max: number): string => format(LIMIT_MESSAGES.tooLong, { field, max });

/** The message of a list field over its caps (`TEXT_MAX.listItems` entries of `TEXT_MAX.listItem`). */
export const listTooLong = (field: string): string =>
  format(LIMIT_MESSAGES.listTooLong, { field, items: TEXT_MAX.listItems, max: TEXT_MAX.listItem });

/**
 * A text cap with its own message. A check without one would take its schema's message, which is
 * how a 101-character first name came to say "First name is required". `abort` spares a huge value
 * the checks after it (format regexes).
 * @example z.string().check(maxText('Phone', TEXT_MAX.phone))
 */
export const maxText = (field: string, max: number) => z.maxLength(max, { error: tooLong(field, max), abort: true });

/**
 * "City may not contain control or direction-override characters." — the message of a text
 * holding a character plainText.ts forbids.
 */
export const forbiddenCharacters = (field: string): string => format(TEXT_MESSAGES.forbiddenCharacters, { field });

/** The label of a text whose schema names no field. */
const ANY_FIELD = 'This field';

// The character rules of plainText.ts as checks. Zero-width characters go before any other check
// sees the text (a name of only those is then blank, so "required"); a control or direction
// character refuses the value with its own message and spares it the checks after.
const visibleOnly = (lines: TextLines) => z.overwrite((v: string) => withoutInvisible(v, lines));
const plainOnly = (field: string, lines: TextLines) =>
  z.refine<string | null>((v) => v == null || !hasForbiddenCharacters(v, lines), { error: forbiddenCharacters(field), abort: true });

/** A string schema whose message answers a missing or non-text value only, never a failed check. */
const textOr = (message: string) => z.string({ error: (issue) => (issue.code === 'invalid_type' ? message : undefined) });

/**
 * A required, trimmed, non-empty text with the given message; with a label and a cap, longer
 * values are refused as too long. Single-line unless `lines` is 'multi' (plainText.ts).
 * @example requiredText(MESSAGES.validation.firstNameRequired, 'First name', TEXT_MAX.name)
 */
export const requiredText = (message: string = MESSAGES.validation.fieldRequired, field?: string, max?: number, lines: TextLines = 'single') =>
  textOr(message).check(
    visibleOnly(lines),
    z.trim(),
    ...(field && max ? [maxText(field, max)] : []),
    plainOnly(field ?? ANY_FIELD, lines),
    z.minLength(1, message),
  );

/**
 * An optional text: trimmed; empty becomes null so the database never stores ''. With a label and
 * a cap, longer values (after trimming) are refused as too long. Single-line unless `lines` is
 * 'multi' (plainText.ts).
 * @example optionalText('City', TEXT_MAX.place)
 */
export const optionalText = (field?: string, max?: number, lines: TextLines = 'single') => {
  const text = z.pipe(
    z.nullish(z.string()),
    z.transform((v) => {
      const t = v == null ? v : withoutInvisible(v, lines).trim();
      return t ? t : null;
    }),
  );
  const plain = plainOnly(field ?? ANY_FIELD, lines);
  return field && max ? text.check(z.refine((v) => v == null || v.length <= max, { error: tooLong(field, max), abort: true }), plain) : text.check(plain);
};

/**
 * An optional, trimmed, single-line text that keeps null and blank as sent (the route decides
 * what they mean), at most `max` characters.
 * @example cappedText('First name', TEXT_MAX.name)
 */
export const cappedText = (field: string, max: number) =>
  z.optional(z.nullable(z.string().check(visibleOnly('single'), z.trim(), maxText(field, max), plainOnly(field, 'single'))));

/** An e-mail address, trimmed, lower-cased, at most `TEXT_MAX.email` characters. */
export const emailText = (required = MESSAGES.validation.emailRequired, invalid = MESSAGES.validation.emailInvalid) =>
  textOr(required).check(z.trim(), z.toLowerCase(), maxText('Email', TEXT_MAX.email), z.minLength(1, required), z.email(invalid));

/**
 * A list field (`ListField`) of at most `TEXT_MAX.listItems` single-line entries of
 * `TEXT_MAX.listItem` characters.
 */
export const cappedList = (field: string) =>
  ListField.check(
    z.overwrite((list: string[]) => list.map((item) => withoutInvisible(item).trim()).filter(Boolean)),
    z.refine((list) => list.length <= TEXT_MAX.listItems && list.every((item) => item.length <= TEXT_MAX.listItem), { error: listTooLong(field), abort: true }),
    z.refine((list) => !list.some((item) => hasForbiddenCharacters(item)), forbiddenCharacters(field)),
  );

/** A whole number that may arrive as numeric text (form posts, multipart, query strings). */
/** The largest id a row may have: ids are 32-bit integers in both engines' tables. */
export const ROW_ID_MAX = 2_147_483_647;

export const IntLike = z.pipe(
  z.union([z.number(), z.string().check(z.trim(), z.regex(/^-?\d+$/, 'Must be a whole number'))]),
  z.transform((v) => Number(v)),
).check(z.refine((n) => Number.isSafeInteger(n), 'Must be a whole number'));

/** A number that may arrive as numeric text. */
export const NumberLike = z.pipe(
  z.union([z.number(), z.string().check(z.trim(), z.regex(/^-?\d+(\.\d+)?$/, 'Must be a number'))]),
  z.transform((v) => Number(v)),
).check(z.refine((n) => Number.isFinite(n), 'Must be a number'));

/** `status: "Success"` beside an answer's fields (docs/architecture.md, "How calls answer"). */
export const SUCCESS = 'Success' as const;
export const ERROR = 'Error' as const;

/** Every successful answer carries `status: "Success"` and may carry a message. */
export const SuccessAnswer = z.looseObject({
  status: z.optional(z.string()),
  message: z.optional(z.unknown()),
});
export type SuccessAnswer = z.infer<typeof SuccessAnswer>;

/**
 * Every failure: HTTP 4xx/5xx with a message; validation failures (422) add `errors`,
 * `{ field: [messages] }`. Registration's duplicate e-mail sends `message: { email: [...] }` (the register call, auth.ts).
 */
export const ErrorAnswer = z.looseObject({
  status: z.optional(z.string()),
  message: z.optional(z.union([z.string(), z.record(z.string(), z.array(z.string()))])),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type ErrorAnswer = z.infer<typeof ErrorAnswer>;

/** Field errors of a failed parse, in the answer's `errors` shape. */
export function fieldErrors(error: z.core.$ZodError): Record<string, string[]> {
  const flat = z.flattenError(error);
  const out: Record<string, string[]> = {};
  for (const [key, list] of Object.entries(flat.fieldErrors as Record<string, string[] | undefined>)) {
    if (list?.length) out[key] = list;
  }
  if (flat.formErrors.length) out._ = flat.formErrors;
  return out;
}

/** Query of paged lists: numbers arrive as text; the server caps absurd sizes. */
export const PageQuery = z.object({
  pageSize: z.optional(IntLike),
  pageNumber: z.optional(IntLike),
  search: z.optional(z.string()),
});
