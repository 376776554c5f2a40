/**
 * The OpenAPI 3.1 description of the API, built from the operation catalogue (operations.ts) and
 * zod's own JSON Schema output, so no schema is written twice. The server serves it at
 * GET /api/v1/openapi.json and shows it at /api/docs; the build writes it into the package as
 * dist/openapi.json (`estatedesk/openapi.json`).
 *
 * Its own entry (`@contract/openapi` in server/), never imported by widgets: zod's JSON Schema
 * code stays out of the browser bundles.
 *
 * @example
 * const document = buildOpenApi({ isPublic: (key) => key === 'POST /api/v1/auth' });
 */
import * as z from 'zod/mini';
import * as contract from './index';
import { API_PREFIX } from './constants';
import { ANSWER_EXAMPLES } from './operationExamples';
import { OPERATION_TAGS, OPERATIONS, type Operation, operationKey } from './operations';

export { OPERATIONS, OPERATION_TAGS, findOperation, operationKey, type Operation } from './operations';
export { ANSWER_EXAMPLES } from './operationExamples';

type Json = Record<string, unknown>;
type Schema = z.core.$ZodType;

export interface OpenApiOptions {
  /** The document's version (default: the API's, `v1` of API_PREFIX). */
  version?: string;
  /** True for a call anyone may make (`security: []`), by its `METHOD /api/v1/path` key. */
  isPublic(key: string): boolean;
  /** Who may call, in words, for the call's description (the server's access table). */
  accessOf?(key: string): string | undefined;
  /** Server URL the document names (default: the API prefix, relative to where it is served). */
  serverUrl?: string;
}

/** The contract's exported schemas by object, so each becomes a named component. */
function schemaNames(): Map<unknown, string> {
  const names = new Map<unknown, string>();
  for (const [name, value] of Object.entries(contract)) {
    if (value && typeof value === 'object' && '_zod' in value && !names.has(value)) names.set(value, name);
  }
  return names;
}

/**
 * `additionalProperties: {}` (a loose object's "anything else") says nothing JSON Schema does not
 * already say by default, and reference pages render it as made-up fields: left out.
 */
function withoutOpenEnds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutOpenEnds);
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'additionalProperties' && inner && typeof inner === 'object' && !Object.keys(inner).length) continue;
    out[key] = withoutOpenEnds(inner);
  }
  return out;
}

function jsonSchemaOf(schema: Schema, io: 'input' | 'output'): Json {
  const out = withoutOpenEnds(z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' })) as Json;
  delete out.$schema;
  return out;
}

const STANDARD_ERRORS = {
  Unauthorized: { status: 401, description: 'No token, or a token that is expired, signed out or of a disabled account.', example: { status: 'Error', message: 'Unauthenticated.' } },
  Forbidden: { status: 403, description: 'A permission the call needs is missing, or the caller has no company.', example: { status: 'Error', message: 'You do not have permission to perform this action.' } },
  NotFound: { status: 404, description: 'No such record in the caller\u2019s company (another company\u2019s record answers the same).', example: { status: 'Error', message: 'Not found.' } },
  Invalid: { status: 422, description: 'The query or body was refused: `errors` names each field with its messages.', example: { status: 'Error', message: 'First name is required', errors: { first_name: ['First name is required'] } } },
  Conflict: { status: 409, description: 'The change conflicts with the current state (a stale `version`, a name or e-mail already taken, a record still in use).', example: { status: 'Error', message: 'This lead was changed by someone else. Review the latest values and save again.' } },
  TooLarge: { status: 413, description: 'An uploaded file is over its cap, or too many files were sent.', example: { status: 'Error', message: 'The file is too large.' } },
  TooMany: { status: 429, description: 'A rate or cost limit: try again after `Retry-After` seconds.', example: { status: 'Error', message: 'Too many attempts. Try again later.' } },
} as const;
type ErrorName = keyof typeof STANDARD_ERRORS;
const EXTRA: Record<409 | 413 | 429, ErrorName> = { 409: 'Conflict', 413: 'TooLarge', 429: 'TooMany' };

const oasPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');
const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);

