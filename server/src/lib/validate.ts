/**
 * Request validation with the contract's zod/mini schemas. Unknown fields are refused (422), not
 * silently dropped, so a client sending a misspelt field learns it has no effect. Fields the server
 * owns are the exception: a PUT accepts the object its GET returned (docs/architecture.md, "What a
 * server accepts"), so those are taken and ignored.
 */
import type * as z from 'zod/mini';
import { fieldErrors, MESSAGES } from '@contract';
import { invalid } from './http-error';

interface Def {
  type: string;
  shape?: Record<string, unknown>;
  catchall?: { _zod: { def: Def } };
  in?: { _zod: { def: Def } };
}

/** The keys an object schema takes, or null when it takes any (loose, catchall, not an object). */
function allowedKeys(schema: z.core.$ZodType): Set<string> | null {
  const def = schema._zod.def as unknown as Def;
  if (def.type === 'pipe' && def.in) return allowedKeys(def.in as unknown as z.core.$ZodType);
  if (def.type !== 'object' || !def.shape) return null;
  if (def.catchall && def.catchall._zod.def.type !== 'never') return null;
  return new Set(Object.keys(def.shape));
}

/**
 * Fields every resource's answers carry but no call sets: ids, the company, timestamps. Routes
 * add their own (computed names, the status name, role and avatar where the call does not set them).
 */
export const SERVER_OWNED_FIELDS = ['id', '_id', 'company_id', 'created_at', 'updated_at'] as const;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Parses `input` with `schema` or throws a 422 whose `errors` maps each field to its messages.
 *
 * @example const body = parse(LoginRequest, request.body);
 */
export function parse<S extends z.core.$ZodType>(
  schema: S,
  input: unknown,
  options: { allowExtra?: readonly string[] } = {},
): z.infer<S> {
  const keys = allowedKeys(schema);
  if (keys && isPlainObject(input)) {
    const unknown = Object.keys(input).filter((k) => !keys.has(k) && !options.allowExtra?.includes(k));
    if (unknown.length) {
      throw invalid(Object.fromEntries(unknown.map((k) => [k, [MESSAGES.generic.unknownField]])));
    }
  }
  if (keys && !isPlainObject(input)) {
    throw invalid({ _: [MESSAGES.generic.invalidInput] });
  }
  const result = (schema as unknown as z.ZodMiniType).safeParse(input);
  if (!result.success) throw invalid(fieldErrors(result.error));
  return result.data as z.infer<S>;
}

/** Parses only the listed keys, dropping `allowExtra` keys first (fields a form sends but the call ignores). */
export function omitKeys<T extends Record<string, unknown>>(input: T, drop: readonly string[]): T {
  const out = { ...input };
  for (const key of drop) delete out[key];
  return out;
}