/** Builds the document. Pure: the same catalogue gives the same document. */
export function buildOpenApi(options: OpenApiOptions): Json {
  const names = schemaNames();
  const components: Record<string, Json> = {};
  const ref = (schema: Schema, io: 'input' | 'output'): Json => {
    const name = names.get(schema);
    if (!name) return jsonSchemaOf(schema, io);
    components[name] ??= jsonSchemaOf(schema, io);
    return { $ref: `#/components/schemas/${name}` };
  };

  const paths: Record<string, Record<string, Json>> = {};
  for (const op of OPERATIONS) {
    const key = operationKey(op);
    // A call whose handler checks the token itself is open to the router but still needs one.
    const isPublic = options.isPublic(key) && !op.checksToken;
    const access = options.accessOf?.(key);
    const operation: Json = {
      operationId: operationId(op),
      tags: [op.tag],
      summary: op.summary,
      ...(op.description || access ? { description: [op.description, access && `**Who may call:** ${access}.`].filter(Boolean).join('\n\n') } : {}),
      ...(isPublic ? { security: [] } : {}),
    };
    const parameters: Json[] = pathParams(op.path).map((name) => ({ name, in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }));
    if (op.query) {
      const query = jsonSchemaOf(op.query, 'input') as { properties?: Record<string, Json>; required?: string[] };
      for (const [name, schema] of Object.entries(query.properties ?? {})) {
        parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
      }
    }
    if (parameters.length) operation.parameters = parameters;
    if (op.body) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: ref(op.body, 'input'), ...(op.example ? { example: op.example } : {}) } } };
    } else if (op.form) {
      operation.requestBody = { required: true, content: { 'multipart/form-data': { schema: formSchema(op) } } };
    }

    const responses: Record<string, Json> = {};
    const status = String(op.status ?? 200);
    if (op.file) {
      responses[status] = { description: 'The file.', content: Object.fromEntries(op.file.map((type) => [type, { schema: { type: 'string' } }])) };
    } else {
      const example = ANSWER_EXAMPLES[key];
      responses[status] = {
        description: 'Success: `status: "Success"` beside the fields below.',
        content: { 'application/json': { schema: ref(op.answer ?? contract.SuccessAnswer, 'output'), ...(example ? { example } : {}) } },
      };
    }
    const errors: ErrorName[] = [];
    if (!isPublic) errors.push('Unauthorized', 'Forbidden');
    if (pathParams(op.path).length) errors.push('NotFound');
    if (op.query || op.body || op.form) errors.push('Invalid');
    for (const code of op.errors ?? []) errors.push(EXTRA[code]);
    for (const name of errors) responses[String(STANDARD_ERRORS[name].status)] = { $ref: `#/components/responses/${name}` };
    operation.responses = responses;

    (paths[oasPath(op.path)] ??= {})[op.method.toLowerCase()] = operation;
  }

  const errorAnswer = ref(contract.ErrorAnswer, 'output');
  const responses = Object.fromEntries(
    Object.entries(STANDARD_ERRORS).map(([name, e]) => [
      name,
      {
        description: e.description,
        ...(name === 'TooMany' ? { headers: { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 1 } } } } : {}),
        content: { 'application/json': { schema: errorAnswer, example: e.example } },
      },
    ]),
  );

  return {
    openapi: '3.1.0',
    info: {
      title: 'EstateDesk API',
      version: options.version ?? API_PREFIX.split('/').pop()!,
      description:
        'The calls the EstateDesk widgets make, generated from the contract (src/contract/) the reference server validates with. ' +
        'Every success answers 2xx with `status: "Success"`; every failure 4xx/5xx with `status: "Error"` and a `message` (422 adds `errors`). ' +
        'Sign in with POST /auth (demo: admin@skyline.test / Admin@123) and send the token as `Authorization: Bearer …`.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: options.serverUrl ?? API_PREFIX }],
    security: [{ bearer: [] }],
    tags: Object.entries(OPERATION_TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The `data.token` of POST /auth.' } },
      schemas: components,
      responses,
    },
  };
}

function formSchema(op: Operation): Json {
  const form = op.form!;
  const fields = form.fields ? (jsonSchemaOf(form.fields, 'input') as { properties?: Record<string, Json>; required?: string[] }) : {};
  const properties: Record<string, Json> = { ...fields.properties };
  const required = [...(fields.required ?? [])];
  for (const [name, file] of Object.entries(form.files)) {
    const one = { type: 'string', contentMediaType: 'application/octet-stream', description: file.description };
    properties[name] = file.many ? { type: 'array', items: one, description: file.description } : one;
    if (file.required) required.push(name);
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

/** `GET /leads/:id` → `getLeadsById`: stable, unique, readable. */
function operationId(op: Operation): string {
  const words = op.path
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part))
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return op.method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}
